"""End to end on a fixture binding: the harness runs its step as a real process, which reports
through harness/lib/checks.sh; a clean suite is green, and a broken test, a skipped test, an
unlisted n/a, a run of 0 tests and a crash without a failed case are each red."""

import contextlib
import io
import os
import sys
import tempfile
import unittest

from unittest import mock

from harness import durations, manifest, plan, runner, services, tools

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKS = os.path.join(ROOT, "harness", "lib", "checks.sh")

MANIFEST = """name = "fx"
builds-on = "c-abi"
[[steps]]
name = "tests"
run = "test.sh"
[steps.suites.fx-tests]
na = "tests/na/fx.txt"
"""


def run_fixture(body: str, na: str = "") -> int:
    """Runs the fixture binding's step whose script reports as BODY says; returns the harness's
    exit status."""
    root = tempfile.mkdtemp()
    folder = os.path.join(root, "bindings", "fx")
    os.makedirs(os.path.join(folder, "tests", "na"))
    open(os.path.join(root, "Cargo.toml"), "w").close()  # the release version's file
    with open(os.path.join(folder, "binding.toml"), "w") as f:
        f.write(MANIFEST)
    with open(os.path.join(folder, "tests", "na", "fx.txt"), "w") as f:
        f.write(na)
    script = os.path.join(folder, "test.sh")
    with open(script, "w") as f:
        f.write(f"#!/usr/bin/env bash\nchecks_suite=fx-tests\nsource {CHECKS}\n{body}\n")
    os.chmod(script, 0o755)
    [b] = manifest.discover(root, set(services.SERVICES), set(tools.RECIPES))
    steps = [plan.from_spec(s, b.lane) for s in b.steps]
    out = io.BytesIO()
    fake_stdout = io.TextIOWrapper(out, encoding="utf-8")
    with contextlib.redirect_stdout(fake_stdout), \
            mock.patch.object(durations, "REMEMBERED", os.path.join(root, "remembered.json")):
        status = runner.run_steps(root, steps, strict=True)
    fake_stdout.flush()
    run_fixture.output = out.getvalue().decode()
    return status


class EndToEndTest(unittest.TestCase):
    def test_clean_suite_is_green(self):
        self.assertEqual(run_fixture("check one true\ncheck two true\nchecks_failed"), 0, run_fixture.output)
        self.assertIn("2 passed, 0 failed, 0 skipped", run_fixture.output)

    def test_broken_test_is_red(self):
        self.assertEqual(run_fixture("check one true\ncheck two false\nchecks_failed"), 1)
        self.assertIn("1 passed, 1 failed", run_fixture.output)

    def test_skipped_test_is_red(self):
        self.assertEqual(run_fixture("check one true\nskip two 'no reason to run'\nchecks_failed"), 1)
        self.assertIn("skips fail the run", run_fixture.output)

    def test_unlisted_na_is_red_and_listed_na_green(self):
        body = "check one true\nrecord two na 'cannot exist in this build'\nchecks_failed"
        self.assertEqual(run_fixture(body), 1)
        self.assertIn("not listed", run_fixture.output)
        self.assertEqual(run_fixture(body, na="two\n"), 0, run_fixture.output)

    def test_listed_na_that_runs_is_red(self):
        self.assertEqual(run_fixture("check one true\ncheck two true\nchecks_failed", na="two\n"), 1)

    def test_zero_tests_is_red(self):
        self.assertEqual(run_fixture("true"), 1)

    def test_crash_without_failed_case_is_red(self):
        # A runner that dies before reporting: checks.sh's suite adds its exit status as a failure.
        self.assertEqual(run_fixture("check one true\nsuite fx-tests bash -c 'exit 139'\nchecks_failed"), 1)
        self.assertIn("(exit status 139)", run_fixture.output)

    def test_exit_status_alone_is_red(self):
        self.assertEqual(run_fixture("check one true\nexit 2"), 1)
        self.assertIn("exit status 2 without a failed case", run_fixture.output)


if __name__ == "__main__":
    unittest.main()
