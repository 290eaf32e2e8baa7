"""What the replay viewer draws of a classic Dune state (schemas/view.json, `$defs/dune_board` and
`$defs/dune_players`): the map's territories with the forces and spice on each sector piece (Bene
Gesserit forces that are advisors marked `advisors`), the storm's sector, and each faction's
reserves, Tanks, spice, leaders and cards. The state may be a public view (rules.public_view): a
hand or traitors another player holds is then a count, and the page shows that many face-down
cards. Names are display names in `lang`; the page holds no rule.
"""

from __future__ import annotations

import copy

from ..core.catalog import words
from .battle import totals
from .content import DATA, HMS, POLAR_SINK, Content, sector, territory
from .game import Game
from .spelling import tables
from .weapons import explodes

PHASES = words(DATA, "phases")
CHANCE_WORDS = words(DATA, "chance")
VERBS = words(DATA, "verbs")
# an action's field -> the kind of thing it names (spelling.tables), for the label
LABEL_KINDS = {"to": "place", "from": "place", "territory": "territory", "leader": ("leader", "treachery"),
               "weapon": "treachery", "defense": "treachery", "faction": "faction"}
CARD_KINDS = {"draw-treachery": "treachery", "keep-traitor": "traitor", "spice-card": "spice",
              "draw-traitors": "traitor", "draw-face-dancers": "traitor", "discard": "treachery", "play": "treachery",
              **dict.fromkeys(("draw-supply", "keep-card", "return-card", "replace", "swap", "give-card"), "treachery"),
              "exchange": "traitor"}  # a Face Dancer card exchanged
PLAYER_TO = ("bribe", "give-spice")  # verbs whose `to` is a player
# the end of the deck a card goes back to (`return-card`'s `on`)
DECK_ENDS = words(DATA, "deck_ends")
# the Voice's commands and the kinds of card it names (a card of its own is named by its name)
VOICE_WORDS = words(DATA, "voice")
# the amounts and flags of an action, and the kinds of forces, as a person reads them
AMOUNT_WORDS = words(DATA, "amounts")


def _name(cnt: Content, kind, ident, lang: str) -> str:
    if not isinstance(ident, str):
        return str(ident)
    if kind == "place" and ident == HMS:
        return {"ru": "Скрытая мобильная крепость"}.get(lang, "Hidden Mobile Stronghold")
    if kind == "place":
        terr = territory(ident)
        return _name(cnt, "territory", terr, lang) + (f" ({sector(ident)})" if "@" in ident else "")
    if kind == "traitor" and ident.endswith("-traitor"):  # the Cheap Hero traitor card names no leader
        return _name(cnt, "treachery", ident.removesuffix("-traitor"), lang)
    for k in (kind,) if isinstance(kind, str) else kind:
        names = tables(cnt)[k].get(ident)
        if names:
            return names.get(lang) or names["en"]
    return ident


def board(cnt: Content, state: dict, lang: str) -> dict:
    """Every territory, map order (by its first sector; the Polar Sink first), with what lies on it."""
    def first(d):
        return min(d["sectors"], default=-1)
    rows = []
    for terr, d in sorted(cnt.territories.items(), key=lambda kv: (first(kv[1]), kv[0])):
        locs = [POLAR_SINK] if terr == POLAR_SINK else [f"{terr}@{s}" for s in d["sectors"]]
        forces = [{"player": q, "sector": sector(loc), "count": state["map"][loc][q],
                   **({"advisors": True} if terr in state["players"][q].get("advisors", ()) else {})}
                  for loc in locs if loc in state["map"] for q in state["game"]["seats"] if q in state["map"][loc]]
        spice = [{"sector": sector(loc), "amount": state["spice"][loc]} for loc in locs if loc in state["spice"]]
        rows.append({"id": terr, "name": _name(cnt, "territory", terr, lang), "kind": d["kind"],
                     "sectors": list(d["sectors"]), "stronghold": terr in cnt.strongholds,
                     "in_storm": state["storm"] in d["sectors"], "forces": forces, "spice": spice})
    return {"storm": state["storm"], "sectors": cnt.map["sectors"], "territories": rows, **_hms(cnt, state, lang),
            "battle": battle(cnt, state, lang),
            "bank": state.get("bank"), "treachery_deck": _count(state["treachery"]["deck"]),
            "treachery_discard": _cards(cnt, state["treachery"]["discard"], "treachery", lang)}


def _hms(cnt: Content, state: dict, lang: str) -> dict:
    """The Ixians' Hidden Mobile Stronghold, where it points and who is inside (no territory of
    the board: its own entry, modules/ixians_tleilaxu/ixians_hms.py)."""
    if "hms" not in state:
        return {}
    aim, here = state["hms"].get("points_at"), state["map"].get(HMS, {})
    return {"hms": {"id": HMS, "name": _name(cnt, "place", HMS, lang), "stronghold": True, "points_at": aim,
                    "points_at_name": _name(cnt, "place", aim, lang) if aim else None,
                    "forces": [{"player": q, "count": here[q]} for q in state["game"]["seats"] if q in here]}}


def _count(pile) -> int:
    return pile if isinstance(pile, int) else len(pile)


def _cards(cnt: Content, held, kind: str, lang: str):
    """Cards named, or (another player's, in a public view) their count."""
    if isinstance(held, int):
        return held
    return [{"id": c, "name": _name(cnt, kind, c, lang) if c != "?" else "?"} for c in held]


def players(cnt: Content, state: dict, lang: str) -> list[dict]:
    out = []
    for pid in state["game"]["seats"]:
        pl = state["players"][pid]
        faction = pl["faction"]
        out.append({
            "id": pid, "name": player_name(cnt, state, pid, lang), "faction": faction,
            "faction_name": _name(cnt, "faction", faction, lang), "spice": pl["spice"], "reserves": pl["reserves"],
            "tanks": pl["tanks"], "on_map": sum(here.get(pid, 0) for here in state["map"].values()),
            "ally": pl.get("ally"), "storm_order": state["order"].index(pid) if pid in state["order"] else None,
            "leaders": [{"id": ld, "name": _name(cnt, "leader", ld, lang), "status": status}
                        for ld, status in sorted(pl["leaders"].items())],
            "hand": _cards(cnt, pl["hand"], "treachery", lang),
            "traitors": _cards(cnt, pl["traitors"], "traitor", lang),
        })
    return out


def moment(state: dict, lang: str = "en") -> dict:
    """The game turn (shown as the round), its phase; no player turn: groups are phases."""
    phase = state.get("phase", "")
    return {"round": state.get("turn", 0), "phase": phase, "phase_name": PHASES[lang].get(phase, phase), "turn": None}


def label(cnt: Content, action: dict, state: dict, lang: str) -> str:
    """One line for the timeline ("Red ships: Arrakeen (9), 5")."""
    by = action.get("by")
    who = CHANCE_WORDS[lang] if by == "chance" else player_name(cnt, state, by, lang)
    return f"{who} {offer_label(cnt, action, state, lang)}"


def _amount(key: str, value, lang: str) -> str:
    """`count 5`, `karama` (a flag set), `no karama`, `Sardaukar 2, forces 3` in `lang`'s words."""
    words = AMOUNT_WORDS[lang]
    if key == "count" and isinstance(value, dict) and value.keys() == {"min", "max"}:  # a live answer's range
        return f"{words.get(key, key)} {value['min']}–{value['max']}"
    if isinstance(value, dict):
        return ", ".join(f"{words['kinds'].get(k, k)} {n}" for k, n in sorted(value.items()))
    word = words.get(key, key)
    if isinstance(value, bool):
        return word if value else f"{words['no']} {word}"
    return f"{word} {value}"


def player_name(cnt: Content, state: dict, pid: str, lang: str) -> str:
    """A player as a person reads it: the name the log gave, else (a log that named only seats
    such as `red`) the faction's name."""
    pl = state["game"]["players"].get(pid)
    if pl is None:
        return pid
    if pl.get("name") and pl["name"] != pid:
        return pl["name"]
    faction = state.get("players", {}).get(pid, {}).get("faction")
    return _name(cnt, "faction", faction, lang) if faction else pid


def offer_label(cnt: Content, action: dict, state: dict, lang: str) -> str:
    """An action in words without who takes it ("ships: Arrakeen (9), 5"): the label of an offer."""
    do = action.get("do", "")
    parts = []
    for key in sorted(action):
        value = action[key]
        if key in ("by", "do"):
            continue
        if key in ("player", "with", "opponent", "asks", "takes") or (key == "to" and do in PLAYER_TO):
            parts.append(player_name(cnt, state, value, lang) if isinstance(value, str) else str(value))
        elif do == "voice" and key in ("card", "command"):
            parts.append(VOICE_WORDS[lang].get(value) or _name(cnt, "treachery", value, lang))
        elif key == "card" and do in CARD_KINDS:
            parts.append(_name(cnt, CARD_KINDS[do], value, lang))
        elif key == "cards" and isinstance(value, list):
            parts.append(", ".join(_name(cnt, CARD_KINDS.get(do, "treachery"), c, lang) for c in value))
        elif key == "place" and isinstance(value, dict):  # a Face Dancer's forces, {location: n}
            parts.append(", ".join(f"{_name(cnt, 'place', loc, lang)} {n}" for loc, n in sorted(value.items())))
        elif key == "on" and isinstance(value, str):
            parts.append(DECK_ENDS[lang].get(value, value))
        elif key == "token" and isinstance(value, str):  # a Tech Token: its English name (no Russian source)
            parts.append(cnt.tech_tokens.get(value, {}).get("name", value))
        elif key in LABEL_KINDS and value != "reserves":
            parts.append(_name(cnt, LABEL_KINDS[key], value, lang))
        else:
            parts.append(_amount(key, value, lang))
    return VERBS[lang].get(do, do) + (": " + ", ".join(parts) if parts else "")


# --- a battle: both plans side by side, and what the step that resolved it decided ---------------
PLAN_KEYS = ("leader", "weapon", "defense", "dial", "spice", "kwisatz")
BATTLE_WORDS = words(DATA, "battle")


def battle(cnt: Content, state: dict, lang: str, plans: dict | None = None) -> dict | None:
    """The battle in progress (or the one just resolved, `plans` then both sides' plans): where,
    who fights, and each side's plan as far as this view shows it (another's plan is hidden
    until both are set: rules.public_view). A Cheap Hero in the leader's place is a Treachery card."""
    b = state.get("battle")
    if not b:
        return None
    plans = b["plans"] if plans is None else plans
    sides = []
    for pid, role in ((b["aggressor"], "aggressor"), (b["defender"], "defender")):
        plan = plans.get(pid)
        shown = None if plan is None else {
            **{k: _name(cnt, ("leader", "treachery"), plan[k], lang) if k == "leader" else
               _name(cnt, "treachery", plan[k], lang) for k in ("leader", "weapon", "defense") if plan.get(k)},
            "dial": plan.get("dial", 0), "spice": plan.get("spice", 0), "kwisatz": bool(plan.get("kwisatz")),
            "cheap_hero": plan.get("leader") in cnt.treachery}
        sides.append({"player": pid, "role": role, "plan": shown,
                      "forces": sum(state["map"].get(loc, {}).get(pid, 0) for loc in b["locs"])})
    return {"territory": b["territory"], "name": _name(cnt, "territory", b["territory"], lang),
            "sides": sides, "traitors": list(b["traitors"])}


def _totals_winner(cnt: Content, before: dict, plans: dict) -> str:
    """The engine's own count of the two totals (battle.totals) on the state before the step,
    on a copy: only where the forces lost do not tell the winner."""
    g = Game(copy.deepcopy(before), cnt)
    b = g.state["battle"]
    g.resolved = b  # as the resolution sets it (the Ixians: a Karama on the Cyborgs)
    return totals(g, b["aggressor"], b["defender"], plans)[1]


def battle_outcome(cnt: Content, before: dict, after: dict, action: dict, lang: str) -> dict:
    """The step that resolved a battle: both plans (the second from this action when the plans
    were completed by it), the forces each side lost there, the leaders killed, and the winner as
    the resolution shows it (dune.battle-resolution, dune.traitor-call, dune.lasgun-shield): the one
    side that called a traitor; none after a Lasgun-Shield explosion; else the one side with forces
    left there (the loser loses them all); else the one side that lost exactly the forces it
    dialed; of two such, the one asked which cards it keeps, else the one whose total was higher
    (battle.totals, on the state before the step)."""
    b = before.get("battle")
    if not b or (after.get("battle") or {}).get("territory") == b["territory"]:
        return {}
    plans = dict(b["plans"])
    if action.get("do") == "plan" and action.get("by") in (b["aggressor"], b["defender"]):
        plans[action["by"]] = {k: action[k] for k in PLAN_KEYS if k in action}
    traitors = [*b["traitors"], *([action["by"]] if action.get("do") == "call-traitor" else [])]
    drawn = battle(cnt, before, lang, plans)
    pids = (b["aggressor"], b["defender"])
    left = {pid: sum(after["map"].get(loc, {}).get(pid, 0) for loc in b["locs"]) for pid in pids}
    lost = {s["player"]: s["forces"] - left[s["player"]] for s in drawn["sides"]}
    standing = [pid for pid in pids if left[pid]]
    fair = [pid for pid in pids if lost[pid] == plans.get(pid, {}).get("dial", 0)]
    kept = [t["player"] for t in after.get("stack", []) if t.get("kind") == "winner-cards"]
    if traitors:
        winner = traitors[0] if len(traitors) == 1 else None
    elif explodes(Game(before, cnt), plans):  # a Lasgun and a Shield: both lose, even each side losing its dial
        winner = None
    elif len(standing) == 1:  # the loser lost them all; the winner's own losses may still be a choice to make
        winner = standing[0]
    elif len(fair) == 1:  # neither has forces left: the winner lost exactly its dial
        winner = fair[0]
    elif kept or fair:  # both did: the one asked which cards it keeps, else the totals as they stood
        winner = kept[0] if kept else _totals_winner(cnt, before, plans)
    else:
        winner = None
    words, where = BATTLE_WORDS[lang], drawn["name"]
    who = {pid: player_name(cnt, before, pid, lang) for pid in pids}
    lines = [words["won" if winner else "nobody"].format(who=who.get(winner), where=where)]
    for pid in pids:
        if lost[pid]:
            lines.append(words["lost"].format(who=who[pid], n=lost[pid]))
        leader = plans.get(pid, {}).get("leader")
        if leader in cnt.leaders and before["players"][pid]["leaders"].get(leader) != "tanks" \
                and after["players"][pid]["leaders"].get(leader) == "tanks":
            lines.append(words["killed"].format(who=who[pid], leader=_name(cnt, "leader", leader, lang)))
    return {"lines": lines, "battle": {**drawn, "winner": winner, "traitors": traitors}}
