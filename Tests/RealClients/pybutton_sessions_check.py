#!/usr/bin/env python3
"""Runs the unmodified pybutton 3.0.0 client in two sandbox sessions at once (Documentation/Testing.md): each
session is its own port of the same sandbox, and each sees only its own orders and requests.

Usage:
    python3 pybutton_sessions_check.py HOST PORT     (the sandbox's main port)

Exits with status 1 on the first mismatch (2 on a set-up error).
"""
import json
import sys
import threading
import urllib.request

try:
    from pybutton import Client, HTTPResponseError
except ImportError:  # pragma: no cover - set-up problem, not a mismatch
    print("pybutton is not installed: pip install pybutton==3.0.0", file=sys.stderr)
    sys.exit(2)

ORDERS_PER_SESSION = 10


def call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
        return response.status, (json.loads(text) if text else None)


def fail(message):
    print("MISMATCH: " + message)
    sys.exit(1)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, port = argv[1], int(argv[2])
    base = "http://{0}:{1}".format(host, port)
    # The main world may already hold other checks' requests; none may be added by what happens in the sessions.
    _, before = call("GET", base + "/sandbox/requests?limit=1000")
    sessions = []
    for name in ("left", "right"):
        status, body = call("POST", base + "/sandbox/sessions", {"name": name})
        if status != 201:
            fail("creating session {0}: HTTP {1}".format(name, status))
        sessions.append(body)
        print("session {0}: {1}".format(name, body["base_url"]))

    errors = []

    def journey(session):
        try:
            client = Client("sk-sandbox", {"hostname": host, "port": session["port"], "secure": False})
            for index in range(ORDERS_PER_SESSION):
                order_id = "{0}-{1}".format(session["name"], index)
                created = client.orders.create({
                    "order_id": order_id, "total": 100 + index, "currency": "USD",
                    "purchase_date": "2026-11-01T00:00:00Z",
                }).data()
                if created["order_id"] != order_id:
                    errors.append("{0}: created {1}".format(order_id, created))
                if client.orders.get(order_id).data()["total"] != 100 + index:
                    errors.append("{0}: read back a different total".format(order_id))
        except Exception as error:  # noqa: BLE001 - report any failure of the client
            errors.append("{0}: {1!r}".format(session["name"], error))

    threads = [threading.Thread(target=journey, args=(session,)) for session in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        fail("; ".join(errors))

    for session, other in ((sessions[0], sessions[1]), (sessions[1], sessions[0])):
        _, journal = call("GET", session["base_url"] + "/sandbox/requests?limit=1000")
        paths = [entry["path"] for entry in journal["requests"]]
        if len(paths) != 2 * ORDERS_PER_SESSION or any(other["name"] in path for path in paths):
            fail("{0}'s journal holds {1}".format(session["name"], paths))
        client = Client("sk-sandbox", {"hostname": host, "port": session["port"], "secure": False})
        try:
            client.orders.get("{0}-0".format(other["name"]))
            fail("{0} sees {1}'s order".format(session["name"], other["name"]))
        except HTTPResponseError as error:
            if "404" not in str(error) and "not found" not in str(error).lower():
                fail("{0}: unexpected error {1}".format(session["name"], error))
        print("{0}: {1} orders, {2} requests in its journal, none of {3}'s".format(
            session["name"], ORDERS_PER_SESSION, len(paths), other["name"]))

    _, after = call("GET", base + "/sandbox/requests?limit=1000")
    added = [entry["path"] for entry in after["requests"] if entry["id"] not in {e["id"] for e in before["requests"]}]
    if added:
        fail("the main world logged requests made in the sessions: {0}".format(added))
    for session in sessions:
        status, _ = call("DELETE", "{0}/sandbox/sessions/{1}".format(base, session["id"]))
        if status != 204:
            fail("deleting {0}: HTTP {1}".format(session["id"], status))
    print("pybutton in two sessions at once: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
