//! A conversion as the ledger recorded it, and reading it back by its id: what a duplicate or
//! a conflicting credit is compared with, and what an operator looks up.

use serde::Serialize;
use sqlx::Row;

use super::store::Ledger;
use crate::error::Result;

/// A conversion as the ledger recorded it first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recorded {
    /// The ledger key: the postback's `conversion_id` (v3) or `transaction_id` (v2).
    pub conversion_id: String,
    /// The player credited.
    pub player_id: String,
    /// Virtual currency credited (0 for an install).
    pub amount: i64,
    /// The postback format that delivered it first: `"v3"` or `"v2"`.
    pub format: String,
    /// The `request_id` of that first delivery; `None` when it carried none.
    pub request_id: Option<String>,
    /// When it was credited, in Unix seconds (the receiver's clock).
    pub credited_at: i64,
}

/// The recorded conversion with id `$1`, its columns in [`recorded`]'s order.
pub(super) const SELECT_CONVERSION: &str = "SELECT conversion_id, player_id, amount, format, request_id, credited_at \
    FROM offerkit_conversions WHERE conversion_id = $1";

/// A row of [`SELECT_CONVERSION`] as a [`Recorded`].
pub(super) fn recorded(row: &sqlx::any::AnyRow) -> std::result::Result<Recorded, sqlx::Error> {
    Ok(Recorded {
        conversion_id: row.try_get(0)?,
        player_id: row.try_get(1)?,
        amount: row.try_get(2)?,
        format: row.try_get(3)?,
        request_id: row.try_get(4)?,
        credited_at: row.try_get(5)?,
    })
}

impl Ledger {
    /// The conversion recorded under `conversion_id`, if any.
    pub async fn conversion(&self, conversion_id: &str) -> Result<Option<Recorded>> {
        let row = sqlx::query(SELECT_CONVERSION)
            .bind(conversion_id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| self.url.storage_error("reading a conversion", e))?;
        row.map(|row| recorded(&row))
            .transpose()
            .map_err(|e| self.url.storage_error("reading a conversion", e))
    }
}
