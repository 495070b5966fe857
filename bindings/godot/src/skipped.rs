//! Items the service sent malformed and core left out of a list, as GDScript reads them:
//! `{"index": int, "id": String, "reason": String}` each (`id` "" when the item had none).

use godot::prelude::*;

pub(crate) fn skipped(items: &[offerkit::SkippedItem]) -> VarArray {
    let mut array = VarArray::new();
    for item in items {
        let mut entry = VarDictionary::new();
        entry.set("index", i64::try_from(item.index).unwrap_or(i64::MAX));
        entry.set("id", item.id.as_deref().unwrap_or(""));
        entry.set("reason", item.reason.as_str());
        array.push(&entry.to_variant());
    }
    array
}
