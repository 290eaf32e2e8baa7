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
