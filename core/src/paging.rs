//! Following pages to the end: `playerOffers` by `next_cursor`, the listing by page number.
//!
//! A pager keeps its position when a page fails, so the caller may call `next_page` again.
//! A service that does not advance (the same cursor twice, a page number that does not grow)
//! is reported as `decode` instead of looping forever.

use crate::client::{ListingOptions, OfferClient, PlayerOffersOptions};
use crate::error::{Error, ErrorKind, Result};
use crate::offer::{ListingPage, Offer, PlayerOffer, PlayerOffersPage};

/// Pages of `playerOffers`, following `next_cursor` until it is null.
pub struct PlayerOffersPager {
    client: OfferClient,
    player_id: String,
    options: PlayerOffersOptions,
    done: bool,
}

impl PlayerOffersPager {
    pub(crate) fn new(
        client: OfferClient,
        player_id: String,
        options: PlayerOffersOptions,
    ) -> Self {
        PlayerOffersPager {
            client,
            player_id,
            options,
            done: false,
        }
    }

    /// The next page, or `None` after the last one.
    pub async fn next_page(&mut self) -> Result<Option<PlayerOffersPage>> {
        if self.done {
            return Ok(None);
        }
        let page = self
            .client
            .player_offers(&self.player_id, &self.options)
            .await?;
        match &page.next_cursor {
            None => self.done = true,
            Some(next) if self.options.after.as_ref() == Some(next) => {
                self.done = true;
                return Err(Error::new(
                    ErrorKind::Decode,
                    "the service returned the same cursor twice",
                ));
            }
            Some(next) => self.options.after = Some(next.clone()),
        }
        Ok(Some(page))
    }

    /// Every remaining item, in order.
    pub async fn collect_all(mut self) -> Result<Vec<PlayerOffer>> {
        let mut items = Vec::new();
        while let Some(page) = self.next_page().await? {
            items.extend(page.items);
        }
        Ok(items)
    }
}

/// Most pages a listing pager follows (100 offers a page: ten million offers).
const MAX_LISTING_PAGES: i64 = 100_000;

/// Pages of the listing, from page 1 while `has_more_pages` is true.
pub struct ListingPager {
    client: OfferClient,
    per_page: i64,
    next: Option<i64>,
}

impl ListingPager {
    pub(crate) fn new(client: OfferClient, per_page: i64) -> Self {
        ListingPager {
            client,
            per_page,
            next: Some(1),
        }
    }

    /// The next page, or `None` after the last one.
    pub async fn next_page(&mut self) -> Result<Option<ListingPage>> {
        let Some(page) = self.next else {
            return Ok(None);
        };
        let options = ListingOptions {
            per_page: Some(self.per_page),
            page: Some(page),
        };
        let listing = self.client.list_offers(options).await?;
        let pagination = listing.pagination.as_ref().ok_or_else(|| {
            Error::new(
                ErrorKind::Decode,
                "paginated listing response has no pagination object",
            )
        })?;
        self.next = if pagination.has_more_pages {
            let next = pagination.next_page.unwrap_or(page + 1);
            if next <= page || next > MAX_LISTING_PAGES {
                self.next = None;
                return Err(Error::new(
                    ErrorKind::Decode,
                    format!("the listing's next_page {next} does not follow page {page}"),
                ));
            }
            Some(next)
        } else {
            None
        };
        Ok(Some(listing))
    }

    /// Every remaining offer, in order.
    pub async fn collect_all(mut self) -> Result<Vec<Offer>> {
        let mut offers = Vec::new();
        while let Some(page) = self.next_page().await? {
            offers.extend(page.offers);
        }
        Ok(offers)
    }
}
