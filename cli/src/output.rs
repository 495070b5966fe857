//! What the CLI prints: one JSON document with `--json`, readable tables otherwise.
//!
//! Each form is rendered to a string first (so every path can be property-tested on hostile
//! answers without a terminal) and then written. Offers are serialized straight from their
//! raw fields, never through a `serde_json::Value` tree, so a field nested deeper than
//! serde_json's recursion limit is printed as sent instead of failing.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use offerkit::server::{ReportRow, TokenGrant};
use offerkit::{
    Error, Extra, GraphqlResponse, ListingPage, Offer, Pagination, PlayerOffersPage, SkippedItem,
};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use crate::exit;
use crate::server::ReportFormat;

/// Longest cell printed in a table before it is cut with "…".
const MAX_CELL: usize = 60;

pub struct Output {
    json: bool,
}

impl Output {
    pub fn new(json: bool) -> Self {
        Output { json }
    }

    /// Offers; `with_extra` adds a column per extra field (the ones a selection asked for).
    pub fn offers(&self, offers: &[Offer], with_extra: bool) -> String {
        if self.json {
            return json_line(&offers);
        }
        let extra_keys = if with_extra {
            extra_columns(offers.iter().map(|o| &o.extra))
        } else {
            Vec::new()
        };
        let mut header = vec!["ID", "NAME", "PAYOUT USD", "CREATIVE"];
        header.extend(extra_keys.iter().map(String::as_str));
        let rows = offers
            .iter()
            .map(|o| {
                let description = o.creatives.as_ref().and_then(|c| c.description.clone());
                let mut row = vec![
                    o.id.clone().unwrap_or_default(),
                    o.name.clone().unwrap_or_default(),
                    o.total_payout_usd
                        .map(|p| format!("{p:.2}"))
                        .unwrap_or_default(),
                    description.unwrap_or_default(),
                ];
                row.extend(extra_keys.iter().map(|k| raw_cell(o.extra.raw(k))));
                row
            })
            .collect();
        let mut text = table(&header, rows);
        let _ = writeln!(text, "{} offer(s)", offers.len());
        text
    }

    pub fn links(&self, links: &Extra) -> String {
        if self.json {
            return json_line(links);
        }
        let rows = links
            .iter()
            .map(|(k, v)| vec![k.to_owned(), raw_cell(Some(v))])
            .collect();
        table(&["LINK", "URL"], rows)
    }

    pub fn player_offers(&self, page: &PlayerOffersPage) -> String {
        if self.json {
            return json_line(&PageJson {
                items: &page.items,
                next_cursor: page.next_cursor.as_deref(),
            });
        }
        let text_of = |v: &Option<String>| v.clone().unwrap_or_default();
        let rows = page
            .items
            .iter()
            .map(|i| vec![text_of(&i.id), text_of(&i.name), text_of(&i.status)])
            .collect();
        let mut text = table(&["ID", "NAME", "STATUS"], rows);
        let _ = match &page.next_cursor {
            Some(cursor) => writeln!(
                text,
                "{} item(s); next page: --after {cursor}",
                page.items.len()
            ),
            None => writeln!(text, "{} item(s); last page", page.items.len()),
        };
        text
    }

    pub fn listing(&self, listing: &ListingPage) -> String {
        if self.json {
            return json_line(&ListingJson {
                offers: &listing.offers,
                pagination: listing.pagination.as_ref(),
            });
        }
        let mut text = self.offers(&listing.offers, false);
        if let Some(p) = &listing.pagination {
            let (page, per) = (p.current_page, p.per_page);
            text.push_str(&match p.next_page {
                Some(next) => format!("page {page} ({per} per page); next: --page {next}\n"),
                None => format!("page {page} ({per} per page); last page\n"),
            });
        }
        text
    }

    pub fn graphql(&self, response: &GraphqlResponse) -> String {
        if self.json {
            return json_line(response);
        }
        format!(
            "{}\n",
            serde_json::to_string_pretty(response).unwrap_or_default()
        )
    }

    /// The result of `token`: the access token (short-lived; printing it is the command's job).
    pub fn token(&self, grant: &TokenGrant) -> String {
        let expires_at = grant
            .expires_at()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_secs());
        if self.json {
            return json_line(&json!({
                "access_token": grant.access_token.secret(),
                "expires_in": grant.expires_in.as_secs(),
                "expires_at": expires_at,
            }));
        }
        let at = expires_at.map_or_else(|| "unknown".to_owned(), |t| format!("{t} (Unix seconds)"));
        format!(
            "access_token  {}\nexpires_in    {} s\nexpires_at    {at}\n",
            grant.access_token.secret(),
            grant.expires_in.as_secs()
        )
    }

    /// Report rows: one JSON array with `--json`, else in `format`.
    pub fn report(&self, rows: &[ReportRow], format: ReportFormat) -> String {
        if self.json {
            return json_line(rows);
        }
        let columns = report_columns(rows);
        let cells = |row: &ReportRow| -> Vec<String> {
            let map: Map<String, Value> = row.to_map().into_iter().collect();
            columns.iter().map(|c| cell(map.get(c))).collect()
        };
        match format {
            ReportFormat::Json => format!(
                "{}\n",
                serde_json::to_string_pretty(rows).unwrap_or_default()
            ),
            ReportFormat::Csv => {
                let mut text = String::new();
                let header: Vec<String> = columns.iter().map(|c| csv_field(c)).collect();
                let _ = writeln!(text, "{}", header.join(","));
                for row in rows {
                    let line: Vec<String> = cells(row).iter().map(|c| csv_field(c)).collect();
                    let _ = writeln!(text, "{}", line.join(","));
                }
                text
            }
            ReportFormat::Table => {
                let header: Vec<String> = columns.iter().map(|c| c.to_uppercase()).collect();
                let header: Vec<&str> = header.iter().map(String::as_str).collect();
                let mut text = table(&header, rows.iter().map(cells).collect());
                let _ = writeln!(
                    text,
                    "{} row(s); times EST (UTC-5), money USD; the service refreshes its data every 30 minutes",
                    rows.len()
                );
                text
            }
        }
    }

    /// Prints the error (JSON on stdout, or one line on stderr) and gives its exit code.
    pub fn error(&self, err: &Error) -> ExitCode {
        if self.json {
            emit(&json_line(&exit::document(err)));
        } else {
            eprintln!("offerkit: {err}");
        }
        ExitCode::from(exit::code(err.kind()))
    }
}

/// One line on stderr per item the service sent malformed (stdout stays the result alone).
pub fn skipped(what: &str, items: &[SkippedItem]) {
    for item in items {
        eprintln!("offerkit: skipped a malformed {what}: {item}");
    }
}

/// `{"items", "next_cursor"}`: the documented `player-offers --json` shape.
#[derive(Serialize)]
struct PageJson<'a, T> {
    items: &'a [T],
    next_cursor: Option<&'a str>,
}

/// `{"offers", "pagination"}`: the documented `list-offers --json` shape.
#[derive(Serialize)]
struct ListingJson<'a> {
    offers: &'a [Offer],
    pagination: Option<&'a Pagination>,
}

/// `value` as one line of JSON; a value that cannot be serialized becomes an error document
/// (never a panic).
fn json_line<T: Serialize + ?Sized>(value: &T) -> String {
    match serde_json::to_string(value) {
        Ok(text) => format!("{text}\n"),
        Err(e) => {
            let doc = exit::document(&Error::new(
                offerkit::ErrorKind::Internal,
                format!("cannot print JSON: {e}"),
            ));
            format!("{doc}\n")
        }
    }
}

/// Writes to stdout; a closed pipe (`offerkit … | head`) is not an error worth a panic.
pub fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// The report's columns: every field any row carries, in first-seen order (rows list their
/// fields in the spec's order).
fn report_columns(rows: &[ReportRow]) -> Vec<String> {
    let mut columns: Vec<String> = Vec::new();
    for row in rows {
        for name in row.field_names() {
            if !columns.contains(&name) {
                columns.push(name);
            }
        }
    }
    columns
}

/// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// Keys of the extra fields, in first-seen order, shown as extra columns.
fn extra_columns<'a>(extras: impl Iterator<Item = &'a Extra>) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for extra in extras {
        for key in extra.keys() {
            if !keys.iter().any(|k| k == key) {
                keys.push(key.to_owned());
            }
        }
    }
    keys
}

fn cell(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// A field as the service sent it: a string unquoted, anything else as its JSON text (never
/// parsed into a tree, so any depth prints).
fn raw_cell(value: Option<&RawValue>) -> String {
    let Some(raw) = value else {
        return String::new();
    };
    match raw.get() {
        "null" => String::new(),
        text if text.starts_with('"') => serde_json::from_str::<String>(text).unwrap_or_default(),
        text => text.to_owned(),
    }
}

fn table(header: &[&str], rows: Vec<Vec<String>>) -> String {
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|row| row.into_iter().map(|c| shorten(&c)).collect())
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (width, c) in widths.iter_mut().zip(row) {
            *width = (*width).max(c.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        let _ = writeln!(text, "{}", padded.join("  ").trim_end());
    };
    line(header.to_vec());
    for row in &rows {
        line(row.iter().map(String::as_str).collect());
    }
    text
}

fn shorten(text: &str) -> String {
    let single_line = text.replace(['\n', '\r', '\t'], " ");
    if single_line.chars().count() <= MAX_CELL {
        return single_line;
    }
    let mut cut: String = single_line.chars().take(MAX_CELL - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Hostile JSON text for a value: deep nesting, numbers no float holds, odd strings.
    fn hostile_value() -> impl Strategy<Value = String> {
        prop_oneof![
            (1usize..3000).prop_map(|n| format!("{}{}", "[".repeat(n), "]".repeat(n))),
            (1usize..300).prop_map(|n| format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n))),
            Just("1e400".to_owned()),
            Just("-1e400".to_owned()),
            Just("123456789012345678901234567890".to_owned()),
            Just("\"a\\u0000b\\n\\t\\u202e\"".to_owned()),
            Just("\"\\ud83d\\ude00 ü\"".to_owned()),
            Just("null".to_owned()),
            any::<i64>().prop_map(|n| n.to_string()),
            "[a-z ]{0,20}".prop_map(|s| format!("{s:?}")),
        ]
    }

    fn hostile_key() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("a.b".to_owned()),
            Just("\\u0000".to_owned()),
            Just("id".to_owned()),
            Just("name".to_owned()),
            Just("total_payout_usd".to_owned()),
            Just("creatives".to_owned()),
            "[a-z_]{1,8}",
        ]
    }

    fn hostile_offer() -> impl Strategy<Value = String> {
        prop::collection::vec((hostile_key(), hostile_value()), 0..6).prop_map(|fields| {
            let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
            format!("{{{}}}", body.join(","))
        })
    }

    fn valid_json_line(text: &str) -> bool {
        text.ends_with('\n')
            && text.lines().count() == 1
            && serde_json::from_str::<&RawValue>(text.trim_end()).is_ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn every_form_prints_any_answer_without_panicking(
            items in prop::collection::vec(hostile_offer(), 1..5),
        ) {
            let list = items.join(",");
            let graphql = format!(r#"{{"data":{{"offers":[{list}]}}}}"#);
            let listing = format!(r#"{{"data":{{"offers":[{list}]}}}}"#);
            let page = format!(r#"{{"data":{{"playerOffers":{{"items":[{list}],"next_cursor":null}}}}}}"#);
            let links = format!(r#"{{"data":{{"links":{}}}}}"#, items[0]);
            for json in [true, false] {
                let out = Output::new(json);
                // Nothing is required with this selection, so every object item decodes.
                if let Ok(decoded) = offerkit::decode::offers(graphql.as_bytes(), Some("x")) {
                    let text = out.offers(&decoded.offers, true);
                    prop_assert!(!json || valid_json_line(&text), "{}", text);
                }
                if let Ok(listing) = offerkit::decode::listing(listing.as_bytes(), false) {
                    let text = out.listing(&listing);
                    prop_assert!(!json || valid_json_line(&text), "{}", text);
                }
                if let Ok(page) = offerkit::decode::player_offers(page.as_bytes()) {
                    let text = out.player_offers(&page);
                    prop_assert!(!json || valid_json_line(&text), "{}", text);
                }
                if let Ok(links) = offerkit::decode::links(links.as_bytes()) {
                    let text = out.links(&links);
                    prop_assert!(!json || valid_json_line(&text), "{}", text);
                }
            }
        }
    }

    #[test]
    fn raw_cells_show_strings_unquoted_and_anything_else_as_sent() {
        let raw = |text: &str| serde_json::from_str::<Box<RawValue>>(text).unwrap();
        assert_eq!(raw_cell(Some(&raw("\"https://x\""))), "https://x");
        assert_eq!(raw_cell(Some(&raw("1e400"))), "1e400");
        assert_eq!(raw_cell(Some(&raw("null"))), "");
        assert_eq!(raw_cell(None), "");
        assert_eq!(raw_cell(Some(&raw("[[[]]]"))), "[[[]]]");
    }
}
