"""The test command's entry point (scripts/test.sh runs it):

  python3 -m harness [--list] [--only STEP|GROUP|PATTERN]... [--binding NAME]... [--jobs N]
  python3 -m harness tools NAME...            install tools (apt, venv, kotlin, cbindgen, rust-targets)
  python3 -m harness chroot SUITE [--packages A,B] -- CMD...   run CMD in a cached Debian chroot
  python3 -m harness packages                 the bindings that package: NAME FOLDER SCRIPT SMOKE
  python3 -m harness versions                 what each binding's own version file says: NAME FILE OF FOUND
"""

from __future__ import annotations

import argparse
import os
import socket
import sys

from . import chroot, plan, runner, tools

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def strict() -> bool:
    """Skips fail the run, except in a local run that asks otherwise (never in CI)."""
    return not (os.environ.get("ALLOW_SKIPS") == "1" and not os.environ.get("CI"))


def shared_target() -> tools.Lock | None:
    """A fresh clone (CI's) builds into the cache's target directory, so a machine that ran the
    tests before rebuilds only what changed. OFFERKIT_SHARED_TARGET=0 opts out. Two checkouts of
    different commits would replace each other's libraries there mid-test (the final artifacts
    have one name per target directory), so a run that builds into it holds the cache's
    `target` lock until it ends: a second run waits for the first.

    Cargo is then told the cache's own path (CARGO_TARGET_DIR), not the checkout's symlink to it:
    a test's `env!("CARGO_BIN_EXE_…")` holds the target directory's path as cargo was given it,
    and cargo counts a test built by another checkout of the same sources as fresh — with the
    symlink, it would run that checkout's binary path, gone once that clone is deleted."""
    target = os.path.join(ROOT, "target")
    shared = os.path.join(tools.CACHE, "target")
    if os.environ.get("OFFERKIT_SHARED_TARGET", "1") != "0" and not os.path.lexists(target):
        os.makedirs(shared, exist_ok=True)
        os.symlink(shared, target)
        print(f"target -> {shared} (the cache's build directory)")
    if os.path.realpath(target) != os.path.realpath(shared):
        return None
    os.environ.setdefault("CARGO_TARGET_DIR", os.path.realpath(shared))
    lock = tools.Lock("target")
    if not lock.try_acquire():
        print("waiting for another run that builds into the cache's build directory ...", flush=True)
        lock.__enter__()
    return lock


def chroot_probe() -> int:
    """In a trixie chroot: the repository is visible at its own path, and the simulator the step
    got is reachable on the host's loopback."""
    url = os.environ["OFFERKIT_SIM_URL"]
    port = url.rsplit(":", 1)[1].rstrip("/")
    script = f"test -f {ROOT}/Cargo.toml && exec 3<>/dev/tcp/127.0.0.1/{port} && printf 'GET /_sim/stats HTTP/1.0\\r\\n\\r\\n' >&3 && head -1 <&3 | grep -q ' 200 '"
    done = chroot.run("trixie", [], ["bash", "-c", script], [ROOT], ROOT)
    return done.returncode


def main(argv: list[str]) -> int:
    if argv[:1] == ["tools"]:
        tools.install(argv[1:])
        for k, v in tools.environment().items():
            print(f"{k}={v}")
        return 0
    if argv[:1] == ["chroot"]:
        if "--" not in argv:
            print("usage: python3 -m harness chroot SUITE [--packages A,B] -- COMMAND...", file=sys.stderr)
            return 2
        split = argv.index("--")
        p = argparse.ArgumentParser(prog="harness chroot")
        p.add_argument("suite")
        p.add_argument("--packages", default="")
        a = p.parse_args(argv[1:split])
        command = argv[split + 1 :]
        packages = [x for x in a.packages.split(",") if x]
        binds = [ROOT]
        target = os.path.realpath(os.path.join(ROOT, "target"))
        if not target.startswith(ROOT + "/"):
            binds.append(target)
        return chroot.run(a.suite, packages, command, binds, os.getcwd()).returncode
    if argv[:1] == ["chroot-probe"]:
        return chroot_probe()
    if argv[:1] == ["versions"]:
        for b in plan.bindings(ROOT):
            if b.version.pattern:
                found = b.version.found(ROOT)
                print(f"{b.name}\t{b.version.file}\t{b.version.of}\t{found or ''}")
        return 0
    if argv[:1] == ["packages"]:
        for b in plan.bindings(ROOT):
            if b.package:
                smoke = b.smoke.run[0] if b.smoke else "-"
                print(b.name, b.folder, b.package.run[0], smoke)
        return 0
    p = argparse.ArgumentParser(prog="scripts/test.sh", description="Runs every test step, or the ones named.")
    p.add_argument("--list", action="store_true", help="list the steps and exit")
    p.add_argument("--only", action="append", default=[], help="a step, a group (the part before /), or a glob; repeatable")
    p.add_argument("--binding", action="append", default=[], help="every step of one binding; repeatable")
    p.add_argument("--jobs", type=int, default=int(os.environ.get("OFFERKIT_JOBS", "2")),
                   help="lanes of binding steps run side by side (default 2, or OFFERKIT_JOBS); 1 runs every step alone")
    a = p.parse_args(argv)
    steps = plan.select(plan.all_steps(ROOT), a.only, a.binding)
    if a.list:
        for s in steps:
            extra = " ".join(x for x in [",".join(s.services), ",".join(s.tools)] if x)
            print(f"{s.id:<40} {' '.join(s.run)}" + (f"   [{extra}]" if extra else ""))
        return 0
    if not steps:
        print("no step matches", file=sys.stderr)
        return 2
    # A test run builds each commit once: cargo's incremental data (by default on in the dev
    # profile) would only cost compile time and disk (12 GB of it in a cache that ran a day).
    os.environ.setdefault("CARGO_INCREMENTAL", "0")
    held = shared_target()
    try:
        return runner.run_steps(ROOT, steps, strict(), max(1, a.jobs))
    finally:
        if held:
            held.__exit__(None, None, None)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
