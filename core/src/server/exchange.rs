//! The refresh-token exchange (`POST {base_url}/v1/users/token`, form-encoded), for backends.
//!
//! A [`TokenExchanger`] holds the refresh token, caches the access token it gets, exchanges
//! again ahead of expiry (the JWT `exp`, else `expires_in`) and after a 401, and lets only one
//! exchange run at a time however many callers wait for it. It implements the core's
//! [`AccessTokenProvider`], so a backend plugs it straight into an [`crate::OfferClient`]:
//!
//! ```no_run
//! # fn demo() -> offerkit::Result<()> {
//! use offerkit::server::{RefreshToken, TokenExchanger};
//! use offerkit::{ClientConfig, OfferClient};
//! let http = ClientConfig::new("https://offers.example.com");
//! let refresh = RefreshToken::new(std::env::var("OFFERKIT_REFRESH_TOKEN").unwrap_or_default());
//! let exchanger = TokenExchanger::new(&http, refresh)?;
//! let client = OfferClient::new(http.with_token_provider(exchanger))?;
//! # let _ = client; Ok(()) }
//! ```

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use crate::executor::Method;
use serde::Deserialize;
use serde_json::Value;
use url::Url;
use url::form_urlencoded::byte_serialize;
use zeroize::Zeroizing;

use super::secret::RefreshToken;
use crate::config::ClientConfig;
use crate::deadline::Deadline;
use crate::error::{Error, ErrorKind, FieldError, Result};
use crate::runtime;
use crate::status;
use crate::token::{AccessToken, AccessTokenProvider, BoxFuture, TokenReason};
use crate::transport::{PlainRequest, Transport};

/// The content type the token endpoint requires.
const FORM: &str = "application/x-www-form-urlencoded";

/// The answer of one exchange (status 201).
#[derive(Debug, Clone)]
pub struct TokenGrant {
    /// The access token; its expiry is the JWT `exp` when present, else now + `expires_in`.
    pub access_token: AccessToken,
    /// `expires_in` as the service sent it.
    pub expires_in: Duration,
    /// The service's status text (e.g. `Authorized`).
    pub message: String,
}

impl TokenGrant {
    /// When the access token expires (see `access_token`); `None` only if that overflows.
    pub fn expires_at(&self) -> Option<SystemTime> {
        self.access_token.expires_at()
    }
}

#[derive(Deserialize)]
struct GrantBody {
    message: Option<String>,
    access_token: Option<String>,
    expires_in: Option<Value>,
}

/// Exchanges a refresh token for access tokens, caching them. Cheap to clone (shared state).
#[derive(Clone)]
pub struct TokenExchanger {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    url: Url,
    refresh_token: RefreshToken,
    skew: Duration,
    /// Bound of one exchange: its attempts and retry waits.
    deadline: Duration,
    content_type: String,
    cached: Mutex<Option<AccessToken>>,
    /// Held for the whole of an exchange: the single-flight lock.
    flight: tokio::sync::Mutex<()>,
}

impl TokenExchanger {
    /// An exchanger for the service at `http.base_url`, with its HTTP settings (timeouts,
    /// deadline, retries, TLS roots, body cap) and `token_refresh_skew` as the refresh margin.
    pub fn new(http: &ClientConfig, refresh_token: impl Into<RefreshToken>) -> Result<Self> {
        TokenExchanger::build(http, refresh_token.into(), FORM)
    }

    /// Test hook: sends the exchange with another content type, to provoke the service's 415.
    #[doc(hidden)]
    pub fn with_content_type_for_tests(
        http: &ClientConfig,
        refresh_token: impl Into<RefreshToken>,
        content_type: &str,
    ) -> Result<Self> {
        TokenExchanger::build(http, refresh_token.into(), content_type)
    }

    fn build(http: &ClientConfig, refresh_token: RefreshToken, content_type: &str) -> Result<Self> {
        let transport = Transport::new(http)?;
        let url = transport.url("v1/users/token")?;
        Ok(TokenExchanger {
            inner: Arc::new(Inner {
                transport,
                url,
                refresh_token,
                skew: http.token_refresh_skew,
                deadline: http.deadline,
                content_type: content_type.to_owned(),
                cached: Mutex::new(None),
                flight: tokio::sync::Mutex::new(()),
            }),
        })
    }

    /// Exchanges now (waiting for an exchange already in flight first) and caches the result.
    pub async fn exchange(&self) -> Result<TokenGrant> {
        let _flight = self.inner.flight.lock().await;
        self.exchange_locked().await
    }

    /// The cached access token while it is fresh; otherwise one new exchange shared by every
    /// concurrent caller. If refreshing ahead of expiry fails, the still-valid old token is
    /// returned.
    pub async fn access_token(&self) -> Result<AccessToken> {
        if let Some(token) = self.fresh() {
            return Ok(token);
        }
        let _flight = self.inner.flight.lock().await;
        if let Some(token) = self.fresh() {
            return Ok(token); // another caller exchanged while this one waited
        }
        match self.exchange_locked().await {
            Ok(grant) => Ok(grant.access_token),
            Err(err) => match self.cached() {
                Some(old) if old.expires_at().is_some_and(|at| at > runtime::now()) => {
                    tracing::warn!(error = %err, "refreshing the access token ahead of expiry failed; using the current one");
                    Ok(old)
                }
                _ => Err(err),
            },
        }
    }

    /// After the service rejected the cached token (401): a new exchange, unless a concurrent
    /// caller already replaced the token.
    pub async fn replace_rejected(&self) -> Result<AccessToken> {
        let seen = self.cached();
        let _flight = self.inner.flight.lock().await;
        if let Some(current) = self.fresh() {
            if Some(&current) != seen.as_ref() {
                return Ok(current);
            }
        }
        self.exchange_locked().await.map(|grant| grant.access_token)
    }

    /// The cached access token, fresh or not.
    pub fn cached(&self) -> Option<AccessToken> {
        self.inner
            .cached
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Forgets the cached access token (the next call exchanges).
    pub fn invalidate(&self) {
        *self
            .inner
            .cached
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn fresh(&self) -> Option<AccessToken> {
        let skew = self.inner.skew;
        self.cached().filter(|token| match token.expires_at() {
            None => true,
            Some(at) => at
                .duration_since(runtime::now())
                .is_ok_and(|left| left > skew),
        })
    }

    /// One exchange (with the HTTP retry policy for transient failures), bounded by the
    /// configured deadline like any call; the caller holds the flight lock.
    async fn exchange_locked(&self) -> Result<TokenGrant> {
        let inner = &self.inner;
        let deadline = Deadline::after(inner.deadline);
        let attempts = inner.transport.retrying(
            "refresh-token exchange",
            Method::Post,
            &inner.url,
            &deadline,
            |timeout| {
                let mut body =
                    Zeroizing::new(String::from("grant_type=refresh_token&refresh_token="));
                for chunk in byte_serialize(inner.refresh_token.expose().as_bytes()) {
                    body.push_str(chunk);
                }
                inner.transport.send_plain(
                    Method::Post,
                    &inner.url,
                    PlainRequest {
                        bearer: None,
                        content_type: Some(&inner.content_type),
                        body: Some(body.as_bytes().to_vec()),
                    },
                    timeout,
                )
            },
        );
        let response = deadline.bound(attempts).await.map_err(|e| self.redact(e))?;
        let response = status::check(response).map_err(|e| self.redact(e))?;
        let grant = self
            .decode(&response.body)
            .map_err(|e| self.redact(e.or_status(response.status)))?;
        *inner.cached.lock().unwrap_or_else(PoisonError::into_inner) =
            Some(grant.access_token.clone());
        Ok(grant)
    }

    fn decode(&self, body: &[u8]) -> Result<TokenGrant> {
        let bad = |why: String| Error::new(ErrorKind::Decode, format!("token response: {why}"));
        let parsed: GrantBody =
            serde_json::from_slice(body).map_err(|e| bad(format!("not the expected JSON: {e}")))?;
        let access = parsed
            .access_token
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| bad("no access_token".into()))?;
        let expires_in = match parsed.expires_in {
            Some(Value::Number(n)) => n.as_u64().or_else(|| {
                n.as_f64()
                    .filter(|f| f.is_finite() && *f >= 0.0)
                    .map(|f| f as u64)
            }),
            Some(Value::String(s)) => s.trim().parse::<u64>().ok(),
            _ => None,
        };
        let token = match expires_in {
            Some(secs) => AccessToken::with_expires_in(access, Duration::from_secs(secs)),
            None => AccessToken::new(access),
        };
        let expires_in = match (expires_in, token.expires_at()) {
            (Some(secs), _) => Duration::from_secs(secs),
            (None, Some(at)) => at.duration_since(runtime::now()).unwrap_or_default(),
            (None, None) => return Err(bad("no expires_in and no JWT exp claim".into())),
        };
        Ok(TokenGrant {
            access_token: token,
            expires_in,
            message: parsed.message.unwrap_or_default(),
        })
    }

    /// The same error with every occurrence of the refresh token replaced (a server that
    /// echoes it back must not make it show up in logs).
    fn redact(&self, err: Error) -> Error {
        redact_secret(err, self.inner.refresh_token.expose())
    }
}

/// `err` with `secret` replaced by `<redacted>` in its message and field messages.
pub(crate) fn redact_secret(err: Error, secret: &str) -> Error {
    let leaks = !secret.is_empty()
        && (err.message().contains(secret)
            || err
                .fields()
                .iter()
                .any(|f| f.arguments.values().flatten().any(|m| m.contains(secret))));
    if !leaks {
        return err;
    }
    let scrub = |text: &str| text.replace(secret, "<redacted>");
    let fields: Vec<FieldError> = err
        .fields()
        .iter()
        .map(|f| FieldError {
            path: f.path.clone(),
            arguments: f
                .arguments
                .iter()
                .map(|(k, v)| (k.clone(), v.iter().map(|m| scrub(m)).collect()))
                .collect(),
        })
        .collect();
    let mut clean = Error::new(err.kind(), scrub(err.message()))
        .with_fields(fields)
        .with_retry_after(err.retry_after());
    if let Some(status) = err.http_status() {
        clean = clean.with_status(status);
    }
    if let Some(reason) = err.reason() {
        clean = clean.with_reason(scrub(reason));
    }
    clean
}

impl AccessTokenProvider for TokenExchanger {
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, Result<AccessToken>> {
        Box::pin(async move {
            match reason {
                TokenReason::Rejected => self.replace_rejected().await,
                TokenReason::Missing | TokenReason::Expiring => {
                    TokenExchanger::access_token(self).await
                }
            }
        })
    }
}

impl fmt::Debug for TokenExchanger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenExchanger")
            .field("url", &self.inner.url.as_str())
            .field("refresh_token", &self.inner.refresh_token)
            .field("cached", &self.cached())
            .field("skew", &self.inner.skew)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_scrubs_message_fields_and_reason() {
        let mut field = FieldError::new(&[]);
        field.add("refresh_token", "token rt-secret-1 is unknown");
        let err = Error::new(ErrorKind::Unprocessable, "HTTP 422: rt-secret-1 rejected")
            .with_status(422)
            .with_fields(vec![field])
            .with_reason("because rt-secret-1");
        let clean = redact_secret(err, "rt-secret-1");
        let shown = format!("{clean:?} {clean}");
        assert!(!shown.contains("rt-secret-1"), "{shown}");
        assert_eq!(clean.kind(), ErrorKind::Unprocessable);
        assert_eq!(clean.http_status(), Some(422));
        assert_eq!(
            clean.fields()[0].arguments["refresh_token"],
            ["token <redacted> is unknown"]
        );
        let untouched = Error::new(ErrorKind::Network, "refused");
        assert_eq!(redact_secret(untouched, "x-secret").message(), "refused");
    }
}
