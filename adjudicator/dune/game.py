"""The state of a classic Dune game as plain JSON data, and the helpers every rule module uses
to read and change it. Players are the log's ids; each plays one faction (`faction(pid)`).

Forces on the map are `map[location][player] = count`; spice on the map is
`spice[location] = amount`; a player's forces off the map are `reserves` and `tanks` counts.
Decks are multisets (sorted lists): a draw is a chance outcome, never a shuffled order."""

from __future__ import annotations

from ..core.engine import Table
from .content import HMS, SECTORS, Content, content, sector, territory
from .elite import shift

# The bank is finite only so that spice can be counted: far more than a game ever uses
# (ruling dune.engine-spice-bank).
SPICE_TOTAL = 1000


class Game(Table):
    def __init__(self, state: dict, cnt: Content | None = None):
        super().__init__(state)
        self.c = cnt or content()
        self.map_version = 0  # bumped whenever forces move (`add_forces`): keys what `memo` keeps
        self.memo: dict = {}  # answers kept while the map is unchanged (battle.contests)

    @property
    def advanced(self) -> bool:
        """The advanced game (`--modules advanced`, ruling dune.advanced-game)."""
        return "advanced" in self.state["game"]["modules"]

    # --- players --------------------------------------------------------------------------
    def p(self, pid: str) -> dict:
        return self.state["players"][pid]

    def faction(self, pid: str) -> str:
        return self.state["players"][pid]["faction"]

    def player_of(self, faction: str) -> str | None:
        return next((q for q in self.seats if self.faction(q) == faction), None)

    @property
    def seats(self) -> list[str]:
        return self.state["game"]["seats"]

    @property
    def order(self) -> list[str]:
        """Storm order (ruling dune.storm-order), fixed in the Storm phase."""
        return self.state["order"]

    # --- forces and spice ---------------------------------------------------------------
    def forces(self, loc: str, pid: str) -> int:
        return self.state["map"].get(loc, {}).get(pid, 0)

    def add_forces(self, loc: str, pid: str, n: int) -> None:
        self.map_version += 1
        here = self.state["map"].setdefault(loc, {})
        here[pid] = here.get(pid, 0) + n
        if here[pid] == 0:
            del here[pid]
        if not here:
            del self.state["map"][loc]
        advisors = self.p(pid).get("advisors")
        if advisors and territory(loc) in advisors and not self.forces_in(territory(loc), pid):
            advisors.remove(territory(loc))  # the last advisor there died or left

    def to_tanks(self, loc: str, pid: str, n: int, kinds=None) -> None:
        shift(self, pid, loc, "tanks", n, kinds)  # the special forces among them (advanced game)
        self.add_forces(loc, pid, -n)
        self.p(pid)["tanks"] += n

    def locations_of(self, terr: str) -> list[str]:
        here = self.state["map"]
        if terr in self.c.sites:  # a territory's few locations, not a scan of the map
            return [loc for loc in self.c.sites[terr] if loc in here]
        return sorted(loc for loc in here if territory(loc) == terr)

    @property
    def strongholds(self) -> tuple[str, ...]:
        """The board's strongholds, and the Hidden Mobile Stronghold where the Ixians sit (expansion)."""
        return self.c.strongholds + ((HMS,) if "hms" in self.state else ())

    def is_place(self, loc) -> bool:
        """A board location, or the Hidden Mobile Stronghold once it points at one."""
        return isinstance(loc, str) and (loc in self.c.graph or (
            loc == HMS and bool(self.state.get("hms", {}).get("points_at"))))

    def in_storm(self, loc: str) -> bool:
        return sector(loc) == self.state["storm"]

    def combatant(self, terr: str, pid: str, outside_storm: bool = False) -> bool:
        """Does `pid`'s presence in a territory count: forces there that are not Bene Gesserit
        advisors (advanced game: `players[pid]["advisors"]`, the territories where all theirs are
        advisors; ruling dune.bene-gesserit-advisors). Advisors never fight, collect spice, hold or
        fill a stronghold, grant ornithopters nor make a territory occupied: every such rule asks
        this one question (battles, victory, the occupancy limit, collection, ornithopters)."""
        return bool(self.forces_in(terr, pid, outside_storm)) and terr not in self.p(pid).get("advisors", ())

    def occupants(self, terr: str, outside_storm: bool = False) -> list[str]:
        """The players whose forces in a territory count (`combatant`), in seat order."""
        return [q for q in self.present(terr) if self.combatant(terr, q, outside_storm)]

    def present(self, terr: str) -> list[str]:
        """The players with any forces in a territory, advisors too (explosions kill them all).
        A player with none somewhere has no entry there (`add_forces`), so the locations' players are
        read, not each player's sum."""
        here = self.state["map"]
        found = {q for loc in self.locations_of(terr) for q in here[loc]}
        return [q for q in self.seats if q in found]

    def forces_in(self, terr: str, pid: str, outside_storm: bool = False) -> int:
        return sum(self.forces(loc, pid) for loc in self.locations_of(terr)
                   if not (outside_storm and self.in_storm(loc)))

    def pay(self, pid: str, amount: int, to: str | None = None) -> None:
        """Spice from a player to another player or (to=None) to the bank."""
        self.p(pid)["spice"] -= amount
        if to is None:
            self.state["bank"] += amount
        else:
            self.p(to)["spice"] += amount

    def gain(self, pid: str, amount: int) -> None:
        amount = min(amount, self.state["bank"])
        self.state["bank"] -= amount
        self.p(pid)["spice"] += amount

    def remove_spice(self, loc: str) -> None:
        self.state["bank"] += self.state["spice"].pop(loc, 0)


def storm_key(state: dict, pid: str) -> int:
    """How far counterclockwise the storm is from a player's marker: the marker the storm
    reaches next comes first; one the storm sits on comes last."""
    return (state["players"][pid]["marker"] - state["storm"] - 1) % SECTORS
