"""Schemathesis hooks for the sandbox runs (loaded through SCHEMATHESIS_HOOKS by schemathesis_check.py).

* Strategies for the Storefront schemas' custom scalars (2021-10 and 2026-04), which schemathesis cannot invent
  values for.
* `no_http_server_error`: the GraphQL runs' check. Schemathesis' own not_a_server_error also counts every
  resolver error in a 200 answer as a server error, but Storefront reports bad input (an unknown id, a
  userErrors-style refusal, a mutation the sandbox does not implement) exactly that way, by design. The
  issue's bar for GraphQL is no 5xx, so that is what this check holds the sandbox to.
* `only_known_fields_not_emulated`: a root field answering SANDBOX_NOT_EMULATED must be in NOT_EMULATED, so a
  resolver that goes missing (or a field a change forgot) fails the run instead of passing as "no 5xx".
"""

import json

import schemathesis
from hypothesis import strategies as st
from schemathesis.core.failures import ServerError
from schemathesis.graphql import nodes

# Root fields the sandbox may answer SANDBOX_NOT_EMULATED for. Every 2026-04 root field has a resolver (2021-10
# never answers it), so none may: a field that loses its resolver fails the run.
NOT_EMULATED = frozenset()

money = st.decimals(min_value=-1_000_000, max_value=1_000_000, places=2, allow_nan=False, allow_infinity=False)
timestamps = st.datetimes().map(lambda value: nodes.String(value.isoformat() + "Z"))
schemathesis.graphql.scalar("Money", money.map(lambda value: nodes.String(str(value))))
schemathesis.graphql.scalar("Decimal", money.map(lambda value: nodes.String(str(value))))
schemathesis.graphql.scalar("URL", st.sampled_from(["https://shop.example/a", "http://x", "not a url", ""]).map(nodes.String))
schemathesis.graphql.scalar("DateTime", timestamps)
schemathesis.graphql.scalar("ISO8601DateTime", timestamps)
schemathesis.graphql.scalar("HTML", st.text(max_size=40).map(nodes.String))
schemathesis.graphql.scalar("Color", st.sampled_from(["#ff0000", "#000", "red", ""]).map(nodes.String))
schemathesis.graphql.scalar("UnsignedInt64", st.integers(min_value=-1, max_value=2**64).map(lambda n: nodes.String(str(n))))
schemathesis.graphql.scalar("JSON", st.sampled_from(['{"a":1}', "[]", "null", "{"]).map(nodes.String))


@schemathesis.check
def no_http_server_error(ctx, response, case):
    if response.status_code >= 500:
        raise ServerError(operation=case.operation.label, status_code=response.status_code)
    return None


@schemathesis.check
def only_known_fields_not_emulated(ctx, response, case):
    try:
        errors = json.loads(response.content).get("errors") or []
    except (ValueError, AttributeError):
        return None
    for error in errors:
        if (error.get("extensions") or {}).get("code") != "SANDBOX_NOT_EMULATED":
            continue
        # "QueryRoot.menu is not emulated in the CommerceKit sandbox (…)": the field by name, whatever its alias.
        field = str(error.get("message", "")).split(" ", 1)[0]
        if field not in NOT_EMULATED:
            raise AssertionError(f"{field} answered SANDBOX_NOT_EMULATED and is not in NOT_EMULATED: {error}")
    return None
