"""Chroots of Debian's newer releases (trixie, sid) for the toolchains Debian 12 lacks (Swift,
Godot, Dart): made by `debootstrap --variant=minbase` from the archive this machine's own apt
sources name (no address is written into the repository), cached in OFFERKIT_CACHE/chroots per
suite and package set so CI on the same machine reuses them, and entered per command in a
private mount namespace with /proc, /dev, /tmp, the repository and its target directory bound at
their own paths, so the simulator on the host's loopback and the step's files are reachable."""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess

from . import tools

CHROOTS = os.path.join(tools.CACHE, "chroots")
# sid's Release file on this archive is past its Valid-Until date.
APT_CONF = 'Acquire::Check-Valid-Until "false";\nAPT::Install-Recommends "false";\n'


def archive() -> str:
    """The Debian archive of this machine's apt sources (deb822 or one-line format)."""
    candidates = []
    path = "/etc/apt/sources.list.d/debian.sources"
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("URIs:"):
                    candidates += line.split()[1:]
    if os.path.exists("/etc/apt/sources.list"):
        with open("/etc/apt/sources.list") as f:
            for line in f:
                m = re.match(r"\s*deb\s+(?:\[[^]]*\]\s+)?(\S+)", line)
                if m:
                    candidates.append(m.group(1))
    for uri in candidates:
        if "security" not in uri:
            return uri.rstrip("/")
    raise RuntimeError("no Debian archive in this machine's apt sources")


def chroot_dir(suite: str, packages: list[str]) -> str:
    key = hashlib.sha256(" ".join(sorted(packages)).encode()).hexdigest()[:12]
    return os.path.join(CHROOTS, f"{suite}-{key}")


def mount_script(root: str, binds: list[str], command: list[str], cwd: str) -> str:
    """The shell that runs inside `unshare --mount`: its mounts vanish with the namespace, so two
    runs never detach each other's mounts."""
    lines = ["set -e", "mount --make-rprivate /"]
    for src in ["/proc", "/dev", "/tmp", *binds]:
        dest = root + src
        lines.append(f"mkdir -p {shlex.quote(dest)}")
        lines.append(f"mount --rbind {shlex.quote(src)} {shlex.quote(dest)}")
    lines.append(f"cp /etc/resolv.conf {shlex.quote(root + '/etc/resolv.conf')} 2>/dev/null || true")
    inner = f"cd {shlex.quote(cwd)} && exec " + " ".join(shlex.quote(c) for c in command)
    lines.append(f"exec chroot {shlex.quote(root)} /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 $(env_args) bash -c {shlex.quote(inner)}")
    return "\n".join(lines)


PASS_ENV = re.compile(r"^(OFFERKIT_\w+|CI|RUST_BACKTRACE)$")


def run(suite: str, packages: list[str], command: list[str], binds: list[str], cwd: str, **kw) -> subprocess.CompletedProcess:
    root = provision(suite, packages)
    passed = " ".join(shlex.quote(f"{k}={v}") for k, v in os.environ.items() if PASS_ENV.match(k))
    script = f"env_args() {{ echo {shlex.quote(passed)}; }}\n" + mount_script(root, binds, command, cwd)
    return subprocess.run(["unshare", "--mount", "--", "bash", "-c", script], **kw)


def provision(suite: str, packages: list[str]) -> str:
    """The cached chroot for SUITE with PACKAGES, made when missing: the suite's bare chroot
    (debootstrap, itself cached) is copied and the packages installed into the copy, so every
    toolchain of one suite shares one debootstrap."""
    final = chroot_dir(suite, packages)
    with tools.Lock(f"chroot-{os.path.basename(final)}"):
        if os.path.exists(os.path.join(final, ".offerkit-ready")):
            return final
        work = final + ".new"
        shutil.rmtree(work, ignore_errors=True)
        if packages:
            base = provision(suite, [])
            tools.run(["cp", "-a", "--reflink=auto", base, work])
            os.remove(os.path.join(work, ".offerkit-ready"))
            install = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq " + " ".join(
                shlex.quote(p) for p in packages
            )
            script = mount_script(work, [], ["bash", "-c", install], "/")
            tools.run(["unshare", "--mount", "--", "bash", "-c", "env_args() { :; }\n" + script])
            tools.run(["chroot", work, "apt-get", "clean"])
        else:
            tools.apt(["debootstrap"])
            os.makedirs(CHROOTS, exist_ok=True)
            tools.run(["debootstrap", "--variant=minbase", suite, work, archive()], stdout=subprocess.DEVNULL)
            with open(os.path.join(work, "etc/apt/apt.conf.d/99offerkit"), "w") as f:
                f.write(APT_CONF)
        open(os.path.join(work, ".offerkit-ready"), "w").close()
        shutil.rmtree(final, ignore_errors=True)
        os.rename(work, final)
        return final
