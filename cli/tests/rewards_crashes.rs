//! `offerkit rewards serve` through crashes, as a sender sees them: receivers killed with
//! SIGKILL while 16 senders are mid-load (SQLite; PostgreSQL with two receivers), a PostgreSQL
//! server crashed and restarted under load, a PostgreSQL database that turns read-only and a
//! SQLite disk that fills up. The senders retry every delivery that got no answer or a 503,
//! as a real sender does; afterwards every conversion has been answered 200, none was
//! answered "credited" twice, and every balance is the sum of its player's conversions —
//! exactly once, whatever was lost with the crash.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use common::pg_server::PgServer;
use common::rewards::*;

const CONVERSIONS: usize = 300;
const SENDERS: usize = 16;

fn amount(c: usize) -> i64 {
    i64::try_from(c % 9 + 1).unwrap() * 10
}

fn player(c: usize) -> String {
    format!("player-{}", c % 20)
}

/// Where the receivers listen now (a restarted receiver listens on a new port).
#[derive(Clone)]
struct Addrs(Arc<RwLock<Vec<String>>>);

impl Addrs {
    fn new(addrs: Vec<String>) -> Addrs {
        Addrs(Arc::new(RwLock::new(addrs)))
    }

    fn pick(&self, n: usize) -> String {
        let addrs = self.0.read().unwrap();
        addrs[n % addrs.len()].clone()
    }

    fn set(&self, i: usize, addr: String) {
        self.0.write().unwrap()[i] = addr;
    }
}

/// What the senders saw.
struct Seen {
    /// Conversions answered 200 so far.
    answered: AtomicUsize,
    /// Attempts that got no answer (refused, reset, timed out) or a 503.
    failed: AtomicUsize,
    /// Per conversion, the answers that said "credited".
    credited: Mutex<Vec<usize>>,
}

impl Seen {
    fn new() -> Arc<Seen> {
        Arc::new(Seen {
            answered: AtomicUsize::new(0),
            failed: AtomicUsize::new(0),
            credited: Mutex::new(vec![0; CONVERSIONS]),
        })
    }

    /// Waits until `n` conversions are answered (two minutes at most).
    async fn until_answered(&self, n: usize) {
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.answered.load(Ordering::SeqCst) < n {
            assert!(
                Instant::now() < deadline,
                "{n} conversions not answered within two minutes"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// 16 senders deliver the 300 conversions (v3, a new request id per attempt), each until it is
/// answered 200; an attempt with no answer or a 503 is retried 20 ms later on the receiver
/// the addresses name then. Any other answer fails the test.
fn deliver(addrs: &Addrs, seen: &Arc<Seen>) -> tokio::task::JoinHandle<()> {
    let next = Arc::new(AtomicUsize::new(0));
    let senders: Vec<_> = (0..SENDERS)
        .map(|_| {
            let (addrs, seen, next) = (addrs.clone(), seen.clone(), next.clone());
            tokio::spawn(async move {
                loop {
                    let c = next.fetch_add(1, Ordering::SeqCst);
                    if c >= CONVERSIONS {
                        return;
                    }
                    deliver_one(c, &addrs, &seen).await;
                }
            })
        })
        .collect();
    tokio::spawn(async move {
        for sender in senders {
            sender.await.unwrap();
        }
    })
}

async fn deliver_one(c: usize, addrs: &Addrs, seen: &Seen) {
    let id = format!("conv-{c}");
    for attempt in 0..3000 {
        let addr = addrs.pick(c + attempt);
        let body = v3_body(&id, &player(c), amount(c), &format!("req-{c}-{attempt}"));
        let sent = tokio::time::timeout(Duration::from_secs(30), try_send_v3(&addr, KEY, &body));
        match sent.await {
            Ok(Ok((200, value))) => {
                match value["result"].as_str() {
                    Some("credited") => seen.credited.lock().unwrap()[c] += 1,
                    Some("duplicate") => {}
                    other => panic!("conversion {c}: {other:?} {value}"),
                }
                seen.answered.fetch_add(1, Ordering::SeqCst);
                return;
            }
            Ok(Ok((503, _))) | Ok(Err(_)) | Err(_) => {
                seen.failed.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Ok(Ok((status, value))) => panic!("conversion {c}: {status} {value}"),
        }
    }
    panic!("conversion {c}: no 200 in 3000 attempts");
}

/// After the load: no conversion answered "credited" twice, the ledger holds each once, and
/// every balance (read through `addr`) is the sum of its player's conversions. And the
/// disruption did hit deliveries (some attempt failed), or the test proved nothing.
async fn assert_exactly_once(addr: &str, db: &str, seen: &Seen) {
    let credited = seen.credited.lock().unwrap().clone();
    for (c, n) in credited.iter().enumerate() {
        assert!(
            *n <= 1,
            "conversion {c} was answered \"credited\" {n} times"
        );
    }
    assert!(
        seen.failed.load(Ordering::SeqCst) > 0,
        "no delivery failed: the crash came too late to test anything"
    );
    let recorded = sql_i64(db, "SELECT COUNT(*) FROM offerkit_conversions").await;
    assert_eq!(recorded, i64::try_from(CONVERSIONS).unwrap());
    let mut expected: HashMap<String, (i64, i64)> = HashMap::new();
    for c in 0..CONVERSIONS {
        let entry = expected.entry(player(c)).or_default();
        entry.0 += amount(c);
        entry.1 += 1;
    }
    for (player, sums) in &expected {
        assert_eq!(balance(addr, player).await, *sums, "{player}");
    }
}

/// `receivers` receivers on `db`; at a third and at two thirds of the load, one of them (the
/// first, then the second if there are two) is killed with SIGKILL and a new one started on
/// the same database.
async fn killed_mid_load(db: &str, receivers: usize) {
    let mut running: Vec<Receiver> = (0..receivers).map(|_| Receiver::start(db, &[])).collect();
    let addrs = Addrs::new(running.iter().map(|r| r.addr.clone()).collect());
    let seen = Seen::new();
    let load = deliver(&addrs, &seen);
    for (k, at) in [CONVERSIONS / 3, 2 * CONVERSIONS / 3]
        .into_iter()
        .enumerate()
    {
        seen.until_answered(at).await;
        let i = k % receivers;
        let restarted = Receiver::start(db, &[]);
        addrs.set(i, restarted.addr.clone());
        let killed = std::mem::replace(&mut running[i], restarted);
        // SIGKILL, with deliveries in flight on it.
        killed.stop();
    }
    load.await.unwrap();
    assert_exactly_once(&running[0].addr, db, &seen).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_receiver_killed_mid_load_loses_nothing_and_credits_nothing_twice_sqlite() {
    let db = sqlite_db("killed");
    killed_mid_load(&db.url, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn receivers_killed_mid_load_lose_nothing_and_credit_nothing_twice_postgres() {
    let Some(db) = postgres_url("killed").await else {
        return;
    };
    killed_mid_load(&db, 2).await;
}

/// Two receivers on a PostgreSQL server of the test's own, which crashes (every server process
/// killed, no checkpoint) a third into the load and comes back a second later: the receivers
/// answer 503 meanwhile, reconnect, and the retries credit everything once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_postgres_crash_and_restart_under_load_loses_nothing_and_credits_nothing_twice() {
    let Some(server) = PgServer::start_new("pg_crash") else {
        return;
    };
    let db = server.url();
    let (a, b) = (Receiver::start(&db, &[]), Receiver::start(&db, &[]));
    let addrs = Addrs::new(vec![a.addr.clone(), b.addr.clone()]);
    let seen = Seen::new();
    let load = deliver(&addrs, &seen);
    seen.until_answered(CONVERSIONS / 3).await;
    server.crash();
    let answered_while_down = seen.answered.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(
        seen.answered.load(Ordering::SeqCst) <= answered_while_down + SENDERS,
        "conversions were answered 200 with the database down"
    );
    server.start();
    load.await.unwrap();
    assert_exactly_once(&a.addr, &db, &seen).await;
    let logs = a.stop() + &b.stop();
    assert!(logs.contains("storage failure"), "{logs}");
}

/// Sends one postback until it is answered other than 503 (a pooled connection that the
/// database dropped may cost one 503 first); returns that answer.
async fn send_past_dropped_connections(addr: &str, body: &[u8]) -> (u16, serde_json::Value) {
    for _ in 0..3 {
        let (status, value) = send_v3(addr, KEY, body).await;
        if status != 503 {
            return (status, value);
        }
    }
    send_v3(addr, KEY, body).await
}

/// A database that turns read-only (as a replica promoted wrongly, or a hot standby, would
/// be): every postback answers 503 and nothing is recorded; writable again, the retry credits
/// once and a resend is a duplicate.
#[tokio::test]
async fn a_read_only_postgres_answers_503_records_nothing_and_the_retry_credits_once() {
    let Some(db) = postgres_url("read_only").await else {
        return;
    };
    let admin = std::env::var("OFFERKIT_TEST_POSTGRES_URL").unwrap();
    let name = url::Url::parse(&db)
        .unwrap()
        .path()
        .trim_start_matches('/')
        .to_owned();
    let reconnect = format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    );
    let receiver = Receiver::start(&db, &[]);
    let addr = receiver.addr.clone();
    let (status, _) = send_v3(&addr, KEY, &v3_body("c-1", "p-ro", 30, "r-1")).await;
    assert_eq!(status, 200);

    sql(
        &admin,
        &format!("ALTER DATABASE {name} SET default_transaction_read_only = on"),
    )
    .await;
    sql(&admin, &reconnect).await;
    for attempt in 0..3 {
        let (status, value) = send_v3(
            &addr,
            KEY,
            &v3_body("c-2", "p-ro", 40, &format!("r-2-{attempt}")),
        )
        .await;
        assert_eq!(
            (status, value["error"]["kind"].as_str()),
            (503, Some("server")),
            "{value}"
        );
    }
    let c2 = "SELECT COUNT(*) FROM offerkit_conversions WHERE conversion_id = 'c-2'";
    assert_eq!(
        sql_i64(&db, c2).await,
        0,
        "nothing recorded while read-only"
    );
    assert_eq!(balance(&addr, "p-ro").await, (30, 1));

    sql(
        &admin,
        &format!("ALTER DATABASE {name} SET default_transaction_read_only = off"),
    )
    .await;
    sql(&admin, &reconnect).await;
    let (status, value) =
        send_past_dropped_connections(&addr, &v3_body("c-2", "p-ro", 40, "r-2-retry")).await;
    assert_eq!(
        (status, value["result"].as_str()),
        (200, Some("credited")),
        "{value}"
    );
    let (status, value) = send_v3(&addr, KEY, &v3_body("c-2", "p-ro", 40, "r-2-again")).await;
    assert_eq!(
        (status, value["result"].as_str()),
        (200, Some("duplicate")),
        "{value}"
    );
    assert_eq!(sql_i64(&db, c2).await, 1);
    assert_eq!(balance(&addr, "p-ro").await, (70, 2));
    let logs = receiver.stop();
    assert!(
        logs.contains("read-only transaction"),
        "the database's reason is logged: {logs}"
    );
}

/// A 2 MiB tmpfs, unmounted when dropped; `None` with a SKIP line when the test cannot mount
/// (not root; the test command runs as root, where a failed mount fails the test).
struct SmallDisk {
    dir: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(test: &str) -> Option<SmallDisk> {
        let dir = std::env::temp_dir().join(format!(
            "offerkit-small-disk-{test}-{}-{}",
            std::process::id(),
            unique()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=2m", "offerkit-small-disk"])
            .arg(&dir)
            .output()
            .unwrap();
        if !mounted.status.success() {
            let why = String::from_utf8_lossy(&mounted.stderr).trim().to_owned();
            assert!(
                !running_as_root(),
                "rewards::{test}: root cannot mount a small tmpfs: {why}"
            );
            let _ = std::fs::remove_dir(&dir);
            eprintln!("SKIP small disk: rewards::{test} (mount failed: {why})");
            return None;
        }
        Some(SmallDisk { dir })
    }

    /// Fills the disk: writes until the file system says it is full.
    fn fill(&self) {
        use std::io::Write;
        let mut filler = std::fs::File::create(self.dir.join("filler")).unwrap();
        let block = vec![0_u8; 16 * 1024];
        loop {
            match filler.write_all(&block).and_then(|()| filler.sync_all()) {
                Ok(()) => {}
                Err(e) if e.raw_os_error() == Some(28) => return, // ENOSPC
                Err(e) => panic!("filling the disk: {e}"),
            }
        }
    }

    fn free(&self) {
        std::fs::remove_file(self.dir.join("filler")).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.dir)
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The SQLite ledger's disk fills up: the credits that still fit (SQLite reuses its journal's
/// room) are answered 200; the first that needs more answers 503 and nothing of it is recorded;
/// with room again, the retry credits it once and a resend is a duplicate. (A resend on the
/// still-full disk may fit again — the failed transaction's rollback can free journal room —
/// so the test does not resend before the disk is freed.)
#[tokio::test]
async fn a_full_disk_answers_503_records_nothing_and_the_retry_credits_once_sqlite() {
    let Some(disk) = SmallDisk::mount("disk_full") else {
        return;
    };
    let db = format!("sqlite://{}", disk.dir.join("rewards.db").display());
    let receiver = Receiver::start(&db, &[]);
    let addr = receiver.addr.clone();
    let (status, _) = send_v3(&addr, KEY, &v3_body("c-1", "p-disk", 30, "r-1")).await;
    assert_eq!(status, 200);

    disk.fill();
    let mut credited = (30, 1);
    let mut refused = None;
    for n in 2..200 {
        let body = v3_body(&format!("c-{n}"), "p-disk", 10, &format!("r-{n}"));
        let (status, value) = send_v3(&addr, KEY, &body).await;
        match (
            status,
            value["result"].as_str(),
            value["error"]["kind"].as_str(),
        ) {
            (200, Some("credited"), _) => credited = (credited.0 + 10, credited.1 + 1),
            (503, _, Some("server")) => {
                refused = Some(n);
                break;
            }
            _ => panic!("c-{n}: {status} {value}"),
        }
    }
    let n = refused.expect("no credit failed on the full disk");
    let id = format!("c-{n}");
    let recorded =
        format!("SELECT COUNT(*) FROM offerkit_conversions WHERE conversion_id = '{id}'");
    assert_eq!(
        sql_i64(&db, &recorded).await,
        0,
        "nothing recorded on a full disk"
    );
    assert_eq!(balance(&addr, "p-disk").await, credited);

    disk.free();
    let (status, value) = send_v3(&addr, KEY, &v3_body(&id, "p-disk", 10, "r-retry")).await;
    assert_eq!(
        (status, value["result"].as_str()),
        (200, Some("credited")),
        "{value}"
    );
    let (status, value) = send_v3(&addr, KEY, &v3_body(&id, "p-disk", 10, "r-again")).await;
    assert_eq!(
        (status, value["result"].as_str()),
        (200, Some("duplicate")),
        "{value}"
    );
    assert_eq!(sql_i64(&db, &recorded).await, 1);
    assert_eq!(
        balance(&addr, "p-disk").await,
        (credited.0 + 10, credited.1 + 1)
    );
    let logs = receiver.stop();
    assert!(logs.contains("storage failure"), "{logs}");
}
