#!/usr/bin/env python3
"""Checks that every sandbox service is laid out alike and refers to no other service (issue 25).

Each emulated back end is a target of its own, Sources/<Service>Sandbox/ (every folder of Sources/ whose name ends in
`Sandbox`, except the ones in NON_SERVICE_TARGETS, is a service), depends on SandboxCore only, and holds:

    <Service>Service.swift   the SandboxService conformance, the only Swift file at the folder's root
    Routes/                  the vendor's route handlers
    Model/                   GRDB records, seed data and the service's store(s): all of its SQL
    Rules/                   the server-side rules (validation, formats, pricing, tokens)
    Control/                 the /sandbox/<service>/... control routes and the console's state pages
    HTTP/                    the error envelope(s) and request/response helpers

A folder outside those five is allowed only when listed in EXTRA_FOLDERS with its reason; a missing one only when
listed in MISSING_FOLDERS with its reason. The five folders are flat (no subfolders).

Control routes live in Control/: a file of Routes/ that registers a route (`router.get("/sandbox/...")`, any
method, the path a string literal) under /sandbox/ is reported, unless the path falls under one of the prefixes the
service's <Service>Service.swift declares in `publicControlPrefixes` as string literals (content served to anyone,
such as images, which is no control). A path built from a constant is not seen.

A service also must not refer to another service: no Swift file of a service target may import another service
target or CommerceSandbox (the product, which assembles the services). Beyond imports, the names a service owns are its top-level declarations
(struct, class, enum, actor, protocol, typealias, func, let, var at the start of a line) and the members its
extensions add to a type no service owns (`extension SandboxPlainError { static let paymentNotFound ... }` owns
`SandboxPlainError.paymentNotFound`). A Swift file of service X that names a type or global of service Y, or
spells out `Type.member` of Y's extension members, is reported; comments and string literals are skipped
(interpolations in strings are code). Implicit member expressions (`.paymentNotFound`) are not resolved, so such a
use is not seen. Accepted references are listed in KNOWN_CROSS_REFERENCES with a reason; a listed one that no
longer occurs is reported too, so the list stays true.

Usage: scripts/check-sandbox-layout.py [--root DIR] [--verbose] [--self-test]   (DIR: the repository, default this one)
It first plants each kind of problem in a scratch tree and fails unless it reports exactly those (--self-test stops
there). Then it prints one line per problem of the tree and exits 1 when there is any. Python 3 standard library only.
"""

import collections
import os
import re
import sys

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = "Sources"
SERVICE_SUFFIX = "Sandbox"

# Targets of Sources/ named like a service target that are not services: the product that assembles them.
NON_SERVICE_TARGETS = {"CommerceSandbox"}

REQUIRED_FOLDERS = ("Routes", "Model", "Rules", "Control", "HTTP")

# (service, folder): why the service has this part besides the five. An entry may name the subfolders it allows.
EXTRA_FOLDERS = {
    ("ATHMovil", "App"): "the simulated ATH Móvil app: the HTML pages and forms a universal link opens",
    ("Storefront", "GraphQL"): "the GraphQL engine: Execution/ (planner, executors), Schema/ (schema, resolver "
    "registry, document checks, response writer), Resolvers/ (fields and mutations: what routes are to the others)",
    ("Storefront", "Resources"): "the schema artefact, the target's resource in Package.swift (.copy(\"Resources\"))",
    ("Rezolve", "Geo"): "the geozone index: the in-memory grid, its cache, the nearest-zone rankings and the "
    "benchmark harness; its row reader and the harness read rz_geozone themselves to build the grid",
}
EXTRA_SUBFOLDERS = {
    ("Storefront", "GraphQL"): {"Execution", "Schema", "Resolvers"},
}

# (service, folder): why the service has no such folder. Empty: every service has all five.
MISSING_FOLDERS = {}

# (service, file name at the service's root): why it is there besides <Service>Service.swift.
ROOT_FILE_EXCEPTIONS = {}

# (referring service, name, owning service): why the reference is accepted.
KNOWN_CROSS_REFERENCES = {}

Lists = collections.namedtuple(
    "Lists", "extra_folders extra_subfolders missing_folders root_file_exceptions known_cross_references")
REPOSITORY_LISTS = Lists(EXTRA_FOLDERS, EXTRA_SUBFOLDERS, MISSING_FOLDERS, ROOT_FILE_EXCEPTIONS, KNOWN_CROSS_REFERENCES)

MODIFIERS = r"(?:(?:public|package|internal|fileprivate|private|final|indirect|open|nonisolated|static|class|mutating)\s+)*"
ATTRIBUTES = r"(?:@[A-Za-z_]\w*(?:\([^)]*\))?\s+)*"
TOP_LEVEL = re.compile(
    r"^" + ATTRIBUTES + MODIFIERS + r"(struct|class|enum|actor|protocol|typealias|extension|func|let|var)\s+"
    r"([A-Za-z_][\w.]*)")
MEMBER = re.compile(
    r"^    " + ATTRIBUTES + MODIFIERS + r"(?:func|let|var|case)\s+`?([A-Za-z_]\w*)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
IMPORT = re.compile(r"^\s*" + ATTRIBUTES + r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?([A-Za-z_]\w*)")


def code_only(text):
    """The text with comments and string literals blanked out (newlines kept), interpolations kept as code."""
    out = []
    i, n = 0, len(text)
    # Each entry: ("string", delimiter, raw hashes) or ("interp", paren depth).
    stack = []

    def blank(chunk):
        out.append("".join("\n" if c == "\n" else " " for c in chunk))

    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "interp":
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(text[i:end])
                i = end
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(text[i:j])
                i = j
                continue
            match = re.compile(r'(#*)("""|")').match(text, i)
            if match and (match.group(1) or text[i] == '"'):
                stack.append(("string", match.group(2), match.group(1)))
                blank(match.group(0))
                i = match.end()
                continue
            if top is not None:
                if text[i] == "(":
                    stack[-1] = ("interp", top[1] + 1)
                elif text[i] == ")":
                    if top[1] == 0:
                        stack.pop()
                        blank(")")
                        i += 1
                        continue
                    stack[-1] = ("interp", top[1] - 1)
            out.append(text[i])
            i += 1
            continue
        _, delimiter, hashes = top
        if text.startswith("\\" + hashes + "(", i):
            stack.append(("interp", 0))
            blank(text[i:i + len(hashes) + 2])
            i += len(hashes) + 2
            continue
        if text.startswith("\\" + hashes, i) and not hashes:
            blank(text[i:i + 2])
            i += 2
            continue
        if text.startswith(delimiter + hashes, i):
            stack.pop()
            blank(delimiter + hashes)
            i += len(delimiter) + len(hashes)
            continue
        blank(text[i])
        i += 1
    return "".join(out)


def swift_files(folder):
    for path, subfolders, names in os.walk(folder):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(path, name)


def target_of(service):
    """The folder of a service's target, relative to the repository: Sources/<Service>Sandbox."""
    return os.path.join(SOURCES, service + SERVICE_SUFFIX)


def services_in(root):
    base = os.path.join(root, SOURCES)
    return sorted(
        name[:-len(SERVICE_SUFFIX)] for name in os.listdir(base)
        if os.path.isdir(os.path.join(base, name)) and name.endswith(SERVICE_SUFFIX) and len(name) > len(SERVICE_SUFFIX)
        and name not in NON_SERVICE_TARGETS and not name.startswith("."))


def layout_problems(root, service, lists):
    problems = []
    rel = target_of(service)
    folder = os.path.join(root, rel)
    entries = sorted(os.listdir(folder))
    subfolders = {e for e in entries if os.path.isdir(os.path.join(folder, e)) and not e.startswith(".")}
    files = [e for e in entries if os.path.isfile(os.path.join(folder, e))]
    service_file = service + "Service.swift"
    if service_file not in files:
        problems.append(f"{rel}: no {service_file} (the service's SandboxService conformance) at the folder's root")
    for name in files:
        if name.endswith(".swift") and name != service_file and (service, name) not in lists.root_file_exceptions:
            problems.append(f"{rel}/{name}: a Swift file at the service's root; it belongs in one of "
                            + ", ".join(f + "/" for f in REQUIRED_FOLDERS))
    for required in REQUIRED_FOLDERS:
        present = required in subfolders and any(swift_files(os.path.join(folder, required)))
        if not present and (service, required) not in lists.missing_folders:
            problems.append(f"{rel}: no {required}/ folder with Swift files (add one, or list the service in "
                            "MISSING_FOLDERS with the reason it has none)")
        if present and (service, required) in lists.missing_folders:
            problems.append(f"{rel}/{required}: exists, but MISSING_FOLDERS says the service has none")
        if required in subfolders:
            for path, nested, _ in os.walk(os.path.join(folder, required)):
                for name in nested:
                    problems.append(f"{os.path.relpath(os.path.join(path, name), root)}: a subfolder of "
                                    f"{required}/; the agreed folders are flat")
    for extra in sorted(subfolders - set(REQUIRED_FOLDERS)):
        if (service, extra) not in lists.extra_folders:
            problems.append(f"{rel}/{extra}: not one of the agreed folders ("
                            + ", ".join(f + "/" for f in REQUIRED_FOLDERS)
                            + "); move its files there by what each is, or list it in EXTRA_FOLDERS with a reason")
            continue
        allowed = lists.extra_subfolders.get((service, extra))
        if allowed is not None:
            nested = {e for e in os.listdir(os.path.join(folder, extra)) if os.path.isdir(os.path.join(folder, extra, e))}
            for name in sorted(nested - allowed):
                problems.append(f"{rel}/{extra}/{name}: not one of its listed subfolders ({', '.join(sorted(allowed))})")
    for (listed_service, listed), _ in sorted(lists.extra_folders.items()):
        if listed_service == service and listed not in subfolders:
            problems.append(f"{rel}: EXTRA_FOLDERS lists {listed}/, which does not exist")
    return problems


# A route registration whose path is a string literal: `router.get("/p")`, `routes.on(.get, "/p")`.
REGISTRATION = re.compile(
    r"\.\s*(?:get|post|put|patch|delete|head|on)\s*\(\s*(?:\.\w+\s*,\s*)?\"(/sandbox/[^\"\\]*)\"")
PUBLIC_PREFIXES = re.compile(r"\bvar\s+publicControlPrefixes\s*:\s*\[String\]\s*\{([^}]*)\}")
STRING_LITERAL = re.compile(r'"([^"\\]*)"')


def public_control_prefixes(root, service):
    """The string literals of the service's `publicControlPrefixes` declaration, if it makes one."""
    path = os.path.join(root, target_of(service), service + "Service.swift")
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    code = code_only(text)
    prefixes = []
    for match in PUBLIC_PREFIXES.finditer(text):
        if code[match.start()] == text[match.start()]:  # the declaration itself is code, not a comment
            prefixes += STRING_LITERAL.findall(match.group(1))
    return prefixes


def control_route_problems(root, service):
    """Routes under /sandbox/ registered from the service's Routes/ folder: they belong in Control/."""
    problems = []
    public = public_control_prefixes(root, service)
    for path in swift_files(os.path.join(root, target_of(service), "Routes")):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        code = code_only(text)
        for match in REGISTRATION.finditer(text):
            # The call (the dot before the method) must be code; the path is the string literal it takes.
            if code[match.start()] != text[match.start()]:
                continue
            route = match.group(1)
            if any(route.startswith(prefix) for prefix in public):
                continue
            number = text.count("\n", 0, match.start()) + 1
            problems.append(f"{os.path.relpath(path, root)}:{number}: {service} registers the control route {route} "
                            "in Routes/; control routes belong in Control/")
    return problems


def declarations(code):
    """(top-level names, {shared type: {member names}} of extensions) declared in one file's code."""
    names, extended = set(), {}
    current_extension = None
    for line in code.split("\n"):
        match = TOP_LEVEL.match(line)
        if match:
            kind, name = match.groups()
            name = name.split(".")[0] if kind != "extension" else name
            if kind == "extension":
                current_extension = name.split("<")[0]
            else:
                current_extension = None
                if not line.lstrip().startswith(("private ", "fileprivate ")):
                    names.add(name)
            continue
        if line and not line[0].isspace() and line.strip() != "}":
            current_extension = None
        if current_extension:
            member = MEMBER.match(line)
            if member and not re.search(r"\b(private|fileprivate)\b", line.split(member.group(1))[0]):
                extended.setdefault(current_extension, set()).add(member.group(1))
    return names, extended


def cross_reference_problems(root, services, lists, verbose):
    codes = {}
    owned = {}  # name -> set of services declaring it
    members = {}  # (type, member) -> set of services adding it
    for service in services:
        for path in swift_files(os.path.join(root, target_of(service))):
            with open(path, encoding="utf-8") as handle:
                code = code_only(handle.read())
            codes[path] = (service, code)
            names, extended = declarations(code)
            for name in names:
                owned.setdefault(name, set()).add(service)
            for type_name, added in extended.items():
                for member in added:
                    members.setdefault((type_name, member), set()).add(service)
    # Members added to a type some service owns are covered by that type's name.
    members = {key: owners for key, owners in members.items() if key[0] not in owned}
    if verbose:
        for service in services:
            count = sum(1 for owners in owned.values() if service in owners)
            added = sum(1 for owners in members.values() if service in owners)
            print(f"{service}: {count} top-level names, {added} extension members of shared types")
    qualified = {}
    for (type_name, member), owners in members.items():
        qualified.setdefault(type_name, {})[member] = owners
    found, problems = set(), []
    forbidden = {other + SERVICE_SUFFIX: other for other in services} | {name: name for name in NON_SERVICE_TARGETS}
    for path, (service, code) in sorted(codes.items()):
        rel = os.path.relpath(path, root)
        for number, line in enumerate(code.split("\n"), start=1):
            imported = IMPORT.match(line)
            if imported and imported.group(1) in forbidden and imported.group(1) != service + SERVICE_SUFFIX:
                problems.append(f"{rel}:{number}: {service} imports {imported.group(1)}; a service target depends on "
                                "SandboxCore only")
                continue
            for match in IDENTIFIER.finditer(line):
                name = match.group(0)
                owners = owned.get(name)
                if owners and service not in owners:
                    hits = [(name, owner) for owner in sorted(owners)]
                elif name in qualified:
                    after = re.match(r"\s*\.\s*([A-Za-z_]\w*)", line[match.end():])
                    owners = qualified[name].get(after.group(1)) if after else None
                    if not owners or service in owners:
                        continue
                    hits = [(f"{name}.{after.group(1)}", owner) for owner in sorted(owners)]
                else:
                    continue
                for shown, owner in hits:
                    if (service, shown, owner) in lists.known_cross_references:
                        found.add((service, shown, owner))
                        continue
                    problems.append(f"{rel}:{number}: {service} refers to {shown}, declared by {owner}")
    for key in sorted(set(lists.known_cross_references) - found):
        problems.append("KNOWN_CROSS_REFERENCES lists %s referring to %s of %s, which no longer occurs; remove it" % key)
    return problems


def check(root, lists, verbose=False):
    """Every problem of the tree at `root`, as lines to print."""
    services = services_in(root)
    problems = []
    for service in services:
        problems += layout_problems(root, service, lists)
        problems += control_route_problems(root, service)
    for (service, folder) in sorted(set(lists.extra_folders) | set(lists.missing_folders)):
        if service not in services:
            problems.append(f"the lists name {service}/{folder}, but there is no service {service}")
    problems += cross_reference_problems(root, services, lists, verbose)
    return services, problems


SELF_TEST_FILES = {
    "SandboxCore/Core/SandboxPlainError.swift": "struct SandboxPlainError {}\n",
    "CommerceSandbox/Server/Sandbox.swift": "import AlphaSandbox\nimport BetaSandbox\nfinal class Sandbox {}\n",
    "AlphaSandbox/AlphaService.swift": (
        "struct AlphaService {\n    var publicControlPrefixes: [String] { [\"/sandbox/alpha/files/\"] }\n}\n"),
    "AlphaSandbox/Routes/AlphaRoutes.swift": (
        "struct AlphaRoutes {\n"
        "    func register(on router: ServiceRoutes) {\n"
        "        router.get(\"/alpha/v1/things\") { _ in .empty }\n"
        "        router.get(\"/sandbox/alpha/files/:name\") { _ in .empty }\n"
        "        // router.post(\"/sandbox/alpha/commented\")\n"
        "        router.on(.post, \"/sandbox/alpha/reset\") { _ in .empty }\n"
        "    }\n"
        "}\n"),
    "AlphaSandbox/Model/AlphaStore.swift": "enum AlphaStore {}\ntypealias AlphaRow = Int\n",
    "AlphaSandbox/Rules/AlphaRules.swift": "enum AlphaRules {}\n",
    "AlphaSandbox/Control/AlphaControlRoutes.swift": "struct AlphaControlRoutes {}\n",
    "AlphaSandbox/HTTP/AlphaFailure.swift": "package struct AlphaFailure {}\n"
    "extension SandboxPlainError {\n    static let alphaGone = SandboxPlainError()\n}\n",
    "BetaSandbox/BetaService.swift": "import SandboxCore\n@testable import AlphaSandbox\nstruct BetaService {}\n",
    "BetaSandbox/Loose.swift": "enum Loose {}\n",
    "BetaSandbox/Extra/BetaExtra.swift": "enum BetaExtra {}\n",
    "BetaSandbox/Model/Nested/BetaStore.swift": "enum BetaStore {}\n",
    "BetaSandbox/Rules/BetaRules.swift": "enum BetaRules {}\n",
    "BetaSandbox/Control/BetaControl.swift": "enum BetaControl {}\n",
    "BetaSandbox/Routes/BetaRoutes.swift": (
        "// AlphaStore in a comment\n"
        "/* AlphaRules /* nested */ AlphaRules */\n"
        "let text = \"AlphaRoutes in a string \\(AlphaRow.self) \\(\"AlphaControlRoutes\")\"\n"
        "let block = \"\"\"\n    AlphaFailure\n    \"\"\"\n"
        "let gone = SandboxPlainError.alphaGone\n"
        "let failure: AlphaFailure? = nil\n"),
}
SELF_TEST_EXPECTED = [
    "Sources/AlphaSandbox/Routes/AlphaRoutes.swift:6: Alpha registers the control route /sandbox/alpha/reset in Routes/",
    "Sources/BetaSandbox/Extra: not one of the agreed folders",
    "Sources/BetaSandbox/Loose.swift: a Swift file at the service's root",
    "Sources/BetaSandbox/Model/Nested: a subfolder of Model/",
    "Sources/BetaSandbox: no HTTP/ folder",
    "Sources/BetaSandbox/BetaService.swift:2: Beta imports AlphaSandbox",
    "Sources/BetaSandbox/Routes/BetaRoutes.swift:3: Beta refers to AlphaRow, declared by Alpha",
    "Sources/BetaSandbox/Routes/BetaRoutes.swift:7: Beta refers to SandboxPlainError.alphaGone, declared by Alpha",
    "Sources/BetaSandbox/Routes/BetaRoutes.swift:8: Beta refers to AlphaFailure, declared by Alpha",
]


def self_test():
    """Plants each kind of problem in a scratch tree and checks that exactly those are reported."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="check-sandbox-layout-") as root:
        for name, text in SELF_TEST_FILES.items():
            path = os.path.join(root, SOURCES, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        _, problems = check(root, Lists({}, {}, {}, {}, {}))
    unexpected = [p for p in problems if not any(p.startswith(e) for e in SELF_TEST_EXPECTED)]
    missed = [e for e in SELF_TEST_EXPECTED if not any(p.startswith(e) for p in problems)]
    for line in unexpected:
        print(f"self-test: reported but not planted: {line}")
    for line in missed:
        print(f"self-test: planted but not reported: {line}")
    return not unexpected and not missed


def main(argv):
    root, verbose, only_self_test = DEFAULT_ROOT, False, False
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--root" and args:
            root = args.pop(0)
        elif arg in ("-v", "--verbose"):
            verbose = True
        elif arg == "--self-test":
            only_self_test = True
        else:
            print(next(p for p in __doc__.split("\n\n") if p.startswith("Usage:")), file=sys.stderr)
            return 2
    # The checker checks itself first: a change that makes it blind fails here, not silently.
    if not self_test():
        print("check-sandbox-layout: the self-test failed; the checker itself is broken", file=sys.stderr)
        return 1
    if only_self_test:
        print("check-sandbox-layout: self-test passed")
        return 0
    services, problems = check(root, REPOSITORY_LISTS, verbose)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-sandbox-layout: {len(problems)} problem(s) in {', '.join(services)}", file=sys.stderr)
        return 1
    print(f"check-sandbox-layout: {len(services)} services laid out alike, none refers to another "
          f"({len(REPOSITORY_LISTS.known_cross_references)} listed exceptions)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
