"""Kill -9 a served sandbox under load and check that every order it acknowledged is there after a restart.

usage: durability_check.py <commercekit binary> <data dir>

Eight threads create Button orders (POST /v1/order) as fast as the server answers; once the load runs, the
server gets SIGKILL mid-stream. A fresh server on the same data directory must then return every order that
was answered 200 before the kill. Orders whose answers were lost in the kill may or may not exist.

Before the kill the server also has a live session with an order and a snapshot: sessions are ephemeral, so the
restarted server has none (and no leftover session folder), while the acknowledged snapshot is there.
"""
import base64
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

BINARY, DATA = sys.argv[1], sys.argv[2]
AUTH = "Basic " + base64.b64encode(b"sk-sandbox:").decode()


def start():
    log = open(os.path.join(DATA, "serve.log"), "a")
    process = subprocess.Popen([BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", DATA],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(150):
        time.sleep(0.1)
        with open(os.path.join(DATA, "serve.log")) as text:
            found = re.findall(r"listening on (http://[^ \n]+)", text.read())
        if found:
            url = found[-1]
            try:
                urllib.request.urlopen(url + "/sandbox/health", timeout=2).read()
                return process, url
            except OSError:
                continue
    raise SystemExit("sandbox did not start")


def call(url, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Authorization": AUTH, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, json.loads(response.read())


process, url = start()
status, session = call(url, "POST", "/sandbox/sessions", {"name": "before-kill"})
assert status == 201, status
status, _ = call(session["base_url"], "POST", "/v1/order", {"order_id": "in-session", "total": 100, "currency": "USD",
                                                            "purchase_date": "2026-01-01T00:00:00Z"})
assert status == 200, status
status, _ = call(url, "POST", "/sandbox/snapshots", {"name": "before-kill"})
assert status == 201, status
assert os.listdir(os.path.join(DATA, "sessions")) == [session["id"]], "the session keeps its database on disk"
acknowledged = []
lock = threading.Lock()
stop = threading.Event()


def load(worker):
    number = 0
    while not stop.is_set():
        number += 1
        order_id = "dur-{0}-{1}".format(worker, number)
        body = {"order_id": order_id, "total": 100, "currency": "USD", "purchase_date": "2026-01-01T00:00:00Z",
                "line_items": [{"identifier": "sku", "total": 100, "quantity": 1}]}
        try:
            status, _ = call(url, "POST", "/v1/order", body)
        except (OSError, urllib.error.URLError):
            return  # the server is gone
        if status == 200:
            with lock:
                acknowledged.append(order_id)


threads = [threading.Thread(target=load, args=(worker,)) for worker in range(8)]
for thread in threads:
    thread.start()
time.sleep(2.0)
process.send_signal(signal.SIGKILL)
process.wait()
stop.set()
for thread in threads:
    thread.join()
if len(acknowledged) < 100:
    raise SystemExit("too little load before the kill: {0} orders".format(len(acknowledged)))

process, url = start()
try:
    missing = []
    for order_id in acknowledged:
        try:
            call(url, "GET", "/v1/order/" + order_id)
        except urllib.error.HTTPError as error:
            missing.append((order_id, error.code))
    if missing:
        raise SystemExit("{0} of {1} acknowledged orders lost: {2}".format(len(missing), len(acknowledged), missing[:5]))
    print("All {0} acknowledged orders survived kill -9.".format(len(acknowledged)))
    _, sessions = call(url, "GET", "/sandbox/sessions")
    leftover = os.path.join(DATA, "sessions")
    if sessions["sessions"] or (os.path.isdir(leftover) and os.listdir(leftover)):
        raise SystemExit("a session outlived kill -9: {0}".format(sessions))
    _, snapshots = call(url, "GET", "/sandbox/snapshots")
    if [snapshot["name"] for snapshot in snapshots["snapshots"]] != ["before-kill"]:
        raise SystemExit("the acknowledged snapshot is not there after kill -9: {0}".format(snapshots))
    print("After kill -9: no session and no session folder (sessions are ephemeral); the snapshot is there.")
finally:
    process.kill()
