#!/usr/bin/env python3
"""Runs Button journey J2 (steps 1-8, plus the Node-parity step 9) and the pybutton cases of J3 (spec
button.md §7, with the §6.1 vectors that pybutton can show) against a running CommerceKit sandbox, using the
unmodified pybutton 3.0.0 client.

Usage:
    python3 pybutton_check.py HOST PORT
    python3 pybutton_check.py HOST:PORT
    python3 pybutton_check.py http://HOST:PORT

Set-up:
    python3 -m venv /tmp/pyb && /tmp/pyb/bin/pip install pybutton==3.0.0
    swift run commercekit serve --port 18181 --in-memory &
    /tmp/pyb/bin/python Tests/RealClients/pybutton_check.py 127.0.0.1 18181

The script first calls POST /sandbox/button/reset so that it can run against any sandbox. It prints every
step and exits with status 1 on the first mismatch (2 on a usage or set-up error).

J2 steps 3 and 5 are ButtonOrders steps in the spec; here pybutton performs the same reads and writes, so the
sandbox side of those steps is still checked. The EndToEnd tests also run J2 as the spec orders it, with
PYBUTTON_STEPS selecting the pybutton steps and ButtonOrders doing steps 3 and 5 in between.
"""
from __future__ import print_function

import hashlib
import json
import os
import sys
import urllib.error
import urllib.request

try:
    import pybutton
    import pybutton.request as pybutton_request
    from pybutton import Client, HTTPResponseError
except ImportError:  # pragma: no cover - set-up problem, not a mismatch
    print("pybutton is not installed: pip install pybutton==3.0.0", file=sys.stderr)
    sys.exit(2)


class Mismatch(Exception):
    pass


def parse_target(argv):
    if len(argv) == 3:
        return argv[1], int(argv[2])
    if len(argv) == 2:
        target = argv[1]
        if "://" in target:
            target = target.split("://", 1)[1]
        target = target.rstrip("/")
        host, _, port = target.rpartition(":")
        if host and port.isdigit():
            return host.strip("[]"), int(port)
    print(__doc__, file=sys.stderr)
    sys.exit(2)


HOST, PORT = parse_target(sys.argv)
BASE = "http://{0}:{1}".format(HOST if ":" not in HOST else "[" + HOST + "]", PORT)
STEP_COUNT = [0]


# PYBUTTON_STEPS=J2.1,J2.2 runs only the named steps, so a caller can interleave another client between them
# (the Swift journey test runs J2 steps 3 and 5 through ButtonOrders this way).
ONLY_STEPS = set(filter(None, os.environ.get("PYBUTTON_STEPS", "").split(",")))


def step(name):
    """Decorator-free step runner: prints the step, runs it, and stops the script on a mismatch."""
    def run(function):
        if ONLY_STEPS and name not in ONLY_STEPS:
            return function
        STEP_COUNT[0] += 1
        print("[{0}] {1} ...".format(name, function.__doc__.strip() if function.__doc__ else function.__name__), end=" ")
        sys.stdout.flush()
        try:
            detail = function()
        except Mismatch as error:
            print("MISMATCH")
            print("    " + str(error))
            sys.exit(1)
        except Exception as error:  # an unexpected exception is a mismatch too
            print("FAILED")
            print("    unexpected {0}: {1}".format(type(error).__name__, error))
            sys.exit(1)
        print("ok" + (" ({0})".format(detail) if detail else ""))
        return function
    return run


def expect(actual, expected, what):
    if actual != expected:
        raise Mismatch("{0}: expected {1!r}, got {2!r}".format(what, expected, actual))


def expect_error(call, status, message=None, contains=None):
    """Runs a pybutton call that must raise HTTPResponseError with this status and message."""
    try:
        call()
    except HTTPResponseError as error:
        expect(error.status_code, status, "status_code")
        if message is not None:
            expect(str(error), message, "message")
        if contains is not None and contains not in str(error):
            raise Mismatch("message {0!r} does not contain {1!r}".format(str(error), contains))
        return "{0} {1}".format(error.status_code, error)
    raise Mismatch("expected HTTPResponseError {0}, but the call succeeded".format(status))


def control(method, path, body=None):
    """Calls a sandbox control route (or any route) over raw HTTP and returns (status, JSON)."""
    data = json.dumps(body).encode("utf8") if body is not None else None
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read().decode("utf8"))
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read().decode("utf8"))


class RawBody(object):
    """A body pybutton sends verbatim: lets J3.1 push the seed's invalid JSON through pybutton's own request code."""

    def __init__(self, text):
        self.text = text

    def __bool__(self):
        return True


class _RawAwareJSON(object):
    """Stands in for the json module inside pybutton.request: dumps a RawBody as its text, anything else as usual."""

    def __getattr__(self, name):
        return getattr(json, name)

    @staticmethod
    def dumps(value, *args, **kwargs):
        if isinstance(value, RawBody):
            return value.text
        return json.dumps(value, *args, **kwargs)


pybutton_request.json = _RawAwareJSON()

EMAIL_SHA256 = hashlib.sha256("user@example.com".lower().strip().encode("utf8")).hexdigest()
OPENSSL_OUTPUT = "SHA2-256(stdin)= " + EMAIL_SHA256

SEED_CREATE = {
    "total": 5000,
    "currency": "USD",
    "order_id": "1989",
    "purchase_date": "2017-07-01T00:00:00Z",
    "finalization_date": "2017-08-02T19:26:08Z",
    "btn_ref": "srctok-XXX",
    "line_items": [
        {"identifier": "sku-123", "total": 2000, "amount": 2000, "quantity": 1, "description": "pillow"},
        {"identifier": "sku-456", "total": 3000, "amount": 3000, "quantity": 1, "description": "sheet"},
    ],
    "customer": {"id": "mycustomer-1234", "email_sha256": EMAIL_SHA256},
    "customer_order_id": "abcdef-123456",
}

SEED_UPDATE = {
    "total": 8000,
    "currency": "USD",
    "order_id": "1989",
    "purchase_date": "2017-07-01T00:00:00Z",
    "finalization_date": "2017-08-02T19:26:08Z",
    "line_items": [
        {"identifier": "sku-789", "total": 5000, "amount": 5000, "quantity": 1, "description": "mattress"},
        {"identifier": "sku-012", "total": 3000, "amount": 3000, "quantity": 1, "description": "cover"},
    ],
    "customer": {"id": "mycustomer-1234", "email_sha256": EMAIL_SHA256},
    "customer_order_id": "abcdef-123456",
}

# The seed's curl body exactly as printed: no comma after "amount": 2000 (S6), and the openssl prefix (S7).
SEED_LITERAL = """{
    "total": 5000,
    "currency": "USD",
    "order_id": "1989",
    "purchase_date": "2017-07-01T00:00:00Z",
    "finalization_date": "2017-08-02T19:26:08Z",
    "btn_ref": "srctok-XXX",
    "line_items": [
      {
        "identifier": "sku-123",
        "total": 2000,
        "amount": 2000
        "quantity": 1,
        "description": "pillow"
      }
    ],
    "customer": {
      "id": "mycustomer-1234",
      "email_sha256": "%s"
    },
    "customer_order_id": "abcdef-123456"
  }""" % OPENSSL_OUTPUT


def j3_body(order_id, **changes):
    body = {
        "total": 1000, "currency": "USD", "order_id": order_id, "purchase_date": "2017-07-01T00:00:00Z",
        "line_items": [{"identifier": "sku-1", "total": 1000, "quantity": 1}],
    }
    body.update(changes)
    return body


client = Client("sk-sandbox", {"hostname": HOST, "port": PORT, "secure": False})
print("pybutton {0} against {1}".format(pybutton.__version__ if hasattr(pybutton, "__version__") else "3.0.0", BASE))


@step("setup")
def reset():
    """POST /sandbox/button/reset"""
    status, _ = control("POST", "/sandbox/button/reset")
    expect(status, 200, "reset status")


# ---------------------------------------------------------------- J2

@step("J2.1")
def j2_clock():
    """clock 2017-07-01T12:00:00Z, frozen"""
    status, body = control("POST", "/sandbox/button/clock", {"now": "2017-07-01T12:00:00Z", "frozen": True})
    expect(status, 200, "clock status")
    expect(body["object"]["now"], "2017-07-01T12:00:00Z", "clock now")


created = {}


@step("J2.2")
def j2_create():
    """orders.create(<seed body, fixed>)"""
    response = client.orders.create(SEED_CREATE)
    order = response.data()
    created.update(order)
    expect(order["status"], "open", "status")
    expect(order["finalization_date"], "2017-08-02T19:26:08Z", "finalization_date")
    expect(order["btn_ref"], "srctok-XXX", "btn_ref")
    expect(order["total"], 5000, "total")
    expect(order["line_items"][0]["amount"], 2000, "line_items[0].amount")
    expect(order["customer"]["email_sha256"], EMAIL_SHA256, "customer.email_sha256")
    if not str(order["button_order_id"]).startswith("btnorder-") or len(order["button_order_id"]) != 25:
        raise Mismatch("button_order_id {0!r} is not btnorder- + 16 hex".format(order["button_order_id"]))
    return order["button_order_id"]


@step("J2.3")
def j2_get():
    """orders.get('1989') equals the created total, line_items and customer.email_sha256"""
    order = client.orders.get("1989").data()
    expect(order["total"], created["total"], "total")
    expect(order["line_items"], created["line_items"], "line_items")
    expect(order["customer"]["email_sha256"], created["customer"]["email_sha256"], "customer.email_sha256")


@step("J2.4")
def j2_update():
    """orders.update('1989', <seed update body>) -> total 8000, two versions"""
    order = client.orders.update("1989", SEED_UPDATE).data()
    expect(order["total"], 8000, "total")
    expect([item["identifier"] for item in order["line_items"]], ["sku-789", "sku-012"], "line item identifiers")
    expect(order["btn_ref"], "srctok-XXX", "btn_ref kept")
    status, body = control("GET", "/sandbox/button/organizations/org-sandbox/orders/1989")
    expect(status, 200, "inspection status")
    expect(len(body["object"]["versions"]), 2, "versions")


@step("J2.5")
def j2_partial_return():
    """partial return: update with one line item (sku-789, 5000), total 5000"""
    order = client.orders.update("1989", {
        "total": 5000, "currency": "USD", "order_id": "1989", "purchase_date": "2017-07-01T00:00:00Z",
        "line_items": [{"identifier": "sku-789", "total": 5000, "quantity": 1, "description": "mattress"}],
        "customer": {"id": "mycustomer-1234", "email_sha256": EMAIL_SHA256},
    }).data()
    expect(order["total"], 5000, "total")
    expect(len(order["line_items"]), 1, "line_items count")


@step("J2.6")
def j2_delete():
    """orders.delete('1989') -> None; GET shows deleted; a second delete is 200"""
    response = client.orders.delete("1989")
    expect(response.data(), None, "delete data()")
    expect(repr(response), "<class pybutton.Response>", "repr")
    expect(client.orders.get("1989").data()["status"], "deleted", "status after delete")
    expect(client.orders.delete("1989").data(), None, "second delete data()")


@step("J2.7")
def j2_update_deleted():
    """orders.update('1989', {...}) -> 409 'Order 1989 has been deleted'"""
    return expect_error(lambda: client.orders.update("1989", dict(SEED_UPDATE)), 409, "Order 1989 has been deleted")


@step("J2.8")
def j2_create_again():
    """orders.create({... 'order_id': '1989' ...}) -> 409 'Order 1989 already exists'"""
    return expect_error(lambda: client.orders.create(dict(SEED_CREATE)), 409, "Order 1989 already exists")


@step("J2.9")
def j2_btn_ref():
    """(Node parity, raw HTTP) GET /v1/order/btn-ref/srctok-XXX -> one deleted order"""
    request = urllib.request.Request(BASE + "/v1/order/btn-ref/srctok-XXX")
    request.add_header("Authorization", "Basic c2stc2FuZGJveDo=")
    with urllib.request.urlopen(request, timeout=10) as response:
        body = json.loads(response.read().decode("utf8"))
    expect([order["status"] for order in body["objects"]], ["deleted"], "objects")


# ---------------------------------------------------------------- J3 (pybutton cases)

@step("J3.1")
def j3_literal_body():
    """create with the seed's literal curl body (missing comma) -> 400 'Request body is not valid JSON'"""
    return expect_error(lambda: client.orders.create(RawBody(SEED_LITERAL)), 400, "Request body is not valid JSON")


@step("J3.2")
def j3_openssl_hash():
    """email_sha256 'SHA2-256(stdin)= b4c9...' -> 400 naming customer.email_sha256"""
    body = j3_body("j3-2", customer={"id": "mycustomer-1234", "email_sha256": OPENSSL_OUTPUT})
    return expect_error(lambda: client.orders.create(body), 400, contains="customer.email_sha256")


@step("J3.3")
def j3_test_token():
    """btn_ref 'fakesrctok-XYZ' -> 400 O13"""
    return expect_error(lambda: client.orders.create(j3_body("j3-3", btn_ref="fakesrctok-XYZ")), 400,
                        "test tokens must match ^fakesrctok-[a-f0-9]{16}$")


@step("J3.4")
def j3_quantity():
    """quantity 0 -> 400 L5"""
    body = j3_body("j3-4", line_items=[{"identifier": "sku-1", "total": 1000, "quantity": 0}])
    return expect_error(lambda: client.orders.create(body), 400, "line_items[0].quantity must be an integer of at least 1")


@step("J3.5")
def j3_category():
    """category with 8 levels -> 400 L8"""
    body = j3_body("j3-5", line_items=[{"identifier": "sku-1", "total": 1000, "category": ["c%d" % i for i in range(8)]}])
    return expect_error(lambda: client.orders.create(body), 400,
                        "line_items[0].category must be a list of at most 7 non-empty strings")


@step("J3.6")
def j3_duplicate():
    """duplicate line-item identifier -> 400 L2"""
    body = j3_body("j3-6", line_items=[{"identifier": "sku-1", "total": 500}, {"identifier": "sku-1", "total": 500}])
    return expect_error(lambda: client.orders.create(body), 400,
                        "line_items[1].identifier duplicates line_items[0].identifier")


@step("J3.9")
def j3_wrong_key():
    """key sk-wrong -> 401 'Invalid API key'"""
    wrong = Client("sk-wrong", {"hostname": HOST, "port": PORT, "secure": False})
    return expect_error(lambda: wrong.orders.get("1989"), 401, "Invalid API key")


@step("J3.x")
def j3_nothing_created():
    """none of the rejected J3 bodies created an order"""
    for order_id in ["j3-2", "j3-3", "j3-4", "j3-5", "j3-6"]:
        expect_error(lambda: client.orders.get(order_id), 404, "Order {0} not found".format(order_id))


# ---------------------------------------------------------------- §6.1 vectors pybutton can show

@step("6.1.3")
def empty_update():
    """orders.update('1989', {}) sends no body -> 400 'Request body is required'"""
    return expect_error(lambda: client.orders.update("1989", {}), 400, "Request body is required")


@step("6.1.5")
def unknown_order():
    """orders.get('nope') -> 404 'Order nope not found'"""
    return expect_error(lambda: client.orders.get("nope"), 404, "Order nope not found")


@step("6.1.x")
def slash_in_id():
    """an order id with '/' round-trips through pybutton's unescaped path"""
    client.orders.create(j3_body("A/B-1"))
    expect(client.orders.get("A/B-1").data()["order_id"], "A/B-1", "order_id")


@step("R2")
def get_without_id():
    """orders.get('') -> GET /v1/order -> 405"""
    return expect_error(lambda: client.orders.get(""), 405, "Method GET is not allowed on /v1/order")


@step("CP1")
def general_fault():
    """a rule on the sandbox's general /sandbox/faults route reaches pybutton as Button's own error, once"""
    status, rule = control("POST", "/sandbox/faults", {"method": "POST", "path": "/v1/order", "count": 1, "status": 503})
    expect(status, 201, "fault route status")
    answer = expect_error(lambda: client.orders.create(j3_body("cp-fault-1")), 503, "Injected fault")
    expect(client.orders.create(j3_body("cp-fault-1")).data()["order_id"], "cp-fault-1", "order after the fault")
    status, journal = control("GET", "/sandbox/requests?service=button&path=/v1/order&status=503")
    expect(status, 200, "journal status")
    expect([entry["path"] for entry in journal["requests"]][:1], ["/v1/order"], "journaled 503")
    return answer + " (rule " + rule["id"] + ")"


print("All {0} steps passed.".format(STEP_COUNT[0]))
