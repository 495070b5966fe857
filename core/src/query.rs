//! The GraphQL documents the client sends, and the check on caller-supplied selections.
//!
//! Default selections: the spec's four offer fields; `support_portal` for `links`; for
//! `playerOffers`, `items { <the simulator's item fields> } next_cursor` (the spec shows only
//! `next_cursor`). Every default can be extended (`select`, appended: GraphQL merges repeated
//! fields, so `creatives { icon_url }` adds to the default `creatives { name description }`)
//! or replaced (`selection`), so a service whose fields differ from the simulator's can still
//! be queried from every binding.

use crate::error::{Error, ErrorKind, Result};

pub(crate) const OFFER_FIELDS: &str = "id name total_payout_usd creatives { name description }";
pub(crate) const LINKS_FIELDS: &str = "support_portal";
pub(crate) const PLAYER_OFFER_FIELDS: &str = "id name status total_payout_usd payout_earned_usd \
     creatives { name description } last_activity_at";

const OFFERS_HEAD: &str = "query Offers($player_id: String!, $limit: Int, $language: String, $sort: String) \
     { offers(player_id: $player_id, limit: $limit, language: $language, sort: $sort) { ";
const LINKS_HEAD: &str = "query Links($player_id: String!) { links(player_id: $player_id) { ";
const PLAYER_OFFERS_HEAD: &str = "query PlayerOffers($player_id: String!, $language: String, $limit: Int, $after: String) \
     { playerOffers(player_id: $player_id, language: $language, limit: $limit, after: $after) { ";
const TAIL: &str = " } }";

/// The selection to send: `selection` (replacing `default`) or `default`, then `select`
/// appended. Both are checked; an empty `select` is ignored, an empty `selection` refused.
pub(crate) fn effective(
    default: &str,
    selection: Option<&str>,
    select: Option<&str>,
) -> Result<String> {
    let base = match selection {
        None => default,
        Some(text) => {
            check_selection(text)?;
            if text.trim().is_empty() {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    "selection must not be empty (leave it unset for the default)",
                ));
            }
            text.trim()
        }
    };
    match select.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(base.to_owned()),
        Some(extra) => {
            check_selection(extra)?;
            Ok(format!("{base} {extra}"))
        }
    }
}

/// The whole `playerOffers` selection: `selection` as given, or the default with `select`
/// added to the items (`select` has no place to go in a replaced selection: giving both is an
/// error).
pub(crate) fn player_offers_selection(
    selection: Option<&str>,
    select: Option<&str>,
) -> Result<String> {
    let select = select.map(str::trim).filter(|s| !s.is_empty());
    if selection.is_some() && select.is_some() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            "playerOffers takes select (fields added to each item) or selection (the whole \
             result, e.g. `items { id name } next_cursor`), not both",
        ));
    }
    match selection {
        Some(_) => effective("", selection, None),
        None => Ok(format!(
            "items {{ {} }} next_cursor",
            effective(PLAYER_OFFER_FIELDS, None, select)?
        )),
    }
}

/// `offers` selecting `selection` (the whole offer selection).
pub(crate) fn offers(selection: &str) -> String {
    format!("{OFFERS_HEAD}{selection}{TAIL}")
}

/// `links` selecting `selection`.
pub(crate) fn links(selection: &str) -> String {
    format!("{LINKS_HEAD}{selection}{TAIL}")
}

/// `playerOffers` selecting `selection` (the whole result, list and `next_cursor` included).
pub(crate) fn player_offers(selection: &str) -> String {
    format!("{PLAYER_OFFERS_HEAD}{selection}{TAIL}")
}

/// A selection must stay inside its braces: balanced `{}`, no operation or fragment syntax.
/// Anything else is left to the service's parser, which answers with a query error.
pub(crate) fn check_selection(selection: &str) -> Result<()> {
    let invalid = |why: &str| {
        Error::new(
            ErrorKind::InvalidArgument,
            format!("selection {selection:?}: {why}"),
        )
    };
    let mut depth: usize = 0;
    for c in selection.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| invalid("unbalanced '}'"))?
            }
            '#' | '$' | '"' => {
                return Err(invalid("comments, variables and strings are not allowed"));
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Err(invalid("unbalanced '{'"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_documents_select_the_spec_fields() {
        let doc = offers(&effective(OFFER_FIELDS, None, None).unwrap());
        assert!(doc.contains("offers(player_id: $player_id"));
        assert!(doc.contains("{ id name total_payout_usd creatives { name description } } }"));
        let doc = player_offers(&player_offers_selection(None, None).unwrap());
        assert!(doc.contains(&format!(
            "{{ items {{ {PLAYER_OFFER_FIELDS} }} next_cursor }} }}"
        )));
        assert_eq!(doc.matches('{').count(), doc.matches('}').count());
        assert!(
            links(&effective(LINKS_FIELDS, None, None).unwrap()).contains("{ support_portal } }")
        );
    }

    #[test]
    fn select_adds_and_selection_replaces() {
        let added = effective(OFFER_FIELDS, None, Some("links { click_url } campaign_id")).unwrap();
        assert_eq!(
            added,
            format!("{OFFER_FIELDS} links {{ click_url }} campaign_id")
        );
        let replaced = effective(OFFER_FIELDS, Some(" id title "), Some("x")).unwrap();
        assert_eq!(replaced, "id title x");
        assert_eq!(
            effective(LINKS_FIELDS, Some("offerwall"), None).unwrap(),
            "offerwall"
        );
        let whole = player_offers_selection(Some("offers { id } next_cursor"), None).unwrap();
        assert_eq!(whole, "offers { id } next_cursor");
        let items = player_offers_selection(None, Some("goals { id }")).unwrap();
        assert!(
            items.starts_with("items { id name status")
                && items.ends_with("goals { id } } next_cursor")
        );
        for bad in [
            effective(OFFER_FIELDS, Some("  "), None),
            player_offers_selection(Some("items { id }"), Some("name")),
        ] {
            assert_eq!(bad.unwrap_err().kind(), ErrorKind::InvalidArgument);
        }
    }

    #[test]
    fn selections_are_checked() {
        for bad in ["} } query X {", "links {", "# x", "x(a: $b)", "x(a: \"1\")"] {
            for (selection, select) in [(Some(bad), None), (None, Some(bad))] {
                assert_eq!(
                    effective(OFFER_FIELDS, selection, select)
                        .unwrap_err()
                        .kind(),
                    ErrorKind::InvalidArgument,
                    "{bad}"
                );
            }
        }
    }
}
