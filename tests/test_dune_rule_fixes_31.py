"""Classic Dune rule fixes of issue 31, one test per item, each naming the rule's section: the
legal side and the illegal side, from the rulebooks' words."""

from __future__ import annotations

import pytest
from dune_helpers import act, refused
from hostile import app_on
from ixtl_helpers import bg_battle

from adjudicator.core.errors import MalformedLog
from adjudicator.core.logs import parse_log
from adjudicator.dune.invariants import problems


def _log(*factions, modules=()):
    return {"format": "dune-adjudicator/log", "version": 1, "setup": {}, "actions": [],
            "game": {"system": "dune", "edition": "basic", "modules": list(modules),
                     "players": [{"id": f"p{i}", "faction": f} for i, f in enumerate(factions)]}}


# --- item 16: the GF9 rulebook, Setup (the six base factions); the Ixians & Tleilaxu excerpt,
# paragraph 1 (its two factions added), paragraphs 12, 20, 58 (Richese, Moritani, Ecaz: factions
# of other expansions) -------------------------------------------------------------------------------
@pytest.mark.parametrize("faction, named", [("CHOAM", "CHOAM"), ("richese", "Richese"), ("House Ecaz", "Ecaz"),
                                            ("moritani", "Moritani")])
def test_setup_factions_of_later_expansions_are_unsupported_by_name(faction, named, tmp_path):
    # legal: the base factions, and the expansion's with its module
    parse_log(_log("atreides", "fremen"))
    parse_log(_log("ixians", "tleilaxu", modules=["ixians-tleilaxu"]))
    # illegal: a later expansion's faction, refused by name, not as a name nobody knows
    with pytest.raises(MalformedLog) as err:
        parse_log(_log("atreides", faction))
    assert err.value.code == "unsupported-faction" and named in err.value.message
    assert err.value.pointer == "/game/players/1/faction" and err.value.status == 400
    with pytest.raises(MalformedLog) as err:
        parse_log(_log("atreides", "Atreidez"))
    assert err.value.code == "unknown-name"  # a misspelling stays an unknown name
    client = app_on(tmp_path / "db.sqlite").test_client()
    r = client.post("/v1/replays", json=_log("atreides", faction))
    assert r.status_code == 400 and r.get_json()["code"] == "unsupported-faction" and named in r.get_json()["detail"]


# --- item 13: the Ixians & Tleilaxu excerpt, paragraphs 68-70 (the Voice compels Weirding Way in its
# default role, a projectile weapon; ruling ixcards.voice) ------------------------------------------------


@pytest.mark.parametrize("card, default, other, alternate", [("weirding-way", "weapon", "chaumas", "defense"),
                                                            ("chemistry", "defense", "shield", "weapon")])
def test_voice_compels_a_named_dual_card_in_its_default_role_paragraph_70(card, default, other, alternate):
    state, _ = bg_battle([card, other])
    act(state, "bene-gesserit", "voice", command="play", card=card)
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    # illegal: the named card in its alternate role, beside another card in its default slot
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, **{alternate: card, default: other})
    assert err.code == "dune.voice-disobeyed" and "ixcards.voice" in err.rulings
    # legal: the named card in its default role
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, **{default: card})
    assert problems(state) == []
