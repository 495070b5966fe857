//! The paging misbehaviour modes: `playerOffers` cursors that cycle A → B → A
//! (`cursor_cycle`) or pages that are empty and never end (`endless_empty_pages`), and a GET
//! listing whose next page is always the page just read (`listing_stall`). The cursors they
//! hand out are ordinary signed cursors (cursor.rs), so the simulator accepts them as any
//! other; the exact rules are in README.md ("Misbehaviour modes").

use crate::cursor::CursorKey;
use crate::mess::Mess;

/// Offset of cursor A of `cursor_cycle`: the first page again.
pub const CYCLE_A_OFFSET: usize = 0;
/// Offset of cursor B of `cursor_cycle`: the list from its second item.
pub const CYCLE_B_OFFSET: usize = 1;

/// What a `playerOffers` page becomes under a paging mode.
#[derive(Debug, PartialEq, Eq)]
pub struct PageOverride {
    /// The page has no items.
    pub empty: bool,
    /// Its `next_cursor`, never null.
    pub next_cursor: String,
}

/// The page's override when `cursor_cycle` or `endless_empty_pages` is on (the latter wins
/// when both are); `after` is the offset the request's cursor opened to, `None` without one.
pub fn player_offers(
    mess: &Mess,
    cursors: &CursorKey,
    player_id: &str,
    after: Option<usize>,
    total: usize,
) -> Option<PageOverride> {
    if mess.endless_empty_pages {
        // Past the end and one further each page: never the same cursor twice in a row of pages.
        let next = after.unwrap_or(0).max(total).saturating_add(1);
        return Some(PageOverride {
            empty: true,
            next_cursor: cursors.issue(player_id, next),
        });
    }
    if mess.cursor_cycle {
        let next = match after {
            None | Some(CYCLE_B_OFFSET) => CYCLE_A_OFFSET,
            Some(_) => CYCLE_B_OFFSET,
        };
        return Some(PageOverride {
            empty: false,
            next_cursor: cursors.issue(player_id, next),
        });
    }
    None
}

/// `(has_more_pages, next_page)` of the listing's page `page`, given what they would be.
pub fn listing_pagination(
    mess: Option<&Mess>,
    page: usize,
    has_more_pages: bool,
) -> (bool, Option<usize>) {
    if mess.is_some_and(|m| m.listing_stall) {
        (true, Some(page))
    } else {
        (has_more_pages, has_more_pages.then_some(page + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_alternates_and_endless_always_moves_on() {
        let key = CursorKey::new(1);
        let cycle = Mess {
            cursor_cycle: true,
            ..Mess::default()
        };
        let next = |after: Option<usize>| {
            player_offers(&cycle, &key, "p", after, 20).map(|o| key.open("p", &o.next_cursor))
        };
        assert_eq!(next(None), Some(Some(0)));
        assert_eq!(next(Some(0)), Some(Some(1)));
        assert_eq!(next(Some(1)), Some(Some(0)));
        assert_eq!(next(Some(7)), Some(Some(1)));

        let endless = Mess {
            endless_empty_pages: true,
            cursor_cycle: true,
            ..Mess::default()
        };
        let mut after = None;
        let mut offsets = Vec::new();
        for _ in 0..4 {
            let o = player_offers(&endless, &key, "p", after, 20).expect("override");
            assert!(o.empty);
            after = key.open("p", &o.next_cursor);
            offsets.extend(after);
        }
        assert_eq!(offsets, [21, 22, 23, 24]);
        assert_eq!(player_offers(&Mess::default(), &key, "p", None, 20), None);
    }

    #[test]
    fn a_stalled_listing_never_advances() {
        let stall = Mess {
            listing_stall: true,
            ..Mess::default()
        };
        assert_eq!(listing_pagination(Some(&stall), 3, false), (true, Some(3)));
        assert_eq!(listing_pagination(None, 3, true), (true, Some(4)));
        assert_eq!(
            listing_pagination(Some(&Mess::default()), 3, false),
            (false, None)
        );
    }
}
