//! What the CLI prints: one JSON document with `--json`, readable tables otherwise.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use offerkit::server::{ReportRow, TokenGrant};
use offerkit::{Error, Extra, GraphqlResponse, ListingPage, Offer, PlayerOffersPage};
use serde::Serialize;
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
    pub fn offers(&self, offers: &[Offer], with_extra: bool) {
        if self.json {
            return print_json(&offers);
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
                let mut row = vec![
                    o.id.clone(),
                    o.name.clone(),
                    format!("{:.2}", o.total_payout_usd),
                    o.creatives.description.clone(),
                ];
                row.extend(extra_keys.iter().map(|k| cell(o.extra.get(k).as_ref())));
                row
            })
            .collect();
        let mut text = table(&header, rows);
        let _ = writeln!(text, "{} offer(s)", offers.len());
        emit(&text);
    }

    pub fn links(&self, links: &Map<String, Value>) {
        if self.json {
            return print_json(links);
        }
        let rows = links
            .iter()
            .map(|(k, v)| vec![k.clone(), cell(Some(v))])
            .collect();
        emit(&table(&["LINK", "URL"], rows));
    }

    pub fn player_offers(&self, page: &PlayerOffersPage) {
        if self.json {
            return print_json(page);
        }
        let rows = page
            .items
            .iter()
            .map(|i| vec![i.id.clone(), i.name.clone(), i.status.clone()])
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
        emit(&text);
    }

    pub fn listing(&self, listing: &ListingPage) {
        if self.json {
            return print_json(
                &json!({"offers": listing.offers, "pagination": listing.pagination}),
            );
        }
        self.offers(&listing.offers, false);
        if let Some(p) = &listing.pagination {
            let (page, per) = (p.current_page, p.per_page);
            emit(&match p.next_page {
                Some(next) => format!("page {page} ({per} per page); next: --page {next}\n"),
                None => format!("page {page} ({per} per page); last page\n"),
            });
        }
    }

    pub fn graphql(&self, response: &GraphqlResponse) {
        if self.json {
            return print_json(response);
        }
        emit(&format!(
            "{}\n",
            serde_json::to_string_pretty(response).unwrap_or_default()
        ));
    }

    /// The result of `token`: the access token (short-lived; printing it is the command's job).
    pub fn token(&self, grant: &TokenGrant) {
        let expires_at = grant
            .expires_at()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_secs());
        if self.json {
            return print_json(&json!({
                "access_token": grant.access_token.secret(),
                "expires_in": grant.expires_in.as_secs(),
                "expires_at": expires_at,
            }));
        }
        let at = expires_at.map_or_else(|| "unknown".to_owned(), |t| format!("{t} (Unix seconds)"));
        emit(&format!(
            "access_token  {}\nexpires_in    {} s\nexpires_at    {at}\n",
            grant.access_token.secret(),
            grant.expires_in.as_secs()
        ));
    }

    /// Report rows: one JSON array with `--json`, else in `format`.
    pub fn report(&self, rows: &[ReportRow], format: ReportFormat) {
        if self.json {
            return print_json(rows);
        }
        let columns = report_columns(rows);
        let cells = |row: &ReportRow| -> Vec<String> {
            let map: Map<String, Value> = row.to_map().into_iter().collect();
            columns.iter().map(|c| cell(map.get(c))).collect()
        };
        match format {
            ReportFormat::Json => emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(rows).unwrap_or_default()
            )),
            ReportFormat::Csv => {
                let mut text = String::new();
                let header: Vec<String> = columns.iter().map(|c| csv_field(c)).collect();
                let _ = writeln!(text, "{}", header.join(","));
                for row in rows {
                    let line: Vec<String> = cells(row).iter().map(|c| csv_field(c)).collect();
                    let _ = writeln!(text, "{}", line.join(","));
                }
                emit(&text);
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
                emit(&text);
            }
        }
    }

    /// Prints the error (JSON on stdout, or one line on stderr) and gives its exit code.
    pub fn error(&self, err: &Error) -> ExitCode {
        if self.json {
            print_json(&exit::document(err));
        } else {
            eprintln!("offerkit: {err}");
        }
        ExitCode::from(exit::code(err.kind()))
    }
}

fn print_json<T: Serialize + ?Sized>(value: &T) {
    match serde_json::to_string(value) {
        Ok(text) => emit(&format!("{text}\n")),
        Err(e) => eprintln!("offerkit: cannot print JSON: {e}"),
    }
}

/// Writes to stdout; a closed pipe (`offerkit … | head`) is not an error worth a panic.
fn emit(text: &str) {
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
