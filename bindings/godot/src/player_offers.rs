//! `OfferKitPlayerOffersPage` and `OfferKitPlayerOffer`: one page of `playerOffers`. The spec
//! shows no item field, so `id`, `name` and `status` are read when the service sends them as
//! text (the simulator's schema) and everything else stays in `extra`.

use godot::prelude::*;

use crate::json;
use crate::skipped;

/// An offer the player has engaged with.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitPlayerOffer {
    /// Identifier; "" when none usable was sent.
    #[var(no_set)]
    id: GString,
    /// Display name; "" when none was sent.
    #[var(no_set)]
    name: GString,
    /// `"in_progress"` or `"completed"` (the simulator's schema); "" when none was sent.
    #[var(no_set)]
    status: GString,
    /// Every other field the service sent (`total_payout_usd`, `payout_earned_usd`, …).
    #[var(no_set)]
    extra: VarDictionary,
    item: offerkit::PlayerOffer,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitPlayerOffer {
    /// A field by dotted path into the whole item (`"payout_earned_usd"`,
    /// `"creatives.name"`); null when the path names nothing.
    #[func]
    fn field(&self, path: GString) -> Variant {
        self.item
            .field(&path.to_string())
            .map_or_else(Variant::nil, |v| json::to_variant(&v))
    }

    /// The whole item as the service sent it.
    #[func]
    fn to_dict(&self) -> VarDictionary {
        match serde_json::to_value(&self.item) {
            Ok(serde_json::Value::Object(map)) => json::dictionary(&map),
            _ => VarDictionary::new(),
        }
    }
}

/// One page of `playerOffers`.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitPlayerOffersPage {
    /// The page's items, in the order sent.
    #[var(no_set)]
    items: Array<Gd<OfferKitPlayerOffer>>,
    /// Pass as `"after"` for the next page; "" on the last page.
    #[var(no_set)]
    next_cursor: GString,
    /// Items left out as malformed (see `OfferKitResult.skipped`).
    #[var(no_set)]
    skipped: VarArray,
    /// Other fields of the page a selection asked for.
    #[var(no_set)]
    extra: VarDictionary,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitPlayerOffersPage {
    /// Whether a next page exists (`next_cursor` is not "").
    #[func]
    fn has_next(&self) -> bool {
        !self.next_cursor.is_empty()
    }
}

fn text(value: Option<&str>) -> GString {
    value.map_or_else(GString::new, GString::from)
}

impl OfferKitPlayerOffersPage {
    /// The Godot object for core's page (main thread).
    pub(crate) fn from_core(page: offerkit::PlayerOffersPage) -> Gd<OfferKitPlayerOffersPage> {
        let mut items = Array::new();
        for item in page.items {
            let (id, name, status, extra) = (
                text(item.id.as_deref()),
                text(item.name.as_deref()),
                text(item.status.as_deref()),
                json::extra(&item.extra),
            );
            items.push(&Gd::from_init_fn(|base| OfferKitPlayerOffer {
                id,
                name,
                status,
                extra,
                item,
                base,
            }));
        }
        let (next_cursor, skipped, extra) = (
            text(page.next_cursor.as_deref()),
            skipped::skipped(&page.skipped),
            json::extra(&page.extra),
        );
        Gd::from_init_fn(|base| OfferKitPlayerOffersPage {
            items,
            next_cursor,
            skipped,
            extra,
            base,
        })
    }
}
