//! The ledger against real databases: a SQLite file always, and PostgreSQL when
//! `OFFERKIT_TEST_POSTGRES_URL` names a server (scripts/test.sh starts one with
//! scripts/postgres.sh). Without it the PostgreSQL half prints "SKIP postgres" and the scripts
//! count a skip — unless `CI` or `OFFERKIT_REQUIRE_POSTGRES=1` is set: then a missing server
//! fails the test. Each test gets a fresh database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "ledger")]

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use offerkit::ErrorKind;
use offerkit::server::ledger::{Backend, Credit, Ledger, LedgerOptions};
use offerkit::server::postback::{Conversion, ConversionKind, MAX_AMOUNT, PostbackFormat};

static N: AtomicUsize = AtomicUsize::new(0);

/// Whether a missing PostgreSQL fails the tests (`CI` set, or `OFFERKIT_REQUIRE_POSTGRES=1`)
/// rather than being skipped.
fn postgres_required() -> bool {
    let set = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty());
    set("CI") || std::env::var("OFFERKIT_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// The PostgreSQL server's admin URL, or `None` after the SKIP line; with
/// [`postgres_required`], no server fails the test instead.
fn postgres_admin(test: &str) -> Option<String> {
    match std::env::var("OFFERKIT_TEST_POSTGRES_URL") {
        Ok(admin) if !admin.is_empty() => Some(admin),
        _ => {
            assert!(
                !postgres_required(),
                "ledger::{test}: OFFERKIT_TEST_POSTGRES_URL is not set, and CI or \
                 OFFERKIT_REQUIRE_POSTGRES=1 says PostgreSQL must be tested"
            );
            // Written past the test harness's capture, so the scripts can count it.
            let _ = writeln!(
                std::io::stderr(),
                "SKIP postgres: ledger::{test} (OFFERKIT_TEST_POSTGRES_URL is not set)"
            );
            None
        }
    }
}

/// A fresh PostgreSQL database for one test, or `None` (see [`postgres_admin`]).
async fn postgres_db(test: &str) -> Option<String> {
    let admin = postgres_admin(test)?;
    let n = N.fetch_add(1, Ordering::SeqCst);
    let name = format!("offerkit_{test}_{}_{n}", std::process::id());
    Some(create_database(&admin, &name).await)
}

/// Fresh databases for one test: (label, url).
async fn databases(test: &str) -> Vec<(String, String)> {
    let n = N.fetch_add(1, Ordering::SeqCst);
    // Under target/tmp (cargo's directory for integration tests), not the system's /tmp.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("offerkit-ledger-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut out = vec![(
        "sqlite".to_owned(),
        format!("sqlite://{}", dir.join("ledger.db").display()),
    )];
    if let Some(admin) = postgres_admin(test) {
        let name = format!("offerkit_{test}_{}_{n}", std::process::id());
        out.push(("postgres".to_owned(), create_database(&admin, &name).await));
    }
    out
}

/// Creates database `name` on the server of `admin` and returns its URL.
async fn create_database(admin: &str, name: &str) -> String {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(admin).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let mut url = url::Url::parse(admin).unwrap();
    url.set_path(name);
    url.to_string()
}

fn conversion(id: &str, player: &str, amount: i64) -> Conversion {
    Conversion {
        format: PostbackFormat::V3,
        conversion_id: id.to_owned(),
        player_id: player.to_owned(),
        amount,
        payout: Some("0.50".to_owned()),
        kind: ConversionKind::Reward,
        request_id: Some(format!("r-{id}")),
        timestamp: Some(1_732_406_400),
        offer_id: Some("9001".to_owned()),
        offer_name: None,
        goal_id: None,
        goal_name: None,
        campaign_id: None,
        extra: Default::default(),
    }
}

#[tokio::test]
async fn credits_once_then_duplicates_and_conflicts() {
    for (label, url) in databases("once").await {
        let ledger = Ledger::open(&url).await.unwrap();
        let expected = if label == "sqlite" {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        assert_eq!(ledger.backend(), expected);
        let first = ledger.credit(&conversion("c-1", "p-1", 100)).await.unwrap();
        let Credit::Credited { balance } = first else {
            panic!("{label}: {first:?}")
        };
        assert_eq!((balance.balance, balance.conversions), (100, 1), "{label}");

        // Resent with a new request id, and as v2: the same conversion, nothing credited.
        let mut again = conversion("c-1", "p-1", 100);
        again.request_id = Some("r-other".into());
        assert!(matches!(
            ledger.credit(&again).await.unwrap(),
            Credit::Duplicate { .. }
        ));
        again.format = PostbackFormat::V2;
        let dup = ledger.credit(&again).await.unwrap();
        let Credit::Duplicate { recorded } = dup else {
            panic!("{label}: {dup:?}")
        };
        assert_eq!(
            (recorded.format.as_str(), recorded.request_id.as_deref()),
            ("v3", Some("r-c-1"))
        );

        // Another player or amount under the same id: a conflict, never a credit.
        for other in [conversion("c-1", "p-2", 100), conversion("c-1", "p-1", 999)] {
            let out = ledger.credit(&other).await.unwrap();
            assert!(matches!(out, Credit::Conflict { .. }), "{label}: {out:?}");
        }
        // Player ids are kept exactly: "P-1" is someone else.
        ledger.credit(&conversion("c-2", "P-1", 7)).await.unwrap();
        let mut install = conversion("c-3", "p-1", 0);
        install.kind = ConversionKind::Install;
        assert!(matches!(
            ledger.credit(&install).await.unwrap(),
            Credit::Credited { .. }
        ));

        let p1 = ledger.balance("p-1").await.unwrap();
        assert_eq!((p1.balance, p1.conversions), (100, 2), "{label}");
        let upper = ledger.balance("P-1").await.unwrap();
        assert_eq!((upper.balance, upper.conversions), (7, 1), "{label}");
        let nobody = ledger.balance("p-2").await.unwrap();
        assert_eq!((nobody.balance, nobody.conversions), (0, 0), "{label}");
        assert_eq!(
            ledger.conversion("c-1").await.unwrap().unwrap().player_id,
            "p-1"
        );
        assert!(ledger.conversion("c-404").await.unwrap().is_none());
        ledger.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_copies_credit_each_conversion_once() {
    for (label, url) in databases("concurrent").await {
        let ledger = Arc::new(Ledger::open(&url).await.unwrap());
        // 200 conversions over 20 players, each delivered 5 times, from 16 tasks.
        let all: Vec<Conversion> = (0..1000)
            .map(|i| {
                let c = i % 200;
                conversion(
                    &format!("c-{c}"),
                    &format!("p-{}", c % 20),
                    (c as i64 % 7) + 1,
                )
            })
            .collect();
        let mut expected: HashMap<String, (i64, i64)> = HashMap::new();
        for c in &all[..200] {
            let entry = expected.entry(c.player_id.clone()).or_default();
            entry.0 += c.amount;
            entry.1 += 1;
        }
        let all = Arc::new(all);
        let next = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..16 {
            let (ledger, all, next) = (ledger.clone(), all.clone(), next.clone());
            tasks.push(tokio::spawn(async move {
                let mut credited = 0;
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(c) = all.get(i) else { return credited };
                    match ledger.credit(c).await.unwrap() {
                        Credit::Credited { .. } => credited += 1,
                        Credit::Duplicate { .. } => {}
                        other => panic!("{other:?}"),
                    }
                }
            }));
        }
        let mut credited = 0;
        for task in tasks {
            credited += task.await.unwrap();
        }
        assert_eq!(credited, 200, "{label}");
        for (player, (sum, count)) in &expected {
            let b = ledger.balance(player).await.unwrap();
            assert_eq!(
                (b.balance, b.conversions),
                (*sum, *count),
                "{label} {player}"
            );
        }
        ledger.close().await;
    }
}

#[tokio::test]
async fn a_storage_failure_records_nothing_and_the_retry_credits_once() {
    for (label, url) in databases("failure").await {
        let ledger = Ledger::open(&url).await.unwrap();
        let c = conversion("c-fail", "p-1", 40);
        // Break the second statement of the transaction: the conversion row is inserted,
        // then the balance update fails, so the whole transaction must roll back.
        rename(&url, "offerkit_balances", "offerkit_balances_away").await;
        let err = ledger.credit(&c).await.unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Server, Some(503)),
            "{label}"
        );
        rename(&url, "offerkit_balances_away", "offerkit_balances").await;
        assert!(
            ledger.conversion("c-fail").await.unwrap().is_none(),
            "{label}: rolled back"
        );
        assert!(
            matches!(ledger.credit(&c).await.unwrap(), Credit::Credited { .. }),
            "{label}"
        );
        assert!(
            matches!(ledger.credit(&c).await.unwrap(), Credit::Duplicate { .. }),
            "{label}"
        );
        assert_eq!(ledger.balance("p-1").await.unwrap().balance, 40, "{label}");
        ledger.close().await;
    }
}

#[tokio::test]
async fn an_unreachable_database_is_a_server_error() {
    // Nothing listens on port 9 of loopback (discard is never served here).
    let options = LedgerOptions::default().acquire_timeout(std::time::Duration::from_millis(500));
    let err = Ledger::open_with("postgres://u:pw-never-shown@127.0.0.1:9/db", options)
        .await
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Server, Some(503))
    );
    assert!(
        !err.message().contains("pw-never-shown"),
        "{}",
        err.message()
    );
    let err = Ledger::open("mysql://x@y/z").await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
}

async fn rename(url: &str, from: &str, to: &str) {
    execute(url, &format!("ALTER TABLE {from} RENAME TO {to}")).await;
}

/// A connection of its own to the ledger's database, beside the ledger's pool.
async fn raw(url: &str) -> sqlx::AnyConnection {
    use sqlx::Connection;
    let connect = if url.starts_with("sqlite:") {
        format!("{url}?mode=rw")
    } else {
        url.to_owned()
    };
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(&connect).await.unwrap()
}

/// Runs one statement on the ledger's database from a connection of its own.
async fn execute(url: &str, statement: &str) {
    use sqlx::Connection;
    let mut conn = raw(url).await;
    sqlx::query(statement).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn debug_never_shows_the_database_password() {
    let Some(admin) = postgres_admin("debug") else {
        return;
    };
    // The throw-away server trusts loopback, so any password is accepted and must not show.
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_password(Some("pw-d3bug-77")).unwrap();
    let ledger = Ledger::open(url.as_str()).await.unwrap();
    let shown = format!("{ledger:?}");
    assert!(!shown.contains("pw-d3bug-77"), "{shown}");
    assert!(shown.contains("Postgres"), "{shown}");
    ledger.close().await;

    // The query's `password=` (percent-encoded) and `sslpassword=`, with no user-info one.
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_password(None).unwrap();
    let text = format!("{url}?password=pw-q%2Fd3bug-88&sslpassword=pw-ssl-d3bug-99");
    let ledger = Ledger::open(&text).await.unwrap();
    let shown = format!("{ledger:?} {}", ledger.shown_url());
    for spelling in ["pw-q%2Fd3bug-88", "pw-q/d3bug-88", "pw-ssl-d3bug-99"] {
        assert!(!shown.contains(spelling), "{shown}");
    }
    assert!(shown.contains("password=redacted"), "{shown}");
    ledger.close().await;
}

/// A role with a password on a server that asks for it (scripts/postgres.sh trusts only the
/// `postgres` role; every other one logs in with SCRAM): the right password in every place
/// an address can hold it connects; a wrong one fails as an authentication failure whose
/// text holds neither password, in any spelling.
#[tokio::test]
async fn password_authentication_never_shows_the_password() {
    use sqlx::Connection;
    let Some(admin) = postgres_admin("password") else {
        return;
    };
    let n = N.fetch_add(1, Ordering::SeqCst);
    let role = format!("offerkit_pw_{}_{n}", std::process::id());
    // Characters that need percent-encoding in a URL, so every spelling is exercised.
    let password = format!("Pw@{n}+S3cret/{}", std::process::id());
    // Each test may run in a process of its own (nextest): the drivers are installed here too.
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&admin).await.unwrap();
    sqlx::query(&format!("CREATE ROLE {role} LOGIN PASSWORD '{password}'"))
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {role} OWNER {role}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let host = url::Url::parse(&admin).unwrap();
    let at = format!(
        "{}:{}",
        host.host_str().unwrap(),
        host.port().unwrap_or(5432)
    );
    let encode = |p: &str| url::form_urlencoded::byte_serialize(p.as_bytes()).collect::<String>();
    let user_info = |p: &str| {
        let encoded: String = percent_encoding_of(p);
        format!("postgres://{role}:{encoded}@{at}/{role}")
    };
    let in_query = |p: &str| format!("postgres://{role}@{at}/{role}?password={}", encode(p));
    let spellings = |p: &str| [p.to_owned(), percent_encoding_of(p), encode(p)];

    for url in [user_info(&password), in_query(&password)] {
        let ledger = Ledger::open(&url).await.unwrap();
        let credit = ledger.credit(&conversion("c-pw", "p-pw", 5)).await.unwrap();
        assert!(
            matches!(credit, Credit::Credited { .. } | Credit::Duplicate { .. }),
            "{credit:?}"
        );
        let shown = format!("{ledger:?}");
        for s in spellings(&password) {
            assert!(!shown.contains(&s), "{shown}");
        }
        ledger.close().await;
    }

    let wrong = format!("Wr0ng@{n}+pw/{}", std::process::id());
    let options = || LedgerOptions::default().acquire_timeout(std::time::Duration::from_secs(5));
    for url in [user_info(&wrong), in_query(&wrong)] {
        let err = Ledger::open_with(&url, options()).await.unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Server, Some(503))
        );
        let message = err.message();
        assert!(
            message.contains("password authentication failed"),
            "the server must ask {role} for a password: {message}"
        );
        for s in spellings(&wrong).iter().chain(spellings(&password).iter()) {
            assert!(!message.contains(s.as_str()), "{message}");
        }
    }
}

/// `text` with every byte but RFC 3986's unreserved ones percent-encoded (a URL's user-info).
fn percent_encoding_of(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Each credit may be up to 2^53 and a balance is an i64, so the 1,024th credit of 2^53 to one
/// player cannot fit: it is refused as `Overflow` — every time it is resent, never a storage
/// error — records nothing, and leaves the balance as it was; a credit that lands exactly on
/// `i64::MAX` still fits.
#[tokio::test]
async fn a_credit_the_balance_cannot_hold_is_refused_every_time() {
    for (label, url) in databases("overflow").await {
        let ledger = Ledger::open(&url).await.unwrap();
        let full = 1023 * MAX_AMOUNT;
        // 1,023 credits of 2^53, stood in for by one credit and the sum they make.
        ledger
            .credit(&conversion("c-0", "p-big", MAX_AMOUNT))
            .await
            .unwrap();
        execute(
            &url,
            &format!(
                "UPDATE offerkit_balances SET balance = {full}, conversions = 1023 \
                 WHERE player_id = 'p-big'"
            ),
        )
        .await;
        let over = conversion("c-1024", "p-big", MAX_AMOUNT);
        for attempt in 0..3 {
            let out = ledger.credit(&over).await;
            let Ok(Credit::Overflow { balance }) = out else {
                panic!("{label}, attempt {attempt}: {out:?}")
            };
            assert_eq!(
                (
                    balance.player_id.as_str(),
                    balance.balance,
                    balance.conversions
                ),
                ("p-big", full, 1023),
                "{label}"
            );
        }
        assert!(
            ledger.conversion("c-1024").await.unwrap().is_none(),
            "{label}: an overflowing credit is not recorded"
        );
        // Exactly up to i64::MAX fits; an install (0) still counts; one more unit does not.
        let last = conversion("c-last", "p-big", i64::MAX - full);
        let out = ledger.credit(&last).await.unwrap();
        let Credit::Credited { balance } = out else {
            panic!("{label}: {out:?}")
        };
        assert_eq!((balance.balance, balance.conversions), (i64::MAX, 1024));
        let mut install = conversion("c-install", "p-big", 0);
        install.kind = ConversionKind::Install;
        assert!(
            matches!(
                ledger.credit(&install).await.unwrap(),
                Credit::Credited { .. }
            ),
            "{label}"
        );
        let out = ledger.credit(&conversion("c-one", "p-big", 1)).await;
        assert!(
            matches!(out, Ok(Credit::Overflow { .. })),
            "{label}: {out:?}"
        );
        let b = ledger.balance("p-big").await.unwrap();
        assert_eq!((b.balance, b.conversions), (i64::MAX, 1025), "{label}");
        // Other players are not affected.
        let out = ledger
            .credit(&conversion("c-other", "p-small", MAX_AMOUNT))
            .await
            .unwrap();
        assert!(matches!(out, Credit::Credited { .. }), "{label}: {out:?}");
        ledger.close().await;
    }
}

/// Waits until a session of the current database waits on a lock (PostgreSQL's own view of
/// it), so "the credit is waiting" is observed, not guessed from a sleep.
async fn wait_for_a_lock_wait(watch: &mut sqlx::AnyConnection) {
    for _ in 0..200 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(&mut *watch)
        .await
        .unwrap();
        if waiting > 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no session of the ledger's database waited on a lock within 10 s");
}

/// Another receiver's credit of `c-race` (50 to `p-race`), left open in a transaction on a
/// raw connection; the ledger's credit of the same conversion is started and must wait for it.
/// Returns the open transaction's connection and the waiting credit.
async fn hold_a_conversion(
    url: &str,
    ledger: &Ledger,
) -> (
    sqlx::AnyConnection,
    tokio::task::JoinHandle<offerkit::Result<Credit>>,
) {
    let mut holder = raw(url).await;
    sqlx::query("BEGIN").execute(&mut holder).await.unwrap();
    sqlx::query(
        "INSERT INTO offerkit_conversions \
         (conversion_id, player_id, amount, conversion_type, format, credited_at) \
         VALUES ('c-race', 'p-race', 50, 'reward', 'v3', 1)",
    )
    .execute(&mut holder)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO offerkit_balances (player_id, balance, conversions) VALUES ('p-race', 50, 1)",
    )
    .execute(&mut holder)
    .await
    .unwrap();
    let waiting = {
        let ledger = ledger.clone();
        tokio::spawn(async move { ledger.credit(&conversion("c-race", "p-race", 50)).await })
    };
    let mut watch = raw(url).await;
    wait_for_a_lock_wait(&mut watch).await;
    assert!(
        !waiting.is_finished(),
        "the credit went ahead of the open transaction"
    );
    (holder, waiting)
}

/// Deterministic race on PostgreSQL: a conversion row held in an open transaction makes a
/// credit of the same conversion wait; on commit the credit is a duplicate and the balance is
/// the holder's alone; on rollback the credit is the one that credits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_credit_waits_for_an_open_transaction_on_its_conversion() {
    let Some(url) = postgres_db("race_hold").await else {
        return;
    };
    let ledger = Ledger::open(&url).await.unwrap();

    // The holder commits: the waiting credit sees the conversion credited.
    let (mut holder, waiting) = hold_a_conversion(&url, &ledger).await;
    sqlx::query("COMMIT").execute(&mut holder).await.unwrap();
    let out = waiting.await.unwrap().unwrap();
    assert!(matches!(out, Credit::Duplicate { .. }), "{out:?}");
    let b = ledger.balance("p-race").await.unwrap();
    assert_eq!(
        (b.balance, b.conversions),
        (50, 1),
        "credited once, by the holder"
    );

    // The holder rolls back: the waiting credit is the one that credits.
    execute(&url, "DELETE FROM offerkit_conversions").await;
    execute(&url, "DELETE FROM offerkit_balances").await;
    let (mut holder, waiting) = hold_a_conversion(&url, &ledger).await;
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    let out = waiting.await.unwrap().unwrap();
    let Credit::Credited { balance } = out else {
        panic!("{out:?}")
    };
    assert_eq!((balance.balance, balance.conversions), (50, 1));
    assert!(
        ledger
            .conversion("c-race")
            .await
            .unwrap()
            .unwrap()
            .credited_at
            > 1,
        "the ledger's own row, not the holder's"
    );
    ledger.close().await;
}

/// 64 copies of one conversion released at once through a barrier, half through each of two
/// ledgers (two pools, as two receivers would have), every connection opened beforehand:
/// exactly one credits, the other 63 are duplicates, and the balance holds one amount.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_four_copies_released_at_once_credit_once() {
    let Some(url) = postgres_db("race_barrier").await else {
        return;
    };
    let options = || LedgerOptions::default().max_connections(32);
    let ledgers = [
        Ledger::open_with(&url, options()).await.unwrap(),
        Ledger::open_with(&url, options()).await.unwrap(),
    ];
    // Open the pools' connections now (32 reads at once each), so the barrier releases
    // credits rather than connection set-ups.
    for ledger in &ledgers {
        let warm = (0..32).map(|_| {
            let ledger = ledger.clone();
            tokio::spawn(async move { ledger.balance("nobody").await })
        });
        for task in warm.collect::<Vec<_>>() {
            task.await.unwrap().unwrap();
        }
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(64));
    let tasks: Vec<_> = (0..64)
        .map(|i| {
            let ledger = ledgers[i % 2].clone();
            let barrier = barrier.clone();
            tokio::spawn(async move {
                let mut copy = conversion("c-64", "p-64", 64);
                copy.request_id = Some(format!("r-{i}"));
                barrier.wait().await;
                ledger.credit(&copy).await
            })
        })
        .collect();
    let (mut credited, mut duplicates) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            Ok(Credit::Credited { .. }) => credited += 1,
            Ok(Credit::Duplicate { .. }) => duplicates += 1,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!((credited, duplicates), (1, 63));
    let b = ledgers[0].balance("p-64").await.unwrap();
    assert_eq!((b.balance, b.conversions), (64, 1));
    for ledger in &ledgers {
        ledger.close().await;
    }
}
