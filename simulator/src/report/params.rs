//! The report's query string: PHP-style bracketed parameters (`group_by[]=…`,
//! `date_range[start_date]=…`) parsed and validated as the service does, with Laravel's 422
//! messages, into the query the rows are made for.

use std::collections::HashMap;

use crate::time::parse_datetime;
use crate::validation::Violations;

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
const FILTER_BY: [&str; 3] = ["app_id", "platform", "country"];

/// A query parameter after PHP's bracket parsing.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    Scalar(String),
    /// `name[]=a&name[]=b` or `name[0]=a`.
    List(Vec<String>),
    /// `name[key]=value`.
    Map(Vec<(String, String)>),
}

pub fn parse_params(query: &str) -> HashMap<String, Param> {
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

/// A valid report query.
#[derive(Debug, PartialEq)]
pub struct ReportQuery {
    /// Each dimension once, in the order first given.
    pub group_by: Vec<String>,
    pub start: i64,
    pub end: i64,
    pub fields: Option<Vec<String>>,
    pub apps: Option<Vec<i64>>,
    /// Lowercase.
    pub platforms: Option<Vec<String>>,
    /// Uppercase.
    pub countries: Option<Vec<String>>,
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

pub fn validate(params: &HashMap<String, Param>) -> Result<ReportQuery, Violations> {
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
