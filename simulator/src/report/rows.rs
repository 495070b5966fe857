//! The report's rows: one per combination of the grouped dimensions (apps, platforms,
//! countries, the first offers, days), with metrics that depend only on that combination, the
//! date range and the seed, so the same query always gets the same rows.

use crate::catalogue::Catalogue;
use crate::rng::{SplitMix64, mix};
use crate::time::{DAY, format_date};

use super::params::ReportQuery;

/// Longest date range that still gets one row per day.
const MAX_DAYS: i64 = 366;

const DEFAULT_FIELDS: [&str; 14] = [
    "app_id",
    "date",
    "app_name",
    "offer_wall_loads",
    "gross_clicks",
    "distinct_clicks",
    "conversions",
    "impressions",
    "instruction_views",
    "payout",
    "count",
    "ctr",
    "cver",
    "ecpm",
];
const APPS: [(i64, &str); 3] = [
    (1001, "Offerkit Demo Game"),
    (1002, "Offerkit Puzzle Party"),
    (1003, "Offerkit Rewards"),
];
const PLATFORMS: [(&str, &str); 3] = [("android", "Android"), ("ios", "iOS"), ("web", "Web")];
const COUNTRIES: [(&str, &str); 4] = [
    ("US", "United States"),
    ("DE", "Germany"),
    ("HK", "Hong Kong"),
    ("TW", "Taiwan"),
];
/// Offers (first of the catalogue) that appear in reports grouped by offer.
const REPORT_OFFERS: usize = 3;

/// The value of one grouping dimension in a row; `None` when the report is not grouped by it.
#[derive(Clone, Debug, Default)]
struct RowKey {
    date: Option<String>,
    app: Option<(i64, &'static str)>,
    platform: Option<&'static str>,
    country: Option<(String, String)>,
    offer: Option<String>,
}

pub fn rows(catalogue: &Catalogue, seed: u64, q: &ReportQuery) -> Vec<serde_json::Value> {
    let apps: Vec<(i64, &'static str)> = APPS
        .iter()
        .copied()
        .filter(|(id, _)| q.apps.as_ref().is_none_or(|a| a.contains(id)))
        .collect();
    let platforms: Vec<(&'static str, &'static str)> = PLATFORMS
        .iter()
        .copied()
        .filter(|(code, _)| {
            q.platforms
                .as_ref()
                .is_none_or(|p| p.iter().any(|x| x == code))
        })
        .collect();
    let countries: Vec<(String, String)> = COUNTRIES
        .iter()
        .filter(|(code, _)| {
            q.countries
                .as_ref()
                .is_none_or(|c| c.iter().any(|x| x == code))
        })
        .map(|(c, n)| ((*c).to_owned(), (*n).to_owned()))
        .collect();
    let offers: Vec<String> = catalogue
        .offers()
        .iter()
        .take(REPORT_OFFERS)
        .map(|o| o.name.clone())
        .collect();
    let first_day = q.start.div_euclid(DAY);
    let last_day = q.end.div_euclid(DAY).min(first_day + MAX_DAYS - 1);
    let filtered_empty = apps.is_empty() || platforms.is_empty() || countries.is_empty();
    if filtered_empty {
        return Vec::new();
    }

    let mut keys = vec![RowKey::default()];
    for dim in &q.group_by {
        keys = match dim.as_str() {
            "date" => {
                let dates: Vec<String> = (first_day..=last_day)
                    .map(|d| format_date(d * DAY))
                    .collect();
                each(&keys, &dates, |k, d| k.date = Some(d.clone()))
            }
            "app_id" => each(&keys, &apps, |k, a| k.app = Some(*a)),
            "platform" => each(&keys, &platforms, |k, p| k.platform = Some(p.1)),
            "country" => each(&keys, &countries, |k, c| k.country = Some(c.clone())),
            "offer" => each(&keys, &offers, |k, o| k.offer = Some(o.clone())),
            _ => keys,
        };
    }
    keys.iter().map(|k| row(seed, q, k)).collect()
}

/// Each key once per value, keys first then values in their order, the value set by `set`.
fn each<T>(keys: &[RowKey], values: &[T], set: impl Fn(&mut RowKey, &T)) -> Vec<RowKey> {
    let set = &set;
    keys.iter()
        .flat_map(|k| {
            values.iter().map(move |v| {
                let mut k = k.clone();
                set(&mut k, v);
                k
            })
        })
        .collect()
}

fn row(seed: u64, q: &ReportQuery, k: &RowKey) -> serde_json::Value {
    let fingerprint = format!("{:?}|{}|{}", k, q.start, q.end);
    let mut rng = SplitMix64::new(mix(seed, &[b"report", fingerprint.as_bytes()]));
    let loads = rng.between(50, 5000);
    let impressions = loads * rng.between(2, 6);
    let gross_clicks = rng.between(loads / 20, loads / 4);
    let distinct_clicks = gross_clicks * rng.between(60, 100) / 100;
    let instruction_views = distinct_clicks * rng.between(20, 80) / 100;
    let conversions = distinct_clicks * rng.between(1, 15) / 100;
    let payout = (conversions as f64 * (0.5 + rng.unit() * 3.0) * 100.0).round() / 100.0;
    let dau = rng.between(loads / 3, loads);
    let ratio = |a: u64, b: u64| {
        if b == 0 {
            0.0
        } else {
            (a as f64 / b as f64 * 10_000.0).round() / 100.0
        }
    };
    let ecpm = if impressions == 0 {
        0.0
    } else {
        (payout / impressions as f64 * 1000.0 * 100.0).round() / 100.0
    };
    let value = |field: &str| -> serde_json::Value {
        match field {
            "app_id" => k.app.map(|a| a.0).into(),
            "app_name" => k.app.map(|a| a.1).into(),
            "date" => k.date.clone().into(),
            "platform_name" => k.platform.into(),
            "country_name" => k.country.as_ref().map(|c| c.1.clone()).into(),
            "offer_name" => k.offer.clone().into(),
            "offer_wall_loads" => loads.into(),
            "impressions" => impressions.into(),
            "gross_clicks" => gross_clicks.into(),
            "distinct_clicks" => distinct_clicks.into(),
            "instruction_views" => instruction_views.into(),
            "conversions" => conversions.into(),
            "payout" => payout.into(),
            "count" => dau.into(),
            "ctr" => ratio(gross_clicks, impressions).into(),
            // The spec allows a number or a string; the simulator sends a string.
            "cver" => format!("{:.2}", ratio(conversions, distinct_clicks)).into(),
            "ecpm" => ecpm.into(),
            _ => serde_json::Value::Null,
        }
    };
    let mut names: Vec<&str> = match &q.fields {
        Some(fields) => fields.iter().map(String::as_str).collect(),
        None => DEFAULT_FIELDS.to_vec(),
    };
    if q.fields.is_none() {
        for (dim, name) in [
            ("platform", "platform_name"),
            ("country", "country_name"),
            ("offer", "offer_name"),
        ] {
            if q.group_by.iter().any(|g| g == dim) {
                names.push(name);
            }
        }
    }
    serde_json::Value::Object(
        names
            .into_iter()
            .map(|n| (n.to_owned(), value(n)))
            .collect(),
    )
}
