#!/usr/bin/env python3
"""Compares two recordings of the sandbox's wire traffic, modulo ids and times.

A recording is what the sandbox writes with `--wire-log FILE` or COMMERCEKIT_WIRE_LOG=FILE: one JSON object per
exchange (method, raw path, query, request headers and body, status, response headers and body). Recording the
whole test suite before and after a change to the server and comparing the two shows that the same requests got
the same statuses, headers and bodies:

    COMMERCEKIT_WIRE_LOG=/tmp/before.ndjson swift test     # on the old commit
    COMMERCEKIT_WIRE_LOG=/tmp/after.ndjson swift test      # on the new one
    scripts/wire-corpus.py compare /tmp/before.ndjson /tmp/after.ndjson
    scripts/wire-corpus.py summary /tmp/before.ndjson

`swift test --filter SandboxTests` instead records only the sandbox's own test targets (CommerceSandboxTests and the
five <Service>SandboxTests), without the client modules' end-to-end journeys.

Tests run in parallel, so exchanges are compared as a multiset, not in order. Values that differ between any two
runs (UUIDs, tokens, JWTs, times, ports, durations) are replaced by placeholders first. Record the old commit twice
to see what noise remains (tests that race the wall clock); `compare --baseline` takes that second recording and
only reports differences beyond it.
"""

import argparse
import base64
import collections
import difflib
import json
import re
import sys
import urllib.parse

# Order matters: JWTs before tokens, UUIDs and times before plain digit runs.
PATTERNS = [
    (re.compile(r"-----BEGIN ([A-Z ]+)-----.*?-----END \1-----", re.S), r"<pem \1>"),
    (re.compile(r"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*"), "<jwt>"),
    (re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"), "<uuid>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"), "<time>"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "<date>"),
    (re.compile(r"\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?"), "<time>"),  # ATH Móvil's reply dates
    (re.compile(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT"), "<httpdate>"),
    (re.compile(r"(127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0)(:|%3A)\d+"), r"\1\2<port>"),
    (re.compile(r"/tmp/[^\s\"']+"), "<tmp>"),
    (re.compile(r"\b[0-9a-fA-F]{16,}\b"), "<hex>"),
    (re.compile(r"Expires in \d+ min \d+ s"), "Expires in <duration>"),  # ATH Móvil's app page counts down
    (re.compile(r"\d+\.\d{4,}(e-?\d+)?"), "<float>"),
    (re.compile(r"\b\d{9,}\b"), "<number>"),
]

# JSON members whose values are random or measured: their values are replaced, wherever they appear.
VOLATILE_KEYS = {"registrationCode", "generatedRegistrationCode", "access_token", "refresh_token", "offset_seconds", "duration_ms", "durationSeconds", "wall_time"}

# Headers whose values depend on the run, not on the server's behaviour.
VOLATILE_HEADERS = {"content-length", "date", "x-request-start", "connection", "host"}


# Random tokens: long runs of letters and digits with at least one of each (a plain word is kept). One linear
# scan per run; a lookahead pattern would go quadratic on the long base64 bodies some tests send.
TOKEN_RUN = re.compile(r"[A-Za-z0-9_+=-]{20,}")
HAS_DIGIT = re.compile(r"\d")
HAS_LETTER = re.compile(r"[A-Za-z]")
# Short random hex ids (`fault-4d355d6df721`): eight or more hex digits with a digit and a letter among them.
HEX_RUN = re.compile(r"\b[0-9a-fA-F]{8,}\b")
HAS_HEX_LETTER = re.compile(r"[a-fA-F]")


def hex_id(match):
    run = match.group(0)
    return "<hex>" if HAS_DIGIT.search(run) and HAS_HEX_LETTER.search(run) else run


# A whole JSON string of base64 (encrypted card fields): `/` and `+` may appear inside it.
BASE64_STRING = re.compile(r'"[A-Za-z0-9+/=_-]{16,}"')


def base64_string(match):
    run = match.group(0)
    return '"<base64>"' if HAS_DIGIT.search(run) and HAS_LETTER.search(run) else run


def token(match):
    run = match.group(0)
    return "<token>" if HAS_DIGIT.search(run) and HAS_LETTER.search(run) else run


def scrub(text):
    for pattern, placeholder in PATTERNS[:-2]:
        text = pattern.sub(placeholder, text)
    text = BASE64_STRING.sub(base64_string, text)
    text = TOKEN_RUN.sub(token, text)
    text = HEX_RUN.sub(hex_id, text)
    for pattern, placeholder in PATTERNS[-2:]:
        text = pattern.sub(placeholder, text)
    return text


def body_text(entry, key):
    if key in entry:
        text = entry[key]
        try:
            # Keep the members' order (a wire property); only the spacing is made canonical.
            value = without_volatile(json.loads(text))
            return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        except ValueError:
            # Escaped, so an exchange stays one block of six lines.
            return json.dumps(text, ensure_ascii=False)
    if key + "Base64" in entry:
        return "<%d bytes>" % len(base64.b64decode(entry[key + "Base64"]))
    return ""


def without_volatile(value):
    if isinstance(value, dict):
        return {k: "<%s>" % k if k in VOLATILE_KEYS else without_volatile(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_volatile(item) for item in value]
    return value


def headers_text(pairs):
    kept = [(name.lower(), value) for name, value in pairs if name.lower() not in VOLATILE_HEADERS]
    return " | ".join("%s: %s" % pair for pair in sorted(kept))


def normalize(entry):
    """One exchange as a comparable block of text."""
    target = entry["path"] + ("?" + entry["query"] if entry.get("query") else "")
    lines = [
        "%s %s" % (entry["method"], target),
        "> " + headers_text(entry.get("requestHeaders", [])),
        "> " + body_text(entry, "requestBody"),
        "< %d%s" % (entry["status"], " (connection dropped)" if entry.get("dropped") else ""),
        "< " + headers_text(entry.get("responseHeaders", [])),
        "< " + body_text(entry, "responseBody"),
    ]
    # Decoded, so ids and dates inside percent-encoded URLs (redirects, callback links) are recognised too.
    return scrub(urllib.parse.unquote("\n".join(lines)))


def load(path):
    exchanges = collections.Counter()
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                exchanges[normalize(json.loads(line))] += 1
            except (ValueError, KeyError) as error:
                sys.exit("%s:%d: not a wire-log line (%s)" % (path, number, error))
    return exchanges


def first_line(block):
    return block.split("\n", 1)[0]


def summary(args):
    exchanges = load(args.recording)
    by_area = collections.Counter()
    statuses = collections.Counter()
    for block, count in exchanges.items():
        request = first_line(block)
        segments = request.split(" ", 1)[1].split("?")[0].strip("/").split("/")
        area = "/".join(segments[:2]) if segments[0] in ("sandbox", "api") else segments[0] or "/"
        by_area[area] += count
        statuses[block.split("\n")[3][2:5]] += count
    print("%d exchanges, %d distinct after normalizing" % (sum(exchanges.values()), len(exchanges)))
    print("statuses: " + ", ".join("%s × %d" % item for item in sorted(statuses.items())))
    for area, count in by_area.most_common():
        print("  %6d  /%s" % (count, area))


def compare(args):
    before, after = load(args.before), load(args.after)
    missing, extra = before - after, after - before
    if args.baseline:
        # What differs between two recordings of the same commit is noise; subtract it from both sides.
        noise = load(args.baseline)
        noisy = {first_line(block) for block in (before - noise) + (noise - before)}
        missing = collections.Counter({b: c for b, c in missing.items() if first_line(b) not in noisy})
        extra = collections.Counter({b: c for b, c in extra.items() if first_line(b) not in noisy})
        print("noise: %d request lines differ between the two recordings of the old commit" % len(noisy))
    total = sum(before.values())
    print(
        "%d exchanges before, %d after; %d only before, %d only after"
        % (total, sum(after.values()), sum(missing.values()), sum(extra.values()))
    )
    extra_by_request = collections.defaultdict(list)
    for block in extra:
        extra_by_request[first_line(block)].append(block)
    for shown, block in enumerate(sorted(missing)):
        if shown >= args.show:
            print("… and %d more distinct exchanges" % (len(missing) - shown))
            break
        print("\n=== only before: " + first_line(block))
        partners = extra_by_request.get(first_line(block))
        if partners:
            diff = difflib.unified_diff(block.split("\n"), partners[0].split("\n"), "before", "after", lineterm="")
            print("\n".join(diff))
        else:
            print(block[:2000])
    unmatched_extra = [b for b in extra if first_line(b) not in {first_line(m) for m in missing}]
    for block in sorted(unmatched_extra)[: args.show]:
        print("\n=== only after: " + first_line(block) + "\n" + block[:2000])
    return 1 if missing or extra else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    summarize = commands.add_parser("summary", help="count a recording's exchanges by area and status")
    summarize.add_argument("recording")
    comparing = commands.add_parser("compare", help="exchanges of BEFORE missing from AFTER and the reverse")
    comparing.add_argument("before")
    comparing.add_argument("after")
    comparing.add_argument("--baseline", help="a second recording of the old commit: its differences are noise")
    comparing.add_argument("--show", type=int, default=10, help="differences to print (default 10)")
    args = parser.parse_args()
    if args.command == "summary":
        summary(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
