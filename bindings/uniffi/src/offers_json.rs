//! `OfferClient.offers_json`: the answer of `offers` as one JSON text, for a binding whose
//! lifting of records costs more than decoding JSON. uniffi's Python lifts a record field by
//! field in pure Python (86 µs for 20 offers, release); the Python package decodes this text with
//! `json.loads` (C) into its own dataclasses instead. Conversion only: the same call, the same
//! offers, the same values as `offers`.
//!
//! The text is an array with one array per offer, `[id, name, total_payout_usd, creatives,
//! extra]`, `creatives` being `null` or `[name, description, extra]` and each `extra` the JSON
//! object of `Offer.extra_json` (the other fields exactly as the service sent them). Positions,
//! not keys, so an `extra` holding a key of a typed field (a value sent in an unusable form)
//! never meets it. A payout that is not finite is written `Infinity`, `-Infinity` or `NaN`,
//! which Python's `json` reads back as the same float.

use std::future::Future;

use crate::client::OfferClient;
use crate::error::OfferError;
use crate::records::OffersOptions;

#[uniffi::export(async_runtime = "tokio")]
impl OfferClient {
    /// `offers`, as one JSON text (see the module's documentation for its shape). For
    /// bindings that decode JSON faster than they lift records; the records of `offers` are the
    /// same values.
    #[uniffi::method(default(options = None))]
    pub async fn offers_json(
        &self,
        player_id: String,
        options: Option<OffersOptions>,
    ) -> Result<String, OfferError> {
        self.offers_json_call(player_id, options).await
    }
}

impl OfferClient {
    /// The `offers_json` call, which `offers_json_started` starts too (one future type for
    /// both, compiled once).
    pub(crate) fn offers_json_call(
        &self,
        player_id: String,
        options: Option<OffersOptions>,
    ) -> impl Future<Output = Result<String, OfferError>> + Send + 'static {
        let options = options.unwrap_or_default().into();
        let call = self.run(|client| async move { client.offers(&player_id, &options).await });
        async move { Ok(offers_json(&call.await?)) }
    }
}

/// `offers` in the shape described above.
pub(crate) fn offers_json(offers: &[offerkit::Offer]) -> String {
    let mut out = String::with_capacity(offers.len() * 256 + 2);
    out.push('[');
    for (i, offer) in offers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        text(&mut out, offer.id.as_deref());
        out.push(',');
        text(&mut out, offer.name.as_deref());
        out.push(',');
        number(&mut out, offer.total_payout_usd);
        out.push(',');
        match &offer.creatives {
            None => out.push_str("null"),
            Some(creatives) => {
                out.push('[');
                text(&mut out, creatives.name.as_deref());
                out.push(',');
                text(&mut out, creatives.description.as_deref());
                out.push(',');
                out.push_str(&creatives.extra.to_json());
                out.push(']');
            }
        }
        out.push(',');
        out.push_str(&offer.extra.to_json());
        out.push(']');
    }
    out.push(']');
    out
}

/// A JSON string, or `null`.
fn text(out: &mut String, value: Option<&str>) {
    match value {
        // Serializing a `str` cannot fail.
        Some(value) => out.push_str(&serde_json::to_string(value).unwrap_or_default()),
        None => out.push_str("null"),
    }
}

/// A JSON number (shortest text that reads back as the same `f64`), `Infinity`, `-Infinity`,
/// `NaN` or `null`.
fn number(out: &mut String, value: Option<f64>) {
    match value {
        None => out.push_str("null"),
        Some(v) if v.is_nan() => out.push_str("NaN"),
        Some(v) if v.is_infinite() => out.push_str(if v > 0.0 { "Infinity" } else { "-Infinity" }),
        Some(v) => out.push_str(&serde_json::to_string(&v).unwrap_or_default()),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn offer(payout: Option<f64>, creatives: Option<offerkit::Creatives>) -> offerkit::Offer {
        offerkit::Offer {
            id: Some("12\"3".into()),
            name: None,
            total_payout_usd: payout,
            creatives,
            ..offerkit::Offer::default()
        }
    }

    #[test]
    fn offers_are_positional_arrays_with_their_extra_objects() {
        let creatives = offerkit::Creatives {
            name: Some("Ünïcode \u{0}".into()),
            description: None,
            ..offerkit::Creatives::default()
        };
        let text = offers_json(&[offer(Some(1.5), Some(creatives)), offer(None, None)]);
        assert_eq!(
            text,
            r#"[["12\"3",null,1.5,["Ünïcode \u0000",null,{}],{}],["12\"3",null,null,null,{}]]"#
        );
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(parsed[0][3][0], "Ünïcode \u{0}");
        assert_eq!(offers_json(&[]), "[]");
    }

    #[test]
    fn payouts_read_back_as_the_same_number() {
        for v in [0.1, 1e21, 123.456_789_012_345_67, f64::MIN_POSITIVE, -0.0] {
            let mut out = String::new();
            number(&mut out, Some(v));
            assert_eq!(
                out.parse::<f64>().expect("a number").to_bits(),
                v.to_bits(),
                "{out}"
            );
        }
        for (v, written) in [
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (f64::NAN, "NaN"),
        ] {
            let mut out = String::new();
            number(&mut out, Some(v));
            assert_eq!(out, written);
        }
    }

    proptest! {
        /// Any text and any finite payout read back exactly (expected values are the inputs).
        #[test]
        fn typed_fields_read_back_exactly(
            id in proptest::option::of(any::<String>()),
            name in proptest::option::of(any::<String>()),
            payout in proptest::option::of(any::<f64>().prop_filter("finite", |f| f.is_finite())),
            creative in proptest::option::of(any::<String>()),
        ) {
            let sent = offerkit::Offer {
                id: id.clone(),
                name: name.clone(),
                total_payout_usd: payout,
                creatives: Some(offerkit::Creatives {
                    name: creative.clone(),
                    ..offerkit::Creatives::default()
                }),
                ..offerkit::Offer::default()
            };
            let parsed: serde_json::Value =
                serde_json::from_str(&offers_json(&[sent])).expect("JSON");
            let offer = &parsed[0];
            prop_assert_eq!(offer[0].as_str(), id.as_deref());
            prop_assert_eq!(offer[1].as_str(), name.as_deref());
            prop_assert_eq!(offer[2].as_f64().map(f64::to_bits), payout.map(f64::to_bits));
            prop_assert_eq!(offer[3][0].as_str(), creative.as_deref());
            prop_assert_eq!(&offer[4], &serde_json::json!({}));
        }
    }
}
