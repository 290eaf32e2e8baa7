"""Cards, troops, Agents and spies moving between zones because of an effect: trash, discard,
acquire, deploy / retreat, recall an Agent, place or recall a spy. A card's "trashed",
"discarded" and "acquire" boxes fire from here."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .deck import identify, put_on_top, take_from_deck
from .game import Game, ms_add, my_turn, post_of, spy_owners
from .registry import ask, fire, first
from .steps import others, run, source_card

MOVES = {"retreat": ("conflict", "garrison"), "deploy": ("garrison", "conflict"),
         "defend": ("supply", "conflict")}


# --- cards -------------------------------------------------------------------------------------
def trash_card(g: Game, pid: str, card: str, zone: str) -> None:
    """Trash a card from one of `pid`'s zones ("deck" for a card looked at on top of it; "row"
    for an Imperium Row card `pid` trashes, Usurp's, which is not refilled here).
    A Reserve card goes back to its Reserve stack; a card with a "trashed" box fires it."""
    pl = g.p(pid)
    held = pl["deck"]["cards"] if zone == "deck" else g.state["row"] if zone == "row" else pl[zone]
    if card not in held:
        raise IllegalAction("card.not-in-zone", "{card} is not in the {zone} of {seat}.", ("deck.trash",),
                            params={"card": card, "zone": zone, "seat": pid})
    if zone == "deck":
        take_from_deck(pl["deck"], card)
    else:
        held.remove(card)
    data = g.content.cards.get(card, {})
    if data.get("type") == "reserve":
        g.state["reserve"][card] = g.state["reserve"].get(card, 0) + 1
    else:
        ms_add(pl["trashed"], card)
    turn = my_turn(g, pid)
    if turn:
        turn["last_trashed"] = card
    fire("card-trashed", g, pid, card)
    if data.get("trashed"):
        run(g, pid, data["trashed"], f"trashed:{card}")


def trash_candidates(g: Game, pid: str, spec: dict, src: str) -> list[dict]:
    pl = g.p(pid)
    out = []
    for zone in spec.get("from", ["hand", "discard", "play"]):
        cards = pl[zone]
        if zone == "play" and spec.get("other"):
            cards = others(cards, source_card(src))
        for c in sorted(set(cards)):
            if c == "?":  # a face-down card: whichever card the answer names, if it could be there
                out.append({"card": c, "zone": zone})
                continue
            data = g.content.cards.get(c, {})
            if "faction" in spec and spec["faction"] not in data.get("factions", []):
                continue
            if (data.get("cost") or 0) < spec.get("min_cost", 0):
                continue
            out.append({"card": c, "zone": zone})
    return out


def discard_card(g: Game, pid: str, card: str) -> None:
    """Discard a card from hand; a card with a "discarded" box fires it (only a discard from
    the hand counts, not the clean-up at the end of the Reveal turn)."""
    pl = g.p(pid)
    identify(g, pid, "hand", card)
    pl["hand"].remove(card)
    ms_add(pl["discard"], card)
    turn = my_turn(g, pid)
    if turn:
        turn["last_discarded"] = card
    fire("card-discarded", g, pid, card)
    data = g.content.cards.get(card, {})
    if data.get("discarded"):
        run(g, pid, data["discarded"], f"discarded:{card}")


def acquirable(g: Game, pid: str, spec: dict) -> list[str]:
    """Cards an effect may acquire: the Row, the Reserve (not a card only its icon gives, such as
    Foldspace) and any card set aside that an effect may take (hook "set-aside-offers")."""
    st, pl = g.state, g.p(pid)
    names = sorted(set(st["row"]) | {c for c, n in st["reserve"].items()
                                     if n > 0 and g.content.cards[c].get("buyable", True)}
                   | {c for found in ask("set-aside-offers", g, pid, "effect") for c in found}
                   | {c for found in ask("market-offers", g, pid) for c in found})
    out = []
    for c in names:
        cost = g.content.cards[c]["cost"] or 0
        if "cost" in spec and cost != spec["cost"]:
            continue
        if "max_cost" in spec and cost > spec["max_cost"]:
            continue
        if spec.get("pay") == "solari" and cost > pl["solari"]:
            continue
        out.append(c)
    return out


def acquire_card(g: Game, pid: str, card: str, to: str = "discard", pay: str | None = None) -> None:
    """Acquire a card from the Imperium Row or the Reserve by an effect (not with persuasion)."""
    st, pl = g.state, g.p(pid)
    data = g.content.cards[card]
    if pay == "solari":
        g.pay(pid, {"solari": data["cost"] or 0}, ("card.acquire-effect",))
    if to == "deck-top":  # Bypass Protocol: the card goes on top of the deck, known to be there
        put_on_top(pl["deck"], card)
        g.rulings.append("deck.known-top")
    else:
        ms_add(pl["hand" if to == "hand" else "discard"], card)
    g.rulings.append("card.acquire-effect")
    turn = my_turn(g, pid)
    if to == "hand" and turn.get("kind") == "reveal":  # a card reaching the hand now is revealed
        reveal_drawn(g, pid, [card])
    run(g, pid, data.get("acquire", []), f"acquire:{card}")
    fire("acquired", g, pid, card)
    if card in st["row"]:
        st["row"].remove(card)
        if st["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings.append("acquire.row-refill")
    elif st["reserve"].get(card, 0) > 0 and data.get("buyable", True):
        st["reserve"][card] -= 1
    elif first("take-from-market", g, pid, card):
        pass  # a row only some players buy from (hook "market-offers")
    elif not first("take-set-aside", g, pid, card, "effect"):
        raise IllegalAction("acquire.not-available", "{card} cannot be acquired now.", ("acquire.cost",),
                            params={"card": card})


def pay_intrigue(g: Game, pid: str, card: str, trash: bool) -> None:
    identify(g, pid, "intrigue", card)
    g.p(pid)["intrigue"].remove(card)
    if trash:
        ms_add(g.state.setdefault("intrigue_trashed", []), card)
    else:
        ms_add(g.state["intrigue_discard"], card)


def look_move(g: Game, pid: str, card: str, dest: str) -> None:
    """A card looked at on top of the deck goes to the hand, the discard pile or the trash."""
    pl = g.p(pid)
    pl["looking"].remove(card)
    if not pl["looking"]:
        del pl["looking"]
    if dest == "trash":
        trash_card(g, pid, card, "deck")
        return
    take_from_deck(pl["deck"], card)
    ms_add(pl["hand" if dest == "hand" else "discard"], card)


def reveal_drawn(g: Game, pid: str, cards: list[str]) -> None:
    """Cards that reach the hand during a Reveal turn are revealed as well; their reveal boxes
    join the turn."""
    pl, turn = g.p(pid), g.state["turn"]
    g.rulings.append("reveal.draw-during-reveal")
    for card in cards:
        pl["hand"].remove(card)
        ms_add(pl["play"], card)
        ms_add(turn.setdefault("revealed", []), card)
        if g.content.cards.get(card, {}).get("reveal"):
            base = f"reveal:{card}"
            copies = sum(1 for n in turn["nodes"] if n.split("#")[0] == base)
            node = base + (f"#{copies + 1}" if copies else "")
            turn["nodes"].insert(turn["nodes"].index("acquire"), node)
            turn["edges"] += [["reveal", node, "card.agent-or-reveal"], [node, "end", "timing.effects-before-end"]]


# --- troops and Agents ------------------------------------------------------------------------
def move_troops(g: Game, pid: str, move: str, n: int) -> None:
    troops = g.p(pid)["troops"]
    src, dst = MOVES[move]
    troops[src] -= n
    troops[dst] += n
    if move == "deploy" and n:
        count_deployed(g, pid, n, troops=n)
    if move == "retreat" and n:
        fire("troops-left-conflict", g, pid, n)


def count_deployed(g: Game, pid: str, n: int, troops: int = 0) -> None:
    """Units deployed to the Conflict on `pid`'s own turn are counted on the turn ("when you
    deploy three units in one turn"); before an Agent is sent or the cards revealed (a Plot
    Intrigue card at the start of the turn) on the pending `turn` task, carried into the turn.
    `troops`: how many of the `n` are troops (hook `troops-deployed`: "for each troop you deploy")."""
    turn = g.state.get("turn")
    if not turn or turn["player"] != pid:
        turn = next((t for t in reversed(g.state["stack"]) if t["t"] == "turn" and t["player"] == pid), None)
        if turn is None:
            return
    before = turn.get("deployed", 0)
    turn["deployed"] = before + n
    fire("units-deployed", g, pid, before, turn["deployed"])
    if troops:
        fire("troops-deployed", g, pid, troops)


def recall_agent(g: Game, pid: str, space: str) -> None:
    lift_agent(g, pid, space)
    g.rulings.append("recall.agents")


def agents_on(g: Game, space_id: str) -> list[str]:
    return [q for q in g.order if space_id in g.p(q)["placed"]]


def space_closed(g: Game, pid: str, space: dict, card_id: str | None, infiltrate: str | None = None
                 ) -> IllegalAction | None:
    """Whether `space` is closed to `pid`'s Agent: a rule that forbids it (hook "placement-check":
    The Voice, a mode's own spaces), the player's own Agent there, another's. Asked by every
    placement, a player's (with the card played) and a Rival's (no card)."""
    space_id = space["id"]
    for err in ask("placement-check", g, pid, space_id, card_id):
        return err
    if space_id in g.p(pid)["placed"] and not first("may-join-own", g, pid, space, card_id):
        return IllegalAction("agent.space-occupied", "{seat} already has an Agent on {space}: a space one's own "
                             "Agent holds stays closed, infiltrating or not.",
                             ("agent.space-occupied", "spy.infiltrate"), params={"seat": pid, "space": space_id})
    holder = g.state["board"]["occupied"].get(space_id)
    if holder is not None and not (infiltrate and holder != pid) and not first("may-share", g, pid, space, card_id):
        return IllegalAction("agent.space-occupied", "{space} is occupied by {holder}'s Agent.",
                             ("agent.space-occupied", "spy.infiltrate"), params={"space": space_id, "holder": holder})
    return None


def place_agent(g: Game, pid: str, space: str) -> None:
    """Put one of `pid`'s Agents on `space` (its placement checked): a player's or a Rival's."""
    occupied = g.state["board"]["occupied"]
    g.p(pid)["placed"].append(space)
    occupied.setdefault(space, pid)  # the first Agent's player (every Agent: agents_on)
    g.state["board"]["occupied"] = dict(sorted(occupied.items()))


def lift_agent(g: Game, pid: str, space: str) -> None:
    """Take one of `pid`'s Agents off `space` (recalled, or moved by Kwisatz Haderach)."""
    pl, occupied = g.p(pid), g.state["board"]["occupied"]
    if space not in pl["placed"]:
        raise IllegalAction("agent.not-placed", "{seat} has no Agent on {space}.", ("recall.agents",),
                            params={"seat": pid, "space": space})
    pl["placed"].remove(space)
    if occupied.get(space) == pid:
        still = [q for q in g.order if q != pid and space in g.p(q)["placed"]]
        if still:
            occupied[space] = still[0]
        else:
            del occupied[space]


# --- spies ---------------------------------------------------------------------------------------
def recall_spy(g: Game, pid: str, post: str) -> None:
    spies = g.state["board"]["spies"]
    key = post if spies.get(post) == pid else f"{post}#{pid}"
    if spies.get(key) != pid:
        raise IllegalAction("spy.not-yours", "{seat} has no spy on the post {post}.", ("spy.recall-cost",),
                            params={"seat": pid, "post": post})
    del spies[key]
    if key == post:  # a deep-cover spy left on the post becomes its first spy
        extra = sorted(k for k in spies if post_of(k) == post)
        if extra:
            spies[post] = spies.pop(extra[0])
    g.state["board"]["spies"] = dict(sorted(spies.items()))
    g.p(pid)["spies"] += 1
    turn = my_turn(g, pid)
    if turn:
        turn["recalled"] = turn.get("recalled", 0) + 1  # "if you recalled a spy this turn"


def place_spy(g: Game, pid: str, post: str, recall: str | None = None, deep: bool = False) -> None:
    spies, pl = g.state["board"]["spies"], g.p(pid)
    if recall:
        recall_spy(g, pid, recall)
    owners = spy_owners(g, post)
    if owners and not deep:
        raise IllegalAction("spy.post-occupied", "The post {post} already has a spy.", ("spy.place",),
                            params={"post": post})
    if pid in owners:
        raise IllegalAction("spy.post-occupied", "The post {post} already has a spy of {seat}.", ("spy.deep-cover",),
                            params={"post": post, "seat": pid})
    if pl["spies"] <= 0:
        raise IllegalAction("spy.none-left", "{seat} has no spy left in the supply.", ("spy.recall-to-place",),
                            params={"seat": pid})
    pl["spies"] -= 1
    spies[post if not owners else f"{post}#{pid}"] = pid
    if owners:
        g.rulings.append("spy.deep-cover")
    g.state["board"]["spies"] = dict(sorted(spies.items()))
    fire("spy-placed", g, pid, post)  # a seat whose last spy sets something off (a Rival's spy network)


def take_contract(g: Game, pid: str, contract: str) -> None:
    """A contract to `pid`: a face-up one (the offer refilled), or a Sardaukar contract Shaddam set aside."""
    contracts, pl = g.state["contracts"], g.p(pid)
    for refusal in ask("contract-refusal", g, pid, contract):
        raise refusal
    aside = pl.get("set_aside_contracts", [])
    if contract in aside:  # a Sardaukar contract only Shaddam may take, instead of a face-up one
        aside.remove(contract)
        g.rulings.append("leader.sardaukar-commander")
    elif contract in contracts["face_up"]:
        contracts["face_up"].remove(contract)
        if contracts["pile"]:
            g.push({"t": "chance", "kind": "reveal-contract"})
    else:
        raise IllegalAction("choam.contract-unavailable", "The contract {contract} is not face up.",
                            ("choam.contracts",), params={"contract": contract})
    pl["contracts"].append(contract)
    fire("contract-taken", g, pid, contract)


def complete_contract(g: Game, pid: str, cid: str) -> None:
    pl = g.p(pid)
    pl["contracts"].remove(cid)
    turn = my_turn(g, pid)
    if turn and f"contract:{cid}" in turn["nodes"] and f"contract:{cid}" not in turn["done"]:
        ms_add(turn["done"], f"contract:{cid}")  # completed another way first (CHOAM Demands): once only
    pl["completed"] += 1
    pl["completed_contracts"].append(cid)
    g.rulings.append("choam.contracts")
    run(g, pid, g.content.contracts[cid]["reward"], f"contract:{cid}")
    fire("contract-completed", g, pid, cid)
