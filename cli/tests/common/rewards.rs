//! Helpers of the rewards tests: receiver processes (`offerkit rewards serve`), signed
//! postbacks in both formats, a tiny HTTP client, and fresh databases (a SQLite file; a
//! PostgreSQL database when `OFFERKIT_TEST_POSTGRES_URL` is set, else a "SKIP postgres" line
//! written past the test harness's capture, which the scripts count).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use offerkit::server::postback::{PostbackKey, canonical, sign_v2_url, sign_v3};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const KEY: &str = "pbk-cli-test-2b7e";
pub const ADMIN: &str = "adm-cli-test-91f4";

static N: AtomicUsize = AtomicUsize::new(0);

pub fn unique() -> usize {
    N.fetch_add(1, Ordering::SeqCst)
}

/// A SQLite ledger in a temp dir, removed when dropped.
pub struct SqliteDb {
    pub url: String,
    dir: std::path::PathBuf,
}

impl Drop for SqliteDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn sqlite_db(test: &str) -> SqliteDb {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "offerkit-rewards-{test}-{}-{}",
        std::process::id(),
        unique()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    SqliteDb {
        url: format!("sqlite://{}", dir.join("rewards.db").display()),
        dir,
    }
}

/// A fresh PostgreSQL database, or `None` (with the SKIP line) without a server.
pub async fn postgres_url(test: &str) -> Option<String> {
    use sqlx::Connection;
    let admin = std::env::var("OFFERKIT_TEST_POSTGRES_URL")
        .ok()
        .filter(|v| !v.is_empty());
    let Some(admin) = admin else {
        skip_postgres(test, "OFFERKIT_TEST_POSTGRES_URL is not set");
        return None;
    };
    sqlx::any::install_default_drivers();
    let name = format!("offerkit_cli_{test}_{}_{}", std::process::id(), unique());
    let mut conn = sqlx::AnyConnection::connect(&admin).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_path(&name);
    Some(url.to_string())
}

/// Without PostgreSQL: a failure when CI or `OFFERKIT_REQUIRE_POSTGRES=1` says it must be
/// tested, else the "SKIP postgres" line.
pub fn skip_postgres(test: &str, why: &str) {
    let required = std::env::var("CI").is_ok_and(|v| !v.is_empty())
        || std::env::var("OFFERKIT_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "rewards::{test}: {why}, and CI or OFFERKIT_REQUIRE_POSTGRES=1 says PostgreSQL must be tested"
    );
    let _ = writeln!(std::io::stderr(), "SKIP postgres: rewards::{test} ({why})");
}

/// The one integer that `query` selects from `db` (a count, a sum), read beside the receiver.
pub async fn sql_i64(db: &str, query: &str) -> i64 {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(db).await.unwrap();
    let value: i64 = sqlx::query_scalar(query)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    value
}

/// Runs one SQL statement on `db` (for breaking and repairing the ledger in tests).
pub async fn sql(db: &str, statement: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(db).await.unwrap();
    sqlx::query(statement).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

/// `offerkit rewards serve` as a process; its output is collected for the secret checks.
pub struct Receiver {
    child: Child,
    pub addr: String,
    logs: Arc<Mutex<String>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Receiver {
    pub fn start(db: &str, extra: &[&str]) -> Receiver {
        let mut child = Command::new(env!("CARGO_BIN_EXE_offerkit"))
            .args(["rewards", "serve", "--listen", "127.0.0.1:0", "--db", db])
            .args(extra)
            .env_remove("OFFERKIT_LOG")
            .env("OFFERKIT_POSTBACK_KEY", KEY)
            .env("OFFERKIT_ADMIN_TOKEN", ADMIN)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("offerkit starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let logs = Arc::new(Mutex::new(String::new()));
        let mut stderr = child.stderr.take().unwrap();
        let Some(addr) = line
            .trim()
            .strip_prefix("listening on http://")
            .map(str::to_owned)
        else {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            panic!("unexpected first line {line:?}; stderr: {text}");
        };
        let sink = logs.clone();
        let err_reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            sink.lock().unwrap().push_str(&text);
        });
        let sink = logs.clone();
        let out_reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            sink.lock().unwrap().push_str(&text);
        });
        Receiver {
            child,
            addr,
            logs,
            readers: vec![err_reader, out_reader],
        }
    }

    /// Stops the receiver; returns everything it printed.
    pub fn stop(mut self) -> String {
        self.kill();
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        let logs = self.logs.lock().unwrap().clone();
        assert!(!logs.contains(KEY), "the postback key was printed: {logs}");
        assert!(!logs.contains(ADMIN), "the admin token was printed: {logs}");
        logs
    }
}

impl Receiver {
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A test that fails before `stop` still ends its receiver.
impl Drop for Receiver {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One HTTP/1.1 request on a new connection: (status, headers text, JSON body or Null).
pub async fn http(
    addr: &str,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, String, Value) {
    try_http(addr, method, target, headers, body)
        .await
        .unwrap_or_else(|e| panic!("{method} {target} to {addr}: {e}"))
}

/// [`http`], or the I/O error of a receiver that is down or died mid-request (no status line).
pub async fn try_http(
    addr: &str,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> std::io::Result<(u16, String, Value)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let mut head = format!(
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    parse_answer(&raw)
}

/// A whole HTTP/1.1 answer read to the connection's end: (status, headers text, JSON body or
/// Null); an error when it has no status line.
pub fn parse_answer(raw: &[u8]) -> std::io::Result<(u16, String, Value)> {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let Some(status) = head.split(' ').nth(1).and_then(|s| s.parse().ok()) else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the connection closed before a status line",
        ));
    };
    Ok((
        status,
        head.to_owned(),
        serde_json::from_str(body).unwrap_or(Value::Null),
    ))
}

/// Whether the test runs as root (the test command does; a mount or a `runuser` needs it).
pub fn running_as_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

/// A v3 body for one conversion.
pub fn v3_body(conversion_id: &str, player_id: &str, amount: i64, request_id: &str) -> Vec<u8> {
    json!({
        "request_id": request_id,
        "timestamp": std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs(),
        "data": {
            "player_id": player_id,
            "amount": amount,
            "payout": 0.42,
            "conversion_id": conversion_id,
            "offer_id": "9001",
            "offer_name": "Dragon Quest",
            "conversion_type": "reward",
        }
    })
    .to_string()
    .into_bytes()
}

/// `POST /postback` signed with `key`.
pub async fn send_v3(addr: &str, key: &str, body: &[u8]) -> (u16, Value) {
    try_send_v3(addr, key, body)
        .await
        .unwrap_or_else(|e| panic!("POST /postback to {addr}: {e}"))
}

/// [`send_v3`], or the I/O error of a receiver that is down or died mid-request.
pub async fn try_send_v3(addr: &str, key: &str, body: &[u8]) -> std::io::Result<(u16, Value)> {
    let signature = sign_v3(&PostbackKey::new(key), body);
    let (status, _, value) = try_http(
        addr,
        "POST",
        "/postback",
        &[
            ("Content-Type", "application/json"),
            ("Signature", &signature),
        ],
        body,
    )
    .await?;
    Ok((status, value))
}

/// `GET /postback?…&verifier=…`, signed over `http://ADDR/postback?…` with `key`.
pub async fn send_v2(addr: &str, key: &str, params: &[(&str, &str)]) -> (u16, Value) {
    let url = canonical::build(&format!("http://{addr}/postback"), params);
    let signed = sign_v2_url(&PostbackKey::new(key), &url);
    let target = signed
        .strip_prefix(&format!("http://{addr}"))
        .unwrap()
        .to_owned();
    let (status, _, value) = http(addr, "GET", &target, &[], b"").await;
    (status, value)
}

/// `GET /players/{id}/balance` with the admin token: (balance, conversions).
pub async fn balance(addr: &str, player_id: &str) -> (i64, i64) {
    let target = format!(
        "/players/{}/balance",
        canonical::encode(player_id.as_bytes())
    );
    let (status, _, value) = http(
        addr,
        "GET",
        &target,
        &[("Authorization", &format!("Bearer {ADMIN}"))],
        b"",
    )
    .await;
    assert_eq!(status, 200, "{value}");
    assert_eq!(value["player_id"], player_id);
    (
        value["balance"].as_i64().unwrap(),
        value["conversions"].as_i64().unwrap(),
    )
}
