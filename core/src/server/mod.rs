//! Server-side pieces (feature `server`): the refresh-token exchange, the reporting client,
//! postback verification and (feature `ledger`) the rewards ledger. They handle long-lived
//! secrets, so they belong on a game's backend and never in a client build: the C ABI and
//! uniffi libraries are built without these features, and `scripts/check-client-secrets.sh`
//! checks that their binaries carry none of it.

mod countries;
mod est;
mod exchange;
#[cfg(feature = "ledger")]
pub mod ledger;
pub mod postback;
mod rate_limit;
mod report;
mod report_query;
mod report_row;
mod secret;

pub use countries::{ISO_3166_ALPHA2, is_iso_3166_alpha2};
pub use est::{EST_OFFSET_SECS, EstDateTime};
pub use exchange::{TokenExchanger, TokenGrant};
pub use rate_limit::{
    Clock, ManualClock, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW, RateLimitMode, RateLimiter,
    SystemClock,
};
pub use report::{ReportClient, ReportConfig};
pub use report_query::{GroupBy, ReportField, ReportQuery, ReportQueryBuilder};
pub(crate) use report_row::decode_rows;
pub use report_row::{Cver, ReportRow};
pub use secret::{ApiKey, RefreshToken, Secret};
