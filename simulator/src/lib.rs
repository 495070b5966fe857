//! offerkit-sim: a spec-faithful local copy of the Offer Personalization Service.
//!
//! It serves the token exchange, the GraphQL offer endpoint, the paginated listing, the
//! reporting endpoint and tracking links over real HTTP on loopback, from a catalogue
//! generated from a seed (same seed, same bytes). Tests inject faults, switch misbehaviour
//! modes ([`Mess`]) and read counters through [`Simulator`] in-process, or through the
//! `/_sim` control endpoint of the binary.
//! The GraphQL schema and everything the spec leaves unshown are documented in README.md.
#![forbid(unsafe_code)]

mod auth;
mod catalogue;
mod config;
mod content_type;

mod control;
mod cors;
mod cursor;
mod faults;
mod forward_proxy;
mod graphql;
mod graphql_json;
mod jwt;
mod keys;
mod listing;
mod locale;
mod mess;
mod mess_body;
mod mess_paging;
mod offer_view;
mod path_prefix;
mod postback;
mod query_cache;
mod query_string;
mod report;
mod report_limits;
#[cfg(test)]
mod resolution_parity;
mod respond;
mod rewards;
mod rewards_control;
mod rng;
mod routes;
mod schema;
mod state;
mod stats;
mod time;
mod token;
mod top_fields;
mod tracking;
mod unboxed;
mod validation;

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use catalogue::ENGAGED_WITH_ALL_PREFIX;
pub use config::SimConfig;
pub use faults::{Fault, FaultKind};
pub use forward_proxy::ForwardProxy;
pub use jwt::{ISSUER as JWT_ISSUER, OFFERS_SCOPE};
pub use mess::Mess;
pub use postback::{Attempt as PostbackAttempt, Format as PostbackFormat, PostbackTarget};
pub use report_limits::{EXPIRED_REPORT_API_KEY, REPORT_API_KEY, REPORT_RATE_LIMIT};
pub use stats::Stats;
pub use token::{NO_PERMISSION_REFRESH_TOKEN, NO_SCOPE_REFRESH_TOKEN};

use state::AppState;

/// How long [`Simulator::shutdown`] waits for in-flight requests before cutting them off.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running simulator. Dropping it shuts the server down.
pub struct Simulator {
    state: Arc<AppState>,
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<()>>,
}

impl Simulator {
    /// Binds 127.0.0.1:`port` and serves; ready to answer when this returns. An invalid
    /// `path_prefix` is an `InvalidInput` error.
    pub async fn start(config: SimConfig) -> std::io::Result<Simulator> {
        path_prefix::normalise(config.path_prefix.as_deref())
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        if let Some(target) = &config.postback {
            if !target.url.starts_with("http://") || target.key.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    "the postback target needs an http:// URL and a non-empty key",
                ));
            }
        }
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, config.port)).await?;
        let addr = listener.local_addr()?;
        let state = Arc::new(AppState::new(config, &format!("http://{addr}")));
        let app =
            routes::router(Arc::clone(&state)).into_make_service_with_connect_info::<SocketAddr>();
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            let serve = axum::serve(listener, app).with_graceful_shutdown(async {
                let _ = stopped.await;
            });
            if let Err(e) = serve.await {
                eprintln!("offerkit-sim: server error: {e}");
            }
        });
        Ok(Simulator {
            state,
            addr,
            stop: Some(stop),
            server: Some(server),
        })
    }

    /// `http://127.0.0.1:PORT` plus the path prefix if any (`http://127.0.0.1:PORT/api`),
    /// no trailing slash.
    pub fn base_url(&self) -> String {
        self.state.base_url.clone()
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The configuration it started with (`mess` as at start; [`Simulator::mess`] is current).
    pub fn config(&self) -> &SimConfig {
        &self.state.config
    }

    /// Replaces the misbehaviour modes in force (from the next request on).
    pub fn set_mess(&self, mess: Mess) {
        self.state.mess.set(mess);
    }

    /// The misbehaviour modes in force.
    pub fn mess(&self) -> Mess {
        self.state.mess.get()
    }

    /// A valid access token with scope `offers:read`, expiring `ttl` from now.
    pub fn issue_token(&self, ttl: Duration) -> String {
        self.state
            .issue_token(i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX), true)
    }

    /// A scoped access token whose `exp` is `exp_unix` (in the past: an expired token).
    pub fn issue_token_expiring_at(&self, exp_unix: i64) -> String {
        self.state.jwt.issue(time::now_unix(), exp_unix, true)
    }

    /// A valid access token without `offers:read`: `/v1/offers` answers 403.
    pub fn issue_token_without_scope(&self) -> String {
        self.state.issue_token(self.state.token_ttl_secs(), false)
    }

    /// A new reporting API key that expires `ttl_secs` from now (negative: already expired);
    /// each key has its own 10-per-minute window.
    pub fn issue_report_key(&self, ttl_secs: i64) -> String {
        let exp = time::now_unix().saturating_add(ttl_secs);
        self.state.report_keys.mint(self.state.config.seed, exp)
    }

    /// Empties every key's reporting rate window (what `DELETE /_sim/report-limits` does).
    pub fn reset_report_limits(&self) {
        self.state.report_limiter.reset();
    }

    /// Queues a fault (FIFO; the first matching fault applies to a request).
    pub fn inject(&self, fault: Fault) {
        self.state.faults.push(fault);
    }

    pub fn clear_faults(&self) {
        self.state.faults.clear();
    }

    /// Faults not yet used up, oldest first.
    pub fn pending_faults(&self) -> Vec<Fault> {
        self.state.faults.pending()
    }

    pub fn stats(&self) -> Stats {
        self.state.stats.snapshot()
    }

    /// Zeroes the counters (not the `in_flight` gauge).
    pub fn reset_stats(&self) {
        self.state.stats.reset();
    }

    /// Test helper: every offer of the catalogue with its internal sort keys, as
    /// `{"id", "name", "total_payout_usd", "epc", "last_activation"}` (Unix seconds).
    pub fn catalogue(&self) -> Vec<serde_json::Value> {
        control::catalogue_json(&self.state.catalogue)
    }

    /// Test helper: ids of the offers targeted at `player_id`, in its default order.
    pub fn targeted_offer_ids(&self, player_id: &str) -> Vec<String> {
        self.state
            .catalogue
            .targeted(player_id)
            .into_iter()
            .map(|o| o.id.clone())
            .collect()
    }

    /// Test helper: ids of the offers `player_id` engaged with, in `playerOffers` order.
    pub fn player_offer_ids(&self, player_id: &str) -> Vec<String> {
        self.state
            .catalogue
            .engagements(player_id)
            .into_iter()
            .map(|e| e.offer.id.clone())
            .collect()
    }

    /// Completes `offer_id` for `player_id`, who must have clicked its tracking link with
    /// exactly that id: `playerOffers` shows it completed and, with a postback target, the
    /// signed postback is sent in the background. Returns the conversion id.
    pub fn complete_offer(
        &self,
        player_id: &str,
        offer_id: &str,
        format: PostbackFormat,
        duplicates: u32,
    ) -> Result<String, String> {
        self.state
            .rewards
            .complete(
                &self.state.catalogue,
                offer_id,
                player_id,
                format,
                duplicates,
            )
            .map(|c| c.conversion_id)
            .map_err(|e| format!("{e:?}"))
    }

    /// Every postback delivery attempt so far, and how many postbacks are still under way.
    pub fn postback_attempts(&self) -> (Vec<PostbackAttempt>, usize) {
        self.state.rewards.attempts()
    }

    /// Stops accepting, lets in-flight requests finish (up to 5 s), then returns.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(mut server) = self.server.take() {
            if tokio::time::timeout(SHUTDOWN_GRACE, &mut server)
                .await
                .is_err()
            {
                server.abort();
            }
        }
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Command-line settings of the simulator, shared by `offerkit-sim` and `offerkit sim`.
#[derive(Clone, Debug, clap::Args)]
pub struct SimArgs {
    /// Port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Seed of the catalogue and keys.
    #[arg(long, default_value_t = 42)]
    pub seed: u64,
    /// Refresh token the token endpoint accepts.
    #[arg(long, default_value = "sim-refresh-token")]
    pub refresh_token: String,
    /// Offers in the catalogue (players whose id starts with `many-` engaged with all of them).
    #[arg(long = "offers", value_name = "N", default_value_t = 50)]
    pub offers: usize,
    /// Lifetime of issued access tokens, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 3600)]
    pub token_ttl_secs: u64,
    /// Misbehaviour modes, comma separated or repeated: bad_fields, all_bad_fields, odd_extra,
    /// cursor_cycle, endless_empty_pages, listing_stall, retry_after_storm=SECS.
    #[arg(
        long = "mess",
        value_name = "MODE[,MODE...]",
        value_delimiter = ',',
        value_parser = Mess::parse_mode
    )]
    pub mess: Vec<Mess>,
    /// Serve the service under this path (e.g. /api); /_sim stays at the root.
    #[arg(long, value_name = "PATH", value_parser = parse_path_prefix)]
    pub path_prefix: Option<String>,
    /// Send signed postbacks of completed offers to this http:// URL.
    #[arg(long, value_name = "URL", requires = "postback_key")]
    pub postback_url: Option<String>,
    /// The key postbacks are signed with.
    #[arg(
        long,
        env = "OFFERKIT_SIM_POSTBACK_KEY",
        hide_env_values = true,
        requires = "postback_url"
    )]
    pub postback_key: Option<postback::KeyArg>,
    /// Answer browsers' cross-origin requests from any origin (CORS), for pages served from
    /// another port.
    #[arg(long)]
    pub cors: bool,
}

fn parse_path_prefix(prefix: &str) -> Result<String, String> {
    path_prefix::normalise(Some(prefix)).map(|_| prefix.to_owned())
}

impl SimArgs {
    pub fn into_config(self) -> SimConfig {
        SimConfig {
            seed: self.seed,
            offer_count: self.offers,
            refresh_token: self.refresh_token,
            token_ttl: Duration::from_secs(self.token_ttl_secs),
            port: self.port,
            mess: self.mess.into_iter().fold(Mess::default(), Mess::union),
            path_prefix: self.path_prefix,
            postback: self
                .postback_url
                .zip(self.postback_key)
                .map(|(url, key)| PostbackTarget { url, key: key.0 }),
            cors: self.cors,
        }
    }
}

/// Starts a simulator, prints `listening on http://127.0.0.1:PORT` (one line, flushed; with
/// the path prefix if any) to stdout, and serves until Ctrl-C.
pub async fn run_until_ctrl_c(config: SimConfig) -> std::io::Result<()> {
    let sim = Simulator::start(config).await?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on {}", sim.base_url())?;
        out.flush()?;
    }
    tokio::signal::ctrl_c().await?;
    sim.shutdown().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulator_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Simulator>();
        assert_send_sync::<SimConfig>();
    }

    #[test]
    fn the_postback_key_is_never_debug_printed() {
        use clap::Parser;
        #[derive(Parser, Debug)]
        struct Cli {
            #[command(flatten)]
            sim: SimArgs,
        }
        let cli = Cli::parse_from([
            "sim",
            "--postback-url",
            "http://127.0.0.1:9/postback",
            "--postback-key",
            "pbk-arg-51d0",
        ]);
        let shown = format!("{cli:?} {:?}", cli.sim.clone().into_config());
        assert!(!shown.contains("pbk-arg-51d0"), "{shown}");
        let target = cli.sim.into_config().postback.unwrap();
        assert_eq!(target.key, "pbk-arg-51d0");
    }

    #[test]
    fn defaults() {
        let c = SimConfig::default();
        assert_eq!(
            (
                c.offer_count,
                c.refresh_token.as_str(),
                c.token_ttl.as_secs(),
                c.port
            ),
            (50, "sim-refresh-token", 3600, 0)
        );
        assert!(c.mess.is_off() && c.path_prefix.is_none());
    }

    #[test]
    fn mess_and_path_prefix_flags() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            sim: SimArgs,
        }
        let config = Cli::try_parse_from([
            "sim",
            "--mess",
            "bad_fields,retry_after_storm=3",
            "--mess=listing_stall",
            "--path-prefix",
            "/api",
        ])
        .expect("parses")
        .sim
        .into_config();
        assert_eq!(
            config.mess,
            Mess {
                bad_fields: true,
                listing_stall: true,
                retry_after_storm: Some(3),
                ..Mess::default()
            }
        );
        assert_eq!(config.path_prefix.as_deref(), Some("/api"));
        for bad in [
            &["sim", "--mess", "bad"][..],
            &["sim", "--mess", "retry_after_storm"],
            &["sim", "--path-prefix", "api"],
        ] {
            assert!(Cli::try_parse_from(bad).is_err(), "{bad:?}");
        }
        let plain = Cli::try_parse_from(["sim"])
            .expect("parses")
            .sim
            .into_config();
        assert!(plain.mess.is_off() && plain.path_prefix.is_none());
    }
}
