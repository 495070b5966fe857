//! Fault injection: a FIFO list of faults, each applying to a number of matching `/v1`
//! requests, and the broken responses they produce (status codes, latency, a connection
//! dropped mid-body, malformed, oversized or non-JSON bodies). Faults apply before auth.

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures_util::StreamExt;
use http::{HeaderValue, StatusCode, header};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One fault. Its JSON form is flat: `{"kind":"status","status":503,"times":2,"path":"/v1/offers"}`
/// (the control endpoint also accepts the kind nested: `{"kind":{"kind":"status","status":503}}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fault {
    #[serde(flatten)]
    pub kind: FaultKind,
    /// How many matching requests it applies to.
    #[serde(default = "one")]
    pub times: u32,
    /// Exact request path to match, e.g. `/v1/offers`; `None` matches any `/v1` path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// `GET`, `POST`, … (case-insensitive); `None` matches any method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
}

fn one() -> u32 {
    1
}

impl Fault {
    /// A fault that applies once, to any `/v1` request.
    pub fn new(kind: FaultKind) -> Fault {
        Fault {
            kind,
            times: 1,
            path: None,
            method: None,
        }
    }

    pub fn times(mut self, times: u32) -> Fault {
        self.times = times;
        self
    }

    pub fn on_path(mut self, path: impl Into<String>) -> Fault {
        self.path = Some(path.into());
        self
    }

    pub fn on_method(mut self, method: impl Into<String>) -> Fault {
        self.method = Some(method.into());
        self
    }

    fn matches(&self, path: &str, method: &str) -> bool {
        self.times > 0
            && self.path.as_deref().is_none_or(|p| p == path)
            && self
                .method
                .as_deref()
                .is_none_or(|m| m.eq_ignore_ascii_case(method))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FaultKind {
    /// Wait, then handle the request normally.
    Latency { ms: u64 },
    /// Answer with this status (outside 200..=599 becomes 500), an optional `Retry-After`,
    /// and `body` (default `{"message":"Simulated <status>"}`) as `application/json`.
    Status {
        status: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after_secs: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        body: Option<String>,
    },
    /// 200 with a `Content-Length`, part of the body, then the connection closes.
    DropMidBody,
    /// 200 `application/json` whose body is truncated JSON.
    MalformedJson,
    /// 200 `application/json` body of exactly `bytes` bytes, streamed (valid JSON from 36 bytes up).
    OversizedBody { bytes: usize },
    /// 200 `text/html`.
    NonJson,
}

/// The pending faults, oldest first.
#[derive(Debug, Default)]
pub struct FaultQueue {
    faults: Mutex<Vec<Fault>>,
    /// Whether `faults` is non-empty (written under the lock), so that requests when no
    /// fault is queued, nearly all of them, do not take the lock.
    any: AtomicBool,
}

impl FaultQueue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Fault>> {
        self.faults
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn push(&self, fault: Fault) {
        if fault.times > 0 {
            let mut faults = self.lock();
            faults.push(fault);
            self.any.store(true, Ordering::SeqCst);
        }
    }

    pub fn clear(&self) {
        let mut faults = self.lock();
        faults.clear();
        self.any.store(false, Ordering::SeqCst);
    }

    pub fn pending(&self) -> Vec<Fault> {
        self.lock().clone()
    }

    /// The first fault matching the request, with one use consumed.
    pub fn take(&self, path: &str, method: &str) -> Option<FaultKind> {
        if !self.any.load(Ordering::SeqCst) {
            return None;
        }
        let mut faults = self.lock();
        let index = faults.iter().position(|f| f.matches(path, method))?;
        let fault = &mut faults[index];
        fault.times -= 1;
        let kind = fault.kind.clone();
        if fault.times == 0 {
            faults.remove(index);
            self.any.store(!faults.is_empty(), Ordering::SeqCst);
        }
        Some(kind)
    }
}

const JSON: &str = "application/json";
static PADDING: [u8; 64 * 1024] = [b'x'; 64 * 1024];
const OVERSIZED_PREFIX: &[u8] = br#"{"data":{"offers":[]},"padding":""#;
const OVERSIZED_SUFFIX: &[u8] = br#""}"#;
/// What a DropMidBody response announces and what it actually sends before closing.
const DROPPED_DECLARED: usize = 4096;
const DROPPED_SENT: &[u8] = br#"{"data":{"offers":[{"id":"100000000001","name":"Gem Quest","total_payout_usd":1.5},{"id":"1000"#;
const MALFORMED: &str = r#"{"data":{"offers":[{"id":"100000000001","name":"Gem Qu"#;
const NON_JSON: &str = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>Simulated upstream page.</p></body></html>";

/// The response a fault replaces the real one with; `None` for latency (handled normally
/// after the delay).
pub fn response_for(kind: &FaultKind) -> Option<Response> {
    Some(match kind {
        FaultKind::Latency { .. } => return None,
        FaultKind::Status {
            status,
            retry_after_secs,
            body,
        } => status_response(*status, *retry_after_secs, body.as_deref()),
        FaultKind::DropMidBody => {
            let first = futures_util::stream::once(async {
                Ok::<Bytes, std::io::Error>(Bytes::from_static(DROPPED_SENT))
            });
            let fail = futures_util::stream::once(async {
                // Let the partial body reach the client before the connection is cut.
                tokio::time::sleep(Duration::from_millis(50)).await;
                Err(std::io::Error::new(
                    std::io::ErrorKind::ConnectionAborted,
                    "simulated drop mid-body",
                ))
            });
            sized_stream(JSON, DROPPED_DECLARED, Body::from_stream(first.chain(fail)))
        }
        FaultKind::MalformedJson => {
            (StatusCode::OK, [(header::CONTENT_TYPE, JSON)], MALFORMED).into_response()
        }
        FaultKind::OversizedBody { bytes } => {
            sized_stream(JSON, *bytes, Body::from_stream(oversized(*bytes)))
        }
        FaultKind::NonJson => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NON_JSON,
        )
            .into_response(),
    })
}

/// `status` (outside 200..=599 becomes 500) with an optional `Retry-After` and `body`
/// (default `{"message":"Simulated <status>"}`) as `application/json`.
pub fn status_response(status: u16, retry_after_secs: Option<u64>, body: Option<&str>) -> Response {
    let status = StatusCode::from_u16(status)
        .ok()
        .filter(|s| (200..=599).contains(&s.as_u16()))
        .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = body.map(str::to_owned).unwrap_or_else(|| {
        serde_json::json!({ "message": format!("Simulated {}", status.as_u16()) }).to_string()
    });
    let mut response = (status, [(header::CONTENT_TYPE, JSON)], body).into_response();
    if let Some(secs) = retry_after_secs {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    response
}

/// A 200 whose streamed body announces `length` bytes up front.
fn sized_stream(content_type: &'static str, length: usize, body: Body) -> Response {
    let mut response =
        (StatusCode::OK, [(header::CONTENT_TYPE, content_type)], body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    response
}

/// `{"data":{"offers":[]},"padding":"xxx…"}` of exactly `total` bytes, in 64 KiB chunks.
fn oversized(
    total: usize,
) -> impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + Send {
    let frame = OVERSIZED_PREFIX.len() + OVERSIZED_SUFFIX.len();
    let (prefix, padding, suffix): (&'static [u8], usize, &'static [u8]) = if total >= frame {
        (OVERSIZED_PREFIX, total - frame, OVERSIZED_SUFFIX)
    } else {
        (&OVERSIZED_PREFIX[..total], 0, b"")
    };
    let chunks = padding.div_ceil(PADDING.len());
    let pads = (0..chunks).map(move |i| {
        let n = (padding - i * PADDING.len()).min(PADDING.len());
        Bytes::from_static(&PADDING[..n])
    });
    let parts = std::iter::once(Bytes::from_static(prefix))
        .chain(pads)
        .chain(std::iter::once(Bytes::from_static(suffix)))
        .filter(|b| !b.is_empty())
        .map(Ok);
    futures_util::stream::iter(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifo_first_match_and_times() {
        let q = FaultQueue::default();
        q.push(Fault::new(FaultKind::NonJson).on_path("/v1/report"));
        q.push(
            Fault::new(FaultKind::MalformedJson)
                .times(2)
                .on_method("post"),
        );
        q.push(Fault::new(FaultKind::DropMidBody));
        assert_eq!(q.take("/v1/offers", "POST"), Some(FaultKind::MalformedJson));
        assert_eq!(q.take("/v1/offers", "GET"), Some(FaultKind::DropMidBody));
        assert_eq!(q.take("/v1/offers", "POST"), Some(FaultKind::MalformedJson));
        assert_eq!(q.take("/v1/offers", "POST"), None);
        assert_eq!(q.take("/v1/report", "GET"), Some(FaultKind::NonJson));
        assert!(q.pending().is_empty());
        q.push(Fault::new(FaultKind::NonJson).times(0));
        assert!(q.pending().is_empty());
        assert_eq!(q.take("/v1/offers", "GET"), None);
        q.push(Fault::new(FaultKind::NonJson));
        assert_eq!(q.take("/v1/offers", "GET"), Some(FaultKind::NonJson));
        assert_eq!(q.take("/v1/offers", "GET"), None);
        q.push(Fault::new(FaultKind::NonJson));
        q.clear();
        assert_eq!(q.take("/v1/offers", "GET"), None);
    }

    #[test]
    fn json_shape_is_flat_with_defaults() {
        let f: Fault =
            serde_json::from_str(r#"{"kind":"status","status":503,"path":"/v1/offers"}"#)
                .expect("parses");
        assert_eq!(
            f,
            Fault::new(FaultKind::Status {
                status: 503,
                retry_after_secs: None,
                body: None
            })
            .on_path("/v1/offers")
        );
        let back = serde_json::to_value(&f).expect("serializes");
        assert_eq!(
            back,
            serde_json::json!({"kind":"status","status":503,"times":1,"path":"/v1/offers"})
        );
        let l: Fault =
            serde_json::from_str(r#"{"kind":"latency","ms":20,"times":3}"#).expect("parses");
        assert_eq!(l, Fault::new(FaultKind::Latency { ms: 20 }).times(3));
    }
}
