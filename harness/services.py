"""The services a step runs against, each started by a guard before the step and stopped by its
process id when the step ends, whatever happened: the simulator pair (the service, and one
behind the path prefix /api) and a throw-away PostgreSQL on loopback."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time


def stop_pid(pid: int, sig: int = signal.SIGTERM, wait: float = 10.0) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not our child: poll for its end
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            done = 0
        if done == pid:
            return
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


class Simulator:
    """One offerkit-sim process on a free loopback port."""

    def __init__(self, binary: str, log_dir: str, name: str, *args: str):
        self.binary, self.args, self.name = binary, args, name
        self.out = os.path.join(log_dir, f"{name}.out")
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> str:
        with open(self.out, "w") as out:
            self.proc = subprocess.Popen(
                [self.binary, "--port", "0", *self.args], stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.out, errors="replace") as f:
                for line in f:
                    if line.startswith("listening on "):
                        self.url = line[len("listening on ") :].strip()
                        return self.url
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        with open(self.out, errors="replace") as f:
            raise RuntimeError(f"simulator {self.name} did not start:\n{f.read()[-2000:]}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            stop_pid(self.proc.pid)
        self.proc = None


@contextlib.contextmanager
def simulators(binary: str, log_dir: str):
    """The pair every binding's tests use; yields the environment that names them."""
    plain = Simulator(binary, log_dir, "simulator")
    prefixed = Simulator(binary, log_dir, "simulator-prefixed", "--path-prefix", "/api")
    try:
        env = {"OFFERKIT_SIM_URL": plain.start(), "OFFERKIT_SIM_PREFIXED_URL": prefixed.start()}
        yield env
    finally:
        plain.stop()
        prefixed.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bindir() -> str:
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(os.path.join(d, "initdb"), os.X_OK):
            return d
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise RuntimeError("no PostgreSQL server binaries (Debian package postgresql)")


@contextlib.contextmanager
def postgres(log_dir: str):
    """A cluster in a temp dir, owned by the postgres user when run as root (PostgreSQL refuses
    root), on 127.0.0.1 only, the postgres role trusted and every other one asked for a SCRAM
    password (as scripts/postgres.sh, which the benchmarks use); stopped by its postmaster's pid
    (read again at the end, in case a test restarted the server)."""
    bindir = pg_bindir()
    data_root = tempfile.mkdtemp(prefix="offerkit-pg.")
    os.chmod(data_root, 0o755)
    as_owner: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(data_root, owner.pw_uid, owner.pw_gid)
        as_owner = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(data_root, "data")
    port = free_port()
    log = os.path.join(log_dir, "postgres.log")
    pid_file = os.path.join(data, "postmaster.pid")
    try:
        with open(log, "w") as out:
            subprocess.run(
                [*as_owner, f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
                stdout=out, stderr=subprocess.STDOUT, check=True,
            )
            # First match wins: the superuser is trusted, every other role gives a password, so
            # tests can create a role with one and check password authentication, right and wrong.
            hba = os.path.join(data, "pg_hba.conf")
            with open(hba, "w") as f:
                f.write("local all postgres trust\nhost all postgres 127.0.0.1/32 trust\n"
                        "local all all scram-sha-256\nhost all all 127.0.0.1/32 scram-sha-256\n")
            if as_owner:
                os.chown(hba, owner.pw_uid, owner.pw_gid)
            subprocess.run(
                [*as_owner, f"{bindir}/pg_ctl", "-D", data, "-l", os.path.join(data_root, "server.log"), "-w", "-t", "60",
                 "-o", f"-c listen_addresses=127.0.0.1 -p {port} -k {data_root} -c max_connections=200"
                 " -c password_encryption=scram-sha-256", "start"],
                stdout=out, stderr=subprocess.STDOUT, check=True,
            )
        yield {
            "OFFERKIT_TEST_POSTGRES_URL": f"postgres://postgres@127.0.0.1:{port}/postgres",
            "OFFERKIT_REQUIRE_POSTGRES": "1",
            "OFFERKIT_TEST_POSTGRES_DATA": data,
            "OFFERKIT_TEST_POSTGRES_BIN": bindir,
        }
    finally:
        with contextlib.suppress(OSError, ValueError, IndexError):
            with open(pid_file) as f:
                stop_pid(int(f.readline()), signal.SIGINT, 20.0)
        shutil.rmtree(data_root, ignore_errors=True)


SERVICES = {"sim": simulators, "postgres": postgres}
