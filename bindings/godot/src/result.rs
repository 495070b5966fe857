//! `OfferKitResult`: what every call completes with, success or failure, so GDScript (which
//! has no exceptions) checks one object: `ok`, then `value` or `error`; and for answers that
//! may come from the cache, where they came from.

use godot::prelude::*;

use crate::error::OfferKitError;
use crate::failure::Failure;

/// The outcome of one call.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitResult {
    /// True when the call succeeded (`value` holds the answer, `error` is null).
    #[var(no_set)]
    ok: bool,
    /// The answer (its type is the call's, see each method); null on failure.
    #[var(no_set)]
    value: Variant,
    /// The failure; null on success.
    #[var(no_set)]
    error: Option<Gd<OfferKitError>>,
    /// Items the service sent malformed and that were left out, each
    /// `{"index": int, "id": String, "reason": String}` (id "" when it had none).
    #[var(no_set)]
    skipped: VarArray,
    /// Served from the response cache (only with a cache configured).
    #[var(no_set)]
    from_cache: bool,
    /// Served from the cache because a refresh failed (`refresh_error` says why).
    #[var(no_set)]
    stale: bool,
    /// Age of the answer in seconds (0.0 when it came from the network just now).
    #[var(no_set)]
    age: f64,
    /// For a stale answer: the failure that made it necessary; null otherwise.
    #[var(no_set)]
    refresh_error: Option<Gd<OfferKitError>>,
    /// Conventions a player id breaks (`click_url`): "uppercase", "period", "space",
    /// "other_character"; empty otherwise.
    #[var(no_set)]
    warnings: PackedStringArray,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitResult {}

#[godot_api]
impl IRefCounted for OfferKitResult {
    fn to_string(&self) -> GString {
        match &self.error {
            Some(error) => GString::from(
                format!("<OfferKitResult failed: {}>", error.bind().describe()).as_str(),
            ),
            None => GString::from(format!("<OfferKitResult ok: {}>", self.value).as_str()),
        }
    }
}

/// Cache facts of an answer (core's `Fetched`, without the value).
#[derive(Debug, Clone, Default)]
pub(crate) struct Origin {
    pub(crate) from_cache: bool,
    pub(crate) stale: bool,
    pub(crate) age_secs: f64,
    pub(crate) refresh_error: Option<Failure>,
}

impl<T> From<&offerkit::Fetched<T>> for Origin {
    fn from(f: &offerkit::Fetched<T>) -> Self {
        Origin {
            from_cache: f.from_cache,
            stale: f.stale,
            age_secs: f.age.as_secs_f64(),
            refresh_error: f.refresh_error.clone().map(Failure::from),
        }
    }
}

impl OfferKitResult {
    /// A success with `value` and nothing else to say.
    pub(crate) fn success(value: Variant) -> Gd<OfferKitResult> {
        Self::success_from(value, VarArray::new(), &Origin::default())
    }

    /// A success with the items skipped and where it came from, without warnings.
    pub(crate) fn success_from(
        value: Variant,
        skipped: VarArray,
        origin: &Origin,
    ) -> Gd<OfferKitResult> {
        Self::success_with(value, skipped, origin, PackedStringArray::new())
    }

    /// A success with the items skipped, where it came from and any warnings.
    pub(crate) fn success_with(
        value: Variant,
        skipped: VarArray,
        origin: &Origin,
        warnings: PackedStringArray,
    ) -> Gd<OfferKitResult> {
        let refresh_error = origin
            .refresh_error
            .as_ref()
            .map(OfferKitError::from_failure);
        Gd::from_init_fn(|base| OfferKitResult {
            ok: true,
            value,
            error: None,
            skipped,
            from_cache: origin.from_cache,
            stale: origin.stale,
            age: origin.age_secs,
            refresh_error,
            warnings,
            base,
        })
    }

    /// A failure.
    pub(crate) fn failure(failure: &Failure) -> Gd<OfferKitResult> {
        let error = OfferKitError::from_failure(failure);
        Gd::from_init_fn(|base| OfferKitResult {
            ok: false,
            value: Variant::nil(),
            error: Some(error),
            skipped: VarArray::new(),
            from_cache: false,
            stale: false,
            age: 0.0,
            refresh_error: None,
            warnings: PackedStringArray::new(),
            base,
        })
    }
}
