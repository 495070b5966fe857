//! Walking a paginated answer: every offer a player engaged with (`playerOffers`), one page at
//! a time, with the pager following `next_cursor` until the last page.
//!
//! ```sh
//! OFFERKIT_BASE_URL=https://offers.example.com OFFERKIT_ACCESS_TOKEN=… OFFERKIT_PLAYER_ID=… \
//!     cargo run -p offerkit --example pager
//! ```
//!
//! - `OFFERKIT_BASE_URL`, `OFFERKIT_ACCESS_TOKEN`: the service and a short-lived access token
//! - `OFFERKIT_PLAYER_ID`: whose offers (default `demo-player`)
//!
//! Prints `page N: K offers` and then `  id  status  name` per offer, and last
//! `T offers on P pages`; on failure the error (`kind: message`) on stderr, exit status 1.

mod support;

use std::process::ExitCode;

use offerkit::{ClientConfig, OfferClient, PlayerOffersOptions};

async fn run() -> offerkit::Result<()> {
    let player_id = support::player_id();
    let client = OfferClient::new(
        ClientConfig::new(support::env("OFFERKIT_BASE_URL")?)
            .with_access_token(support::env("OFFERKIT_ACCESS_TOKEN")?),
    )?;
    let options = PlayerOffersOptions {
        limit: Some(20), // offers per page
        ..Default::default()
    };
    // The arguments are checked here, before any request. The pager stops with a `decode`
    // error if the service's cursors go round in a cycle or never end (`max_pages`).
    let mut pager = client.player_offers_pager(&player_id, options)?;
    let (mut pages, mut total) = (0, 0);
    // A failed page leaves the pager where it was: calling `next_page` again retries it.
    while let Some(page) = pager.next_page().await? {
        pages += 1;
        total += page.items.len();
        println!("page {pages}: {} offers", page.items.len());
        for item in &page.items {
            let id = item.id.as_deref().unwrap_or("?");
            let status = item.status.as_deref().unwrap_or("?");
            let name = item.name.as_deref().unwrap_or("?");
            println!("  {id}  {status}  {name}");
        }
    }
    // `pager.collect_all()` does the same walk and returns every item at once.
    println!("{total} offers on {pages} pages");
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    support::exit(run().await)
}
