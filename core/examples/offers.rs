//! The main job: fetch the offers targeted at one player and print them, handling the typed
//! error the way a backend or tool would.
//!
//! ```sh
//! OFFERKIT_BASE_URL=https://offers.example.com OFFERKIT_ACCESS_TOKEN=… \
//!     cargo run -p offerkit --example offers
//! ```
//!
//! - `OFFERKIT_BASE_URL`: the service (plain `http://` is accepted for loopback hosts only)
//! - `OFFERKIT_ACCESS_TOKEN`: a short-lived access token from your backend
//! - `OFFERKIT_PLAYER_ID`: whose offers (default `demo-player`)
//!
//! Prints one line per offer (`id  name  $payout`, best earning first); on failure prints the
//! error (`kind: message`) on stderr and exits with status 1.

mod support;

use std::process::ExitCode;
use std::time::Duration;

use offerkit::{ClientConfig, ErrorKind, OfferClient, OffersOptions};

async fn run() -> offerkit::Result<()> {
    let player_id = support::player_id();
    // One client per process: it is cheap to clone and shares its connections.
    let client = OfferClient::new(
        ClientConfig::new(support::env("OFFERKIT_BASE_URL")?)
            .with_access_token(support::env("OFFERKIT_ACCESS_TOKEN")?)
            // No call takes longer than this, retries and waits included.
            .with_deadline(Duration::from_secs(10)),
    )?;
    let options = OffersOptions {
        limit: Some(5),
        sort: Some("epc.desc".into()),
        ..Default::default()
    };
    // `offers_fetched` also says which offers the service sent malformed (left out of the list).
    let fetched = client.offers_fetched(&player_id, &options).await?;
    for skipped in &fetched.value.skipped {
        eprintln!("skipped a malformed offer: {skipped}");
    }
    let offers = fetched.value.offers;
    println!("{} offers for {player_id}:", offers.len());
    for offer in &offers {
        // The default selection names the typed fields, so they are all present here; they are
        // `Option`s because a replaced selection may leave them out.
        let id = offer.id.as_deref().unwrap_or("?");
        let name = offer.name.as_deref().unwrap_or("?");
        let payout = offer.total_payout_usd.unwrap_or(0.0);
        println!("  {id}  {name}  ${payout:.2}");
    }
    Ok(())
}

/// Every failure is one `offerkit::Error`; its kind says what to do about it.
fn advise(err: &offerkit::Error) {
    match err.kind() {
        ErrorKind::Unauthorized => eprintln!("the token was refused: get a new one"),
        ErrorKind::RateLimited => {
            let wait = err.retry_after().unwrap_or(Duration::from_secs(60));
            eprintln!("the service is busy: try again in {} s", wait.as_secs());
        }
        ErrorKind::Network | ErrorKind::Timeout | ErrorKind::Server => {
            eprintln!("the service is unreachable right now: try again later")
        }
        _ => {}
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let outcome = run().await;
    if let Err(err) = &outcome {
        advise(err);
    }
    support::exit(outcome)
}
