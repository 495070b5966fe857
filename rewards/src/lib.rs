//! offerkit-rewards: a ready postback receiver. It verifies the service's signed postbacks
//! (v3 and v2, `offerkit::server::postback`) and credits each conversion exactly once
//! (`offerkit::server::ledger`, SQLite or PostgreSQL), over HTTP with axum. The CLI's
//! `offerkit rewards serve` runs it; a backend can merge [`router`] into its own (the token
//! broker example does).
//!
//! Rules it keeps (README.md of this crate says the same for integrators):
//! - an already-credited conversion resent, with the same or a new `request_id`, in v3 or
//!   v2, answers 200 and credits nothing (one ledger for both formats);
//! - the same conversion id with another player or amount is never credited again: 409, and
//!   a warning in the log;
//! - a forged or unsigned postback is refused (401) before anything is read into the ledger,
//!   so it never uses up a conversion id;
//! - a signed postback without `player_id` or its conversion id answers 400;
//! - player ids are credited exactly as sent (no case folding, no normalisation);
//! - a storage failure answers 503 and records nothing: the sender's retry is credited;
//! - with a replay window set, a postback outside it answers 401 and credits nothing.

mod admin;
mod answer;
mod config;
mod receiver;

use std::future::Future;
use std::net::SocketAddr;

pub use admin::AdminToken;
pub use config::ReceiverConfig;
pub use receiver::router;

/// Serves [`router`] and `GET /healthz` (`ok`) on `listener` (with peer addresses, for the
/// allow-list) until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ReceiverConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        router(config)
            .route("/healthz", axum::routing::get(|| async { "ok" }))
            .into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}
