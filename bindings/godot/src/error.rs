//! `OfferKitError`: every failure GDScript sees, with the kind names every offerkit binding
//! uses. `kind` is one of the integer constants below (core's order: `INVALID_ARGUMENT` is 0,
//! new kinds are only ever added at the end), `kind_name` the snake_case name
//! (`"rate_limited"`), `str(error)` is `kind_name: message` as in every binding.

use godot::prelude::*;
use offerkit::ErrorKind;

use crate::failure::Failure;
use crate::json;

/// A failed call: what went wrong, and what the service said about it.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitError {
    /// One of the kind constants (`OfferKitError.RATE_LIMITED`, …).
    #[var(no_set)]
    kind: i64,
    /// The kind's snake_case name, e.g. `"rate_limited"`.
    #[var(no_set)]
    kind_name: GString,
    /// Readable and complete: every field message is in it.
    #[var(no_set)]
    message: GString,
    /// The HTTP status of the response this error came from; 0 when none arrived.
    #[var(no_set)]
    http_status: i64,
    /// For `validation`, `invalid_argument` and `unprocessable`: one Dictionary per failing
    /// field, `{"path": PackedStringArray, "arguments": {argument: PackedStringArray}}`.
    #[var(no_set)]
    fields: VarArray,
    /// For `invalid_cursor`: the service's explanation; "" otherwise.
    #[var(no_set)]
    reason: GString,
    /// Seconds the service asked to wait (`Retry-After`); -1.0 when it did not say.
    #[var(no_set)]
    retry_after: f64,
    /// For the GraphQL kinds: the whole response (partial `data` included); null otherwise.
    #[var(no_set)]
    response: Variant,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitError {
    #[constant]
    const INVALID_ARGUMENT: i64 = 0;
    #[constant]
    const UNAUTHORIZED: i64 = 1;
    #[constant]
    const FORBIDDEN: i64 = 2;
    #[constant]
    const VALIDATION: i64 = 3;
    #[constant]
    const QUERY: i64 = 4;
    #[constant]
    const INVALID_CURSOR: i64 = 5;
    #[constant]
    const UNSUPPORTED_MEDIA_TYPE: i64 = 6;
    #[constant]
    const UNPROCESSABLE: i64 = 7;
    #[constant]
    const RATE_LIMITED: i64 = 8;
    #[constant]
    const SERVER: i64 = 9;
    #[constant]
    const NETWORK: i64 = 10;
    #[constant]
    const TIMEOUT: i64 = 11;
    #[constant]
    const CANCELLED: i64 = 12;
    #[constant]
    const DECODE: i64 = 13;
    #[constant]
    const INTERNAL: i64 = 14;
    #[constant]
    const REJECTED: i64 = 15;

    /// An error for a token provider to return (say `FORBIDDEN` for a banned player): the
    /// waiting calls fail with it, kind kept. An unknown kind is `INTERNAL`.
    #[func]
    fn create(kind: i64, message: GString) -> Gd<OfferKitError> {
        let kind = kind_at(kind).unwrap_or(ErrorKind::Internal);
        OfferKitError::from_failure(&Failure::new(kind, message.to_string()))
    }

    /// The snake_case name of a kind constant ("" for an unknown number).
    #[func]
    fn name_of(kind: i64) -> GString {
        kind_at(kind).map_or_else(GString::new, |k| GString::from(k.as_str()))
    }

    /// Every kind name, in the order of the constants.
    #[func]
    fn kind_names() -> PackedStringArray {
        ErrorKind::ALL
            .iter()
            .map(|k| GString::from(k.as_str()))
            .collect()
    }
}

#[godot_api]
impl IRefCounted for OfferKitError {
    fn to_string(&self) -> GString {
        GString::from(self.describe().as_str())
    }
}

/// The kind numbered `n` (the constants above), if any.
pub(crate) fn kind_at(n: i64) -> Option<ErrorKind> {
    usize::try_from(n)
        .ok()
        .and_then(|i| ErrorKind::ALL.get(i))
        .copied()
}

fn number_of(kind: ErrorKind) -> i64 {
    ErrorKind::ALL
        .iter()
        .position(|k| *k == kind)
        .and_then(|i| i64::try_from(i).ok())
        .unwrap_or(OfferKitError::INTERNAL)
}

impl OfferKitError {
    /// The Godot object for `failure` (main thread).
    pub(crate) fn from_failure(failure: &Failure) -> Gd<OfferKitError> {
        let mut fields = VarArray::new();
        for field in &failure.fields {
            let mut arguments = VarDictionary::new();
            for (argument, messages) in &field.arguments {
                let messages: PackedStringArray =
                    messages.iter().map(|m| GString::from(m.as_str())).collect();
                arguments.set(argument.as_str(), &messages);
            }
            let path: PackedStringArray = field
                .path
                .iter()
                .map(|p| GString::from(p.as_str()))
                .collect();
            let mut entry = VarDictionary::new();
            entry.set("path", &path);
            entry.set("arguments", &arguments);
            fields.push(&entry.to_variant());
        }
        Gd::from_init_fn(|base| OfferKitError {
            kind: number_of(failure.kind),
            kind_name: GString::from(failure.kind.as_str()),
            message: GString::from(failure.message.as_str()),
            http_status: failure.http_status.map_or(0, i64::from),
            fields,
            reason: failure
                .reason
                .as_deref()
                .map_or_else(GString::new, GString::from),
            retry_after: failure.retry_after_secs.unwrap_or(-1.0),
            response: failure
                .response
                .as_ref()
                .map_or_else(Variant::nil, json::to_variant),
            base,
        })
    }

    /// `kind_name: message`, as every offerkit binding writes an error.
    pub(crate) fn describe(&self) -> String {
        format!("{}: {}", self.kind_name, self.message)
    }

    /// Back to plain data (a token provider's answer).
    pub(crate) fn to_failure(&self) -> Failure {
        Failure::new(
            kind_at(self.kind).unwrap_or(ErrorKind::Internal),
            self.message.to_string(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_follow_cores_order() {
        let constants = [
            OfferKitError::INVALID_ARGUMENT,
            OfferKitError::UNAUTHORIZED,
            OfferKitError::FORBIDDEN,
            OfferKitError::VALIDATION,
            OfferKitError::QUERY,
            OfferKitError::INVALID_CURSOR,
            OfferKitError::UNSUPPORTED_MEDIA_TYPE,
            OfferKitError::UNPROCESSABLE,
            OfferKitError::RATE_LIMITED,
            OfferKitError::SERVER,
            OfferKitError::NETWORK,
            OfferKitError::TIMEOUT,
            OfferKitError::CANCELLED,
            OfferKitError::DECODE,
            OfferKitError::INTERNAL,
            OfferKitError::REJECTED,
        ];
        assert_eq!(constants.len(), ErrorKind::ALL.len());
        for (i, kind) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(kind_at(constants[i]), Some(*kind));
            assert_eq!(number_of(*kind), constants[i]);
        }
    }
}
