//! One attempt through the client's executor, and everything around it that must not depend
//! on which executor carries the bytes: the base address rules, the headers, retries within the
//! call's deadline, a bound on every attempt, the body cap (and a stray byte order mark), and the
//! mapping of transport failures to error kinds.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use url::Url;

use crate::config::ClientConfig;
use crate::deadline::{Deadline, seconds};
use crate::error::{Error, ErrorKind, Result};
use crate::executor::{
    HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse, Method,
};
use crate::retry::RetryPolicy;
use crate::runtime::{self, Instant};
use crate::token::AccessToken;

/// How long after an attempt's timeout offerkit stops waiting for an executor that has not
/// answered (its own timeout should have ended the attempt by then).
const EXECUTOR_GRACE: Duration = Duration::from_millis(500);

/// What a request sends as its body.
pub(crate) enum Payload<'a> {
    None,
    Json(&'a serde_json::Value),
}

/// What [`Transport::send_plain`] sends besides the method and address.
#[cfg(feature = "server")]
pub(crate) struct PlainRequest<'a> {
    /// Sent as `Authorization: Bearer …` (never logged).
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
    executor: Arc<dyn HttpExecutor>,
    base: Url,
    user_agent: String,
    retry: RetryPolicy,
    timeout: Duration,
    max_body: usize,
}

impl Transport {
    pub(crate) fn new(config: &ClientConfig) -> Result<Self> {
        let base = base_url(&config.base_url, config.allow_insecure_http)?;
        config.validate()?;
        Ok(Transport {
            executor: executor(config)?,
            base,
            user_agent: config.user_agent.clone(),
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
        method: Method,
        url: &Url,
        payload: &Payload<'_>,
        token: &AccessToken,
        deadline: &Deadline,
    ) -> Result<Response> {
        let credential = bearer(token.secret(), "the access token")?;
        let body = match payload {
            Payload::None => None,
            Payload::Json(value) => {
                Some(Bytes::from(serde_json::to_vec(value).map_err(|e| {
                    Error::new(ErrorKind::Internal, format!("request body: {e}"))
                })?))
            }
        };
        let content_type = body.as_ref().map(|_| "application/json");
        self.retrying("offer service request", method, url, deadline, |timeout| {
            self.attempt(
                method,
                url,
                Some(&credential),
                content_type,
                body.clone(),
                timeout,
            )
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
        method: Method,
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
            runtime::sleep(delay).await;
            retry += 1;
        }
    }

    /// One attempt outside the access-token flow (server feature), taking at most `timeout`:
    /// the token exchange (a form body, no bearer) and the reporting endpoint (the API key as
    /// bearer). The callers retry it with [`Transport::retrying`], because every reporting
    /// attempt must first take a rate-limit slot.
    #[cfg(feature = "server")]
    pub(crate) async fn send_plain(
        &self,
        method: Method,
        url: &Url,
        request: PlainRequest<'_>,
        timeout: Duration,
    ) -> Result<Response> {
        let credential = request
            .bearer
            .map(|secret| bearer(secret, "the credential"))
            .transpose()?;
        self.attempt(
            method,
            url,
            credential.as_deref(),
            request.content_type,
            request.body.map(Bytes::from),
            timeout,
        )
        .await
    }

    /// One attempt for a JSON answer through the executor, bounded by `timeout` here too (an
    /// executor that never answers costs the timeout, not a hang), with `credential` (when
    /// there is one) as its `Authorization` header.
    async fn attempt(
        &self,
        method: Method,
        url: &Url,
        credential: Option<&str>,
        content_type: Option<&str>,
        body: Option<Bytes>,
        timeout: Duration,
    ) -> Result<Response> {
        let mut headers = Vec::with_capacity(4);
        if let Some(credential) = credential {
            headers.push(("authorization".to_owned(), credential.to_owned()));
        }
        headers.push(("accept".to_owned(), "application/json".to_owned()));
        headers.push(("user-agent".to_owned(), self.user_agent.clone()));
        if let Some(content_type) = content_type {
            headers.push(("content-type".to_owned(), content_type.to_owned()));
        }
        let request = HttpRequest {
            method,
            url: url.as_str().to_owned(),
            headers,
            body,
            timeout,
            max_response_bytes: self.max_body,
        };
        // The executor keeps the timeout itself (and knows whether a status had arrived); this
        // bound, a little later, is for an executor that does not.
        let bound = timeout + EXECUTOR_GRACE;
        let Ok(answer) = runtime::timeout(bound, self.executor.execute(request)).await else {
            return Err(Error::new(
                ErrorKind::Timeout,
                format!(
                    "the HTTP executor gave no answer within the attempt's timeout of {}",
                    seconds(timeout)
                ),
            ));
        };
        match answer {
            Ok(response) => self.response(response),
            Err(failure) => Err(self.failure(failure)),
        }
    }

    /// Status, `Retry-After`, `Location` and the capped body of an executor's answer.
    fn response(&self, response: HttpResponse) -> Result<Response> {
        if response.body.len() > self.max_body {
            return Err(self.too_large(response.status));
        }
        Ok(Response {
            status: response.status,
            retry_after: response.header("retry-after").and_then(retry_after),
            location: response.header("location").map(str::to_owned),
            unretried: None,
            body: without_bom(response.body),
        })
    }

    /// An executor's failure as `network`, `timeout` or (too large) `decode`, in the stack's
    /// words (a too-large body's also naming the limit), with the status that had arrived, if
    /// any: none is made up, and a number no HTTP status can be (outside 100–599, such as 0 or
    /// 600) is no status at all.
    fn failure(&self, failure: HttpFailure) -> Error {
        let error = match failure.kind {
            HttpFailureKind::Network => Error::new(ErrorKind::Network, failure.message),
            HttpFailureKind::Timeout => Error::new(ErrorKind::Timeout, failure.message),
            HttpFailureKind::TooLarge => Error::new(
                ErrorKind::Decode,
                format!(
                    "response body exceeds the {} byte limit: {}",
                    self.max_body, failure.message
                ),
            ),
        };
        match failure.status.filter(|status| (100..=599).contains(status)) {
            Some(status) => error.with_status(status),
            None => error,
        }
    }

    fn too_large(&self, status: u16) -> Error {
        Error::new(
            ErrorKind::Decode,
            format!("response body exceeds the {} byte limit", self.max_body),
        )
        .with_status(status)
    }
}

/// The client's executor: the host's, or the built-in one.
fn executor(config: &ClientConfig) -> Result<Arc<dyn HttpExecutor>> {
    let invalid = |why: &str| Error::new(ErrorKind::InvalidArgument, why.to_owned());
    if let Some(executor) = &config.executor {
        if matches!(config.proxy, crate::proxy::Proxy::Url(_)) {
            return Err(invalid(
                "proxy: a host HTTP executor carries the requests; set the proxy in the host's HTTP stack",
            ));
        }
        if !config.extra_root_pem.is_empty() {
            return Err(invalid(
                "extra_root_pem: a host HTTP executor carries the requests; trust extra roots in the host's HTTP stack",
            ));
        }
        return Ok(executor.clone());
    }
    #[cfg(feature = "reqwest")]
    {
        crate::reqwest_executor::ReqwestExecutor::for_config(config)
    }
    #[cfg(not(feature = "reqwest"))]
    {
        Err(invalid(
            "executor: this build of offerkit has no HTTP transport of its own; give the client a host HTTP executor",
        ))
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
    Some(at.duration_since(runtime::now()).unwrap_or(Duration::ZERO))
}

/// `Bearer <secret>`, refused when the secret has a character no HTTP header may carry
/// (a control character or a line break, which would also let a header be injected).
fn bearer(secret: &str, what: &str) -> Result<String> {
    if secret
        .bytes()
        .any(|b| (b < 0x20 && b != b'\t') || b == 0x7f)
    {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("{what} contains characters not allowed in an HTTP header"),
        ));
    }
    Ok(format!("Bearer {secret}"))
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
