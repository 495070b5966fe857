"""A pytest plugin that writes the results file a harness reads (format: harness/RESULTS.md): one
JSON line per test, appended to the file named by OFFERKIT_RESULTS as the test ends (suite
OFFERKIT_SUITE, else "python-tests"); nothing when the variable is unset. A failing set-up is the
test's failure; a failing teardown or collection is a failed line of its own. Loaded by
conftest.py. Kept free of the project's other scripts: the tests run from a venv anywhere."""

from __future__ import annotations

import json
import os

import pytest

SUITE = "python-tests"


def _write(case: str, outcome: str, seconds: float, detail: str) -> None:
    path = os.environ.get("OFFERKIT_RESULTS")
    if not path:
        return
    line = json.dumps({
        "suite": os.environ.get("OFFERKIT_SUITE") or SUITE,
        "case": case,
        "outcome": outcome,
        "seconds": round(max(0.0, seconds), 3),
        "detail": detail,
    }, ensure_ascii=False)
    with open(path, "a", encoding="utf-8", errors="replace") as f:
        f.write(line + "\n")


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr or "")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if report.skipped:
            _write(report.nodeid, "skipped", report.duration, _skip_reason(report))
        elif report.failed:
            _write(report.nodeid, "failed", report.duration, report.longreprtext)
        else:
            _write(report.nodeid, "passed", report.duration, "")
    elif report.when == "teardown" and report.failed:
        _write(f"(teardown of {report.nodeid})", "failed", report.duration, report.longreprtext)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _write(f"(collecting {report.nodeid or 'the tests'})", "failed", 0.0, report.longreprtext)
