"""Immortality (issue #12): the Bene Tleilax board, specimens, Tleilaxu cards and Family Atomics
(rulebook pp. 4-9, 12, 16). Graft is in `graft.py`; the pieces' state in `board.py`.

- Setup (pp. 4-5): the tracks' tokens at their start, 2 spice on the Tleilaxu track's Victory
  Point space, the Tleilaxu Row dealt as chance outcomes (`refill-tleilaxu-row`), empty tanks, one
  Family Atomics token each; Experimentation in the starting deck (`content.starting_deck`); the
  revised Research Station (`content.overlays`, `Game.space`).
- `research`: one space right along the track's links (the `research` choice when there are
  two), the space's bonus at once; after the second genetic marker a card drawn instead.
- `tleilaxu`: the token one space on, the entered space's bonus; the first to reach the Victory
  Point space takes the spice placed there.
- `specimen`: a troop from the supply into the Axolotl tanks; `pay-specimens` spends them.
- `acquire-tleilaxu` (verb, Reveal turn): a Row card or Reclaimed Forces paid in specimens only.
- `family-atomics` (verb, once per game in one's turn): the Imperium Row replaced.

Whose pieces an effect moves is `holder` (hook `tleilaxu-holder`: a six-player Commander's
activated Ally, modules/six_players/immortality.py) and how many genetic markers a player counts is
`genetic_markers` (hook `genetic-markers`: a Commander's most advanced Ally's); the player of the
effect still decides and gains the bonuses of the spaces entered.
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...chance import face_up_kind
from ...deck import put_on_top
from ...game import Game, ms_add, ms_remove, my_turn
from ...registry import Verb, adjust, choice, custom, first, hook, verb
from ...steps import prepend, push_choice, run
from ...timing import blocking_edge
from .board import MODULE, ROW, board, markers, new_board_state, reclaimed_forces, research_spaces

SKIP = {"option": "skip"}
PAY = {"option": "pay"}


def holder(g: Game, pid: str, piece: str = "tracks") -> str:
    """Whose research and Tleilaxu tokens (`piece` "tracks") or Axolotl tanks ("tanks") an effect
    of `pid` moves: his own, or in a six-player Commander's turn his activated Ally's (hook
    `tleilaxu-holder`)."""
    return adjust("tleilaxu-holder", pid, g, piece)


def genetic_markers(g: Game, pid: str) -> int:
    """The genetic markers `pid` counts for card effects and the deck-top option: his research
    token's, or a six-player Commander's most advanced Ally's (hook `genetic-markers`)."""
    return adjust("genetic-markers", markers(g.content, g.p(pid)), g, pid)


def may_put_on_top(g: Game, pid: str) -> bool:
    """A Tleilaxu card acquired may go on top of the deck: from the first genetic marker, or by a
    standing rule for every card acquired (Rise of Ix's Spaceport, p. 14: hook `deck-top-always`)."""
    return genetic_markers(g, pid) >= 1 or bool(first("deck-top-always", g, pid))


# --- setup ---------------------------------------------------------------------------------------
@hook("setup", module="immortality")
def _setup(g: Game) -> None:
    g.state["tleilaxu"] = new_board_state(g.content)
    start = board(g.content)["research_track"]["start"]
    for pid in g.order:
        pl = g.p(pid)
        pl["research"], pl["tleilaxu"], pl["atomics"] = start, 0, True
        pl["troops"]["tanks"] = 0
    g.push(*({"t": "chance", "kind": "refill-tleilaxu-row"} for _ in range(ROW)))
    g.rulings.extend(("immortality.setup-board", "immortality.setup-tleilaxu-row", "immortality.starting-deck",
                      "immortality.setup-imperium-cards", "immortality.setup-intrigue",
                      "immortality.setup-research-station", "atomics.setup"))
    if g.state["game"]["edition"] == "uprising":
        g.rulings.append("immortality.with-uprising")


face_up_kind("refill-tleilaxu-row", lambda st: st["tleilaxu"]["deck"], lambda st: st["tleilaxu"]["row"],
             ("tleilaxu-cards.row",), "{card} is not in the Tleilaxu deck.")


# --- specimens (p. 8) -------------------------------------------------------------------------------
@custom("specimen")
def specimen(g: Game, task: dict, step: dict) -> None:
    """A troop from the supply into the tanks per specimen; none left in the supply, none made."""
    troops = g.p(holder(g, task["player"], "tanks"))["troops"]
    n = min(step.get("count", 1), troops["supply"])
    troops["supply"] -= n
    troops["tanks"] += n
    g.rulings.append("specimens.generate")


def spend_specimens(g: Game, pid: str, n: int) -> None:
    troops = g.p(pid)["troops"]
    troops["tanks"] -= n
    troops["supply"] += n
    g.rulings.append("specimens.spend")


def _return_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [{"count": n} for n in range(1, g.p(pid)["troops"]["tanks"] + 1)]


def _return_specimens(g: Game, task: dict, pid: str, a: dict) -> None:
    """Specimens sent back to the supply at will (p. 8), e.g. to have troops to recruit."""
    n, tanks = a.get("count"), g.p(pid)["troops"]["tanks"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= tanks:
        raise IllegalAction("specimens.return-count", "{seat} has {have} specimen(s) in the Axolotl tanks: {count} "
                            "cannot go back to the supply.", ("specimens.return",),
                            params={"seat": pid, "have": tanks, "count": str(n)})
    spend_specimens(g, pid, n)
    g.rulings.append("specimens.return")


# at any time (p. 8): whenever the game waits for a decision, anyone's; offered in one's own turn
verb(Verb("return-specimens", ("turn", "agent", "reveal"), _return_offers, _return_specimens,
          ("specimens.return",), any_time=True, module=MODULE))


def _pay_offers(g: Game, task: dict) -> list[dict]:
    return [PAY, SKIP] if g.p(holder(g, task["player"], "tanks"))["troops"]["tanks"] >= task["count"] else [SKIP]


@choice("pay-specimens", _pay_offers, ("specimens.spend",))
def _pay_specimens(g: Game, task: dict, given: dict, below: dict) -> None:
    spend_specimens(g, holder(g, task["player"], "tanks"), task["count"])
    run(g, task["player"], task["then"], task["src"])


@custom("pay-specimens")
def pay_specimens(g: Game, task: dict, step: dict) -> None:
    """A price in specimens: paid or declined (never paid with anything else)."""
    if g.p(holder(g, task["player"], "tanks"))["troops"]["tanks"] >= step["count"]:
        push_choice(g, task, "pay-specimens", count=step["count"], then=list(step["then"]))


# --- the research track (p. 6) ----------------------------------------------------------------------
@custom("research")
def research(g: Game, task: dict, step: dict) -> None:
    pid, pl = task["player"], g.p(holder(g, task["player"]))
    track = board(g.content)["research_track"]
    following = research_spaces(g.content)[pl["research"]]["next"]
    if markers(g.content, pl) >= len(track["genetic_markers"]) or not following:
        g.rulings.append("research.second-marker-draw")
        prepend(task, list(track["after_second_marker"]))
    elif len(following) == 1:
        advance_research(g, pid, following[0], task["src"])
    else:
        push_choice(g, task, "research", options=list(following))


def advance_research(g: Game, pid: str, space: str, src: str) -> None:
    """The token `pid`'s effect moves (`holder`) goes to `space`; `pid` gains its bonus."""
    pl = g.p(holder(g, pid))
    before = markers(g.content, pl)
    pl["research"] = space
    g.rulings += ["research.advance", "research.bonus"]
    if markers(g.content, pl) > before:
        g.rulings.append("research.genetic-markers")
    run(g, pid, research_spaces(g.content)[space]["bonus"], src)


def _research_refusal(g: Game, task: dict, given: dict) -> IllegalAction | None:
    own = first("research-refusal", g, task, given)  # another player's token moves (six players)
    if own is not None:
        return own
    pl, target = g.p(holder(g, task["player"])), given.get("research")
    spaces = research_spaces(g.content)
    if target not in spaces:
        return None
    here, there = spaces[pl["research"]]["column"], spaces[target]["column"]
    return IllegalAction("research.not-forward", "{target} is not one step right of {research}: the research token "
                         "moves only one column right (from column {here}, not to column {there}), never up, down "
                         "or back.", ("research.advance",),
                         params={"target": target, "research": pl["research"], "here": here, "there": there})


@choice("research", lambda g, task: [{"research": s} for s in task["options"]], ("research.advance",),
        why_not=_research_refusal)
def _research_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    advance_research(g, task["player"], given["research"], task["src"])


@custom("if-genetic-markers")
def if_genetic_markers(g: Game, task: dict, step: dict) -> None:
    if genetic_markers(g, task["player"]) >= step["at_least"]:
        g.rulings.append("research.genetic-markers")
        prepend(task, list(step["then"]))


# --- the Tleilaxu track (p. 7) ----------------------------------------------------------------------
@custom("tleilaxu")
def tleilaxu(g: Game, task: dict, step: dict) -> None:
    """One space at a time, each entered space's bonus gained before the next move."""
    pl, spaces = g.p(holder(g, task["player"])), board(g.content)["tleilaxu_track"]["spaces"]
    g.rulings.append("tleilaxu.advance")
    steps = []
    if pl["tleilaxu"] + 1 < len(spaces):
        pl["tleilaxu"] += 1
        steps = list(spaces[pl["tleilaxu"]]["bonus"])
    if step.get("count", 1) > 1:
        steps.append({"custom": "tleilaxu", "count": step["count"] - 1})
    prepend(task, steps)


@custom("tleilaxu-first-spice")
def tleilaxu_first_spice(g: Game, task: dict, step: dict) -> None:
    t = g.state["tleilaxu"]
    g.rulings.append("tleilaxu.vp-space")
    if t["spice"]:
        g.gain(task["player"], {"spice": t["spice"]})
        t["spice"] = 0


# --- Tleilaxu cards (pp. 8-9) --------------------------------------------------------------------------
def _in_reveal(g: Game, task: dict) -> bool:
    return blocking_edge(g.state["turn"], "acquire") is None


def _tleilaxu_offers(g: Game, task: dict, pid: str) -> list[dict]:
    tanks = g.p(holder(g, pid, "tanks"))["troops"]["tanks"]
    out = []
    for card in [*sorted(set(g.state["tleilaxu"]["row"])), reclaimed_forces(g.content)]:
        if g.content.tleilaxu[card]["specimen_cost"] <= tanks:
            out.append({"card": card})
            if g.content.tleilaxu[card]["type"] == "tleilaxu" and may_put_on_top(g, pid):
                out.append({"card": card, "top": True})
    return out


def _acquire_tleilaxu(g: Game, task: dict, pid: str, a: dict) -> None:
    if blocking_edge(g.state["turn"], "acquire") is not None:
        raise IllegalAction("timing.out-of-order", "Cards are acquired after the reveal.", ("acquire.during-reveal",))
    buy_tleilaxu(g, pid, a)


def buy_tleilaxu(g: Game, pid: str, a: dict) -> None:
    """A Tleilaxu Row card (or Reclaimed Forces' effect) for its specimen cost (pp. 8-9), paid
    from the tanks of `holder`; the card is `pid`'s."""
    t, card, pl, payer = g.state["tleilaxu"], a.get("card"), g.p(pid), holder(g, pid, "tanks")
    tanks = g.p(payer)["troops"]["tanks"]
    forces = reclaimed_forces(g.content)
    if card not in t["row"] and card != forces:
        raise IllegalAction("tleilaxu.not-in-row", "{card} is not in the Tleilaxu Row ({row_cards}).",
                            ("tleilaxu-cards.row", "tleilaxu-cards.not-imperium-row"),
                            params={"card": str(card), "row_cards": [*t["row"], forces]})
    cost = g.content.tleilaxu[card]["specimen_cost"]
    if cost > tanks:
        raise IllegalAction("tleilaxu.specimen-cost", "{card} costs {cost} specimen(s), and {seat} has {have} in the "
                            "Axolotl tanks (Solari, spice and Persuasion never pay for a Tleilaxu card).",
                            ("specimens.spend", "tleilaxu-cards.like-imperium"),
                            params={"card": card, "cost": cost, "seat": payer, "have": tanks})
    if a.get("top") and (card == forces or not may_put_on_top(g, pid)):
        raise IllegalAction("tleilaxu.deck-top", "{seat} may put a Tleilaxu card acquired on top of the deck only "
                            "once the research token reached the first genetic marker.",
                            ("research.first-marker-deck-top",), params={"seat": pid})
    spend_specimens(g, payer, cost)
    data = g.content.tleilaxu[card]
    if card == forces:  # its effect only: the card stays in the Row (p. 9)
        g.rulings.append("tleilaxu-cards.reclaimed-forces")
        run(g, pid, data.get("acquire", []), f"acquire:{card}")
        return
    ms_remove(t["row"], card)
    if a.get("top"):
        put_on_top(pl["deck"], card)
        g.rulings.append("research.first-marker-deck-top")
    else:
        ms_add(pl["discard"], card)
    g.rulings += ["tleilaxu-cards.like-imperium", "tleilaxu-cards.row"]
    if t["deck"]:
        g.push({"t": "chance", "kind": "refill-tleilaxu-row"})
    run(g, pid, data.get("acquire", []), f"acquire:{card}")


verb(Verb("acquire-tleilaxu", ("reveal",), _tleilaxu_offers, _acquire_tleilaxu, ("specimens.spend",),
          accepts=_in_reveal, module=MODULE))


def _row_choice_offers(g: Game, task: dict) -> list[dict]:
    return [*_tleilaxu_offers(g, task, task["player"]), SKIP]


@choice("tleilaxu-card", _row_choice_offers, ("specimens.spend", "tleilaxu-cards.row"))
def _row_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    buy_tleilaxu(g, task["player"], given)


@custom("acquire-tleilaxu-card")
def acquire_tleilaxu_card(g: Game, task: dict, step: dict) -> None:
    """Harvest Cells: you may acquire a Tleilaxu Row card (or Reclaimed Forces) for its specimens."""
    push_choice(g, task, "tleilaxu-card")


@hook("acquire-refusal", module="immortality")
def _not_with_persuasion(g: Game, pid: str, card: str, a: dict) -> IllegalAction | None:
    if card in g.content.tleilaxu:
        return IllegalAction("tleilaxu.specimens-only", "{card} is a Tleilaxu card: it is acquired from the Tleilaxu "
                             "Row for specimens (acquire-tleilaxu), never for Persuasion or spice.",
                             ("tleilaxu-cards.not-imperium-row", "specimens.spend"), params={"card": card})
    if a.get("top"):  # the genetic marker puts Tleilaxu cards on top, never an Imperium card (pp. 6, 16)
        return IllegalAction("tleilaxu.deck-top", "{card} is no Tleilaxu card: reaching the first genetic marker lets "
                             "only Tleilaxu cards acquired go on top of the deck; it goes to the discard pile.",
                             ("research.first-marker-deck-top", "acquire.to-discard"), params={"card": card})
    return None


# --- Family Atomics (p. 12) ----------------------------------------------------------------------------
def _atomics_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [{}] if g.p(pid).get("atomics") else []


def _family_atomics(g: Game, task: dict, pid: str, a: dict) -> None:
    pl, st = g.p(pid), g.state
    if not pl.get("atomics"):
        raise IllegalAction("atomics.once", "{seat} has spent the Family Atomics token already: once per game.",
                            ("atomics.use",), params={"seat": pid})
    pl["atomics"] = False
    removed = st.setdefault("removed_cards", [])
    for card in st["row"]:
        ms_add(removed, card)
    st["row"] = []
    deal = min(g.content.rules["row"], len(st["imperium_deck"]["cards"]))
    g.push(*({"t": "chance", "kind": "refill-row"} for _ in range(deal)))
    g.rulings.append("atomics.use")


verb(Verb("family-atomics", ("turn", "agent", "reveal"), _atomics_offers, _family_atomics, ("atomics.use",),
          module=MODULE))



# --- Tleilaxu Puppet ----------------------------------------------------------------------------------
@custom("reveal-persuasion-this-round")
def reveal_persuasion(g: Game, task: dict, step: dict) -> None:
    """Persuasion for this round's Reveal turn: at once when it is under way, else when it comes."""
    pid = task["player"]
    if my_turn(g, pid).get("kind") == "reveal":
        g.gain(pid, {"persuasion": step["amount"]})
    elif not g.p(pid)["revealed"]:
        g.p(pid)["puppet"] = g.p(pid).get("puppet", 0) + step["amount"]


@hook("revealed", module="immortality")
def _puppet_persuasion(g: Game, pid: str) -> None:
    if g.p(pid).get("puppet"):
        g.gain(pid, {"persuasion": g.p(pid).pop("puppet")})
