//! What a verified postback says: one conversion of one player, typed. v3 (JSON) and v2 (URL
//! parameters) parse into the same [`Conversion`], keyed by the one id that identifies the
//! conversion in both formats, so a ledger credits it once whichever format delivers it.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::error::{Error, ErrorKind, FieldError, Result};
use crate::validate::PLAYER_ID_MAX_CHARS;

/// Largest amount a postback may credit: 2^53, the largest integer every JSON reader keeps
/// exactly (and far from overflowing a 64-bit balance).
pub const MAX_AMOUNT: i64 = 1 << 53;

/// Which postback format delivered a conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PostbackFormat {
    /// `POST`, JSON body, `Signature` header.
    V3,
    /// `GET`, URL parameters, `verifier` parameter.
    V2,
}

impl PostbackFormat {
    /// `"v3"` or `"v2"`, as recorded by the ledger.
    pub fn as_str(self) -> &'static str {
        match self {
            PostbackFormat::V3 => "v3",
            PostbackFormat::V2 => "v2",
        }
    }
}

impl fmt::Display for PostbackFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `conversion_type`: a reward (credits `amount`) or an install (the service sends amount 0).
/// A type offerkit does not know is kept as sent and credited like a reward.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ConversionKind {
    /// `reward`: the player earned `amount`.
    Reward,
    /// `install`: the offer's app was installed (the service sends amount 0).
    Install,
    /// Any other `conversion_type`, as sent.
    Other(String),
}

impl ConversionKind {
    pub(crate) fn parse(text: &str) -> ConversionKind {
        match text {
            "reward" => ConversionKind::Reward,
            "install" => ConversionKind::Install,
            other => ConversionKind::Other(other.to_owned()),
        }
    }

    /// The `conversion_type` text: `"reward"`, `"install"` or the unknown type as sent.
    pub fn as_str(&self) -> &str {
        match self {
            ConversionKind::Reward => "reward",
            ConversionKind::Install => "install",
            ConversionKind::Other(text) => text,
        }
    }
}

impl Serialize for ConversionKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One verified conversion.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conversion {
    /// The format that delivered it.
    pub format: PostbackFormat,
    /// The ledger key: `data.conversion_id` (v3) or `transaction_id` (v2), as sent.
    pub conversion_id: String,
    /// The player to credit, exactly as sent (never case-folded or normalised).
    pub player_id: String,
    /// Virtual currency to credit (0 for installs), 0 ..= [`MAX_AMOUNT`].
    pub amount: i64,
    /// Publisher payout in USD, as the text the service sent (never rounded through a float).
    pub payout: Option<String>,
    /// `conversion_type`; a postback without one is a reward.
    pub kind: ConversionKind,
    /// Changes between deliveries of one conversion (retries may carry a new one).
    pub request_id: Option<String>,
    /// `timestamp` in Unix seconds (v3; v2 only if the URL carries one).
    pub timestamp: Option<i64>,
    /// Id of the completed offer, as sent; `None` when the postback has none.
    pub offer_id: Option<String>,
    /// Name of the completed offer, as sent; `None` when the postback has none.
    pub offer_name: Option<String>,
    /// Id of the offer's goal the conversion is for, as sent; `None` when the postback has none.
    pub goal_id: Option<String>,
    /// Name of that goal, as sent; `None` when the postback has none.
    pub goal_name: Option<String>,
    /// Id of the campaign the offer ran in, as sent; `None` when the postback has none.
    pub campaign_id: Option<String>,
    /// Every other field, as text (JSON text for v3 values that are not strings).
    pub extra: BTreeMap<String, String>,
}

/// Collects the problems of one postback, each on its field, into one `invalid_argument`
/// error (HTTP 400) — the shape of the rest of the taxonomy.
pub(crate) struct Problems(FieldError);

impl Problems {
    pub fn new() -> Problems {
        Problems(FieldError {
            path: vec!["postback".to_owned()],
            arguments: BTreeMap::new(),
        })
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.add(field, message);
    }

    pub fn into_result<T>(self, value: T) -> Result<T> {
        if self.0.is_empty() {
            return Ok(value);
        }
        let details = self.0.to_string();
        Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("malformed postback: {details}"),
        )
        .with_status(400)
        .with_fields(vec![self.0]))
    }
}

/// The player id rule the service enforces: 1 to 255 characters, otherwise untouched.
pub(crate) fn check_player_id(problems: &mut Problems, player_id: Option<&str>) -> String {
    match player_id {
        None => problems.add("player_id", "The player_id field is required."),
        Some("") => problems.add("player_id", "The player_id field must not be empty."),
        Some(id) if id.chars().count() > PLAYER_ID_MAX_CHARS => problems.add(
            "player_id",
            "The player_id field must not be greater than 255 characters.",
        ),
        Some(id) => return id.to_owned(),
    }
    String::new()
}

/// The conversion key: required, non-empty.
pub(crate) fn check_key(problems: &mut Problems, field: &str, key: Option<&str>) -> String {
    match key {
        None => problems.add(field, format!("The {field} field is required.")),
        Some(k) if k.trim().is_empty() => {
            problems.add(field, format!("The {field} field must not be empty."))
        }
        Some(k) => return k.to_owned(),
    }
    String::new()
}

/// `amount` from its text: a whole number 0 ..= 2^53 (`10` and `10.0` are ten; `10.5`,
/// `-1`, `1e3` and `ten` are refused: a ledger never guesses money).
pub(crate) fn check_amount(problems: &mut Problems, amount: Option<&str>) -> i64 {
    let Some(text) = amount else {
        problems.add("amount", "The amount field is required.");
        return 0;
    };
    let whole = text.strip_suffix(".0").unwrap_or(text);
    let parsed = if !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()) {
        whole.parse::<i64>().ok().filter(|n| *n <= MAX_AMOUNT)
    } else {
        None
    };
    match parsed {
        Some(n) => n,
        None => {
            problems.add(
                "amount",
                format!("The amount field must be a whole number from 0 to {MAX_AMOUNT}."),
            );
            0
        }
    }
}

/// `timestamp` from its text: Unix seconds, or milliseconds when 13 digits or more.
pub(crate) fn check_timestamp(problems: &mut Problems, timestamp: Option<&str>) -> Option<i64> {
    let text = timestamp?;
    match text.parse::<i64>() {
        Ok(ms) if ms >= 1_000_000_000_000 => Some(ms / 1000),
        Ok(secs) if secs >= 0 => Some(secs),
        _ => {
            problems.add(
                "timestamp",
                "The timestamp field must be Unix time in seconds.",
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(text: Option<&str>) -> std::result::Result<i64, String> {
        let mut p = Problems::new();
        let n = check_amount(&mut p, text);
        p.into_result(n).map_err(|e| e.message().to_owned())
    }

    #[test]
    fn amounts_are_whole_and_bounded() {
        assert_eq!(amount(Some("0")), Ok(0));
        assert_eq!(amount(Some("250")), Ok(250));
        assert_eq!(amount(Some("10.0")), Ok(10));
        assert_eq!(amount(Some("9007199254740992")), Ok(9_007_199_254_740_992));
        for bad in [
            "9007199254740993",
            "-1",
            "10.5",
            "1e3",
            "",
            " 5",
            "ten",
            "99999999999999999999",
        ] {
            assert!(amount(Some(bad)).is_err(), "{bad:?}");
        }
        assert!(
            amount(None)
                .unwrap_err()
                .contains("amount: The amount field is required.")
        );
    }

    #[test]
    fn player_ids_are_kept_exactly() {
        let mut p = Problems::new();
        assert_eq!(check_player_id(&mut p, Some("Player.One ")), "Player.One ");
        assert_eq!(check_player_id(&mut p, Some(&"x".repeat(255))).len(), 255);
        assert!(p.into_result(()).is_ok());
        let long = "x".repeat(256);
        for bad in [None, Some(""), Some(long.as_str())] {
            let mut p = Problems::new();
            check_player_id(&mut p, bad);
            let err = p.into_result(()).unwrap_err();
            assert_eq!(
                (err.kind(), err.http_status()),
                (ErrorKind::InvalidArgument, Some(400))
            );
            assert_eq!(err.fields()[0].path, ["postback"]);
            assert!(err.fields()[0].arguments.contains_key("player_id"));
        }
    }

    #[test]
    fn timestamps_in_seconds_or_milliseconds() {
        let mut p = Problems::new();
        assert_eq!(
            check_timestamp(&mut p, Some("1732406400")),
            Some(1_732_406_400)
        );
        assert_eq!(
            check_timestamp(&mut p, Some("1732406400123")),
            Some(1_732_406_400)
        );
        assert_eq!(check_timestamp(&mut p, None), None);
        assert!(p.into_result(()).is_ok());
        let mut p = Problems::new();
        check_timestamp(&mut p, Some("yesterday"));
        assert!(p.into_result(()).is_err());
    }
}
