//! `OfferKitOffer` and `OfferKitCreatives`: an offer as typed properties — the four fields the
//! spec types — and everything else the service sent in `extra`. The core offer stays inside,
//! so `field("links.click_url")`, `to_dict()` and `click_url(player_id)` answer from exactly
//! what was sent.

use godot::prelude::*;

use crate::click;
use crate::json;
use crate::result::OfferKitResult;

/// One targeted offer.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitOffer {
    /// Identifier (long digit strings); "" when the selection left it out.
    #[var(no_set)]
    id: GString,
    /// Display name; "" when the selection left it out.
    #[var(no_set)]
    name: GString,
    /// Payout in USD; 0.0 when the selection left it out.
    #[var(no_set)]
    total_payout_usd: f64,
    /// The creative texts; null when the selection left them out.
    #[var(no_set)]
    creatives: Option<Gd<OfferKitCreatives>>,
    /// Every other field the service sent (those a `select` added), as it sent them.
    #[var(no_set)]
    extra: VarDictionary,
    offer: offerkit::Offer,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitOffer {
    /// A field by dotted path into the whole offer (`"links.click_url"`,
    /// `"creatives.icon_url"`, `"goals.0.name"`); null when the path names nothing.
    #[func]
    fn field(&self, path: GString) -> Variant {
        self.offer
            .field(&path.to_string())
            .map_or_else(Variant::nil, |v| json::to_variant(&v))
    }

    /// Whether the service sent field `name` (a typed one or one in `extra`).
    #[func]
    fn has(&self, name: GString) -> bool {
        self.offer.field(&name.to_string()).is_some()
    }

    /// The whole offer as the service sent it (typed and extra fields together).
    #[func]
    fn to_dict(&self) -> VarDictionary {
        match serde_json::to_value(&self.offer) {
            Ok(serde_json::Value::Object(map)) => json::dictionary(&map),
            _ => VarDictionary::new(),
        }
    }

    /// This offer's tracking URL (`links { click_url }` must be selected) for `player_id`:
    /// an `OfferKitResult` whose `value` is the URL to open and whose `warnings` name the
    /// conventions the id breaks.
    #[func]
    fn click_url(&self, player_id: GString) -> Gd<OfferKitResult> {
        click::result(self.offer.click_url(&player_id.to_string()))
    }
}

#[godot_api]
impl IRefCounted for OfferKitOffer {
    fn to_string(&self) -> GString {
        GString::from(
            format!(
                "<OfferKitOffer {} {:?} ${}>",
                self.id,
                self.name.to_string(),
                self.total_payout_usd
            )
            .as_str(),
        )
    }
}

/// An offer's creative texts.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitCreatives {
    /// The creative's title; "" when not selected.
    #[var(no_set)]
    name: GString,
    /// The text for the player; "" when not selected.
    #[var(no_set)]
    description: GString,
    /// Other creative fields a selection asked for (`icon_url`, `offer_cta`, …).
    #[var(no_set)]
    extra: VarDictionary,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitCreatives {}

fn text(value: Option<&str>) -> GString {
    value.map_or_else(GString::new, GString::from)
}

impl OfferKitOffer {
    /// The Godot object for core's offer (main thread).
    pub(crate) fn from_core(offer: offerkit::Offer) -> Gd<OfferKitOffer> {
        let creatives = offer.creatives.as_ref().map(|c| {
            let (name, description, extra) = (
                text(c.name.as_deref()),
                text(c.description.as_deref()),
                json::extra(&c.extra),
            );
            Gd::from_init_fn(|base| OfferKitCreatives {
                name,
                description,
                extra,
                base,
            })
        });
        let (id, name, payout, extra) = (
            text(offer.id.as_deref()),
            text(offer.name.as_deref()),
            offer.total_payout_usd.unwrap_or(0.0),
            json::extra(&offer.extra),
        );
        Gd::from_init_fn(|base| OfferKitOffer {
            id,
            name,
            total_payout_usd: payout,
            creatives,
            extra,
            offer,
            base,
        })
    }
}

/// Offers as a typed `Array[OfferKitOffer]`.
pub(crate) fn offers(list: Vec<offerkit::Offer>) -> Array<Gd<OfferKitOffer>> {
    let mut array = Array::new();
    for offer in list {
        array.push(&OfferKitOffer::from_core(offer));
    }
    array
}
