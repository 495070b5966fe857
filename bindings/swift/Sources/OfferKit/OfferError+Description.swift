// Hand-written: uniffi generates `description` from Rust's
// `Display` but not the `CustomStringConvertible` conformance, so `localizedDescription` and
// `String(describing:)` of an OfferError would show the enum case and its fields instead of
// the readable message ("rate_limited: HTTP 429 …; retry after 7 s").
extension OfferError: CustomStringConvertible {}
