#!/usr/bin/env python3
"""Real-browser check of the ATH Móvil sandbox's simulated app page (spec athmovil.md §5.3, §5.7).

Creates a secure `dummy` payment through the sandbox's HTTP API, opens the `mobileSecure` hand-off link in
headless Chromium (driven over the DevTools protocol), checks what the page shows, clicks **Pay**, and checks
that the redirect goes to the merchant's scheme with the `athm_payment_data` the sandbox recorded for that
payment: a version-3.0 reply with status `completed`, the payment's amounts and the simulated customer.

Usage:
    python3 athmovil_browser_check.py http://127.0.0.1:8080

Needs the Debian package `chromium` and the PyPI package `websocket-client`; athmovil_browser_check.sh
installs both. Exits 0 when everything matches, 1 on the first mismatch, 2 on a usage or set-up error.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

try:
    import websocket  # websocket-client
except ImportError:
    print("websocket-client is not installed: pip install websocket-client", file=sys.stderr)
    sys.exit(2)

SCHEME = "athm-browser-check"


class Mismatch(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Mismatch(message)
    print("ok   " + message)


def http_json(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    print("Chromium not found: apt-get install -y chromium", file=sys.stderr)
    sys.exit(2)


class Browser:
    """Headless Chromium with one page, spoken to over the DevTools protocol."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="athm-chromium-")
        self.process = subprocess.Popen(
            [find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-port=0", "--user-data-dir=" + self.profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.process.poll() is not None:
                self.close()
                print("Chromium did not start", file=sys.stderr)
                sys.exit(2)
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0].strip()
        with urllib.request.urlopen("http://127.0.0.1:%s/json/list" % port, timeout=10) as response:
            pages = [t for t in json.loads(response.read()) if t.get("type") == "page"]
        self.socket = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=10)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        message_id = self.next_id
        self.socket.send(json.dumps({"id": message_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == message_id:
                if "error" in message:
                    raise Mismatch("%s failed: %s" % (method, message["error"]))
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, predicate, seconds=15):
        """Returns the first event (already seen or arriving) that satisfies predicate, or None."""
        deadline = time.time() + seconds
        while True:
            for event in self.events:
                if predicate(event):
                    return event
            remaining = deadline - time.time()
            if remaining <= 0:
                return None
            self.socket.settimeout(remaining)
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                return None
            finally:
                self.socket.settimeout(10)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def location_of(event):
    """The Location of a 303 seen in a DevTools event, if the event carries one."""
    params = event.get("params", {})
    method = event.get("method")
    if method == "Network.requestWillBeSent" and params.get("redirectResponse", {}).get("status") == 303:
        return params.get("request", {}).get("url")
    if method == "Network.responseReceivedExtraInfo" and params.get("statusCode") == 303:
        headers = {k.lower(): v for k, v in params.get("headers", {}).items()}
        return headers.get("location")
    if method == "Network.responseReceived" and params.get("response", {}).get("status") == 303:
        headers = {k.lower(): v for k, v in params["response"].get("headers", {}).items()}
        return headers.get("location")
    return None


def main():
    if len(sys.argv) != 2 or not sys.argv[1].startswith("http"):
        print(__doc__, file=sys.stderr)
        return 2
    base = sys.argv[1].rstrip("/")

    status, created = http_json("POST", base + "/api/business-transaction/ecommerce/payment", {
        "env": "sandbox", "publicToken": "dummy", "total": 20.5, "subtotal": 18, "tax": 2.5, "timeout": 600,
        "metadata1": "browser-check", "metadata2": "", "phoneNumber": "",
        "items": [{"name": "Browser Shirt", "price": 9, "quantity": 2, "desc": "Blue", "description": "Blue", "metadata": ""}],
    })
    expect(status == 200 and created.get("status") == "success", "the payment service registered the payment")
    ecommerce_id = created["data"]["ecommerceId"]
    transaction_data = json.dumps({
        "ecommerceId": ecommerce_id, "expiresIn": 600, "phoneNumber": "", "publicToken": "dummy",
        "scheme": SCHEME, "timeout": 600, "version": "3.0"}, separators=(",", ":"), sort_keys=True)
    link = base + "/e-commerce/mobileSecure?" + urllib.parse.urlencode({"transaction_data": transaction_data},
                                                                        quote_via=urllib.parse.quote)

    browser = Browser()
    try:
        browser.call("Network.enable")
        browser.call("Page.enable")
        browser.call("Page.navigate", url=link)
        expect(browser.wait_for(lambda e: e.get("method") == "Page.loadEventFired") is not None, "the hand-off page loaded")
        text = browser.evaluate("document.body.innerText") or ""
        expect("Dummy Business" in text, "the page names the business")
        expect("Browser Shirt" in text and "$20.50" in text and "$2.50" in text, "the page shows the item, total and tax")
        expect("Simulated payment" in text, "the page says the dummy payment needs no credentials")
        expect(browser.evaluate("!!document.getElementById('approve') && !!document.getElementById('cancel')"),
               "the page has Pay and Cancel buttons")

        browser.evaluate("document.getElementById('approve').click()")
        event = browser.wait_for(lambda e: location_of(e) is not None)
        expect(event is not None, "clicking Pay answered with a 303 redirect")
        location = location_of(event)
        expect(location.startswith(SCHEME + "://?athm_payment_data="), "the redirect goes to the merchant's scheme")

        query = urllib.parse.urlsplit(location).query
        raw = query[len("athm_payment_data="):]
        expect("+" not in raw, "the reply is strictly percent-encoded (no bare '+')")
        reply = json.loads(urllib.parse.unquote(raw))
        expect(reply.get("version") == "3.0" and reply.get("status") == "completed", "the reply is a completed v3.0 reply")
        expect(reply.get("total") == 20.5 and reply.get("subtotal") == 18 and reply.get("tax") == 2.5,
               "the reply echoes the amounts")
        expect(reply.get("metadata1") == "browser-check", "the reply echoes metadata1")
        expect(reply.get("items", [{}])[0].get("name") == "Browser Shirt" and reply["items"][0].get("description") == "Blue",
               "the reply echoes the items with desc and description")
        expect(reply.get("name") == "Valeria Herrero" and reply.get("phoneNumber") == "(787) 123-4567",
               "the reply carries the simulated customer")
        expect(reply.get("referenceNumber") == "" and reply.get("dailyTransactionID") == 0,
               "a secure approval leaves the reference to /authorization")

        status, record = http_json("GET", base + "/sandbox/athmovil/payments/" + ecommerce_id)
        expect(status == 200 and record.get("state") == "CONFIRM", "the sandbox moved the payment to CONFIRM")
        expect(record.get("callbackURLs", [])[-1:] == [location], "the redirect is the reply URL the sandbox recorded")
    finally:
        browser.close()
    print("PASS: the simulated ATH Móvil app works in a real browser")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Mismatch as mismatch:
        print("FAIL " + str(mismatch), file=sys.stderr)
        sys.exit(1)
