"""Reading test results from files, never from logs: JSON Lines written by the project's own
runners (format in harness/RESULTS.md) and JUnit XML written by cargo-nextest and pytest."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass

OUTCOMES = ("passed", "failed", "skipped", "na")


@dataclass(frozen=True)
class Case:
    suite: str
    case: str
    outcome: str
    seconds: float = 0.0
    detail: str = ""


def read_jsonl(path: str) -> list[Case]:
    """Every line of a results file; a line that is not a valid result is itself a failed case,
    so that a runner that writes garbage cannot pass."""
    cases = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                outcome = obj["outcome"]
                if outcome not in OUTCOMES:
                    raise ValueError(f"unknown outcome {outcome!r}")
                cases.append(
                    Case(
                        str(obj["suite"]),
                        str(obj["case"]),
                        outcome,
                        float(obj.get("seconds") or 0.0),
                        str(obj.get("detail") or ""),
                    )
                )
            except (ValueError, KeyError, TypeError) as e:
                name = os.path.basename(path)
                cases.append(Case("(results)", f"{name}:{number}", "failed", 0.0, f"unreadable result line: {e}"))
    return cases


def read_junit(path: str, suite: str | None = None) -> list[Case]:
    """JUnit XML as nextest and pytest write it. The suite name is `suite` when given, else the
    file's name without `.xml`; each case is `classname::name`."""
    suite = suite or os.path.basename(path)[: -len(".xml")]
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        return [Case(suite, os.path.basename(path), "failed", 0.0, f"unreadable JUnit file: {e}")]
    cases = []
    for tc in root.iter("testcase"):
        name = tc.get("name", "?")
        cls = tc.get("classname")
        full = f"{cls}::{name}" if cls else name
        seconds = float(tc.get("time") or 0.0)
        failure = tc.find("failure")
        if failure is None:
            failure = tc.find("error")
        skipped = tc.find("skipped")
        if failure is not None:
            cases.append(Case(suite, full, "failed", seconds, (failure.get("message") or "")[:500]))
        elif skipped is not None:
            cases.append(Case(suite, full, "skipped", seconds, skipped.get("message") or ""))
        else:
            cases.append(Case(suite, full, "passed", seconds))
    return cases


def read_dir(directory: str) -> list[Case]:
    """All results a step left in its results directory: *.jsonl and *.xml."""
    cases: list[Case] = []
    if not os.path.isdir(directory):
        return cases
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if name.endswith(".jsonl"):
            cases += read_jsonl(path)
        elif name.endswith(".xml"):
            cases += read_junit(path)
    return cases
