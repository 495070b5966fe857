//! The names a `ClientConfig`'s settings have in errors, so that each language reads the names
//! it wrote. Core names its own settings (`cache.ttl`, `retry.max_retries`); these bindings name
//! the record's fields as Swift and the generated Kotlin spell them (`cacheTtlMs`,
//! `maxRetries`), and a layer with settings of its own (Python's `cache_ttl`, Kotlin's
//! `cacheTtl`) passes its names through `check_client_config`. Core still judges every value.

use std::collections::HashMap;

/// Each of core's setting names ([`offerkit::SETTING_NAMES`]) that this record can set, with
/// the record's field as Swift and the generated Kotlin spell it. The others keep their
/// defaults here, which are always in bounds.
const RECORD_NAMES: [(&str, &str); 6] = [
    ("timeout", "timeoutMs"),
    ("deadline", "deadlineMs"),
    ("max_pages", "maxPages"),
    ("retry.max_retries", "maxRetries"),
    ("cache.ttl", "cacheTtlMs"),
    ("cache.max_stale", "cacheMaxStaleMs"),
];

/// How a caller names the record's settings: record name → its own (empty: the record's).
#[derive(Default)]
pub(crate) struct SettingNames(HashMap<String, String>);

impl SettingNames {
    pub(crate) fn new(names: HashMap<String, String>) -> Self {
        SettingNames(names)
    }

    /// The caller's name for the record field `record` (e.g. `cacheTtlMs`).
    pub(crate) fn of_field(&self, record: &str) -> String {
        self.0
            .get(record)
            .cloned()
            .unwrap_or_else(|| record.to_owned())
    }

    /// The caller's name for core's setting `core` (e.g. `cache.ttl`).
    pub(crate) fn of_setting(&self, core: &str) -> String {
        match RECORD_NAMES.iter().find(|(name, _)| *name == core) {
            Some((_, record)) => self.of_field(record),
            None => core.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_record_name_stands_for_a_setting_of_core() {
        for (core, _) in RECORD_NAMES {
            assert!(offerkit::SETTING_NAMES.contains(&core), "{core}");
        }
    }

    #[test]
    fn a_callers_name_replaces_the_records() {
        let names = SettingNames::new(HashMap::from([(
            "cacheTtlMs".to_owned(),
            "cache_ttl".to_owned(),
        )]));
        assert_eq!(names.of_setting("cache.ttl"), "cache_ttl");
        assert_eq!(names.of_setting("timeout"), "timeoutMs");
        assert_eq!(names.of_setting("connect_timeout"), "connect_timeout");
    }
}
