#!/usr/bin/env python3
"""Real-browser journey through the Storefront sandbox's 2026-04 hosted checkout (`Cart.checkoutUrl`).

With 2026-04 GraphQL over urllib: signs a customer up (customerCreate, customerAccessTokenCreate) and creates a
cart with two lines, a hostile note and attribute, and the customer's access token. Then, in headless Chromium
driven by Playwright at phone width: opens the cart's checkoutUrl, checks every input is labelled and the note
and attribute are shown as text, fills contact and address through their labels, lists the delivery options of
that address and picks one; pays with no card (the error sits under the card field, the entered values stay),
card 2 (declined) and card 3 (gateway error), checking after each that nothing was written (no order for the
customer on 2026-04 nor 2021-10, stock unchanged); then card 1, whose confirmation page names the order that
both API versions now list for the customer with the page's total.

Usage:
    python3 storefront_checkout_browser_check.py http://127.0.0.1:8080

Needs Debian's `chromium` and Playwright 1.49.1 (given chromium's path: it cannot download its own browser
here); .ci/run installs both. Exits 0 when everything matches, 1 on the first mismatch, 2 on a set-up error.
"""
import json
import re
import sys
import urllib.error
import urllib.request

from browser_support import Mismatch, expect, find_chromium, run

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("playwright is not installed: pip install playwright==1.49.1", file=sys.stderr)
    sys.exit(2)

TOKEN = "sandbox-storefront-token"
HOSTILE = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'
ADDRESS = {"First name": "Ada", "Last name": "Lovelace", "Address": "1 Main St", "City": "Toronto",
           "Province or state": "ON", "Country code (CA, US or GB deliver)": "CA", "Postal or ZIP code": "M5V 1A1"}


class Storefront:
    """GraphQL over urllib on one API version."""

    def __init__(self, base, version):
        self.url = f"{base}/api/{version}/graphql.json"

    def __call__(self, document, variables=None):
        body = json.dumps({"query": document, "variables": variables or {}}).encode()
        request = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json", "Accept": "application/json",
            "X-Shopify-Storefront-Access-Token": TOKEN})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                answer = json.load(response)
        except urllib.error.HTTPError as error:
            raise Mismatch(f"{self.url}: HTTP {error.code}: {error.read()[:300]!r}")
        if answer.get("errors"):
            raise Mismatch(f"{self.url}: GraphQL errors {answer['errors']}")
        return answer["data"]


def cents(amount):
    return round(float(amount) * 100)


def main():
    if len(sys.argv) != 2 or not sys.argv[1].startswith("http"):
        print(__doc__, file=sys.stderr)
        return 2
    base = sys.argv[1].rstrip("/")
    new, old = Storefront(base, "2026-04"), Storefront(base, "2021-10")

    created = new("""mutation($input: CustomerCreateInput!) {
        customerCreate(input: $input) { customer { id } customerUserErrors { code field message } } }""",
                  {"input": {"email": "browser@example.com", "password": "hunter22", "firstName": "Ada"}})
    expect(created["customerCreate"]["customerUserErrors"] == [], "customerCreate on 2026-04 signed the customer up")
    signed_in = new("""mutation($input: CustomerAccessTokenCreateInput!) {
        customerAccessTokenCreate(input: $input) { customerAccessToken { accessToken } customerUserErrors { code } } }""",
                    {"input": {"email": "browser@example.com", "password": "hunter22"}})
    access_token = signed_in["customerAccessTokenCreate"]["customerAccessToken"]["accessToken"]
    expect(bool(access_token), "customerAccessTokenCreate on 2026-04 gave an access token")

    catalogue = new("{ products(first: 2) { nodes { title variants(first: 1) { nodes { id price { amount } } } } } }")
    products = [(node["title"], node["variants"]["nodes"][0]) for node in catalogue["products"]["nodes"]]
    variant_ids = [variant["id"] for _, variant in products]
    quantities = [2, 1]
    subtotal = sum(cents(variant["price"]["amount"]) * quantity for (_, variant), quantity in zip(products, quantities))

    def stock():
        nodes = new("query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { quantityAvailable } } }",
                    {"ids": variant_ids})["nodes"]
        return [node["quantityAvailable"] for node in nodes]

    stock_before = stock()
    cart = new("""mutation($input: CartInput!) {
        cartCreate(input: $input) { cart { id checkoutUrl buyerIdentity { customer { email } } } userErrors { message } } }""",
               {"input": {"lines": [{"merchandiseId": v, "quantity": q} for v, q in zip(variant_ids, quantities)],
                          "note": HOSTILE, "attributes": [{"key": "gift<b>", "value": HOSTILE}],
                          "buyerIdentity": {"customerAccessToken": access_token}}})["cartCreate"]
    expect(cart["userErrors"] == [], "cartCreate on 2026-04 made a cart with two lines for the customer")
    checkout_url = cart["cart"]["checkoutUrl"]
    expect(checkout_url.startswith(base + "/cart/c/") and checkout_url.endswith("/checkout"),
           "checkoutUrl is the sandbox's hosted checkout")

    def orders():
        newer = new("query($t: String!) { customer(customerAccessToken: $t) { orders(first: 5) { nodes { name "
                    "totalPrice { amount } } } } }", {"t": access_token})["customer"]["orders"]["nodes"]
        older = old("query($t: String!) { customer(customerAccessToken: $t) { orders(first: 5) { edges { node { name "
                    "totalPriceV2 { amount } } } } } }", {"t": access_token})["customer"]["orders"]["edges"]
        return ([(o["name"], cents(o["totalPrice"]["amount"])) for o in newer],
                [(e["node"]["name"], cents(e["node"]["totalPriceV2"]["amount"])) for e in older])

    def nothing_written(after):
        expect(orders() == ([], []), f"after {after} the customer has no orders on 2026-04 nor 2021-10")
        expect(stock() == stock_before, f"after {after} the stock is unchanged ({stock_before})")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(),
                                             args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            response = page.goto(checkout_url)
            expect(response.status == 200 and "Checkout" in page.title(), "the checkout page opened")
            expect(page.evaluate("document.documentElement.scrollWidth") <= 390, "the page fits a phone's width")
            lines = page.inner_text("#lines")
            expect(all(title in lines for title, _ in products), "the page lists the cart's lines")
            expect(page.inner_text("#note") == "Note: " + HOSTILE, "the hostile note is shown as text")
            expect(HOSTILE in page.inner_text("#attributes") and "gift<b>" in page.inner_text("#attributes"),
                   "the hostile attribute is shown as text")
            expect(page.evaluate("window.__pwned") is None and page.locator("#note *, #attributes b").count() == 0,
                   "nothing in the note or attribute ran or became markup")
            unlabelled = page.evaluate("""[...document.querySelectorAll('input')]
                .filter(i => i.type !== 'hidden' && i.labels.length === 0).map(i => i.name)""")
            expect(unlabelled == [], "every input has a label")

            expect(page.get_by_label("Email", exact=True).input_value() == "browser@example.com",
                   "the signed-in customer's email is filled in")
            for label, value in ADDRESS.items():
                page.get_by_label(label, exact=True).fill(value)
            page.get_by_role("button", name="Update delivery options").click()
            options = page.inner_text("#delivery-options")
            expect("Standard: 10.00 CAD" in options and "Express: 25.00 CAD" in options,
                   "the delivery options of a Canadian address are listed with their prices")
            expect(page.get_by_label("City", exact=True).input_value() == "Toronto", "the address stayed filled in")
            page.get_by_label(re.compile("^Express")).check()

            page.get_by_role("button", name="Pay now").click()
            expect("Use test card 1" in page.inner_text("#error-card"), "no card number: the error is under the card field")
            expect(page.get_by_label("Card number").get_attribute("aria-describedby").endswith("error-card"),
                   "the card input points at its error")
            expect(page.get_by_label("Postal or ZIP code", exact=True).input_value() == "M5V 1A1"
                   and page.get_by_label(re.compile("^Express")).is_checked(),
                   "after the refusal the address and delivery choice are kept")

            for card, heading in (("2", "Card declined"), ("3", "Payment gateway error")):
                page.get_by_label("Card number").fill(card)
                with page.expect_response(lambda r: r.request.method == "POST") as answered:
                    page.get_by_role("button", name="Pay now").click()
                expect(answered.value.status == 402, f"card {card} was refused (402)")
                expect(heading in page.inner_text("#payment-error"), f"card {card}: the page says {heading!r}")
                expect(page.get_by_label("Email", exact=True).input_value() == "browser@example.com"
                       and page.get_by_label(re.compile("^Express")).is_checked(),
                       f"card {card}: the entered values are kept")
                nothing_written(f"card {card}")

            total_shown = page.inner_text("#total")
            page.get_by_label("Card number").fill("1")
            page.get_by_role("button", name="Pay now").click()
            name = page.inner_text("#order-name")
            expect(re.fullmatch(r"#\d+", name) is not None, f"card 1: the confirmation page names order {name}")
            expected_total = subtotal + 2500
            expect(cents(page.inner_text("#order-total").split()[0]) == expected_total
                   and cents(total_shown.split()[0]) == expected_total,
                   f"the form and the confirmation show the total {expected_total / 100:.2f} (lines + Express)")
            expect(page.locator("#back-to-shop").count() == 1 and page.locator("#order-status").count() == 1,
                   "the confirmation links to the order status and back to the shop")
            expect(page.evaluate("document.documentElement.scrollWidth") <= 390, "the confirmation fits a phone's width")
            newer, older = orders()
            expect(newer == [(name, expected_total)], f"2026-04 lists {name} for the customer with that total")
            expect(older == [(name, expected_total)], f"2021-10 lists {name} for the customer with that total")
            expect(stock() == [s - q for s, q in zip(stock_before, quantities)], "the order took the stock")
            expect(page.goto(checkout_url).status == 404, "the paid cart's checkout is gone")
        finally:
            browser.close()
    print("PASS: the 2026-04 hosted checkout works in a real browser")
    return 0


if __name__ == "__main__":
    run(main)
