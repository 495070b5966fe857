//! An item the service sent that a list leaves out, and why: what every list result reports
//! beside its good items (`OfferList`, each page's `skipped`), so a caller can log or count
//! what it did not get.

use std::fmt;

use serde::Serialize;

/// An item the service sent that was left out of its list, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedItem {
    /// 0-based position in the list as the service sent it.
    pub index: usize,
    /// The item's `id`, when it had a usable one.
    pub id: Option<String>,
    /// Why, e.g. `name is null` or `total_payout_usd is a string ("lots"), not a number`.
    pub reason: String,
}

impl fmt::Display for SkippedItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "item {}", self.index)?;
        if let Some(id) = &self.id {
            write!(f, " (id {id})")?;
        }
        write!(f, ": {}", self.reason)
    }
}
