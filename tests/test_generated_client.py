"""A client generated from our OpenAPI document reads our answers (issue 32): the typed models
that datamodel-code-generator writes from GET /openapi.json validate the real responses of the
main operations, so a tool built on generated code is not broken by a schema it cannot follow
(a reference into another schema's `$defs`, a recursive value)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

pytest.importorskip("datamodel_code_generator", reason="the test extra brings datamodel-code-generator")


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    from api.openapi import openapi

    where = tmp_path_factory.mktemp("client")
    (where / "openapi.json").write_text(json.dumps(openapi()))
    subprocess.run([sys.executable, "-m", "datamodel_code_generator", "--input", str(where / "openapi.json"),
                    "--input-file-type", "openapi", "--output", str(where / "adjudicator_models"),
                    "--output-model-type", "pydantic_v2.BaseModel", "--formatters", "ruff-format"],
                   check=True, capture_output=True)
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("adjudicator_models")
    finally:
        sys.path.remove(str(where))


def _model(models, components: dict, response_schema: dict):
    """The generated class of a response that is one component (`#/components/schemas/report`):
    the model with exactly the component's fields (the generator numbers a name taken by an
    inline object, `Game2`), or for a union the root model named after the component."""
    name = response_schema["$ref"].rsplit("/", 1)[1]
    if "oneOf" in components[name]:
        return getattr(models, name.capitalize())
    fields = set(components[name]["properties"])
    found = [cls for cls in vars(models).values() if isinstance(cls, type) and hasattr(cls, "model_fields")
             and {f.alias or n for n, f in cls.model_fields.items()} == fields]
    assert len(found) == 1, (name, found)
    return found[0]


def test_generated_models_read_the_main_answers(client, sample_log, models):
    from api.openapi import openapi

    doc = openapi()
    paths, components = doc["paths"], doc["components"]["schemas"]

    def read(route: str, method: str, response):
        assert response.status_code in (200, 201), response.get_data(as_text=True)[:300]
        schema = paths[route][method]["responses"][str(response.status_code)]["content"]["application/json"]
        return _model(models, components, schema["schema"]).model_validate(response.get_json())

    assert read("/v1/samples/{name}", "get", client.get("/v1/samples/uprising-4p-choam-seed7")).actions
    report = read("/v1/replays", "post", client.post("/v1/replays", json=sample_log))
    assert report.valid is True and report.result.winners
    ruling = read("/v1/rulings/{id}", "get", client.get("/v1/rulings/worm.doubling"))
    assert ruling.id == "worm.doubling" and ruling.sources
    view = read("/v1/views", "post", client.post("/v1/views", json=sample_log))
    assert view is not None
    from adjudicator.service import tokens

    with client.application.app_context():
        from api import get_db

        _, secret = tokens.create(get_db(), "client")
    stored = client.post("/v1/games", json=sample_log, headers={"Authorization": f"Bearer {secret}"})
    game = read("/v1/games", "post", stored)
    listing = read("/v1/games", "get", client.get("/v1/games"))
    assert game.id in [g.id for g in listing.games]
    position = read("/v1/games/{id}/positions/{index}", "get", client.get(f"/v1/games/{game.id}/positions/40"))
    assert position is not None
