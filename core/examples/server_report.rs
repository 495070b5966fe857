//! Server-side reporting (feature `server`): a backend reads its publisher report — payouts
//! and clicks per day and app — with the reporting API key, which never leaves the backend.
//!
//! ```sh
//! OFFERKIT_REPORTING_URL=https://reporting.example.com OFFERKIT_REPORT_API_KEY=… \
//!     cargo run -p offerkit --features server --example server_report -- \
//!     "2025-03-01 00:00:00" "2025-03-03 23:59:59"
//! ```
//!
//! - `OFFERKIT_REPORTING_URL`: the reporting service
//! - `OFFERKIT_REPORT_API_KEY`: the reporting API key (a server-side secret)
//! - arguments: the first and last moment of the report, `Y-m-d H:i:s` in EST (UTC−5)
//!
//! Prints `N rows` and then `  date  app_id  app_name  clicks C  conversions V  payout $P` per
//! row; on failure the error (`kind: message`) on stderr, exit status 1. The key is never
//! printed. The service refreshes its numbers every 30 minutes: a real backend caches a report
//! that long (keyed by `ReportQuery::encode`) instead of asking again.

mod support;

use std::process::ExitCode;

use offerkit::server::{ApiKey, EstDateTime, GroupBy, ReportClient, ReportConfig, ReportQuery};
use offerkit::{Error, ErrorKind};

async fn run() -> offerkit::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [start, end] = args.as_slice() else {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "usage: server_report START END (each \"Y-m-d H:i:s\", EST)",
        ));
    };
    // `ApiKey` wipes the key from memory when dropped and never shows it in `Debug`.
    let api_key = ApiKey::new(support::env("OFFERKIT_REPORT_API_KEY")?);
    // The endpoint allows 10 requests a minute per key: the client waits for a free slot
    // (within its deadline) rather than be refused.
    let client = ReportClient::new(ReportConfig::new(
        support::env("OFFERKIT_REPORTING_URL")?,
        api_key,
    ))?;
    // The builder checks what the service would refuse before anything is sent.
    let query = ReportQuery::builder()
        .group_by([GroupBy::Date, GroupBy::AppId])
        .date_range(EstDateTime::parse(start)?, EstDateTime::parse(end)?)
        .build()?;
    let rows = client.report(&query).await?;
    println!("{} rows", rows.len());
    for row in &rows {
        // Every field is optional: the service leaves out what a report is not grouped by.
        println!(
            "  {}  {}  {}  clicks {}  conversions {}  payout ${:.2}",
            row.date.as_deref().unwrap_or("-"),
            row.app_id.map_or("-".into(), |id| id.to_string()),
            row.app_name.as_deref().unwrap_or("-"),
            row.gross_clicks.unwrap_or(0),
            row.conversions.unwrap_or(0),
            row.payout.unwrap_or(0.0),
        );
    }
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    support::exit(run().await)
}
