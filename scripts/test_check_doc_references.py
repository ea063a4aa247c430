#!/usr/bin/env python3
"""Tests for check-doc-references.py: run with `python3 scripts/test_check_doc_references.py`."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "check-doc-references.py")
_spec = importlib.util.spec_from_file_location("check_doc_references", SCRIPT)
checker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checker)

BUTTON_RULES = """# Button rules reference

## §4 Validation rules

### §4.1 Transport

| Id | When | Answer |
|---|---|---|
| A1 | no key | `Missing API key` |
| O13 | bad test token | `test tokens must match` |

## §7 Acceptance journeys

### J2 Seed lifecycle
"""


class CheckerTests(unittest.TestCase):
    def tree(self, files):
        root = tempfile.mkdtemp()
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text)
        return root

    def test_an_unknown_section_is_reported_with_path_line_and_document(self):
        root = self.tree({"Documentation/Rules/Button.md": BUTTON_RULES,
                          "Sources/ButtonOrders/Rules.swift": "// fine (§4.1)\n// the order rules (§4.2)\n"})
        self.assertEqual(checker.unresolved_citations(root),
                         ["Sources/ButtonOrders/Rules.swift:2: §4.2 not in Documentation/Rules/Button.md"])

    def test_headings_and_table_rows_resolve_sections_and_rule_ids(self):
        root = self.tree({"Documentation/Rules/Button.md": BUTTON_RULES,
                          "Tests/ButtonSandboxTests/T.swift": '@Test("A1 and O13 (§4, §4.1, §7), J2")\n'})
        self.assertEqual(checker.unresolved_citations(root), [])

    def test_an_unknown_rule_id_of_a_known_family_is_reported_but_foreign_tokens_are_data(self):
        root = self.tree({"Documentation/Rules/Button.md": BUTTON_RULES,
                          "Sources/ButtonSandbox/X.swift":
                              '// O17 is new\nlet unit = "M2"; let url = "%C3%A9"; let alg = "HS512"\n'})
        self.assertEqual(checker.unresolved_citations(root),
                         ["Sources/ButtonSandbox/X.swift:1: O17 not in Documentation/Rules/Button.md"])

    def test_other_standards_are_skipped_and_a_named_document_wins(self):
        root = self.tree({"Documentation/Rules/Button.md": BUTTON_RULES,
                          "Sources/CommerceCore/T.swift": "// RFC 9110 §9.2.2 retries\n// Rules/Button.md §4.1\n"
                                                          "// Rules/Button.md §5\n// spec §3.1\n"})
        self.assertEqual(checker.unresolved_citations(root), [
            "Sources/CommerceCore/T.swift:3: §5 not in Documentation/Rules/Button.md",
            "Sources/CommerceCore/T.swift:4: §3.1 cites no service (name the document, e.g. Rules/Storefront.md §3.1)",
        ])

    def test_a_range_in_a_first_cell_defines_every_id_in_it(self):
        rules = BUTTON_RULES + "\n| Id | Note |\n|---|---|\n| S10–S13 | seed notes |\n"
        root = self.tree({"Documentation/Rules/Button.md": rules,
                          "Tests/ButtonOrdersTests/T.swift": "// S11 and S12 (seed)\n// S14\n"})
        self.assertEqual(checker.unresolved_citations(root),
                         ["Tests/ButtonOrdersTests/T.swift:2: S14 not in Documentation/Rules/Button.md"])

    def test_a_missing_rules_document_is_reported(self):
        root = self.tree({"Sources/PaytronixPush/P.swift": "// §3.6\n"})
        self.assertEqual(checker.unresolved_citations(root),
                         ["Sources/PaytronixPush/P.swift:1: cites Documentation/Rules/Paytronix.md, which does not exist"])

    def test_the_command_exits_1_and_prints_each_problem(self):
        root = self.tree({"Documentation/Rules/Button.md": BUTTON_RULES,
                          "Sources/ButtonMerchant/M.swift": "// §3.2.7\n"})
        run = subprocess.run([sys.executable, SCRIPT, "--root", root], capture_output=True, text=True)
        self.assertEqual(run.returncode, 1)
        self.assertEqual(run.stdout, "Sources/ButtonMerchant/M.swift:1: §3.2.7 not in Documentation/Rules/Button.md\n")

    def test_the_repository_itself_resolves(self):
        self.assertEqual(checker.unresolved_citations(checker.DEFAULT_ROOT), [])


if __name__ == "__main__":
    unittest.main()
