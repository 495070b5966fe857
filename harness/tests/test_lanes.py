"""Lanes: the bindings' steps run side by side, one lane per shared library or binding. Checked
with real processes: two lanes overlap in time, a lane's own steps never do, each step's output
is printed as one block, a failure in one lane fails the run while the other lane still runs,
and --jobs 1 runs everything alone."""

import contextlib
import io
import json
import os
import re
import tempfile
import time
import unittest

from unittest import mock

from harness import durations, manifest, plan, runner, services, tools

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKS = os.path.join(ROOT, "harness", "lib", "checks.sh")


def binding(root: str, name: str, builds_on: str, steps: dict[str, str], lane: str = "") -> None:
    """A fixture binding whose steps each run BODY under checks.sh (suite NAME-STEP)."""
    folder = os.path.join(root, "bindings", name)
    os.makedirs(folder)
    text = f'name = "{name}"\nbuilds-on = "{builds_on}"\n' + (f'lane = "{lane}"\n' if lane else "")
    for step, body in steps.items():
        text += f'[[steps]]\nname = "{step}"\nrun = "{step}.sh"\n[steps.suites.{name}-{step}]\n'
        script = os.path.join(folder, f"{step}.sh")
        with open(script, "w") as f:
            f.write(f"#!/usr/bin/env bash\nchecks_suite={name}-{step}\nsource {CHECKS}\n{body}\nchecks_failed\n")
        os.chmod(script, 0o755)
    with open(os.path.join(folder, "binding.toml"), "w") as f:
        f.write(text)


def fixture_root() -> str:
    root = tempfile.mkdtemp()
    open(os.path.join(root, "Cargo.toml"), "w").close()
    return root


def steps_of(root: str) -> list[plan.Step]:
    found = manifest.discover(root, set(services.SERVICES), set(tools.RECIPES))
    return [plan.from_spec(s, b.lane) for b in found for s in b.steps]


def run(root: str, jobs: int, expected: dict[str, float] | None = None) -> tuple[int, str]:
    out = io.BytesIO()
    fake_stdout = io.TextIOWrapper(out, encoding="utf-8")
    with contextlib.redirect_stdout(fake_stdout), \
            mock.patch.object(durations, "REMEMBERED", os.path.join(root, "remembered.json")), \
            mock.patch.object(durations, "MEASURED", os.path.join(root, "measured.json")):
        if expected is not None:
            with open(durations.MEASURED, "w") as f:
                json.dump(expected, f)
        status = runner.run_steps(root, steps_of(root), strict=True, jobs=jobs)
    fake_stdout.flush()
    return status, out.getvalue().decode()


def stamp(log: str, name: str) -> str:
    """A step body: appends "NAME start T" and, a second later, "NAME end T" to LOG."""
    return (f"echo \"{name} start $(date +%s.%N)\" >> {log}\nsleep 1\n"
            f"echo \"{name} end $(date +%s.%N)\" >> {log}\ncheck {name} true")


def spans(log: str) -> dict[str, tuple[float, float]]:
    out: dict[str, list[float]] = {}
    with open(log) as f:
        for line in f:
            name, what, t = line.split()
            out.setdefault(name, [0.0, 0.0])[0 if what == "start" else 1] = float(t)
    return {k: (v[0], v[1]) for k, v in out.items()}


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


class LanesTest(unittest.TestCase):
    def test_lanes_default_to_the_shared_library_or_the_binding(self):
        root = fixture_root()
        binding(root, "ca", "c-abi", {"t": "check x true"})
        binding(root, "ub", "uniffi", {"t": "check x true"})
        binding(root, "ru", "rust", {"t": "check x true"})
        binding(root, "rl", "rust", {"t": "check x true"}, lane="uniffi")
        lanes = {s.id: s.lane for s in steps_of(root)}
        self.assertEqual(lanes, {"ca/t": "c-abi", "rl/t": "uniffi", "ru/t": "ru", "ub/t": "uniffi"})

    def test_a_bad_lane_name_is_refused(self):
        root = fixture_root()
        binding(root, "ca", "c-abi", {"t": "check x true"}, lane="Two Words")
        with self.assertRaises(manifest.ManifestError):
            steps_of(root)

    def test_blocks_keep_steps_without_a_lane_alone(self):
        s = lambda i, lane: plan.Step(i, ["true"], lane=lane)  # noqa: E731
        got = plan.blocks([s("a", ""), s("b", "x"), s("c", "y"), s("d", "x"), s("e", ""), s("f", "y")])
        self.assertEqual([{k: [x.id for x in v] for k, v in b.items()} for b in got],
                         [{"": ["a"]}, {"x": ["b", "d"], "y": ["c"]}, {"": ["e"]}, {"y": ["f"]}])

    def test_two_lanes_overlap_and_one_lanes_steps_do_not(self):
        root = fixture_root()
        log = os.path.join(root, "times.log")
        binding(root, "ca", "c-abi", {"one": stamp(log, "ca-one"), "two": stamp(log, "ca-two")})
        binding(root, "ub", "uniffi", {"one": stamp(log, "ub-one")})
        status, output = run(root, jobs=2)
        self.assertEqual(status, 0, output)
        t = spans(log)
        self.assertTrue(overlap(t["ca-one"], t["ub-one"]) or overlap(t["ca-two"], t["ub-one"]), t)
        self.assertFalse(overlap(t["ca-one"], t["ca-two"]), t)
        self.assertIn("3 passed, 0 failed, 0 skipped", output)
        # Each step's output is one block: its header, then its own lines, then its result.
        for step in ["ca/one", "ca/two", "ub/one"]:
            block = re.search(rf"==> {step} \(ran beside other steps.*?\n(.*?)==> ok {step}:", output, re.S)
            self.assertIsNotNone(block, output)
            other = {"ca/one", "ca/two", "ub/one"} - {step}
            self.assertFalse(any(f"==> {o}" in block.group(1) for o in other), output)
        # The table lists the steps in plan order.
        table = output[output.index("step     "):]
        self.assertLess(table.index("ca/one"), table.index("ca/two"))
        self.assertLess(table.index("ca/two"), table.index("ub/one"))

    def test_a_failure_in_one_lane_fails_the_run_and_the_other_lane_runs(self):
        root = fixture_root()
        binding(root, "ca", "c-abi", {"one": "check x false"})
        binding(root, "ub", "uniffi", {"one": "sleep 0.5\ncheck y true", "two": "check z true"})
        status, output = run(root, jobs=2)
        self.assertEqual(status, 1, output)
        self.assertIn("2 passed, 1 failed, 0 skipped", output)

    def test_jobs_1_runs_every_step_alone(self):
        root = fixture_root()
        log = os.path.join(root, "times.log")
        binding(root, "ca", "c-abi", {"one": stamp(log, "ca-one")})
        binding(root, "ub", "uniffi", {"one": stamp(log, "ub-one")})
        started = time.monotonic()
        status, output = run(root, jobs=1)
        self.assertEqual(status, 0, output)
        t = spans(log)
        self.assertFalse(overlap(t["ca-one"], t["ub-one"]), t)
        self.assertGreaterEqual(time.monotonic() - started, 2.0)
        self.assertNotIn("ran beside other steps", output)

    def test_the_longest_lane_starts_first_and_passing_steps_are_remembered(self):
        root = fixture_root()
        log = os.path.join(root, "times.log")
        binding(root, "ca", "c-abi", {"one": stamp(log, "ca-one")})
        binding(root, "ub", "uniffi", {"one": stamp(log, "ub-one")})
        status, output = run(root, jobs=1, expected={"ca/one": 5, "ub/one": 50})
        self.assertEqual(status, 0, output)
        t = spans(log)
        self.assertLess(t["ub-one"][0], t["ca-one"][0], "the longer lane (ub) first")
        with open(os.path.join(root, "remembered.json")) as f:
            self.assertEqual(set(json.load(f)), {"ca/one", "ub/one"})


if __name__ == "__main__":
    unittest.main()
