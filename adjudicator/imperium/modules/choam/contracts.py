"""CHOAM contracts (Uprising rulebook, the CHOAM module): a contract a player holds is completed
when its condition is met, its reward then resolving. An `agent_on` contract joins the Agent
turn as a node (`contract:<id>`), resolved among its other effects; `acquire`, `harvest_spice`
and `immediate` contracts complete at once. The contract choice itself is `custom/uprising.py`'s
(Shaddam's Sardaukar contracts are his own); Bloodlines adds contracts completed other ways
(`modules/bloodlines/cards.py`); completing one is `zones.complete_contract`.

Loaded before `custom/triggers.py`, whose leader abilities answer the same events after these."""

from __future__ import annotations

from ...game import Game
from ...registry import hook, node_kind
from ...zones import complete_contract


def _contracts(g: Game, pid: str, key: str):
    for cid in list(g.p(pid)["contracts"]):
        cond = g.content.contracts[cid]["condition"]
        if key in cond:
            yield cid, cond[key]


@node_kind("contract")
def _resolve_contract(g: Game, pid: str, ident: str, node: str) -> None:
    complete_contract(g, pid, ident)


@hook("contract-taken", module="choam")
def _contract_taken(g: Game, pid: str, cid: str) -> None:
    if g.content.contracts[cid]["condition"].get("immediate"):
        complete_contract(g, pid, cid)


@hook("agent-sent", module="choam")
def _agent_sent(g: Game, pid: str, space_id: str) -> list[str]:
    """The contracts completed by sending an Agent here: nodes of this Agent turn, resolved among
    its other effects in the order the player records (a contract held twice: `#2`)."""
    done = [cid for cid, target in _contracts(g, pid, "agent_on") if target == space_id]
    return [f"contract:{cid}" + (f"#{done[:i].count(cid) + 1}" if cid in done[:i] else "")
            for i, cid in enumerate(done)]


@hook("acquired", module="choam")
def _acquired(g: Game, pid: str, card: str) -> None:
    for cid, target in _contracts(g, pid, "acquire"):
        if target == card:
            complete_contract(g, pid, cid)


@hook("harvest", module="choam")
def _harvest(g: Game, pid: str, amount: int) -> None:
    for cid, least in _contracts(g, pid, "harvest_spice"):
        if amount >= least:
            complete_contract(g, pid, cid)
