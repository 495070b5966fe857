//! Argument validation with the service's (Laravel) wording. The GraphQL resolvers turn a
//! failed check into one error per field carrying every failing argument; the HTTP
//! endpoints turn it into a 422 `{message, errors}` body. Lengths count Unicode characters.

use crate::catalogue::{SortDirection, SortKey};
use crate::locale::Language;

pub const PLAYER_ID_MAX: usize = 255;
pub const LANGUAGE_MIN: usize = 2;
pub const LANGUAGE_MAX: usize = 5;
pub const PLAYER_OFFERS_LIMIT_MAX: i32 = 100;
pub const PLAYER_OFFERS_LIMIT_DEFAULT: usize = 50;

/// Failing arguments in the order they were checked, each with its messages.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Violations(Vec<(String, Vec<String>)>);

impl Violations {
    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        let field = field.into();
        let message = message.into();
        match self.0.iter_mut().find(|(f, _)| *f == field) {
            Some((_, messages)) => messages.push(message),
            None => self.0.push((field, vec![message])),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn first_message(&self) -> Option<&str> {
        self.0
            .first()
            .and_then(|(_, m)| m.first())
            .map(String::as_str)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.0.iter().map(|(f, m)| (f.as_str(), m.as_slice()))
    }

    /// `Ok(value)` when nothing failed.
    pub fn into_result<T>(self, value: T) -> Result<T, Violations> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }

    /// The `{message, errors}` body of a 422 response.
    pub fn to_422_body(&self) -> serde_json::Value {
        let errors: serde_json::Map<String, serde_json::Value> = self
            .iter()
            .map(|(f, m)| (f.to_owned(), serde_json::json!(m)))
            .collect();
        serde_json::json!({ "message": self.first_message().unwrap_or("The given data was invalid."), "errors": errors })
    }
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// `player_id`: required, at most 255 characters (offers, links, playerOffers).
pub fn check_player_id(v: &mut Violations, player_id: &str) {
    if player_id.is_empty() {
        v.add("player_id", "The player id field is required.");
    } else if chars(player_id) > PLAYER_ID_MAX {
        v.add(
            "player_id",
            format!("The player id field must not be greater than {PLAYER_ID_MAX} characters."),
        );
    }
}

fn check_language(v: &mut Violations, language: Option<&str>) -> Language {
    if let Some(lang) = language {
        let n = chars(lang);
        if n > LANGUAGE_MAX {
            v.add(
                "language",
                format!("The language field must not be greater than {LANGUAGE_MAX} characters."),
            );
        } else if n < LANGUAGE_MIN {
            v.add(
                "language",
                format!("The language field must be at least {LANGUAGE_MIN} characters."),
            );
        }
    }
    Language::from_arg(language)
}

fn check_limit_min(v: &mut Violations, limit: Option<i32>) {
    if matches!(limit, Some(l) if l < 1) {
        v.add("limit", "The limit field must be at least 1.");
    }
}

/// `sort`: `<option>.<direction>`, split on the first dot.
fn check_sort(v: &mut Violations, sort: Option<&str>) -> Option<(SortKey, SortDirection)> {
    let sort = sort?;
    let Some((option, direction)) = sort.split_once('.') else {
        v.add(
            "sort",
            "The selected sort is invalid and must be a dot separated string.",
        );
        return None;
    };
    let key = match option {
        "epc" => Some(SortKey::Epc),
        "last_activation" => Some(SortKey::LastActivation),
        _ => {
            v.add(
                "sort",
                format!("The provided sort option ({option}) is invalid."),
            );
            None
        }
    };
    let dir = match direction {
        "asc" => Some(SortDirection::Asc),
        "desc" => Some(SortDirection::Desc),
        _ => {
            v.add(
                "sort",
                format!("The provided direction ({direction}) is invalid."),
            );
            None
        }
    };
    key.zip(dir)
}

/// Checked arguments of `offers`.
#[derive(Debug, PartialEq)]
pub struct OffersArgs {
    pub limit: Option<usize>,
    pub language: Language,
    pub sort: Option<(SortKey, SortDirection)>,
}

pub fn offers_args(
    player_id: &str,
    limit: Option<i32>,
    language: Option<&str>,
    sort: Option<&str>,
) -> Result<OffersArgs, Violations> {
    let mut v = Violations::default();
    check_player_id(&mut v, player_id);
    check_limit_min(&mut v, limit);
    let language = check_language(&mut v, language);
    let sort = check_sort(&mut v, sort);
    let limit = limit.and_then(|l| usize::try_from(l).ok());
    v.into_result(OffersArgs {
        limit,
        language,
        sort,
    })
}

pub fn links_args(player_id: &str) -> Result<(), Violations> {
    let mut v = Violations::default();
    check_player_id(&mut v, player_id);
    v.into_result(())
}

/// Checked arguments of `playerOffers` (the cursor is checked separately, after these).
#[derive(Debug, PartialEq)]
pub struct PlayerOffersArgs {
    pub limit: usize,
    pub language: Language,
}

pub fn player_offers_args(
    player_id: &str,
    language: Option<&str>,
    limit: Option<i32>,
) -> Result<PlayerOffersArgs, Violations> {
    let mut v = Violations::default();
    check_player_id(&mut v, player_id);
    let language = check_language(&mut v, language);
    check_limit_min(&mut v, limit);
    if matches!(limit, Some(l) if l > PLAYER_OFFERS_LIMIT_MAX) {
        v.add(
            "limit",
            format!("The limit field must not be greater than {PLAYER_OFFERS_LIMIT_MAX}."),
        );
    }
    let limit = limit
        .and_then(|l| usize::try_from(l).ok())
        .unwrap_or(PLAYER_OFFERS_LIMIT_DEFAULT);
    v.into_result(PlayerOffersArgs { limit, language })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(v: &Violations, field: &str) -> Vec<String> {
        v.iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.to_vec())
            .unwrap_or_default()
    }

    #[test]
    fn player_id_rules() {
        let e = offers_args("", None, None, None).unwrap_err();
        assert_eq!(
            messages(&e, "player_id"),
            ["The player id field is required."]
        );
        let long = "é".repeat(256);
        let e = links_args(&long).unwrap_err();
        assert_eq!(
            messages(&e, "player_id"),
            ["The player id field must not be greater than 255 characters."]
        );
        assert!(links_args(&"é".repeat(255)).is_ok());
        assert!(links_args("Has Upper.Case and spaces").is_ok());
    }

    #[test]
    fn sort_rules() {
        let e = offers_args("p", None, None, Some("epc")).unwrap_err();
        assert_eq!(
            messages(&e, "sort"),
            ["The selected sort is invalid and must be a dot separated string."]
        );
        let e = offers_args("p", None, None, Some("price.up")).unwrap_err();
        assert_eq!(
            messages(&e, "sort"),
            [
                "The provided sort option (price) is invalid.",
                "The provided direction (up) is invalid."
            ]
        );
        let e = offers_args("p", None, None, Some("epc.up.down")).unwrap_err();
        assert_eq!(
            messages(&e, "sort"),
            ["The provided direction (up.down) is invalid."]
        );
        let ok = offers_args("p", None, None, Some("last_activation.desc")).expect("valid");
        assert_eq!(
            ok.sort,
            Some((SortKey::LastActivation, SortDirection::Desc))
        );
    }

    #[test]
    fn all_failing_arguments_are_collected_in_order() {
        let e = offers_args("", Some(0), Some("toolong"), Some("x")).unwrap_err();
        let fields: Vec<&str> = e.iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["player_id", "limit", "language", "sort"]);
        assert_eq!(e.first_message(), Some("The player id field is required."));
    }

    #[test]
    fn language_and_limit_bounds() {
        let cases = [
            (
                "e",
                101,
                "The language field must be at least 2 characters.",
                "The limit field must not be greater than 100.",
            ),
            (
                "abcdef",
                0,
                "The language field must not be greater than 5 characters.",
                "The limit field must be at least 1.",
            ),
        ];
        for (language, limit, language_message, limit_message) in cases {
            let e = player_offers_args("p", Some(language), Some(limit)).unwrap_err();
            assert_eq!(messages(&e, "language"), [language_message]);
            assert_eq!(messages(&e, "limit"), [limit_message]);
        }
        let ok = player_offers_args("p", Some("zh-HK"), None).expect("valid");
        assert_eq!(
            ok,
            PlayerOffersArgs {
                limit: 50,
                language: Language::ZhHk
            }
        );
    }
}
