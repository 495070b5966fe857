//! offerkit token broker: the game backend a studio copies. It holds the refresh token and
//! hands short-lived access tokens to game clients, so no client build ever carries the
//! refresh token (the spec's rule) — game clients point their `AccessTokenProvider` at
//! `POST /offer-token` — and, with a postback key, receives the service's signed postbacks,
//! credits each conversion exactly once and serves balances. See README.md.

mod broker;
mod config;
mod rewards;
mod session;
mod vars;

pub use broker::{Broker, router};
pub use config::BrokerConfig;
pub use rewards::RewardsSettings;
pub use session::{PlayerSession, SessionPolicy, authenticate_player};
