//! How requests reach the service through a proxy: never (client libraries, by default), as
//! the environment says (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`: the default of
//! backends, which the `server` feature is for), or through one given proxy.
//!
//! Client libraries do not look at the environment by default: a game inherits whatever the
//! player's machine or a console's shell has set, and an unexpected proxy there would see or
//! break every request; hosts that want one say so with [`Proxy::Url`] (see docs/decisions.md).

use std::fmt;

use url::Url;

#[cfg(feature = "reqwest")]
use crate::error::{Error, ErrorKind, Result};

/// The proxy setting of a [`crate::ClientConfig`].
#[derive(Clone, PartialEq, Eq)]
pub enum Proxy {
    /// Direct connections, whatever the environment says. The default of client builds.
    None,
    /// `HTTPS_PROXY` / `HTTP_PROXY` / `ALL_PROXY`, with `NO_PROXY` exceptions, read from the
    /// environment. The default with the `server` feature.
    System,
    /// Every request through this proxy: `http://[user:password@]host:port` (or `https://`).
    Url(String),
}

impl Default for Proxy {
    fn default() -> Self {
        if cfg!(feature = "server") {
            Proxy::System
        } else {
            Proxy::None
        }
    }
}

impl fmt::Debug for Proxy {
    /// Never shows credentials in a proxy URL.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proxy::None => f.write_str("None"),
            Proxy::System => f.write_str("System"),
            Proxy::Url(raw) => match Url::parse(raw) {
                Ok(mut url) => {
                    if !url.username().is_empty() || url.password().is_some() {
                        let _ = url.set_username("***");
                        let _ = url.set_password(None);
                    }
                    f.debug_tuple("Url").field(&url.as_str()).finish()
                }
                Err(_) => f.write_str("Url(<unparsable>)"),
            },
        }
    }
}

impl Proxy {
    /// Applies the setting to an HTTP client under construction.
    #[cfg(feature = "reqwest")]
    pub(crate) fn apply(&self, builder: reqwest::ClientBuilder) -> Result<reqwest::ClientBuilder> {
        Ok(match self {
            Proxy::None => builder.no_proxy(),
            Proxy::System => builder,
            Proxy::Url(raw) => {
                let invalid = |why: &str| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        format!("proxy: {why} (expected http://[user:password@]host:port)"),
                    )
                };
                let url = Url::parse(raw).map_err(|_| invalid("not a URL"))?;
                if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
                    return Err(invalid("only http:// and https:// proxies are supported"));
                }
                let proxy = reqwest::Proxy::all(url.as_str()).map_err(|_| invalid("refused"))?;
                builder.proxy(proxy)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_proxy_credentials() {
        let shown = format!(
            "{:?}",
            Proxy::Url("http://alice:s3cret@proxy.example:3128".into())
        );
        assert!(
            !shown.contains("s3cret") && !shown.contains("alice"),
            "{shown}"
        );
        assert!(shown.contains("proxy.example:3128"), "{shown}");
    }

    #[test]
    #[cfg(feature = "reqwest")]
    fn only_http_proxies_are_accepted() {
        for bad in ["socks5://p:1080", "not a url", "http://"] {
            let err = Proxy::Url(bad.into())
                .apply(reqwest::Client::builder())
                .err()
                .unwrap();
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{bad}");
        }
        assert!(
            Proxy::Url("http://127.0.0.1:3128".into())
                .apply(reqwest::Client::builder())
                .is_ok()
        );
    }
}
