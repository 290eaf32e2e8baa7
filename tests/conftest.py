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
def db_path(tmp_path):
    """A prepared service database file (the service tests that read it beside the app)."""
    from adjudicator.store import open_db, prepare

    path = tmp_path / "service.db"
    prepare(open_db(path))
    return path


@pytest.fixture()
def app():
    from api import create_app

    return create_app({"DATABASE": ":memory:", "TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def alice(app):
    """An API token's header for a player named alice, on the service of `app` (an in-memory store)."""
    from adjudicator.service import tokens

    return {"Authorization": f"Bearer {tokens.create(app.config['_MEMORY_DB'], 'alice')[1]}"}
