"""A lint of the repository's shell scripts: `producer | grep -q` under pipefail exits 141 when
grep finds the line and closes the pipe early, so a check written that way fails (or, negated,
passes) exactly when it should not. Scripts capture the whole output first
(`grep -q PATTERN <<<"$(producer)"`)."""

import os
import re
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EARLY_CLOSE = re.compile(r"\|\s*grep\s+(-[a-zA-Z]*q[a-zA-Z]*|--quiet)\b")


class ShellLintTest(unittest.TestCase):
    def test_the_lint_finds_the_shape(self):
        self.assertTrue(EARLY_CLOSE.search("nm -D lib.so | grep -q ' T offerkit_test_'"))
        self.assertTrue(EARLY_CLOSE.search("x | grep -qx y"))
        self.assertFalse(EARLY_CLOSE.search("grep -q ' T x' <<<\"$(nm lib.so)\""))

    def test_the_shape_does_fail_under_pipefail(self):
        done = subprocess.run(["bash", "-c", "set -o pipefail; yes | head -c 1000000 | grep -q y"], capture_output=True)
        self.assertEqual(done.returncode, 141)

    def test_no_script_has_it(self):
        files = subprocess.run(["git", "ls-files", "*.sh"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        found = []
        for name in files:
            with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    if not line.lstrip().startswith("#") and EARLY_CLOSE.search(line):
                        found.append(f"{name}:{number}: {line.strip()}")
        self.assertEqual(found, [])


if __name__ == "__main__":
    unittest.main()
