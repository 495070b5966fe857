//! Following pages to the end: `playerOffers` by `next_cursor`, the listing by page number.
//!
//! A pager keeps its position when a page fails, so the caller may call `next_page` again.
//! A service that does not advance can never make a walk run away: a cursor seen before in the
//! same walk (A→B→A as well as A→A), a page number that does not grow, or more pages than the
//! client's `max_pages` (default 1,000; this also stops endless empty pages with fresh
//! cursors) ends the walk with a `decode` error that says which. A cycle or a page number
//! that does not follow is found in an answer that arrived, so its error carries that answer's
//! HTTP status; the page cap refuses a page before it is requested, so that error has none.
//!
//! A pager only decides which page comes next; each page is one request of a [`PageSource`]
//! (the client), made exactly as the caller would make it.

use std::collections::HashSet;
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::offer::{ListingPage, OfferList, PlayerOffersPage};
use crate::options::{ListingOptions, PlayerOffersOptions};
use crate::skipped::SkippedItem;
use crate::token::BoxFuture;

/// Where a pager's pages come from: one request per call, validated, retried and mapped like
/// any other. Each page comes with the HTTP status it arrived with.
pub(crate) trait PageSource: Send + Sync + 'static {
    /// One page of `playerOffers` for `player_id`.
    fn player_offers_page<'a>(
        &'a self,
        player_id: &'a str,
        options: &'a PlayerOffersOptions,
    ) -> BoxFuture<'a, Result<(PlayerOffersPage, u16)>>;

    /// One response of the listing.
    fn listing_page(&self, options: ListingOptions) -> BoxFuture<'_, Result<(ListingPage, u16)>>;
}

/// Pages of `playerOffers`, following `next_cursor` until it is null.
pub struct PlayerOffersPager {
    source: Arc<dyn PageSource>,
    player_id: String,
    options: PlayerOffersOptions,
    /// Every cursor of this walk so far (the starting `after` included).
    seen: HashSet<String>,
    pages: u32,
    max_pages: u32,
    done: bool,
}

impl PlayerOffersPager {
    pub(crate) fn new(
        source: Arc<dyn PageSource>,
        player_id: String,
        options: PlayerOffersOptions,
        max_pages: u32,
    ) -> Self {
        let seen = options.after.iter().cloned().collect();
        PlayerOffersPager {
            source,
            player_id,
            options,
            seen,
            pages: 0,
            max_pages,
            done: false,
        }
    }

    /// The next page, or `None` after the last one.
    pub async fn next_page(&mut self) -> Result<Option<PlayerOffersPage>> {
        if self.done {
            return Ok(None);
        }
        if self.pages >= self.max_pages {
            self.done = true;
            return Err(too_many_pages(self.max_pages));
        }
        let (page, status) = self
            .source
            .player_offers_page(&self.player_id, &self.options)
            .await?;
        self.pages += 1;
        match &page.next_cursor {
            None => self.done = true,
            Some(next) if !self.seen.insert(next.clone()) => {
                self.done = true;
                return Err(Error::new(
                    ErrorKind::Decode,
                    format!(
                        "the service returned a cursor it had already returned in this walk \
                         (after {} page(s)): its cursors go round in a cycle",
                        self.pages
                    ),
                )
                .with_status(status));
            }
            Some(next) => self.options.after = Some(next.clone()),
        }
        Ok(Some(page))
    }

    /// Every remaining item, in order, as one page without a next cursor; skipped items are
    /// numbered by their position in the whole walk.
    pub async fn collect_all(mut self) -> Result<PlayerOffersPage> {
        let mut all = PlayerOffersPage::default();
        while let Some(page) = self.next_page().await? {
            append(&mut all.items, &mut all.skipped, page.items, page.skipped);
        }
        Ok(all)
    }
}

/// Adds a page's kept and skipped items to the walk's, numbering the skipped ones by their
/// position in the whole walk: every item sent before this page was either kept or skipped.
fn append<T>(
    items: &mut Vec<T>,
    skipped: &mut Vec<SkippedItem>,
    page_items: Vec<T>,
    page_skipped: Vec<SkippedItem>,
) {
    let offset = items.len() + skipped.len();
    skipped.extend(page_skipped.into_iter().map(|s| SkippedItem {
        index: offset + s.index,
        ..s
    }));
    items.extend(page_items);
}

fn too_many_pages(max_pages: u32) -> Error {
    Error::new(
        ErrorKind::Decode,
        format!(
            "the walk stopped after {max_pages} pages (the client's max_pages) and the service \
             still announces more: raise max_pages if that many pages are real"
        ),
    )
}

/// Pages of the listing, from page 1 while `has_more_pages` is true.
pub struct ListingPager {
    source: Arc<dyn PageSource>,
    per_page: i64,
    next: Option<i64>,
    pages: u32,
    max_pages: u32,
}

impl ListingPager {
    pub(crate) fn new(
        source: Arc<dyn PageSource>,
        per_page: i64,
        first_page: i64,
        max_pages: u32,
    ) -> Self {
        ListingPager {
            source,
            per_page,
            next: Some(first_page),
            pages: 0,
            max_pages,
        }
    }

    /// The next page, or `None` after the last one.
    pub async fn next_page(&mut self) -> Result<Option<ListingPage>> {
        let Some(page) = self.next else {
            return Ok(None);
        };
        if self.pages >= self.max_pages {
            self.next = None;
            return Err(too_many_pages(self.max_pages));
        }
        let options = ListingOptions {
            per_page: Some(self.per_page),
            page: Some(page),
        };
        let (listing, status) = self.source.listing_page(options).await?;
        self.pages += 1;
        let pagination = listing.pagination.as_ref().ok_or_else(|| {
            Error::new(
                ErrorKind::Decode,
                "paginated listing response has no pagination object",
            )
            .with_status(status)
        })?;
        self.next = if pagination.has_more_pages {
            let next = pagination.next_page.unwrap_or(page.saturating_add(1));
            if next <= page {
                self.next = None;
                return Err(Error::new(
                    ErrorKind::Decode,
                    format!("the listing's next_page {next} does not follow page {page}"),
                )
                .with_status(status));
            }
            Some(next)
        } else {
            None
        };
        Ok(Some(listing))
    }

    /// Every remaining offer, in order; skipped items are numbered by their position in the
    /// whole walk.
    pub async fn collect_all(mut self) -> Result<OfferList> {
        let mut all = OfferList::default();
        while let Some(page) = self.next_page().await? {
            append(&mut all.offers, &mut all.skipped, page.offers, page.skipped);
        }
        Ok(all)
    }
}

/// The bindings drive pagers from other threads, so their futures must stay `Send`.
#[cfg(test)]
#[allow(dead_code)]
fn pager_futures_are_send(players: &mut PlayerOffersPager, listing: &mut ListingPager) {
    fn send<T: Send>(_: T) {}
    send(players.next_page());
    send(listing.next_page());
}
