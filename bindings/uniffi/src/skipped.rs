//! `SkippedItem`: an item the service sent that was left out of its list because it was
//! malformed. A list keeps its good items and says which ones it dropped and why, so an app can
//! report a broken offer instead of losing the whole answer (core's `tolerant.rs` decides).

/// An item of a list that was left out, and why.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SkippedItem {
    /// 0-based position in the list as the service sent it.
    pub index: i64,
    /// The item's `id`, when it had a usable one.
    pub id: Option<String>,
    /// Why, e.g. `name is null` or `total_payout_usd is a string ("lots"), not a number`.
    pub reason: String,
}

impl From<offerkit::SkippedItem> for SkippedItem {
    fn from(item: offerkit::SkippedItem) -> Self {
        SkippedItem {
            index: i64::try_from(item.index).unwrap_or(i64::MAX),
            id: item.id,
            reason: item.reason,
        }
    }
}

pub(crate) fn skipped(items: Vec<offerkit::SkippedItem>) -> Vec<SkippedItem> {
    items.into_iter().map(SkippedItem::from).collect()
}
