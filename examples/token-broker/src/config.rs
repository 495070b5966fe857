//! The broker's settings, from environment variables (and a file for the refresh token, so it
//! can come from a mounted secret instead of the environment). The refresh token is held as a
//! [`RefreshToken`]: redacted in `Debug`, zeroed when dropped.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::time::Duration;

use offerkit::server::RefreshToken;

use crate::session::SessionPolicy;
use crate::vars;

#[derive(Debug, Clone)]
pub struct BrokerConfig {
    /// `BROKER_BIND`, default `127.0.0.1:8787`.
    pub bind: SocketAddr,
    /// `OFFERKIT_BASE_URL`: the offer service (its token endpoint is `{base_url}/v1/users/token`).
    pub base_url: String,
    /// `OFFERKIT_REFRESH_TOKEN_FILE` (preferred) or `OFFERKIT_REFRESH_TOKEN`.
    pub refresh_token: RefreshToken,
    /// `BROKER_RATE_LIMIT`: token requests per minute per client, default 30.
    pub per_client_per_minute: usize,
    /// `BROKER_REFRESH_SKEW_SECS`: refresh this long before expiry, default 300, so every
    /// token handed out stays valid for at least that long.
    pub refresh_skew: Duration,
    /// `BROKER_ALLOW_INSECURE_HTTP=1`: plain http to a non-loopback service (testing only).
    pub allow_insecure_http: bool,
    /// `BROKER_DEMO_SESSIONS`: comma-separated sessions the demo hook accepts.
    pub sessions: SessionPolicy,
}

impl BrokerConfig {
    /// Reads the environment through `var` (so tests need not touch the process environment).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<BrokerConfig, String> {
        let bind = var("BROKER_BIND")
            .unwrap_or_else(|| "127.0.0.1:8787".to_owned())
            .parse::<SocketAddr>()
            .map_err(|e| format!("BROKER_BIND: {e}"))?;
        let base_url = var("OFFERKIT_BASE_URL").ok_or("OFFERKIT_BASE_URL is required")?;
        let refresh_token = vars::secret(&var, "OFFERKIT_REFRESH_TOKEN")?
            .map(RefreshToken::new)
            .ok_or("set OFFERKIT_REFRESH_TOKEN_FILE or OFFERKIT_REFRESH_TOKEN")?;
        if refresh_token.is_empty() {
            return Err("the refresh token is empty".into());
        }
        let number = |name: &str, default: u64| -> Result<u64, String> {
            var(name).map_or(Ok(default), |v| {
                v.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("{name}: {v:?} is not a whole number"))
            })
        };
        let per_client_per_minute = usize::try_from(number("BROKER_RATE_LIMIT", 30)?)
            .map_err(|_| "BROKER_RATE_LIMIT is too large".to_owned())?;
        if per_client_per_minute == 0 {
            return Err("BROKER_RATE_LIMIT must be at least 1".into());
        }
        let refresh_skew = Duration::from_secs(number("BROKER_REFRESH_SKEW_SECS", 300)?);
        let allow_insecure_http = var("BROKER_ALLOW_INSECURE_HTTP").is_some_and(|v| v == "1");
        let accepted = var("BROKER_DEMO_SESSIONS").map(|text| vars::list::<HashSet<_>>(&text));
        Ok(BrokerConfig {
            bind,
            base_url,
            refresh_token,
            per_client_per_minute,
            refresh_skew,
            allow_insecure_http,
            sessions: SessionPolicy { accepted },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::from_pairs;

    #[test]
    fn reads_settings_and_never_shows_the_token() {
        let config = BrokerConfig::from_vars(from_pairs(&[
            ("OFFERKIT_BASE_URL", "https://offers.example.com"),
            ("OFFERKIT_REFRESH_TOKEN", " rt-env-secret \n"),
            ("BROKER_RATE_LIMIT", "5"),
            ("BROKER_DEMO_SESSIONS", "a, b,,"),
        ]))
        .unwrap();
        assert_eq!(config.refresh_token.expose(), "rt-env-secret");
        assert_eq!(config.per_client_per_minute, 5);
        assert_eq!(config.sessions.accepted.as_ref().map(|s| s.len()), Some(2));
        assert!(!format!("{config:?}").contains("rt-env-secret"));
    }

    #[test]
    fn file_wins_and_errors_are_clear() {
        let dir = std::env::temp_dir().join(format!("broker-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("refresh-token");
        std::fs::write(&file, "rt-file-secret\n").unwrap();
        let path = file.to_string_lossy().into_owned();
        let config = BrokerConfig::from_vars(from_pairs(&[
            ("OFFERKIT_BASE_URL", "https://x"),
            ("OFFERKIT_REFRESH_TOKEN_FILE", &path),
            ("OFFERKIT_REFRESH_TOKEN", "rt-env"),
        ]))
        .unwrap();
        assert_eq!(config.refresh_token.expose(), "rt-file-secret");
        std::fs::remove_dir_all(&dir).unwrap();

        let missing = BrokerConfig::from_vars(from_pairs(&[("OFFERKIT_BASE_URL", "https://x")]));
        assert!(missing.unwrap_err().contains("OFFERKIT_REFRESH_TOKEN"));
        let zero = BrokerConfig::from_vars(from_pairs(&[
            ("OFFERKIT_BASE_URL", "https://x"),
            ("OFFERKIT_REFRESH_TOKEN", "t"),
            ("BROKER_RATE_LIMIT", "0"),
        ]));
        assert!(zero.is_err());
    }
}
