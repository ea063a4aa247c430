"""Fuzz a running CommerceKit sandbox with schemathesis, one OpenAPI document at a time, then Storefront's GraphQL.

Usage: schemathesis_check.py BASE_URL [--max-examples N] [--graphql-2026-examples N] [--seed S] [--only NAME[,NAME…]]

Every REST document is fetched from the sandbox itself (GET /sandbox/openapi/<name>.json), validated with
openapi-spec-validator, and fuzzed with the seeded test credentials from GET /sandbox/credentials. Checks:
no 5xx (not_a_server_error), every status documented (status_code_conformance) and every body matching its
documented schema (response_schema_conformance). Storefront's GraphQL endpoints, 2021-10 and 2026-04, are fuzzed in
schemathesis' GraphQL mode (schema from introspection) for no 5xx (GraphQL answers errors with 200 by design) and
for no SANDBOX_NOT_EMULATED error on a root field outside schemathesis_hooks.NOT_EMULATED. 2026-04 runs
--graphql-2026-examples per root field (default 10: 812 requests in 24 s on two cores, where 20 take 45 s; with other
builds loading the machine eightfold, 5 took 130 s).

Order matters: the control document runs last, after the GraphQL run, because its routes reset the sandbox, move its
clock (which would expire the Rezolve JWT minted below), freeze or revoke Storefront shops and tokens, and add
faults to vendor paths. Faults never apply to /sandbox/ routes, so nothing the control run does can turn a later
control request into a 5xx; no control route is excluded for that reason.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

import warnings

import jwt
from openapi_spec_validator import validate

# The seeded partner's auth key is shorter than RFC 7518 recommends for HS512; the sandbox accepts it, as Rezolve does.
warnings.filterwarnings("ignore", message=".*HMAC key.*")
HERE = os.path.dirname(os.path.abspath(__file__))

DOCUMENTS = ["button", "athmovil", "paytronix", "rezolve", "control"]
CHECKS = "not_a_server_error,status_code_conformance,response_schema_conformance"
DEVICE_ID = "schemathesis-device"


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


def post_json(url, body, headers):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def rezolve_session(base_url, rezolve):
    """Registers one fuzzing customer and returns the headers and path values of its customer routes."""
    key = rezolve["auth_key"]
    partner_entity_id = "schemathesis-customer"
    registration = jwt.encode({"rezolve_entity_id": ":NONE:", "partner_entity_id": partner_entity_id,
                               "exp": int(time.time()) + 1800}, key, algorithm="HS512")
    registered = post_json(f"{base_url}/api/v1/authentication/register", {"email": "fuzz@example.com"},
                           {"x-rezolve-partner-apikey": rezolve["api_key"], "Authorization": f"Bearer {registration}"})
    login = jwt.encode({"rezolve_entity_id": registered["entity_id"], "partner_entity_id": partner_entity_id,
                        "exp": int(time.time()) + 3600, "device_id": DEVICE_ID},
                       key, algorithm="HS512", headers={"auth": "v2"})
    headers = {"x-rezolve-partner-apikey": rezolve["api_key"], "Authorization": f"Bearer {login}",
               "x-rezolve-device-id": DEVICE_ID}
    return headers, {"path.pid": registered["partner_id"], "path.eid": registered["entity_id"]}


def athmovil_token(base_url):
    """A payment the simulated customer has paid, so /authorization and the phone routes get past the token check."""
    created = post_json(f"{base_url}/api/business-transaction/ecommerce/payment",
                        {"publicToken": "dummy", "total": 20, "items": [{"name": "Fuzz", "price": 20, "quantity": 1}]}, {})
    ecommerce_id = created["data"]["ecommerceId"]
    post_json(f"{base_url}/sandbox/athmovil/payments/{ecommerce_id}/complete", {}, {})
    return created["data"]["auth_token"]


def introspected_schema(endpoint, token, workdir):
    """The endpoint's schema by introspection, printed as SDL into workdir. Schemathesis would introspect a URL
    itself only after first trying it as an OpenAPI document (a `.json` path), which under load fails flakily."""
    from graphql import build_client_schema, get_introspection_query, print_schema
    request = urllib.request.Request(endpoint, data=json.dumps({"query": get_introspection_query()}).encode(),
                                     method="POST", headers={"Content-Type": "application/json",
                                                             "X-Shopify-Storefront-Access-Token": token})
    with urllib.request.urlopen(request, timeout=120) as response:
        answer = json.load(response)
    path = os.path.join(workdir, "storefront-2026-04.graphql")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(print_schema(build_client_schema(answer["data"])))
    return path


def toml_string(value):
    return json.dumps(str(value))


def ssp_bearer(base_url, rezolve):
    """A bearer from the SSP OAuth proxy, so the SSP operations are fuzzed past authentication."""
    return post_json(f"{base_url}/v1/OAuthProxy/token", rezolve["ssp"], {})["bearerToken"]


def run_schemathesis(name, location, options, parameters, workdir, authorization=None):
    """Runs one schemathesis invocation; returns its exit code. `authorization` maps a path regex to the
    Authorization header its operations get (Rezolve's core API takes a login JWT, its SSP paths an SSP bearer)."""
    config = os.path.join(workdir, f"{name}.toml")
    with open(config, "w") as handle:
        for pattern, value in (authorization or {}).items():
            handle.write(f"[[operations]]\ninclude-path-regex = {toml_string(pattern)}\n"
                         f"headers = {{ Authorization = {toml_string(value)} }}\n\n")
        # Fixed path values (Rezolve's partner and customer) so fuzzing reaches past authentication.
        handle.write("[parameters]\n")
        for key, value in parameters.items():
            handle.write(f"{toml_string(key)} = {toml_string(value)}\n")
    command = [os.path.join(os.path.dirname(sys.executable), "schemathesis"), "--config-file", config, "run", location,
               *options]
    printable = " ".join(part if "Bearer" not in part else part.split("Bearer")[0] + "Bearer <jwt>" for part in command)
    print(f"\n--- schemathesis: {name}\n$ {printable}", flush=True)
    started = time.monotonic()
    # The hooks module adds the Storefront scalars and the GraphQL run's HTTP-only 5xx check.
    environment = {**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
                   "PYTHONPATH": os.pathsep.join(filter(None, [HERE, os.environ.get("PYTHONPATH")]))}
    code = subprocess.call(command, cwd=workdir, env=environment)
    print(f"--- {name}: exit {code} in {time.monotonic() - started:.0f}s", flush=True)
    return code


def main(argv):
    base_url = argv[1].rstrip("/")
    max_examples, examples_2026, seed, only = "25", "10", "20261125", None
    rest = argv[2:]
    while rest:
        flag, value, rest = rest[0], rest[1], rest[2:]
        if flag == "--max-examples":
            max_examples = value
        elif flag == "--graphql-2026-examples":
            examples_2026 = value
        elif flag == "--seed":
            seed = value
        elif flag == "--only":
            only = value.split(",")
        else:
            raise SystemExit(f"unknown option {flag}")

    credentials = get_json(f"{base_url}/sandbox/credentials")
    index = get_json(f"{base_url}/sandbox/openapi")
    listed = [entry["name"] for entry in index["documents"]]
    assert listed == DOCUMENTS, f"the index lists {listed}, expected {DOCUMENTS}"

    common = ["--checks", CHECKS, "--max-examples", max_examples, "--seed", seed, "--workers", "1",
              "--generation-database", "none", "--no-shrink", "--request-timeout", "10", "--no-color"]
    per_document = {
        "button": (["--auth", f"{credentials['button']['api_key']}:"], {}),
        "paytronix": (["--auth", "sandbox-ios:sandbox-ios-secret"], {}),
        "athmovil": (["--header", f"Authorization: Bearer {athmovil_token(base_url)}"], {}),
        "control": ([], {}),
    }
    headers, parameters = rezolve_session(base_url, credentials["rezolve"])
    rezolve_authorization = {"^/api/": headers.pop("Authorization"),
                             "^/v1/": f"Bearer {ssp_bearer(base_url, credentials['rezolve'])}"}
    per_document["rezolve"] = ([option for name, value in headers.items() for option in ("--header", f"{name}: {value}")],
                               parameters)

    storefront = credentials["storefront"]
    token = storefront["storefront_access_token"]
    graphql_common = ["--checks", "no_http_server_error,only_known_fields_not_emulated", "--seed", seed,
                      "--workers", "1", "--generation-database", "none", "--no-shrink", "--no-color",
                      "--request-timeout", "10",
                      "--header", f"X-Shopify-Storefront-Access-Token: {token}"]
    endpoint_2026 = f"{base_url}/api/2026-04/graphql.json"
    graphql_runs = {
        "storefront": ("storefront-graphql", lambda _: storefront["graphql_url"], ["--max-examples", max_examples]),
        "storefront-2026": ("storefront-graphql-2026-04",
                            lambda workdir: introspected_schema(endpoint_2026, token, workdir),
                            ["--url", endpoint_2026, "--max-examples", examples_2026]),
    }

    # Storefront's GraphQL goes just before the control document, which may freeze its shop or plant faults.
    runs = [name for name in DOCUMENTS if name != "control"] + ["storefront", "storefront-2026", "control"]
    failures = []
    with tempfile.TemporaryDirectory(prefix="schemathesis-") as workdir:
        for name in runs:
            if only and name not in only:
                continue
            if name in graphql_runs:
                label, location, examples = graphql_runs[name]
                if run_schemathesis(label, location(workdir), graphql_common + examples, {}, workdir) != 0:
                    failures.append(label)
                continue
            location = f"{base_url}/sandbox/openapi/{name}.json"
            validate(get_json(location))
            print(f"openapi-spec-validator: {name}.json OK", flush=True)
            options, values = per_document[name]
            authorization = rezolve_authorization if name == "rezolve" else None
            if run_schemathesis(name, location, common + options, values, workdir, authorization) != 0:
                failures.append(name)

    if failures:
        print(f"\nschemathesis found problems in: {', '.join(failures)}")
        return 1
    print("\nschemathesis: no 5xx, every response as documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
