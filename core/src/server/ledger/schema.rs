//! The ledger's two tables, the same SQL on SQLite and PostgreSQL:
//! - `offerkit_conversions`: one row per conversion ever credited, keyed by its conversion id
//!   (the primary key is what makes crediting exactly-once);
//! - `offerkit_balances`: per player, the sum of the amounts credited and how many
//!   conversions made it, updated in the same transaction as the conversion row.

use std::time::Duration;

use sqlx::AnyPool;

use super::db_url::DbUrl;
use crate::error::Result;

const TABLES: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS offerkit_conversions (
        conversion_id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL,
        amount BIGINT NOT NULL,
        payout TEXT,
        conversion_type TEXT NOT NULL,
        offer_id TEXT,
        format TEXT NOT NULL,
        request_id TEXT,
        sent_at BIGINT,
        credited_at BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS offerkit_balances (
        player_id TEXT PRIMARY KEY,
        balance BIGINT NOT NULL,
        conversions BIGINT NOT NULL
    )",
];

/// Creates the tables if they are missing. Receivers starting together on one PostgreSQL
/// may race on `CREATE TABLE IF NOT EXISTS` (PostgreSQL then reports a duplicate type): the
/// loser tries again and finds the tables there.
pub(crate) async fn create(pool: &AnyPool, url: &DbUrl) -> Result<()> {
    let mut attempt = 0;
    loop {
        let mut failure = None;
        for statement in TABLES {
            if let Err(e) = sqlx::query(statement).execute(pool).await {
                failure = Some(e);
                break;
            }
        }
        match failure {
            None => return Ok(()),
            Some(e) if attempt >= 4 => return Err(url.storage_error("creating the tables", e)),
            Some(_) => {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(50 * attempt)).await;
            }
        }
    }
}
