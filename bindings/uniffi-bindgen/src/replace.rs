//! One textual fix-up of generated code: a replacement that must match an exact number of
//! times, so that a change in uniffi's templates fails the build instead of passing unfixed.

/// `text` with each of exactly `count` occurrences of `raw` replaced by `fixed`; an error if
/// uniffi's output has another number of them (its template changed: revisit the fix-up).
pub(crate) fn replace_exactly(
    text: &str,
    raw: &str,
    fixed: &str,
    count: usize,
    what: &str,
) -> Result<String, String> {
    let found = text.matches(raw).count();
    if found != count {
        return Err(format!(
            "expected {count} of `{}` in the {what}, found {found}: did uniffi's template change?",
            raw.lines().next().unwrap_or(raw).trim()
        ));
    }
    Ok(text.replace(raw, fixed))
}
