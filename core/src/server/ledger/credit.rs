//! Exactly-once crediting: one transaction that records the conversion under its id and adds
//! its amount to the player's balance — or, if the id is already recorded, changes nothing.
//!
//! `INSERT … ON CONFLICT (conversion_id) DO NOTHING` decides: on SQLite writers are
//! serialised; on PostgreSQL a second transaction inserting the same id waits for the first
//! and then inserts nothing (or, if the first rolled back, inserts). So however many
//! receivers and retries race, one transaction credits, the others see a duplicate. Any
//! failure rolls the whole transaction back: the conversion is not recorded, the sender's
//! retry credits it later.
//!
//! A balance is a signed 64-bit integer. A credit that would take it past `i64::MAX` is
//! refused inside the same transaction (the balance update only applies while the sum fits),
//! the transaction is rolled back and the conversion stays unrecorded: [`Credit::Overflow`],
//! the same answer for every resend, never a storage failure the sender would retry for ever.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use sqlx::Row;

use super::balance::Balance;
use super::recorded::{Recorded, SELECT_CONVERSION, recorded};
use super::store::Ledger;
use crate::error::Result;
use crate::server::postback::Conversion;

/// What the ledger did with a conversion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Credit {
    /// Recorded now; the player's balance after the credit.
    Credited {
        /// The player's balance including this conversion.
        balance: Balance,
    },
    /// Already recorded with the same player and amount: nothing credited.
    Duplicate {
        /// The conversion as it was first recorded.
        recorded: Recorded,
    },
    /// Already recorded with another player or amount: nothing credited; needs a human.
    Conflict {
        /// The conversion as it was first recorded, which differs from the one offered.
        recorded: Recorded,
    },
    /// Refused: the credit would take the player's balance past `i64::MAX`. Nothing was
    /// recorded or credited; a resend is refused the same way. Needs a human.
    Overflow {
        /// The player's balance as it stays.
        balance: Balance,
    },
}

const INSERT_CONVERSION: &str = "INSERT INTO offerkit_conversions \
    (conversion_id, player_id, amount, payout, conversion_type, offer_id, format, request_id, sent_at, credited_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
    ON CONFLICT (conversion_id) DO NOTHING";

/// Adds `$2` to the balance of `$1` only while the balance is at most `$3` (`i64::MAX - $2`),
/// so the sum never leaves BIGINT: no row comes back when it would.
const ADD_TO_BALANCE: &str = "INSERT INTO offerkit_balances (player_id, balance, conversions) \
    VALUES ($1, $2, 1) \
    ON CONFLICT (player_id) DO UPDATE SET \
    balance = offerkit_balances.balance + excluded.balance, \
    conversions = offerkit_balances.conversions + 1 \
    WHERE offerkit_balances.balance <= $3 \
    RETURNING balance, conversions";

/// The receiver's clock in Unix seconds: when a conversion is credited.
fn now_unix() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Ledger {
    /// Credits `conversion` exactly once (see the module comment). `Err` is a storage
    /// failure (`server`, HTTP 503) and then nothing was recorded.
    pub async fn credit(&self, conversion: &Conversion) -> Result<Credit> {
        let failed = |what: &str, e: sqlx::Error| self.url.storage_error(what, e);
        let mut tx = self.pool.begin().await.map_err(|e| failed("begin", e))?;
        let inserted = sqlx::query(INSERT_CONVERSION)
            .bind(conversion.conversion_id.as_str())
            .bind(conversion.player_id.as_str())
            .bind(conversion.amount)
            .bind(conversion.payout.clone())
            .bind(conversion.kind.as_str())
            .bind(conversion.offer_id.clone())
            .bind(conversion.format.as_str())
            .bind(conversion.request_id.clone())
            .bind(conversion.timestamp)
            .bind(now_unix())
            .execute(&mut *tx)
            .await
            .map_err(|e| failed("recording the conversion", e))?
            .rows_affected();
        if inserted == 1 {
            let row = sqlx::query(ADD_TO_BALANCE)
                .bind(conversion.player_id.as_str())
                .bind(conversion.amount)
                .bind(i64::MAX.saturating_sub(conversion.amount))
                .fetch_optional(&mut *tx)
                .await
                .map_err(|e| failed("updating the balance", e))?;
            let Some(row) = row else {
                tx.rollback().await.map_err(|e| failed("rollback", e))?;
                return Ok(Credit::Overflow {
                    balance: self.balance(&conversion.player_id).await?,
                });
            };
            let balance = Balance {
                player_id: conversion.player_id.clone(),
                balance: row
                    .try_get(0)
                    .map_err(|e| failed("reading the balance", e))?,
                conversions: row
                    .try_get(1)
                    .map_err(|e| failed("reading the balance", e))?,
            };
            tx.commit().await.map_err(|e| failed("commit", e))?;
            return Ok(Credit::Credited { balance });
        }
        let row = sqlx::query(SELECT_CONVERSION)
            .bind(conversion.conversion_id.as_str())
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| failed("reading the recorded conversion", e))?;
        let recorded = recorded(&row).map_err(|e| failed("reading the recorded conversion", e))?;
        tx.rollback().await.map_err(|e| failed("rollback", e))?;
        if recorded.player_id == conversion.player_id && recorded.amount == conversion.amount {
            Ok(Credit::Duplicate { recorded })
        } else {
            Ok(Credit::Conflict { recorded })
        }
    }
}
