"""JSON Schema validation (2020-12) against the documents in `schemas/`.

jsonschema-rs answers "valid or not" fast; only an invalid document goes through the Python
`jsonschema` validator, whose errors carry the path we report as a JSON pointer."""

from __future__ import annotations

import json
from functools import cache

import jsonschema_rs
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from ..resources import resource_dir
from .errors import MalformedLog

BASE = "https://dune-adjudicator.example/schemas/"


@cache
def documents() -> dict[str, dict]:
    docs = {}
    for path in sorted(resource_dir("schemas").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        docs[doc["$id"]] = doc
    return docs


@cache
def registry() -> Registry:
    return Registry().with_resources((uri, Resource.from_contents(doc)) for uri, doc in documents().items())


@cache
def fast_validator(name: str):
    return jsonschema_rs.validator_for(documents()[BASE + f"{name}.json"],
                                       registry=jsonschema_rs.Registry(list(documents().items())))


@cache
def validator(name: str) -> Draft202012Validator:
    schema = registry().get_or_retrieve(BASE + f"{name}.json").value.contents
    return Draft202012Validator(schema, registry=registry())


def is_valid(name: str, document) -> bool:
    return fast_validator(name).is_valid(document)


def validate(name: str, document, pointer_prefix: str = "") -> None:
    """Raise MalformedLog naming the JSON pointer of the first (deepest-path) error."""
    if fast_validator(name).is_valid(document):
        return
    errors = sorted(validator(name).iter_errors(document), key=lambda e: (list(e.absolute_path), e.message))
    if errors:
        err = errors[0]
        pointer = pointer_prefix + "".join(f"/{p}" for p in err.absolute_path)
        raise MalformedLog(f"{name}: {err.message}", pointer or "/", code="schema")


def problems(name: str, document, pointer_prefix: str = "", limit: int = 50) -> list[dict]:
    """Every schema error (up to `limit`) as a problem with its JSON pointer."""
    if fast_validator(name).is_valid(document):
        return []
    out = []
    for err in validator(name).iter_errors(document):
        pointer = pointer_prefix + "".join(f"/{p}" for p in err.absolute_path)
        out.append({"pointer": pointer or "/", "code": "schema", "detail": f"{name}: {err.message[:300]}"})
        if len(out) >= limit:
            break
    return sorted(out, key=lambda p: (p["pointer"], p["detail"]))


def errors(name: str, document) -> list[str]:
    return [e.message for e in validator(name).iter_errors(document)]
