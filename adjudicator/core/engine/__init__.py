"""The one engine kernel both rule systems run on (docs/ARCHITECTURE.md, "The kernel").

- `table.py`: `Table`, one action's hold on a state: the task stack (`top`, `push`,
  `finish`) and what the action produced (rulings, hidden and unimplemented notes), turned
  into the verdict's `Outcome`.
- `kinds.py`: `Kinds`, a registry of named kinds (decisions, chance outcomes, nodes, …): one
  object per name, registered once.
- `hooks.py`: `Hooks`, the places where a card, faction or module changes a general rule;
  a listener that belongs to a module runs only when that module is in play.
- `modules.py`: `Module`, an expansion as one object (its name, editions, what it combines
  with, when it is in play), and `Modules`, a rule system's list of them in load order;
  `Playing`, a state past its setup, which keeps the modules in play once found.
- `zones.py`: `Zones`, the state's canonical bytes kept zone by zone and re-serialised after a
  write only (the zones' containers mark their writes); a rollback keeps the unwritten zones.
- `awaited.py`: which of the chance outcomes awaited at once a recorded outcome answers.
- `positions.py`: the positions protocol, `Part` (a module's part of reading, filling, cutting
  and auditing a position) and `Parts` (a rule system's parts, looped over in a fixed order).

The kernel imports no rule system; a rule system keeps only its rules.
"""

from .awaited import awaited_index, bring_up
from .hooks import Hooks
from .kinds import Kinds
from .modules import Module, Modules, Playing
from .positions import Part, Parts
from .table import Table

__all__ = ["Hooks", "Kinds", "Module", "Modules", "Part", "Parts", "Playing", "Table", "awaited_index", "bring_up"]
