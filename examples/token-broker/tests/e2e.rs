//! End to end over loopback: the simulator (the offer service), the broker binary holding the
//! refresh token, and a game client (`OfferClient`) whose token provider calls the broker. The
//! client only ever receives `{access_token, expires_in}`; the refresh token never leaves the
//! broker, not even in its trace-level logs.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use offerkit::{
    AccessToken, ClientConfig, Error, ErrorKind, OfferClient, OffersOptions, TokenReason,
};
use offerkit_sim::{SimConfig, Simulator};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const REFRESH: &str = "rt-broker-e2e-58c1a9";

async fn sim() -> Simulator {
    Simulator::start(SimConfig {
        refresh_token: REFRESH.into(),
        ..SimConfig::default()
    })
    .await
    .unwrap()
}

/// The broker as a real process; its logs are collected for the secret check.
struct BrokerProcess {
    child: Child,
    addr: String,
    logs: Arc<Mutex<String>>,
    readers: Vec<std::thread::JoinHandle<()>>,
    dir: std::path::PathBuf,
}

impl BrokerProcess {
    fn start(sim: &Simulator, refresh: &str, extra: &[(&str, &str)]) -> BrokerProcess {
        // The refresh token reaches the broker through a file, as from a mounted secret.
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "token-broker-e2e-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("refresh-token");
        std::fs::write(&file, format!("{refresh}\n")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_offerkit-token-broker"))
            .env_clear()
            .env("OFFERKIT_BASE_URL", sim.base_url())
            .env("OFFERKIT_REFRESH_TOKEN_FILE", &file)
            .env("BROKER_BIND", "127.0.0.1:0")
            .env("BROKER_LOG", "trace")
            .envs(extra.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("broker starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        let logs = Arc::new(Mutex::new(String::new()));
        let mut stderr = child.stderr.take().unwrap();
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
        BrokerProcess {
            child,
            addr,
            logs,
            readers: vec![err_reader, out_reader],
            dir,
        }
    }

    /// Stops the broker and returns everything it printed.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The reader threads finish once the pipes close: every line is in before we look.
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        self.logs.lock().unwrap().clone()
    }
}

/// `POST /offer-token` with an optional player session: (status, Retry-After, JSON body).
async fn ask_broker(addr: &str, session: Option<&str>) -> (u16, Option<u64>, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let auth = session.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    let request = format!(
        "POST /offer-token HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let retry_after = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after: ")
                .map(str::to_owned)
        })
        .and_then(|v| v.trim().parse().ok());
    (
        status,
        retry_after,
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// A game client whose provider fetches tokens from the broker with its player session.
fn game_client(
    sim: &Simulator,
    broker: &str,
    session: &str,
    seen: Arc<Mutex<Vec<String>>>,
) -> OfferClient {
    let (broker, session) = (broker.to_owned(), session.to_owned());
    let provider = move |_reason: TokenReason| {
        let (broker, session, seen) = (broker.clone(), session.clone(), seen.clone());
        async move {
            let (status, _, body) = ask_broker(&broker, Some(&session)).await;
            seen.lock().unwrap().push(body.to_string());
            if status != 200 {
                return Err(Error::new(
                    ErrorKind::Unauthorized,
                    format!("the token broker answered {status}: {body}"),
                ));
            }
            let token = body["access_token"].as_str().unwrap_or_default().to_owned();
            let expires_in = body["expires_in"].as_u64().unwrap_or(0);
            Ok(AccessToken::with_expires_in(
                token,
                Duration::from_secs(expires_in),
            ))
        }
    };
    OfferClient::new(ClientConfig::new(sim.base_url()).with_token_provider(provider)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_clients_get_offers_with_tokens_from_the_broker() {
    let sim = sim().await;
    let broker = BrokerProcess::start(&sim, REFRESH, &[]);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let clients: Vec<OfferClient> = (0..3)
        .map(|i| game_client(&sim, &broker.addr, &format!("session-{i}"), seen.clone()))
        .collect();
    for client in &clients {
        for _ in 0..2 {
            let offers = client
                .offers("player-1", &OffersOptions::default())
                .await
                .unwrap();
            assert!(!offers.is_empty());
        }
    }
    let stats = sim.stats();
    assert_eq!(stats.graphql, 6);
    assert_eq!(
        stats.token, 1,
        "one exchange, cached by the broker for every client"
    );

    let bodies = seen.lock().unwrap().clone();
    assert_eq!(
        bodies.len(),
        3,
        "each client asked once (its token stays fresh)"
    );
    for body in &bodies {
        assert!(
            !body.contains(REFRESH),
            "the client saw the refresh token: {body}"
        );
        let value: Value = serde_json::from_str(body).unwrap();
        let mut keys: Vec<&str> = value
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["access_token", "expires_in"]);
        let expires_in = value["expires_in"].as_u64().unwrap();
        assert!(expires_in > 3000 && expires_in <= 3600, "{expires_in}");
    }
    let logs = broker.stop();
    assert!(logs.contains("token broker ready"), "{logs}");
    assert!(
        !logs.contains(REFRESH),
        "the broker logged the refresh token: {logs}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_authenticated_players_within_their_rate_limit_get_tokens() {
    let sim = sim().await;
    let broker = BrokerProcess::start(
        &sim,
        REFRESH,
        &[
            ("BROKER_DEMO_SESSIONS", "s1,s2"),
            ("BROKER_RATE_LIMIT", "3"),
        ],
    );
    let (status, _, body) = ask_broker(&broker.addr, None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("unauthenticated"))
    );
    let (status, _, _) = ask_broker(&broker.addr, Some("s9")).await;
    assert_eq!(status, 401);
    for _ in 0..3 {
        let (status, _, body) = ask_broker(&broker.addr, Some("s1")).await;
        assert_eq!(status, 200);
        assert!(body["access_token"].is_string());
    }
    let (status, retry_after, body) = ask_broker(&broker.addr, Some("s1")).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("rate_limited"))
    );
    assert!(retry_after.is_some_and(|s| (1..=60).contains(&s)));
    let (status, _, _) = ask_broker(&broker.addr, Some("s2")).await;
    assert_eq!(status, 200, "the limit is per client");
    assert_eq!(sim.stats().token, 1);
    let logs = broker.stop();
    assert!(!logs.contains(REFRESH));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_exchange_is_a_502_that_reveals_nothing() {
    let sim = sim().await;
    let wrong = "rt-revoked-0f3e77";
    let broker = BrokerProcess::start(&sim, wrong, &[]);
    let (status, _, body) = ask_broker(&broker.addr, Some("s1")).await;
    assert_eq!(status, 502);
    assert_eq!(body["kind"], "unauthorized");
    assert!(!body.to_string().contains(wrong));

    let seen = Arc::new(Mutex::new(Vec::new()));
    let client = game_client(&sim, &broker.addr, "s1", seen);
    let err = client
        .offers("player-1", &OffersOptions::default())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
    assert_eq!(sim.stats().graphql, 0, "no token, no offer request");
    let logs = broker.stop();
    assert!(logs.contains("token exchange failed"), "{logs}");
    assert!(!logs.contains(wrong), "{logs}");
}
