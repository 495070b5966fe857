"""Reading result files: JSON Lines and JUnit XML, and what is made of a broken file."""

import os
import tempfile
import unittest

from harness.results import read_dir, read_jsonl, read_junit

JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="x" tests="4" failures="1" errors="1">
  <testsuite name="offerkit::lib" tests="4">
    <testcase name="ok_one" classname="offerkit::lib" time="0.5"/>
    <testcase name="broken" classname="offerkit::lib"><failure message="assertion failed">text</failure></testcase>
    <testcase name="crashed" classname="t"><error message="SIGSEGV"/></testcase>
    <testcase name="later" classname="t"><skipped message="not now"/></testcase>
  </testsuite>
</testsuites>
"""


class ResultsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_jsonl(self):
        path = self.write("r.jsonl", '{"suite": "s", "case": "a", "outcome": "passed", "seconds": 0.1}\n\n'
                                     '{"suite": "s", "case": "b", "outcome": "na", "detail": "why"}\n')
        got = read_jsonl(path)
        self.assertEqual([(c.suite, c.case, c.outcome) for c in got], [("s", "a", "passed"), ("s", "b", "na")])
        self.assertEqual(got[1].detail, "why")

    def test_unreadable_jsonl_line_is_a_failure(self):
        path = self.write("r.jsonl", '{"suite": "s", "case": "a", "outcome": "passed"}\nnot json\n'
                                     '{"suite": "s", "case": "b", "outcome": "fine"}\n')
        got = read_jsonl(path)
        self.assertEqual([c.outcome for c in got], ["passed", "failed", "failed"])

    def test_junit(self):
        got = read_junit(self.write("core.xml", JUNIT))
        self.assertEqual({c.suite for c in got}, {"core"})
        self.assertEqual([c.outcome for c in got], ["passed", "failed", "failed", "skipped"])
        self.assertEqual(got[0].case, "offerkit::lib::ok_one")

    def test_broken_junit_is_a_failure(self):
        got = read_junit(self.write("x.xml", "<testsuites><testcase"))
        self.assertEqual([c.outcome for c in got], ["failed"])

    def test_read_dir_takes_both_kinds(self):
        self.write("a.jsonl", '{"suite": "s", "case": "a", "outcome": "passed"}\n')
        self.write("b.xml", JUNIT)
        self.write("notes.txt", "ignored")
        self.assertEqual(len(read_dir(self.dir)), 5)


if __name__ == "__main__":
    unittest.main()
