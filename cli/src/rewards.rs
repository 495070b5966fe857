//! `rewards serve`: runs the postback receiver (offerkit-rewards), which verifies signed
//! postbacks, credits each conversion exactly once in its ledger and serves balances. The
//! receiver and its database drivers are the `rewards` feature, so that the path that prints
//! offers does not compile them; without it, the command says how to get it. The postback key
//! and the admin token are secrets: taken from flags or `OFFERKIT_POSTBACK_KEY` /
//! `OFFERKIT_ADMIN_TOKEN` (preferred: flags show in `ps`), never printed or logged.

use clap::{Args, Subcommand};
use offerkit::Result;
#[cfg(not(feature = "rewards"))]
use offerkit::{Error, ErrorKind};

#[derive(Subcommand)]
pub enum RewardsCommand {
    /// Run the postback receiver: verifies signed postbacks, credits each conversion exactly
    /// once, serves balances. Prints `listening on http://HOST:PORT` first.
    Serve(ServeArgs),
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on, e.g. 0.0.0.0:8788 (port 0 picks a free one).
    #[arg(long, value_name = "ADDR")]
    listen: String,
    /// The postback key from the publisher dashboard (prefer the environment variable).
    #[arg(long, env = "OFFERKIT_POSTBACK_KEY", hide_env_values = true)]
    postback_key: Option<String>,
    /// Bearer token of GET /players/{player_id}/balance (prefer the environment variable).
    #[arg(long, env = "OFFERKIT_ADMIN_TOKEN", hide_env_values = true)]
    admin_token: Option<String>,
    /// The ledger: sqlite://PATH (created if missing) or postgres://USER:PASS@HOST/DB.
    #[arg(
        long,
        env = "OFFERKIT_REWARDS_DB",
        hide_env_values = true,
        default_value = "sqlite://offerkit-rewards.db"
    )]
    db: String,
    /// Accept postbacks only from these addresses (CIDR or single address; repeatable).
    #[arg(long = "allow-ip", value_name = "CIDR")]
    allow_ip: Vec<String>,
    /// The postback URL as registered with the service, which v2 verifiers sign (repeatable).
    /// Default: rebuilt from each request's Host and path.
    #[arg(long = "public-url", value_name = "URL")]
    public_url: Vec<String>,
    /// Take the sender's address from this header set by trusted proxies, e.g.
    /// X-Forwarded-For: all its lines as one list, the entry --trusted-proxies from the end.
    /// Only behind proxies that always set it.
    #[arg(long, value_name = "HEADER")]
    client_ip_header: Option<String>,
    /// How many trusted proxies each add one entry to --client-ip-header: the sender is the
    /// entry this many places from the end (1: the last one).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    trusted_proxies: u16,
    /// Refuse postbacks whose timestamp is older than this (off by default: retries after an
    /// outage may be late, and the ledger makes replays harmless).
    #[arg(long, value_name = "SECS")]
    replay_window: Option<u64>,
    /// Largest postback body or query accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = offerkit::server::postback::DEFAULT_MAX_POSTBACK_BYTES)]
    max_bytes: usize,
}

#[cfg(feature = "rewards")]
pub async fn serve(args: ServeArgs) -> Result<()> {
    use std::io::Write;
    use std::time::Duration;

    use offerkit::server::ledger::Ledger;
    use offerkit::server::postback::{IpAllowList, PostbackKey, PostbackVerifier, ReplayWindow};
    use offerkit::{Error, ErrorKind};
    use offerkit_rewards::{AdminToken, ReceiverConfig};

    use crate::postback::{internal, secret};

    let key = secret(args.postback_key, "postback key", "OFFERKIT_POSTBACK_KEY")?;
    let admin = secret(args.admin_token, "admin token", "OFFERKIT_ADMIN_TOKEN")?;
    let admin_token = AdminToken::new(admin).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidArgument,
            "the admin token must not be empty",
        )
    })?;
    let verifier = PostbackVerifier::new(PostbackKey::new(key))?
        .with_max_bytes(args.max_bytes)
        .with_replay_window(
            args.replay_window
                .map(|s| ReplayWindow::new(Duration::from_secs(s))),
        );
    let allow_list = IpAllowList::parse(&args.allow_ip)?;
    let ledger = Ledger::open(&args.db).await?;
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("--listen {}: {e}", args.listen),
            )
        })?;
    let addr = listener.local_addr().map_err(|e| internal("listen", e))?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}").map_err(|e| internal("stdout", e))?;
        out.flush().map_err(|e| internal("stdout", e))?;
    }
    tracing::info!(
        %addr,
        db = ledger.shown_url(),
        allow_list = ?allow_list.blocks().iter().map(ToString::to_string).collect::<Vec<_>>(),
        replay_window_secs = args.replay_window,
        public_urls = ?args.public_url,
        "rewards receiver ready"
    );
    let mut config = ReceiverConfig::new(verifier, ledger.clone(), admin_token);
    config.allow_list = allow_list;
    config.public_urls = args.public_url;
    config.client_ip_header = args.client_ip_header;
    config.trusted_proxies = usize::from(args.trusted_proxies);
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let served = offerkit_rewards::serve(listener, config, shutdown).await;
    ledger.close().await;
    served.map_err(|e| internal("serve", e))
}

/// Without the receiver compiled in: what to build instead, rather than a missing command.
#[cfg(not(feature = "rewards"))]
pub async fn serve(_args: ServeArgs) -> Result<()> {
    Err(Error::new(
        ErrorKind::InvalidArgument,
        "this offerkit was built without the rewards receiver: build it with the `rewards` \
         feature (`cargo install --path cli --features rewards`, or `cargo run -p offerkit-cli \
         --features rewards -- rewards serve ...`)",
    ))
}

#[cfg(all(test, not(feature = "rewards")))]
mod tests {
    use clap::Parser;

    use super::RewardsCommand;

    /// `offerkit rewards …` as the CLI parses it.
    #[derive(Parser)]
    struct Rewards {
        #[command(subcommand)]
        command: RewardsCommand,
    }

    #[tokio::test]
    async fn serve_without_the_receiver_says_how_to_build_it() {
        let parsed = Rewards::try_parse_from(["rewards", "serve", "--listen", "127.0.0.1:0"])
            .expect("parses");
        let RewardsCommand::Serve(args) = parsed.command;
        let error = super::serve(args)
            .await
            .expect_err("no receiver in this build");
        assert_eq!(crate::exit::code(error.kind()), 2);
        assert!(
            error.message().contains("--features rewards"),
            "{}",
            error.message()
        );
        assert!(
            error.message().contains("without the rewards receiver"),
            "{}",
            error.message()
        );
    }
}
