//! offerkit token broker: a small backend service that holds the refresh token and hands
//! short-lived access tokens to game clients, so no client build ever carries the refresh
//! token (the spec's rule). Game clients point their `AccessTokenProvider` at
//! `POST /offer-token`. See README.md.

mod broker;
mod config;
mod session;

pub use broker::{Broker, router};
pub use config::BrokerConfig;
pub use session::{PlayerSession, SessionPolicy, authenticate_player};
