#!/usr/bin/env python3
"""Real-browser check of the sandbox console (`/sandbox/console`) with Playwright driving Debian's chromium.

Against a running `commercekit serve` (a fresh in-memory one is best):

1. `/` lands on the console.
2. pybutton 3.0.0 creates a Button order; the console shows it (orders table and request journal) within
   2 seconds, without a reload.
3. An ATH Móvil payment registered through the payment service's HTTP API is completed with the console's
   Complete button; the client's authorization call then answers COMPLETED, as `pay()` would see.
   A 2026-04 Storefront cart is declined, then completed, with the console's Decline and Complete buttons; the
   order appears in the shop's orders and the Orders panel.
4. A fault added with the console's form makes the next matching request fail.
5. An order id `<script>alert(1)</script>` (and an `<img onerror>` one) renders as text: no dialog opens.
6. Saves a screenshot of the console (`--screenshot PATH`, for Documentation/images/console.png).

With `--token TOKEN` (a sandbox started with `--host 0.0.0.0 --control-token TOKEN`) it checks the login
instead: the console sends a browser to its login form, a wrong token is refused, the right one sets the
cookie and the console works; another site's page cannot add a fault through the browser.

Usage:
    python3 console_check.py http://127.0.0.1:8080 [--screenshot Documentation/images/console.png]
    python3 console_check.py http://127.0.0.1:8080 --token TOKEN

Needs `pip install playwright==1.49.1 pybutton==3.0.0` and the Debian package `chromium` (Playwright cannot
download its own browser here, so it is given chromium's path). Exits 0 when everything holds, 1 on the first
mismatch, 2 on a usage or set-up error.
"""
import json
import sys
import time
import uuid

from browser_support import Mismatch, expect, find_chromium, http_json, run

try:
    from playwright.sync_api import sync_playwright, expect as page_expect
    from pybutton import Client, HTTPResponseError
except ImportError as missing:  # pragma: no cover - set-up problem, not a mismatch
    print("missing %s: pip install playwright==1.49.1 pybutton==3.0.0" % missing.name, file=sys.stderr)
    sys.exit(2)


def button_order(order_id):
    return {"total": 5000, "currency": "USD", "order_id": order_id, "purchase_date": "2026-11-25T10:00:00Z",
            "customer": {"id": "console-customer"},
            "line_items": [{"identifier": "sku-console", "total": 5000, "quantity": 1}]}


def panel(page, route):
    """The console's state table for a paged route such as /sandbox/button/pages/orders."""
    return page.locator("#panel-" + route.strip("/").replace("/", "-"))


def forge_fault(context, base, path):
    """Another site (localhost is not 127.0.0.1) posts a form at /sandbox/faults in the same browser."""
    attacker = context.new_page()
    attacker.goto(base.replace("127.0.0.1", "localhost") + "/sandbox/health")
    with attacker.expect_navigation():
        attacker.evaluate("""([target, path]) => {
            const form = document.createElement("form");
            form.method = "POST"; form.action = target; form.enctype = "text/plain";
            const field = document.createElement("input");
            // text/plain sends name=value: the "=" lands inside a string of the rule's `body`.
            field.name = '{"path":"' + path + '","status":503,"body":{"a":"'; field.value = '"}}';
            form.appendChild(field); document.body.appendChild(form); form.submit();
        }""", [base + "/sandbox/faults", path])
    answer = attacker.content()
    attacker.close()
    return answer


def check_login(browser, base, token):
    """The control token's browser side: login form, cookie, and no cross-site changes."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/sandbox/console")
    expect(page.url.endswith("/sandbox/console/login"), "without the cookie the console sends the browser to its login form")
    page.fill("input[name=token]", "not-the-token")
    page.click("button[type=submit]")
    page_expect(page.locator("#login-error")).to_be_visible()
    expect(page.locator("#journal-rows").count() == 0, "a wrong token is refused")
    page.fill("input[name=token]", token)
    page.click("button[type=submit]")
    page.wait_for_url(base + "/sandbox/console")
    cookie = [c for c in page.context.cookies() if c["name"] == "commercekit_console"]
    expect(len(cookie) == 1 and cookie[0]["httpOnly"] and cookie[0]["sameSite"] == "Strict",
           "the right token logs in with an HttpOnly, SameSite=Strict cookie")
    expect(page.evaluate("document.cookie").find("commercekit_console") == -1, "page scripts cannot read the cookie")
    page.locator("#fault-add input[name=path]").fill("/v1/logged-in/")
    page.locator("#fault-add button[type=submit]").click()
    page_expect(page.locator("#fault-list")).to_contain_text("/v1/logged-in/", timeout=2000)
    print("ok   the logged-in console changes the sandbox")

    forge_fault(context, base, "/v1/forged/")
    status, faults = http_json("GET", base + "/sandbox/faults", headers={"Authorization": "Bearer " + token})
    paths = [rule["path"] for rule in faults.get("faults", [])]
    expect(status == 200 and "/v1/forged/" not in paths and "/v1/logged-in/" in paths,
           "a cross-site form post added no fault (the console's own did)")
    status, _ = http_json("POST", base + "/sandbox/reset")
    expect(status == 401, "tools without the token get 401")


def main(argv):
    if len(argv) < 2 or not argv[1].startswith("http"):
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    screenshot = argv[argv.index("--screenshot") + 1] if "--screenshot" in argv else None
    token = argv[argv.index("--token") + 1] if "--token" in argv else None
    host_port = base.split("://", 1)[1]
    host, _, port = host_port.rpartition(":")
    button = Client("sk-sandbox", {"hostname": host, "port": int(port), "secure": False, "timeout": 10})
    suffix = uuid.uuid4().hex[:8]

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(),
                                             args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        try:
            if token:
                check_login(browser, base, token)
                print("PASS: the console's login and cross-site protection work in a real browser")
                return 0
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            dialogs = []

            def on_dialog(dialog):
                # Reset's confirm() is the console's own; anything else would be injected script.
                dialogs.append(dialog.message)
                if dialog.type == "confirm" and dialog.message.startswith("Reset "):
                    dialog.accept()
                else:
                    dialog.dismiss()

            page.on("dialog", on_dialog)
            page.goto(base + "/")
            expect(page.url.endswith("/sandbox/console"), "/ redirects to the console")
            page_expect(page.locator("h1")).to_have_text("CommerceKit sandbox")

            # 1. pybutton's order appears without a reload.
            order_id = "console-" + suffix
            loaded_at = page.evaluate("performance.timeOrigin")
            button.orders.create(button_order(order_id))
            created = time.time()
            orders = panel(page, "/sandbox/button/pages/orders")
            page_expect(orders.get_by_role("cell", name=order_id, exact=True)).to_be_visible(timeout=2000)
            expect(time.time() - created <= 2.0, "the console shows pybutton's order %s within 2 s" % order_id)
            journal_row = page.locator("#journal-rows tr", has_text="/v1/order").first
            page_expect(journal_row).to_be_visible(timeout=2000)
            expect(page.evaluate("performance.timeOrigin") == loaded_at, "the page was not reloaded")
            journal_row.click()
            page_expect(page.locator("#detail-request-body")).to_contain_text(order_id)
            page_expect(page.locator("#detail-request-headers")).to_contain_text("Basic ***")
            page_expect(page.locator("#detail-curl")).to_contain_text("curl -X POST")
            expect("sk-sandbox" not in page.locator("#journal-detail").inner_text(),
                   "the request detail shows the body and a curl line with the API key redacted")

            # 2. An ATH Móvil payment completed from its console button.
            status, registered = http_json("POST", base + "/api/business-transaction/ecommerce/payment", {
                "env": "sandbox", "publicToken": "dummy", "total": 12.5, "subtotal": 10, "tax": 2.5, "timeout": 600,
                "metadata1": "console-" + suffix, "metadata2": "", "phoneNumber": "",
                "items": [{"name": "Console Mug", "price": 10, "quantity": 1, "desc": "", "description": "", "metadata": ""}]})
            expect(status == 200 and registered.get("status") == "success", "the ATH Móvil payment service registered a payment")
            ecommerce_id = registered["data"]["ecommerceId"]
            payments = panel(page, "/sandbox/athmovil/pages/payments")
            row = payments.locator("tr", has=page.get_by_role("cell", name=ecommerce_id, exact=True))
            page_expect(row).to_be_visible(timeout=2000)
            page_expect(row.get_by_role("cell", name="OPEN", exact=True)).to_be_visible()
            row.get_by_role("button", name="Complete").click()
            page_expect(row.get_by_role("cell", name="CONFIRM", exact=True)).to_be_visible(timeout=2000)
            status, authorized = http_json("POST", base + "/api/business-transaction/ecommerce/authorization", {},
                                           {"Authorization": "Bearer " + registered["data"]["auth_token"]})
            expect(status == 200 and authorized.get("data", {}).get("ecommerceStatus") == "COMPLETED",
                   "after Complete in the console the client's authorization answers COMPLETED")

            # 2b. A Storefront 2026-04 cart declined, then completed, from its console buttons.
            status, cart = http_json("POST", base + "/api/2026-04/graphql.json", {
                "query": 'mutation { cartCreate(input: {lines: [{merchandiseId: "%s", quantity: 2}], '
                         'buyerIdentity: {email: "console-%s@example.com"}}) { cart { id } } }'
                         % ("Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ==", suffix)},
                {"X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"})
            expect(status == 200 and cart["data"]["cartCreate"]["cart"], "a 2026-04 cartCreate made a cart")
            carts = panel(page, "/sandbox/storefront/carts")
            email = "console-%s@example.com" % suffix
            row = carts.locator("tr", has=page.get_by_role("cell", name=email, exact=True))
            page_expect(row).to_be_visible(timeout=2000)
            page_expect(row.get_by_role("cell", name="178.0", exact=True)).to_be_visible()
            row.get_by_role("button", name="Decline").click()
            page_expect(page.locator("#control-status")).to_have_text("Decline: Card was declined", timeout=2000)
            row.get_by_role("button", name="Complete").click()
            page_expect(page.locator("#control-status")).to_contain_text("Complete: done (order #", timeout=2000)
            order_name = page.locator("#control-status").inner_text().split("order ")[1].rstrip(")")
            status, shop_orders = http_json("GET", base + "/sandbox/storefront/shops/1/orders")
            placed = [o for o in shop_orders if o["name"] == order_name]
            expect(status == 200 and len(placed) == 1 and placed[0]["email"] == email
                   and placed[0]["totalPrice"] == "188.0",
                   "Complete in the console placed order %s (178.00 + Standard 10.00) for the cart's buyer" % order_name)
            page_expect(panel(page, "/sandbox/storefront/pages/orders").get_by_role(
                "cell", name=order_name, exact=True)).to_be_visible(timeout=2000)
            page_expect(row).to_have_count(0, timeout=2000)
            print("ok   the Orders panel shows %s and the paid cart left the open carts" % order_name)

            # 3. A fault added on the page makes the next request fail.
            form = page.locator("#fault-add")
            form.locator("select[name=method]").select_option("GET")
            form.locator("input[name=path]").fill("/v1/order/")
            form.locator("input[name=status]").fill("503")
            form.locator("button[type=submit]").click()
            page_expect(page.locator("#fault-list")).to_contain_text("GET /v1/order/ → 503 (1 left)", timeout=2000)
            try:
                button.orders.get(order_id)
                raise Mismatch("the request after the console's fault succeeded")
            except HTTPResponseError as error:
                expect(error.status_code == 503, "the fault added on the page made pybutton's next GET fail with 503")
            button.orders.get(order_id)
            print("ok   the fault caught one request only")
            page_expect(page.locator("#journal-rows tr", has_text="503").first).to_be_visible(timeout=2000)
            forge_fault(page.context, base, "/v1/forged/")
            status, faults = http_json("GET", base + "/sandbox/faults")
            expect(status == 200 and "/v1/forged/" not in [rule["path"] for rule in faults["faults"]],
                   "on loopback too, another site's form post cannot add a fault")

            # 4. Hostile order ids are text.
            hostile = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>"]
            for hostile_id in hostile:
                button.orders.create(button_order(hostile_id))
            for hostile_id in hostile:
                page_expect(orders.get_by_role("cell", name=hostile_id, exact=True)).to_be_visible(timeout=2000)
            page.locator("#journal-rows tr", has_text="/v1/order").first.click()
            page_expect(page.locator("#detail-request-body")).to_contain_text("<img src=x onerror=alert(2)>")
            page.wait_for_timeout(500)
            expect(page.locator("#panels script, #journal script, #panels img, #journal img").count() == 0,
                   "no element was made from the hostile ids")
            expect(dialogs == [], "the <script> order id rendered as text and no dialog opened")

            # 5. The screenshot for the README, at a width that shows both panes.
            if screenshot:
                page.set_viewport_size({"width": 1280, "height": 1000})
                page.locator("#journal-rows tr", has_text="503").first.click()
                page_expect(page.locator("#detail-meta")).to_contain_text("503")
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(300)
                page.screenshot(path=screenshot, full_page=False)
                print("ok   saved " + screenshot)

            # 6. The other controls: clock, credentials, reset (its confirm() is the console's own dialog).
            page.locator("#clock-advance input[name=amount]").fill("2")
            page.locator("#clock-advance select[name=unit]").select_option("days")
            page.locator("#clock-advance button[type=submit]").click()
            page_expect(page.locator("#clock-now")).to_contain_text("offset 172800", timeout=2000)
            status, clock = http_json("GET", base + "/sandbox/clock")
            expect(status == 200 and round(clock.get("offset_seconds", 0)) == 172800, "Advance moved the sandbox clock 2 days")
            page.locator("#clock-freeze").click()
            page_expect(page.locator("#clock-now")).to_contain_text("(frozen)", timeout=2000)
            status, clock = http_json("GET", base + "/sandbox/clock")
            expect(clock.get("frozen") is True, "Freeze stopped the sandbox clock")
            page.locator("#clock-real").click()
            page_expect(page.locator("#clock-now")).not_to_contain_text("offset", timeout=2000)
            page.locator("#credentials-copy").click()
            page_expect(page.locator("#credentials")).to_contain_text("sk-sandbox", timeout=2000)
            print("ok   the test credentials are shown for copying")
            page.locator("#reset-form select[name=service]").select_option("button")
            page.locator("#reset-form button[type=submit]").click()
            page_expect(orders.get_by_role("cell", name=order_id, exact=True)).to_have_count(0, timeout=3000)
            expect(dialogs == ["Reset button? Its data is re-seeded and its journal cleared."], "Reset asked first, then emptied Button's orders")

            # 7. The world picker: a session's console, with its own journal and state only.
            status, session = http_json("POST", base + "/sandbox/sessions", {"name": "console-" + suffix})
            expect(status == 201, "a session was created")
            session_client = Client("sk-sandbox", {"hostname": host, "port": session["port"], "secure": False})
            session_order = "in-session-" + suffix
            session_client.orders.create(button_order(session_order))
            page.reload()
            page.locator("#worlds").get_by_role("link", name="console-%s (%s)" % (suffix, session["id"])).click()
            page_expect(page.locator("#base-url")).to_have_text(session["base_url"], timeout=3000)
            page_expect(page.locator("#worlds a[aria-current=page]")).to_contain_text(session["id"])
            session_orders = panel(page, "/sandbox/button/pages/orders")
            page_expect(session_orders.get_by_role("cell", name=session_order, exact=True)).to_be_visible(timeout=2000)
            page_expect(page.locator("#journal-rows tr", has_text="/v1/order")).to_have_count(1, timeout=2000)
            page_expect(session_orders.get_by_role("cell", name=order_id, exact=True)).to_have_count(0)
            page.locator("#worlds").get_by_role("link", name="main").click()
            page_expect(page.locator("#base-url")).to_have_text(base, timeout=3000)
            page_expect(orders.get_by_role("cell", name=session_order, exact=True)).to_have_count(0, timeout=2000)
            print("ok   the console's world picker switches to a session and back; journal and state follow")

            # 8. Phone width: the page still fits and works.
            page.set_viewport_size({"width": 390, "height": 844})
            width = page.evaluate("document.documentElement.scrollWidth")
            expect(width <= 400, "at phone width (390 px) the page does not scroll sideways (%s px)" % width)
        finally:
            browser.close()
    print("PASS: the sandbox console works in a real browser")
    return 0


if __name__ == "__main__":
    run(main, sys.argv)
