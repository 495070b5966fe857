//! Which headers carry a credential, and how one is shown. A security rule lives once: the
//! `Debug` of the core's request, the bindings' own request types and the built-in executor's
//! sensitive marking all ask here, so a header added to the rule is hidden everywhere at once.

/// What the value of a credential header is shown as.
pub const REDACTED: &str = "***";

/// Whether header `name` (ASCII case-insensitive) carries a credential: its value must never
/// be logged or shown in debug output.
pub fn is_credential_header(name: &str) -> bool {
    name.eq_ignore_ascii_case("authorization")
}

/// The header as debug output may show it, `name: value`, with the value of a credential
/// header replaced by [`REDACTED`].
pub fn redacted_header(name: &str, value: &str) -> String {
    if is_credential_header(name) {
        format!("{name}: {REDACTED}")
    } else {
        format!("{name}: {value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorization_in_any_case_is_a_credential() {
        for name in ["authorization", "Authorization", "AUTHORIZATION"] {
            assert!(is_credential_header(name), "{name}");
            assert_eq!(
                redacted_header(name, "Bearer secret"),
                format!("{name}: ***")
            );
        }
    }

    #[test]
    fn other_headers_are_shown_whole() {
        for name in ["accept", "content-type", "user-agent", "authorization-hint"] {
            assert!(!is_credential_header(name), "{name}");
        }
        assert_eq!(
            redacted_header("Accept", "application/json"),
            "Accept: application/json"
        );
    }
}
