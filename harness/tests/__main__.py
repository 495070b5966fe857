"""Runs the harness's own tests with unittest and writes one result per test (harness/RESULTS.md)
to $OFFERKIT_RESULTS as suite harness-self-test; exits non-zero on any failure or on 0 tests."""

import json
import os
import sys
import time
import unittest


class Recording(unittest.TextTestResult):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.path = os.environ.get("OFFERKIT_RESULTS")
        self.suite = os.environ.get("OFFERKIT_SUITE", "harness-self-test")

    def startTest(self, test):
        self._started = time.monotonic()
        super().startTest(test)

    def _write(self, test, outcome, detail=""):
        if self.path:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(json.dumps({"suite": self.suite, "case": test.id(), "outcome": outcome,
                                    "seconds": time.monotonic() - self._started, "detail": detail[-500:]}) + "\n")

    def addSuccess(self, test):
        super().addSuccess(test)
        self._write(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._write(test, "failed", self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._write(test, "failed", self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._write(test, "skipped", reason)


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    suite = unittest.defaultTestLoader.discover(here, top_level_dir=os.path.dirname(os.path.dirname(here)))
    result = unittest.TextTestRunner(resultclass=Recording, verbosity=2).run(suite)
    return 0 if result.wasSuccessful() and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
