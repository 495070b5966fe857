//! What a GraphQL selection asks for: the response keys it names, level by level.
//!
//! The client decodes only what the caller's selection asked for: a spec-typed offer field is
//! required in each item only when the selection names it, and a `playerOffers` selection may
//! name its item list anything. This reads those keys from the selection text. It is lenient
//! on purpose — the service's parser is the authority on syntax — and only needs to know
//! which keys every item must carry: fields under a directive (`@include`, `@skip`) or inside a
//! fragment may be absent, so they are never required.

/// The keys of one selection set, in order, with their sub-selections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Selection {
    fields: Vec<Field>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Field {
    /// The response key: the alias when there is one, else the field name.
    key: String,
    /// Under a directive or inside a fragment: the service may leave it out.
    conditional: bool,
    sub: Option<Selection>,
}

impl Selection {
    /// Reads the keys of `text` (the inside of a selection set, without its outer braces).
    pub(crate) fn parse(text: &str) -> Selection {
        let tokens = tokenize(text);
        let mut at = 0;
        parse_set(&tokens, &mut at, false, 0)
    }

    /// Whether every answer carries `key` at this level (named, and not conditional).
    pub(crate) fn requires(&self, key: &str) -> bool {
        self.fields.iter().any(|f| f.key == key && !f.conditional)
    }

    /// The merged sub-selection of `key` (repeated fields merge, as in GraphQL).
    pub(crate) fn sub(&self, key: &str) -> Option<Selection> {
        let mut merged: Option<Selection> = None;
        for field in self.fields.iter().filter(|f| f.key == key) {
            if let Some(sub) = &field.sub {
                let target = merged.get_or_insert_with(Selection::default);
                for f in &sub.fields {
                    target.fields.push(Field {
                        conditional: f.conditional || field.conditional,
                        ..f.clone()
                    });
                }
            }
        }
        merged
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token<'a> {
    Name(&'a str),
    Open,
    Close,
    ParenOpen,
    ParenClose,
    Colon,
    At,
    Spread,
}

fn tokenize(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let token = match b {
            b'{' => Token::Open,
            b'}' => Token::Close,
            b'(' => Token::ParenOpen,
            b')' => Token::ParenClose,
            b':' => Token::Colon,
            b'@' => Token::At,
            b'.' if bytes[i..].starts_with(b"...") => {
                i += 3;
                tokens.push(Token::Spread);
                continue;
            }
            b'_' | b'a'..=b'z' | b'A'..=b'Z' => {
                let start = i;
                while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                tokens.push(Token::Name(&text[start..i]));
                continue;
            }
            _ => {
                i += 1; // whitespace, commas, digits, anything else: not a key
                continue;
            }
        };
        tokens.push(token);
        i += 1;
    }
    tokens
}

/// Nesting deeper than this is read as opaque (no key below it is ever required).
const MAX_DEPTH: usize = 64;

fn parse_set(tokens: &[Token<'_>], at: &mut usize, conditional: bool, depth: usize) -> Selection {
    let mut set = Selection::default();
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token {
            Token::Close => break,
            Token::Spread => {
                // `...Name` (a named fragment: its keys are unknown here), or an inline
                // fragment `... [on Type] [@dir] { … }` whose keys are all conditional.
                if matches!(tokens.get(*at), Some(Token::Name("on"))) {
                    *at += 2;
                } else if matches!(tokens.get(*at), Some(Token::Name(_))) {
                    *at += 1;
                    skip_directives(tokens, at);
                    continue;
                }
                skip_directives(tokens, at);
                if matches!(tokens.get(*at), Some(Token::Open)) {
                    *at += 1;
                    let inner = nested(tokens, at, depth);
                    set.fields.extend(inner.fields.into_iter().map(|f| Field {
                        conditional: true,
                        ..f
                    }));
                }
            }
            Token::Name(key) => {
                if matches!(tokens.get(*at), Some(Token::Colon)) {
                    *at += 1;
                    if let Some(Token::Name(_)) = tokens.get(*at) {
                        *at += 1; // the field name behind the alias; the key stays the alias
                    }
                }
                if matches!(tokens.get(*at), Some(Token::ParenOpen)) {
                    skip_parens(tokens, at);
                }
                let directed = skip_directives(tokens, at);
                let sub = if matches!(tokens.get(*at), Some(Token::Open)) {
                    *at += 1;
                    Some(nested(tokens, at, depth))
                } else {
                    None
                };
                set.fields.push(Field {
                    key: (*key).to_owned(),
                    conditional: conditional || directed,
                    sub,
                });
            }
            // Stray tokens: the service's parser will say what is wrong with them.
            _ => {}
        }
    }
    set
}

/// A nested set; beyond [`MAX_DEPTH`] its tokens are skipped and it requires nothing.
fn nested(tokens: &[Token<'_>], at: &mut usize, depth: usize) -> Selection {
    if depth < MAX_DEPTH {
        return parse_set(tokens, at, false, depth + 1);
    }
    let mut open = 1usize;
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token {
            Token::Open => open += 1,
            Token::Close => {
                open -= 1;
                if open == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    Selection::default()
}

/// Skips `( … )` with nesting, starting at the `(`.
fn skip_parens(tokens: &[Token<'_>], at: &mut usize) {
    let mut open = 0usize;
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token {
            Token::ParenOpen => open += 1,
            Token::ParenClose => {
                open = open.saturating_sub(1);
                if open == 0 {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// Skips `@name` and `@name( … )`; true when there was any directive.
fn skip_directives(tokens: &[Token<'_>], at: &mut usize) -> bool {
    let mut any = false;
    while matches!(tokens.get(*at), Some(Token::At)) {
        any = true;
        *at += 1;
        if matches!(tokens.get(*at), Some(Token::Name(_))) {
            *at += 1;
        }
        if matches!(tokens.get(*at), Some(Token::ParenOpen)) {
            skip_parens(tokens, at);
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_aliases_and_sub_selections() {
        let s = Selection::parse("id title: name total_payout_usd creatives { name }");
        assert!(s.requires("id"));
        assert!(s.requires("title"));
        assert!(
            !s.requires("name"),
            "the key of an aliased field is its alias"
        );
        let creatives = s.sub("creatives").unwrap();
        assert!(creatives.requires("name"));
        assert!(!creatives.requires("description"));
        assert!(s.sub("id").is_none());
    }

    #[test]
    fn repeated_fields_merge() {
        let s = Selection::parse("creatives { name } creatives { description icon_url }");
        let creatives = s.sub("creatives").unwrap();
        for key in ["name", "description", "icon_url"] {
            assert!(creatives.requires(key), "{key}");
        }
    }

    #[test]
    fn conditional_fields_are_never_required() {
        let s = Selection::parse(
            "id name @include(if: true) goals(first: 2) { id } ... on Offer { total_payout_usd } \
             ...More creatives @skip(if: false) { name }",
        );
        assert!(s.requires("id"));
        assert!(s.requires("goals"));
        assert!(!s.requires("name"));
        assert!(!s.requires("total_payout_usd"));
        assert!(!s.requires("More"));
        assert!(!s.requires("creatives"));
        assert!(!s.sub("creatives").unwrap().requires("name"));
    }

    #[test]
    fn arguments_are_not_keys() {
        let s = Selection::parse("icon(size: large, tags: [a b]) { url }");
        assert!(s.requires("icon"));
        assert!(!s.requires("size") && !s.requires("large") && !s.requires("a"));
        assert!(s.sub("icon").unwrap().requires("url"));
    }

    #[test]
    fn whole_player_offers_selections() {
        let s = Selection::parse("offers { id name } next_cursor");
        assert!(s.requires("offers") && s.requires("next_cursor"));
        assert!(s.sub("offers").unwrap().requires("name"));
    }

    #[test]
    fn hostile_text_never_panics() {
        let deep = "a { ".repeat(10_000);
        let s = Selection::parse(&deep);
        assert!(s.requires("a"));
        for text in [
            "",
            "}}}}",
            "(((",
            "...",
            "... on",
            "a: : b",
            "@",
            "a @",
            "é { ü }",
        ] {
            let _ = Selection::parse(text);
        }
    }
}
