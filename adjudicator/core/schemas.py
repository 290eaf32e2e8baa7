"""JSON Schema validation (2020-12) against the documents in `schemas/`, with jsonschema-rs.

Valid or not is one fast pass. For an invalid document the validator stops at the first error
(`validate`, which is lazy in Rust; the Python binding's `iter_errors` collects every error
first), and its message, which quotes the offending value, is cut to a short excerpt: a hostile
document with a million bad items costs one error, and a large valid part before its one bad
value costs one pass in Rust, not a Python walk per value (issue 9)."""

from __future__ import annotations

import json
from functools import cache
from itertools import islice

import jsonschema_rs

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
def fast_validator(name: str):
    return jsonschema_rs.validator_for(documents()[BASE + f"{name}.json"],
                                       registry=jsonschema_rs.Registry(list(documents().items())))


def is_valid(name: str, document) -> bool:
    return fast_validator(name).is_valid(document)


EXCERPT = 200  # characters of a message (which quotes the offending value) kept


def excerpt(text: str, limit: int = EXCERPT) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text) - limit} more characters)"


def validate(name: str, document, pointer_prefix: str = "") -> None:
    """Raise MalformedLog naming the JSON pointer of the first error found (the validator's
    order is fixed, so the same document always gets the same answer)."""
    try:
        fast_validator(name).validate(document)
    except jsonschema_rs.ValidationError as err:
        pointer = pointer_prefix + "".join(f"/{_escape(p)}" for p in err.instance_path)
        raise MalformedLog(f"{name}: {excerpt(err.message)}", excerpt(pointer, 300) or "/", code="schema") from None


def problems(name: str, document, pointer_prefix: str = "") -> list[dict]:
    """The schema's first error as a problem with its JSON pointer (one: a hostile document with
    a million bad items costs one error; the position audit lists the rest once it is well-formed)."""
    try:
        fast_validator(name).validate(document)
    except jsonschema_rs.ValidationError as err:
        pointer = pointer_prefix + "".join(f"/{_escape(p)}" for p in err.instance_path)
        detail = f"{name}: {excerpt(err.message)}"
        return [{"pointer": excerpt(pointer, 300) or "/", "code": "schema", "detail": detail}]
    return []


def errors(name: str, document, limit: int = 20) -> list[str]:
    """The messages of the first `limit` errors (tests and diagnostics: every error is collected
    first, so not for hostile input)."""
    return [excerpt(e.message) for e in islice(fast_validator(name).iter_errors(document), limit)]


def _escape(step) -> str:
    return str(step).replace("~", "~0").replace("/", "~1")
