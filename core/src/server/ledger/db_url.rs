//! The ledger's database address: which backend it names, how to show it without its
//! passwords, and how to scrub them from a storage error before it is logged or returned.
//! `sqlite://PATH` (created if missing) or `postgres://USER:PASS@HOST/DB`.
//!
//! A PostgreSQL address can carry a password in three places sqlx reads: the user-info
//! (`USER:PASS@`, possibly percent-encoded) and the query parameters `password=` and
//! `sslpassword=`. Every one of them is replaced in [`DbUrl::shown`] (and so in `Debug` and
//! the logs), and every spelling of each — as written, percent-decoded, form-decoded — is
//! scrubbed from storage error text. sqlx reads only `password`: it logs the value of every
//! parameter it does not know, so the others (`sslpassword`: sqlx cannot open an encrypted
//! client key anyway) are left out of the address it is given.

use url::Url;

use crate::error::{Error, ErrorKind, Result};

/// What a password is replaced with in [`DbUrl::shown`].
const REDACTED: &str = "redacted";

/// The two backends, behind one code path (sqlx's `Any` driver).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file (`sqlite://PATH`), created on first use.
    Sqlite,
    /// A PostgreSQL database (`postgres://…` or `postgresql://…`).
    Postgres,
}

/// A parsed database address.
#[derive(Clone)]
pub struct DbUrl {
    backend: Backend,
    /// What sqlx connects to (SQLite: with `mode=rwc` added so the file is created).
    connect: String,
    /// Every spelling of every password the address carries, longest first: only to scrub
    /// them from messages.
    secrets: Vec<String>,
    shown: String,
}

impl std::fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DbUrl({})", self.shown)
    }
}

/// Whether query parameter `name` holds a password (`password`, `sslpassword`, any case).
fn is_password_parameter(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with("password")
}

/// `text` with the password parameters sqlx does not read (and would log) left out of its
/// query: what sqlx is given.
fn without_unread_passwords(text: &str) -> String {
    let Some((base, rest)) = text.split_once('?') else {
        return text.to_owned();
    };
    let (query, fragment) = match rest.split_once('#') {
        Some((q, f)) => (q, Some(f)),
        None => (rest, None),
    };
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split_once('=').map_or(*pair, |(n, _)| n);
            let name = percent_encoding::percent_decode_str(&name.replace('+', " "))
                .decode_utf8_lossy()
                .into_owned();
            let unread = is_password_parameter(&name) && name != "password";
            if unread {
                tracing::warn!(
                    parameter = name,
                    "--db: ignoring a password parameter the PostgreSQL driver does not support"
                );
            }
            !unread
        })
        .collect();
    let mut out = base.to_owned();
    if !kept.is_empty() {
        out.push('?');
        out.push_str(&kept.join("&"));
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// `text` percent-decoded, and form-decoded (`+` a space) when that differs.
fn spellings(text: &str) -> [String; 3] {
    let decoded = percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned();
    let form = percent_encoding::percent_decode_str(&text.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned();
    [text.to_owned(), decoded, form]
}

/// The passwords of a parsed PostgreSQL address in every spelling, and the address with each
/// replaced by [`REDACTED`].
fn redact(text: &str, url: &Url) -> (Vec<String>, String) {
    let mut secrets = Vec::new();
    let mut shown = url.clone();
    if let Some(password) = url.password() {
        secrets.extend(spellings(password));
        let _ = shown.set_password(Some(REDACTED));
    }
    // The query as written (the `url` crate may re-encode it), parameter by parameter.
    let written_query = text.split_once('?').map_or("", |(_, q)| q);
    let written_query = written_query.split('#').next().unwrap_or_default();
    for pair in written_query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_encoding::percent_decode_str(&name.replace('+', " "))
            .decode_utf8_lossy()
            .into_owned();
        if is_password_parameter(&name) {
            secrets.extend(spellings(value));
        }
    }
    if url.query().is_some() {
        let pairs: Vec<(String, String)> = url
            .query_pairs()
            .map(|(name, value)| {
                let value = if is_password_parameter(&name) {
                    REDACTED.to_owned()
                } else {
                    value.into_owned()
                };
                (name.into_owned(), value)
            })
            .collect();
        shown.query_pairs_mut().clear().extend_pairs(pairs);
    }
    secrets.retain(|s| !s.is_empty());
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    secrets.dedup();
    (secrets, shown.to_string())
}

impl DbUrl {
    /// Reads `sqlite://PATH` or `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?PARAMS]`;
    /// anything else is `invalid_argument`. Nothing is connected to.
    pub fn parse(text: &str) -> Result<DbUrl> {
        let bad = |why: &str| Error::new(ErrorKind::InvalidArgument, format!("--db: {why}"));
        if let Some(rest) = text.strip_prefix("sqlite:") {
            let path = rest.strip_prefix("//").unwrap_or(rest);
            if path.is_empty() || path.starts_with('?') {
                return Err(bad(
                    "sqlite:// needs a file path, e.g. sqlite://offerkit-rewards.db",
                ));
            }
            let connect = if path.contains("mode=") {
                format!("sqlite://{path}")
            } else if path.contains('?') {
                format!("sqlite://{path}&mode=rwc")
            } else {
                format!("sqlite://{path}?mode=rwc")
            };
            return Ok(DbUrl {
                backend: Backend::Sqlite,
                connect,
                secrets: Vec::new(),
                shown: format!("sqlite://{path}"),
            });
        }
        let url = Url::parse(text).map_err(|_| {
            bad("expected sqlite://PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        })?;
        if !matches!(url.scheme(), "postgres" | "postgresql") {
            return Err(bad(&format!(
                "unsupported scheme {:?}: use sqlite:// or postgres://",
                url.scheme()
            )));
        }
        let (secrets, shown) = redact(text, &url);
        Ok(DbUrl {
            backend: Backend::Postgres,
            connect: without_unread_passwords(text),
            secrets,
            shown,
        })
    }

    /// The backend the address names.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub(crate) fn connect_url(&self) -> &str {
        &self.connect
    }

    /// The address with every password (user-info, `password=`, `sslpassword=`) replaced by
    /// `redacted`: safe to log.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// `text` with every spelling of the address's passwords replaced by `<redacted>`.
    pub fn scrub(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for secret in &self.secrets {
            text = text.replace(secret.as_str(), "<redacted>");
        }
        text
    }

    /// A storage failure: `server` with HTTP status 503 (the sender retries; nothing was
    /// credited), its message scrubbed of the passwords.
    pub(crate) fn storage_error(&self, what: &str, err: impl std::fmt::Display) -> Error {
        let message = self.scrub(&format!("storage: {what}: {err}"));
        Error::new(ErrorKind::Server, message).with_status(503)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths_get_created() {
        let url = DbUrl::parse("sqlite://offerkit-rewards.db").unwrap();
        assert_eq!(url.backend(), Backend::Sqlite);
        assert_eq!(url.connect_url(), "sqlite://offerkit-rewards.db?mode=rwc");
        assert_eq!(url.shown(), "sqlite://offerkit-rewards.db");
        assert_eq!(
            DbUrl::parse("sqlite:///var/lib/r.db")
                .unwrap()
                .connect_url(),
            "sqlite:///var/lib/r.db?mode=rwc"
        );
        assert_eq!(
            DbUrl::parse("sqlite://r.db?mode=ro").unwrap().connect_url(),
            "sqlite://r.db?mode=ro"
        );
        assert!(DbUrl::parse("sqlite://").is_err());
    }

    /// Everything a reader of `url` could see: `shown`, `Debug`, and a storage error whose
    /// underlying text repeats `echo` (as a driver's message may repeat the address).
    fn visible(url: &DbUrl, echo: &str) -> String {
        let err = url.storage_error("connect", format!("failed for {echo}"));
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Server, Some(503))
        );
        format!("{} {url:?} {}", url.shown(), err.message())
    }

    #[test]
    fn a_user_info_password_never_shows_in_any_spelling() {
        let text = "postgres://app:s%40cret-pw@db.internal:5432/rewards";
        let url = DbUrl::parse(text).unwrap();
        assert_eq!(url.backend(), Backend::Postgres);
        assert_eq!(url.connect_url(), text);
        assert_eq!(
            url.shown(),
            "postgres://app:redacted@db.internal:5432/rewards"
        );
        for echo in [text, "password s@cret-pw rejected", "s%40cret-pw"] {
            let seen = visible(&url, echo);
            assert!(!seen.contains("cret-pw"), "{seen}");
        }
        assert!(DbUrl::parse("mysql://x@y/z").is_err());
        assert!(DbUrl::parse("offerkit.db").is_err());
    }

    #[test]
    fn query_passwords_never_show_in_any_spelling() {
        let text = "postgres://app@db/r?sslmode=require&password=q%2Bpw+one&sslpassword=key-pw-77&application_name=rx";
        let url = DbUrl::parse(text).unwrap();
        // sqlx is given `password` (it reads it) but not `sslpassword` (it would log it).
        assert_eq!(
            url.connect_url(),
            "postgres://app@db/r?sslmode=require&password=q%2Bpw+one&application_name=rx"
        );
        assert_eq!(
            url.shown(),
            "postgres://app@db/r?sslmode=require&password=redacted&sslpassword=redacted&application_name=rx"
        );
        // As written, percent-decoded (`q+pw+one`), form-decoded (`q+pw one`).
        for echo in [text, "q%2Bpw+one", "q+pw+one", "q+pw one", "key-pw-77"] {
            let seen = visible(&url, echo);
            assert!(!seen.contains("pw+one"), "{seen}");
            assert!(!seen.contains("pw one"), "{seen}");
            assert!(
                !seen.contains("pw%2Bone") && !seen.contains("key-pw-77"),
                "{seen}"
            );
        }
        // Any case, and both places at once.
        let url = DbUrl::parse("postgresql://u:ui-pw-1@h/d?PASSWORD=qq-pw-2").unwrap();
        let seen = visible(&url, "ui-pw-1 qq-pw-2");
        assert!(!seen.contains("pw-1") && !seen.contains("pw-2"), "{seen}");
    }

    #[test]
    fn an_address_without_a_password_shows_as_given() {
        let url = DbUrl::parse("postgres://app@db:5432/r?sslmode=disable").unwrap();
        assert_eq!(url.shown(), "postgres://app@db:5432/r?sslmode=disable");
        assert_eq!(
            url.scrub("storage: nothing secret"),
            "storage: nothing secret"
        );
    }
}
