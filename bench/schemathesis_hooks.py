"""Schemathesis hooks for the CLI run of bench/fuzz.py: the GraphQL ``Long`` scalar takes the values it takes in
tests/contract/test_schemathesis.py (integers in JavaScript's safe range, as literals).

    SCHEMATHESIS_HOOKS=bench.schemathesis_hooks schemathesis run http://127.0.0.1:8000/graphql

The test module is not imported here: its conftest loads the suite's hypothesis profile, whose budget would
override the CLI's --max-examples.
"""

from __future__ import annotations

import graphql
import schemathesis
from hypothesis import strategies as st

LONG = st.integers(-(2**53), 2**53).map(lambda n: graphql.IntValueNode(value=str(n)))

schemathesis.graphql.scalar("Long", LONG)
