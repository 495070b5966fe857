"""The steps of the test command, in order: the harness's own tests, the Rust workspace's checks
and test suites (listed here, since they belong to no binding), then every binding's steps as
its manifest declares them, the packages, and each binding's smoke test."""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field

from . import manifest, services, tools
from .policy import SuiteRule

NEXTEST = "harness/lib/nextest.sh"


@dataclass
class Step:
    id: str
    run: list[str]
    kind: str = "check"  # "check": one case from the exit status; "results": read result files
    services: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    timeout: int = 1800
    suites: dict[str, SuiteRule] = field(default_factory=dict)
    chroot: dict | None = None
    env: dict[str, str] = field(default_factory=dict)
    binding: str = ""
    # Consecutive steps with a lane run side by side, one lane per worker (runner.run_steps);
    # a step without one runs alone, after everything before it and before everything after.
    lane: str = ""
    chroots: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)

    def needs(self) -> list[str]:
        """What the background installer must have done first: its tools and its chroots."""
        return [*self.tools, *(chroot_job(suite, packages) for suite, packages in self.chroots)]


def chroot_job(suite: str, packages: tuple[str, ...]) -> str:
    """The installer's name for provisioning one chroot."""
    return f"chroot {suite} {','.join(packages)}".rstrip()


def rust_steps() -> list[Step]:
    clippy = ["cargo", "clippy", "--all-targets"]
    deny = ["--", "-D", "warnings"]
    return [
        Step("harness/self-test", ["python3", "-m", "harness.tests"], kind="results"),
        Step("rust/format", ["cargo", "fmt", "--all", "--", "--check"]),
        Step("rust/module-cycles", ["python3", "scripts/check-module-cycles.py"], kind="results"),
        Step("rust/module-cycles-self-test", ["python3", "scripts/check-module-cycles.py", "--self-test"], kind="results"),
        # Each published artifact's public surface against its CHANGELOG (no build needed).
        Step("docs/changelogs", ["python3", "scripts/check-changelogs.py"], kind="results"),
        Step("docs/changelogs-self-test", ["python3", "scripts/check-changelogs.py", "--self-test"], kind="results"),
        # Each crate with -p, so features never unify with the bindgen binary's.
        Step("rust/clippy", [*clippy, "-p", "offerkit", "-p", "offerkit-sim", "-p", "offerkit-cli", "-p", "offerkit-rewards", "-p", "offerkit-bench", "--features", "offerkit-cli/rewards", *deny], timeout=2400),
        # The CLI as the README's first command builds it: without the rewards receiver.
        Step("rust/clippy-cli-offers", ["cargo", "clippy", "-p", "offerkit-cli", "--all-targets", *deny]),
        Step("rust/clippy-core-server", [*clippy, "-p", "offerkit", "--features", "server", *deny]),
        Step("rust/clippy-core-ledger", [*clippy, "-p", "offerkit", "--features", "ledger", *deny]),
        Step("rust/clippy-core-lite", ["cargo", "clippy", "-p", "offerkit", "--no-default-features", "--lib", *deny]),
        Step("rust/clippy-client-libraries", [*clippy, "-p", "offerkit-ffi", "-p", "offerkit-uniffi", *deny]),
        # The uniffi library's mobile flavour: no built-in transport, the app's HTTP stack.
        Step("rust/clippy-uniffi-lite", ["cargo", "clippy", "-p", "offerkit-uniffi", "--no-default-features", "--lib", *deny]),
        Step("rust/clippy-bindings-common", [*clippy, "-p", "offerkit-bindings-common", "--features", "testing", *deny]),
        # The core with every feature (the server and ledger tests included; features only add
        # tests), on SQLite and a real PostgreSQL; then its integration tests again through a
        # second HTTP executor (hyper's bare connection, no reqwest), as a host's stack carries them.
        Step("core/tests", [NEXTEST, "core-tests", "-p", "offerkit", "--features", "ledger"], kind="results", services=["postgres"], tools=["apt"], timeout=2400),
        Step("core/tests-host-executor", [NEXTEST, "core-tests-host-executor", "-p", "offerkit", "--features", "server", "-E", "kind(test)"], kind="results", env={"OFFERKIT_TEST_EXECUTOR": "conn"}),
        Step("core/doc-tests", ["cargo", "test", "-q", "-p", "offerkit", "--features", "ledger", "--doc"]),
        Step("common/tests", [NEXTEST, "bindings-common-tests", "-p", "offerkit-bindings-common", "--features", "testing"], kind="results"),
        Step("sim-cli-rewards/tests", [NEXTEST, "sim-cli-rewards-tests", "-p", "offerkit-sim", "-p", "offerkit-cli", "-p", "offerkit-rewards", "--features", "offerkit-cli/rewards"], kind="results", services=["postgres"], tools=["apt"], timeout=2400),
        Step("cli/main-job", ["cargo", "run", "-q", "-p", "offerkit-cli", "--", "offers", "--player-id", "demo", "--limit", "3"]),
        Step("cli/without-rewards", [NEXTEST, "cli-without-rewards", "-p", "offerkit-cli", "--bins"], kind="results"),
        Step("core/soak", ["scripts/soak.sh", "20", "--debug"]),
        Step("core/examples", ["scripts/test-core-examples.sh"], kind="results", services=["sim"]),
        Step("harness/chroot", ["python3", "-m", "harness", "chroot-probe"], services=["sim"], tools=["apt"], timeout=900,
             chroots=[("trixie", ())]),
    ]


def tail_steps() -> list[Step]:
    return [
        Step("server/end-to-end", ["scripts/test-server.sh"], kind="results", tools=["apt", "venv"], timeout=1800, lane="server"),
        Step("packages/checks", ["scripts/test-packages.sh", "--checks-only"], kind="results", tools=["apt"]),
        Step("packages/build", ["scripts/package.sh"], tools=["apt", "rust-targets", "kotlin", "venv"], timeout=3600),
    ]


def from_spec(spec: manifest.StepSpec, lane: str) -> Step:
    return Step(
        f"{spec.binding}/{spec.name}", spec.run, spec.kind, spec.services, spec.tools, spec.timeout,
        spec.suites, spec.chroot, spec.env, spec.binding, spec.lane or lane, spec.chroots,
    )


def bindings(root: str) -> list[manifest.Binding]:
    return manifest.discover(root, set(services.SERVICES), set(tools.RECIPES))


def all_steps(root: str) -> list[Step]:
    found = bindings(root)
    steps = rust_steps()
    for b in found:
        steps += [from_spec(s, b.lane) for s in b.steps]
    steps += tail_steps()
    # Each smoke test installs from dist/, which packages/build made.
    for b in found:
        if b.smoke:
            smoke = from_spec(b.smoke, b.lane)
            smoke.run = [*smoke.run, "dist"]
            steps.append(smoke)
    return steps


def blocks(steps: list[Step]) -> list[dict[str, list[Step]]]:
    """The run's blocks, in order: a step without a lane is a block of its own; consecutive
    steps with lanes form one block, their lanes in order of first appearance."""
    out: list[dict[str, list[Step]]] = []
    for s in steps:
        if s.lane and out and "" not in out[-1]:
            out[-1].setdefault(s.lane, []).append(s)
        else:
            out.append({s.lane: [s]})
    return out


def select(steps: list[Step], only: list[str], binding: list[str]) -> list[Step]:
    if not only and not binding:
        return steps
    chosen = []
    for s in steps:
        group = s.id.split("/", 1)[0]
        if any(s.id == p or group == p or fnmatch.fnmatchcase(s.id, p) for p in only) or s.binding in binding:
            chosen.append(s)
    return chosen
