//! The whole loop from click to coins, offline: the simulator (the offer service, sending
//! signed postbacks), this backend as a process (token broker + postback receiver on SQLite)
//! and a game client. Offers through the SDK → click (tracking URL built by the SDK) →
//! completion → signed postback, resent as duplicates, plus a forged one and a v2 copy →
//! credited exactly once → `playerOffers` shows the offer completed → the balance is right.
//! The backend's output never shows the refresh token, the postback key or the admin token.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use offerkit::server::postback::{PostbackKey, canonical, sign_v2_url, sign_v3};
use offerkit::{
    AccessToken, ClientConfig, Error, ErrorKind, OfferClient, OffersOptions, PlayerOffersOptions,
    TokenReason,
};
use offerkit_sim::{PostbackFormat, PostbackTarget, SimConfig, Simulator};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const REFRESH: &str = "rt-loop-e2e-4d21c0";
const KEY: &str = "pbk-loop-e2e-77a913";
const ADMIN: &str = "adm-loop-e2e-0c55e2";
const PLAYER: &str = "player-loop-1";

/// One HTTP/1.1 request: (status, JSON body or Null).
async fn http(
    addr: &str,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> (u16, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// The backend as a process, on a port chosen before the simulator starts (the simulator
/// must know where to send postbacks; the backend, where the service is).
struct Backend {
    child: Child,
    logs: Arc<Mutex<String>>,
    readers: Vec<std::thread::JoinHandle<()>>,
    dir: std::path::PathBuf,
}

impl Backend {
    fn start(sim: &Simulator, addr: &str) -> Backend {
        let dir = std::env::temp_dir().join(format!("offerkit-loop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let key_file = dir.join("postback-key");
        std::fs::write(&key_file, format!("{KEY}\n")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_offerkit-token-broker"))
            .env_clear()
            .env("OFFERKIT_BASE_URL", sim.base_url())
            .env("OFFERKIT_REFRESH_TOKEN", REFRESH)
            .env("OFFERKIT_POSTBACK_KEY_FILE", &key_file)
            .env("OFFERKIT_ADMIN_TOKEN", ADMIN)
            .env(
                "OFFERKIT_REWARDS_DB",
                format!("sqlite://{}", dir.join("rewards.db").display()),
            )
            .env("REWARDS_ALLOW_IPS", "127.0.0.1/32")
            .env("BROKER_BIND", addr)
            .env("BROKER_LOG", "debug")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("backend starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let mut stderr = child.stderr.take().unwrap();
        if line.trim() != format!("listening on http://{addr}") {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            panic!("the backend did not start: {line:?} {text}");
        }
        let logs = Arc::new(Mutex::new(String::new()));
        let mut readers = Vec::new();
        let sink = logs.clone();
        readers.push(std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            sink.lock().unwrap().push_str(&text);
        }));
        let sink = logs.clone();
        readers.push(std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            sink.lock().unwrap().push_str(&text);
        }));
        Backend {
            child,
            logs,
            readers,
            dir,
        }
    }

    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        self.logs.lock().unwrap().clone()
    }
}

/// A test that fails before `stop` still ends the backend and removes its files.
impl Drop for Backend {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_click_to_coins_exactly_once() {
    // The backend's port, reserved first.
    let addr = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().to_string()
    };
    let sim = Simulator::start(SimConfig {
        refresh_token: REFRESH.into(),
        postback: Some(PostbackTarget {
            url: format!("http://{addr}/postback"),
            key: KEY.into(),
        }),
        ..SimConfig::default()
    })
    .await
    .unwrap();
    let backend = Backend::start(&sim, &addr);

    // The game client: tokens from the backend with its player session.
    let broker = addr.clone();
    let provider = move |_reason: TokenReason| {
        let broker = broker.clone();
        async move {
            let (status, body) = http(
                &broker,
                "POST",
                "/offer-token",
                &[("Authorization", &format!("Bearer {PLAYER}"))],
                b"",
            )
            .await;
            if status != 200 {
                return Err(Error::new(
                    ErrorKind::Unauthorized,
                    format!("broker: {status}"),
                ));
            }
            Ok(AccessToken::with_expires_in(
                body["access_token"].as_str().unwrap_or_default().to_owned(),
                Duration::from_secs(body["expires_in"].as_u64().unwrap_or(0)),
            ))
        }
    };
    let client =
        OfferClient::new(ClientConfig::new(sim.base_url()).with_token_provider(provider)).unwrap();

    // 1. Offers through the SDK, with their click URLs and amounts.
    let options = OffersOptions {
        select: Some("links { click_url } total_amount".into()),
        ..Default::default()
    };
    let offers = client.offers(PLAYER, &options).await.unwrap();
    let offer = offers.first().expect("offers for the player").clone();
    let amount = offer
        .field("total_amount")
        .and_then(|v| v.as_f64())
        .unwrap()
        .round() as i64;
    assert!(amount > 0);

    // 2. The click, through the SDK's helper, taken by the service.
    let click = offer.click_url(PLAYER).unwrap();
    assert!(click.warnings.is_empty());
    let (host, path) = click
        .url
        .strip_prefix("http://")
        .unwrap()
        .split_once('/')
        .unwrap();
    let (status, _) = http(host, "GET", &format!("/{path}"), &[], b"").await;
    assert_eq!(status, 302);

    // 3. The completion: one postback, then two duplicates with new request ids.
    let conversion_id = sim
        .complete_offer(PLAYER, offer.id.as_deref().unwrap(), PostbackFormat::V3, 2)
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while sim.postback_attempts().1 > 0 {
        assert!(Instant::now() < deadline, "postbacks still under way");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (attempts, _) = sim.postback_attempts();
    let statuses: Vec<(u16, bool)> = attempts.iter().map(|a| (a.status, a.duplicate)).collect();
    assert_eq!(statuses, [(200, false), (200, true), (200, true)]);

    // 4. A forged copy (another key) and a v2 copy of the same conversion.
    let forged = format!(
        r#"{{"request_id":"x","timestamp":{},"data":{{"player_id":"{PLAYER}","amount":{},"conversion_id":"forged-1"}}}}"#,
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
        amount * 100
    );
    let bad_signature = sign_v3(&PostbackKey::new("not-the-key"), forged.as_bytes());
    let (status, _) = http(
        &addr,
        "POST",
        "/postback",
        &[("Signature", &bad_signature)],
        forged.as_bytes(),
    )
    .await;
    assert_eq!(status, 401);
    let amount_text = amount.to_string();
    let url = canonical::build(
        &format!("http://{addr}/postback"),
        &[
            ("player_id", PLAYER),
            ("amount", &amount_text),
            ("transaction_id", &conversion_id),
            ("request_id", "v2-copy"),
        ],
    );
    let signed = sign_v2_url(&PostbackKey::new(KEY), &url);
    let (status, body) = http(
        &addr,
        "GET",
        signed.strip_prefix(&format!("http://{addr}")).unwrap(),
        &[],
        b"",
    )
    .await;
    assert_eq!(
        (status, body["result"].as_str()),
        (200, Some("duplicate")),
        "{body}"
    );

    // 5. Credited exactly once: the player's own balance and the operator's view agree.
    let (status, mine) = http(
        &addr,
        "GET",
        "/balance",
        &[("Authorization", &format!("Bearer {PLAYER}"))],
        b"",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        (mine["balance"].as_i64(), mine["conversions"].as_i64()),
        (Some(amount), Some(1)),
        "{mine}"
    );
    let (status, admin) = http(
        &addr,
        "GET",
        &format!("/players/{PLAYER}/balance"),
        &[("Authorization", &format!("Bearer {ADMIN}"))],
        b"",
    )
    .await;
    assert_eq!((status, admin), (200, mine));
    let (status, _) = http(&addr, "GET", "/balance", &[], b"").await;
    assert_eq!(status, 401);

    // 6. The service shows the offer completed for the player.
    let page = client
        .player_offers(PLAYER, &PlayerOffersOptions::default())
        .await
        .unwrap();
    let item = page
        .items
        .iter()
        .find(|i| i.id == offer.id)
        .expect("the completed offer is listed");
    assert_eq!(item.status.as_deref(), Some("completed"));
    assert_eq!(page.items[0].id, offer.id, "most recent activity first");

    let logs = backend.stop();
    assert!(logs.contains("postback credited"), "{logs}");
    assert_eq!(logs.matches("postback credited").count(), 1, "{logs}");
    for secret in [REFRESH, KEY, ADMIN] {
        assert!(!logs.contains(secret), "a secret was printed: {logs}");
    }
}
