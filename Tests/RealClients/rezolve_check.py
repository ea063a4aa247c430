#!/usr/bin/env python3
"""Checks CommerceKit's Rezolve JWTs and the sandbox's Rezolve registration with third-party code: PyJWT for
the tokens and urllib for HTTP.

Usage:
    python3 rezolve_check.py http://HOST:PORT [PATH/TO/commercekit]

Set-up:
    python3 -m venv /tmp/rz && /tmp/rz/bin/pip install PyJWT
    swift run commercekit serve --port 18182 --in-memory &
    /tmp/rz/bin/python Tests/RealClients/rezolve_check.py http://127.0.0.1:18182 "$(swift build --show-bin-path)/commercekit"

(a) PyJWT verifies the two JWT vectors of spec rezolve.md §6.1 and, given the commercekit binary, login JWTs
    minted by RezolvePartnerServer (`commercekit rezolve login-token`): the vector's inputs must give the
    vector byte for byte, and a token for the customer registered in (b) must verify with that partner's
    key and open the customer's routes. The sandbox must also accept registration and login tokens minted
    by PyJWT.
(b) J1 step 1 (spec §7) over plain HTTP: a new partner, then registering user-42 twice gives the same entity,
    201 the first time and 200 the second.

Prints every step; exits 1 on the first mismatch, 2 on a usage or set-up error.
"""
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings

try:
    import jwt
except ImportError:  # pragma: no cover - set-up problem, not a mismatch
    print("PyJWT is not installed: pip install PyJWT", file=sys.stderr)
    sys.exit(2)

# The spec's sandbox keys are shorter than PyJWT's recommended 64 bytes for HS512; that is expected here.
warnings.filterwarnings("ignore", message=r".*HMAC key is .* bytes long.*")

SEEDED_AUTH_KEY = "commercekit-sandbox-partner-auth-key-0001"
VECTOR_EXP = 1520869470
DEVICE_ID = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"
REGISTRATION_VECTOR = (
    "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9."
    "eyJyZXpvbHZlX2VudGl0eV9pZCI6IjpOT05FOiIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwfQ."
    "hZD9NDAACRkpi_5jQDjNXw7pW21NTDIJmRshGCEDJgDTdlLFBv-Bu09LdjY1UdezETFTyvJhqkq0WCr3LFpXWw"
)
LOGIN_VECTOR = (
    "eyJhdXRoIjoidjIiLCJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9."
    "eyJyZXpvbHZlX2VudGl0eV9pZCI6ImVudGl0eTEyMyIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwLCJkZXZp"
    "Y2VfaWQiOiI1RTBDMUQ3QS0zQjhFLTRGNEItOUM1NS0yRDNBOUYxQjdDMTAifQ."
    "ds7GBHn_s5r3vhCb15GZggBb8E_ODAZPlp6di3oAf-v92ZcT8vS4857Yr2wIAwtuA-E9jTGxkgCVCRXx-2jrLg"
)


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok   " + message)


def call(base, method, path, body=None, headers=None):
    """Returns (status, parsed JSON or None, headers); HTTP errors are answers, not exceptions."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw, answer_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, answer_headers = error.code, error.read(), error.headers
    try:
        parsed = json.loads(raw.decode("utf-8")) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, answer_headers


def check_vectors():
    header = jwt.get_unverified_header(REGISTRATION_VECTOR)
    check(header == {"alg": "HS512", "typ": "JWT"}, "registration vector header is HS512 without auth")
    claims = jwt.decode(REGISTRATION_VECTOR, SEEDED_AUTH_KEY, algorithms=["HS512"], options={"verify_exp": False})
    check(claims == {"rezolve_entity_id": ":NONE:", "partner_entity_id": "123", "exp": VECTOR_EXP},
          "PyJWT verifies the registration vector's HS512 signature and claims")

    header = jwt.get_unverified_header(LOGIN_VECTOR)
    check(header == {"auth": "v2", "alg": "HS512", "typ": "JWT"}, "login vector header carries auth v2")
    claims = jwt.decode(LOGIN_VECTOR, SEEDED_AUTH_KEY, algorithms=["HS512"], options={"verify_exp": False})
    check(claims == {"rezolve_entity_id": "entity123", "partner_entity_id": "123", "exp": VECTOR_EXP,
                     "device_id": DEVICE_ID},
          "PyJWT verifies the login vector's signature and claims")

    try:
        jwt.decode(LOGIN_VECTOR, SEEDED_AUTH_KEY, algorithms=["HS512"])
        fail("PyJWT accepted the long-expired login vector")
    except jwt.ExpiredSignatureError:
        check(True, "PyJWT sees the vector's exp (2018) as expired")
    try:
        jwt.decode(LOGIN_VECTOR, "another-auth-key", algorithms=["HS512"], options={"verify_exp": False})
        fail("PyJWT accepted the login vector with the wrong key")
    except jwt.InvalidSignatureError:
        check(True, "the login vector does not verify with another key")


def register(base, partner, partner_entity_id, email, token=None):
    if token is None:
        token = jwt.encode({"rezolve_entity_id": ":NONE:", "partner_entity_id": partner_entity_id,
                            "exp": int(time.time()) + 1800}, partner["auth_key"], algorithm="HS512")
    return call(base, "POST", "/api/v1/authentication/register", {"email": email}, {
        "x-rezolve-partner-apikey": partner["api_key"],
        "Authorization": "Bearer " + token,
    })


def minted_by_cli(cli, auth_key, entity_id, partner_entity_id, expires_at):
    """A login JWT from RezolvePartnerServer, through `commercekit rezolve login-token`."""
    output = subprocess.run([cli, "rezolve", "login-token", "--auth-key", auth_key, "--entity-id", entity_id,
                             "--partner-entity-id", partner_entity_id, "--device-id", DEVICE_ID,
                             "--expires-at", str(expires_at)], check=True, capture_output=True, text=True)
    return output.stdout.strip()


def check_cli_vector(cli):
    token = minted_by_cli(cli, SEEDED_AUTH_KEY, "entity123", "123", VECTOR_EXP)
    check(token == LOGIN_VECTOR, "RezolvePartnerServer mints the §6.1 login vector byte for byte")


def check_registration(base, cli):
    status, partner, _ = call(base, "POST", "/sandbox/rezolve/partners", {"name": "PyJWT Partner"})
    check(status == 201 and isinstance(partner, dict) and partner.get("auth_key"), "a new partner (201)")
    partner_id = str(partner["partner_id"])

    status, first, _ = register(base, partner, "user-42", "user42@example.com")
    check(status == 201, "J1.1 registering user-42 with a PyJWT token is new (201), got %s" % status)
    entity = (first or {}).get("entity_id")
    check(isinstance(entity, str) and entity, "the answer names the new entity")
    check(str(first.get("partner_id")) == partner_id, "the answer names the partner")

    status, again, _ = register(base, partner, "user-42", "user42@example.com")
    check(status == 200, "J1.1 registering user-42 again answers 200, got %s" % status)
    check((again or {}).get("entity_id") == entity, "... with the same entity")

    forged = jwt.encode({"rezolve_entity_id": ":NONE:", "partner_entity_id": "user-43",
                         "exp": int(time.time()) + 1800}, "not-the-auth-key", algorithm="HS512")
    status, refused, _ = register(base, partner, "user-43", "user43@example.com", token=forged)
    messages = [e.get("message") for e in (refused or {}).get("errors", [])]
    check(status == 403 and messages == ["Access is denied."], "a token signed with another key is 403 Access is denied.")

    login = jwt.encode({"rezolve_entity_id": entity, "partner_entity_id": "user-42", "exp": int(time.time()) + 1800,
                        "device_id": DEVICE_ID}, partner["auth_key"], algorithm="HS512", headers={"auth": "v2"})
    status, key, _ = call(base, "GET", "/api/v1/partner/%s/customer/%s/publickey" % (partner_id, entity), headers={
        "x-rezolve-partner-apikey": partner["api_key"],
        "Authorization": "Bearer " + login,
        "x-rezolve-device-id": DEVICE_ID,
    })
    check(status == 200 and "BEGIN PUBLIC KEY" in (key or {}).get("public_key", ""),
          "a PyJWT login token opens the customer's routes (public key, 200)")

    if cli is None:
        return
    expires_at = int(time.time()) + 1800
    minted = minted_by_cli(cli, partner["auth_key"], entity, "user-42", expires_at)
    check(jwt.get_unverified_header(minted) == {"auth": "v2", "alg": "HS512", "typ": "JWT"},
          "RezolvePartnerServer's login header is auth v2, HS512")
    claims = jwt.decode(minted, partner["auth_key"], algorithms=["HS512"])
    check(claims == {"rezolve_entity_id": entity, "partner_entity_id": "user-42", "exp": expires_at,
                     "device_id": DEVICE_ID},
          "PyJWT verifies RezolvePartnerServer's login token for the new customer with the partner's key")
    try:
        jwt.decode(minted, "not-the-auth-key", algorithms=["HS512"])
        fail("PyJWT accepted RezolvePartnerServer's token with another key")
    except jwt.InvalidSignatureError:
        check(True, "... and rejects it with another key")
    status, key, _ = call(base, "GET", "/api/v1/partner/%s/customer/%s/publickey" % (partner_id, entity), headers={
        "x-rezolve-partner-apikey": partner["api_key"],
        "Authorization": "Bearer " + minted,
        "x-rezolve-device-id": DEVICE_ID,
    })
    check(status == 200, "the sandbox accepts that token too (public key, 200)")


def main(argv):
    if len(argv) not in (2, 3) or not argv[1].startswith("http"):
        print(__doc__, file=sys.stderr)
        return 2
    base = argv[1].rstrip("/")
    cli = argv[2] if len(argv) == 3 else None
    print("PyJWT %s against %s" % (jwt.__version__, base))
    check_vectors()
    if cli is not None:
        check_cli_vector(cli)
    check_registration(base, cli)
    print("Done.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
