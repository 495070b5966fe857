//! Misbehaviour modes ("mess"): ways the real service may break its own contract (broken or
//! odd fields, cursors that cycle or never end, a listing that never advances, a storm of
//! 503s), so that clients can be tested against them over real HTTP. This file holds the
//! modes, their names on the command line, and the switch that changes them at run time;
//! what each mode does is in mess_body.rs, mess_paging.rs and routes.rs, and README.md
//! states the exact rules. All modes are off by default, and then nothing changes.

use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Which misbehaviours are on. JSON (control endpoint): every key optional, unknown keys
/// refused: `{"bad_fields":true,"retry_after_storm":2}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Mess {
    /// Every fourth offer (positions 1, 5, 9, …) has one field broken, in turn: `name`
    /// null, `total_payout_usd` a string, `creatives` missing, `creatives.description` a
    /// number. In `playerOffers`, item 1 is null and item 2 has `"status": 5`.
    pub bad_fields: bool,
    /// Every offer has `name: null` (or `id: null` when `name` was not selected).
    pub all_bad_fields: bool,
    /// Every offer (and `playerOffers` item) ends with odd but valid JSON members: a
    /// 1000-deep array, `1e400`, a 30-digit integer, an empty key, a dotted key, a NUL
    /// escape and a non-ASCII key.
    pub odd_extra: bool,
    /// `playerOffers` cursors alternate between two cursors, A → B → A → … for ever.
    pub cursor_cycle: bool,
    /// `playerOffers` pages are empty and always have a new `next_cursor`.
    pub endless_empty_pages: bool,
    /// The paginated listing always has more pages, and its next page is the same page.
    pub listing_stall: bool,
    /// Some(secs): every /v1 request (token, offers, listing, report) answers 503 with `Retry-After: secs`.
    pub retry_after_storm: Option<u64>,
}

/// The names `--mess` accepts (`retry_after_storm` as `retry_after_storm=SECS`).
pub const MODE_NAMES: [&str; 7] = [
    "bad_fields",
    "all_bad_fields",
    "odd_extra",
    "cursor_cycle",
    "endless_empty_pages",
    "listing_stall",
    "retry_after_storm=SECS",
];

impl Mess {
    /// Whether every mode is off.
    pub fn is_off(&self) -> bool {
        *self == Mess::default()
    }

    /// Whether offer or `playerOffers` item bodies are reshaped (see mess_body.rs).
    pub(crate) fn reshapes_bodies(&self) -> bool {
        self.bad_fields || self.all_bad_fields || self.odd_extra
    }

    /// One `--mess` mode (`bad_fields`, …, `retry_after_storm=SECS`) as a `Mess` with only
    /// that mode on.
    pub(crate) fn parse_mode(mode: &str) -> Result<Mess, String> {
        let mode = mode.trim();
        let mut mess = Mess::default();
        match mode {
            "bad_fields" => mess.bad_fields = true,
            "all_bad_fields" => mess.all_bad_fields = true,
            "odd_extra" => mess.odd_extra = true,
            "cursor_cycle" => mess.cursor_cycle = true,
            "endless_empty_pages" => mess.endless_empty_pages = true,
            "listing_stall" => mess.listing_stall = true,
            _ => {
                let secs = mode
                    .strip_prefix("retry_after_storm=")
                    .ok_or_else(|| {
                        format!(
                            "unknown mess mode `{mode}` (expected one of: {})",
                            MODE_NAMES.join(", ")
                        )
                    })?
                    .parse::<u64>()
                    .map_err(|e| format!("retry_after_storm=SECS needs whole seconds: {e}"))?;
                mess.retry_after_storm = Some(secs);
            }
        }
        Ok(mess)
    }

    /// Both sets of modes on (for `--mess a --mess b`); `other`'s storm wins if both have one.
    pub(crate) fn union(self, other: Mess) -> Mess {
        Mess {
            bad_fields: self.bad_fields || other.bad_fields,
            all_bad_fields: self.all_bad_fields || other.all_bad_fields,
            odd_extra: self.odd_extra || other.odd_extra,
            cursor_cycle: self.cursor_cycle || other.cursor_cycle,
            endless_empty_pages: self.endless_empty_pages || other.endless_empty_pages,
            listing_stall: self.listing_stall || other.listing_stall,
            retry_after_storm: other.retry_after_storm.or(self.retry_after_storm),
        }
    }
}

/// The modes in force, replaceable while the simulator runs.
#[derive(Debug, Default)]
pub struct MessSwitch {
    current: Mutex<Mess>,
    /// Whether any mode is on (written under the lock), so that requests while all modes are
    /// off, nearly all of them, do not take the lock.
    any: AtomicBool,
}

impl MessSwitch {
    pub fn new(mess: Mess) -> MessSwitch {
        let switch = MessSwitch::default();
        switch.set(mess);
        switch
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Mess> {
        self.current
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn set(&self, mess: Mess) {
        let mut current = self.lock();
        self.any.store(!mess.is_off(), Ordering::SeqCst);
        *current = mess;
    }

    pub fn get(&self) -> Mess {
        self.lock().clone()
    }

    /// The modes in force; `None` when all are off.
    pub fn active(&self) -> Option<Mess> {
        if !self.any.load(Ordering::SeqCst) {
            return None;
        }
        Some(self.get()).filter(|m| !m.is_off())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_by_name() {
        assert_eq!(
            Mess::parse_mode("bad_fields"),
            Ok(Mess {
                bad_fields: true,
                ..Mess::default()
            })
        );
        assert_eq!(
            Mess::parse_mode(" retry_after_storm=7 "),
            Ok(Mess {
                retry_after_storm: Some(7),
                ..Mess::default()
            })
        );
        for bad in ["", "bad-fields", "retry_after_storm", "retry_after_storm=x"] {
            assert!(Mess::parse_mode(bad).is_err(), "{bad:?}");
        }
        let names: Vec<&str> = MODE_NAMES
            .iter()
            .map(|n| n.strip_suffix("SECS").map_or(*n, |_| "retry_after_storm=1"))
            .collect();
        let all = names
            .iter()
            .map(|n| Mess::parse_mode(n).expect("a listed name parses"))
            .fold(Mess::default(), Mess::union);
        assert_eq!(
            all,
            Mess {
                bad_fields: true,
                all_bad_fields: true,
                odd_extra: true,
                cursor_cycle: true,
                endless_empty_pages: true,
                listing_stall: true,
                retry_after_storm: Some(1),
            }
        );
    }

    #[test]
    fn json_is_flat_with_defaults_and_refuses_unknown_keys() {
        let m: Mess =
            serde_json::from_str(r#"{"odd_extra":true,"retry_after_storm":3}"#).expect("parses");
        assert_eq!(
            m,
            Mess {
                odd_extra: true,
                retry_after_storm: Some(3),
                ..Mess::default()
            }
        );
        assert!(serde_json::from_str::<Mess>(r#"{"odd_extras":true}"#).is_err());
        assert_eq!(
            serde_json::to_value(Mess::default()).expect("serializes"),
            serde_json::json!({
                "bad_fields": false, "all_bad_fields": false, "odd_extra": false,
                "cursor_cycle": false, "endless_empty_pages": false, "listing_stall": false,
                "retry_after_storm": null
            })
        );
    }

    #[test]
    fn switch_reports_active_modes_only() {
        let s = MessSwitch::new(Mess::default());
        assert_eq!(s.active(), None);
        let m = Mess {
            listing_stall: true,
            ..Mess::default()
        };
        s.set(m.clone());
        assert_eq!(s.active(), Some(m.clone()));
        assert_eq!(s.get(), m);
        s.set(Mess::default());
        assert_eq!(s.active(), None);
    }
}
