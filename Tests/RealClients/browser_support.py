"""What the browser checks (athmovil_browser_check, console_check, storefront_checkout_browser_check) share: the
failure type and its reporting, JSON over urllib, and finding Debian's chromium for Playwright."""

import json
import shutil
import sys
import urllib.error
import urllib.request


class Mismatch(Exception):
    """The sandbox did something other than the check expected."""


def expect(condition, message):
    if not condition:
        raise Mismatch(message)
    print("ok   " + message)


def http_json(method, url, body=None, headers=None):
    """(status, parsed JSON body) of one request; an HTTP error status is an answer, not an exception."""
    data = None if body is None else json.dumps(body).encode()
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    request = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def find_chromium():
    """Debian's chromium (Playwright cannot download browsers here); exit 2 when it is missing."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    print("Chromium not found: apt-get install -y chromium", file=sys.stderr)
    sys.exit(2)


def run(main, *args):
    """Runs a check's main: its exit status, or 1 with the mismatch on stderr."""
    try:
        sys.exit(main(*args))
    except Mismatch as mismatch:
        print("FAIL " + str(mismatch), file=sys.stderr)
        sys.exit(1)
