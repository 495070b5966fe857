//! `OfferkitHttpRequest`: one HTTP attempt handed to the host's executor — what to send (read
//! through accessors) and the one answer the host gives back (a response or a failure), from any
//! thread. Misuse (a second answer, an answer nobody waits for any more, NULLs, a status that is
//! not one) is a typed status, never a crash.
//!
//! The handle is reference-counted inside (an `Arc`): the host holds one reference from the
//! execute callback until `offerkit_http_request_free`, and offerkit holds another while the
//! attempt waits, so the pointer stays valid for the cancel callback even while the host frees
//! it on another thread. A request the host frees without answering fails its attempt as
//! `network`.

use std::ffi::{CStr, CString, c_char};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use bytes::Bytes;
use offerkit::{HttpFailure, HttpFailureKind, HttpRequest, HttpResponse, Method};
use tokio::sync::oneshot;

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::Handle;
use crate::out::Out;
use crate::panic::infallible;
use crate::status::OfferkitStatus;
use crate::strings;

/// What the host answered: a whole response or a transport failure.
pub(crate) type Answer = Result<HttpResponse, HttpFailure>;

/// Why a host executor got no complete answer (`offerkit_http_request_fail`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferkitHttpFailure {
    /// No connection, a DNS or TLS failure (a refused certificate too), or the connection broke
    /// before the answer was whole. Becomes `OFFERKIT_STATUS_NETWORK` (retried).
    Network = 1,
    /// The attempt took longer than `offerkit_http_request_timeout_ms`. Becomes
    /// `OFFERKIT_STATUS_TIMEOUT` (retried).
    Timeout = 2,
    /// The body is longer than `offerkit_http_request_max_response_bytes` (the host may stop
    /// reading there). Becomes `OFFERKIT_STATUS_DECODE`.
    TooLarge = 3,
}

/// The id of the next HTTP request, process-wide (never 0).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// One HTTP attempt for the host's executor. Read it with the `offerkit_http_request_*`
/// accessors (valid until the host frees it), answer it once with
/// `offerkit_http_request_respond` or `offerkit_http_request_fail`, from any thread, and free it
/// with `offerkit_http_request_free` (after answering, or to give up).
pub struct OfferkitHttpRequest {
    id: u64,
    method: &'static CStr,
    url: CString,
    headers: Vec<(CString, CString)>,
    body: Option<Bytes>,
    timeout_ms: u64,
    max_response_bytes: usize,
    /// Set once offerkit no longer wants the answer (the call was cancelled, its deadline
    /// passed, the client was freed).
    cancelled: AtomicBool,
    state: Mutex<State>,
}

struct State {
    /// Where the answer goes; taken by the first answer.
    reply: Option<oneshot::Sender<Answer>>,
    /// The host has freed its reference.
    released: bool,
}

impl Handle for OfferkitHttpRequest {
    const NAME: &'static str = "request";
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

impl OfferkitHttpRequest {
    /// The request core asks for, with the channel its answer goes to.
    pub(crate) fn new(request: HttpRequest, reply: oneshot::Sender<Answer>) -> Arc<Self> {
        Arc::new(OfferkitHttpRequest {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            method: match request.method {
                Method::Get => c"GET",
                Method::Post => c"POST",
            },
            // Core's URLs and header values carry no U+0000 (a bearer with a control character
            // is refused before it gets here); `c_text` would end the text there if they did.
            url: strings::c_text(&request.url),
            headers: request
                .headers
                .iter()
                .map(|(name, value)| (strings::c_text(name), strings::c_text(value)))
                .collect(),
            body: request.body,
            timeout_ms: u64::try_from(request.timeout.as_millis())
                .unwrap_or(u64::MAX)
                .max(1),
            max_response_bytes: request.max_response_bytes,
            cancelled: AtomicBool::new(false),
            state: Mutex::new(State {
                reply: Some(reply),
                released: false,
            }),
        })
    }

    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Marks the request as no longer wanted; true for the first caller only.
    pub(crate) fn cancel(&self) -> bool {
        !self.cancelled.swap(true, Ordering::AcqRel)
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Acquire)
    }

    /// Whether the host still holds the request without having answered it (so telling it of a
    /// cancellation means something).
    pub(crate) fn awaits_host(&self) -> bool {
        let state = lock(&self.state);
        state.reply.is_some() && !state.released
    }

    /// Answers in offerkit's own name (the client was freed before the host saw the request).
    pub(crate) fn answer_internally(&self, answer: Answer) {
        if let Some(reply) = lock(&self.state).reply.take() {
            let _ = reply.send(answer);
        }
    }

    /// The host's one answer: `ALREADY_ANSWERED` after the first, `CANCELLED` (dropped,
    /// harmless) when offerkit no longer waits for it.
    fn answer(&self, answer: Answer) -> Result<(), Failure> {
        let cancelled = || {
            Failure::cancelled(format!(
                "HTTP request {} was cancelled (its call was cancelled, its deadline passed or \
                 its client was freed); the answer was dropped",
                self.id
            ))
        };
        let mut state = lock(&self.state);
        if state.reply.is_none() {
            return Err(Failure::already_answered(self.id));
        }
        if self.cancelled.load(Ordering::Acquire) {
            return Err(cancelled());
        }
        let Some(reply) = state.reply.take() else {
            return Err(Failure::already_answered(self.id));
        };
        drop(state);
        reply.send(answer).map_err(|_| cancelled())
    }

    /// The host's reference is handed to C.
    pub(crate) fn into_host(request: Arc<Self>) -> *mut Self {
        Arc::into_raw(request).cast_mut()
    }
}

/// Frees the host's reference to `request`. A request not answered by then fails its attempt
/// with `OFFERKIT_STATUS_NETWORK` ("the host executor released the request without
/// answering"). `offerkit_http_request_free(NULL)` does nothing; never free a request twice.
/// Any thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_free(request: *mut OfferkitHttpRequest) {
    infallible((), || {
        if request.is_null() {
            return Ok(());
        }
        // SAFETY: made by `into_host` for the host, which frees it once (the contract).
        let request = unsafe { Arc::from_raw(request.cast_const()) };
        let unanswered = {
            let mut state = lock(&request.state);
            state.released = true;
            state.reply.take()
        };
        if let Some(reply) = unanswered {
            let _ = reply.send(Err(HttpFailure::new(
                HttpFailureKind::Network,
                "the host executor released the request without answering",
            )));
        }
        Ok(())
    })
}

/// The method: `"GET"` or `"POST"` (static storage; NULL for a NULL request).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_method(
    request: *const OfferkitHttpRequest,
) -> *const c_char {
    infallible(std::ptr::null(), || {
        Ok(OfferkitHttpRequest::as_ref(request)?.method.as_ptr())
    })
}

/// The absolute URL to send to (borrowed until the request is freed; NULL for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_url(
    request: *const OfferkitHttpRequest,
) -> *const c_char {
    infallible(std::ptr::null(), || {
        Ok(OfferkitHttpRequest::as_ref(request)?.url.as_ptr())
    })
}

/// How many headers to send (0 for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_header_count(
    request: *const OfferkitHttpRequest,
) -> usize {
    infallible(0, || {
        Ok(OfferkitHttpRequest::as_ref(request)?.headers.len())
    })
}

/// Header `index` (0 to count - 1, in the order to send them): its name and value, borrowed
/// until the request is freed. `OUT_OF_RANGE` past the end. The `authorization` header carries
/// the player's access token: never log its value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_header(
    request: *const OfferkitHttpRequest,
    index: usize,
    out_name: *mut *const c_char,
    out_value: *mut *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let request = OfferkitHttpRequest::as_ref(request)?;
        let out_name = Out::required(out_name, "out_name")?;
        let out_value = Out::required(out_value, "out_value")?;
        let (name, value) = request.headers.get(index).ok_or_else(|| {
            Failure::range(
                "index",
                format!(
                    "{index} is past the last header ({})",
                    request.headers.len()
                ),
            )
        })?;
        out_name.write(name.as_ptr());
        out_value.write(value.as_ptr());
        Ok(())
    })
}

/// The body to send, borrowed until the request is freed: `*out_body` NULL and `*out_len` 0
/// when there is none (GET).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_body(
    request: *const OfferkitHttpRequest,
    out_body: *mut *const u8,
    out_len: *mut usize,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let request = OfferkitHttpRequest::as_ref(request)?;
        let out_body = Out::required(out_body, "out_body")?;
        let out_len = Out::required(out_len, "out_len")?;
        match &request.body {
            Some(body) => {
                out_body.write(body.as_ptr());
                out_len.write(body.len());
            }
            None => {
                out_body.write(std::ptr::null());
                out_len.write(0);
            }
        }
        Ok(())
    })
}

/// How long this attempt may take, body included, in milliseconds (at least 1; 0 for NULL).
/// Give up after it with `OFFERKIT_HTTP_FAILURE_TIMEOUT`. offerkit also stops waiting about
/// 500 ms later on its own.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_timeout_ms(
    request: *const OfferkitHttpRequest,
) -> u64 {
    infallible(0, || Ok(OfferkitHttpRequest::as_ref(request)?.timeout_ms))
}

/// The largest body offerkit accepts (0 for NULL); a longer one may be cut short with
/// `OFFERKIT_HTTP_FAILURE_TOO_LARGE`. offerkit checks the length of what it gets either way.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_max_response_bytes(
    request: *const OfferkitHttpRequest,
) -> usize {
    infallible(0, || {
        Ok(OfferkitHttpRequest::as_ref(request)?.max_response_bytes)
    })
}

/// Whether offerkit no longer wants the answer (its call was cancelled, its deadline passed, its
/// client was freed): stop the transfer and free the request. True for NULL. Any thread; cheap
/// enough for a transfer's progress callback.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_is_cancelled(
    request: *const OfferkitHttpRequest,
) -> bool {
    infallible(true, || {
        Ok(OfferkitHttpRequest::as_ref(request)?
            .cancelled
            .load(Ordering::Acquire))
    })
}

/// The request's id, for the host's logs: unique among HTTP requests of this process, never 0
/// (0 for NULL); it matches no other id of the library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_id(request: *const OfferkitHttpRequest) -> u64 {
    infallible(0, || Ok(OfferkitHttpRequest::as_ref(request)?.id))
}

/// Answers `request` with a response: HTTP `status` (100 to 599, else `OUT_OF_RANGE`),
/// `header_count` headers (`names[i]`, `values[i]`; the arrays may be NULL when the count is 0;
/// invalid UTF-8 in them is replaced, offerkit reads only `Retry-After` and `Location`) and the
/// whole body after transfer decoding (`body` may be NULL when `body_len` is 0). Everything is
/// copied. Any thread, once: a second answer is `OFFERKIT_STATUS_ALREADY_ANSWERED`; an answer
/// to a request offerkit no longer waits for is `OFFERKIT_STATUS_CANCELLED` (dropped, harmless).
/// A body over `max_response_bytes` is accepted here and fails the call with
/// `OFFERKIT_STATUS_DECODE`. On `NULL_ARGUMENT` or `OUT_OF_RANGE` nothing was answered.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_respond(
    request: *const OfferkitHttpRequest,
    status: u32,
    names: *const *const c_char,
    values: *const *const c_char,
    header_count: usize,
    body: *const u8,
    body_len: usize,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let request = OfferkitHttpRequest::as_ref(request)?;
        let status = u16::try_from(status)
            .ok()
            .filter(|s| (100..=599).contains(s))
            .ok_or_else(|| {
                Failure::range(
                    "status",
                    format!("{status} is not an HTTP status (100-599)"),
                )
            })?;
        let headers = headers(names, values, header_count)?;
        let body = if body_len == 0 {
            Bytes::new()
        } else if body.is_null() {
            return Err(Failure::null("body"));
        } else {
            // SAFETY: not NULL, and the host vouches for `body_len` readable bytes for the call.
            Bytes::copy_from_slice(unsafe { std::slice::from_raw_parts(body, body_len) })
        };
        request.answer(Ok(HttpResponse {
            status,
            headers,
            body,
        }))
    })
}

/// The headers of a response, copied (lossy UTF-8).
fn headers(
    names: *const *const c_char,
    values: *const *const c_char,
    count: usize,
) -> Result<Vec<(String, String)>, Failure> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if names.is_null() {
        return Err(Failure::null("names"));
    }
    if values.is_null() {
        return Err(Failure::null("values"));
    }
    // SAFETY: not NULL, and the host vouches for `count` entries in each array for the call.
    let (names, values) = unsafe {
        (
            std::slice::from_raw_parts(names, count),
            std::slice::from_raw_parts(values, count),
        )
    };
    let text = |ptr: *const c_char, what: &str, i: usize| {
        if ptr.is_null() {
            return Err(Failure::null(&format!("{what}[{i}]")));
        }
        // SAFETY: not NULL, so NUL-terminated and alive for the call (the header's contract).
        Ok(unsafe { CStr::from_ptr(ptr) }
            .to_string_lossy()
            .into_owned())
    };
    names
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (&name, &value))| Ok((text(name, "names", i)?, text(value, "values", i)?)))
        .collect()
}

/// Answers `request` with a transport failure of `kind` (an `OfferkitHttpFailure` number, else
/// `OUT_OF_RANGE`), described by `message` (the stack's own words; NULL: a generic text). Same
/// rules as `offerkit_http_request_respond`: once, any thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_fail(
    request: *const OfferkitHttpRequest,
    kind: u32,
    message: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let request = OfferkitHttpRequest::as_ref(request)?;
        let failure = failure(kind, message)?;
        request.answer(Err(failure))
    })
}

/// Like `offerkit_http_request_fail`, for a failure after HTTP `status` (100 to 599) had
/// arrived — a body that broke off: the error then carries that status
/// (`offerkit_error_http_status`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_http_request_fail_after_status(
    request: *const OfferkitHttpRequest,
    kind: u32,
    status: u32,
    message: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let request = OfferkitHttpRequest::as_ref(request)?;
        let failure = failure(kind, message)?;
        let status = u16::try_from(status)
            .ok()
            .filter(|s| (100..=599).contains(s))
            .ok_or_else(|| {
                Failure::range(
                    "status",
                    format!("{status} is not an HTTP status (100-599)"),
                )
            })?;
        request.answer(Err(failure.with_status(status)))
    })
}

/// The failure a host reports: its kind checked, its message (or a generic one).
fn failure(kind: u32, message: *const c_char) -> Result<HttpFailure, Failure> {
    let kind = match kind {
        1 => HttpFailureKind::Network,
        2 => HttpFailureKind::Timeout,
        3 => HttpFailureKind::TooLarge,
        other => {
            return Err(Failure::range(
                "kind",
                format!("{other} is not an OfferkitHttpFailure"),
            ));
        }
    };
    let message = strings::optional(message, "message")?.map_or_else(
        || format!("the host HTTP executor reported a {kind:?} failure"),
        str::to_string,
    );
    Ok(HttpFailure::new(kind, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn request() -> (*mut OfferkitHttpRequest, oneshot::Receiver<Answer>) {
        let (tx, rx) = oneshot::channel();
        let request = HttpRequest {
            method: Method::Post,
            url: "http://127.0.0.1:9/v1/graphql".into(),
            headers: vec![("accept".into(), "application/json".into())],
            body: Some(Bytes::from_static(b"{}")),
            timeout: Duration::from_millis(1500),
            max_response_bytes: 64,
        };
        (
            OfferkitHttpRequest::into_host(OfferkitHttpRequest::new(request, tx)),
            rx,
        )
    }

    #[test]
    fn the_first_answer_stands_and_a_second_is_refused() {
        let (ptr, mut rx) = request();
        // SAFETY: a live request of this test, freed once at the end.
        unsafe {
            assert_eq!(offerkit_http_request_timeout_ms(ptr), 1500);
            assert_eq!(offerkit_http_request_max_response_bytes(ptr), 64);
            let status = offerkit_http_request_respond(
                ptr,
                600,
                std::ptr::null(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                0,
                std::ptr::null_mut(),
            );
            assert_eq!(status, OfferkitStatus::OutOfRange);
            assert!(rx.try_recv().is_err(), "a refused answer answers nothing");
            let body = b"{\"data\":{}}";
            let status = offerkit_http_request_respond(
                ptr,
                200,
                std::ptr::null(),
                std::ptr::null(),
                0,
                body.as_ptr(),
                body.len(),
                std::ptr::null_mut(),
            );
            assert_eq!(status, OfferkitStatus::Ok);
            let status = offerkit_http_request_fail(ptr, 1, c"late".as_ptr(), std::ptr::null_mut());
            assert_eq!(status, OfferkitStatus::AlreadyAnswered);
            offerkit_http_request_free(ptr);
        }
        let answer = rx.try_recv().expect("answered").expect("a response");
        assert_eq!(answer.status, 200);
        assert_eq!(&answer.body[..], b"{\"data\":{}}");
    }

    #[test]
    fn freed_unanswered_is_a_network_failure_and_cancelled_answers_are_dropped() {
        let (ptr, mut rx) = request();
        // SAFETY: a live request of this test, freed once.
        unsafe { offerkit_http_request_free(ptr) };
        let failure = rx.try_recv().expect("answered").expect_err("a failure");
        assert_eq!(failure.kind, HttpFailureKind::Network);
        assert!(
            failure.message.contains("without answering"),
            "{}",
            failure.message
        );

        let (ptr, _rx) = request();
        // SAFETY: as above.
        unsafe {
            assert!(!offerkit_http_request_is_cancelled(ptr));
            assert!((*ptr).cancel());
            assert!(!(*ptr).cancel(), "told once");
            assert!(offerkit_http_request_is_cancelled(ptr));
            let status = offerkit_http_request_fail(ptr, 2, std::ptr::null(), std::ptr::null_mut());
            assert_eq!(status, OfferkitStatus::Cancelled);
            offerkit_http_request_free(ptr);
        }
    }
}
