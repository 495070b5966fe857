//! HTTP: one connection pool per client, the base address rules, retries within the call's
//! deadline, the body cap (and a stray byte order mark), and the mapping of transport failures
//! to error kinds. Nothing above this file sees reqwest.

use std::error::Error as _;
use std::future::Future;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use bytes::{Bytes, BytesMut};
use reqwest::header::{self, HeaderValue};
use url::Url;

use crate::config::ClientConfig;
use crate::deadline::{Deadline, seconds};
use crate::error::{Error, ErrorKind, Result};
use crate::retry::RetryPolicy;
use crate::tls;
use crate::token::AccessToken;

/// What a request sends as its body.
pub(crate) enum Payload<'a> {
    None,
    Json(&'a serde_json::Value),
}

/// What [`Transport::send_plain`] sends besides the method and address.
#[cfg(feature = "server")]
pub(crate) struct PlainRequest<'a> {
    /// Sent as `Authorization: Bearer …` (marked sensitive, never logged).
    pub bearer: Option<&'a str>,
    pub content_type: Option<&'a str>,
    pub body: Option<Vec<u8>>,
}

/// A complete response (status and capped body).
pub(crate) struct Response {
    pub status: u16,
    /// `Retry-After`, as delta-seconds or an HTTP date (then the time until it).
    pub retry_after: Option<Duration>,
    /// `Location` of a redirect (never followed), for the error message.
    pub location: Option<String>,
    /// Why a retryable answer was not retried (the call's deadline), for the error message.
    pub unretried: Option<String>,
    pub body: Bytes,
}

pub(crate) struct Transport {
    http: reqwest::Client,
    base: Url,
    retry: RetryPolicy,
    timeout: Duration,
    max_body: usize,
}

impl Transport {
    pub(crate) fn new(config: &ClientConfig) -> Result<Self> {
        let base = base_url(&config.base_url, config.allow_insecure_http)?;
        config.validate()?;
        let tls = tls::client_config(&config.extra_root_pem)?;
        let builder = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .user_agent(config.user_agent.as_str())
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .redirect(reqwest::redirect::Policy::none());
        let http = config
            .proxy
            .apply(builder)?
            .build()
            .map_err(|e| Error::new(ErrorKind::Internal, format!("HTTP client set-up: {e}")))?;
        Ok(Transport {
            http,
            base,
            retry: config.retry,
            timeout: config.timeout,
            max_body: config.max_body_bytes,
        })
    }

    /// `{base_url}/{path}` where `path` is like `"v1/offers"`.
    pub(crate) fn url(&self, path: &str) -> Result<Url> {
        self.base
            .join(path)
            .map_err(|e| Error::new(ErrorKind::Internal, format!("request address: {e}")))
    }

    /// Sends with retries on 502/503/504, connection errors and timeouts, within `deadline`
    /// (see [`Transport::retrying`]).
    pub(crate) async fn send(
        &self,
        method: reqwest::Method,
        url: &Url,
        payload: &Payload<'_>,
        token: &AccessToken,
        deadline: &Deadline,
    ) -> Result<Response> {
        self.retrying("offer service request", &method, url, deadline, |timeout| {
            self.send_once(method.clone(), url, payload, token, timeout)
        })
        .await
    }

    /// Runs `attempt` (given the time it may take) with the client's retry policy: retries on
    /// 502/503/504, connection errors and timeouts, each attempt and each wait within
    /// `deadline`. A wait that would end after the deadline is not started, and the last
    /// outcome is returned as it is (a `Retry-After` keeps the value the service sent).
    /// `what` names the request in the debug log.
    pub(crate) async fn retrying<F, Fut>(
        &self,
        what: &str,
        method: &reqwest::Method,
        url: &Url,
        deadline: &Deadline,
        mut attempt: F,
    ) -> Result<Response>
    where
        F: FnMut(Duration) -> Fut,
        Fut: Future<Output = Result<Response>>,
    {
        let mut retry = 0;
        loop {
            let started = Instant::now();
            let budget = self.timeout.min(deadline.remaining());
            if budget.is_zero() {
                return Err(deadline.passed());
            }
            let outcome = attempt(budget).await;
            tracing::debug!(
                method = %method, path = url.path(), attempt = retry + 1,
                status = outcome.as_ref().ok().map(|r| r.status),
                error = outcome.as_ref().err().map(|e| e.kind().as_str()),
                elapsed_ms = started.elapsed().as_millis() as u64,
                "{what}"
            );
            let Some(delay) = retry_delay(&self.retry, retry, &outcome) else {
                return outcome;
            };
            let left = deadline.remaining();
            if delay >= left {
                let note = format!(
                    "not retried: the wait of {} would pass the call's deadline ({} left)",
                    seconds(delay),
                    seconds(left)
                );
                tracing::debug!(%note);
                return outcome.map_err(|e| e.with_note(&note)).map(|mut r| {
                    r.unretried = Some(note);
                    r
                });
            }
            tracing::debug!(delay_ms = delay.as_millis() as u64, "retrying");
            tokio::time::sleep(delay).await;
            retry += 1;
        }
    }

    async fn send_once(
        &self,
        method: reqwest::Method,
        url: &Url,
        payload: &Payload<'_>,
        token: &AccessToken,
        timeout: Duration,
    ) -> Result<Response> {
        let credential = bearer(token.secret(), "the access token")?;
        let mut request = self.request(method, url, timeout, Some(credential));
        if let Payload::Json(body) = payload {
            request = request.json(body);
        }
        self.send_request(request).await
    }

    /// One attempt outside the access-token flow (server feature), taking at most `timeout`:
    /// the token exchange (a form body, no bearer) and the reporting endpoint (the API key as
    /// bearer). The callers retry it with [`Transport::retrying`], because every reporting
    /// attempt must first take a rate-limit slot.
    #[cfg(feature = "server")]
    pub(crate) async fn send_plain(
        &self,
        method: reqwest::Method,
        url: &Url,
        request: PlainRequest<'_>,
        timeout: Duration,
    ) -> Result<Response> {
        let credential = request
            .bearer
            .map(|secret| bearer(secret, "the credential"))
            .transpose()?;
        let mut builder = self.request(method, url, timeout, credential);
        if let Some(content_type) = request.content_type {
            builder = builder.header(header::CONTENT_TYPE, content_type);
        }
        if let Some(body) = request.body {
            builder = builder.body(body);
        }
        self.send_request(builder).await
    }

    /// A request for a JSON answer, taking at most `timeout`, with `credential` (when there is
    /// one) as its `Authorization` header.
    fn request(
        &self,
        method: reqwest::Method,
        url: &Url,
        timeout: Duration,
        credential: Option<HeaderValue>,
    ) -> reqwest::RequestBuilder {
        let mut request = self.http.request(method, url.clone()).timeout(timeout);
        if let Some(credential) = credential {
            request = request.header(header::AUTHORIZATION, credential);
        }
        request.header(header::ACCEPT, "application/json")
    }

    /// Sends a built request and collects its response.
    async fn send_request(&self, request: reqwest::RequestBuilder) -> Result<Response> {
        let response = request.send().await.map_err(transport_error)?;
        self.collect(response).await
    }

    /// Status, `Retry-After`, `Location` and the capped body of a response. A body that
    /// breaks off is a `network` (or `timeout`) error carrying the status that arrived.
    async fn collect(&self, mut response: reqwest::Response) -> Result<Response> {
        let status = response.status().as_u16();
        let headers = response.headers();
        let text = |name| {
            headers
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
        };
        let retry_after = text(header::RETRY_AFTER).and_then(retry_after);
        let location = text(header::LOCATION).map(str::to_owned);
        if response
            .content_length()
            .is_some_and(|length| length > self.max_body as u64)
        {
            return Err(self.too_large(status));
        }
        let mut body = BytesMut::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| transport_error(e).with_status(status))?
        {
            if body.len() + chunk.len() > self.max_body {
                return Err(self.too_large(status));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Response {
            status,
            retry_after,
            location,
            unretried: None,
            body: without_bom(body.freeze()),
        })
    }

    fn too_large(&self, status: u16) -> Error {
        Error::new(
            ErrorKind::Decode,
            format!("response body exceeds the {} byte limit", self.max_body),
        )
        .with_status(status)
    }
}

/// `body` without a leading UTF-8 byte order mark, which some gateways add: JSON text must
/// not start with one, but RFC 8259 §8.1 lets a parser ignore it, and the body is the same JSON.
fn without_bom(body: Bytes) -> Bytes {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if body.starts_with(BOM) {
        body.slice(BOM.len()..)
    } else {
        body
    }
}

/// The wait before retry number `retry` after `outcome`, or `None` when it must not be retried:
/// only 502/503/504, connection failures and timeouts are, up to the policy's count.
pub(crate) fn retry_delay(
    policy: &RetryPolicy,
    retry: u32,
    outcome: &Result<Response>,
) -> Option<Duration> {
    let (retryable, retry_after) = match outcome {
        Ok(r) => (RetryPolicy::retryable_status(r.status), r.retry_after),
        Err(e) => (
            matches!(e.kind(), ErrorKind::Network | ErrorKind::Timeout),
            None,
        ),
    };
    if !retryable || retry >= policy.max_retries {
        return None;
    }
    policy.delay(retry, retry_after)
}

/// A `Retry-After` value: delta-seconds, or an HTTP date (the time until it; zero if past).
/// Seconds too many for 64 bits are the longest wait there is, never "no wait asked": like a
/// cache reading an overflowing delta-seconds (RFC 9111 §1.2.2), the client must not take a
/// request to wait for ages as leave to retry at once.
pub(crate) fn retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Duration::from_secs(
            value.parse::<u64>().unwrap_or(u64::MAX),
        ));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(
        at.duration_since(std::time::SystemTime::now())
            .unwrap_or(Duration::ZERO),
    )
}

/// `Bearer <secret>`, marked sensitive so it never shows in debug output.
fn bearer(secret: &str, what: &str) -> Result<HeaderValue> {
    let mut value = HeaderValue::try_from(format!("Bearer {secret}")).map_err(|_| {
        Error::new(
            ErrorKind::InvalidArgument,
            format!("{what} contains characters not allowed in an HTTP header"),
        )
    })?;
    value.set_sensitive(true);
    Ok(value)
}

/// Checks and normalises the base address (scheme rules, trailing slash for `join`).
fn base_url(raw: &str, allow_insecure_http: bool) -> Result<Url> {
    let invalid = |why: String| Error::new(ErrorKind::InvalidArgument, why);
    let mut url = Url::parse(raw).map_err(|e| invalid(format!("base_url {raw:?}: {e}")))?;
    match url.scheme() {
        "https" => {}
        "http" if allow_insecure_http || is_loopback(&url) => {}
        "http" => {
            return Err(invalid(format!(
                "base_url {raw:?} uses plain http:// to a non-loopback host; use https:// \
                 (or allow insecure HTTP explicitly, for testing only)"
            )));
        }
        other => {
            return Err(invalid(format!(
                "base_url {raw:?}: unsupported scheme {other:?}"
            )));
        }
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(invalid(format!(
            "base_url {raw:?} must not carry a query or fragment"
        )));
    }
    if !url.path().ends_with('/') {
        let path = format!("{}/", url.path());
        url.set_path(&path);
    }
    Ok(url)
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

/// A reqwest failure as `timeout` or `network`, with every cause in the message.
fn transport_error(err: reqwest::Error) -> Error {
    let kind = if err.is_timeout() {
        ErrorKind::Timeout
    } else {
        ErrorKind::Network
    };
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    Error::new(kind, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_scheme_rules() {
        assert!(base_url("https://offers.example.com", false).is_ok());
        assert!(base_url("http://127.0.0.1:8080", false).is_ok());
        assert!(base_url("http://127.1.2.3", false).is_ok());
        assert!(base_url("http://[::1]:9", false).is_ok());
        assert!(base_url("http://LOCALHOST:9", false).is_ok());
        for refused in [
            "http://offers.example.com",
            "http://10.0.0.1",
            "ftp://x",
            "not a url",
        ] {
            let err = base_url(refused, false).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{refused}");
        }
        assert!(base_url("http://offers.example.com", true).is_ok());
        assert!(base_url("https://x/?q=1", false).is_err());
    }

    #[test]
    fn retry_after_takes_seconds_and_dates() {
        assert_eq!(retry_after(" 30 "), Some(Duration::from_secs(30)));
        assert_eq!(
            retry_after("Wed, 21 Oct 2015 07:28:00 GMT"),
            Some(Duration::ZERO)
        );
        let later =
            httpdate::fmt_http_date(std::time::SystemTime::now() + Duration::from_secs(120));
        let wait = retry_after(&later).unwrap();
        assert!(
            wait > Duration::from_secs(100) && wait <= Duration::from_secs(120),
            "{wait:?}"
        );
        for junk in ["", "-1", "soon", "1.5", "+5", "30 s"] {
            assert_eq!(retry_after(junk), None, "{junk}");
        }
        assert_eq!(
            retry_after("99999999999999999999999999"),
            Some(Duration::from_secs(u64::MAX))
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_nothing_else() {
        let with = Bytes::from_static(b"\xEF\xBB\xBF{\"data\":1}");
        assert_eq!(&without_bom(with)[..], b"{\"data\":1}");
        for kept in [&b"{}"[..], b"", b"\xEF\xBB", b" \xEF\xBB\xBF{}"] {
            assert_eq!(&without_bom(Bytes::copy_from_slice(kept))[..], kept);
        }
    }

    #[test]
    fn base_url_keeps_a_path_prefix() {
        let base = base_url("https://gw.example.com/offer-api", false).unwrap();
        assert_eq!(
            base.join("v1/offers").unwrap().as_str(),
            "https://gw.example.com/offer-api/v1/offers"
        );
        let base = base_url("https://gw.example.com/", false).unwrap();
        assert_eq!(
            base.join("v1/users/token").unwrap().as_str(),
            "https://gw.example.com/v1/users/token"
        );
    }
}
