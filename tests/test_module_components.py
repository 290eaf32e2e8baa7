"""A component of an expansion or module the game does not play, or of the other edition, is named as
such (issue 32: "excluded components give an illegal verdict with the module named"), never as an
unknown name: in a position it is a problem naming the module or edition; as the contested action
it is an illegal verdict citing `setup.module-components` (Uprising rulebook p. 16, Bloodlines
pp. 3 and 6, Immortality p. 4, Rise of Ix p. 3: a box's components join only a game that plays it)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from matrix import by_id, log_of

from adjudicator.core import schemas
from adjudicator.core.errors import InvalidPosition, UnknownName
from adjudicator.core.logs import parse_log
from adjudicator.imperium.content import content, elsewhere
from adjudicator.positions import check_position, load

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str, **modules) -> dict:
    position = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    position["scenario"]["game"].update(modules)
    return position


def problems_of(position: dict) -> list[dict]:
    with pytest.raises(InvalidPosition) as err:
        load(position)
    return err.value.problems


@pytest.mark.parametrize("name, card, module, title", [
    ("uprising-two-spies", "Arrakis Observer", "bloodlines", "Bloodlines"),
    ("base-agent-turns", "Appropriate", "ix", "Rise of Ix"),
])
def test_a_module_card_in_a_game_without_the_module_is_named_with_it(name, card, module, title):
    position = example(name)
    position["scenario"]["row"][0] = card
    [found] = problems_of(position)
    assert (found["pointer"], found["code"], found["module"]) == ("/scenario/row/0", "needs-module", module)
    assert found["detail"] == f"{card} comes with {title}, which this game does not play."
    position["scenario"]["game"]["modules"] = [module]
    load(position)  # the same card in a game that plays the module is in the game


def test_a_card_of_the_other_edition_is_not_an_unknown_name():
    position = example("uprising-two-spies")
    position["scenario"]["row"][0] = "Arrakis Liaison"
    [found] = problems_of(position)
    assert found["code"] == "not-in-edition"
    assert found["detail"] == ("Arrakis Liaison is a component of the original Dune: Imperium, "
                               "not of Dune: Imperium – Uprising")


def test_a_card_an_expansion_leaves_out_with_this_edition_says_so():
    """Bloodlines p. 3: Arrakis Observer is among the cards left in the box with the original game."""
    position = example("base-agent-turns", modules=["bloodlines"])
    position["scenario"]["row"][0] = "Arrakis Observer"
    [found] = problems_of(position)
    assert found["code"] == "not-in-edition"
    assert "Bloodlines" in found["detail"] and "original Dune: Imperium" in found["detail"]


def test_a_misspelt_name_is_still_unknown_with_suggestions():
    position = example("uprising-two-spies")
    position["scenario"]["row"][0] = "Arakis Observr"
    [found] = problems_of(position)
    assert found["code"] == "unknown-name"


def test_the_contested_action_naming_a_module_card_is_illegal_naming_the_module():
    position = example("uprising-two-spies")
    position["action"] = {"by": "abby", "do": "send-agent", "card": "Arrakis Observer", "space": "Spice Refinery"}
    verdict = check_position(position)["verdict"]
    assert (verdict["verdict"], verdict["code"]) == ("illegal", "setup.module-components")
    assert verdict["message"] == "Arrakis Observer comes with Bloodlines, which this game does not play."
    assert [c["ruling"] for c in verdict["citations"]] == ["setup.module-components"]
    with_module = copy.deepcopy(position)
    with_module["scenario"]["game"]["modules"] = ["bloodlines"]
    assert check_position(with_module)["verdict"]["code"] != "setup.module-components"  # judged by the other rules


def test_a_log_naming_a_card_of_the_other_edition_points_at_it():
    log = log_of(by_id("uprising-3p"))
    at = next(i for i, a in enumerate(log["actions"]) if a.get("do") == "send-agent")
    log["actions"][at]["card"] = "Arrakis Liaison"
    with pytest.raises(UnknownName) as err:
        parse_log(log)
    assert (err.value.code, err.value.pointer) == ("not-in-edition", f"/actions/{at}/card")


@pytest.mark.parametrize("edition", ["base", "uprising"])
def test_nothing_an_edition_knows_is_said_to_be_elsewhere(edition):
    cnt = content(edition)
    for kind, index in cnt.names.items():
        for ident in index._ids.values():
            assert cnt.resolve(kind, ident) == ident, (kind, ident)
    assert elsewhere(edition)  # and the other edition's components are there to be named


def test_the_rest_route_answers_422_naming_the_module(client):
    position = example("uprising-two-spies")
    position["scenario"]["row"][0] = "Arrakis Observer"
    r = client.post("/v1/positions/check", json=position)
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    schemas.validate("problem", r.get_json())
    assert {"pointer": "/scenario/row/0", "code": "needs-module", "module": "bloodlines"}.items() \
        <= r.get_json()["problems"][0].items()
