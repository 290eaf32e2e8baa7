"""Mutated Immortality logs: a legal playout changed in one place must be flagged at exactly that
action, with the code and the ruling that forbids it (the pattern of test_mutations). Each test
searches a few playouts for a place where the mutation applies and fails if none has one."""

import copy

from test_mutations import first_mutation as shared_first_mutation
from test_mutations import flagged


def first_mutation(mutate, game="imperium", modules=("immortality",)):
    return shared_first_mutation(game, modules, mutate)


def test_a_graft_of_three_cards():
    def mutate(log, states, i, a):
        hand = states[i]["players"].get(a["by"], {}).get("hand", [])
        spare = [c for c in hand if c not in a.get("cards", [])]
        if a["do"] == "graft" and spare:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, cards=[*a["cards"], spare[0]])
            return bad
        return None
    bad, i = first_mutation(mutate)
    flagged(bad, i, "graft.two-cards", "graft.two-cards")


def test_a_tleilaxu_card_bought_for_persuasion():
    def mutate(log, states, i, a):
        if a["do"] == "acquire-tleilaxu" and a["card"] != "reclaimed-forces":
            bad = copy.deepcopy(log)
            bad["actions"][i] = {"by": a["by"], "do": "acquire", "card": a["card"]}
            return bad
        return None
    bad, i = first_mutation(mutate, "uprising")
    flagged(bad, i, "tleilaxu.specimens-only", "tleilaxu-cards.not-imperium-row")


def test_family_atomics_twice():
    def mutate(log, states, i, a):
        me = states[i]["players"].get(a["by"], {})
        if a["by"] != "chance" and a["do"] == "send-agent" and me.get("atomics") is False:
            bad = copy.deepcopy(log)
            bad["actions"].insert(i, {"by": a["by"], "do": "family-atomics"})
            return bad
        return None
    bad, i = first_mutation(mutate)
    flagged(bad, i, "atomics.once", "atomics.use")


def test_a_research_move_backwards():
    def mutate(log, states, i, a):
        here = states[i]["players"].get(a["by"], {}).get("research")
        if a["do"] == "choose" and "research" in a and here != "research-start":
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, research="research-start")
            return bad
        return None
    bad, i = first_mutation(mutate)
    flagged(bad, i, "research.not-forward", "research.advance")


def test_a_graft_without_a_usable_icon():
    """The graft's space moved to a free space whose icon neither card shows (nor their
    conditional icons): flagged at the graft, citing the icon rule."""
    from adjudicator.imperium.rules import ruleset

    cnt = ruleset("base").content

    def icons(card):
        data = cnt.cards.get(card, {})
        return set(data.get("icons", [])) | set(data.get("conditional_icons", {}).get("icons", []))

    def mutate(log, states, i, a):
        if a["do"] != "graft" or a.get("infiltrate") or a.get("gather"):
            return None
        shown = icons(a["cards"][0]) | icons(a["cards"][1])
        taken = states[i]["board"]["occupied"]
        for space in sorted(cnt.spaces):
            data = cnt.spaces[space]
            if space not in taken and data["icon"] not in shown and not data.get("requires") \
                    and not data.get("cost") and not data.get("expansion"):
                bad = copy.deepcopy(log)
                bad["actions"][i] = dict(a, space=space)
                return bad
        return None
    bad, i = first_mutation(mutate)
    flagged(bad, i, "agent.icon-mismatch", "agent.icon-mismatch")
