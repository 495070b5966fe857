//! Everything one running simulator holds: its configuration, the catalogue, keys, the
//! fault queue, the counters and the built GraphQL schema. Shared by all handlers.

use std::sync::Arc;

use crate::SimConfig;
use crate::catalogue::Catalogue;
use crate::cursor::CursorKey;
use crate::faults::FaultQueue;
use crate::jwt::JwtIssuer;
use crate::report::{RateLimiter, ReportKeys};
use crate::rewards::Rewards;
use crate::schema::{self, SchemaData, SimSchema};
use crate::stats::Counters;
use crate::time::now_unix;

pub struct AppState {
    pub config: SimConfig,
    pub base_url: String,
    pub catalogue: Arc<Catalogue>,
    pub jwt: JwtIssuer,
    pub faults: FaultQueue,
    pub stats: Arc<Counters>,
    pub schema: SimSchema,
    pub report_limiter: RateLimiter,
    pub report_keys: ReportKeys,
    pub rewards: Arc<Rewards>,
}

impl AppState {
    pub fn new(config: SimConfig, base_url: String) -> AppState {
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
            config,
            base_url,
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
