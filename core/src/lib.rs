//! offerkit: the one client of the Offer Personalization Service.
//!
//! It runs the service's queries (`offers`, `links`, `playerOffers`, the paginated listing and
//! raw GraphQL), validates every argument the way the service does before sending, uses a
//! host-supplied access token (refreshed ahead of expiry and once after a 401), retries
//! transient failures, and maps every failure to one typed [`Error`].
//!
//! ```no_run
//! # async fn demo() -> offerkit::Result<()> {
//! use offerkit::{ClientConfig, OfferClient, OffersOptions};
//! let client = OfferClient::new(
//!     ClientConfig::new("https://offers.example.com").with_access_token("eyJ…"),
//! )?;
//! for offer in client.offers("player-42", &OffersOptions::default()).await? {
//!     // The default selection names all four typed fields, so each offer has them.
//!     let (name, payout) = (offer.name.unwrap_or_default(), offer.total_payout_usd.unwrap_or(0.0));
//!     println!("{name} ${payout:.2}");
//! }
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod cache;
mod click;
mod client;
mod config;
mod config_limits;
mod deadline;
pub mod decode;
mod error;
mod executor;
mod extra;
mod graphql;
mod graphql_variables;
mod jwt;
mod offer;
mod options;
mod paging;
mod player_id;
mod proxy;
mod query;
mod redaction;
#[cfg(feature = "reqwest")]
mod reqwest_executor;
mod retry;
mod runtime;
mod selection;
#[cfg(feature = "server")]
pub mod server;
mod skipped;
mod status;
#[cfg(feature = "reqwest")]
mod tls;
mod token;
mod token_refresh;
mod tolerant;
mod transport;
mod validate;

pub use cache::{CacheConfig, Fetched};
pub use click::{ClickUrl, click_url};
pub use client::OfferClient;
pub use config::{
    ClientConfig, DEFAULT_DEADLINE, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_PAGES, DEFAULT_TIMEOUT,
    DEFAULT_TOKEN_SKEW,
};
pub use config_limits::{MAX_DURATION, MAX_RETRIES, SETTING_NAMES};
pub use error::{Error, ErrorKind, FieldError, Result};
pub use executor::{HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse, Method};
pub use extra::Extra;
pub use graphql::GraphqlResponse;
pub use graphql_variables::graphql_variables;
pub use jwt::expiry_unix as jwt_expiry_unix;
pub use offer::{
    Creatives, ListingPage, Offer, OfferList, Pagination, PlayerOffer, PlayerOffersPage, lookup,
};
pub use options::{LinksOptions, ListingOptions, OffersOptions, PlayerOffersOptions};
pub use paging::{ListingPager, PlayerOffersPager};
pub use player_id::{Convention, PlayerId, lint_player_id, short_player_id};
pub use proxy::Proxy;
pub use redaction::{REDACTED, is_credential_header, redacted_header};
pub use retry::RetryPolicy;
pub use skipped::SkippedItem;
pub use token::{AccessToken, AccessTokenProvider, BoxFuture, TokenNeeded, TokenReason};
pub use validate::{PAGE_SIZE_MAX, PLAYER_ID_MAX_CHARS, SORT_DIRECTIONS, SORT_OPTIONS};
