#!/usr/bin/env python3
"""Checks that every spec citation in the code resolves in Documentation/Rules/.

Comments and test names cite section numbers (`§5.9`) and rule ids (`K7`, `U13`, `J2`) of each service's
rules. The vendor specifications they came from are not part of the repository, so Documentation/Rules/<Service>.md
restates what the code relies on, keeping the same numbers. This script makes sure every citation in a Swift,
Python or shell file under Sources/ and Tests/ names a heading or a table row of its service's rules document.

A file's service comes from its path (see SERVICE_BY_PATH). A line that names a document itself
("Rules/Storefront.md §4.2", "spec rezolve.md §6.1") is checked against that document instead.

Usage: scripts/check-doc-references.py [--root DIR] [--list]   (--list prints what each document defines)
Exit status 1 when a citation does not resolve, printed as `path:line: §x.y not in Documentation/Rules/X.md`.
Python 3 standard library only.
"""

import os
import re
import sys

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES_DIR = os.path.join("Documentation", "Rules")
SERVICES = ("Button", "ATHMovil", "Paytronix", "Storefront", "Rezolve")
SCANNED_SUFFIXES = (".swift", ".py", ".sh")

# First matching path prefix wins; services' own folders come first.
SERVICE_BY_PATH = [
    ("Sources/ButtonSandbox/", "Button"),
    ("Sources/ATHMovilSandbox/", "ATHMovil"),
    ("Sources/PaytronixSandbox/", "Paytronix"),
    ("Sources/StorefrontSandbox/", "Storefront"),
    ("Sources/RezolveSandbox/", "Rezolve"),
    ("Tests/ButtonSandboxTests/", "Button"),
    ("Tests/ATHMovilSandboxTests/", "ATHMovil"),
    ("Tests/PaytronixSandboxTests/", "Paytronix"),
    ("Tests/StorefrontSandboxTests/", "Storefront"),
    ("Tests/RezolveSandboxTests/", "Rezolve"),
    ("Sources/ButtonMerchant/", "Button"),
    ("Sources/ButtonOrders/", "Button"),
    ("Tests/ButtonMerchantTests/", "Button"),
    ("Tests/ButtonOrdersTests/", "Button"),
    ("Sources/ATHMovilCheckout/", "ATHMovil"),
    ("Tests/ATHMovilCheckoutTests/", "ATHMovil"),
    ("Sources/PaytronixPush/", "Paytronix"),
    ("Tests/PaytronixPushTests/", "Paytronix"),
    ("Sources/Buy/", "Storefront"),
    ("Sources/Pay/", "Storefront"),
    ("Sources/StorefrontCodegen/", "Storefront"),
    ("Sources/Storefront2026_04/", "Storefront"),
    ("Tests/Storefront2026_04Tests/", "Storefront"),
    ("Tests/BuyTests/", "Storefront"),
    ("Tests/PayTests/", "Storefront"),
    ("Tests/StorefrontCodegenTests/", "Storefront"),
    ("Sources/RezolveSDK/", "Rezolve"),
    ("Sources/RezolvePartnerServer/", "Rezolve"),
    ("Tests/RezolveSDKTests/", "Rezolve"),
    ("Tests/RezolvePartnerServerTests/", "Rezolve"),
    ("Sources/commercekit/Codegen", "Storefront"),
    ("Sources/commercekit/Storefront", "Storefront"),
    ("Tests/RealClients/pybutton", "Button"),
    ("Tests/RealClients/athmovil", "ATHMovil"),
    ("Tests/RealClients/rezolve", "Rezolve"),
    ("Tests/RealClients/storefront", "Storefront"),
    ("Tests/RealClients/paytronix", "Paytronix"),
]
# Tests/*/<Service>/, Sources/commercekit/<Service>*.swift, ...
SERVICE_FOLDER = re.compile(r"(?:^|/)(" + "|".join(SERVICES) + r")(?:/|[A-Z][A-Za-z]*\.(?:swift|py|sh)$)")

# A document named on the line itself: "Rules/Storefront.md", "spec rezolve.md", "button.md §7".
NAMED_DOCUMENT = re.compile(r"\b(?:Rules/)?(" + "|".join(SERVICES) + r")\.md\b", re.IGNORECASE)

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
# Sections of other standards ("RFC 9110 §15.2") are not ours.
FOREIGN_SECTION = re.compile(r"\b(?:RFC|ISO|IEEE|ECMA|X\.)\s?[\d.-]+\s*§\s?[\d.]+$")
RULE_ID = re.compile(r"(?<![A-Za-z0-9_{+.#%\\-])([A-Z]{1,2}\d{1,3})(?![A-Za-z0-9_}])")
# Tokens shaped like rule ids that are something else: algorithm and format names, date-time
# fragments, GraphQL fragment names in test documents, and pybutton_check's own control-plane step label.
NOT_RULE_IDS = {"HS256", "HS384", "HS512", "RS256", "ES256", "X509", "BD09", "MP4", "MD5", "T00", "CP1"}
NOT_RULE_CONTEXT = re.compile(r"(?:fragment\s+|\.\.\.)$")
# In a rules document, "D9–D11" in a first table cell defines D9, D10 and D11.
RULE_RANGE = re.compile(r"\b([A-Z]{1,2})(\d{1,3})\s*[–-]\s*(?:\1)?(\d{1,3})\b")


def family_of(rule_id):
    return re.match(r"[A-Z]+", rule_id).group(0)


def service_of(path):
    for prefix, service in SERVICE_BY_PATH:
        if path.startswith(prefix):
            return service
    match = SERVICE_FOLDER.search(path)
    return match.group(1) if match else None


def rule_ids_in(text):
    """The rule ids a heading or a first table cell defines; a range such as `D9–D11` defines each id in it."""
    ids = set(RULE_ID.findall(text))
    for family, first, last in RULE_RANGE.findall(text):
        if int(first) <= int(last) <= int(first) + 50:
            ids.update(f"{family}{number}" for number in range(int(first), int(last) + 1))
    return ids


def anchors_of(document_text):
    """The section numbers (from headings) and rule ids (from headings and table rows' first cells)."""
    sections, rules = set(), set()
    for line in document_text.splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            title = heading.group(1)
            number = re.match(r"§\s?(\d+(?:\.\d+)*)", title)
            if number:
                sections.add(number.group(1))
            rules.update(rule_ids_in(title))
        elif line.startswith("|"):
            cells = line.strip().strip("|").split("|")
            if cells:
                # "| K7 |", "| K7, K8 |", "| **K7** |"
                rules.update(rule_ids_in(cells[0]))
    return sections, rules


def load_documents(root):
    documents = {}
    for service in SERVICES:
        path = os.path.join(root, RULES_DIR, service + ".md")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                documents[service] = anchors_of(handle.read())
    return documents


def scanned_files(root):
    for top in ("Sources", "Tests"):
        for folder, subfolders, names in os.walk(os.path.join(root, top)):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            for name in sorted(names):
                if name.endswith(SCANNED_SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")


def citations_on(line):
    """(kind, value) pairs: ("§", "5.9") and ("rule", "K7")."""
    found = []
    for match in SECTION.finditer(line):
        if FOREIGN_SECTION.search(line[: match.end()]):
            continue
        found.append(("§", match.group(1)))
    for match in RULE_ID.finditer(line):
        token = match.group(1)
        if token in NOT_RULE_IDS or NOT_RULE_CONTEXT.search(line[: match.start()]):
            continue
        if re.search(r"\d\s*[-:]\s*$", line[: match.start()]) and token.startswith("T"):
            continue  # "2026-01-01T00:00"
        found.append(("rule", token))
    return found


def unresolved_citations(root):
    """Every citation under root/Sources and root/Tests that its rules document does not define."""
    documents = load_documents(root)
    problems = []
    for path in scanned_files(root):
        file_service = service_of(path)
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
        for number, line in enumerate(lines, start=1):
            citations = citations_on(line)
            if not citations:
                continue
            named = NAMED_DOCUMENT.search(line)
            service = next((s for s in SERVICES if named and s.lower() == named.group(1).lower()), file_service)
            if service is None:
                # Rule-id-shaped tokens in files of no service are not citations; a § is.
                for kind, value in citations:
                    if kind == "§":
                        problems.append(f"{path}:{number}: §{value} cites no service (name the document, "
                                        f"e.g. Rules/Storefront.md §{value})")
                continue
            document = f"{RULES_DIR}/{service}.md".replace(os.sep, "/")
            if service not in documents:
                problems.append(f"{path}:{number}: cites {document}, which does not exist")
                continue
            sections, rules = documents[service]
            # A token of a letter family the document does not use (a test's "P1" phone id, a generated
            # enum case such as M2) is data, not a citation.
            families = {family_of(rule) for rule in rules}
            for kind, value in citations:
                if kind == "§" and value not in sections:
                    problems.append(f"{path}:{number}: §{value} not in {document}")
                elif kind == "rule" and value not in rules and family_of(value) in families:
                    problems.append(f"{path}:{number}: {value} not in {document}")
    return problems


def main(arguments):
    root = DEFAULT_ROOT
    if "--root" in arguments:
        index = arguments.index("--root") + 1
        if index >= len(arguments):
            print("--root needs a directory", file=sys.stderr)
            return 2
        root = arguments[index]
    if "--list" in arguments:
        for service, (sections, rules) in sorted(load_documents(root).items()):
            print(f"{service}: {len(sections)} sections, {len(rules)} rule ids")
        return 0
    problems = unresolved_citations(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} unresolved citation(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
