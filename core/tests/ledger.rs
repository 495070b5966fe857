//! The ledger against real databases: a SQLite file always, and PostgreSQL when
//! `OFFERKIT_TEST_POSTGRES_URL` names a server (scripts/test-rewards.sh starts one; without it
//! the PostgreSQL half prints "SKIP postgres" and the scripts count a skip). Each test gets a
//! fresh database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "ledger")]

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use offerkit::ErrorKind;
use offerkit::server::ledger::{Backend, Credit, Ledger, LedgerOptions};
use offerkit::server::postback::{Conversion, ConversionKind, PostbackFormat};

static N: AtomicUsize = AtomicUsize::new(0);

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
    match std::env::var("OFFERKIT_TEST_POSTGRES_URL") {
        Ok(admin) if !admin.is_empty() => {
            let name = format!("offerkit_{test}_{}_{n}", std::process::id());
            out.push(("postgres".to_owned(), create_database(&admin, &name).await));
        }
        _ => {
            // Written past the test harness's capture, so the scripts can count it.
            let _ = writeln!(
                std::io::stderr(),
                "SKIP postgres: ledger::{test} (OFFERKIT_TEST_POSTGRES_URL is not set)"
            );
        }
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
    use sqlx::Connection;
    let connect = if url.starts_with("sqlite:") {
        format!("{url}?mode=rw")
    } else {
        url.to_owned()
    };
    let mut conn = sqlx::AnyConnection::connect(&connect).await.unwrap();
    sqlx::query(&format!("ALTER TABLE {from} RENAME TO {to}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn debug_never_shows_the_database_password() {
    let Ok(admin) = std::env::var("OFFERKIT_TEST_POSTGRES_URL") else {
        let _ = writeln!(
            std::io::stderr(),
            "SKIP postgres: ledger::debug (OFFERKIT_TEST_POSTGRES_URL is not set)"
        );
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
}
