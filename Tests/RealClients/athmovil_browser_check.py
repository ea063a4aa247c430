#!/usr/bin/env python3
"""Real-browser check of the ATH Móvil sandbox's simulated app page (spec athmovil.md §5.3, §5.7).

Creates a secure `dummy` payment through the sandbox's HTTP API, opens the `mobileSecure` hand-off link in
headless Chromium (driven by Playwright), checks what the page shows, clicks **Pay**, and checks
that the redirect goes to the merchant's scheme with the `athm_payment_data` the sandbox recorded for that
payment: a version-3.0 reply with status `completed`, the payment's amounts and the simulated customer.

Usage:
    python3 athmovil_browser_check.py http://127.0.0.1:8080

Needs the Debian package `chromium` and the PyPI package `playwright` (1.49.1, given chromium's path: it
cannot download its own browser here); athmovil_browser_check.sh installs both. Exits 0 when everything
matches, 1 on the first mismatch, 2 on a usage or set-up error.
"""
import json
import sys
import urllib.parse

from browser_support import expect, find_chromium, http_json, run

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("playwright is not installed: pip install playwright==1.49.1", file=sys.stderr)
    sys.exit(2)

SCHEME = "athm-browser-check"


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

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(),
                                             args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.goto(link)
            expect(page.title() != "", "the hand-off page loaded")
            text = page.inner_text("body")
            expect("Dummy Business" in text, "the page names the business")
            expect("Browser Shirt" in text and "$20.50" in text and "$2.50" in text, "the page shows the item, total and tax")
            expect("Simulated payment" in text, "the page says the dummy payment needs no credentials")
            expect(page.locator("#approve").count() == 1 and page.locator("#cancel").count() == 1,
                   "the page has Pay and Cancel buttons")

            # The redirect goes to the merchant's URL scheme, which the browser cannot open: read the 303 itself.
            with page.expect_response(lambda response: response.status == 303) as answered:
                page.click("#approve", no_wait_after=True)
            location = answered.value.headers.get("location", "")
            expect(location != "", "clicking Pay answered with a 303 redirect")
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
    run(main)
