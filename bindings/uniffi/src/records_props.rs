//! Property tests of the record conversion: hostile offers and player offers (values nested
//! 1,200 deep, `1e400`, 30-digit integers, empty, dotted, NUL and non-ASCII keys, every JSON type
//! in every typed field, items that are not objects) go through core's public decoders and this
//! crate's conversion, then through uniffi's own wire format and back. Nothing panics, no field
//! is lost (each one sent is either a typed field agreeing with what was sent, or in
//! `extra_json` with its exact text, in the order sent), and skipped items carry their index.
//! The expectations are computed from the generated input, not from the code under test. The
//! hostile values and keys are `offerkit_bindings_common::testing`'s, shared with the C ABI's
//! item tests.

use offerkit_bindings_common::testing::{
    hostile_non_strings, hostile_strings, nested_arrays, nested_objects, object_entries,
    object_text, odd_keys, quoted,
};
use proptest::prelude::*;
use serde_json::Value;

use crate::records::{Creatives, ListingPage, Offer, PlayerOffer, PlayerOffersPage};
use crate::skipped::{self, SkippedItem};

/// A JSON object's entries in the order written, duplicates kept, values as raw text: read
/// without a depth limit, so `extra_json` can be checked whatever it holds.
fn entries(json: &str) -> Vec<(String, String)> {
    object_entries(json)
        .unwrap_or_else(|e| panic!("extra_json is not a JSON object ({e}): {json:.200}"))
}

/// A JSON value as text, every type, hostile forms included.
fn raw_value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        6 => hostile_non_strings(),
        4 => hostile_strings().prop_map(|s| quoted(&s)),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| serde_json::to_string(&f).expect("finite")),
        1 => Just(quoted("lots")),
        1 => Just(quoted(" 0.50 ")),
        1 => (1usize..1200).prop_map(|d| nested_arrays(d, "")),
        1 => (0usize..1200).prop_map(|d| nested_objects(d, "1")),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(","))),
            prop::collection::vec((key(), inner), 0..4)
                .prop_map(|fields| object_text(&unique(fields))),
        ]
    })
}

/// Keys: the typed names, hostile ones, anything.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just("id".to_string()),
        1 => Just("name".to_string()),
        1 => Just("total_payout_usd".to_string()),
        1 => Just("creatives".to_string()),
        1 => Just("description".to_string()),
        1 => Just("status".to_string()),
        5 => odd_keys(),
        1 => any::<String>(),
    ]
}

/// Later duplicates dropped (the properties below compare exact entries).
fn unique(fields: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut seen = std::collections::HashSet::new();
    fields
        .into_iter()
        .filter(|(k, _)| seen.insert(k.clone()))
        .collect()
}

/// A typed field: usable, hostile, or absent.
fn typed(good: BoxedStrategy<String>) -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        2 => good.prop_map(Some),
        2 => raw_value().prop_map(Some),
        1 => Just(None),
    ]
}

fn good_text() -> BoxedStrategy<String> {
    "[A-Za-z0-9 ]{0,12}".prop_map(|s| quoted(&s)).boxed()
}

fn good_payout() -> BoxedStrategy<String> {
    (0.0f64..1000.0)
        .prop_map(|f| serde_json::to_string(&f).expect("finite"))
        .boxed()
}

fn good_creatives() -> BoxedStrategy<String> {
    (
        good_text(),
        good_text(),
        prop::collection::vec((key(), raw_value()), 0..3),
    )
        .prop_map(|(name, description, more)| {
            let mut fields = vec![
                ("name".to_string(), name),
                ("description".to_string(), description),
            ];
            fields.extend(more);
            object_text(&unique(fields))
        })
        .boxed()
}

/// An item's fields as sent: the typed ones (each maybe absent, maybe hostile) mixed with
/// others, in a shuffled order, keys unique.
fn fields(
    typed_fields: Vec<(&'static str, BoxedStrategy<String>)>,
) -> BoxedStrategy<Vec<(String, String)>> {
    let typed_values: Vec<_> = typed_fields
        .into_iter()
        .map(|(name, good)| typed(good).prop_map(move |v| v.map(|v| (name.to_string(), v))))
        .collect();
    (
        typed_values,
        prop::collection::vec((key(), raw_value()), 0..5),
    )
        .prop_flat_map(|(typed, others)| {
            let mut all: Vec<(String, String)> = typed.into_iter().flatten().collect();
            all.extend(others);
            Just(unique(all)).prop_shuffle()
        })
        .boxed()
}

fn offer_fields() -> BoxedStrategy<Vec<(String, String)>> {
    fields(vec![
        (
            "id",
            prop_oneof![good_text(), any::<u32>().prop_map(|n| n.to_string())].boxed(),
        ),
        ("name", good_text()),
        ("total_payout_usd", good_payout()),
        ("creatives", good_creatives()),
    ])
}

fn player_offer_fields() -> BoxedStrategy<Vec<(String, String)>> {
    fields(vec![
        ("id", good_text()),
        ("name", good_text()),
        (
            "status",
            prop_oneof![Just(quoted("in_progress")), Just(quoted("completed"))].boxed(),
        ),
    ])
}

/// A list item: an object (its fields) or some other JSON value.
#[derive(Debug, Clone)]
enum Item {
    Object(Vec<(String, String)>),
    Other(String),
}

impl Item {
    fn text(&self) -> String {
        match self {
            Item::Object(fields) => object_text(fields),
            Item::Other(raw) => raw.clone(),
        }
    }
}

fn items(fields: BoxedStrategy<Vec<(String, String)>>) -> impl Strategy<Value = Vec<Item>> {
    let other = raw_value().prop_filter("not an object", |raw| !raw.starts_with('{'));
    prop::collection::vec(
        prop_oneof![4 => fields.prop_map(Item::Object), 1 => other.prop_map(Item::Other)],
        0..5,
    )
}

fn list(items: &[Item]) -> String {
    let texts: Vec<String> = items.iter().map(Item::text).collect();
    format!("[{}]", texts.join(","))
}

/// What a typed text field may be when it is set: the JSON string it was sent as (or, for
/// ids, an integer written the same way).
fn agrees_as_text(raw: &str, value: &str, integer_ok: bool) -> bool {
    let as_string = serde_json::from_str::<String>(raw).is_ok_and(|s| s == value);
    let as_integer = integer_ok
        && !raw.is_empty()
        && raw
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit())
        && raw == value;
    as_string || as_integer
}

/// The payout when it is set: the number sent, or a string holding one.
fn agrees_as_payout(raw: &str, value: f64) -> bool {
    match serde_json::from_str::<Value>(raw) {
        Ok(Value::Number(n)) => n.as_f64() == Some(value),
        Ok(Value::String(s)) => s.trim().parse::<f64>() == Ok(value),
        _ => false,
    }
}

/// Every sent field is either typed (`typed` says whether the slot is set and agrees) or in
/// `extra_json` with its exact text; extra holds nothing else, in the order sent.
fn check_fields(
    sent: &[(String, String)],
    extra_json: &str,
    mut typed: impl FnMut(&str, &str) -> Option<Result<(), String>>,
) -> Result<(), TestCaseError> {
    let mut expected_extra = Vec::new();
    for (key, raw) in sent {
        match typed(key, raw) {
            Some(Ok(())) => {}
            Some(Err(why)) => return Err(TestCaseError::fail(format!("{key}: {why}"))),
            None => expected_extra.push((key.clone(), raw.clone())),
        }
    }
    prop_assert_eq!(entries(extra_json), expected_extra);
    Ok(())
}

fn check_creatives(sent: &str, creatives: &Creatives) -> Result<(), TestCaseError> {
    let Ok(fields) = object_entries(sent) else {
        return Err(TestCaseError::fail(format!(
            "creatives set from a non-object: {sent:.80}"
        )));
    };
    check_fields(&fields, &creatives.extra_json, |key, raw| {
        let slot = match key {
            "name" => &creatives.name,
            "description" => &creatives.description,
            _ => return None,
        };
        let value = slot.as_ref()?;
        Some(if agrees_as_text(raw, value, false) {
            Ok(())
        } else {
            Err(format!("{value:?} from {raw:.80}"))
        })
    })
}

/// The property for one offer read with nothing required (the listing).
fn check_offer(sent: &[(String, String)], offer: &Offer) -> Result<(), TestCaseError> {
    let mut creatives_error = None;
    check_fields(sent, &offer.extra_json, |key, raw| {
        let verdict = match key {
            "id" => offer.id.as_ref().map(|v| agrees_as_text(raw, v, true)),
            "name" => offer.name.as_ref().map(|v| agrees_as_text(raw, v, false)),
            "total_payout_usd" => offer.total_payout_usd.map(|v| agrees_as_payout(raw, v)),
            "creatives" => offer.creatives.as_ref().map(|c| {
                creatives_error = check_creatives(raw, c).err();
                creatives_error.is_none()
            }),
            _ => return None,
        }?;
        Some(if verdict {
            Ok(())
        } else {
            Err(format!("typed value disagrees with {raw:.80}"))
        })
    })?;
    if let Some(e) = creatives_error {
        return Err(e);
    }
    // Values any reading must take as typed: text names, finite numbers.
    for (key, raw) in sent {
        let plain_text = serde_json::from_str::<String>(raw).is_ok();
        match key.as_str() {
            "name" if plain_text => prop_assert!(offer.name.is_some(), "name {raw} not typed"),
            "id" if plain_text => prop_assert!(offer.id.is_some(), "id {raw} not typed"),
            _ => {}
        }
    }
    Ok(())
}

fn check_player_offer(sent: &[(String, String)], item: &PlayerOffer) -> Result<(), TestCaseError> {
    check_fields(sent, &item.extra_json, |key, raw| {
        let slot = match key {
            "id" => (&item.id, true),
            "name" => (&item.name, false),
            "status" => (&item.status, false),
            _ => return None,
        };
        let value = slot.0.as_ref()?;
        Some(if agrees_as_text(raw, value, slot.1) {
            Ok(())
        } else {
            Err(format!("{value:?} from {raw:.80}"))
        })
    })
}

/// The kept items are the objects, in order, each passing `check` against the fields sent;
/// the skipped ones are the others, by index.
fn check_split<T>(
    items: &[Item],
    kept: &[T],
    skipped: &[SkippedItem],
    check: impl Fn(&[(String, String)], &T) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let others: Vec<i64> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| matches!(item, Item::Other(_)))
        .map(|(i, _)| i64::try_from(i).expect("small"))
        .collect();
    let skipped_at: Vec<i64> = skipped.iter().map(|s| s.index).collect();
    prop_assert_eq!(skipped_at, others);
    for s in skipped {
        prop_assert!(!s.reason.is_empty());
        prop_assert_eq!(&s.id, &None, "a non-object has no id");
    }
    let objects: Vec<&[(String, String)]> = items
        .iter()
        .filter_map(|item| match item {
            Item::Object(fields) => Some(fields.as_slice()),
            Item::Other(_) => None,
        })
        .collect();
    prop_assert_eq!(kept.len(), objects.len());
    for (fields, item) in objects.into_iter().zip(kept) {
        check(fields, item)?;
    }
    Ok(())
}

/// Through uniffi's wire format (what Kotlin, Swift and Python receive) and back.
fn round_trip<T>(value: T) -> T
where
    T: uniffi::Lower<crate::UniFfiTag> + uniffi::Lift<crate::UniFfiTag>,
{
    let mut buf = Vec::new();
    <T as uniffi::Lower<crate::UniFfiTag>>::write(value, &mut buf);
    let mut read = buf.as_slice();
    let back = <T as uniffi::Lift<crate::UniFfiTag>>::try_read(&mut read).expect("reads back");
    assert!(read.is_empty(), "the whole buffer is read");
    back
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// The listing requires no field: every object is kept with every field it had.
    #[test]
    fn listing_offers_keep_every_field(items in items(offer_fields())) {
        let body = format!(r#"{{"data":{{"offers":{}}}}}"#, list(&items));
        match offerkit::decode::listing(body.as_bytes(), false) {
            Ok(page) => {
                let page = round_trip(ListingPage::from(page));
                check_split(&items, &page.offers, &page.skipped, check_offer)?;
            }
            Err(e) => {
                // Only a list of nothing but non-objects fails.
                prop_assert_eq!(e.kind(), offerkit::ErrorKind::Decode);
                prop_assert!(!items.is_empty() && items.iter().all(|i| matches!(i, Item::Other(_))), "{}", e);
            }
        }
    }

    /// `offers` with the default selection requires every typed field: items are kept or
    /// skipped by index, never lost, and a fully usable one is always kept.
    #[test]
    fn offers_are_kept_or_skipped_by_index(items in items(offer_fields())) {
        let body = format!(r#"{{"data":{{"offers":{}}}}}"#, list(&items));
        let usable = |fields: &[(String, String)]| {
            let text = |k: &str| fields.iter().any(|(key, raw)| key == k && serde_json::from_str::<String>(raw).is_ok());
            // A plain decimal between 0 and 1000, as `good_payout` writes them.
            let payout = fields.iter().any(|(key, raw)| {
                key == "total_payout_usd"
                    && !raw.contains(['e', 'E', '"'])
                    && serde_json::from_str::<f64>(raw).is_ok_and(|f| (0.0..1000.0).contains(&f))
            });
            let creatives = fields.iter().any(|(key, raw)| {
                key == "creatives" && serde_json::from_str::<Value>(raw).is_ok_and(|c| {
                    c.get("name").is_some_and(Value::is_string) && c.get("description").is_some_and(Value::is_string)
                })
            });
            text("id") && text("name") && payout && creatives
        };
        match offerkit::decode::offers(body.as_bytes(), None) {
            Ok(list) => {
                let offers = round_trip(crate::records::offers(list.offers));
                let skipped = round_trip(skipped::skipped(list.skipped));
                prop_assert_eq!(offers.len() + skipped.len(), items.len());
                let skipped_at: Vec<usize> = skipped.iter().map(|s| usize::try_from(s.index).expect("index")).collect();
                prop_assert!(skipped_at.windows(2).all(|w| w[0] < w[1]), "ascending: {:?}", skipped_at);
                for (index, item) in items.iter().enumerate() {
                    if let Item::Object(fields) = item {
                        if usable(fields) {
                            prop_assert!(!skipped_at.contains(&index), "usable item {} skipped: {:?}", index, skipped);
                        }
                    } else {
                        prop_assert!(skipped_at.contains(&index), "non-object {} kept", index);
                    }
                }
                for offer in &offers {
                    prop_assert!(offer.id.is_some() && offer.name.is_some() && offer.total_payout_usd.is_some());
                    let creatives = offer.creatives.as_ref().expect("required");
                    prop_assert!(creatives.name.is_some() && creatives.description.is_some());
                    entries(&offer.extra_json);
                }
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), offerkit::ErrorKind::Decode);
                prop_assert!(!items.is_empty(), "an empty list is no error: {}", e);
                prop_assert!(!items.iter().any(|i| matches!(i, Item::Object(f) if usable(f))), "{}", e);
            }
        }
    }

    /// `playerOffers` items: the same, with the page's own extra fields kept.
    #[test]
    fn player_offers_keep_every_field(items in items(player_offer_fields()), page_extra in raw_value()) {
        let body = format!(
            r#"{{"data":{{"playerOffers":{{"items":{},"next_cursor":"c1","x_page":{}}}}}}}"#,
            list(&items),
            page_extra,
        );
        let lists_in_extra = page_extra.starts_with('[');
        match offerkit::decode::player_offers(body.as_bytes()) {
            Ok(page) => {
                prop_assert!(!lists_in_extra, "two lists must not decode");
                let page = round_trip(PlayerOffersPage::from(page));
                prop_assert_eq!(page.next_cursor.as_deref(), Some("c1"));
                prop_assert_eq!(entries(&page.extra_json), vec![("x_page".to_string(), page_extra.clone())]);
                check_split(&items, &page.items, &page.skipped, check_player_offer)?;
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), offerkit::ErrorKind::Decode);
                prop_assert!(
                    lists_in_extra || (!items.is_empty() && items.iter().all(|i| matches!(i, Item::Other(_)))),
                    "{}", e
                );
            }
        }
    }
}

#[test]
fn the_simulators_odd_extra_fields_survive_as_sent() {
    let deep = nested_arrays(1000, "");
    let odd = format!(
        r#""x_deep":{deep},"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key","a.b":"dotted key","x_nul":"a\u0000b","x_unicode_é":"ü""#
    );
    let body = format!(
        r#"{{"data":{{"offers":[{{"id":"1","name":"n","total_payout_usd":1.5,"creatives":{{"name":"c","description":"d"}},{odd}}}]}}}}"#
    );
    let list = offerkit::decode::offers(body.as_bytes(), None).expect("one good offer");
    let offer = round_trip(crate::records::offers(list.offers).remove(0));
    assert_eq!(offer.id.as_deref(), Some("1"));
    assert_eq!(offer.total_payout_usd, Some(1.5));
    assert_eq!(format!("{{{odd}}}"), offer.extra_json);
    let keys: Vec<String> = entries(&offer.extra_json)
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(
        keys,
        [
            "x_deep",
            "x_huge",
            "x_bigint",
            "",
            "a.b",
            "x_nul",
            "x_unicode_é"
        ]
    );
}
