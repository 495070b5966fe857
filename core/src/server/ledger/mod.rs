//! The rewards ledger (feature `ledger`): every verified conversion recorded once, its amount
//! credited to its player in the same transaction.
//!
//! SQLite (a file, embedded: the default) or PostgreSQL (several receivers behind a load
//! balancer share it), through one code path: sqlx's `Any` driver and SQL both accept. A
//! storage failure is `server` with HTTP status 503 and leaves nothing recorded, so a
//! receiver never answers 2xx before the credit is durable and the sender's retry is
//! credited later (SQLite: `synchronous=FULL` in WAL mode; PostgreSQL: its default
//! synchronous commit).
//!
//! ```no_run
//! # async fn demo(conversion: offerkit::server::postback::Conversion) -> offerkit::Result<()> {
//! use offerkit::server::ledger::{Credit, Ledger};
//! let ledger = Ledger::open("sqlite://offerkit-rewards.db").await?;
//! match ledger.credit(&conversion).await? {
//!     Credit::Credited { balance } => println!("{} now has {}", balance.player_id, balance.balance),
//!     Credit::Duplicate { .. } => println!("already credited"),
//!     Credit::Conflict { recorded } => eprintln!("conversion {} differs from the one credited", recorded.conversion_id),
//! }
//! # Ok(()) }
//! ```

mod balance;
mod credit;
mod db_url;
mod schema;

use std::sync::Once;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

pub use balance::Balance;
pub use credit::{Credit, Recorded};
pub use db_url::{Backend, DbUrl};

use crate::error::Result;

/// Connection settings of a [`Ledger`].
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct LedgerOptions {
    /// Pool size. Default: 1 for SQLite (it has one writer; queueing in the pool beats its
    /// lock's sleep-and-retry), 8 for PostgreSQL.
    pub max_connections: Option<u32>,
    /// How long a request waits for a free connection before failing with 503 (default 10 s).
    pub acquire_timeout: Duration,
}

impl Default for LedgerOptions {
    fn default() -> Self {
        LedgerOptions {
            max_connections: None,
            acquire_timeout: Duration::from_secs(10),
        }
    }
}

impl LedgerOptions {
    /// Sets the pool size (0 counts as 1).
    pub fn max_connections(mut self, max: u32) -> Self {
        self.max_connections = Some(max);
        self
    }

    /// Sets how long a request waits for a free connection.
    pub fn acquire_timeout(mut self, timeout: Duration) -> Self {
        self.acquire_timeout = timeout;
        self
    }
}

/// The ledger: cheap to clone (a shared pool).
#[derive(Clone)]
pub struct Ledger {
    pool: AnyPool,
    url: DbUrl,
}

pub(crate) fn now_unix() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl std::fmt::Debug for Ledger {
    /// The backend and the address without its password; nothing of the pool's settings.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ledger")
            .field("backend", &self.url.backend())
            .field("db", &self.url.shown())
            .finish()
    }
}

impl Ledger {
    /// Opens (and creates, if missing) the ledger at `db`: `sqlite://PATH` or
    /// `postgres://…`. A bad address is `invalid_argument`; an unreachable database `server`.
    pub async fn open(db: &str) -> Result<Ledger> {
        Ledger::open_with(db, LedgerOptions::default()).await
    }

    /// [`Ledger::open`] with connection settings.
    pub async fn open_with(db: &str, options: LedgerOptions) -> Result<Ledger> {
        static DRIVERS: Once = Once::new();
        DRIVERS.call_once(sqlx::any::install_default_drivers);
        let url = DbUrl::parse(db)?;
        let max = options.max_connections.unwrap_or(match url.backend() {
            Backend::Sqlite => 1,
            Backend::Postgres => 8,
        });
        let pool = AnyPoolOptions::new()
            .max_connections(max.max(1))
            .acquire_timeout(options.acquire_timeout)
            .connect(url.connect_url())
            .await
            .map_err(|e| url.storage_error("connecting", e))?;
        if url.backend() == Backend::Sqlite {
            // Persistent in the file; one writer with concurrent readers, fsync per commit.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await
                .map_err(|e| url.storage_error("setting WAL mode", e))?;
        }
        schema::create(&pool, &url).await?;
        Ok(Ledger { pool, url })
    }

    /// Which database the ledger is on.
    pub fn backend(&self) -> Backend {
        self.url.backend()
    }

    /// The database address without its password.
    pub fn shown_url(&self) -> &str {
        self.url.shown()
    }

    /// Closes every connection (waits for those in use).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
