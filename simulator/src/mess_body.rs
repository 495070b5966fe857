//! The body-reshaping misbehaviour modes — `bad_fields`, `all_bad_fields`, `odd_extra` —
//! applied to a finished answer (GraphQL `offers` and `playerOffers`, the GET listing) and
//! written out as JSON. Only used while one of them is on; the normal path never comes here.
//! The exact rules are in README.md ("Misbehaviour modes"); the tests compute from them.

use async_graphql::{Name, Value};
use std::sync::LazyLock;

use crate::graphql_json::write_list;
use crate::mess::Mess;
use crate::top_fields::TopField;

/// A member an object gets to be written with the `odd_extra` members at its end. No GraphQL
/// or listing key contains NUL, so this never collides with a real key.
const ODD_EXTRA_MARK: &str = "\0odd_extra";
/// How deep `x_deep` nests: `[` this many times, then `]` as many times.
pub const DEEP_LEVELS: usize = 1000;

/// The members `odd_extra` appends to an object, as JSON text (valid JSON, RFC 8259, but
/// deeper, larger and stranger than most parsers expect).
static ODD_EXTRA_MEMBERS: LazyLock<String> = LazyLock::new(|| {
    format!(
        r#""x_deep":{}{},"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key","a.b":"dotted key","x_nul":"a\u0000b","x_unicode_é":"ü""#,
        "[".repeat(DEEP_LEVELS),
        "]".repeat(DEEP_LEVELS)
    )
});

/// Reshapes the answers of the given top-level keys of a GraphQL `data` object.
pub fn reshape_graphql(mess: &Mess, fields: &[(Name, TopField)], data: &mut Value) {
    let Value::Object(data) = data else {
        return;
    };
    for (key, field) in fields {
        match (data.get_mut(key), field) {
            (Some(offers), TopField::Offers) => reshape_offers(mess, offers),
            (Some(page), TopField::PlayerOffers) => reshape_player_offers_page(mess, page),
            (None, _) => {}
        }
    }
}

/// A list of offers (an `offers` answer, the listing's `data.offers`), position by position.
pub fn reshape_offers(mess: &Mess, offers: &mut Value) {
    let Value::List(items) = offers else {
        return;
    };
    for (i, item) in items.iter_mut().enumerate() {
        let Value::Object(offer) = item else {
            continue;
        };
        if mess.bad_fields && i % 4 == 1 {
            match (i / 4) % 4 {
                0 => set_existing(offer, "name", Value::Null),
                1 => set_existing(offer, "total_payout_usd", Value::from("lots")),
                2 => {
                    offer.shift_remove("creatives");
                }
                _ => {
                    if let Some(Value::Object(creatives)) = offer.get_mut("creatives") {
                        set_existing(creatives, "description", Value::from(12));
                    }
                }
            }
        }
        if mess.all_bad_fields {
            match offer.get_mut("name") {
                Some(name) => *name = Value::Null,
                None => {
                    offer.insert(Name::new("id"), Value::Null);
                }
            }
        }
        if mess.odd_extra {
            offer.insert(Name::new(ODD_EXTRA_MARK), Value::Null);
        }
    }
}

/// The GET listing's body: its `data.offers`.
pub fn reshape_listing(mess: &Mess, body: &mut Value) {
    if let Value::Object(body) = body {
        if let Some(Value::Object(data)) = body.get_mut("data") {
            if let Some(offers) = data.get_mut("offers") {
                reshape_offers(mess, offers);
            }
        }
    }
}

/// A `playerOffers` page: its list members (only `items` is a list, under any alias).
fn reshape_player_offers_page(mess: &Mess, page: &mut Value) {
    let Value::Object(page) = page else {
        return;
    };
    for (_, items) in page.iter_mut() {
        let Value::List(items) = items else {
            continue;
        };
        if mess.bad_fields {
            if let Some(second) = items.get_mut(1) {
                *second = Value::Null;
            }
            if let Some(Value::Object(third)) = items.get_mut(2) {
                third.insert(Name::new("status"), Value::from(5));
            }
        }
        if mess.odd_extra {
            for item in items.iter_mut() {
                if let Value::Object(item) = item {
                    item.insert(Name::new(ODD_EXTRA_MARK), Value::Null);
                }
            }
        }
    }
}

fn set_existing(
    object: &mut async_graphql::indexmap::IndexMap<Name, Value>,
    key: &str,
    value: Value,
) {
    if let Some(slot) = object.get_mut(key) {
        *slot = value;
    }
}

/// A GraphQL response as compact JSON, as `serde_json` writes it (`data`, then `extensions`
/// and `errors` when present), with the `odd_extra` members where they were asked for.
pub fn write_response(
    out: &mut Vec<u8>,
    response: &async_graphql::Response,
) -> serde_json::Result<()> {
    out.extend_from_slice(br#"{"data":"#);
    write(out, &response.data)?;
    if !response.extensions.is_empty() {
        out.extend_from_slice(br#","extensions":"#);
        serde_json::to_writer(&mut *out, &response.extensions)?;
    }
    if !response.errors.is_empty() {
        out.extend_from_slice(br#","errors":"#);
        serde_json::to_writer(&mut *out, &response.errors)?;
    }
    out.push(b'}');
    Ok(())
}

/// `value` as compact JSON; an object marked by `reshape_*` ends with the `odd_extra` members.
pub fn write(out: &mut Vec<u8>, value: &Value) -> serde_json::Result<()> {
    match value {
        Value::List(items) => write_list(out, items, write)?,
        Value::Object(map) => {
            out.push(b'{');
            let mut first = true;
            let mut odd = false;
            for (key, item) in map {
                if key.as_str() == ODD_EXTRA_MARK {
                    odd = true;
                    continue;
                }
                if !first {
                    out.push(b',');
                }
                first = false;
                serde_json::to_writer(&mut *out, key.as_str())?;
                out.push(b':');
                write(out, item)?;
            }
            if odd {
                if !first {
                    out.push(b',');
                }
                out.extend_from_slice(ODD_EXTRA_MEMBERS.as_bytes());
            }
            out.push(b'}');
        }
        scalar => serde_json::to_writer(&mut *out, scalar)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offers(n: usize) -> Value {
        // In this order: `value!` keeps it, as the answers do.
        let offer = |i: usize| {
            async_graphql::value!({
                "id": i.to_string(), "name": format!("n{i}"), "total_payout_usd": 1.5,
                "creatives": {"name": "c", "description": "d"}
            })
        };
        Value::List((0..n).map(offer).collect())
    }

    /// `n` offers reshaped with the modes `switch_on` turns on.
    fn reshaped(n: usize, switch_on: impl FnOnce(&mut Mess)) -> Value {
        let mut mess = Mess::default();
        switch_on(&mut mess);
        let mut list = offers(n);
        reshape_offers(&mess, &mut list);
        list
    }

    fn written(value: &Value) -> Vec<u8> {
        let mut out = Vec::new();
        write(&mut out, value).expect("writes");
        out
    }

    fn json(value: &Value) -> serde_json::Value {
        serde_json::from_slice(&written(value)).expect("valid JSON")
    }

    #[test]
    fn bad_fields_breaks_positions_one_mod_four_in_turn() {
        let list = reshaped(18, |m| m.bad_fields = true);
        let got = json(&list);
        let pristine = json(&offers(18));
        for i in 0..18 {
            let (g, p) = (&got[i], &pristine[i]);
            let expected = match i {
                1 | 17 => {
                    let mut e = p.clone();
                    e["name"] = serde_json::Value::Null;
                    e
                }
                5 => {
                    let mut e = p.clone();
                    e["total_payout_usd"] = "lots".into();
                    e
                }
                9 => {
                    let mut e = p.clone();
                    e.as_object_mut().map(|o| o.remove("creatives"));
                    e
                }
                13 => {
                    let mut e = p.clone();
                    e["creatives"]["description"] = 12.into();
                    e
                }
                _ => p.clone(),
            };
            assert_eq!(g, &expected, "position {i}");
        }
    }

    #[test]
    fn odd_extra_members_are_appended_last_and_keep_the_order() {
        let list = reshaped(1, |m| m.odd_extra = true);
        let text = String::from_utf8(written(&list)).expect("UTF-8");
        let expected = format!(
            r#"[{{"id":"0","name":"n0","total_payout_usd":1.5,"creatives":{{"name":"c","description":"d"}},"x_deep":{}{},"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key","a.b":"dotted key","x_nul":"a\u0000b","x_unicode_é":"ü"}}]"#,
            "[".repeat(1000),
            "]".repeat(1000)
        );
        assert_eq!(text, expected);
        let mut empty = Value::Object(Default::default());
        if let Value::Object(o) = &mut empty {
            o.insert(Name::new(ODD_EXTRA_MARK), Value::Null);
        }
        assert!(written(&empty).starts_with(br#"{"x_deep":[["#));
    }
}
