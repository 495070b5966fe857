"""One policy judges every step from its result files: a failed case fails; a skipped case fails
(unless ALLOW_SKIPS=1 outside CI); an n/a must be listed beside the tests, and a listed n/a that
ran or went missing fails too; a suite compared with a reference run must have run the same
cases; a suite the step promised must exist and no suite may run 0 cases; a step that exits
non-zero without a failed case fails."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .results import Case


@dataclass
class SuiteRule:
    """What a step declares about one of its suites (manifest `[step.suites.NAME]`)."""

    na: set[str] | None = None  # the listed n/a cases; None: no list, so no n/a allowed
    na_file: str = ""
    same_as: str = ""  # another suite of the step that must have run the same cases
    same_as_filter: str = ""  # only the reference's cases matching this regex are compared
    required: bool = True  # the suite must appear in the results
    expect: set[str] | None = None  # cases that must appear (passed, or a listed n/a)
    expect_file: str = ""


@dataclass
class Verdict:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    na: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failed == 0


def read_na_list(path: str) -> set[str]:
    names = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line)
    return names


def judge(
    cases: list[Case],
    status: int | None,
    rules: dict[str, SuiteRule],
    strict: bool,
    timed_out: bool = False,
) -> Verdict:
    v = Verdict()
    by_suite: dict[str, list[Case]] = {}
    for c in cases:
        by_suite.setdefault(c.suite, []).append(c)

    for c in cases:
        if c.outcome == "passed":
            v.passed += 1
        elif c.outcome == "failed":
            v.failed += 1
            v.problems.append(f"{c.suite}: {c.case} failed{': ' + c.detail if c.detail else ''}")
        elif c.outcome == "skipped":
            v.skipped += 1
            if strict:
                v.failed += 1
                v.problems.append(f"{c.suite}: {c.case} skipped ({c.detail or 'no reason given'}); skips fail the run")
        else:
            v.na += 1

    def problem(text: str) -> None:
        v.failed += 1
        v.problems.append(text)

    for suite, rule in rules.items():
        if rule.required and suite not in by_suite:
            problem(f"{suite}: no results (the suite did not run, or crashed before its first case)")

    for suite, suite_cases in by_suite.items():
        rule = rules.get(suite, SuiteRule())
        ran = [c for c in suite_cases if c.outcome != "na"]
        if not ran:
            problem(f"{suite}: 0 test cases ran")
        listed = rule.na or set()
        na_cases = {c.case for c in suite_cases if c.outcome == "na"}
        for name in sorted(na_cases - listed):
            where = rule.na_file or "no n/a list for this suite"
            problem(f"{suite}: {name} reported n/a but not listed ({where})")
        outcomes = {c.case: c.outcome for c in suite_cases}
        for name in sorted(listed - na_cases):
            if name in outcomes:
                problem(f"{suite}: {name} is listed n/a ({rule.na_file}) but {outcomes[name]}: remove it from the list")
            else:
                problem(f"{suite}: {name} is listed n/a ({rule.na_file}) but did not run at all")
        if rule.expect is not None:
            for name in sorted(rule.expect - set(outcomes)):
                problem(f"{suite}: {name} ({rule.expect_file}) did not run")
        if rule.same_as:
            ref = {c.case for c in by_suite.get(rule.same_as, [])}
            if rule.same_as_filter:
                pattern = re.compile(rule.same_as_filter)
                ref = {n for n in ref if pattern.search(n)}
            mine = set(outcomes)
            if not ref:
                problem(f"{suite}: its reference run {rule.same_as} has no results to compare with")
            for name in sorted(ref - mine):
                problem(f"{suite}: {name} ran in {rule.same_as} but not here")
            for name in sorted(mine - ref):
                problem(f"{suite}: {name} ran here but not in {rule.same_as}")

    if timed_out:
        problem("the step timed out (its processes were killed)")
    elif status not in (0, None) and v.failed == 0:
        problem(f"exit status {status} without a failed case")
    if not cases and not timed_out and status == 0:
        problem("no results at all: 0 test cases")
    return v
