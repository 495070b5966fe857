//! uniffi bindings of offerkit: what Android (Kotlin), iOS (Swift) and Python developers call.
//!
//! Thin over the `offerkit` core: conversions only. `OfferClient` runs the service's queries
//! as async methods on one shared runtime thread; `AccessTokenProvider` and `Logger` are
//! implemented by the app; every failure is an `OfferError` of the core's taxonomy. No
//! refresh-token or reporting API is exported (those stay server-side).

uniffi::setup_scaffolding!("offerkit");

mod click;
mod client;
#[cfg(feature = "completions")]
mod completions;
mod config;
mod error;
mod http_executor;
mod log;
mod offers_json;
mod pager;
mod player_id;
mod records;
#[cfg(test)]
mod records_props;
mod runtime;
mod setting_names;
mod skipped;
mod token;

pub use client::OfferClient;
#[cfg(feature = "completions")]
pub use completions::Completions;
pub use config::{ClientConfig, check_client_config};
pub use error::{ErrorKind, FieldError, OfferError};
pub use http_executor::{HttpExecutor, HttpExecutorError, HttpHeader, HttpRequest, HttpResponse};
pub use log::{LogLevel, Logger, set_logger};
pub use pager::{ListingPager, PlayerOffersPager};
pub use player_id::{PlayerIdConvention, check_player_id, lint_player_id, short_player_id};
pub use records::{
    Creatives, ListingOptions, ListingPage, Offer, OffersOptions, Pagination, PlayerOffer,
    PlayerOffersOptions, PlayerOffersPage,
};
pub use skipped::SkippedItem;
pub use token::{AccessTokenProvider, TokenReason};

/// The offerkit version these bindings were built from.
#[uniffi::export]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Whether this library carries offerkit's own HTTP transport (HTTP, TLS and its root
/// certificates). The mobile flavour does not: every client then needs an `http_executor`
/// (the Kotlin package gives it the platform's stack when the app gives none).
#[uniffi::export]
pub fn has_builtin_transport() -> bool {
    cfg!(feature = "builtin-http")
}
