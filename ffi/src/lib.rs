//! The C ABI of offerkit: `libofferkit.so` / `libofferkit.a`, described by
//! `include/offerkit.h` (generated from this crate by cbindgen with `ffi/cbindgen.toml`).
//!
//! Thin: every function converts its arguments, calls core (`offerkit`), and converts the
//! result; all behaviour (validation, tokens, retries, error mapping, config limits) is core's.
//! The conventions every function follows are written once, at the top of the header and in
//! `ffi/README.md`: prefix, opaque handles, statuses, out-pointers, error objects, ownership,
//! threads, callbacks.
//!
//! Modules, one concept each:
//! - [`boundary`]: the one boundary every exported function goes through (panics, failures);
//!   [`handle`]: reaching and freeing opaque handles; [`out`]: out-pointers;
//!   [`panic`](mod@panic): what a caught panic becomes (the infallible functions' catch
//!   included);
//!   `failure`: what went wrong, on its way to C;
//! - [`status`]: `OfferkitStatus`, the one enum of outcomes; [`status_names`]: its names;
//! - [`error`]: the `OfferkitError` object; [`error_accessors`]: its exported accessors;
//! - [`strings`]: C strings in (NULL and UTF-8 checks) and out (`offerkit_string_free`);
//! - [`runtime`]: the one lazily built tokio runtime; [`shutdown`]: stopping it and every other
//!   global (`offerkit_shutdown`) once no client or pager is alive;
//! - [`config`]: the `OfferkitConfig` builder; [`delivery`]: where callbacks run;
//!   [`user_data`]: the host's pointer handed back to its callbacks;
//! - [`client_new`]: making a client from a config; [`client`]: `OfferkitClient`, freeing it,
//!   tokens and polls; [`token_hook`]: its token-needed callback (queued for poll when an
//!   `_async` request of a poll client needs it);
//! - [`queries`]: every query of a client (raw GraphQL included), blocking and `_async`;
//!   [`query`]: how a query runs either way; [`options`]: the queries' options builders;
//! - [`request`]: request handles (reference-counted, with ids), cancellation and completion
//!   delivery (run by `offerkit_client_poll` / `offerkit_client_poll_wait`, in [`client`]);
//! - [`offers`], [`player_offers`], [`items`], [`skipped`]: the result handles and the items
//!   left out of them;
//! - [`pager`]: the `playerOffers` pager;
//! - [`click`]: the tracking URL of an offer for a player;
//! - [`http_executor`]: a client's host HTTP executor (core's executor seam, carried to C);
//!   [`http_request`]: the request handle the host reads and answers; [`builtin_http`]: whether
//!   this build has the built-in transport (the lite library has not);
//! - [`log`]: the log callback, on the logging thread or queued for `offerkit_log_poll`;
//! - [`player_id`], [`version`]: helpers;
//! - [`test_hooks`]: deliberate panics, delays and log messages, in builds with the
//!   `test-hooks` feature only.
//!
//! Unit tests only: `allocation_count` (a counting global allocator) and `idle_poll` (polls
//! with nothing to deliver allocate nothing); `input_props` and `item_props` (property tests).
//!
//! No refresh-token or reporting-key function is exported: those stay on servers.

// Every exported function is `unsafe extern "C"` with one safety contract, written once at the top
// of the header (pointers are NULL or live handles of this library, strings NUL-terminated,
// handles not freed while in use); repeating it in every doc comment would repeat it in the header.
#![allow(clippy::missing_safety_doc)]
// This crate's own docs are for its maintainers (`cargo doc --document-private-items`): module
// docs may name the private helpers they describe.
#![allow(rustdoc::private_intra_doc_links)]
// The C ABI is the one crate where `unsafe` belongs (the workspace denies it everywhere else);
// every block says why it is sound on a `// SAFETY:` line (clippy::undocumented_unsafe_blocks).
#![allow(unsafe_code)]

#[cfg(test)]
mod allocation_count;
pub mod boundary;
pub mod builtin_http;
pub mod click;

// A client is made (its one function reads the config) before it is used, as in the header.
pub mod client_new;

pub mod client;

// The queries follow the client's life cycle, as in the header (cbindgen writes functions in
// module order); the blank lines keep rustfmt from sorting this module among the others.
pub mod queries;

pub mod config;
pub mod delivery;
pub mod error;
pub mod error_accessors;
mod failure;
pub mod handle;
pub mod http_executor;
pub mod http_request;
#[cfg(test)]
mod idle_poll;
#[cfg(test)]
mod input_props;
#[cfg(test)]
mod item_props;
pub mod items;
pub mod log;
pub mod offers;
pub mod options;
pub mod out;
pub mod pager;
pub mod panic;
pub mod player_id;
pub mod player_offers;
pub mod query;
pub mod request;
pub mod runtime;
pub mod shutdown;
pub mod skipped;
pub mod status;
pub mod status_names;
pub mod strings;
pub mod test_hooks;
pub mod token_hook;
pub mod user_data;
pub mod version;
