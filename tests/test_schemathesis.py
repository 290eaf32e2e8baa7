"""Property-based API testing (schemathesis): every operation of the OpenAPI document gets
generated requests; no 5xx, and every response conforms to the schema the document declares."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from adjudicator.service import tokens
from adjudicator.store import open_db, prepare
from api import create_app

CASES_PER_OPERATION = 60  # 20 operations: at least 1,000 generated cases in all


def _app(tmp_path_factory=None):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "fuzz.db"
    prepare(open_db(path))
    app = create_app({"DATABASE": str(path), "TESTING": True, "RATELIMIT_READ": "1000000 per minute",
                      "RATELIMIT_WRITE": "1000000 per minute"})
    secret = tokens.create(open_db(path), "fuzzer")[1]
    return app, secret


APP, SECRET = _app()
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)
# 413 is how this API refuses bodies over its size, action-count and nesting limits: a rejection too
schema.config.checks.negative_data_rejection.expected_statuses.append("413")
CALLS = {"n": 0}


# Each operation is a test of its own, by pytest's own parametrize: schemathesis' `parametrize`
# folds the operations into one test under pytest-xdist, with a handful of cases.
OPERATIONS = [result.ok() for result in schema.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_api_conforms_to_its_openapi_document(operation):
    cases = st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in GenerationMode))

    @given(case=cases)
    @settings(max_examples=CASES_PER_OPERATION, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    def conforms(case):
        CALLS["n"] += 1
        # A schema-valid log can still be refused on its meaning (an unknown leader, an unsupported
        # game): that is a correct 4xx, so the "schema-valid means accepted" check does not apply.
        case.call_and_validate(headers={"Authorization": f"Bearer {SECRET}"},
                               excluded_checks=[positive_data_acceptance])

    conforms()


def test_enough_cases_ran():
    # runs after the parametrized test in this module (pytest keeps file order; pytest-xdist keeps a
    # file's tests together, in order, on one worker: pyproject.toml)
    assert CALLS["n"] >= 1000, CALLS["n"]
