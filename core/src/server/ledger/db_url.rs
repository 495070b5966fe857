//! The ledger's database address: which backend it names, how to show it without its
//! password, and how to scrub that password from a storage error before it is logged or
//! returned. `sqlite://PATH` (created if missing) or `postgres://USER:PASS@HOST/DB`.

use url::Url;

use crate::error::{Error, ErrorKind, Result};

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
    /// The password, only to scrub it from messages.
    password: Option<String>,
    shown: String,
}

impl std::fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DbUrl({})", self.shown)
    }
}

impl DbUrl {
    /// Reads `sqlite://PATH` or `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`; anything
    /// else is `invalid_argument`. Nothing is connected to.
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
                password: None,
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
        let password = url.password().map(|p| {
            percent_encoding::percent_decode_str(p)
                .decode_utf8_lossy()
                .into_owned()
        });
        let mut shown = url.clone();
        if password.is_some() {
            let _ = shown.set_password(Some("redacted"));
        }
        Ok(DbUrl {
            backend: Backend::Postgres,
            connect: text.to_owned(),
            password: password.filter(|p| !p.is_empty()),
            shown: shown.to_string(),
        })
    }

    /// The backend the address names.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub(crate) fn connect_url(&self) -> &str {
        &self.connect
    }

    /// The address with any password replaced by `redacted`: safe to log.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// A storage failure: `server` with HTTP status 503 (the sender retries; nothing was
    /// credited), its message scrubbed of the password.
    pub(crate) fn storage_error(&self, what: &str, err: impl std::fmt::Display) -> Error {
        let mut message = format!("storage: {what}: {err}");
        if let Some(password) = &self.password {
            message = message.replace(password.as_str(), "<redacted>");
        }
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

    #[test]
    fn postgres_passwords_never_show() {
        let url = DbUrl::parse("postgres://app:s%40cret-pw@db.internal:5432/rewards").unwrap();
        assert_eq!(url.backend(), Backend::Postgres);
        assert!(!url.shown().contains("cret-pw"), "{}", url.shown());
        assert!(!format!("{url:?}").contains("cret-pw"));
        let err = url.storage_error("connect", "password s@cret-pw rejected");
        assert!(!err.message().contains("s@cret-pw"), "{}", err.message());
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Server, Some(503))
        );
        assert!(DbUrl::parse("mysql://x@y/z").is_err());
        assert!(DbUrl::parse("offerkit.db").is_err());
    }
}
