//! `offerkit`: the offer service from a shell. Without `--base-url` it starts the embedded
//! simulator in-process and uses a token the simulator issues, so every command works offline.

mod exit;
mod output;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use offerkit::{
    AccessToken, ClientConfig, Error, ErrorKind, LinksOptions, ListingOptions, OfferClient,
    OffersOptions, PlayerOffersOptions, lint_player_id,
};
use offerkit_sim::{SimArgs, SimConfig, Simulator};
use serde_json::Value;

use crate::output::Output;

#[derive(Parser)]
#[command(
    name = "offerkit",
    version,
    about = "Targeted offers from the Offer Personalization Service"
)]
struct Cli {
    /// Base address of the service (may carry a path prefix). Without it, the embedded
    /// simulator is started and used.
    #[arg(long, env = "OFFERKIT_BASE_URL", global = true)]
    base_url: Option<String>,
    /// Short-lived access token (JWT). With the embedded simulator, one is issued if omitted.
    #[arg(
        long,
        env = "OFFERKIT_ACCESS_TOKEN",
        global = true,
        hide_env_values = true
    )]
    access_token: Option<String>,
    /// Request timeout in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, global = true)]
    timeout: f64,
    /// Allow plain http:// to a non-loopback host (testing only).
    #[arg(long, global = true)]
    allow_insecure_http: bool,
    /// Print exactly one JSON document on stdout (errors too).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// All targeted offers for a player.
    Offers {
        #[command(flatten)]
        player: Player,
        /// At most this many offers (1 or more).
        #[arg(long, allow_negative_numbers = true)]
        limit: Option<i64>,
        /// Language, 2 to 5 characters (en, de, zh-HK, zh-TW).
        #[arg(long)]
        language: Option<String>,
        /// epc.asc, epc.desc, last_activation.asc or last_activation.desc.
        #[arg(long)]
        sort: Option<String>,
        /// Extra GraphQL fields, e.g. 'links { click_url } campaign_id'.
        #[arg(long, value_name = "SELECTION")]
        select: Option<String>,
    },
    /// Tracking links for a player.
    Links {
        #[command(flatten)]
        player: Player,
    },
    /// Offers the player has engaged with (one page, or every page with --all).
    PlayerOffers {
        #[command(flatten)]
        player: Player,
        /// Items per page, 1 to 100 (service default 50).
        #[arg(long, allow_negative_numbers = true)]
        limit: Option<i64>,
        #[arg(long)]
        language: Option<String>,
        /// Cursor from a previous page's next_cursor.
        #[arg(long)]
        after: Option<String>,
        /// Follow next_cursor to the last page.
        #[arg(long)]
        all: bool,
    },
    /// The GET offer listing (all at once, one page, or every page with --all).
    ListOffers {
        /// Offers per page, 1 to 100 (turns pagination on).
        #[arg(long, allow_negative_numbers = true)]
        per_page: Option<i64>,
        /// Page number, 1 or more (needs --per-page).
        #[arg(long, allow_negative_numbers = true)]
        page: Option<i64>,
        /// Fetch every page (default 100 per page).
        #[arg(long)]
        all: bool,
    },
    /// Any GraphQL document.
    Graphql {
        #[arg(long)]
        query: String,
        /// Variables as a JSON object.
        #[arg(long)]
        variables: Option<String>,
    },
    /// Run the simulator on 127.0.0.1 until interrupted.
    Sim {
        #[command(flatten)]
        args: SimArgs,
    },
}

#[derive(Args)]
struct Player {
    /// The player's id (1 to 255 characters; lowercase letters, digits, '-' and '_' by convention).
    #[arg(long)]
    player_id: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let out = Output::new(cli.json);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return out.error(&Error::new(ErrorKind::Internal, format!("runtime: {e}"))),
    };
    match runtime.block_on(run(cli, &out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => out.error(&err),
    }
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("OFFERKIT_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

async fn run(cli: Cli, out: &Output) -> Result<(), Error> {
    if let Command::Sim { args } = cli.command {
        return offerkit_sim::run_until_ctrl_c(args.into_config())
            .await
            .map_err(|e| Error::new(ErrorKind::Internal, format!("simulator: {e}")));
    }
    if !cli.timeout.is_finite() || cli.timeout <= 0.0 || cli.timeout > 86_400.0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "--timeout must be a number of seconds greater than 0",
        ));
    }
    // Keep the embedded simulator alive for the whole command.
    let (_simulator, base_url, token) = match cli.base_url {
        Some(url) => (None, url, cli.access_token),
        None => {
            let sim = Simulator::start(SimConfig::default())
                .await
                .map_err(|e| Error::new(ErrorKind::Internal, format!("simulator: {e}")))?;
            let token = cli
                .access_token
                .unwrap_or_else(|| sim.issue_token(Duration::from_secs(3600)));
            let url = sim.base_url();
            (Some(sim), url, Some(token))
        }
    };
    let mut config = ClientConfig::new(base_url).with_timeout(Duration::from_secs_f64(cli.timeout));
    config.allow_insecure_http = cli.allow_insecure_http;
    config.access_token = token.map(AccessToken::new);
    let client = OfferClient::new(config)?;

    match cli.command {
        Command::Offers {
            player,
            limit,
            language,
            sort,
            select,
        } => {
            warn_conventions(&player.player_id);
            let options = OffersOptions {
                limit,
                language,
                sort,
                select,
            };
            let offers = client.offers(&player.player_id, &options).await?;
            out.offers(&offers, true);
        }
        Command::Links { player } => {
            warn_conventions(&player.player_id);
            let links = client
                .links(&player.player_id, &LinksOptions::default())
                .await?;
            out.links(&links);
        }
        Command::PlayerOffers {
            player,
            limit,
            language,
            after,
            all,
        } => {
            warn_conventions(&player.player_id);
            let options = PlayerOffersOptions {
                language,
                limit,
                after,
                select: None,
            };
            let page = if all {
                let items = client
                    .player_offers_pager(&player.player_id, options)?
                    .collect_all()
                    .await?;
                offerkit::PlayerOffersPage {
                    items,
                    next_cursor: None,
                }
            } else {
                client.player_offers(&player.player_id, &options).await?
            };
            out.player_offers(&page);
        }
        Command::ListOffers {
            per_page,
            page,
            all,
        } => {
            if all {
                if page.is_some() {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        "--all starts at page 1; do not combine it with --page",
                    ));
                }
                let offers = client
                    .list_offers_pager(per_page.unwrap_or(offerkit::PAGE_SIZE_MAX))?
                    .collect_all()
                    .await?;
                out.offers(&offers, false);
            } else {
                let listing = client
                    .list_offers(ListingOptions { per_page, page })
                    .await?;
                out.listing(&listing);
            }
        }
        Command::Graphql { query, variables } => {
            let variables = match variables {
                None => None,
                Some(text) => Some(serde_json::from_str::<Value>(&text).map_err(|e| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        format!("--variables is not JSON: {e}"),
                    )
                })?),
            };
            let response = client.graphql(&query, variables).await?;
            out.graphql(&response);
        }
        Command::Sim { .. } => unreachable!("handled above"),
    }
    Ok(())
}

/// The service accepts convention-breaking ids, so they are sent, with a warning.
fn warn_conventions(player_id: &str) {
    let problems = lint_player_id(player_id);
    if !problems.is_empty() {
        let what: Vec<&str> = problems.iter().map(|c| c.describe()).collect();
        eprintln!(
            "warning: player id {player_id:?} {}; the service accepts it, but the id must match \
             the one used at click time (convention: lowercase letters, digits, '-' and '_')",
            what.join(", ")
        );
    }
}
