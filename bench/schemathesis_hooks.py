"""Schemathesis hooks for the CLI run of bench/fuzz.py: the GraphQL ``JSON`` scalar takes the same values as in
tests/contract/test_schemathesis.py (real Fighter sheets, broken ones and noise).

    SCHEMATHESIS_HOOKS=bench.schemathesis_hooks schemathesis run http://127.0.0.1:8000/graphql
"""

from __future__ import annotations

import schemathesis

from tests.contract.test_schemathesis import json_values

schemathesis.graphql.scalar("JSON", json_values())
