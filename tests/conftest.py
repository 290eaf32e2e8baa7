import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
SAMPLES = ROOT / "adjudicator" / "samples"


@pytest.fixture(scope="session")
def sample_log():
    return json.loads((SAMPLES / "uprising-4p-choam-seed7.json").read_text())


@pytest.fixture()
def app():
    from api import create_app

    return create_app({"DATABASE": ":memory:", "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture
def unlocked(monkeypatch):
    """A module refused while its rules are incomplete (rules.INCOMPLETE_MODULES), played as it
    will be once complete: for the tests of the parts already implemented."""
    import adjudicator.imperium.rules as rules_module

    monkeypatch.setattr(rules_module, "INCOMPLETE_MODULES", frozenset())
    # and the player counts refused the same way (1-2 players: House Hagal Rivals, issue #13)
    monkeypatch.setattr(rules_module, "INCOMPLETE_PLAYER_COUNTS", frozenset())
