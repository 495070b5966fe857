"""Runs the selected steps: installs their tools (started in the background at the first step),
starts their services, runs each in its own session with a timeout (its whole process group is
killed when it ends, times out, or the harness is interrupted), judges it by the policy from its
result files, and ends with the step table and "N passed, N failed, N skipped".

Steps run in plan order, except that consecutive steps with lanes (the bindings' steps: one lane
per shared library or binding) run side by side, `jobs` lanes at a time, each lane's steps one
after another. A step that runs alone streams its output; a step beside others writes it to its
log, which is printed whole when the step ends, so outputs never interleave."""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from . import chroot, durations, plan, policy, results, services, tools
from .plan import Step


class ToolInstaller:
    """Installs every tool the run needs in one background thread, in a fixed order; a step
    waits only for its own tools."""

    ORDER = ["apt", "venv", "kotlin", "cbindgen", "rust-targets", "wasm-bindgen"]

    def __init__(self, needed: set[str], log_path: str):
        # The tools, then the chroots (debootstrap is an apt package), in a fixed order.
        self.needed = [t for t in self.ORDER if t in needed] + sorted(t for t in needed if t.startswith("chroot "))
        self.done = {t: threading.Event() for t in self.needed}
        self.errors: dict[str, str] = {}
        self.seconds: dict[str, float] = {}
        self.log_path = log_path
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        with open(self.log_path, "a") as log:
            for name in self.needed:
                started = time.monotonic()
                tools.LOG = log
                try:
                    if name.startswith("chroot "):
                        _, suite, *packages = name.split(" ")
                        chroot.provision(suite, packages[0].split(",") if packages else [])
                    else:
                        tools.install([name])
                except Exception as e:  # reported to every step that needs the tool
                    self.errors[name] = f"{type(e).__name__}: {e}"
                self.seconds[name] = time.monotonic() - started
                self.done[name].set()

    def wait(self, names: list[str]) -> list[str]:
        problems = []
        for n in names:
            if n in self.done:
                self.done[n].wait()
                if n in self.errors:
                    problems.append(f"installing {n} failed: {self.errors[n]} (log: {self.log_path})")
        return problems


@contextlib.contextmanager
def step_services(step: Step, sim_binary: str | None, log_dir: str):
    env: dict[str, str] = {}
    # Each step's services log into a folder of their own: steps side by side start their own.
    log_dir = os.path.join(log_dir, "services", step.id.replace("/", "__"))
    os.makedirs(log_dir, exist_ok=True)
    with contextlib.ExitStack() as stack:
        for name in step.services:
            if name == "sim":
                if not sim_binary:
                    raise RuntimeError("the simulator was not built")
                env.update(stack.enter_context(services.simulators(sim_binary, log_dir)))
            elif name == "postgres":
                env.update(stack.enter_context(services.postgres(log_dir)))
        yield env


class Interrupted(Exception):
    pass


# The process groups of the steps running now, killed when the run is interrupted.
RUNNING: set[int] = set()
RUNNING_LOCK = threading.Lock()
# One step's block of output at a time.
PRINT_LOCK = threading.Lock()


def kill_group(pgid: int) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, sig)
        if sig == signal.SIGTERM:
            time.sleep(1.0)


def kill_running() -> None:
    with RUNNING_LOCK:
        groups = list(RUNNING)
    for pgid in groups:
        kill_group(pgid)


def run_process(argv: list[str], env: dict[str, str], cwd: str, log_path: str, timeout: int, echo: bool = True) -> tuple[int | None, bool]:
    """Runs argv in a session of its own, writing its output to the log (and to stdout when
    `echo`); returns (exit status, timed out). Its process group is killed when it ends."""
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        with RUNNING_LOCK:
            RUNNING.add(proc.pid)
        expired = threading.Event()
        timer = threading.Timer(timeout, lambda: (expired.set(), kill_group(proc.pid)))
        timer.start()
        try:
            assert proc.stdout is not None
            for chunk in iter(lambda: proc.stdout.readline(), b""):
                if echo:
                    sys.stdout.buffer.write(chunk)
                    sys.stdout.flush()
                log.write(chunk)
            status = proc.wait()
        except BaseException:
            kill_group(proc.pid)
            proc.wait()
            raise
        finally:
            timer.cancel()
            with RUNNING_LOCK:
                RUNNING.discard(proc.pid)
        # Whatever the step left running in its group (a server it forgot) ends with it.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        return status, expired.is_set()


def run_steps(root: str, steps: list[Step], strict: bool, jobs: int = 2) -> int:
    run_dir = tempfile.mkdtemp(prefix="offerkit-run.")
    log_dir = os.path.join(run_dir, "logs")
    os.makedirs(log_dir)
    started_all = time.monotonic()

    def on_signal(signum, _frame):
        raise Interrupted(f"signal {signum}")

    signal.signal(signal.SIGTERM, on_signal)

    installer = ToolInstaller({t for s in steps for t in s.needs()}, os.path.join(log_dir, "tools.log"))
    installer.start()
    base_env = dict(os.environ, **tools.environment())
    base_env.setdefault("RUST_BACKTRACE", "0")
    rows: dict[str, tuple[policy.Verdict, float]] = {}
    order = ["build/simulator", *(s.id for s in steps)]
    totals = policy.Verdict()
    rows_lock = threading.Lock()
    sim_binary = None

    def add_row(name, verdict: policy.Verdict, seconds: float, counted: bool = True):
        with rows_lock:
            rows[name] = (verdict, seconds)
            if counted:
                totals.passed += verdict.passed
                totals.skipped += verdict.skipped
                totals.na += verdict.na
            totals.failed += verdict.failed
            totals.problems += [f"{name}: {p}" for p in verdict.problems]

    if any("sim" in s.services for s in steps):
        t = time.monotonic()
        print("==> build/simulator", flush=True)
        status, _ = run_process(["cargo", "build", "-q", "-p", "offerkit-sim"], base_env, root, os.path.join(log_dir, "build-simulator.log"), 1800)
        v = policy.Verdict()
        if status == 0:
            target = subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps"], cwd=root, capture_output=True, text=True)
            built = os.path.join(json.loads(target.stdout)["target_directory"], "debug", "offerkit-sim")
            sim_binary = os.path.join(run_dir, "offerkit-sim")
            shutil.copy2(built, sim_binary)
        else:
            v.failed, v.problems = 1, ["the simulator did not build: every step that needs it fails"]
        add_row("build/simulator", v, time.monotonic() - t, counted=False)

    def run_one(step: Step, alone: bool) -> None:
        """Runs one step and records its row; `alone`: its output streams as it comes."""
        t = time.monotonic()
        if alone:
            print(f"\n==> {step.id}", flush=True)
        step_dir = os.path.join(run_dir, "results", step.id.replace("/", "__"))
        os.makedirs(step_dir)
        log_path = os.path.join(log_dir, step.id.replace("/", "__") + ".log")
        problems = installer.wait(step.needs())
        status, timed_out = None, False
        if not problems:
            env = dict(base_env, **step.env)
            env.update(
                OFFERKIT_RESULTS_DIR=step_dir,
                OFFERKIT_RESULTS=os.path.join(step_dir, "results.jsonl"),
                OFFERKIT_STEP=step.id,
                OFFERKIT_HARNESS="1",
            )
            try:
                with step_services(step, sim_binary, log_dir) as service_env:
                    env.update(service_env)
                    argv = step.run
                    if step.chroot:
                        argv = [sys.executable, "-m", "harness", "chroot", step.chroot["suite"],
                                "--packages", ",".join(step.chroot.get("packages", [])), "--", *argv]
                    status, timed_out = run_process(argv, env, root, log_path, step.timeout, echo=alone)
            except (RuntimeError, subprocess.CalledProcessError, OSError) as e:
                problems.append(f"services did not start: {e}")
        if step.kind == "check":
            ok = status == 0 and not timed_out and not problems
            cases = [results.Case(step.id, step.id, "passed" if ok else "failed")]
            verdict = policy.judge(cases, 0, {}, strict)
            if timed_out:
                verdict.problems.append("timed out")
            elif status not in (0, None):
                verdict.problems.append(f"exit status {status}")
        else:
            cases = results.read_dir(step_dir)
            verdict = policy.judge(cases, status, step.suites, strict, timed_out) if not problems else policy.Verdict()
        for p in problems:
            verdict.failed += 1
            verdict.problems.append(p)
        seconds = time.monotonic() - t
        add_row(step.id, verdict, seconds)
        mark = "ok" if verdict.ok else "FAIL"
        with PRINT_LOCK:
            if not alone:
                print(f"\n==> {step.id} (ran beside other steps; its output:)", flush=True)
                with contextlib.suppress(OSError), open(log_path, "rb") as f:
                    sys.stdout.buffer.write(f.read())
                    sys.stdout.flush()
            print(f"==> {mark} {step.id}: {verdict.passed} passed, {verdict.failed} failed, {verdict.skipped} skipped, "
                  f"{verdict.na} n/a ({seconds:.0f} s; log {log_path})", flush=True)
            for p in verdict.problems[:40]:
                print(f"    {p}", flush=True)

    stopping = threading.Event()

    def run_lane(lane: list[Step], alone: bool) -> None:
        for step in lane:
            if stopping.is_set():
                return
            run_one(step, alone)

    expected = durations.expected()
    try:
        for block in plan.blocks(steps):
            # Longest lane first, so that the last lane to start is a short one.
            lanes = sorted(block.values(), key=lambda lane: -sum(expected.get(s.id, 0) for s in lane))
            if jobs <= 1 or len(lanes) == 1:
                for lane in lanes:
                    run_lane(lane, alone=True)
                continue
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(run_lane, lane, False) for lane in lanes]
                try:
                    for f in futures:
                        f.result()
                except BaseException:
                    stopping.set()
                    for f in futures:
                        f.cancel()
                    kill_running()
                    raise
    except (KeyboardInterrupt, Interrupted) as e:
        stopping.set()
        kill_running()
        print(f"\ninterrupted ({e}): the running steps and their services were stopped", flush=True)
        totals.failed += 1
        totals.problems.append("the run was interrupted")

    durations.remember({name: seconds for name, (v, seconds) in rows.items() if v.ok})
    print("\nstep                                      result    passed  failed skipped   n/a   seconds")
    for name in order:
        if name not in rows:
            continue
        v, seconds = rows[name]
        print(f"{name:<42}{'ok' if v.ok else 'FAIL':<8}{v.passed:>8}{v.failed:>8}{v.skipped:>8}{v.na:>6}{seconds:>10.0f}")
    for name in installer.needed:
        if installer.done[name].is_set():
            state = "FAIL" if name in installer.errors else "ok"
            label = f"tools/{name.replace(' ', '/', 1).replace(' ', ':')} (background)"
            if len(label) > 41:
                label = label[:38] + "..."
            print(f"{label:<42}{state:<8}{'':>38}{installer.seconds.get(name, 0):>10.0f}")
    print(f"{'total':<42}{'':<8}{'':>38}{time.monotonic() - started_all:>10.0f}")
    if totals.problems:
        print("\nfailures:")
        for p in totals.problems:
            print(f"  {p}")
    print(f"logs: {log_dir}")
    print(f"{totals.passed} passed, {totals.failed} failed, {totals.skipped} skipped")
    return 0 if totals.failed == 0 else 1
