//! The server-side commands: `token` (one refresh-token exchange) and `report` (the publisher
//! reporting endpoint). They handle long-lived secrets (the refresh token, the reporting API
//! key), which are never printed or logged: only the short-lived access token is shown, by
//! `token`, because showing it is that command's job.

use std::str::FromStr;

use clap::{Args, ValueEnum};
use offerkit::server::{
    ApiKey, EstDateTime, GroupBy, ReportClient, ReportConfig, ReportField, ReportQuery, ReportRow,
};
use offerkit::{ClientConfig, Error, ErrorKind, Result};

/// How `report` prints its rows without `--json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Table,
    Csv,
    Json,
}

#[derive(Args)]
pub struct ReportArgs {
    /// Base address of the reporting endpoint. Without it and without --base-url, the embedded
    /// simulator is started and used.
    #[arg(long, env = "OFFERKIT_REPORTING_URL")]
    pub reporting_url: Option<String>,
    /// Reporting API key (from the publisher dashboard). With the embedded simulator, its key
    /// is used when omitted.
    #[arg(long, env = "OFFERKIT_REPORT_API_KEY", hide_env_values = true)]
    pub api_key: Option<String>,
    /// Dimensions to group by, comma separated: app_id, date, platform, country, offer.
    #[arg(long, value_delimiter = ',', value_name = "DIMS")]
    pub group_by: Vec<String>,
    /// Start of the period, EST (UTC−5), "Y-m-d H:i:s".
    #[arg(long, value_name = "DATETIME")]
    pub start: Option<String>,
    /// End of the period (included), EST (UTC−5), "Y-m-d H:i:s".
    #[arg(long, value_name = "DATETIME")]
    pub end: Option<String>,
    /// Fields instead of the defaults, comma separated (app_id, app_name, country_name,
    /// platform_name, date, offer_name, count, payout, offer_wall_loads, gross_clicks,
    /// distinct_clicks, conversions, ctr, cver, ecpm).
    #[arg(long, value_delimiter = ',')]
    pub fields: Vec<String>,
    /// Only these app ids, comma separated.
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    pub apps: Vec<String>,
    /// Only these platforms, comma separated (e.g. android,ios,web).
    #[arg(long, value_delimiter = ',')]
    pub platforms: Vec<String>,
    /// Only these countries, ISO 3166-1 alpha-2 codes, comma separated (e.g. US,DE).
    #[arg(long, value_delimiter = ',')]
    pub countries: Vec<String>,
    /// Output without --json: a table, CSV, or a pretty JSON array.
    #[arg(long, value_enum, default_value_t = ReportFormat::Table)]
    pub format: ReportFormat,
}

/// The typed query from the flags; any bad value is `invalid_argument` (exit 2).
pub fn query(args: &ReportArgs) -> Result<ReportQuery> {
    let mut builder = ReportQuery::builder().group_by(parse_each::<GroupBy>(&args.group_by)?);
    let time = |flag: &str, value: &Option<String>| -> Result<Option<EstDateTime>> {
        value
            .as_deref()
            .map(|text| {
                EstDateTime::parse(text).map_err(|e| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        format!("--{flag}: {}", e.message()),
                    )
                })
            })
            .transpose()
    };
    match (time("start", &args.start)?, time("end", &args.end)?) {
        (Some(start), Some(end)) => builder = builder.date_range(start, end),
        (None, None) => {}
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "--start and --end go together (EST, \"Y-m-d H:i:s\")",
            ));
        }
    }
    if !args.fields.is_empty() {
        builder = builder.fields(parse_each::<ReportField>(&args.fields)?);
    }
    if !args.apps.is_empty() {
        let apps = args
            .apps
            .iter()
            .map(|a| {
                a.trim().parse::<i64>().map_err(|_| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        format!("--apps: {a:?} is not an integer app id"),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        builder = builder.apps(apps);
    }
    if !args.platforms.is_empty() {
        builder = builder.platforms(args.platforms.iter().cloned());
    }
    if !args.countries.is_empty() {
        builder = builder.countries(args.countries.iter().cloned());
    }
    builder.build()
}

/// Each flag value as a `T`; the first that is not one is the error.
fn parse_each<T: FromStr<Err = Error>>(values: &[String]) -> Result<Vec<T>> {
    values.iter().map(|value| value.parse()).collect()
}

/// Runs the report against `reporting_url` with `api_key`.
pub async fn report(
    http: ClientConfig,
    api_key: ApiKey,
    query: &ReportQuery,
) -> Result<Vec<ReportRow>> {
    let client =
        ReportClient::new(ReportConfig::new(http.base_url.clone(), api_key).with_http(http))?;
    client.report(query).await
}
