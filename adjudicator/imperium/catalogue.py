"""The card catalogue of an edition (the CLI's `cards` and the API's `/v1/cards`)."""

from __future__ import annotations

from .content import Content, in_game

CARD_TYPES = ("imperium", "intrigue", "conflict", "leader", "objective", "reserve", "starting", "space",
              "contract", "skill", "tech", "navigation", "tleilaxu")


def cards_of(cnt: Content, card_type: str | None = None, modules=("choam",)) -> list[dict]:
    """The components of the edition and of the modules named (by default the edition's own
    modules: an expansion's components are listed only when it is named)."""
    groups = {
        "imperium": [c for c in cnt.cards.values() if c["type"] == "imperium"],
        "reserve": [c for c in cnt.cards.values() if c["type"] == "reserve"],
        "starting": [c for c in cnt.cards.values() if c["type"] == "starting"],
        "intrigue": list(cnt.intrigues.values()),
        "conflict": list(cnt.conflicts.values()),
        "leader": list(cnt.leaders.values()),
        "objective": list(cnt.objectives.values()),
        "contract": list(cnt.contracts.values()),
        "space": list(cnt.spaces.values()),
        "skill": list(cnt.skills.values()),  # Bloodlines
        "tech": list(cnt.tech.values()),
        "navigation": list(cnt.navigation.values()),
        "tleilaxu": list(cnt.tleilaxu.values()),  # Immortality: the Tleilaxu deck and Reclaimed Forces
    }
    covered = {s for m in modules for s in cnt.covered.get(m, ())}  # under an expansion's overlay
    groups["space"] = [s for s in groups["space"] if s["id"] not in covered]
    out = []
    for kind in CARD_TYPES:
        if card_type and kind != card_type:
            continue
        for item in groups[kind]:
            if not in_game(item, modules):
                continue
            name = item.get("name") or {"en": item.get("label", item["id"])}
            out.append({**item, "type": kind, "name": {"en": name.get("en", item["id"]), "ru": name.get("ru")},
                        "copies": item.get("copies", 1)})
    return sorted(out, key=lambda c: (CARD_TYPES.index(c["type"]), c["id"]))

