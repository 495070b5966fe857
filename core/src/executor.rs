//! The seam between offerkit's logic and whatever carries its bytes: one HTTP attempt in,
//! one complete answer (or a transport failure) out.
//!
//! Consoles, Unity WebGL, Unreal and apps with their own proxies, pinning and metrics must send
//! through the platform's HTTP stack. Everything above an attempt — validation, tokens, retries,
//! `Retry-After`, the call's deadline, the body cap, redirect refusal, the cache and the mapping
//! of every failure to an [`crate::ErrorKind`] — stays in offerkit and runs unchanged for any
//! executor. The built-in executor (reqwest, the default `reqwest` feature) is one of them.
//!
//! The contract an executor keeps (also written for hosts in ffi/README.md):
//! - Send exactly the method, URL, headers and body given. Never follow a redirect: answer the
//!   3xx itself (offerkit refuses it with its `Location` in the message).
//! - Answer with the status, the headers and the whole body as it arrived after transfer
//!   decoding. offerkit sends no `Accept-Encoding`; an executor whose stack adds one must
//!   decompress before answering.
//! - Give up after [`HttpRequest::timeout`] with [`HttpFailureKind::Timeout`]. offerkit also
//!   bounds every attempt itself, so an executor that never answers costs that timeout, not a
//!   hang.
//! - A connection, DNS or TLS failure (certificate refused included) is
//!   [`HttpFailureKind::Network`], with the stack's own words in the message.
//! - A body longer than [`HttpRequest::max_response_bytes`] may be cut short with
//!   [`HttpFailureKind::TooLarge`]; offerkit checks the length of what it gets either way.
//! - Dropping the returned future cancels the attempt (the call was cancelled or its deadline
//!   passed).

use std::fmt;
use std::time::Duration;

use bytes::Bytes;

use crate::redaction::redacted_header;
use crate::token::BoxFuture;

/// The HTTP methods offerkit sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// `GET`: the REST endpoints.
    Get,
    /// `POST`: GraphQL and the token exchange.
    Post,
}

impl Method {
    /// The method's name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One attempt for an executor to send.
#[derive(Clone)]
pub struct HttpRequest {
    /// `GET` or `POST`.
    pub method: Method,
    /// The absolute address, `https://` (or `http://` to loopback and in tests).
    pub url: String,
    /// Headers in the order to send them. `Authorization` carries a secret: an executor must
    /// never log it (this type's `Debug` hides it).
    pub headers: Vec<(String, String)>,
    /// The body (`None` for `GET`).
    pub body: Option<Bytes>,
    /// How long this attempt may take, body included (never more than what remains of the
    /// call's deadline).
    pub timeout: Duration,
    /// The largest body offerkit accepts ([`crate::ClientConfig::max_body_bytes`]).
    pub max_response_bytes: usize,
}

impl HttpRequest {
    /// The value of header `name` (ASCII case-insensitive), if the request has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        header(&self.headers, name)
    }
}

impl fmt::Debug for HttpRequest {
    /// Shows every header's name but the value of none that carries a credential
    /// ([`crate::is_credential_header`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let headers: Vec<_> = self
            .headers
            .iter()
            .map(|(name, value)| redacted_header(name, value))
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.as_ref().map(Bytes::len))
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// A complete answer: offerkit reads the status, `Retry-After`, `Location` and the body.
#[derive(Clone, Debug)]
pub struct HttpResponse {
    /// The HTTP status code.
    pub status: u16,
    /// The response headers (names in any case).
    pub headers: Vec<(String, String)>,
    /// The whole body, after transfer decoding.
    pub body: Bytes,
}

impl HttpResponse {
    /// The value of header `name` (ASCII case-insensitive), if the response has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        header(&self.headers, name)
    }
}

/// Why an attempt got no complete answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HttpFailureKind {
    /// No connection, DNS or TLS failure, or the connection broke before the answer was whole.
    Network,
    /// The attempt took longer than [`HttpRequest::timeout`].
    Timeout,
    /// The body is longer than [`HttpRequest::max_response_bytes`].
    TooLarge,
}

/// A transport failure, in the executor's own words.
#[derive(Clone, Debug)]
pub struct HttpFailure {
    /// What went wrong.
    pub kind: HttpFailureKind,
    /// The stack's description (shown to the developer in the error message).
    pub message: String,
    /// The status, when the failure came after the status line (a body that broke off).
    pub status: Option<u16>,
}

impl HttpFailure {
    /// A failure of `kind` described by `message`, before any status arrived.
    pub fn new(kind: HttpFailureKind, message: impl Into<String>) -> Self {
        HttpFailure {
            kind,
            message: message.into(),
            status: None,
        }
    }

    /// The same failure, after `status` had arrived.
    pub fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }
}

/// Carries one attempt at a time, from any task; many may be in flight at once.
pub trait HttpExecutor: Send + Sync + 'static {
    /// Sends `request` and answers once. Dropping the future cancels the attempt.
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>>;
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_credential() {
        let request = HttpRequest {
            method: Method::Post,
            url: "https://offers.example.com/v1/offers".into(),
            headers: vec![
                ("Authorization".into(), "Bearer secret-token".into()),
                ("accept".into(), "application/json".into()),
            ],
            body: Some(Bytes::from_static(b"{}")),
            timeout: Duration::from_secs(1),
            max_response_bytes: 10,
        };
        let shown = format!("{request:?}");
        assert!(!shown.contains("secret-token"), "{shown}");
        assert!(shown.contains("Authorization: ***"), "{shown}");
        assert!(shown.contains("accept: application/json"), "{shown}");
        assert_eq!(request.header("AUTHORIZATION"), Some("Bearer secret-token"));
        assert_eq!(request.header("content-type"), None);
    }
}
