//! Client-side copy of the spec's "Validation rules and messages" and "Limits" tables.
//!
//! Each query's arguments are checked before anything is sent, so a game gets the error without
//! a round trip. A failure is `invalid_argument` with the same field path, argument names and
//! message wording the service uses, so callers handle both the same way.

use crate::error::{Error, FieldError, Result};

/// Largest `player_id`, in characters (the service enforces it).
pub const PLAYER_ID_MAX_CHARS: usize = 255;
/// Allowed `sort` options, the part before the dot.
pub const SORT_OPTIONS: [&str; 2] = ["epc", "last_activation"];
/// Allowed `sort` directions, the part after the dot.
pub const SORT_DIRECTIONS: [&str; 2] = ["asc", "desc"];
/// Largest `limit` of `playerOffers` and largest `per_page` of the listing.
pub const PAGE_SIZE_MAX: i64 = 100;

/// Adds the `player_id` messages (required, non-empty, at most 255 characters).
pub(crate) fn player_id(field: &mut FieldError, player_id: &str) {
    if player_id.is_empty() {
        field.add("player_id", "The player id field is required.");
    } else if player_id.chars().count() > PLAYER_ID_MAX_CHARS {
        field.add(
            "player_id",
            "The player id field must not be greater than 255 characters.",
        );
    }
}

fn language(field: &mut FieldError, language: Option<&str>) {
    let Some(language) = language else { return };
    let chars = language.chars().count();
    if chars > 5 {
        field.add(
            "language",
            "The language field must not be greater than 5 characters.",
        );
    } else if chars < 2 {
        field.add(
            "language",
            "The language field must be at least 2 characters.",
        );
    }
}

fn sort(field: &mut FieldError, sort: Option<&str>) {
    let Some(sort) = sort else { return };
    let Some((option, direction)) = sort.split_once('.') else {
        field.add(
            "sort",
            "The selected sort is invalid and must be a dot separated string.",
        );
        return;
    };
    if !SORT_OPTIONS.contains(&option) {
        field.add(
            "sort",
            format!("The provided sort option ({option}) is invalid."),
        );
    }
    if !SORT_DIRECTIONS.contains(&direction) {
        field.add(
            "sort",
            format!("The provided direction ({direction}) is invalid."),
        );
    }
}

/// GraphQL `Int` is 32-bit; a larger value is not an integer to the service.
fn graphql_int(field: &mut FieldError, name: &str, value: i64) -> bool {
    if i32::try_from(value).is_err() {
        field.add(name, format!("The {name} field must be an integer."));
        return false;
    }
    true
}

fn finish(field: FieldError) -> Result<()> {
    if field.is_empty() {
        Ok(())
    } else {
        Err(Error::invalid_arguments(vec![field]))
    }
}

/// `offers(player_id, limit, language, sort)`.
pub(crate) fn offers(
    id: &str,
    limit: Option<i64>,
    lang: Option<&str>,
    order: Option<&str>,
) -> Result<()> {
    let mut field = FieldError::new(&["offers"]);
    player_id(&mut field, id);
    if let Some(limit) = limit {
        if graphql_int(&mut field, "limit", limit) && limit < 1 {
            field.add("limit", "The limit field must be at least 1.");
        }
    }
    language(&mut field, lang);
    sort(&mut field, order);
    finish(field)
}

/// `links(player_id)`.
pub(crate) fn links(id: &str) -> Result<()> {
    let mut field = FieldError::new(&["links"]);
    player_id(&mut field, id);
    finish(field)
}

/// `playerOffers(player_id, language, limit, after)`; `after` is checked by the service only.
pub(crate) fn player_offers(id: &str, lang: Option<&str>, limit: Option<i64>) -> Result<()> {
    let mut field = FieldError::new(&["playerOffers"]);
    player_id(&mut field, id);
    language(&mut field, lang);
    if let Some(limit) = limit {
        if graphql_int(&mut field, "limit", limit) {
            if limit < 1 {
                field.add("limit", "The limit field must be at least 1.");
            } else if limit > PAGE_SIZE_MAX {
                field.add("limit", "The limit field must not be greater than 100.");
            }
        }
    }
    finish(field)
}

/// The paginated listing's `per_page` (1–100) and `page` (≥ 1, only with `per_page`). Like the
/// service's 422 body, the entry has an empty path.
pub(crate) fn listing(per_page: Option<i64>, page: Option<i64>) -> Result<()> {
    let mut field = FieldError::new(&[]);
    match (per_page, page) {
        (None, Some(_)) => field.add(
            "per_page",
            "The per page field is required when page is present.",
        ),
        (Some(per_page), _) if !(1..=PAGE_SIZE_MAX).contains(&per_page) => {
            field.add("per_page", "The per page field must be between 1 and 100.")
        }
        _ => {}
    }
    if let Some(page) = page {
        if page < 1 {
            field.add("page", "The page field must be at least 1.");
        }
    }
    finish(field)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn messages(result: Result<()>, argument: &str) -> Vec<String> {
        let err = result.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert_eq!(err.fields().len(), 1, "one entry per failing field");
        err.fields()[0]
            .arguments
            .get(argument)
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn player_id_rules() {
        assert!(offers("a", None, None, None).is_ok());
        assert!(offers(&"a".repeat(255), None, None, None).is_ok());
        // Characters, not bytes: 255 two-byte characters are fine.
        assert!(offers(&"é".repeat(255), None, None, None).is_ok());
        assert_eq!(
            messages(offers("", None, None, None), "player_id"),
            ["The player id field is required."]
        );
        assert_eq!(
            messages(offers(&"a".repeat(256), None, None, None), "player_id"),
            ["The player id field must not be greater than 255 characters."]
        );
        assert!(links(&"a".repeat(256)).is_err());
        assert!(player_offers(&"a".repeat(256), None, None).is_err());
        // Convention breaks are not validation failures: the service accepts them.
        assert!(offers("Player.One with spaces", None, None, None).is_ok());
    }

    #[test]
    fn sort_rules_have_three_distinct_messages() {
        for ok in [
            "epc.asc",
            "epc.desc",
            "last_activation.asc",
            "last_activation.desc",
        ] {
            assert!(offers("p", None, None, Some(ok)).is_ok(), "{ok}");
        }
        assert_eq!(
            messages(offers("p", None, None, Some("epc")), "sort"),
            ["The selected sort is invalid and must be a dot separated string."]
        );
        assert_eq!(
            messages(offers("p", None, None, Some("price.asc")), "sort"),
            ["The provided sort option (price) is invalid."]
        );
        assert_eq!(
            messages(offers("p", None, None, Some("epc.up")), "sort"),
            ["The provided direction (up) is invalid."]
        );
        assert_eq!(
            messages(offers("p", None, None, Some("x.y")), "sort"),
            [
                "The provided sort option (x) is invalid.",
                "The provided direction (y) is invalid."
            ]
        );
    }

    #[test]
    fn limit_and_language_rules() {
        assert!(offers("p", Some(1), Some("en"), None).is_ok());
        assert!(offers("p", Some(1000), Some("zh-HK"), None).is_ok());
        assert_eq!(
            messages(offers("p", Some(0), None, None), "limit"),
            ["The limit field must be at least 1."]
        );
        assert_eq!(
            messages(
                offers("p", Some(i64::from(i32::MAX) + 1), None, None),
                "limit"
            ),
            ["The limit field must be an integer."]
        );
        assert_eq!(
            messages(offers("p", None, Some("toolong"), None), "language"),
            ["The language field must not be greater than 5 characters."]
        );
        assert_eq!(
            messages(player_offers("p", Some("e"), None), "language"),
            ["The language field must be at least 2 characters."]
        );
        assert!(player_offers("p", None, Some(100)).is_ok());
        assert_eq!(
            messages(player_offers("p", None, Some(101)), "limit"),
            ["The limit field must not be greater than 100."]
        );
        assert_eq!(
            messages(player_offers("p", None, Some(0)), "limit"),
            ["The limit field must be at least 1."]
        );
    }

    #[test]
    fn all_failing_arguments_of_one_field_come_together() {
        let err = offers("", Some(0), Some("x"), Some("nope")).unwrap_err();
        assert_eq!(err.fields().len(), 1);
        let field = &err.fields()[0];
        assert_eq!(field.path, ["offers"]);
        let names: Vec<&str> = field.arguments.keys().map(String::as_str).collect();
        assert_eq!(names, ["language", "limit", "player_id", "sort"]);
    }

    #[test]
    fn listing_rules() {
        assert!(listing(None, None).is_ok());
        assert!(listing(Some(1), None).is_ok());
        assert!(listing(Some(100), Some(7)).is_ok());
        assert_eq!(
            messages(listing(None, Some(1)), "per_page"),
            ["The per page field is required when page is present."]
        );
        assert_eq!(
            messages(listing(Some(0), None), "per_page"),
            ["The per page field must be between 1 and 100."]
        );
        assert_eq!(
            messages(listing(Some(101), None), "per_page"),
            ["The per page field must be between 1 and 100."]
        );
        assert_eq!(
            messages(listing(Some(10), Some(0)), "page"),
            ["The page field must be at least 1."]
        );
        assert!(
            listing(Some(10), Some(0)).unwrap_err().fields()[0]
                .path
                .is_empty()
        );
    }
}
