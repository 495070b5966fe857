//! offerkit for the web: the core compiled to WebAssembly, with the host's `fetch` carrying the
//! bytes. This crate converts values between JavaScript and core and nothing else; the
//! TypeScript package (`bindings/js/ts`) gives it its public shape: `OfferClient`, `OfferError`,
//! `AbortSignal`s and `for await` pagers.
//!
//! Everything crosses as JSON text or plain objects: settings and options in, results and
//! failures out. Durations are milliseconds, as everywhere in JavaScript.

mod call;
mod client;
mod failure;
mod js_executor;
mod json;
mod options;
mod pager;
#[cfg(feature = "server")]
mod server;
mod settings;
mod token_provider;
mod utilities;

pub use call::Call;
pub use client::Client;
pub use pager::{ListingPager, PlayerOffersPager};
#[cfg(feature = "server")]
pub use server::{PostbackVerifier, ReportClient, TokenExchanger};
pub use utilities::{click_url, lint_player_id, short_player_id};
