"""Schemathesis hooks for the sandbox runs (loaded through SCHEMATHESIS_HOOKS by schemathesis_check.py).

* Strategies for the Storefront schema's custom scalars, which schemathesis cannot invent values for.
* `no_http_server_error`: the GraphQL run's check. Schemathesis' own not_a_server_error also counts every
  resolver error in a 200 answer as a server error, but Storefront reports bad input (an unknown id, a
  userErrors-style refusal, a mutation the sandbox does not implement) exactly that way, by design. The
  issue's bar for GraphQL is no 5xx, so that is what this check holds the sandbox to.
"""

import schemathesis
from hypothesis import strategies as st
from schemathesis.core.failures import ServerError
from schemathesis.graphql import nodes

money = st.decimals(min_value=-1_000_000, max_value=1_000_000, places=2, allow_nan=False, allow_infinity=False)
schemathesis.graphql.scalar("Money", money.map(lambda value: nodes.String(str(value))))
schemathesis.graphql.scalar("Decimal", money.map(lambda value: nodes.String(str(value))))
schemathesis.graphql.scalar("URL", st.sampled_from(["https://shop.example/a", "http://x", "not a url", ""]).map(nodes.String))
schemathesis.graphql.scalar("DateTime", st.datetimes().map(lambda value: nodes.String(value.isoformat() + "Z")))
schemathesis.graphql.scalar("HTML", st.text(max_size=40).map(nodes.String))


@schemathesis.check
def no_http_server_error(ctx, response, case):
    if response.status_code >= 500:
        raise ServerError(operation=case.operation.label, status_code=response.status_code)
    return None
