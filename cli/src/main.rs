//! `offerkit`: the offer service from a shell. Without `--base-url` it starts the embedded
//! simulator in-process and uses a token the simulator issues, so every command works offline
//! — and says so on stderr every time, so a script that lost its environment never takes the
//! simulator's sample offers (or money) for real ones. With `--refresh-token` it exchanges the
//! refresh token itself (refreshing ahead of expiry and once after a 401), as a backend would.
//! Requests honour `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY`.

mod click;
mod exit;
mod output;
mod postback;
mod rewards;
mod server;

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use offerkit::server::{ApiKey, RefreshToken, TokenExchanger};
use offerkit::{
    AccessToken, ClientConfig, Error, ErrorKind, LinksOptions, ListingOptions, OfferClient,
    OffersOptions, PlayerOffersOptions, Proxy, lint_player_id,
};
use offerkit_sim::{REPORT_API_KEY, SimArgs, SimConfig, Simulator};

use crate::output::{Output, emit, skipped};
use crate::server::ReportArgs;

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
    /// Long-lived refresh token (server-side secret): exchanged at {base_url}/v1/users/token for
    /// access tokens, refreshed ahead of expiry and once after a 401. Never printed.
    #[arg(
        long,
        env = "OFFERKIT_REFRESH_TOKEN",
        global = true,
        hide_env_values = true
    )]
    refresh_token: Option<String>,
    /// Timeout of one attempt, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, global = true)]
    timeout: f64,
    /// Most a whole call may take, in seconds: every attempt, retry, Retry-After wait and the
    /// token exchange happen within it. A Retry-After longer than what remains is not waited
    /// for: the command fails at once and reports it.
    #[arg(long, value_name = "SECS", default_value_t = 30.0, global = true)]
    deadline: f64,
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
        #[command(flatten)]
        fields: Fields,
    },
    /// Tracking links for a player.
    Links {
        #[command(flatten)]
        player: Player,
        #[command(flatten)]
        fields: Fields,
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
        /// GraphQL fields added to each item, e.g. 'goals { id }'.
        #[arg(long, value_name = "FIELDS", conflicts_with = "selection")]
        select: Option<String>,
        /// The whole playerOffers selection instead of the default, e.g.
        /// 'offers: items { id name } next_cursor' (items are read from the one list it names).
        #[arg(long, value_name = "SELECTION")]
        selection: Option<String>,
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
    /// Exchange the refresh token once and print the access token, expires_in and expires_at
    /// (Unix seconds). With the embedded simulator, its refresh token is used when omitted.
    Token,
    /// Publisher performance report (times EST, money USD). The service refreshes its data
    /// every 30 minutes: query at that cadence and cache the result.
    Report {
        #[command(flatten)]
        args: ReportArgs,
    },
    /// Run the simulator on 127.0.0.1 until interrupted.
    Sim {
        #[command(flatten)]
        args: SimArgs,
    },
    /// The tracking URL of an offer for a player (the id the reward's postback will carry).
    ClickUrl {
        #[command(flatten)]
        args: click::ClickArgs,
    },
    /// The rewards side of a game backend: the postback receiver.
    Rewards {
        #[command(subcommand)]
        command: rewards::RewardsCommand,
    },
    /// Postback tools for integrators.
    Postback {
        #[command(subcommand)]
        command: postback::PostbackCommand,
    },
}

/// What a query selects: the default, plus `--select`, or `--selection` instead of it.
#[derive(Args)]
struct Fields {
    /// GraphQL fields added to the default selection, e.g. 'links { click_url } campaign_id'.
    #[arg(long, value_name = "FIELDS")]
    select: Option<String>,
    /// The whole selection instead of the default, e.g. 'id name tracking_type'.
    #[arg(long, value_name = "SELECTION")]
    selection: Option<String>,
}

#[derive(Args)]
struct Player {
    /// The player's id (1 to 255 characters; lowercase letters, digits, '-' and '_' by convention).
    #[arg(long)]
    player_id: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A long-running service logs its work; one-shot commands only their warnings — and not
    // the library's warning for each skipped item, which gets a line of its own
    // (output::skipped).
    init_logging(if matches!(cli.command, Command::Rewards { .. }) {
        "info"
    } else {
        "warn,offerkit::tolerant=error"
    });
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

fn init_logging(default: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("OFFERKIT_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
}

async fn run(cli: Cli, out: &Output) -> Result<(), Error> {
    match cli.command {
        Command::Rewards {
            command: rewards::RewardsCommand::Serve(args),
        } => return rewards::serve(args).await,
        Command::Postback {
            command: postback::PostbackCommand::Verify(args),
        } => return postback::verify(args, cli.json),
        Command::ClickUrl { ref args } => {
            if let Some(built) = click::offline(args) {
                click::print(&built?, cli.json);
                return Ok(());
            }
        }
        _ => {}
    }
    if let Command::Sim { args } = cli.command {
        return offerkit_sim::run_until_ctrl_c(args.into_config())
            .await
            .map_err(|e| Error::new(ErrorKind::Internal, format!("simulator: {e}")));
    }
    // Seconds become durations here; their bounds are the client's (`ClientConfig::validate`).
    let seconds = |flag: &str, value: f64| {
        Duration::try_from_secs_f64(value).map_err(|_| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("{flag} must be a number of seconds, got {value}"),
            )
        })
    };
    let timeout = seconds("--timeout", cli.timeout)?;
    let deadline = seconds("--deadline", cli.deadline)?;
    let http = |base_url: String| {
        let mut config = ClientConfig::new(base_url)
            .with_timeout(timeout)
            .with_deadline(deadline);
        config.allow_insecure_http = cli.allow_insecure_http;
        config.proxy = Proxy::System;
        config
    };
    if let Command::Report { args } = &cli.command {
        let query = server::query(args)?;
        let (_simulator, url, key) = match (&args.reporting_url, &cli.base_url) {
            (Some(url), _) => (None, url.clone(), args.api_key.clone()),
            (None, Some(_)) => {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    "report needs --reporting-url (or OFFERKIT_REPORTING_URL): the reporting \
                     endpoint has its own address",
                ));
            }
            (None, None) => {
                let sim = start_simulator("--reporting-url").await?;
                let url = sim.base_url();
                let key = args.api_key.clone().or(Some(REPORT_API_KEY.to_owned()));
                (Some(sim), url, key)
            }
        };
        let key = key.ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                "report needs --api-key (or OFFERKIT_REPORT_API_KEY)",
            )
        })?;
        let rows = server::report(http(url), ApiKey::new(key), &query).await?;
        emit(&out.report(&rows, args.format));
        return Ok(());
    }
    // Keep the embedded simulator alive for the whole command.
    let (_simulator, base_url, token, refresh) = match cli.base_url {
        Some(url) => (None, url, cli.access_token, cli.refresh_token),
        None => {
            let sim = start_simulator("--base-url").await?;
            let url = sim.base_url();
            let (token, refresh) = match (cli.access_token, cli.refresh_token) {
                (token, Some(refresh)) => (token, Some(refresh)),
                (Some(token), None) => (Some(token), None),
                (None, None) if matches!(cli.command, Command::Token) => {
                    (None, Some(sim.sim.config().refresh_token.clone()))
                }
                (None, None) => (Some(sim.sim.issue_token(Duration::from_secs(3600))), None),
            };
            (Some(sim), url, token, refresh)
        }
    };
    let mut config = http(base_url);
    config.access_token = token.map(AccessToken::new);
    let exchanger = refresh
        .map(|refresh| TokenExchanger::new(&config, RefreshToken::new(refresh)))
        .transpose()?;
    if let Command::Token = cli.command {
        let exchanger = exchanger.ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                "token needs --refresh-token (or OFFERKIT_REFRESH_TOKEN)",
            )
        })?;
        let grant = exchanger.exchange().await?;
        emit(&out.token(&grant));
        return Ok(());
    }
    if let Some(exchanger) = exchanger {
        config = config.with_token_provider(exchanger);
    }
    let client = OfferClient::new(config)?;

    match cli.command {
        Command::Offers {
            player,
            limit,
            language,
            sort,
            fields,
        } => {
            warn_conventions(&player.player_id);
            let options = OffersOptions {
                limit,
                language,
                sort,
                select: fields.select,
                selection: fields.selection,
            };
            let list = client
                .offers_fetched(&player.player_id, &options)
                .await?
                .value;
            skipped("offer", &list.skipped);
            emit(&out.offers(&list.offers, true));
        }
        Command::Links { player, fields } => {
            warn_conventions(&player.player_id);
            let options = LinksOptions {
                select: fields.select,
                selection: fields.selection,
            };
            let links = client.links(&player.player_id, &options).await?;
            emit(&out.links(&links));
        }
        Command::PlayerOffers {
            player,
            limit,
            language,
            after,
            all,
            select,
            selection,
        } => {
            warn_conventions(&player.player_id);
            let options = PlayerOffersOptions {
                language,
                limit,
                after,
                select,
                selection,
            };
            let page = if all {
                client
                    .player_offers_pager(&player.player_id, options)?
                    .collect_all()
                    .await?
            } else {
                client.player_offers(&player.player_id, &options).await?
            };
            skipped("player offer", &page.skipped);
            emit(&out.player_offers(&page));
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
                let list = client
                    .list_offers_pager(per_page.unwrap_or(offerkit::PAGE_SIZE_MAX))?
                    .collect_all()
                    .await?;
                skipped("offer", &list.skipped);
                emit(&out.offers(&list.offers, false));
            } else {
                let listing = client
                    .list_offers(ListingOptions { per_page, page })
                    .await?;
                skipped("offer", &listing.skipped);
                emit(&out.listing(&listing));
            }
        }
        Command::Graphql { query, variables } => {
            let variables = variables
                .map(|text| offerkit::graphql_variables("--variables", &text))
                .transpose()?;
            let response = client.graphql(&query, variables).await?;
            emit(&out.graphql(&response));
        }
        Command::ClickUrl { args } => {
            let built = click::from_offer(&client, &args).await?;
            click::print(&built, cli.json);
        }
        Command::Sim { .. }
        | Command::Token
        | Command::Report { .. }
        | Command::Rewards { .. }
        | Command::Postback { .. } => {
            unreachable!("handled above")
        }
    }
    Ok(())
}

/// The embedded simulator, standing in for a service whose address was not given. When it
/// goes (at the end of the command), it says on stderr whether it answered anything, so fake
/// offers and fake money are never taken for real ones (stdout stays the result alone).
struct Embedded {
    sim: Simulator,
    /// The option whose absence made it answer.
    missing: &'static str,
}

impl Embedded {
    fn base_url(&self) -> String {
        self.sim.base_url()
    }
}

impl Drop for Embedded {
    fn drop(&mut self) {
        if self.sim.stats().requests > 0 {
            eprintln!(
                "offerkit: no {} given: the embedded simulator answered (sample data, not the \
                 real service)",
                self.missing
            );
        }
    }
}

async fn start_simulator(missing: &'static str) -> Result<Embedded, Error> {
    let sim = Simulator::start(SimConfig::default())
        .await
        .map_err(|e| Error::new(ErrorKind::Internal, format!("simulator: {e}")))?;
    Ok(Embedded { sim, missing })
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
