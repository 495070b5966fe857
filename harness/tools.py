"""Every tool the test command needs, installed in one place: one apt-get for all Debian packages,
and a recipe per tool that no Debian package carries (cbindgen from crates.io, the Kotlin
compiler from npm, a Python venv from PyPI, rustup targets). What is installed outside the
repository lives in the cache (OFFERKIT_CACHE, default /var/cache/offerkit), so a fresh clone on
a machine that ran the tests before reuses it. Installs are locked across processes."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

CACHE = os.environ.get("OFFERKIT_CACHE", "/var/cache/offerkit")
TOOLS_DIR = os.path.join(CACHE, "tools")

# Debian packages: name -> what needs it. One apt-get installs every missing one.
APT = {
    "build-essential": "C and C++ tests",
    "pkg-config": "C SDK tests (pkg-config files)",
    "cmake": "C SDK tests (find_package)",
    "clang": "C/C++ header checks, C++ tests with clang++",
    "valgrind": "C, Unity and Unreal tests under memcheck",
    "libcurl4-openssl-dev": "the C tests' host executor",
    "binutils": "symbol checks (nm, strings)",
    "llvm": "import libraries (llvm-dlltool), llvm-nm, llvm-readobj",
    "gcc-mingw-w64-x86-64": "Windows x64 builds",
    "g++-mingw-w64-x86-64": "Windows x64 C++ smoke test",
    "binutils-mingw-w64-x86-64": "Windows x64 import checks",
    "gcc-aarch64-linux-gnu": "Linux arm64 builds",
    "g++-aarch64-linux-gnu": "Linux arm64 C++ smoke test",
    "qemu-user": "running arm64 programs",
    "wine64": "running Windows programs",
    "mono-mcs": "Unity tests (C# compiler)",
    "mono-runtime": "Unity tests",
    "libmono-system-net-http4.0-cil": "Unity's HttpClient executor",
    "libjna-java": "Kotlin tests (JNA)",
    "postgresql": "ledger and receiver tests",
    "python3-venv": "the Python tools venv",
    "unzip": "package smoke tests",
    "zip": "packaging",
    "curl": "simulator control in shell tests",
    "debootstrap": "chroots with newer toolchains",
    "chromium": "the web package's tests in a real browser (headless, driven by playwright-core)",
}

KOTLIN_VERSION = "2.4.20"
CBINDGEN_VERSION = "0.29.4"
# pytest-asyncio 1.5 for its loop-factory hook (the Python suite's uvloop run).
VENV_REQUIREMENTS = ["maturin>=1.9,<2", "pytest>=8,<10", "pytest-asyncio>=1.5,<2", "mypy>=1.13,<2", "uvloop>=0.21,<1"]

# Run in the venv: fails unless every requirement is installed at a version it allows.
_VENV_CHECK = """
import sys
from importlib.metadata import version
from pip._vendor.packaging.requirements import Requirement
for text in sys.argv[1:]:
    requirement = Requirement(text)
    assert requirement.specifier.contains(version(requirement.name)), text
"""
RUST_TARGETS = ["x86_64-pc-windows-gnu", "aarch64-unknown-linux-gnu", "wasm32-unknown-unknown"]


class Lock:
    """An exclusive lock on a file in the cache, held across processes."""

    def __init__(self, name: str):
        os.makedirs(CACHE, exist_ok=True)
        self.path = os.path.join(CACHE, f"{name}.lock")

    def __enter__(self):
        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def try_acquire(self) -> bool:
        """Takes the lock if nobody holds it; False (and nothing held) otherwise."""
        f = open(self.path, "w")
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.close()
            return False
        self.f = f
        return True

    def __exit__(self, *exc):
        fcntl.flock(self.f, fcntl.LOCK_UN)
        self.f.close()


# Where install commands write their output: stdout, or the run's tools log (runner.ToolInstaller).
LOG = None


def run(cmd: list[str], **kw) -> None:
    print("+ " + " ".join(cmd), file=LOG or sys.stdout, flush=True)
    if LOG is not None:
        kw.setdefault("stdout", LOG)
        kw.setdefault("stderr", subprocess.STDOUT)
    subprocess.run(cmd, check=True, **kw)


def apt_missing(packages) -> list[str]:
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package} ${Status}\n", *packages], capture_output=True, text=True
    ).stdout
    installed = {line.split()[0] for line in out.splitlines() if line.endswith("install ok installed")}
    return [p for p in packages if p not in installed]


def apt(packages=None) -> None:
    packages = list(packages or APT)
    with Lock("apt"):
        missing = apt_missing(packages)
        if not missing:
            return
        if os.geteuid() != 0:
            raise RuntimeError(f"not root: cannot install {' '.join(missing)}")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-qq"], env=env)
        run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env, stdout=subprocess.DEVNULL)


def cbindgen() -> None:
    with Lock("cargo-install"):
        have = subprocess.run(["cbindgen", "--version"], capture_output=True, text=True) if shutil.which("cbindgen") else None
        if have and have.stdout.strip() == f"cbindgen {CBINDGEN_VERSION}":
            return
        run(["cargo", "install", "--locked", "--version", CBINDGEN_VERSION, "cbindgen"])


def kotlin() -> str:
    home = os.path.join(TOOLS_DIR, f"kotlin-{KOTLIN_VERSION}")
    with Lock("kotlin"):
        if not os.access(os.path.join(home, "bin", "kotlinc-jvm"), os.X_OK):
            os.makedirs(TOOLS_DIR, exist_ok=True)
            tmp = tempfile.mkdtemp(dir=TOOLS_DIR)
            run(["npm", "pack", "--silent", f"kotlin-compiler@{KOTLIN_VERSION}"], cwd=tmp, stdout=subprocess.DEVNULL)
            tarball = next(f for f in os.listdir(tmp) if f.endswith(".tgz"))
            run(["tar", "-xzf", tarball], cwd=tmp)
            for f in os.listdir(os.path.join(tmp, "package", "bin")):
                os.chmod(os.path.join(tmp, "package", "bin", f), 0o755)
            shutil.rmtree(home, ignore_errors=True)
            os.rename(os.path.join(tmp, "package"), home)
            shutil.rmtree(tmp)
    return home


def venv() -> str:
    """The Python tools venv. Its packages and their versions are checked on every use (a
    reused venv without pytest-asyncio would let every async test skip)."""
    path = os.path.join(TOOLS_DIR, "venv")
    py = os.path.join(path, "bin", "python")
    with Lock("venv"):
        check = [py, "-c", _VENV_CHECK, *VENV_REQUIREMENTS] if os.path.exists(py) else None
        if check is None or subprocess.run(check, capture_output=True).returncode != 0:
            if check is None:
                run([sys.executable, "-m", "venv", path])
            run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", *VENV_REQUIREMENTS])
    return path


def rust_targets() -> None:
    """The cross targets, and the standard library's sources that every shipping build compiles
    (scripts/lib/shipping-build.sh)."""
    with Lock("rustup"):
        have = subprocess.run(["rustup", "target", "list", "--installed"], capture_output=True, text=True).stdout.split()
        missing = [t for t in RUST_TARGETS if t not in have]
        if missing:
            run(["rustup", "target", "add", *missing])
        components = subprocess.run(["rustup", "component", "list", "--installed"], capture_output=True, text=True).stdout.split()
        if "rust-src" not in components:
            run(["rustup", "component", "add", "rust-src"])


def wasm_bindgen_version() -> str:
    """The `wasm-bindgen` crate's version in Cargo.lock: the command-line tool must match it."""
    lock = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Cargo.lock")
    with open(lock, "rb") as f:
        packages = tomllib.load(f).get("package", [])
    for package in packages:
        if package.get("name") == "wasm-bindgen":
            return package["version"]
    raise RuntimeError("wasm-bindgen is not in Cargo.lock")


def wasm_bindgen_path() -> str:
    return os.path.join(TOOLS_DIR, f"wasm-bindgen-{wasm_bindgen_version()}", "bin", "wasm-bindgen")


def wasm_bindgen() -> None:
    """The `wasm-bindgen` command of Cargo.lock's version (no Debian package carries it), in the
    cache. Not `--locked`: the lock file it ships names crate versions this machine's
    registry may not have yet. `--debug`: on a fresh machine it compiles beside the Rust steps,
    and unoptimised it takes half the CPU (129 s against 274 s, 69 s against 143 s of wall time
    on an idle 2-core machine), while the two runs a package build makes take 0.9 s instead of
    0.2 s each, with identical output."""
    version = wasm_bindgen_version()
    with Lock("cargo-install"):
        if os.access(wasm_bindgen_path(), os.X_OK):
            return
        with tempfile.TemporaryDirectory() as build:
            run(["cargo", "install", "--debug", "--version", version, "wasm-bindgen-cli", "--root",
                 os.path.join(TOOLS_DIR, f"wasm-bindgen-{version}"), "--target-dir", build])


RECIPES = {"apt": apt, "cbindgen": cbindgen, "kotlin": kotlin, "venv": venv, "rust-targets": rust_targets,
           "wasm-bindgen": wasm_bindgen}


def environment() -> dict[str, str]:
    """What the steps find the cached tools by."""
    return {
        "OFFERKIT_TOOLS_DIR": TOOLS_DIR,
        "KOTLIN_HOME": os.path.join(TOOLS_DIR, f"kotlin-{KOTLIN_VERSION}"),
        "VENV": os.path.join(TOOLS_DIR, "venv"),
    }


def install(names) -> None:
    for name in names:
        if name not in RECIPES:
            raise KeyError(f"unknown tool {name!r}; known: {', '.join(sorted(RECIPES))}")
        RECIPES[name]()
