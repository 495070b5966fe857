//! `offerkit rewards serve` as real processes: exactly-once crediting under concurrent,
//! duplicated, mixed-format delivery (one receiver on SQLite; two receivers sharing one
//! PostgreSQL), the receiver's rules (duplicates, conflicts, forgeries, malformed postbacks,
//! allow-list, replay window, admin token), a storage failure answered 503 and credited once
//! on retry, and logs that never show the postback key or the admin token.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::rewards::*;
use offerkit::server::postback::canonical;

/// 1,000 postbacks — 200 conversions over 25 players, each delivered 5 times (3× v3 with a
/// new request id each time, 2× v2) in a shuffled order — from 16 concurrent senders,
/// spread over `receivers`. Every answer is 200, exactly 200 are credits, and every balance
/// equals the sum of its player's amounts.
async fn load(receivers: &[String]) {
    let mut deliveries: Vec<(usize, usize)> = (0..200)
        .flat_map(|c| (0..5).map(move |copy| (c, copy)))
        .collect();
    // A fixed shuffle (LCG), so copies of one conversion race each other.
    let mut state: u64 = 0x5eed;
    for i in (1..deliveries.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = usize::try_from(state >> 33).unwrap() % (i + 1);
        deliveries.swap(i, j);
    }
    let amount = |c: usize| i64::try_from(c % 9 + 1).unwrap() * 10;
    let player = |c: usize| format!("player-{}", c % 25);
    let deliveries = Arc::new(deliveries);
    let receivers = Arc::new(receivers.to_vec());
    let next = Arc::new(AtomicUsize::new(0));
    let mut senders = Vec::new();
    for _ in 0..16 {
        let (deliveries, receivers, next) = (deliveries.clone(), receivers.clone(), next.clone());
        senders.push(tokio::spawn(async move {
            let mut credited = 0;
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(c, copy)) = deliveries.get(i) else {
                    return credited;
                };
                let addr = &receivers[i % receivers.len()];
                let id = format!("conv-{c}");
                let request_id = format!("req-{c}-{copy}");
                let (status, body) = if copy % 2 == 0 {
                    send_v3(addr, KEY, &v3_body(&id, &player(c), amount(c), &request_id)).await
                } else {
                    let amount = amount(c).to_string();
                    let player = player(c);
                    send_v2(
                        addr,
                        KEY,
                        &[
                            ("player_id", &player),
                            ("amount", &amount),
                            ("payout", "0.42"),
                            ("transaction_id", &id),
                            ("request_id", &request_id),
                        ],
                    )
                    .await
                };
                assert_eq!(status, 200, "delivery {i}: {body}");
                match body["result"].as_str() {
                    Some("credited") => credited += 1,
                    Some("duplicate") => {}
                    other => panic!("delivery {i}: {other:?} {body}"),
                }
            }
        }));
    }
    let mut credited = 0;
    for sender in senders {
        credited += sender.await.unwrap();
    }
    assert_eq!(credited, 200, "each conversion credited exactly once");
    let mut expected: HashMap<String, (i64, i64)> = HashMap::new();
    for c in 0..200 {
        let entry = expected.entry(player(c)).or_default();
        entry.0 += amount(c);
        entry.1 += 1;
    }
    for (player, sums) in &expected {
        for addr in receivers.iter() {
            assert_eq!(balance(addr, player).await, *sums, "{player} via {addr}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_receiver_on_sqlite_credits_1000_deliveries_exactly_once() {
    let db = sqlite_db("load");
    let receiver = Receiver::start(&db.url, &[]);
    load(std::slice::from_ref(&receiver.addr)).await;
    let logs = receiver.stop();
    assert_eq!(
        logs.matches("postback credited").count(),
        200,
        "one log line per credit"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_receivers_sharing_postgres_credit_1000_deliveries_exactly_once() {
    let Some(db) = postgres_url("load").await else {
        return;
    };
    let (a, b) = (Receiver::start(&db, &[]), Receiver::start(&db, &[]));
    load(&[a.addr.clone(), b.addr.clone()]).await;
    let credits = a.stop().matches("postback credited").count()
        + b.stop().matches("postback credited").count();
    assert_eq!(credits, 200);
}

#[tokio::test]
async fn the_receivers_rules() {
    let db = sqlite_db("rules");
    let receiver = Receiver::start(&db.url, &["--max-bytes", "2048"]);
    let addr = receiver.addr.clone();

    // A forgery first: refused, and it does not use up the conversion id.
    let (status, body) = send_v3(&addr, "not-the-key", &v3_body("c-1", "p-1", 100, "r-1")).await;
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, _, _) = http(
        &addr,
        "POST",
        "/postback",
        &[],
        &v3_body("c-1", "p-1", 100, "r-1"),
    )
    .await;
    assert_eq!(status, 401, "unsigned");
    let (status, body) = send_v3(&addr, KEY, &v3_body("c-1", "p-1", 100, "r-1")).await;
    assert_eq!(
        (status, body["result"].as_str(), body["balance"].as_i64()),
        (200, Some("credited"), Some(100))
    );

    // Resent with a new request id, and as v2: 200, nothing credited.
    let (status, body) = send_v3(&addr, KEY, &v3_body("c-1", "p-1", 100, "r-2")).await;
    assert_eq!((status, body["result"].as_str()), (200, Some("duplicate")));
    let (status, body) = send_v2(
        &addr,
        KEY,
        &[
            ("player_id", "p-1"),
            ("amount", "100"),
            ("transaction_id", "c-1"),
            ("request_id", "r-3"),
        ],
    )
    .await;
    assert_eq!((status, body["result"].as_str()), (200, Some("duplicate")));

    // Same id, another player or amount: 409, never credited.
    let (status, body) = send_v3(&addr, KEY, &v3_body("c-1", "p-2", 100, "r-4")).await;
    assert_eq!((status, body["result"].as_str()), (409, Some("conflict")));
    let (status, _) = send_v2(
        &addr,
        KEY,
        &[
            ("player_id", "p-1"),
            ("amount", "5000"),
            ("transaction_id", "c-1"),
        ],
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(balance(&addr, "p-1").await, (100, 1));
    assert_eq!(balance(&addr, "p-2").await, (0, 0));

    // Signed but without player_id or conversion id: 400.
    let no_player =
        br#"{"request_id":"r","timestamp":1,"data":{"amount":5,"conversion_id":"c-9"}}"#;
    let (status, body) = send_v3(&addr, KEY, no_player).await;
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (400, Some("invalid_argument"))
    );
    let no_key = br#"{"request_id":"r","timestamp":1,"data":{"amount":5,"player_id":"p-9"}}"#;
    assert_eq!(send_v3(&addr, KEY, no_key).await.0, 400);
    assert_eq!(
        send_v2(
            &addr,
            KEY,
            &[("player_id", "p-9"), ("amount", "5"), ("request_id", "r-9")]
        )
        .await
        .0,
        400
    );
    assert_eq!(send_v3(&addr, KEY, b"{not json").await.0, 400);
    assert_eq!(balance(&addr, "p-9").await, (0, 0));

    // Player ids exactly as sent.
    assert_eq!(
        send_v3(&addr, KEY, &v3_body("c-2", "Player.One", 7, "r"))
            .await
            .0,
        200
    );
    assert_eq!(balance(&addr, "Player.One").await, (7, 1));
    assert_eq!(balance(&addr, "player.one").await, (0, 0));

    // Too large: 413, before the signature is even computed; a v2 query too long: 414.
    let big = v3_body("c-3", &"x".repeat(200), 1, &"r".repeat(2048));
    assert_eq!(send_v3(&addr, KEY, &big).await.0, 413);
    let long = "r".repeat(2048);
    let (status, body) = send_v2(
        &addr,
        KEY,
        &[
            ("player_id", "p-1"),
            ("amount", "5"),
            ("transaction_id", "c-long"),
            ("request_id", &long),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (414, Some("invalid_argument")),
        "{body}"
    );
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("2048"),
        "{body}"
    );

    // The admin token guards balances.
    let (status, head, _) = http(&addr, "GET", "/players/p-1/balance", &[], b"").await;
    assert_eq!(status, 401);
    assert!(
        head.to_ascii_lowercase()
            .contains("www-authenticate: bearer"),
        "{head}"
    );
    let (status, _, _) = http(
        &addr,
        "GET",
        "/players/p-1/balance",
        &[("Authorization", "Bearer wrong")],
        b"",
    )
    .await;
    assert_eq!(status, 401);

    let logs = receiver.stop();
    assert!(logs.contains("postback conflict"), "{logs}");
    assert!(logs.contains("postback refused"), "{logs}");
}

#[tokio::test]
async fn the_ip_allow_list_and_the_replay_window() {
    let db = sqlite_db("allow");
    let outside = Receiver::start(
        &db.url,
        &["--allow-ip", "10.0.0.0/8", "--allow-ip", "2001:db8::/32"],
    );
    let (status, body) = send_v3(&outside.addr, KEY, &v3_body("c-1", "p-1", 5, "r")).await;
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (403, Some("forbidden"))
    );
    outside.stop();

    let inside = Receiver::start(
        &db.url,
        &["--allow-ip", "127.0.0.0/8", "--replay-window", "60"],
    );
    let old = br#"{"request_id":"r","timestamp":1000000000,"data":{"player_id":"p-1","amount":5,"conversion_id":"c-old"}}"#;
    let (status, body) = send_v3(&inside.addr, KEY, old).await;
    assert_eq!(
        (status, body["error"]["kind"].as_str()),
        (401, Some("unauthorized"))
    );
    assert_eq!(balance(&inside.addr, "p-1").await, (0, 0));
    assert_eq!(
        send_v3(&inside.addr, KEY, &v3_body("c-new", "p-1", 5, "r"))
            .await
            .0,
        200
    );
    assert_eq!(balance(&inside.addr, "p-1").await, (5, 1));
    inside.stop();
}

/// The balance table is renamed away, so the credit transaction fails after it inserted
/// the conversion row: 503 with Retry-After, nothing kept; repaired, the retry credits once.
async fn storage_failure(db: &str) {
    let receiver = Receiver::start(db, &[]);
    let addr = receiver.addr.clone();
    let body = v3_body("c-fail", "p-1", 40, "r-1");
    sql(
        db,
        "ALTER TABLE offerkit_balances RENAME TO offerkit_balances_away",
    )
    .await;
    let (status, head, value) = http(
        &addr,
        "POST",
        "/postback",
        &[(
            "Signature",
            &offerkit::server::postback::sign_v3(
                &offerkit::server::postback::PostbackKey::new(KEY),
                &body,
            ),
        )],
        &body,
    )
    .await;
    assert_eq!(
        (status, value["error"]["kind"].as_str()),
        (503, Some("server")),
        "{value}"
    );
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 5"),
        "{head}"
    );
    // The sender gets a generic text; the database's own (naming the table) is only logged.
    assert_eq!(
        value["error"]["message"],
        "the receiver's storage failed; nothing was changed; retry later",
        "{value}"
    );
    assert!(!value.to_string().contains("offerkit_balances"), "{value}");
    sql(
        db,
        "ALTER TABLE offerkit_balances_away RENAME TO offerkit_balances",
    )
    .await;
    let (status, value) = send_v3(&addr, KEY, &body).await;
    assert_eq!(
        (status, value["result"].as_str()),
        (200, Some("credited")),
        "{value}"
    );
    let (status, value) = send_v3(&addr, KEY, &v3_body("c-fail", "p-1", 40, "r-2")).await;
    assert_eq!((status, value["result"].as_str()), (200, Some("duplicate")));
    assert_eq!(balance(&addr, "p-1").await, (40, 1));
    let logs = receiver.stop();
    assert!(logs.contains("storage failure"), "{logs}");
    assert!(
        logs.contains("offerkit_balances"),
        "the database's text is logged: {logs}"
    );
}

#[tokio::test]
async fn a_storage_failure_answers_503_and_the_retry_is_credited_once_sqlite() {
    let db = sqlite_db("failure");
    // Create the tables first (the receiver does it on start).
    Receiver::start(&db.url, &[]).stop();
    storage_failure(&db.url).await;
}

#[tokio::test]
async fn a_storage_failure_answers_503_and_the_retry_is_credited_once_postgres() {
    let Some(db) = postgres_url("failure").await else {
        return;
    };
    Receiver::start(&db, &[]).stop();
    storage_failure(&db).await;
}

/// A balance holds at most 2^63 - 1 and a credit may be 2^53: the 1,024th such credit to one
/// player is refused with 422 — and so is every resend — never an endless 503; it is logged
/// as an error and credits nothing.
async fn overflow(db: &str) {
    let receiver = Receiver::start(db, &[]);
    let addr = receiver.addr.clone();
    let max = 1_i64 << 53;
    let (status, body) = send_v3(&addr, KEY, &v3_body("c-0", "p-big", max, "r-0")).await;
    assert_eq!((status, body["result"].as_str()), (200, Some("credited")));
    // 1,023 credits of 2^53, stood in for by their sum.
    let full = 1023 * max;
    sql(
        db,
        &format!(
            "UPDATE offerkit_balances SET balance = {full}, conversions = 1023 WHERE player_id = 'p-big'"
        ),
    )
    .await;
    for request_id in ["r-1", "r-2", "r-3"] {
        let (status, body) =
            send_v3(&addr, KEY, &v3_body("c-1024", "p-big", max, request_id)).await;
        assert_eq!(
            (status, body["result"].as_str(), body["reason"].as_str()),
            (422, Some("refused"), Some("balance_overflow")),
            "{body}"
        );
    }
    assert_eq!(balance(&addr, "p-big").await, (full, 1023));
    let logs = receiver.stop();
    assert_eq!(
        logs.matches("postback refused: the credit would take the balance past")
            .count(),
        3,
        "{logs}"
    );
}

#[tokio::test]
async fn a_credit_the_balance_cannot_hold_answers_422_sqlite() {
    let db = sqlite_db("overflow");
    overflow(&db.url).await;
}

#[tokio::test]
async fn a_credit_the_balance_cannot_hold_answers_422_postgres() {
    let Some(db) = postgres_url("overflow").await else {
        return;
    };
    overflow(&db).await;
}

/// The --db address's passwords — user-info, `password=` (percent-encoded) and
/// `sslpassword=` — never show in the receiver's output, start-up line included.
#[tokio::test]
async fn database_passwords_never_show_in_the_receivers_output() {
    let Some(db) = postgres_url("dbpw").await else {
        return;
    };
    // The throw-away server trusts the `postgres` role, so any password is accepted.
    let mut user_info = url::Url::parse(&db).unwrap();
    user_info.set_password(Some("pw-ui-cli-73")).unwrap();
    let in_query = format!("{db}?password=pw-q%2Fcli-71&sslpassword=pw-ssl-cli-72");
    for (n, url) in [user_info.to_string(), in_query].iter().enumerate() {
        let receiver = Receiver::start(url, &[]);
        let id = format!("c-pw-{n}");
        let (status, body) = send_v3(&receiver.addr, KEY, &v3_body(&id, "p-pw", 1, "r")).await;
        assert_eq!((status, body["result"].as_str()), (200, Some("credited")));
        let logs = receiver.stop();
        assert!(logs.contains("rewards receiver ready"), "{logs}");
        assert!(logs.contains("redacted"), "{logs}");
        for secret in [
            "pw-ui-cli-73",
            "pw-q%2Fcli-71",
            "pw-q/cli-71",
            "pw-ssl-cli-72",
        ] {
            assert!(!logs.contains(secret), "{secret} shown: {logs}");
        }
    }
}

/// `offerkit rewards serve` with these variables, which must refuse to start: (exit code,
/// stderr). A receiver that starts anyway is killed after 20 s and fails the test.
fn refused_start(db: &str, key: &str, admin: &str) -> (Option<i32>, String) {
    use std::io::Read as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args(["rewards", "serve", "--listen", "127.0.0.1:0", "--db", db])
        .env("OFFERKIT_POSTBACK_KEY", key)
        .env("OFFERKIT_ADMIN_TOKEN", admin)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the receiver started with key {key:?} and admin token {admin:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (status.code(), stderr)
}

#[test]
fn serve_refuses_blank_secrets() {
    let db = sqlite_db("blank");
    let (code, stderr) = refused_start(&db.url, " \t ", ADMIN);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("postback key is blank"), "{stderr}");
    let (code, stderr) = refused_start(&db.url, KEY, "   ");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("admin token is blank"), "{stderr}");
}

#[tokio::test]
async fn serve_refuses_to_start_without_its_secrets() {
    let db = sqlite_db("nosecret");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args([
            "rewards",
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            &db.url,
        ])
        .env_remove("OFFERKIT_POSTBACK_KEY")
        .env("OFFERKIT_ADMIN_TOKEN", ADMIN)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("postback key is required"));
    assert!(output.stdout.is_empty());
}

/// `offerkit postback verify`, with vectors computed outside offerkit (Python's hmac; see
/// core/tests/postback_vectors.rs).
#[test]
fn postback_verify_for_integrators() {
    use std::io::Write as _;
    const KEY: &str = "pbk-vectors-7f3a";
    const BODY: &str = r#"{"request_id":"r-1","timestamp":1732406400,"data":{"player_id":"player-1","amount":100,"payout":0.75,"conversion_id":"c-100","offer_id":"9001","offer_name":"Dragon Quest","conversion_type":"reward"}}"#;
    const SIG: &str = "8dfda9f95423ff949f9ce6be4d778e9d200cffe32e60570388ad2cef0b48724f";
    let verify = |args: &[&str], stdin: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_offerkit"))
            .args(["--json", "postback", "verify"])
            .args(args)
            .env_remove("OFFERKIT_POSTBACK_KEY")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        assert!(!String::from_utf8_lossy(&out.stdout).contains(KEY));
        assert!(!String::from_utf8_lossy(&out.stderr).contains(KEY));
        (out.status.code(), doc)
    };
    let (code, doc) = verify(&["--key", KEY, "--signature", SIG], BODY);
    assert_eq!(
        (code, doc["signature"].as_str()),
        (Some(0), Some("valid")),
        "{doc}"
    );
    assert_eq!(doc["conversion"]["conversion_id"], "c-100");
    assert_eq!(doc["conversion"]["amount"], 100);
    let (code, doc) = verify(&["--key", KEY], BODY);
    assert_eq!(
        (code, doc["expected_signature"].as_str()),
        (Some(0), Some(SIG))
    );
    assert_eq!(doc["signature"], "not_given");
    let (code, doc) = verify(&["--key", KEY, "--signature", &SIG.replace('8', "9")], BODY);
    assert_eq!(
        (code, doc["error"]["kind"].as_str()),
        (Some(3), Some("unauthorized"))
    );
    let (code, doc) = verify(
        &["--key", KEY, "--signature", SIG],
        &BODY.replace("100", "900"),
    );
    assert_eq!(code, Some(3), "{doc}");
    let url = "https://game.example.com/rewards/postback?player_id=player-1&amount=100&payout=0.75&transaction_id=t-1&request_id=r-1";
    let verifier = "dd2f0f4f8e176525ca862486ca05fb830f200ea1fb5d1fe3f23ace16d94d59cb";
    let (code, doc) = verify(
        &["--key", KEY, "--url", &format!("{url}&verifier={verifier}")],
        "",
    );
    assert_eq!(
        (code, doc["signature"].as_str()),
        (Some(0), Some("valid")),
        "{doc}"
    );
    assert_eq!(doc["signed_text"], url);
    let (code, doc) = verify(&["--key", KEY, "--url", url], "");
    assert_eq!(
        (code, doc["expected_signature"].as_str()),
        (Some(0), Some(verifier))
    );
    let (code, _) = verify(
        &["--key", KEY, "--url", &format!("{url}&verifier={}", SIG)],
        "",
    );
    assert_eq!(code, Some(3));
}

/// `--public-url` names what v2 verifiers sign; `--client-ip-header` takes the sender's
/// address from a trusted proxy's header (its last entry).
#[tokio::test]
async fn public_url_and_client_ip_header() {
    let db = sqlite_db("proxy");
    let receiver = Receiver::start(
        &db.url,
        &[
            "--public-url",
            "https://game.example.com/postback",
            "--client-ip-header",
            "X-Forwarded-For",
            "--allow-ip",
            "203.0.113.0/24",
        ],
    );
    let addr = receiver.addr.clone();
    let params = [
        ("player_id", "p-1"),
        ("amount", "5"),
        ("transaction_id", "t-proxy"),
    ];
    let signed = |base: &str| {
        let url = canonical::build(base, &params);
        let full = offerkit::server::postback::sign_v2_url(
            &offerkit::server::postback::PostbackKey::new(KEY),
            &url,
        );
        format!("/postback?{}", full.split_once('?').unwrap().1)
    };
    let public = signed("https://game.example.com/postback");
    let local = signed(&format!("http://{addr}/postback"));
    let through_proxy = [("X-Forwarded-For", "10.9.8.7, 203.0.113.9")];
    assert_eq!(
        http(&addr, "GET", &local, &through_proxy, b"").await.0,
        401,
        "signed over another URL"
    );
    assert_eq!(
        http(
            &addr,
            "GET",
            &public,
            &[("X-Forwarded-For", "203.0.113.9, 10.9.8.7")],
            b""
        )
        .await
        .0,
        403,
        "the last entry counts"
    );
    assert_eq!(
        http(&addr, "GET", &public, &[], b"").await.0,
        403,
        "no header: unknown sender"
    );
    // A proxy that adds a line of its own instead of appending: every line is read, in
    // order, so the client's forged first line never counts.
    let two_lines = |client: &'static str, proxy: &'static str| {
        [("X-Forwarded-For", client), ("X-Forwarded-For", proxy)]
    };
    assert_eq!(
        http(
            &addr,
            "GET",
            &public,
            &two_lines("203.0.113.9", "10.9.8.7"),
            b""
        )
        .await
        .0,
        403,
        "a forged first line"
    );
    let (status, _, body) = http(&addr, "GET", &public, &through_proxy, b"").await;
    assert_eq!(
        (status, body["result"].as_str()),
        (200, Some("credited")),
        "{body}"
    );
    let (status, _, body) = http(
        &addr,
        "GET",
        &public,
        &two_lines("10.9.8.7", "203.0.113.9"),
        b"",
    )
    .await;
    assert_eq!(
        (status, body["result"].as_str()),
        (200, Some("duplicate")),
        "the proxy's own line counts: {body}"
    );
    receiver.stop();

    // Two trusted proxies (say a CDN, then a load balancer): the entry before the last.
    let receiver = Receiver::start(
        &db.url,
        &[
            "--public-url",
            "https://game.example.com/postback",
            "--client-ip-header",
            "X-Forwarded-For",
            "--trusted-proxies",
            "2",
            "--allow-ip",
            "203.0.113.0/24",
        ],
    );
    let addr = receiver.addr.clone();
    let forged_then_cdn = [("X-Forwarded-For", "203.0.113.50, 10.1.1.1, 10.0.0.2")];
    assert_eq!(
        http(&addr, "GET", &public, &forged_then_cdn, b"").await.0,
        403
    );
    let cdn = [("X-Forwarded-For", "10.1.1.1, 203.0.113.9, 10.0.0.2")];
    let (status, _, body) = http(&addr, "GET", &public, &cdn, b"").await;
    assert_eq!(
        (status, body["result"].as_str()),
        (200, Some("duplicate")),
        "{body}"
    );
    receiver.stop();
}
