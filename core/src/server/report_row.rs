//! Rows of the reporting endpoint, decoded tolerantly.
//!
//! The spec lists the row's fields but not the response envelope, so both are read leniently
//! (docs/decisions.md, "What a sloppy service gets"): the rows may be a top-level array, or an object whose `data` is the array or
//! holds it under `results` or `rows`. Every field is optional (a report carries only the
//! fields asked for, and dimensions not grouped by may be null); numbers may also come as
//! numeric text, and `cver` as a number or a string. Unknown fields are kept in `extra`.

use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};

/// The conversion rate, as the service sent it: a number or a string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Cver {
    /// Sent as a JSON number.
    Number(f64),
    /// Sent as text, kept as is (e.g. `"12.5%"`).
    Text(String),
}

impl Cver {
    /// The rate as a number (`"12.5"` and `"12.5%"` read as 12.5), if it is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Cver::Number(n) => Some(*n),
            Cver::Text(t) => t.trim().trim_end_matches('%').trim().parse().ok(),
        }
    }
}

/// One report row. Every field is optional: `None` when the row does not carry it (not
/// selected, not a grouped dimension, or null). Fields the spec does not list are in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct ReportRow {
    #[serde(deserialize_with = "lenient_i64")]
    /// Application id.
    pub app_id: Option<i64>,
    /// The row's day, as the service writes it (EST).
    pub date: Option<String>,
    /// Application name.
    pub app_name: Option<String>,
    /// Platform name.
    pub platform_name: Option<String>,
    /// Country name.
    pub country_name: Option<String>,
    /// Offer name.
    pub offer_name: Option<String>,
    /// How often the offer wall was loaded.
    #[serde(deserialize_with = "lenient_i64")]
    pub offer_wall_loads: Option<i64>,
    /// Clicks on offers, repeats included.
    #[serde(deserialize_with = "lenient_i64")]
    pub gross_clicks: Option<i64>,
    /// Unique clicks on offers.
    #[serde(deserialize_with = "lenient_i64")]
    pub distinct_clicks: Option<i64>,
    /// Completed conversions.
    #[serde(deserialize_with = "lenient_i64")]
    pub conversions: Option<i64>,
    /// Offer impressions.
    #[serde(deserialize_with = "lenient_i64")]
    pub impressions: Option<i64>,
    /// How often an offer's instructions were viewed.
    #[serde(deserialize_with = "lenient_i64")]
    pub instruction_views: Option<i64>,
    /// Publisher payout, USD.
    #[serde(deserialize_with = "lenient_f64")]
    pub payout: Option<f64>,
    /// Daily active users.
    #[serde(deserialize_with = "lenient_i64")]
    pub count: Option<i64>,
    /// Click-through rate.
    #[serde(deserialize_with = "lenient_f64")]
    pub ctr: Option<f64>,
    /// Conversion rate, as sent (a number or text).
    pub cver: Option<Cver>,
    /// Effective cost per mille: USD per thousand impressions.
    #[serde(deserialize_with = "lenient_f64")]
    pub ecpm: Option<f64>,
    /// Every field the spec does not list, as sent.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl ReportRow {
    /// The names of the fields the row carries (non-null), in the spec's order, then extras.
    pub fn field_names(&self) -> Vec<String> {
        self.to_map().into_iter().map(|(k, _)| k).collect()
    }

    /// The row's non-null fields as `(name, value)` pairs, in the spec's order, then extras.
    pub fn to_map(&self) -> Vec<(String, Value)> {
        let mut out: Vec<(String, Value)> = Vec::new();
        let mut put = |name: &str, value: Option<Value>| {
            if let Some(v) = value.filter(|v| !v.is_null()) {
                out.push((name.to_owned(), v));
            }
        };
        put("app_id", self.app_id.map(Value::from));
        put("date", self.date.clone().map(Value::from));
        put("app_name", self.app_name.clone().map(Value::from));
        put("platform_name", self.platform_name.clone().map(Value::from));
        put("country_name", self.country_name.clone().map(Value::from));
        put("offer_name", self.offer_name.clone().map(Value::from));
        put("offer_wall_loads", self.offer_wall_loads.map(Value::from));
        put("gross_clicks", self.gross_clicks.map(Value::from));
        put("distinct_clicks", self.distinct_clicks.map(Value::from));
        put("conversions", self.conversions.map(Value::from));
        put("impressions", self.impressions.map(Value::from));
        put("instruction_views", self.instruction_views.map(Value::from));
        put("payout", self.payout.map(Value::from));
        put("count", self.count.map(Value::from));
        put("ctr", self.ctr.map(Value::from));
        put(
            "cver",
            self.cver.as_ref().map(|c| match c {
                Cver::Number(n) => Value::from(*n),
                Cver::Text(t) => Value::from(t.clone()),
            }),
        );
        put("ecpm", self.ecpm.map(Value::from));
        for (k, v) in &self.extra {
            put(k, Some(v.clone()));
        }
        out
    }
}

/// A row serializes as an object of its non-null fields, in the spec's order.
impl Serialize for ReportRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let fields = self.to_map();
        let mut map = serializer.serialize_map(Some(fields.len()))?;
        for (k, v) in &fields {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

fn lenient_i64<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<i64>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                    .map(|f| f as i64)
            })
            .map(Some)
            .ok_or_else(|| de::Error::custom(format!("{n} is not an integer"))),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<i64>()
            .map(Some)
            .map_err(|_| de::Error::custom(format!("{s:?} is not an integer"))),
        Some(other) => Err(de::Error::custom(format!("{other} is not an integer"))),
    }
}

fn lenient_f64<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<f64>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Some)
            .ok_or_else(|| de::Error::custom(format!("{s:?} is not a number"))),
        Some(other) => Err(de::Error::custom(format!("{other} is not a number"))),
    }
}

/// The rows of a 2xx reporting response, whatever the envelope.
pub(crate) fn decode_rows(body: &[u8]) -> Result<Vec<ReportRow>> {
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        Error::new(
            ErrorKind::Decode,
            format!("report response is not JSON: {e}"),
        )
    })?;
    let rows = match &value {
        Value::Array(rows) => rows,
        Value::Object(top) => match top.get("data") {
            Some(Value::Array(rows)) => rows,
            Some(Value::Object(data)) => match (data.get("results"), data.get("rows")) {
                (Some(Value::Array(rows)), _) | (None, Some(Value::Array(rows))) => rows,
                _ => return Err(shape_error()),
            },
            _ => return Err(shape_error()),
        },
        _ => return Err(shape_error()),
    };
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            if !row.is_object() {
                return Err(Error::new(
                    ErrorKind::Decode,
                    format!("report row {i} is not an object"),
                ));
            }
            ReportRow::deserialize(row)
                .map_err(|e| Error::new(ErrorKind::Decode, format!("report row {i}: {e}")))
        })
        .collect()
}

fn shape_error() -> Error {
    Error::new(
        ErrorKind::Decode,
        "report response has no rows: expected an array, or an object whose `data` is an \
         array or holds one under `results` or `rows`",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROW: &str = r#"{"app_id":1001,"date":"2025-03-01","cver":"3.25","payout":"12.5","gross_clicks":7.0,"country_name":null,"custom":true}"#;

    #[test]
    fn every_envelope_shape_is_accepted() {
        for body in [
            format!("[{ROW}]"),
            format!(r#"{{"data":[{ROW}]}}"#),
            format!(r#"{{"status":"success","data":{{"results":[{ROW}]}}}}"#),
            format!(r#"{{"data":{{"rows":[{ROW}],"total":1}}}}"#),
        ] {
            let rows = decode_rows(body.as_bytes()).unwrap();
            assert_eq!(rows.len(), 1, "{body}");
            let row = &rows[0];
            assert_eq!(row.app_id, Some(1001));
            assert_eq!(row.cver, Some(Cver::Text("3.25".into())));
            assert_eq!(row.cver.as_ref().and_then(Cver::as_f64), Some(3.25));
            assert_eq!(row.payout, Some(12.5));
            assert_eq!(row.gross_clicks, Some(7));
            assert_eq!(row.country_name, None);
            assert_eq!(row.extra["custom"], Value::Bool(true));
        }
    }

    #[test]
    fn cver_may_be_a_number() {
        let rows = decode_rows(br#"[{"cver": 4.5}, {}]"#).unwrap();
        assert_eq!(rows[0].cver, Some(Cver::Number(4.5)));
        assert_eq!(rows[1], ReportRow::default());
    }

    #[test]
    fn unexpected_shapes_are_decode_errors() {
        for body in [
            "{}",
            r#"{"data":{"items":[]}}"#,
            r#"{"data":"x"}"#,
            "42",
            "[1]",
            r#"[{"app_id":"abc"}]"#,
            r#"[{"payout":{}}]"#,
            "not json",
        ] {
            let err = decode_rows(body.as_bytes()).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Decode, "{body}");
        }
    }

    #[test]
    fn serializes_non_null_fields_in_spec_order() {
        let rows = decode_rows(format!("[{ROW}]").as_bytes()).unwrap();
        let text = serde_json::to_string(&rows[0]).unwrap();
        assert_eq!(
            text,
            r#"{"app_id":1001,"date":"2025-03-01","gross_clicks":7,"payout":12.5,"cver":"3.25","custom":true}"#
        );
    }
}
