"""The policy, case by case: what fails a step and what does not."""

import unittest

from harness.policy import SuiteRule, judge
from harness.results import Case


def cases(*specs):
    return [Case(s, c, o) for s, c, o in specs]


class PolicyTest(unittest.TestCase):
    def test_clean_suite_passes(self):
        v = judge(cases(("s", "a", "passed"), ("s", "b", "passed")), 0, {}, strict=True)
        self.assertEqual((v.passed, v.failed, v.skipped), (2, 0, 0))
        self.assertTrue(v.ok)

    def test_failed_case_fails(self):
        v = judge(cases(("s", "a", "passed"), ("s", "b", "failed")), 1, {}, strict=True)
        self.assertEqual(v.failed, 1)
        self.assertFalse(v.ok)

    def test_skip_fails_when_strict_and_is_counted_otherwise(self):
        strict = judge(cases(("s", "a", "passed"), ("s", "b", "skipped")), 0, {}, strict=True)
        self.assertFalse(strict.ok)
        self.assertEqual(strict.skipped, 1)
        relaxed = judge(cases(("s", "a", "passed"), ("s", "b", "skipped")), 0, {}, strict=False)
        self.assertTrue(relaxed.ok)
        self.assertEqual(relaxed.skipped, 1)

    def test_unlisted_na_fails(self):
        v = judge(cases(("s", "a", "passed"), ("s", "b", "na")), 0, {}, strict=True)
        self.assertFalse(v.ok)
        self.assertIn("not listed", v.problems[0])

    def test_listed_na_passes(self):
        rule = SuiteRule(na={"b"}, na_file="na.txt")
        v = judge(cases(("s", "a", "passed"), ("s", "b", "na")), 0, {"s": rule}, strict=True)
        self.assertTrue(v.ok, v.problems)
        self.assertEqual(v.na, 1)

    def test_listed_na_that_ran_or_went_missing_fails(self):
        rule = SuiteRule(na={"b", "c"}, na_file="na.txt")
        v = judge(cases(("s", "a", "passed"), ("s", "b", "passed")), 0, {"s": rule}, strict=True)
        self.assertEqual(v.failed, 2)
        text = " ".join(v.problems)
        self.assertIn("b is listed n/a", text)
        self.assertIn("c is listed n/a", text)

    def test_zero_cases_fail(self):
        self.assertFalse(judge([], 0, {}, strict=True).ok)
        only_na = judge(cases(("s", "a", "na")), 0, {"s": SuiteRule(na={"a"})}, strict=True)
        self.assertFalse(only_na.ok)
        self.assertIn("0 test cases ran", only_na.problems[0])

    def test_missing_required_suite_fails(self):
        v = judge(cases(("s", "a", "passed")), 0, {"s": SuiteRule(), "t": SuiteRule()}, strict=True)
        self.assertFalse(v.ok)
        self.assertIn("t: no results", v.problems[0])

    def test_exit_status_without_failed_case_fails(self):
        v = judge(cases(("s", "a", "passed")), 3, {}, strict=True)
        self.assertFalse(v.ok)
        self.assertIn("exit status 3", v.problems[0])

    def test_timeout_fails(self):
        self.assertFalse(judge(cases(("s", "a", "passed")), None, {}, strict=True, timed_out=True).ok)

    def test_same_as_catches_a_lost_or_an_extra_test(self):
        rules = {"ref": SuiteRule(), "run": SuiteRule(same_as="ref")}
        lost = judge(cases(("ref", "a", "passed"), ("ref", "b", "passed"), ("run", "a", "passed")), 0, rules, strict=True)
        self.assertFalse(lost.ok)
        self.assertIn("b ran in ref but not here", lost.problems[0])
        extra = judge(cases(("ref", "a", "passed"), ("run", "a", "passed"), ("run", "z", "passed")), 0, rules, strict=True)
        self.assertFalse(extra.ok)

    def test_same_as_counts_listed_na_as_present(self):
        rules = {"ref": SuiteRule(), "run": SuiteRule(same_as="ref", na={"b"})}
        v = judge(cases(("ref", "a", "passed"), ("ref", "b", "passed"), ("run", "a", "passed"), ("run", "b", "na")), 0, rules, strict=True)
        self.assertTrue(v.ok, v.problems)

    def test_same_as_filter_compares_a_subset(self):
        rules = {"ref": SuiteRule(), "run": SuiteRule(same_as="ref", same_as_filter="^Exec")}
        v = judge(cases(("ref", "Exec.a", "passed"), ("ref", "Other.b", "passed"), ("run", "Exec.a", "passed")), 0, rules, strict=True)
        self.assertTrue(v.ok, v.problems)

    def test_expect_list_catches_a_test_that_did_not_run(self):
        rules = {"s": SuiteRule(expect={"a", "b"}, expect_file="tests.def")}
        v = judge(cases(("s", "a", "passed")), 0, rules, strict=True)
        self.assertFalse(v.ok)
        self.assertIn("b (tests.def) did not run", v.problems[0])


if __name__ == "__main__":
    unittest.main()
