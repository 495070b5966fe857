//! `HttpExecutor`: the app's own HTTP stack (OkHttp or `java.net.http` on Android, `URLSession`
//! on iOS, aiohttp or the standard library in Python) carrying offerkit's requests, adapted onto
//! the core's executor seam. Everything above one attempt — headers, retries, `Retry-After`, the
//! deadline, redirect refusal, the body cap, error mapping — stays in offerkit (see
//! `offerkit::HttpExecutor` for the contract, repeated in the doc comments below).
//!
//! Whatever the app's executor throws becomes a `network` failure of that attempt carrying its
//! text (and is retried like one); cancelling a call cancels the executor's coroutine, task or
//! future.

use std::sync::Arc;

use offerkit::{BoxFuture, HttpFailureKind};

/// One header of a request or a response.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpHeader {
    pub name: String,
    pub value: String,
}

/// One attempt for the app's executor to send, exactly as given. `authorization` carries the
/// access token: never log it.
#[derive(Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: String,
    /// The absolute address.
    pub url: String,
    /// Headers in the order to send them. No `Accept-Encoding` is among them: a stack that adds
    /// one must decompress before answering.
    pub headers: Vec<HttpHeader>,
    /// The body (null for `GET`).
    pub body: Option<Vec<u8>>,
    /// How long this attempt may take, body included, in milliseconds: give up after it with
    /// `HttpExecutorError.Timeout`. offerkit stops waiting 500 ms later in any case.
    pub timeout_ms: i64,
    /// The largest body offerkit accepts; a longer one may be cut short with
    /// `HttpExecutorError.TooLarge` (offerkit checks the length either way).
    pub max_response_bytes: i64,
}

/// Shows every header but the value of a credential (`offerkit::is_credential_header`).
impl std::fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<String> = self
            .headers
            .iter()
            .map(|h| offerkit::redacted_header(&h.name, &h.value))
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.as_ref().map(Vec::len))
            .field("timeout_ms", &self.timeout_ms)
            .finish()
    }
}

/// A complete answer. Redirects are answered as they are (never followed).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HttpResponse {
    /// The HTTP status code (100 to 599).
    pub status: i32,
    pub headers: Vec<HttpHeader>,
    /// The whole body, after transfer decoding.
    pub body: Vec<u8>,
}

/// Why an attempt got no complete answer. `http_status`: the status, when the failure came
/// after it (a body that broke off).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum HttpExecutorError {
    /// No connection, DNS or TLS failure (a refused certificate included), or the connection
    /// broke before the answer was whole.
    #[error("network: {detail}")]
    Network {
        detail: String,
        http_status: Option<i32>,
    },
    /// The attempt took longer than its `timeout_ms`.
    #[error("timeout: {detail}")]
    Timeout {
        detail: String,
        http_status: Option<i32>,
    },
    /// The body is longer than `max_response_bytes`.
    #[error("too large: {detail}")]
    TooLarge {
        detail: String,
        http_status: Option<i32>,
    },
}

/// Anything else the app's executor throws: a network failure of the attempt, with its text.
impl From<uniffi::UnexpectedUniFFICallbackError> for HttpExecutorError {
    fn from(err: uniffi::UnexpectedUniFFICallbackError) -> Self {
        HttpExecutorError::Network {
            detail: format!("the HTTP executor failed: {}", err.reason),
            http_status: None,
        }
    }
}

/// Implemented by the app: send one attempt with its own HTTP stack and answer once. Never
/// follow redirects; give up after the request's `timeout_ms`. Many attempts may be in flight.
#[uniffi::export(foreign, async_runtime = "tokio")]
#[async_trait::async_trait]
pub trait HttpExecutor: Send + Sync {
    async fn execute(&self, request: HttpRequest) -> Result<HttpResponse, HttpExecutorError>;
}

/// The core's view of an app's executor.
pub(crate) struct HostExecutor(pub(crate) Arc<dyn HttpExecutor>);

impl offerkit::HttpExecutor for HostExecutor {
    fn execute(
        &self,
        request: offerkit::HttpRequest,
    ) -> BoxFuture<'static, Result<offerkit::HttpResponse, offerkit::HttpFailure>> {
        let executor = self.0.clone();
        let request = HttpRequest {
            method: request.method.as_str().to_owned(),
            url: request.url,
            headers: request
                .headers
                .into_iter()
                .map(|(name, value)| HttpHeader { name, value })
                .collect(),
            body: request.body.map(|b| b.to_vec()),
            timeout_ms: i64::try_from(request.timeout.as_millis()).unwrap_or(i64::MAX),
            max_response_bytes: i64::try_from(request.max_response_bytes).unwrap_or(i64::MAX),
        };
        Box::pin(async move {
            match executor.execute(request).await {
                Ok(response) => answer(response),
                Err(failure) => Err(core_failure(failure)),
            }
        })
    }
}

/// The app's answer in the core's terms; a status no HTTP response can have is a network failure
/// naming it, not a value offerkit acts on.
fn answer(response: HttpResponse) -> Result<offerkit::HttpResponse, offerkit::HttpFailure> {
    let status = u16::try_from(response.status)
        .ok()
        .filter(|s| (100..=599).contains(s))
        .ok_or_else(|| {
            offerkit::HttpFailure::new(
                HttpFailureKind::Network,
                format!(
                    "the HTTP executor answered with status {}, which no HTTP response has",
                    response.status
                ),
            )
        })?;
    Ok(offerkit::HttpResponse {
        status,
        headers: response
            .headers
            .into_iter()
            .map(|h| (h.name, h.value))
            .collect(),
        body: response.body.into(),
    })
}

fn core_failure(failure: HttpExecutorError) -> offerkit::HttpFailure {
    let (kind, detail, status) = match failure {
        HttpExecutorError::Network {
            detail,
            http_status,
        } => (HttpFailureKind::Network, detail, http_status),
        HttpExecutorError::Timeout {
            detail,
            http_status,
        } => (HttpFailureKind::Timeout, detail, http_status),
        HttpExecutorError::TooLarge {
            detail,
            http_status,
        } => (HttpFailureKind::TooLarge, detail, http_status),
    };
    let failure = offerkit::HttpFailure::new(kind, detail);
    match status.and_then(|s| u16::try_from(s).ok()) {
        Some(status) => failure.with_status(status),
        None => failure,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_no_response_has_are_network_failures() {
        for bad in [-1, 0, 99, 600, 70000] {
            let err = answer(HttpResponse {
                status: bad,
                headers: vec![],
                body: vec![],
            })
            .unwrap_err();
            assert_eq!(err.kind, HttpFailureKind::Network);
            assert!(err.message.contains(&bad.to_string()), "{}", err.message);
        }
        let ok = answer(HttpResponse {
            status: 204,
            headers: vec![HttpHeader {
                name: "Retry-After".into(),
                value: "3".into(),
            }],
            body: b"x".to_vec(),
        })
        .unwrap();
        assert_eq!(ok.status, 204);
        assert_eq!(ok.header("retry-after"), Some("3"));
    }

    #[test]
    fn failures_keep_their_kind_and_status() {
        let failure = core_failure(HttpExecutorError::Timeout {
            detail: "slow".into(),
            http_status: Some(200),
        });
        assert_eq!(failure.kind, HttpFailureKind::Timeout);
        assert_eq!(failure.status, Some(200));
        assert_eq!(failure.message, "slow");
        let failure = core_failure(HttpExecutorError::Network {
            detail: "reset".into(),
            http_status: Some(-5),
        });
        assert_eq!(failure.status, None);
    }

    #[test]
    fn debug_hides_the_token() {
        let request = HttpRequest {
            method: "POST".into(),
            url: "https://x/v1/offers".into(),
            headers: vec![HttpHeader {
                name: "authorization".into(),
                value: "Bearer secret-token".into(),
            }],
            body: None,
            timeout_ms: 1,
            max_response_bytes: 1,
        };
        let shown = format!("{request:?}");
        assert!(!shown.contains("secret-token"), "{shown}");
    }
}
