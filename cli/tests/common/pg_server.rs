//! A PostgreSQL server of one test's own, which the test may crash and restart: the shared
//! server of `OFFERKIT_TEST_POSTGRES_URL` serves every other test at the same time, so it is
//! never stopped. Debian's server binaries (`/usr/lib/postgresql/N/bin`, package postgresql),
//! a cluster in a temporary directory on 127.0.0.1, run as the `postgres` user when the test
//! runs as root (PostgreSQL refuses root); removed when dropped.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use super::rewards::{running_as_root, skip_postgres};

pub struct PgServer {
    bindir: PathBuf,
    dir: PathBuf,
    port: u16,
    as_owner: Vec<String>,
}

impl PgServer {
    /// A new, started cluster; `None` (with the SKIP line, or a failure where PostgreSQL is
    /// required) when the server binaries are missing.
    pub fn start_new(test: &str) -> Option<PgServer> {
        let Some(bindir) = server_binaries() else {
            skip_postgres(
                test,
                "no PostgreSQL server binaries (Debian package postgresql)",
            );
            return None;
        };
        let dir = std::env::temp_dir().join(format!(
            "offerkit-pg-{test}-{}-{}",
            std::process::id(),
            super::rewards::unique()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let as_owner = if running_as_root() {
            let uid: u32 = output("id", &["-u", "postgres"]).parse().unwrap();
            let gid: u32 = output("id", &["-g", "postgres"]).parse().unwrap();
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).unwrap();
            vec![
                "runuser".into(),
                "-u".into(),
                "postgres".into(),
                "--".into(),
            ]
        } else {
            Vec::new()
        };
        let mut server = PgServer {
            bindir,
            port: free_port(),
            dir,
            as_owner,
        };
        let data = server.data();
        server.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        // The port was found free and released: another process may take it before the
        // server binds it. Then the server tries another one (a restart keeps its port).
        for _ in 0..4 {
            match server.try_start() {
                Ok(()) => return Some(server),
                Err(log) if log.contains("could not bind") => server.port = free_port(),
                Err(log) => panic!("{log}"),
            }
        }
        server.start();
        Some(server)
    }

    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server (again) on its port, waiting until it accepts connections.
    pub fn start(&self) {
        self.try_start().unwrap_or_else(|log| panic!("{log}"));
    }

    /// Starts the server on its port; the failure with the server's log.
    fn try_start(&self) -> Result<(), String> {
        let options = format!(
            "-h 127.0.0.1 -p {} -k {} -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("server.log").display().to_string();
        self.try_run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-o",
                &options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        )
    }

    /// Stops the server as a crash does: `pg_ctl stop -m immediate` kills every server process
    /// without a checkpoint, and the next start recovers from the write-ahead log.
    pub fn crash(&self) {
        self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        );
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// `program` of the server's binaries, as the cluster's owner.
    fn command(&self, program: &str) -> Command {
        let path = self.bindir.join(program);
        match self.as_owner.split_first() {
            Some((runner, rest)) => {
                let mut command = Command::new(runner);
                command.args(rest).arg(path);
                command
            }
            None => Command::new(path),
        }
    }

    fn run(&self, program: &str, args: &[&str]) {
        self.try_run(program, args)
            .unwrap_or_else(|failure| panic!("{failure}"));
    }

    /// Runs `program`; when it fails, its stderr and the server's log.
    fn try_run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let out = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        if out.status.success() {
            return Ok(());
        }
        // The log of this attempt only: a retry's diagnosis must not read an earlier one.
        let log = self.dir.join("server.log");
        let failure = format!(
            "{program} {args:?}: {}\n{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        let _ = std::fs::remove_file(&log);
        Err(failure)
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        let data = self.data();
        let _ = self
            .command("pg_ctl")
            .args(["-D", &data, "-m", "immediate", "-w", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The newest `/usr/lib/postgresql/N/bin` with `initdb`, else the directory of an `initdb`
/// on the PATH.
fn server_binaries() -> Option<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|bin| bin.join("initdb").is_file())
        .collect();
    versions.sort_by_key(|bin| {
        bin.parent()
            .and_then(Path::file_name)
            .and_then(|v| v.to_str()?.parse::<u32>().ok())
    });
    if let Some(newest) = versions.pop() {
        return Some(newest);
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).find(|dir| dir.join("initdb").is_file()))
}

fn output(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(out.status.success(), "{program} {args:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// A loopback port nobody listens on now (bound, then released for the server).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
