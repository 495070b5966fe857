//! Hostile JSON for property tests: values nested past any parser's depth limit, numbers no
//! 64-bit type holds, strings with NUL and escapes, keys that look like paths. The service's
//! extra fields are free-form, so every binding must carry such values intact.

use proptest::prelude::*;
use serde_json::Value;

/// The JSON text of the string `text`.
pub fn quoted(text: &str) -> String {
    Value::String(text.to_string()).to_string()
}

/// A JSON object written with `fields` (key, raw value text) in this order, repeats included.
pub fn object_text(fields: &[(String, String)]) -> String {
    let fields: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}:{}", quoted(key), value))
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// `inner` inside `depth` arrays: `[[…inner…]]`.
pub fn nested_arrays(depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", "[".repeat(depth), "]".repeat(depth))
}

/// `inner` inside `depth` objects: `{"a":{"a":…inner…}}`.
pub fn nested_objects(depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", "{\"a\":".repeat(depth), "}".repeat(depth))
}

/// Plain JSON values that are not strings: numbers out of every numeric type's range, then the
/// ordinary ones.
const NON_STRINGS: [&str; 16] = [
    "1e400",
    "-1e400",
    "1e-400",
    "123456789012345678901234567890",
    "-123456789012345678901234567890",
    "1.5",
    "0",
    "-0",
    "-0.0",
    "null",
    "true",
    "false",
    "[]",
    "{}",
    r#"{"":{"a.b":[1,"x",null]},"name":"inner"}"#,
    r#"["a\u0000b",{"id":1}]"#,
];

/// Texts a naive reader mishandles: empty, NUL inside and alone, every escape, non-ASCII.
const ODD_TEXTS: [&str; 5] = [
    "",
    "a\u{0}b",
    "\u{0}",
    "\"\\/\u{8}\u{c}\n\r\t",
    "ü é 中 \u{1F600}",
];

/// Keys that are none of the spec's field names but odd: empty, dotted like a path, quoted,
/// escaped, with NUL or non-ASCII characters, or special to other languages' objects.
const ODD_KEYS: [&str; 9] = [
    "",
    "a.b",
    "q\"uote",
    "back\\slash",
    "nul\u{0}key",
    "x_nul\u{0}",
    "x_unicode_é",
    "tab\tkey",
    "__proto__",
];

/// One of `values`, as an owned string.
fn one_of(values: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(values).prop_map(str::to_string)
}

/// JSON values that are not strings: nested 1000 deep (past any parser's default limit), out of
/// every numeric type's range, and the plain ones.
pub fn hostile_non_strings() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just(nested_arrays(1000, "1")),
        1 => Just(nested_objects(1000, "null")),
        16 => one_of(&NON_STRINGS),
    ]
}

/// Any text (not yet JSON: see [`quoted`]), NUL, escapes, non-ASCII and 5000 characters
/// included.
pub fn hostile_strings() -> impl Strategy<Value = String> {
    prop_oneof![
        5 => one_of(&ODD_TEXTS),
        1 => Just("x".repeat(5000)),
        1 => "[ -~]{0,16}",
        1 => any::<String>(),
    ]
}

/// Object keys that are none of the spec's field names but odd (see `ODD_KEYS`).
pub fn odd_keys() -> impl Strategy<Value = String> {
    one_of(&ODD_KEYS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    #[test]
    fn builders_write_the_json_they_name() {
        assert_eq!(quoted("a\u{0}\"b"), r#""a\u0000\"b""#);
        let fields = [
            ("a".to_string(), "1".to_string()),
            ("a".to_string(), "[]".to_string()),
        ];
        assert_eq!(object_text(&fields), r#"{"a":1,"a":[]}"#);
        assert_eq!(nested_arrays(2, "1"), "[[1]]");
        assert_eq!(nested_objects(2, "null"), r#"{"a":{"a":null}}"#);
    }

    #[test]
    fn generated_values_are_what_their_names_say() {
        let mut runner = TestRunner::deterministic();
        for _ in 0..200 {
            let raw = hostile_non_strings()
                .new_tree(&mut runner)
                .map(|tree| tree.current())
                .unwrap_or_default();
            assert!(!raw.starts_with('"'), "{raw:.40}");
            let text = hostile_strings()
                .new_tree(&mut runner)
                .map(|tree| tree.current())
                .unwrap_or_default();
            let parsed: String = serde_json::from_str(&quoted(&text)).unwrap_or_default();
            assert_eq!(parsed, text);
        }
    }
}
