//! The one definition of what a v2 postback's `verifier` signs.
//!
//! The sender signs "the URL without the `verifier` parameter". A receiver does not see that
//! URL whole: it sees a path and a raw query that proxies may have re-encoded. So offerkit
//! defines the signed text once, here:
//!
//! 1. **Base**: the postback URL as registered with the service, up to and excluding `?`
//!    (scheme, host, optional port, path), exactly as given by the receiver's configuration.
//! 2. **Pairs**: the received query split on `&`; empty pieces are dropped; each piece is a
//!    name and, after the first `=`, a value (a piece without `=` has no value and is written
//!    back without `=`). Names and values are percent-decoded to bytes (`%` not followed by two
//!    hex digits stays a literal `%`). A `+` is a literal plus sign, never a space (RFC 3986;
//!    form encoding is not assumed).
//! 3. Every pair whose decoded name is exactly `verifier` is removed. The others keep the
//!    order in which they arrived (the sender's order is signed; nothing is sorted).
//! 4. **Encoding**: each name and value is written with RFC 3986 percent-encoding: the
//!    unreserved bytes `A–Z a–z 0–9 - . _ ~` as they are, every other byte (UTF-8 of non-ASCII
//!    text included) as `%XX` with uppercase hex. A space is `%20`, a plus `%2B`.
//! 5. **Text**: base, then `?` and the pairs joined by `&` — or the base alone when no pair is
//!    left.
//!
//! Two senders that encode the same parameters differently (`%c3%a9` or `%C3%A9`, `~` or `%7E`)
//! thus sign the same text. A receiver also accepts the **verbatim** form — the received query
//! with only the `verifier` pieces cut out, byte for byte — for senders whose encoding differs
//! from RFC 3986 (for example `+` for a space) when nothing between them re-encoded the URL.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, percent_encode};

/// Bytes RFC 3986 leaves unencoded: ALPHA, DIGIT and `-._~`.
const RFC3986: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The name of the signature parameter.
pub const VERIFIER: &str = "verifier";

/// One query parameter as received: decoded name, decoded value (`None` without `=`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The parameter's name, percent-decoded.
    pub name: Vec<u8>,
    /// The value after the first `=`, percent-decoded; `None` when the piece has no `=`.
    pub value: Option<Vec<u8>>,
}

/// The query's pairs in arrival order (empty pieces dropped), decoded per rule 2.
pub fn pairs(raw_query: &str) -> Vec<Pair> {
    raw_query
        .split('&')
        .filter(|piece| !piece.is_empty())
        .map(|piece| {
            let (name, value) = match piece.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (piece, None),
            };
            Pair {
                name: percent_decode_str(name).collect(),
                value: value.map(|v| percent_decode_str(v).collect()),
            }
        })
        .collect()
}

fn is_verifier(name: &[u8]) -> bool {
    name == VERIFIER.as_bytes()
}

/// RFC 3986 encoding of bytes (rule 4).
pub fn encode(bytes: &[u8]) -> String {
    percent_encode(bytes, RFC3986).to_string()
}

/// The canonical signed text for `base` and a received raw query (rules 1–5).
pub fn canonical(base: &str, raw_query: &str) -> String {
    let mut out = String::from(base);
    let mut first = true;
    for pair in pairs(raw_query).iter().filter(|p| !is_verifier(&p.name)) {
        out.push(if first { '?' } else { '&' });
        first = false;
        out.push_str(&encode(&pair.name));
        if let Some(value) = &pair.value {
            out.push('=');
            out.push_str(&encode(value));
        }
    }
    out
}

/// The verbatim signed text: `base`, `?` and the received query without its `verifier`
/// pieces, every other byte as received (empty pieces kept).
pub fn verbatim(base: &str, raw_query: &str) -> String {
    let kept: Vec<&str> = raw_query
        .split('&')
        .filter(|piece| {
            let name = piece.split_once('=').map_or(*piece, |(name, _)| name);
            let decoded: Vec<u8> = percent_decode_str(name).collect();
            !is_verifier(&decoded)
        })
        .collect();
    let query = kept.join("&");
    if query.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{query}")
    }
}

/// Every `verifier` value in the query, decoded (lossily: a verifier is hex).
pub fn verifiers(raw_query: &str) -> Vec<String> {
    pairs(raw_query)
        .into_iter()
        .filter(|p| is_verifier(&p.name))
        .map(|p| String::from_utf8_lossy(&p.value.unwrap_or_default()).into_owned())
        .collect()
}

/// Builds a URL the way offerkit's senders do: `base`, then the pairs RFC 3986-encoded in
/// the given order (the canonical text), for signing and sending.
pub fn build(base: &str, params: &[(&str, &str)]) -> String {
    let mut out = String::from(base);
    for (i, (name, value)) in params.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        out.push_str(&encode(name.as_bytes()));
        out.push('=');
        out.push_str(&encode(value.as_bytes()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "https://game.example.com/postback";

    #[test]
    fn rfc3986_keeps_only_unreserved_bytes() {
        assert_eq!(encode(b"AZaz09-._~"), "AZaz09-._~");
        assert_eq!(encode(b"a b+c"), "a%20b%2Bc");
        assert_eq!(encode("é😀".as_bytes()), "%C3%A9%F0%9F%98%80");
        assert_eq!(
            encode(b"/?#[]@!$&'()*,;=%"),
            "%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2C%3B%3D%25"
        );
        assert_eq!(encode(b""), "");
    }

    #[test]
    fn canonical_form_edge_cases() {
        let cases: &[(&str, &str)] = &[
            // order is kept, verifier removed wherever it is
            ("b=2&a=1&verifier=ff", "?b=2&a=1"),
            ("verifier=ff&b=2&a=1", "?b=2&a=1"),
            ("b=2&verifier=ff&a=1", "?b=2&a=1"),
            // spaces: %20 stays, a literal + is a plus sign
            ("name=Big%20Win", "?name=Big%20Win"),
            ("name=Big+Win", "?name=Big%2BWin"),
            ("name=1%2B1", "?name=1%2B1"),
            // lowercase hex and needless escapes are normalised
            ("p=%c3%a9", "?p=%C3%A9"),
            ("p=%41%7e", "?p=A~"),
            // raw unicode (a lenient proxy) and reserved characters get encoded
            ("p=é", "?p=%C3%A9"),
            ("p=a/b:c", "?p=a%2Fb%3Ac"),
            // empty values and bare names
            ("a=&b", "?a=&b"),
            ("a=1&&b=2&", "?a=1&b=2"),
            // a broken escape is a literal percent sign
            ("p=100%&q=%zz", "?p=100%25&q=%25zz"),
            // only verifier: the base alone
            ("verifier=ab", ""),
            ("", ""),
            // an encoded name "verifier" is still the verifier
            ("%76erifier=ab&x=1", "?x=1"),
            // names are encoded too; `=` inside a value is kept as data
            ("a%20b=c=d", "?a%20b=c%3Dd"),
        ];
        for (query, expected) in cases {
            assert_eq!(
                canonical(BASE, query),
                format!("{BASE}{expected}"),
                "query {query:?}"
            );
        }
    }

    #[test]
    fn verbatim_cuts_only_verifier_pieces() {
        assert_eq!(
            verbatim(BASE, "a=Big+Win&verifier=ff&b=%c3%a9"),
            format!("{BASE}?a=Big+Win&b=%c3%a9")
        );
        assert_eq!(verbatim(BASE, "verifier=ff"), BASE);
        assert_eq!(verbatim(BASE, "a=1&&b"), format!("{BASE}?a=1&&b"));
    }

    #[test]
    fn verifiers_are_found_wherever_they_are() {
        assert_eq!(verifiers("a=1&verifier=AB&b=2"), ["AB"]);
        assert_eq!(verifiers("verifier=1&verifier=2"), ["1", "2"]);
        assert!(verifiers("a=1").is_empty());
        assert_eq!(verifiers("verifier"), [""]);
    }

    #[test]
    fn build_writes_the_canonical_form() {
        let url = build(
            BASE,
            &[("player_id", "p 1+é"), ("amount", "10"), ("empty", "")],
        );
        assert_eq!(
            url,
            format!("{BASE}?player_id=p%201%2B%C3%A9&amount=10&empty=")
        );
        let query = url.split_once('?').map(|(_, q)| q).unwrap_or_default();
        assert_eq!(canonical(BASE, query), url);
    }
}
