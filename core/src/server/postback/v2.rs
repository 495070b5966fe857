//! v2 postbacks: `GET` with URL parameters (`player_id`, `amount`, `payout`,
//! `transaction_id`, `request_id`, ...) and a `verifier` parameter signing the URL without it
//! (see `canonical.rs` for exactly what is signed). This file turns an already verified
//! query into a [`Conversion`].
//!
//! The ledger key of a v2 conversion is `transaction_id` alone. `request_id` is recorded but
//! never used as a key: a sender's retry may carry a new one, and keying on it would credit a
//! conversion once per retry.

use std::collections::BTreeMap;

use super::canonical::{VERIFIER, pairs};
use super::conversion::{
    Conversion, ConversionKind, PostbackFormat, Problems, check_amount, check_key, check_player_id,
    check_timestamp,
};
use crate::error::Result;

const TYPED: [&str; 12] = [
    "player_id",
    "amount",
    "payout",
    "transaction_id",
    "request_id",
    "timestamp",
    "offer_id",
    "offer_name",
    "conversion_type",
    "goal_id",
    "goal_name",
    "campaign_id",
];

/// Parses a verified raw query (the `verifier` is ignored). A parameter sent twice is
/// refused: which of two values to credit would be a guess.
pub(crate) fn parse(raw_query: &str) -> Result<Conversion> {
    let mut problems = Problems::new();
    let mut params: BTreeMap<String, String> = BTreeMap::new();
    for pair in pairs(raw_query) {
        let (Ok(name), Ok(value)) = (
            String::from_utf8(pair.name),
            String::from_utf8(pair.value.unwrap_or_default()),
        ) else {
            problems.add("query", "Parameters must be UTF-8 text.");
            continue;
        };
        if name == VERIFIER {
            continue;
        }
        if params.contains_key(&name) {
            problems.add(
                &name,
                format!("The {name} parameter is sent more than once."),
            );
            continue;
        }
        params.insert(name, value);
    }
    let get = |name: &str| params.get(name).map(String::as_str);
    let player_id = check_player_id(&mut problems, get("player_id"));
    let conversion_id = check_key(&mut problems, "transaction_id", get("transaction_id"));
    let amount = check_amount(&mut problems, get("amount"));
    let timestamp = check_timestamp(&mut problems, get("timestamp"));
    let owned = |name: &str| get(name).filter(|v| !v.is_empty()).map(str::to_owned);
    let conversion = Conversion {
        format: PostbackFormat::V2,
        conversion_id,
        player_id,
        amount,
        payout: owned("payout"),
        kind: get("conversion_type")
            .filter(|t| !t.is_empty())
            .map_or(ConversionKind::Reward, ConversionKind::parse),
        request_id: owned("request_id"),
        timestamp,
        offer_id: owned("offer_id"),
        offer_name: owned("offer_name"),
        goal_id: owned("goal_id"),
        goal_name: owned("goal_name"),
        campaign_id: owned("campaign_id"),
        extra: params
            .iter()
            .filter(|(k, _)| !TYPED.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    };
    problems.into_result(conversion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn parameters_are_typed_and_decoded() {
        let c = parse(
            "player_id=Player%2EOne%20x&amount=25&payout=0.30&transaction_id=t-1&request_id=r-9\
             &offer_name=Big+Win%20%C3%A9&conversion_type=install&sub1=a&verifier=ff",
        )
        .unwrap();
        assert_eq!(c.format, PostbackFormat::V2);
        assert_eq!(c.player_id, "Player.One x");
        assert_eq!(c.conversion_id, "t-1");
        assert_eq!(c.amount, 25);
        assert_eq!(c.payout.as_deref(), Some("0.30"));
        assert_eq!(c.request_id.as_deref(), Some("r-9"));
        assert_eq!(
            c.offer_name.as_deref(),
            Some("Big+Win é"),
            "+ is a plus sign"
        );
        assert_eq!(c.kind, ConversionKind::Install);
        assert_eq!(c.extra.len(), 1);
        assert_eq!(c.extra["sub1"], "a");
    }

    #[test]
    fn the_key_is_transaction_id_never_request_id() {
        let err = parse("player_id=p&amount=1&request_id=r-1").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert!(err.fields()[0].arguments.contains_key("transaction_id"));
    }

    #[test]
    fn duplicates_and_bad_bytes_are_refused() {
        let err = parse("player_id=a&player_id=b&amount=1&transaction_id=t").unwrap_err();
        assert_eq!(
            err.fields()[0].arguments["player_id"],
            ["The player_id parameter is sent more than once."]
        );
        let err = parse("player_id=%FF&amount=1&transaction_id=t").unwrap_err();
        assert_eq!(err.http_status(), Some(400));
        let err = parse("player_id=&amount=&transaction_id=").unwrap_err();
        assert_eq!(err.fields()[0].arguments.len(), 3);
    }
}
