"""A binding's manifest, `bindings/NAME/binding.toml`: what the binding builds on, its version
source, its docs, and its steps (test suites, packaging, smoke test) with the tools and services
each needs. The harness discovers bindings by these files alone, so adding a binding adds a
folder. Every key is checked: a misspelt one is refused, not ignored."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field

from .policy import SuiteRule, read_na_list

BUILDS_ON = {"c-abi", "uniffi", "rust", "wasm"}
TOP_KEYS = {"name", "description", "builds-on", "lane", "version", "docs", "steps", "package", "smoke"}
# Bindings over one shared library (its debug build with test hooks, its release build) use the
# same build outputs: their steps run in one lane, one after another. Other lanes run beside it.
SHARED_LIBRARY_LANES = {"c-abi", "uniffi"}
STEP_KEYS = {"name", "run", "services", "tools", "timeout", "suites", "chroot", "chroots", "kind", "env", "lane"}
SUITE_KEYS = {"na", "same-as", "same-as-filter", "optional", "expect", "expect-pattern", "expect-exclude"}
CHROOT_KEYS = {"suite", "packages"}
KINDS = {"results", "check"}


class ManifestError(ValueError):
    pass


@dataclass
class StepSpec:
    binding: str
    name: str
    run: list[str]
    services: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    timeout: int = 1800
    suites: dict[str, SuiteRule] = field(default_factory=dict)
    chroot: dict | None = None
    kind: str = "results"
    env: dict[str, str] = field(default_factory=dict)
    # The chroots its scripts enter (python3 -m harness chroot SUITE --packages ...): made in the
    # background from the start of the run, like the tools. Its own `chroot` is among them.
    chroots: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    # A lane of its own for a step that shares no build output with the binding's other steps
    # (empty: the binding's lane).
    lane: str = ""


VERSION_KEYS = {"file", "pattern", "of"}
VERSION_OF = {"release", "unity", "dynamic"}


@dataclass
class Version:
    """Where a binding's version is written: `file` (the top Cargo.toml when the binding takes the
    release version from the crates) and, for a file of its own, the `pattern` whose group 1 is
    the version, which must equal Cargo.toml's `of` version (release, or the Unity package's);
    `dynamic`: the pattern must match, and the version is the crate's (Python)."""

    file: str
    pattern: str = ""
    of: str = "release"

    def found(self, root: str) -> str | None:
        """What the file says: the version, "dynamic", or None when the pattern finds nothing."""
        if not self.pattern:
            return None
        with open(os.path.join(root, self.file), encoding="utf-8") as f:
            m = re.search(self.pattern, f.read(), re.M)
        if not m:
            return None
        return "dynamic" if self.of == "dynamic" else m.group(1)


@dataclass
class Binding:
    name: str
    folder: str
    description: str
    builds_on: str
    lane: str
    version: Version
    docs: str
    steps: list[StepSpec]
    package: StepSpec | None
    smoke: StepSpec | None


def _check_keys(where: str, table: dict, allowed: set[str]) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ManifestError(f"{where}: unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})")


def _step(root: str, binding: str, folder: str, where: str, table: dict, services: set[str], tools: set[str]) -> StepSpec:
    _check_keys(where, table, STEP_KEYS)
    if "run" not in table:
        raise ManifestError(f"{where}: `run` is required")
    run = table["run"]
    run = [run] if isinstance(run, str) else list(run)
    # The program is a file of the binding's folder (relative to it), or a command on PATH.
    first = os.path.join(folder, run[0])
    if os.path.exists(os.path.join(root, first)):
        run[0] = first
    for s in table.get("services", []):
        if s not in services:
            raise ManifestError(f"{where}: unknown service {s!r} (known: {', '.join(sorted(services))})")
    for t in table.get("tools", []):
        if t not in tools:
            raise ManifestError(f"{where}: unknown tool {t!r} (known: {', '.join(sorted(tools))})")
    kind = table.get("kind", "results")
    if kind not in KINDS:
        raise ManifestError(f"{where}: kind must be one of {', '.join(sorted(KINDS))}")
    suites = {}
    for name, rule in table.get("suites", {}).items():
        _check_keys(f"{where}.suites.{name}", rule, SUITE_KEYS)
        r = SuiteRule(required=not rule.get("optional", False))
        if "na" in rule:
            r.na_file = os.path.join(folder, rule["na"])
            path = os.path.join(root, r.na_file)
            if not os.path.exists(path):
                raise ManifestError(f"{where}.suites.{name}: n/a list {r.na_file} does not exist")
            r.na = read_na_list(path)
        if "expect" in rule:
            r.expect_file = os.path.join(folder, rule["expect"])
            path = os.path.join(root, r.expect_file)
            if not os.path.exists(path):
                raise ManifestError(f"{where}.suites.{name}: expect names {r.expect_file}, which does not exist")
            pattern = re.compile(rule.get("expect-pattern", r"^\s*(\S+)"), re.M)
            exclude = re.compile(rule["expect-exclude"]) if "expect-exclude" in rule else None
            with open(path, encoding="utf-8") as f:
                r.expect = {m.group(1) for m in pattern.finditer(f.read()) if not (exclude and exclude.search(m.group(1)))}
            if not r.expect:
                raise ManifestError(f"{where}.suites.{name}: expect-pattern finds no test in {r.expect_file}")
        r.same_as = rule.get("same-as", "")
        r.same_as_filter = rule.get("same-as-filter", "")
        suites[name] = r
    for name, r in suites.items():
        if r.same_as and r.same_as not in suites:
            raise ManifestError(f"{where}.suites.{name}: same-as names {r.same_as!r}, which is not a suite of this step")
    chroot = table.get("chroot")
    chroots = []
    for i, c in enumerate([*table.get("chroots", []), *([chroot] if chroot is not None else [])]):
        _check_keys(f"{where}.chroots[{i}]", c, CHROOT_KEYS)
        if not isinstance(c.get("suite"), str) or not c["suite"]:
            raise ManifestError(f"{where}.chroots[{i}]: `suite` (a Debian suite: trixie, sid) is required")
        packages = tuple(c.get("packages", []))
        if (c["suite"], packages) not in chroots:
            chroots.append((c["suite"], packages))
    return StepSpec(
        binding, table["name"], run, list(table.get("services", [])), list(table.get("tools", [])),
        int(table.get("timeout", 1800)), suites, chroot, kind, dict(table.get("env", {})), chroots,
        _lane(where, table.get("lane", "")),
    )


def _lane(where: str, lane) -> str:
    if not isinstance(lane, str) or (lane and not re.fullmatch(r"[a-z0-9-]+", lane)):
        raise ManifestError(f"{where}: lane must be a name of lowercase letters, digits and dashes")
    return lane


def load(root: str, folder: str, services: set[str], tools: set[str]) -> Binding:
    path = os.path.join(root, folder, "binding.toml")
    with open(path, "rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ManifestError(f"{folder}/binding.toml: {e}") from None
    where = f"{folder}/binding.toml"
    _check_keys(where, data, TOP_KEYS)
    name = data.get("name")
    if name != os.path.basename(folder):
        raise ManifestError(f"{where}: name {name!r} must be the folder's name {os.path.basename(folder)!r}")
    builds_on = data.get("builds-on")
    if builds_on not in BUILDS_ON:
        raise ManifestError(f"{where}: builds-on must be one of {', '.join(sorted(BUILDS_ON))}")
    lane = _lane(where, data.get("lane", builds_on if builds_on in SHARED_LIBRARY_LANES else name))
    if "docs" in data and not os.path.exists(os.path.join(root, data["docs"])):
        raise ManifestError(f"{where}: docs names {data['docs']}, which does not exist")
    raw = data.get("version", "Cargo.toml")
    if isinstance(raw, str):
        raw = {"file": raw}
    _check_keys(f"{where} version", raw, VERSION_KEYS)
    version = Version(raw.get("file", ""), raw.get("pattern", ""), raw.get("of", "release"))
    if not os.path.exists(os.path.join(root, version.file)):
        raise ManifestError(f"{where}: version names {version.file}, which does not exist")
    if version.of not in VERSION_OF:
        raise ManifestError(f"{where}: version.of must be one of {', '.join(sorted(VERSION_OF))}")
    if version.file != "Cargo.toml" and not version.pattern:
        raise ManifestError(f"{where}: a version file of the binding's own needs a pattern (group 1: the version)")
    if version.pattern:
        try:
            if re.compile(version.pattern).groups < (0 if version.of == "dynamic" else 1):
                raise ManifestError(f"{where}: version.pattern needs a group for the version")
        except re.error as e:
            raise ManifestError(f"{where}: version.pattern: {e}") from None
    steps = []
    seen = set()
    for i, table in enumerate(data.get("steps", [])):
        s = _step(root, name, folder, f"{where} steps[{i}]", table, services, tools)
        if s.name in seen or s.name in ("package", "smoke"):
            raise ManifestError(f"{where}: step name {s.name!r} is used twice (package and smoke are their own tables)")
        seen.add(s.name)
        steps.append(s)
    package = smoke = None
    if "package" in data:
        package = _step(root, name, folder, f"{where} package", {"name": "package", "kind": "check", **data["package"]}, services, tools)
    if "smoke" in data:
        smoke = _step(root, name, folder, f"{where} smoke", {"name": "smoke", **data["smoke"]}, services, tools)
    return Binding(name, folder, data.get("description", ""), builds_on, lane, version, data.get("docs", ""), steps, package, smoke)


def discover(root: str, services: set[str], tools: set[str]) -> list[Binding]:
    found = []
    base = os.path.join(root, "bindings")
    for entry in sorted(os.listdir(base)):
        if os.path.exists(os.path.join(base, entry, "binding.toml")):
            found.append(load(root, os.path.join("bindings", entry), services, tools))
    return found
