//! Everything one running simulator holds: its configuration, the catalogue, keys, the
//! fault queue, the misbehaviour modes, the counters and the built GraphQL schema. Shared
//! by all handlers.

use std::sync::Arc;

use crate::catalogue::Catalogue;
use crate::config::SimConfig;
use crate::cursor::CursorKey;
use crate::faults::FaultQueue;
use crate::jwt::JwtIssuer;
use crate::mess::MessSwitch;
use crate::path_prefix;
use crate::report_limits::{RateLimiter, ReportKeys};
use crate::rewards::Rewards;
use crate::schema::{self, SchemaData, SimSchema};
use crate::stats::Counters;
use crate::time::now_unix;

pub struct AppState {
    pub config: SimConfig,
    /// Origin and path prefix: `http://127.0.0.1:PORT` or `http://127.0.0.1:PORT/api`.
    pub base_url: String,
    /// The service's path prefix, `""` when it has none (see path_prefix.rs).
    pub prefix: String,
    pub catalogue: Arc<Catalogue>,
    pub jwt: JwtIssuer,
    pub faults: FaultQueue,
    pub mess: MessSwitch,
    pub stats: Arc<Counters>,
    pub schema: SimSchema,
    pub report_limiter: RateLimiter,
    pub report_keys: ReportKeys,
    pub rewards: Arc<Rewards>,
}

impl AppState {
    /// `origin` is `http://127.0.0.1:PORT`; `config.path_prefix` must have passed
    /// `path_prefix::normalise` (an invalid one is served as no prefix).
    pub fn new(config: SimConfig, origin: &str) -> AppState {
        let prefix = path_prefix::normalise(config.path_prefix.as_deref()).unwrap_or_default();
        let base_url = format!("{origin}{prefix}");
        let catalogue = Arc::new(Catalogue::generate(config.seed, config.offer_count));
        let rewards = Arc::new(Rewards::new(config.postback.clone()));
        let schema = schema::build(SchemaData {
            catalogue: Arc::clone(&catalogue),
            rewards: Arc::clone(&rewards),
            cursors: CursorKey::new(config.seed),
            base_url: base_url.clone(),
        });
        AppState {
            jwt: JwtIssuer::new(config.seed),
            mess: MessSwitch::new(config.mess.clone()),
            config,
            base_url,
            prefix,
            catalogue,
            faults: FaultQueue::default(),
            stats: Arc::default(),
            schema,
            report_limiter: RateLimiter::default(),
            report_keys: ReportKeys::default(),
            rewards,
        }
    }

    /// Token valid for `ttl_secs` from now (negative: already expired).
    pub fn issue_token(&self, ttl_secs: i64, scoped: bool) -> String {
        let now = now_unix();
        self.jwt.issue(now, now.saturating_add(ttl_secs), scoped)
    }

    pub fn token_ttl_secs(&self) -> i64 {
        i64::try_from(self.config.token_ttl.as_secs()).unwrap_or(i64::MAX)
    }
}
