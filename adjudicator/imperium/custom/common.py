"""Code-backed rules both editions use: maker harvest, Conflict control, a chosen option's price,
the Signet Ring card, Manipulate (the Intrigue card and Helena Richese's leader ability)."""

from __future__ import annotations

from ..costs import pay_cost
from ..game import Game, ms_add
from ..leaders import signet_effects
from ..registry import choice, custom, fire, hook
from ..steps import prepend, push_choice


@custom("harvest")
def harvest(g: Game, task: dict, step: dict) -> None:
    """Maker spaces: the printed spice plus all bonus spice that built up on the space."""
    space = g.state["turn"]["space"]
    bonus = g.state["board"]["bonus_spice"].get(space, 0)
    g.state["board"]["bonus_spice"][space] = 0
    g.gain(task["player"], {"spice": step["spice"] + bonus})
    g.rulings.append("makers.bonus-spice")
    fire("harvest", g, task["player"], step["spice"] + bonus)


@custom("control")
def control(g: Game, task: dict, step: dict) -> None:
    g.state["board"]["control"][step["space"]] = task["player"]
    g.state["board"]["control"] = dict(sorted(g.state["board"]["control"].items()))
    g.rulings += ["control.bonus", "control.marker-replace"]


@custom("pay-now")
def pay_now(g: Game, task: dict, step: dict) -> None:
    pay_cost(g, task["player"], step["cost"], task["src"])


@custom("signet-ring")
def signet_ring(g: Game, task: dict, step: dict) -> None:
    """The Signet Ring's agent box is the leader's Signet Ring ability."""
    g.rulings.append("leader.signet-ring")
    prepend(task, list(signet_effects(g, task["player"])))


@hook("agent-box")
def _signet_box(g: Game, pid: str, card: str) -> list | None:
    """The Signet Ring card's agent box is its player's leader's Signet Ring."""
    return signet_effects(g, pid) if card == "signet-ring" else None


@hook("agent-box-rulings")
def _signet_rulings(g: Game, pid: str, card: str) -> list | None:
    return ["leader.signet-ring"] if card == "signet-ring" else None


# --- Manipulate ---------------------------------------------------------------------------------
@custom("manipulate")
def manipulate_start(g: Game, task: dict, step: dict) -> None:
    if g.state["row"]:
        # "other_means": the card may still be acquired by another effect, at its full cost
        # (Dune: Imperium FAQ, Helena Richese)
        push_choice(g, task, "row", **({"other_means": True} if step.get("other_means") else {}))


@choice("row", lambda g, task: [{"card": c} for c in sorted(set(g.state["row"]))], ("intrigue.manipulate",))
def _manipulate_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    manipulate(g, task["player"], given["card"], task.get("other_means", False))


def manipulate(g: Game, pid: str, card: str, other_means: bool = False) -> None:
    """Manipulate: the card leaves the Imperium Row (which is refilled) and waits for `pid`'s
    Reveal turn this round, where it may be bought for 1 persuasion less; if it is not bought
    by the end of that Reveal turn it leaves the game."""
    st = g.state
    st["row"].remove(card)
    st.setdefault("manipulated", []).append({"card": card, "player": pid, "round": st["round"],
                                             **({"other_means": True} if other_means else {})})
    if st["imperium_deck"]["cards"]:
        g.push({"t": "chance", "kind": "refill-row"})
    g.rulings.append("intrigue.manipulate")


def _held_for(g: Game, pid: str, by: str) -> list[dict]:
    """The cards Manipulate set aside for `pid` that may be acquired `by` persuasion (this round,
    1 less) or by an effect (only with Helena's `other_means`, at the full cost)."""
    return [m for m in g.state.get("manipulated", []) if m["player"] == pid
            and (m["round"] == g.state["round"] if by == "persuasion" else m.get("other_means"))]


@hook("set-aside-offers")
def _set_aside_offers(g: Game, pid: str, by: str) -> list[str]:
    return [m["card"] for m in _held_for(g, pid, by)]


@hook("take-set-aside")
def _take_set_aside(g: Game, pid: str, card: str, by: str) -> bool | None:
    held = next((m for m in _held_for(g, pid, by) if m["card"] == card), None)
    if held is None:
        return None
    g.state["manipulated"].remove(held)
    g.rulings.append("intrigue.manipulate" if by == "persuasion" else "leader.helena-richese")
    return True


@hook("card-price")
def _set_aside_price(price: int, g: Game, pid: str, card: str, set_aside: bool) -> int:
    return price - 1 if set_aside else price  # Manipulate: the card set aside for you costs 1 less


@hook("reveal-turn-end")
def _expire_manipulated(g: Game, pid: str) -> None:
    """A card set aside by Manipulate and not bought by the end of that Reveal turn leaves the
    game (Dune: Imperium FAQ, Helena Richese's Manipulate)."""
    st = g.state
    gone = [m for m in st.get("manipulated", []) if m["player"] == pid]
    if gone:
        st["manipulated"] = [m for m in st["manipulated"] if m["player"] != pid]
        for m in gone:
            ms_add(st.setdefault("removed_cards", []), m["card"])
        g.rulings.append("intrigue.manipulate")
