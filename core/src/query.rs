//! The GraphQL documents the client sends, and the check on caller-supplied selections.
//!
//! Default selections: the spec's four offer fields; `support_portal` for `links`; the
//! simulator's item fields for `playerOffers` (the spec leaves both unshown). A caller's extra
//! selection is appended (GraphQL merges repeated fields, so `creatives { icon_url }` adds to
//! the default `creatives { name description }`).

use crate::error::{Error, ErrorKind, Result};

pub(crate) const OFFER_FIELDS: &str = "id name total_payout_usd creatives { name description }";
pub(crate) const LINKS_FIELDS: &str = "support_portal";
pub(crate) const PLAYER_OFFER_FIELDS: &str = "id name status total_payout_usd payout_earned_usd \
     creatives { name description } last_activity_at";

const OFFERS_HEAD: &str = "query Offers($player_id: String!, $limit: Int, $language: String, $sort: String) \
     { offers(player_id: $player_id, limit: $limit, language: $language, sort: $sort) { ";
const LINKS_HEAD: &str = "query Links($player_id: String!) { links(player_id: $player_id) { ";
const PLAYER_OFFERS_HEAD: &str = "query PlayerOffers($player_id: String!, $language: String, $limit: Int, $after: String) \
     { playerOffers(player_id: $player_id, language: $language, limit: $limit, after: $after) { items { ";

/// `offers` with the default fields plus `extra`.
pub(crate) fn offers(extra: Option<&str>) -> Result<String> {
    document(OFFERS_HEAD, OFFER_FIELDS, extra, " } }")
}

/// `links` with `selection` replacing the default.
pub(crate) fn links(selection: Option<&str>) -> Result<String> {
    match selection {
        None => document(LINKS_HEAD, LINKS_FIELDS, None, " } }"),
        Some(fields) => {
            check_selection(fields)?;
            Ok(format!("{LINKS_HEAD}{fields} }} }}"))
        }
    }
}

/// `playerOffers` items with the default fields plus `extra`, and `next_cursor`.
pub(crate) fn player_offers(extra: Option<&str>) -> Result<String> {
    document(
        PLAYER_OFFERS_HEAD,
        PLAYER_OFFER_FIELDS,
        extra,
        " } next_cursor } }",
    )
}

fn document(
    head: &'static str,
    fields: &'static str,
    extra: Option<&str>,
    tail: &'static str,
) -> Result<String> {
    match extra.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(format!("{head}{fields}{tail}")),
        Some(extra) => {
            check_selection(extra)?;
            Ok(format!("{head}{fields} {extra}{tail}"))
        }
    }
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
        let doc = offers(None).unwrap();
        assert!(doc.contains("offers(player_id: $player_id"));
        assert!(doc.contains("id name total_payout_usd creatives { name description }"));
        assert_eq!(doc.matches('{').count(), doc.matches('}').count());
        let doc = player_offers(None).unwrap();
        assert!(doc.contains("next_cursor"));
        assert_eq!(doc.matches('{').count(), doc.matches('}').count());
        assert!(links(None).unwrap().contains("support_portal"));
    }

    #[test]
    fn extra_selection_is_appended_and_checked() {
        let doc = offers(Some("links { click_url } campaign_id")).unwrap();
        assert!(doc.contains("creatives { name description } links { click_url } campaign_id } }"));
        for bad in ["} } query X {", "links {", "# x", "x(a: $b)", "x(a: \"1\")"] {
            assert_eq!(
                offers(Some(bad)).unwrap_err().kind(),
                ErrorKind::InvalidArgument,
                "{bad}"
            );
        }
        assert!(
            links(Some("support_portal offerwall"))
                .unwrap()
                .contains("offerwall")
        );
    }
}
