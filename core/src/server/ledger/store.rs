//! The ledger's handle on its database: opening it (the pool, SQLite's WAL journal, the
//! tables), what it is connected to, and closing it. Crediting and reading balances are
//! operations on this handle, each in its own file.

use std::sync::Once;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use super::db_url::{Backend, DbUrl};
use super::schema;
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
    pub(super) pool: AnyPool,
    pub(super) url: DbUrl,
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
