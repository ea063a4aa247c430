#!/usr/bin/env python3
"""graphql-core against the sandbox Storefront and against our Buy client's documents.

Usage: storefront_graphql_check.py SANDBOX_URL SCHEMA_JSON DOCUMENTS_DIR
       storefront_graphql_check.py --documents SCHEMA_JSON DOCUMENTS_DIR REQUIRED_TEST...
       storefront_graphql_check.py --sandbox SCHEMA_JSON DOCUMENTS_DIR REQUIRED_TEST...

1. Every GraphQL document the Buy client sent in the end-to-end journeys (written by the Swift tests to
   DOCUMENTS_DIR, one JSON file per test, read back from the sandbox's request journal) is parsed and
   validated by graphql-core against the 2021-10 introspection schema: a GraphQL implementation nobody
   here wrote must accept what our client puts on the wire. The few documents tests send through Buy to be
   refused (J6's unknown fields) are listed apart; for them graphql-core's verdict is only printed.
2. Journey J2 (spec section 7) runs against `commercekit serve` with documents written here, each validated
   by graphql-core before it is sent and sent with variables: create -> email -> address -> poll rates ->
   shipping line -> poll readiness -> vault the card at cardVaultUrl -> complete -> poll for the order.

With --documents only step 1 runs, for documents of another version's models: the Storefront2026_04 tests write
theirs to .build/storefront-documents-2026-04, checked against the 2026-04 schema, with no sandbox involved.
REQUIRED_TEST names the tests whose documents must be present.

With --sandbox graphql-core must agree with the sandbox on every document the StorefrontSandboxTests posted to one
version's endpoint (.build/storefront-documents-<version>-sandbox, each with the sandbox's verdict): a document the
sandbox accepted parses, validates and has variables that coerce; one it refused as invalid GraphQL fails one of
those. Documents refused for a sandbox-only limit (MAX_DEPTH_EXCEEDED, MAX_COMPLEXITY_EXCEEDED: no schema rule)
are only parsed, and the count graphql-core parses is printed.
"""
import base64
import json
import pathlib
import sys
import urllib.error
import urllib.request
import uuid
from decimal import Decimal

import graphql

TOKEN = "sandbox-storefront-token"
# The journeys whose documents must be present: a run without them validated nothing.
REQUIRED_TESTS = ("creditCardCheckoutWithPolling", "applePayWithTokenizedPayment", "checkoutQuickStart")


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def load_schema(path):
    with open(path, encoding="utf-8") as handle:
        introspection = json.load(handle)
    # 2021-10 has the {"data": ...} wrapper of an introspection answer, 2026-04 not.
    return graphql.build_client_schema(introspection.get("data", introspection))


def validation_errors(schema, document):
    try:
        parsed = graphql.parse(document)
    except graphql.GraphQLError as error:
        return [f"syntax: {error.message}"]
    except IndexError:
        # graphql-core 3.2.8's lexer reads the four hex digits of a `\u` escape past the end of a body that stops
        # before them (GraphQLSwift trapped on the same bodies; the sandbox refuses them as syntax errors).
        return ["syntax: a \\u escape cut off by the end of the document"]
    return [error.message for error in graphql.validate(schema, parsed)]


def check_buy_documents(schema, directory, required_tests=REQUIRED_TESTS):
    files = sorted(pathlib.Path(directory).glob("*.json"))
    if not files:
        fail(f"no document files in {directory}: run `swift test` first (the tests write them)")
    entries = [json.loads(path.read_text(encoding="utf-8")) for path in files]
    for required in required_tests:
        if not any(required in entry["test"] and entry["documents"] for entry in entries):
            fail(f"no documents from the test {required} in {directory}")
    executed, refused = {}, {}
    for entry in entries:
        for document in entry["documents"]:
            executed.setdefault(document, entry["test"])
        for document in entry.get("refused", []):
            refused.setdefault(document, entry["test"])
    failures = []
    for document, test in executed.items():
        errors = validation_errors(schema, document)
        if errors:
            failures.append(f"{test}: {document}\n    " + "\n    ".join(errors))
    if failures:
        fail(f"{len(failures)} of {len(executed)} Buy documents are invalid:\n" + "\n".join(failures))
    print(f"ok: graphql-core {graphql.__version__} validated {len(executed)} distinct Buy documents "
          f"from {len(files)} tests")
    # Documents the tests sent to be refused (unknown fields, sandbox limits): graphql-core's view, for the log.
    agreed = [document for document in refused if document not in executed and validation_errors(schema, document)]
    print(f"note: graphql-core also rejects {len(agreed)} of the {len(refused)} documents the sandbox refused")
    for document in refused:
        if document not in agreed:
            print(f"  accepted by graphql-core, refused by the sandbox ({refused[document]}): {document[:200]}")


# Refusals no GraphQL validation rule explains: the sandbox's own depth and fragment-expansion limits (G10) and its
# refusal of subscriptions (G11; graphql-core validates a subscription even where the schema has no root for it).
SANDBOX_LIMIT_CODES = {"MAX_DEPTH_EXCEEDED", "MAX_COMPLEXITY_EXCEEDED"}
SANDBOX_LIMIT_MESSAGES = {"Subscriptions are not supported"}
# Answers a test planted with `failNext` (200 with a GraphQL error code): they say nothing about the document.
SIMULATED_FAULT_MESSAGES = {"Throttled", "Simulated failure."}


def request_errors(schema, document, variables, operation_name):
    """What graphql-core finds wrong before executing: syntax, validation, then the variables' coercion."""
    errors = validation_errors(schema, document)
    if errors:
        return errors
    parsed = graphql.parse(document)
    operations = [definition for definition in parsed.definitions
                  if isinstance(definition, graphql.OperationDefinitionNode)]
    if operation_name is None:
        chosen = operations if len(operations) == 1 else []
    else:
        chosen = [operation for operation in operations if operation.name and operation.name.value == operation_name]
    if len(chosen) != 1:
        return [f"no single operation to run (operationName {operation_name!r})"]
    coerced = graphql.execution.values.get_variable_values(
        schema, chosen[0].variable_definitions or [], variables or {})
    return [error.message for error in coerced] if isinstance(coerced, list) else []


def check_sandbox_documents(schema, directory, required_tests):
    files = sorted(pathlib.Path(directory).glob("*.json"))
    if not files:
        fail(f"no document files in {directory}: run `swift test` first (the sandbox tests write them)")
    entries = [json.loads(path.read_text(encoding="utf-8")) for path in files]
    for required in required_tests:
        if not any(required in entry["test"] and entry["requests"] for entry in entries):
            fail(f"no documents from the test {required} in {directory}")
    seen, disagreements, unparsed_limited = set(), [], 0
    counts = {"accepted": 0, "refused": 0, "limited": 0, "faults": 0}
    for entry in entries:
        for request in entry["requests"]:
            key = json.dumps([request["document"], request.get("variables"), request.get("operationName"),
                              request["accepted"]], sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            codes = {error.get("code") for error in request.get("errors", [])}
            messages = {error.get("message") for error in request.get("errors", [])}
            if not request["accepted"] and messages & SIMULATED_FAULT_MESSAGES:
                counts["faults"] += 1
                continue
            if not request["accepted"] and (codes & SANDBOX_LIMIT_CODES or messages & SANDBOX_LIMIT_MESSAGES):
                counts["limited"] += 1
                try:
                    graphql.parse(request["document"])
                except (graphql.GraphQLError, RecursionError):
                    unparsed_limited += 1
                continue
            errors = request_errors(schema, request["document"], request.get("variables"),
                                    request.get("operationName"))
            counts["accepted" if request["accepted"] else "refused"] += 1
            if request["accepted"] and errors:
                disagreements.append(f"{entry['test']}: the sandbox accepted, graphql-core refuses: "
                                     f"{request['document'][:300]}\n    " + "\n    ".join(errors))
            elif not request["accepted"] and not errors:
                sandbox = "; ".join(str(error.get("message")) for error in request.get("errors", []))
                disagreements.append(f"{entry['test']}: graphql-core accepts, the sandbox refused ({sandbox[:300]}): "
                                     f"{request['document'][:300]} variables={json.dumps(request.get('variables'))[:200]}")
    if disagreements:
        fail(f"graphql-core and the sandbox disagree on {len(disagreements)} documents:\n" + "\n".join(disagreements))
    if not counts["accepted"] or not counts["refused"]:
        fail(f"{directory}: expected both accepted and refused documents, got {counts}")
    print(f"ok: graphql-core {graphql.__version__} agrees with the sandbox on {counts['accepted']} accepted and "
          f"{counts['refused']} refused distinct requests from {len(files)} tests; {counts['limited']} refused for "
          f"sandbox limits only parsed ({counts['limited'] - unparsed_limited} parse); {counts['faults']} simulated "
          "faults skipped")


class Storefront:
    """A minimal Storefront client: urllib for HTTP, graphql-core to validate every document first."""

    def __init__(self, base_url, schema):
        self.base_url = base_url.rstrip("/")
        self.schema = schema
        self.requests = 0

    def execute(self, document, variables=None):
        errors = validation_errors(self.schema, document)
        if errors:
            fail(f"our own document is invalid: {errors}\n{document}")
        body = json.dumps({"query": document, "variables": variables or {}}).encode()
        request = urllib.request.Request(f"{self.base_url}/api/2021-10/graphql.json", data=body, method="POST", headers={
            "Content-Type": "application/json", "Accept": "application/json",
            "X-Shopify-Storefront-Access-Token": TOKEN,
        })
        self.requests += 1
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                answer = json.load(response)
        except urllib.error.HTTPError as error:
            fail(f"HTTP {error.code}: {error.read()[:500]!r}")
        if answer.get("errors"):
            fail(f"GraphQL errors: {answer['errors']}")
        return answer["data"]

    def poll(self, document, variables, done, limit):
        """The seed's RetryHandler: send, and again while `done` is false, at most `limit` more times."""
        before = self.requests
        for _ in range(limit + 1):
            data = self.execute(document, variables)
            if done(data):
                return data, self.requests - before
        fail(f"still not done after {limit + 1} requests: {data}")


def expect_no_user_errors(payload, name):
    if payload[name]["checkoutUserErrors"]:
        fail(f"{name}: {payload[name]['checkoutUserErrors']}")


def gid(kind, number):
    return base64.b64encode(f"gid://shopify/{kind}/{number}".encode()).decode()


CHECKOUT_FIELDS = "checkout { id ready requiresShipping } checkoutUserErrors { code field message }"
ADDRESS = {"address1": "80 Spadina Ave.", "city": "Toronto", "province": "ON", "zip": "M5V 2J4",
           "country": "Canada", "firstName": "John", "lastName": "Smith"}


def run_j2(base_url, schema):
    shop = Storefront(base_url, schema)
    settings = shop.execute("query { shop { paymentSettings { cardVaultUrl currencyCode acceptedCardBrands } } }")
    vault_url = settings["shop"]["paymentSettings"]["cardVaultUrl"]
    if vault_url != base_url.rstrip("/") + "/sessions" or settings["shop"]["paymentSettings"]["currencyCode"] != "CAD":
        fail(f"payment settings: {settings}")

    created = shop.execute(
        f"mutation Create($input: CheckoutCreateInput!) {{ checkoutCreate(input: $input) {{ {CHECKOUT_FIELDS} }} }}",
        {"input": {"lineItems": [{"variantId": gid("ProductVariant", 12), "quantity": 2},
                                 {"variantId": gid("ProductVariant", 31), "quantity": 1}]}})
    expect_no_user_errors(created, "checkoutCreate")
    checkout = created["checkoutCreate"]["checkout"]
    if checkout["ready"] is not False or checkout["requiresShipping"] is not True:
        fail(f"new checkout: {checkout}")
    checkout_id = checkout["id"]

    emailed = shop.execute(
        f"mutation Email($id: ID!, $email: String!) {{ checkoutEmailUpdateV2(checkoutId: $id, email: $email) {{ {CHECKOUT_FIELDS} }} }}",
        {"id": checkout_id, "email": "john.smith@example.com"})
    expect_no_user_errors(emailed, "checkoutEmailUpdateV2")
    addressed = shop.execute(
        "mutation Address($id: ID!, $address: MailingAddressInput!) { checkoutShippingAddressUpdateV2("
        f"checkoutId: $id, shippingAddress: $address) {{ {CHECKOUT_FIELDS} }} }}",
        {"id": checkout_id, "address": ADDRESS})
    expect_no_user_errors(addressed, "checkoutShippingAddressUpdateV2")

    rates, requests = shop.poll(
        "query Rates($id: ID!) { node(id: $id) { ... on Checkout { availableShippingRates { ready "
        "shippingRates { handle title priceV2 { amount currencyCode } } } } } }",
        {"id": checkout_id}, lambda data: data["node"]["availableShippingRates"]["ready"], limit=10)
    offered = [(rate["handle"], Decimal(rate["priceV2"]["amount"]))
               for rate in rates["node"]["availableShippingRates"]["shippingRates"]]
    if requests != 2 or offered != [("sandbox-standard-10.00", Decimal(10)), ("sandbox-express-25.00", Decimal(25))]:
        fail(f"rates after {requests} requests: {offered}")

    lined = shop.execute(
        "mutation Line($id: ID!, $handle: String!) { checkoutShippingLineUpdate(checkoutId: $id, shippingRateHandle: $handle) "
        f"{{ {CHECKOUT_FIELDS} }} }}", {"id": checkout_id, "handle": "sandbox-standard-10.00"})
    expect_no_user_errors(lined, "checkoutShippingLineUpdate")
    ready, requests = shop.poll(
        "query Ready($id: ID!) { node(id: $id) { ... on Checkout { ready totalTaxV2 { amount } totalPriceV2 { amount } "
        "totalDuties { amount } paymentDueV2 { amount currencyCode } } } }",
        {"id": checkout_id}, lambda data: data["node"]["ready"], limit=10)
    node = ready["node"]
    if (requests != 2 or Decimal(node["totalTaxV2"]["amount"]) != Decimal("32.89")
            or Decimal(node["totalPriceV2"]["amount"]) != Decimal("295.89") or node["totalDuties"] is not None):
        fail(f"ready checkout after {requests} requests: {node}")

    card = {"credit_card": {"number": "4242424242424242", "first_name": "John", "last_name": "Smith",
                            "month": "12", "year": "2030", "verification_value": "123"}}
    request = urllib.request.Request(vault_url, data=json.dumps(card).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        vault_id = json.load(response)["id"]
    if not vault_id.startswith("sbx-"):
        fail(f"vault token {vault_id}")

    # The amount exactly as the checkout reported it (a float would not survive the P5 comparison).
    payment = {"paymentAmount": node["paymentDueV2"], "idempotencyKey": str(uuid.uuid4()),
               "billingAddress": ADDRESS, "vaultId": vault_id}
    completed = shop.execute(
        "mutation Complete($id: ID!, $payment: CreditCardPaymentInputV2!) { checkoutCompleteWithCreditCardV2("
        "checkoutId: $id, payment: $payment) { payment { id ready } checkout { id ready } "
        "checkoutUserErrors { code field message } } }", {"id": checkout_id, "payment": payment})
    expect_no_user_errors(completed, "checkoutCompleteWithCreditCardV2")
    if completed["checkoutCompleteWithCreditCardV2"]["payment"]["ready"] is not False:
        fail(f"payment ready at once: {completed}")

    placed, requests = shop.poll(
        "query Order($id: ID!) { node(id: $id) { ... on Checkout { order { id orderNumber totalPriceV2 { amount } } } } }",
        {"id": checkout_id}, lambda data: data["node"]["order"] is not None, limit=30)
    order = placed["node"]["order"]
    if requests != 2 or order["orderNumber"] != 1001 or Decimal(order["totalPriceV2"]["amount"]) != Decimal("295.89"):
        fail(f"order after {requests} requests: {order}")
    print(f"ok: J2 through urllib and graphql-core: order #{order['orderNumber']}, total "
          f"{order['totalPriceV2']['amount']} CAD, {shop.requests} GraphQL requests")


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "--sandbox":
        check_sandbox_documents(load_schema(sys.argv[2]), sys.argv[3], tuple(sys.argv[4:]))
        return
    if len(sys.argv) >= 5 and sys.argv[1] == "--documents":
        check_buy_documents(load_schema(sys.argv[2]), sys.argv[3], tuple(sys.argv[4:]))
        return
    if len(sys.argv) != 4:
        fail(__doc__)
    base_url, schema_path, documents = sys.argv[1:4]
    schema = load_schema(schema_path)
    check_buy_documents(schema, documents)
    run_j2(base_url, schema)


if __name__ == "__main__":
    main()
