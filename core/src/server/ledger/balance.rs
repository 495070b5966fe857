//! A player's balance as the ledger keeps it: the sum of every amount credited to the player
//! and how many conversions were credited (installs, with amount 0, included).

use serde::Serialize;
use sqlx::Row;

use super::store::Ledger;
use crate::error::Result;

/// `{"player_id", "balance", "conversions"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Balance {
    /// The player, exactly as the postbacks named them.
    pub player_id: String,
    /// Virtual currency credited to the player so far: the sum of the amounts.
    pub balance: i64,
    /// How many conversions were credited to the player, installs (amount 0) included.
    pub conversions: i64,
}

impl Ledger {
    /// The balance of `player_id`, exactly as credited (no case folding); zero for a player
    /// never credited.
    pub async fn balance(&self, player_id: &str) -> Result<Balance> {
        let row =
            sqlx::query("SELECT balance, conversions FROM offerkit_balances WHERE player_id = $1")
                .bind(player_id)
                .fetch_optional(&self.pool)
                .await
                .map_err(|e| self.url.storage_error("reading the balance", e))?;
        let (balance, conversions) = match row {
            Some(row) => (
                row.try_get(0)
                    .map_err(|e| self.url.storage_error("reading the balance", e))?,
                row.try_get(1)
                    .map_err(|e| self.url.storage_error("reading the balance", e))?,
            ),
            None => (0, 0),
        };
        Ok(Balance {
            player_id: player_id.to_owned(),
            balance,
            conversions,
        })
    }
}
