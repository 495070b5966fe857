//! The rewards commands: `rewards serve` runs the postback receiver (offerkit-rewards) and
//! `postback verify` checks a postback by hand, for integrators debugging their set-up. The
//! postback key and the admin token are secrets: taken from flags or `OFFERKIT_POSTBACK_KEY`
//! / `OFFERKIT_ADMIN_TOKEN` (preferred: flags show in `ps`), never printed or logged.

use std::io::{Read, Write};
use std::time::Duration;

use clap::{Args, Subcommand};
use offerkit::server::ledger::Ledger;
use offerkit::server::postback::{
    IpAllowList, PostbackKey, PostbackVerifier, ReplayWindow, canonical, sign_v2_url, sign_v3,
};
use offerkit::{Error, ErrorKind, Result};
use offerkit_rewards::{AdminToken, ReceiverConfig};
use serde_json::json;

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

#[derive(Subcommand)]
pub enum PostbackCommand {
    /// Check a postback: a v3 body on stdin (with --signature: does it match? without: the
    /// signature it should carry), or a v2 URL with --url. Prints what it would credit.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub struct VerifyArgs {
    /// The postback key (prefer the environment variable).
    #[arg(long, env = "OFFERKIT_POSTBACK_KEY", hide_env_values = true)]
    key: Option<String>,
    /// The v3 `Signature` header to check against the body on stdin.
    #[arg(long)]
    signature: Option<String>,
    /// A v2 postback URL (with or without its verifier) instead of a body on stdin.
    #[arg(long)]
    url: Option<String>,
}

/// A secret from its flag or variable: missing, empty or only white space is refused (a key
/// of blanks is as guessable as none, and usually a quoting mistake).
fn secret(value: Option<String>, what: &str, variable: &str) -> Result<String> {
    let flag = what.replace(' ', "-");
    match value {
        Some(v) if !v.trim().is_empty() => Ok(v),
        Some(v) if !v.is_empty() => Err(Error::new(
            ErrorKind::InvalidArgument,
            format!(
                "{what} is blank (only white space): give the real one with --{flag} or {variable}"
            ),
        )),
        _ => Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("{what} is required: --{flag} or {variable}"),
        )),
    }
}

fn internal(what: &str, e: impl std::fmt::Display) -> Error {
    Error::new(ErrorKind::Internal, format!("{what}: {e}"))
}

pub async fn serve(args: ServeArgs) -> Result<()> {
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

pub fn verify(args: VerifyArgs, json_output: bool) -> Result<()> {
    let key = PostbackKey::new(secret(args.key, "key", "OFFERKIT_POSTBACK_KEY")?);
    let verifier = PostbackVerifier::new(key.clone())?;
    let (format, expected, given, conversion, signed_text) = match args.url {
        Some(url) => {
            let (base, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
            let given = canonical::verifiers(query).into_iter().next();
            let signed = canonical::canonical(base, query);
            let expected = sign_v2_url(&key, &signed)
                .rsplit_once("verifier=")
                .map(|(_, v)| v.to_owned())
                .unwrap_or_default();
            let check = match &given {
                Some(_) => query.to_owned(),
                None if query.is_empty() => format!("verifier={expected}"),
                None => format!("{query}&verifier={expected}"),
            };
            let conversion = verifier.verify_v2(&[base], &check);
            ("v2", expected, given, conversion, Some(signed))
        }
        None => {
            let mut body = Vec::new();
            std::io::stdin()
                .read_to_end(&mut body)
                .map_err(|e| internal("reading stdin", e))?;
            let expected = sign_v3(&key, &body);
            let given = args.signature;
            let conversion = verifier.verify_v3(Some(given.as_deref().unwrap_or(&expected)), &body);
            ("v3", expected, given, conversion, None)
        }
    };
    let conversion = conversion?;
    if json_output {
        let doc = json!({
            "format": format,
            // "valid": a signature was given and matches; "not_given": see expected_signature.
            "signature": if given.is_some() { "valid" } else { "not_given" },
            "expected_signature": expected,
            "signed_text": signed_text,
            "conversion": conversion,
        });
        println!("{doc}");
    } else {
        match &given {
            Some(_) => println!("signature: valid ({format})"),
            None => println!(
                "signature: none given; a {format} postback with this content must carry {expected}"
            ),
        }
        if let Some(text) = &signed_text {
            println!("signed text: {text}");
        }
        println!(
            "conversion: {} player {:?} amount {} ({})",
            conversion.conversion_id,
            conversion.player_id,
            conversion.amount,
            conversion.kind.as_str()
        );
    }
    Ok(())
}
