"""JSON Schema validation (2020-12) against the documents in `schemas/`.

jsonschema-rs answers "valid or not" fast; only an invalid document goes through the Python
`jsonschema` validator, whose errors carry the path we report as a JSON pointer. That second
pass stops after the first few errors and quotes at most a short excerpt of a value: a hostile
document with a million bad items costs one error, not a million (issue 9)."""

from __future__ import annotations

import json
from functools import cache
from itertools import islice

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


FIRST_ERRORS = 4  # how many errors are looked at to choose the one reported
EXCERPT = 200  # characters of a message (which quotes the offending value) kept


def excerpt(text: str, limit: int = EXCERPT) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text) - limit} more characters)"


def validate(name: str, document, pointer_prefix: str = "") -> None:
    """Raise MalformedLog naming the JSON pointer of an error: of the first few errors found
    (in the document's own order, so the same document always gets the same answer), the one
    with the first path."""
    if fast_validator(name).is_valid(document):
        return
    found = list(islice(validator(name).iter_errors(document), FIRST_ERRORS))
    if found:
        err = min(found, key=lambda e: (list(e.absolute_path), e.message))
        pointer = pointer_prefix + "".join(f"/{p}" for p in err.absolute_path)
        raise MalformedLog(f"{name}: {excerpt(err.message)}", excerpt(pointer, 300) or "/", code="schema")


def errors(name: str, document, limit: int = 20) -> list[str]:
    """The messages of the first `limit` errors (tests and diagnostics)."""
    return [excerpt(e.message) for e in islice(validator(name).iter_errors(document), limit)]
