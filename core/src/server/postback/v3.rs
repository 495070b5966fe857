//! v3 postbacks: `POST` with a JSON body `{request_id, timestamp, data: {player_id, amount,
//! payout, conversion_id, offer_id, offer_name, conversion_type, goal_id, goal_name,
//! campaign_id, ...}}`, signed in the `Signature` header (hex HMAC-SHA256 of the raw body).
//! This file turns an already verified body into a [`Conversion`].

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::conversion::{
    Conversion, ConversionKind, PostbackFormat, Problems, check_amount, check_key, check_player_id,
    check_timestamp,
};
use crate::error::{Error, ErrorKind, Result};

/// The header that carries a v3 signature.
pub const SIGNATURE_HEADER: &str = "Signature";

/// Fields of `data` the conversion types; all others land in `extra`.
const TYPED: [&str; 10] = [
    "player_id",
    "amount",
    "payout",
    "conversion_id",
    "offer_id",
    "offer_name",
    "conversion_type",
    "goal_id",
    "goal_name",
    "campaign_id",
];

fn decode_error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Decode, message).with_status(400)
}

/// A scalar as text: strings as they are, numbers as written, `null` as absent. Objects,
/// arrays and booleans are refused for typed fields.
fn text(problems: &mut Problems, data: &Map<String, Value>, field: &str) -> Option<String> {
    match data.get(field) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(_) => {
            problems.add(
                field,
                format!("The {field} field must be a string or a number."),
            );
            None
        }
    }
}

/// Parses a verified v3 body.
pub(crate) fn parse(body: &[u8]) -> Result<Conversion> {
    let root: Value = serde_json::from_slice(body)
        .map_err(|e| decode_error(format!("the postback body is not JSON: {e}")))?;
    let Value::Object(root) = root else {
        return Err(decode_error("the postback body is not a JSON object"));
    };
    let mut problems = Problems::new();
    let empty = Map::new();
    let data = match root.get("data") {
        Some(Value::Object(data)) => data,
        None => {
            problems.add("data", "The data field is required.");
            &empty
        }
        Some(_) => {
            problems.add("data", "The data field must be an object.");
            &empty
        }
    };
    let player_id = match data.get("player_id") {
        Some(Value::String(id)) => check_player_id(&mut problems, Some(id)),
        None | Some(Value::Null) => check_player_id(&mut problems, None),
        Some(_) => {
            problems.add("player_id", "The player_id field must be a string.");
            String::new()
        }
    };
    let key = text(&mut problems, data, "conversion_id");
    let conversion_id = check_key(&mut problems, "conversion_id", key.as_deref());
    let amount = text(&mut problems, data, "amount");
    let amount = check_amount(&mut problems, amount.as_deref());
    let timestamp = text(&mut problems, &root, "timestamp");
    let timestamp = check_timestamp(&mut problems, timestamp.as_deref());
    let request_id = text(&mut problems, &root, "request_id");
    let kind = text(&mut problems, data, "conversion_type")
        .map_or(ConversionKind::Reward, |t| ConversionKind::parse(&t));
    let conversion = Conversion {
        format: PostbackFormat::V3,
        conversion_id,
        player_id,
        amount,
        payout: text(&mut problems, data, "payout"),
        kind,
        request_id,
        timestamp,
        offer_id: text(&mut problems, data, "offer_id"),
        offer_name: text(&mut problems, data, "offer_name"),
        goal_id: text(&mut problems, data, "goal_id"),
        goal_name: text(&mut problems, data, "goal_name"),
        campaign_id: text(&mut problems, data, "campaign_id"),
        extra: data
            .iter()
            .filter(|(k, _)| !TYPED.contains(&k.as_str()))
            .map(|(k, v)| {
                let shown = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), shown)
            })
            .collect::<BTreeMap<_, _>>(),
    };
    problems.into_result(conversion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_body_is_typed() {
        let body = br#"{"request_id":"r-1","timestamp":1732406400,"data":{
            "player_id":"Player.One","amount":150,"payout":1.25,"conversion_id":"c-9",
            "offer_id":12345678901234,"offer_name":"Dragon Quest","conversion_type":"reward",
            "goal_id":"g1","goal_name":"Level 10","campaign_id":77,"country":"DE","sub":{"a":1}}}"#;
        let c = parse(body).unwrap();
        assert_eq!(c.format, PostbackFormat::V3);
        assert_eq!(c.conversion_id, "c-9");
        assert_eq!(c.player_id, "Player.One");
        assert_eq!(c.amount, 150);
        assert_eq!(c.payout.as_deref(), Some("1.25"));
        assert_eq!(c.kind, ConversionKind::Reward);
        assert_eq!(c.request_id.as_deref(), Some("r-1"));
        assert_eq!(c.timestamp, Some(1_732_406_400));
        assert_eq!(c.offer_id.as_deref(), Some("12345678901234"));
        assert_eq!(c.campaign_id.as_deref(), Some("77"));
        assert_eq!(c.extra["country"], "DE");
        assert_eq!(c.extra["sub"], r#"{"a":1}"#);
    }

    #[test]
    fn installs_and_unknown_types() {
        let install = parse(br#"{"data":{"player_id":"p","amount":0,"conversion_id":5,"conversion_type":"install"}}"#).unwrap();
        assert_eq!((install.kind, install.amount), (ConversionKind::Install, 0));
        assert_eq!(install.conversion_id, "5");
        let other = parse(br#"{"data":{"player_id":"p","amount":"3","conversion_id":"x","conversion_type":"bonus"}}"#).unwrap();
        assert_eq!(other.kind, ConversionKind::Other("bonus".into()));
        let untyped =
            parse(br#"{"data":{"player_id":"p","amount":3,"conversion_id":"x"}}"#).unwrap();
        assert_eq!(untyped.kind, ConversionKind::Reward);
    }

    #[test]
    fn malformed_bodies_are_400_with_every_problem() {
        for (body, kind) in [
            (&b"not json"[..], ErrorKind::Decode),
            (b"{\"data\":", ErrorKind::Decode),
            (b"[1,2]", ErrorKind::Decode),
            (b"{}", ErrorKind::InvalidArgument),
            (br#"{"data":[]}"#, ErrorKind::InvalidArgument),
        ] {
            let err = parse(body).unwrap_err();
            assert_eq!(
                (err.kind(), err.http_status()),
                (kind, Some(400)),
                "{err:?}"
            );
        }
        let err = parse(br#"{"data":{"player_id":7,"amount":-5,"conversion_id":""}}"#).unwrap_err();
        let arguments = &err.fields()[0].arguments;
        let mut names: Vec<&str> = arguments.keys().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(names, ["amount", "conversion_id", "player_id"]);
        let err = parse(br#"{"data":{"amount":5,"conversion_id":"c"}}"#).unwrap_err();
        assert_eq!(
            err.fields()[0].arguments["player_id"],
            ["The player_id field is required."]
        );
        let err = parse(br#"{"data":{"player_id":"p","amount":5}}"#).unwrap_err();
        assert!(err.fields()[0].arguments.contains_key("conversion_id"));
        let err =
            parse(br#"{"data":{"player_id":"p","amount":5,"conversion_id":{"x":1}}}"#).unwrap_err();
        assert!(err.fields()[0].arguments.contains_key("conversion_id"));
    }
}
