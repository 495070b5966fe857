//! `GET /v1/report`: the publisher reporting endpoint. Bearer API key (`REPORT_API_KEY`, or a
//! key minted with an expiry: 401 once it has expired), 10 requests per minute per key (then
//! 429 with `Retry-After`), PHP-style bracketed array parameters, Laravel-style 422s, and
//! deterministic rows `{"data": [...]}` (the spec does not show the envelope; this is the
//! simulator's choice).

use axum::extract::{RawQuery, State};
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::auth::bearer;
use crate::respond::{json, json_message};
use crate::rng::{SplitMix64, mix};
use crate::state::AppState;
use crate::time::{DAY, format_date, now_unix, parse_datetime};
use crate::validation::Violations;

/// The API key the simulator's reporting endpoint always accepts.
pub const REPORT_API_KEY: &str = "sim-report-api-key";
/// An API key that is known but expired: 401 `The API key has expired.`
pub const EXPIRED_REPORT_API_KEY: &str = "sim-report-api-key-expired";
/// Requests allowed per [`RATE_WINDOW`].
pub const REPORT_RATE_LIMIT: usize = 10;
pub const RATE_WINDOW: Duration = Duration::from_secs(60);
/// Longest date range that still gets one row per day.
const MAX_DAYS: i64 = 366;

const GROUP_BY: [&str; 5] = ["app_id", "date", "platform", "country", "offer"];
const FIELDS: [&str; 15] = [
    "app_id",
    "app_name",
    "country_name",
    "platform_name",
    "date",
    "offer_name",
    "count",
    "payout",
    "offer_wall_loads",
    "gross_clicks",
    "distinct_clicks",
    "conversions",
    "ctr",
    "cver",
    "ecpm",
];
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
const FILTER_BY: [&str; 3] = ["app_id", "platform", "country"];
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

/// Sliding-window limiter, one window per API key.
#[derive(Debug, Default)]
pub struct RateLimiter(Mutex<HashMap<String, VecDeque<Instant>>>);

impl RateLimiter {
    /// Records a request of `key`; `Err(wait)` when its window is full.
    pub fn hit(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut keys = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let hits = keys.entry(key.to_owned()).or_default();
        while hits
            .front()
            .is_some_and(|t| now.duration_since(*t) >= RATE_WINDOW)
        {
            hits.pop_front();
        }
        if hits.len() >= REPORT_RATE_LIMIT {
            let oldest = hits.front().copied().unwrap_or(now);
            return Err(RATE_WINDOW.saturating_sub(now.duration_since(oldest)));
        }
        hits.push_back(now);
        Ok(())
    }

    /// Forgets every window (test support: `DELETE /_sim/report-limits`).
    pub fn reset(&self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}

/// API keys minted with an expiry (`POST /_sim/report-keys`), with their `exp` (Unix seconds).
#[derive(Debug, Default)]
pub struct ReportKeys {
    keys: Mutex<HashMap<String, i64>>,
    minted: std::sync::atomic::AtomicU64,
}

/// Whether a bearer value may use the reporting endpoint.
#[derive(Debug, PartialEq, Eq)]
enum KeyCheck {
    Valid,
    Expired,
    Unknown,
}

impl ReportKeys {
    /// A new key that expires at `exp_unix`; its text is derived from the seed and a counter.
    pub fn mint(&self, seed: u64, exp_unix: i64) -> String {
        let n = self
            .minted
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let tag = crate::keys::hmac(
            &crate::keys::derive(seed, "report-keys"),
            &[&n.to_be_bytes()],
        );
        let hex: String = tag.iter().take(8).map(|b| format!("{b:02x}")).collect();
        let key = format!("sim-report-key-{n}-{hex}");
        self.keys
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.clone(), exp_unix);
        key
    }

    fn check(&self, key: Option<&str>, now_unix: i64) -> KeyCheck {
        match key {
            Some(REPORT_API_KEY) => KeyCheck::Valid,
            Some(EXPIRED_REPORT_API_KEY) => KeyCheck::Expired,
            Some(key) => match self.keys.lock().unwrap_or_else(|p| p.into_inner()).get(key) {
                Some(exp) if *exp > now_unix => KeyCheck::Valid,
                Some(_) => KeyCheck::Expired,
                None => KeyCheck::Unknown,
            },
            None => KeyCheck::Unknown,
        }
    }
}

/// A query parameter after PHP's bracket parsing.
#[derive(Clone, Debug, PartialEq)]
enum Param {
    Scalar(String),
    /// `name[]=a&name[]=b` or `name[0]=a`.
    List(Vec<String>),
    /// `name[key]=value`.
    Map(Vec<(String, String)>),
}

fn parse_params(query: &str) -> HashMap<String, Param> {
    let mut params: HashMap<String, Param> = HashMap::new();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let value = value.into_owned();
        let bracket = key.strip_suffix(']').and_then(|k| k.split_once('['));
        match bracket {
            None => {
                params.insert(key.into_owned(), Param::Scalar(value));
            }
            Some((name, inner))
                if inner.is_empty() || inner.bytes().all(|b| b.is_ascii_digit()) =>
            {
                match params.get_mut(name) {
                    Some(Param::List(items)) => items.push(value),
                    _ => {
                        params.insert(name.to_owned(), Param::List(vec![value]));
                    }
                }
            }
            Some((name, inner)) => match params.get_mut(name) {
                Some(Param::Map(entries)) => entries.push((inner.to_owned(), value)),
                _ => {
                    params.insert(name.to_owned(), Param::Map(vec![(inner.to_owned(), value)]));
                }
            },
        }
    }
    params
}

/// Laravel's displayable attribute: `date_range.start_date` → `date range.start date`.
fn display(attribute: &str) -> String {
    attribute.replace('_', " ")
}

#[derive(Debug, PartialEq)]
struct ReportQuery {
    group_by: Vec<String>,
    start: i64,
    end: i64,
    fields: Option<Vec<String>>,
    apps: Option<Vec<i64>>,
    platforms: Option<Vec<String>>,
    countries: Option<Vec<String>>,
}

fn list<'a>(
    params: &'a HashMap<String, Param>,
    name: &str,
    v: &mut Violations,
) -> Option<&'a [String]> {
    match params.get(name)? {
        Param::List(items) => Some(items),
        _ => {
            v.add(
                name,
                format!("The {} field must be an array.", display(name)),
            );
            None
        }
    }
}

fn check_allowed(v: &mut Violations, name: &str, items: &[String], allowed: &[&str]) {
    for (i, item) in items.iter().enumerate() {
        if !allowed.contains(&item.as_str()) {
            v.add(
                format!("{name}.{i}"),
                format!("The selected {}.{i} is invalid.", display(name)),
            );
        }
    }
}

/// `apps`, `platforms`, `countries` need their key in `filter_by`, and a key in `filter_by`
/// needs its list.
fn check_filter_list<'a>(
    params: &'a HashMap<String, Param>,
    name: &str,
    filter_key: &str,
    filter_by: &[String],
    v: &mut Violations,
) -> Option<&'a [String]> {
    let listed = filter_by.iter().any(|f| f == filter_key);
    if listed && !params.contains_key(name) {
        v.add(
            name,
            format!(
                "The {} field is required when filter by contains {filter_key}.",
                display(name)
            ),
        );
        return None;
    }
    let items = list(params, name, v)?;
    if !listed {
        v.add(
            name,
            format!(
                "The {} field is prohibited unless filter by contains {filter_key}.",
                display(name)
            ),
        );
        return None;
    }
    Some(items)
}

fn validate(params: &HashMap<String, Param>) -> Result<ReportQuery, Violations> {
    let mut v = Violations::default();
    let group_by = match params.get("group_by") {
        None => {
            v.add("group_by", "The group by field is required.");
            &[][..]
        }
        Some(Param::List(items)) if items.is_empty() => &[][..],
        _ => list(params, "group_by", &mut v).unwrap_or_default(),
    };
    check_allowed(&mut v, "group_by", group_by, &GROUP_BY);

    let mut range = [None, None];
    match params.get("date_range") {
        None => v.add("date_range", "The date range field is required."),
        Some(Param::Map(entries)) => {
            for (slot, key) in range.iter_mut().zip(["start_date", "end_date"]) {
                let attribute = format!("date_range.{key}");
                match entries
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, value)| value.as_str())
                {
                    None | Some("") => v.add(
                        &attribute,
                        format!("The {} field is required.", display(&attribute)),
                    ),
                    Some(text) => match parse_datetime(text) {
                        Some(t) => *slot = Some(t),
                        None => v.add(
                            &attribute,
                            format!(
                                "The {} field must match the format Y-m-d H:i:s.",
                                display(&attribute)
                            ),
                        ),
                    },
                }
            }
        }
        Some(_) => v.add("date_range", "The date range field must be an array."),
    }
    if matches!(range, [Some(start), Some(end)] if end < start) {
        v.add(
            "date_range.end_date",
            "The date range.end date field must be a date after or equal to date range.start date.",
        );
    }

    let fields = list(params, "fields", &mut v);
    if let Some(fields) = fields {
        check_allowed(&mut v, "fields", fields, &FIELDS);
    }
    let filter_by = list(params, "filter_by", &mut v).unwrap_or_default();
    check_allowed(&mut v, "filter_by", filter_by, &FILTER_BY);

    let apps = check_filter_list(params, "apps", "app_id", filter_by, &mut v).map(|items| {
        items
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let parsed = a.parse::<i64>().ok();
                if parsed.is_none() {
                    v.add(
                        format!("apps.{i}"),
                        format!("The apps.{i} field must be an integer."),
                    );
                }
                parsed
            })
            .collect::<Vec<i64>>()
    });
    let platforms =
        check_filter_list(params, "platforms", "platform", filter_by, &mut v).map(|items| {
            items
                .iter()
                .map(|p| p.to_ascii_lowercase())
                .collect::<Vec<_>>()
        });
    let countries =
        check_filter_list(params, "countries", "country", filter_by, &mut v).map(|items| {
            items
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    if c.len() != 2 || !c.bytes().all(|b| b.is_ascii_alphabetic()) {
                        v.add(
                            format!("countries.{i}"),
                            format!("The countries.{i} field must be an ISO 3166 alpha-2 code."),
                        );
                    }
                    c.to_ascii_uppercase()
                })
                .collect::<Vec<_>>()
        });

    let mut group_by_unique: Vec<String> = Vec::new();
    for g in group_by {
        if !group_by_unique.contains(g) {
            group_by_unique.push(g.clone());
        }
    }
    let [Some(start), Some(end)] = range else {
        return Err(v);
    };
    v.into_result(ReportQuery {
        group_by: group_by_unique,
        start,
        end,
        fields: fields.map(<[String]>::to_vec),
        apps,
        platforms,
        countries,
    })
}

/// The value of one grouping dimension in a row; `None` when the report is not grouped by it.
#[derive(Clone, Debug, Default)]
struct RowKey {
    date: Option<String>,
    app: Option<(i64, &'static str)>,
    platform: Option<&'static str>,
    country: Option<(String, String)>,
    offer: Option<String>,
}

fn rows(state: &AppState, q: &ReportQuery) -> Vec<serde_json::Value> {
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
    let offers: Vec<String> = state
        .catalogue
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
        keys = keys
            .into_iter()
            .flat_map(|k| -> Vec<RowKey> {
                match dim.as_str() {
                    "date" => (first_day..=last_day)
                        .map(|d| RowKey {
                            date: Some(format_date(d * DAY)),
                            ..k.clone()
                        })
                        .collect(),
                    "app_id" => apps
                        .iter()
                        .map(|a| RowKey {
                            app: Some(*a),
                            ..k.clone()
                        })
                        .collect(),
                    "platform" => platforms
                        .iter()
                        .map(|p| RowKey {
                            platform: Some(p.1),
                            ..k.clone()
                        })
                        .collect(),
                    "country" => countries
                        .iter()
                        .map(|c| RowKey {
                            country: Some(c.clone()),
                            ..k.clone()
                        })
                        .collect(),
                    "offer" => offers
                        .iter()
                        .map(|o| RowKey {
                            offer: Some(o.clone()),
                            ..k.clone()
                        })
                        .collect(),
                    _ => vec![k],
                }
            })
            .collect();
    }
    keys.iter().map(|k| row(state.config.seed, q, k)).collect()
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

pub async fn report(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let key = bearer(&headers);
    match state.report_keys.check(key, now_unix()) {
        KeyCheck::Valid => {}
        KeyCheck::Expired => {
            return json_message(StatusCode::UNAUTHORIZED, "The API key has expired.");
        }
        KeyCheck::Unknown => return json_message(StatusCode::UNAUTHORIZED, "Unauthenticated."),
    }
    if let Err(wait) = state
        .report_limiter
        .hit(key.unwrap_or_default(), Instant::now())
    {
        let mut response = json_message(StatusCode::TOO_MANY_REQUESTS, "Too Many Attempts.");
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let h = response.headers_mut();
        h.insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        h.insert("x-ratelimit-limit", HeaderValue::from(REPORT_RATE_LIMIT));
        h.insert("x-ratelimit-remaining", HeaderValue::from(0));
        return response;
    }
    let params = parse_params(query.as_deref().unwrap_or_default());
    match validate(&params) {
        Ok(q) => json(
            StatusCode::OK,
            &serde_json::json!({ "data": rows(&state, &q) }),
        ),
        Err(v) => json(StatusCode::UNPROCESSABLE_ENTITY, &v.to_422_body()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(query: &str) -> Vec<(String, Vec<String>)> {
        match validate(&parse_params(query)) {
            Ok(_) => vec![],
            Err(v) => v.iter().map(|(f, m)| (f.to_owned(), m.to_vec())).collect(),
        }
    }

    const RANGE: &str =
        "date_range[start_date]=2025-01-01+00:00:00&date_range[end_date]=2025-01-03+23:59:59";

    #[test]
    fn bracket_parsing() {
        let p = parse_params("group_by[]=date&group_by[1]=app_id&date_range[start_date]=x&plain=1");
        assert_eq!(
            p.get("group_by"),
            Some(&Param::List(vec!["date".into(), "app_id".into()]))
        );
        assert_eq!(
            p.get("date_range"),
            Some(&Param::Map(vec![("start_date".into(), "x".into())]))
        );
        assert_eq!(p.get("plain"), Some(&Param::Scalar("1".into())));
    }

    #[test]
    fn valid_query_parses() {
        let q = validate(&parse_params(&format!(
            "group_by[]=date&group_by[]=date&{RANGE}&filter_by[]=app_id&apps[]=1001"
        )))
        .expect("valid");
        assert_eq!(q.group_by, ["date"]);
        assert_eq!(q.apps, Some(vec![1001]));
    }

    #[test]
    fn validation_messages() {
        let e = errors("");
        assert_eq!(
            e[0],
            (
                "group_by".into(),
                vec!["The group by field is required.".into()]
            )
        );
        assert_eq!(
            e[1],
            (
                "date_range".into(),
                vec!["The date range field is required.".into()]
            )
        );
        let e = errors(&format!("group_by[]=week&{RANGE}"));
        assert_eq!(
            e,
            [(
                "group_by.0".to_owned(),
                vec!["The selected group by.0 is invalid.".to_owned()]
            )]
        );
        let e = errors("group_by=date&date_range[start_date]=2025-01-01");
        assert_eq!(e[0].1, ["The group by field must be an array."]);
        assert_eq!(
            e[1].1,
            ["The date range.start date field must match the format Y-m-d H:i:s."]
        );
        assert_eq!(e[2].1, ["The date range.end date field is required."]);
        let e = errors(&format!("group_by[]=date&{RANGE}&apps[]=1"));
        assert_eq!(
            e[0].1,
            ["The apps field is prohibited unless filter by contains app_id."]
        );
        let e = errors(&format!(
            "group_by[]=date&{RANGE}&filter_by[]=country&countries[]=USA&fields[]=bogus"
        ));
        assert_eq!(e[0].0, "fields.0");
        assert_eq!(e[1].0, "countries.0");
    }

    #[test]
    fn limiter_allows_ten_per_minute_per_key() {
        let l = RateLimiter::default();
        let t0 = Instant::now();
        for _ in 0..REPORT_RATE_LIMIT {
            assert!(l.hit("a", t0).is_ok());
        }
        assert!(
            l.hit("a", t0 + Duration::from_secs(30))
                .is_err_and(|w| w == Duration::from_secs(30))
        );
        assert!(l.hit("b", t0).is_ok(), "each key has its own window");
        assert!(l.hit("a", t0 + RATE_WINDOW).is_ok());
        l.reset();
        for _ in 0..REPORT_RATE_LIMIT {
            assert!(l.hit("b", t0).is_ok());
        }
    }

    #[test]
    fn minted_keys_expire() {
        let keys = ReportKeys::default();
        let live = keys.mint(42, 1_000);
        let dead = keys.mint(42, 10);
        assert_ne!(live, dead);
        assert_eq!(keys.check(Some(&live), 500), KeyCheck::Valid);
        assert_eq!(keys.check(Some(&dead), 500), KeyCheck::Expired);
        assert_eq!(keys.check(Some(&live), 1_000), KeyCheck::Expired);
        assert_eq!(keys.check(Some(REPORT_API_KEY), 500), KeyCheck::Valid);
        assert_eq!(
            keys.check(Some(EXPIRED_REPORT_API_KEY), 0),
            KeyCheck::Expired
        );
        assert_eq!(keys.check(Some("guess"), 0), KeyCheck::Unknown);
        assert_eq!(keys.check(None, 0), KeyCheck::Unknown);
    }

    #[test]
    fn a_filter_needs_its_values() {
        let e = errors(&format!("group_by[]=date&{RANGE}&filter_by[]=country"));
        assert_eq!(
            e,
            [(
                "countries".to_owned(),
                vec!["The countries field is required when filter by contains country.".to_owned()]
            )]
        );
    }
}
