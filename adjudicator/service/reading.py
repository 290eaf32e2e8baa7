"""Reading JSON text from a client or a file, before anything else looks at it.

The standard library's parser on purpose: it refuses absurd nesting with RecursionError, where
the C parser we use for our own data can crash the process on a hostile body. What it accepts
but the rest of the service cannot hold is refused here, with the place it was found:

- `NaN`, `Infinity` and numbers beyond a double (`1e400`): not JSON, and no use to anyone;
- strings holding a lone UTF-16 surrogate (`"\\ud800"`): not text, and unwritable as UTF-8.

A number is its value, as in JSON itself: `5.0` and `1e2` are read as the integers 5 and 100,
so the engine never receives a float where the schema asks for an integer; `5.5` stays a float
and an integer field's schema refuses it.
"""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal

from ..core.errors import LimitExceeded, MalformedLog

# an integral literal this large would be a huge int for nothing: it stays a float, and the
# schemas (64-bit bounds) refuse it where an integer is expected
_EXACT_LIMIT = 2**64
_SURROGATE = re.compile(rb"\\[uU][dD][89a-fA-F]|\xed[\xa0-\xbf]")


class NotJSON(MalformedLog):
    code = "not-json"


def _number(text: str):
    value = float(text)
    if not math.isfinite(value):
        raise NotJSON(f"the number {text[:40]} is beyond the range of a double", "/")
    if value.is_integer() and abs(value) < _EXACT_LIMIT:
        exact = Decimal(text)
        if exact != exact.to_integral_value():  # 5.0000000000000000001: a double would round it
            raise NotJSON(f"the number {text[:40]} has more precision than a double holds", "/")
        return int(exact)
    return value


def _constant(name: str):
    raise NotJSON(f"{name} is not a JSON number", "/")


def read_json(data: bytes | str):
    """The value of a JSON document, or a 400/413 problem naming what is wrong and where."""
    try:
        value = json.loads(data, parse_float=_number, parse_constant=_constant)
    except NotJSON:
        raise
    except RecursionError:
        raise LimitExceeded("the document is nested too deeply to read", "/", code="limit-nesting") from None
    except (ValueError, UnicodeDecodeError) as err:  # ValueError covers JSONDecodeError and huge ints
        raise NotJSON(f"not JSON: {str(err)[:200]}", "/") from None
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if _SURROGATE.search(raw):  # only then is the walk needed: most bodies skip it
        _refuse_surrogates(value)
    return value


def _refuse_surrogates(value) -> None:
    stack = [(value, "")]  # iterative: the document may be nested as deep as the parser allowed
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                here = f"{pointer}/{_escape(key)}"
                if not _is_text(key):
                    raise MalformedLog("a key holds a lone UTF-16 surrogate, which is not text",
                                       _printable(here), code="bad-text")
                stack.append((item, here))
        elif isinstance(node, list):
            stack.extend((item, f"{pointer}/{i}") for i, item in enumerate(node))
        elif isinstance(node, str) and not _is_text(node):
            raise MalformedLog("the string holds a lone UTF-16 surrogate, which is not text",
                               _printable(pointer) or "/", code="bad-text")


def _is_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _printable(pointer: str) -> str:
    """The pointer itself must be writable in the answer: a bad key is shown escaped."""
    return pointer.encode("utf-8", "backslashreplace").decode("utf-8")[:300]
