//! What one simulator is started with: the seed, the catalogue's size, the accepted refresh
//! token, token lifetimes, the port, misbehaviour modes, the path prefix and the postback
//! target. Its own module because both the public API and the shared state hold it.

use std::time::Duration;

use crate::mess::Mess;
use crate::postback::PostbackTarget;

/// Settings of one simulator.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Seed of the catalogue, the per-player decisions and the signing keys.
    pub seed: u64,
    /// Offers in the catalogue (default 50).
    pub offer_count: usize,
    /// The refresh token the token endpoint accepts (default `sim-refresh-token`).
    pub refresh_token: String,
    /// Lifetime of issued access tokens, `expires_in` (default 3600 s).
    pub token_ttl: Duration,
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Misbehaviour modes in force at start (default: all off); see
    /// [`Simulator::set_mess`](crate::Simulator::set_mess).
    pub mess: Mess,
    /// Serve the service's routes under this path, e.g. `/api` (default none): `/api/v1/offers`,
    /// and [`Simulator::base_url`](crate::Simulator::base_url) ends with it. `/_sim` stays at
    /// the root; any other path answers an HTML 404. `/` or empty is no prefix;
    /// [`Simulator::start`](crate::Simulator::start) refuses an invalid one (segments of
    /// letters, digits, `-`, `.`, `_`, `~`; not `/_sim`).
    pub path_prefix: Option<String>,
    /// Where completed offers' signed postbacks go (default: nowhere).
    pub postback: Option<PostbackTarget>,
    /// Answer browsers' cross-origin requests from any origin (CORS, see cors.rs), so a page
    /// served from another loopback port can call it. Off by default: the spec says nothing
    /// of CORS, and a browser must then refuse the answers.
    pub cors: bool,
}

impl Default for SimConfig {
    fn default() -> SimConfig {
        SimConfig {
            seed: 42,
            offer_count: 50,
            refresh_token: "sim-refresh-token".to_owned(),
            token_ttl: Duration::from_secs(3600),
            port: 0,
            mess: Mess::default(),
            path_prefix: None,
            postback: None,
            cors: false,
        }
    }
}
