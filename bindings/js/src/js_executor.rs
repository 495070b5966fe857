//! Core's executor seam (`offerkit::HttpExecutor`) over a JavaScript function: the package's
//! `fetch` executor (ts/src/fetch_executor.ts) or one the host gives. Core keeps every rule
//! above an attempt — retries, `Retry-After`, deadline, body cap, redirect refusal, error kinds
//! — so the same code decides in the browser as in a native game.
//!
//! The function is called with one attempt and returns `{ response, abort }`: a promise of
//! `{ status, headers, body }` (or a rejection `{ kind: "network" | "timeout" | "too_large",
//! message }`), and a function that aborts the attempt. Dropping core's future (the call was
//! cancelled, or its deadline passed) calls `abort`, so the `fetch` stops at once.

use std::time::Duration;

use bytes::Bytes;
use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use offerkit::{BoxFuture, HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse};
use send_wrapper::SendWrapper;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::json;

/// The host function that carries attempts. WebAssembly runs core on one thread, where the
/// wrapper's thread check always holds; core's futures stay `Send` on every target.
pub(crate) struct JsExecutor {
    execute: SendWrapper<Function>,
}

impl JsExecutor {
    pub(crate) fn new(execute: Function) -> Self {
        JsExecutor {
            execute: SendWrapper::new(execute),
        }
    }
}

impl HttpExecutor for JsExecutor {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        let started = self
            .execute
            .call1(&JsValue::NULL, &request_object(&request));
        Box::pin(SendWrapper::new(async move {
            let started = started.map_err(|e| network(&e))?;
            let abort = get(&started, "abort").dyn_into::<Function>().ok();
            let mut guard = AbortOnDrop(abort);
            let promise = Promise::resolve(&get(&started, "response"));
            let answer = JsFuture::from(promise).await;
            guard.0 = None;
            response(answer)
        }))
    }
}

/// Aborts the attempt unless it finished.
struct AbortOnDrop(Option<Function>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        if let Some(abort) = self.0.take() {
            let _ = abort.call0(&JsValue::NULL);
        }
    }
}

/// `{ method, url, headers: [name, value][], body?: Uint8Array, timeout: ms, maxBytes }`.
fn request_object(request: &HttpRequest) -> JsValue {
    let object = Object::new();
    let headers: Array = request
        .headers
        .iter()
        .map(|(name, value)| {
            let pair = Array::new();
            pair.push(&JsValue::from_str(name));
            pair.push(&JsValue::from_str(value));
            JsValue::from(pair)
        })
        .collect();
    set(
        &object,
        "method",
        &JsValue::from_str(request.method.as_str()),
    );
    set(&object, "url", &JsValue::from_str(&request.url));
    set(&object, "headers", &headers);
    if let Some(body) = &request.body {
        set(&object, "body", &Uint8Array::from(body.as_ref()));
    }
    set(
        &object,
        "timeout",
        &JsValue::from_f64(millis(request.timeout)),
    );
    set(
        &object,
        "maxBytes",
        &JsValue::from_f64(request.max_response_bytes as f64),
    );
    object.into()
}

/// What the promise settled with, as core's answer or transport failure.
fn response(answer: Result<JsValue, JsValue>) -> Result<HttpResponse, HttpFailure> {
    let answer = answer.map_err(|e| failure(&e))?;
    let status = get(&answer, "status")
        .as_f64()
        .filter(|s| (100.0..=999.0).contains(s) && s.fract() == 0.0)
        .ok_or_else(|| {
            HttpFailure::new(
                HttpFailureKind::Network,
                "the executor answered without a valid status",
            )
        })? as u16;
    let mut headers = Vec::new();
    if let Ok(pairs) = get(&answer, "headers").dyn_into::<Array>() {
        for pair in pairs.iter() {
            let pair = Array::from(&pair);
            if let (Some(name), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                headers.push((name, value));
            }
        }
    }
    let body = match get(&answer, "body").dyn_into::<Uint8Array>() {
        Ok(bytes) => Bytes::from(bytes.to_vec()),
        Err(_) => Bytes::new(),
    };
    Ok(HttpResponse {
        status,
        headers,
        body,
    })
}

/// A rejection as a transport failure: `{ kind, message, status? }` from the package's
/// executor, anything else (a host executor's own `Error`) as `network`.
fn failure(rejection: &JsValue) -> HttpFailure {
    let kind = match get(rejection, "kind").as_string().as_deref() {
        Some("timeout") => HttpFailureKind::Timeout,
        Some("too_large") => HttpFailureKind::TooLarge,
        _ => HttpFailureKind::Network,
    };
    let failure = HttpFailure::new(kind, json::describe(rejection));
    match get(rejection, "status").as_f64() {
        Some(status) if (100.0..=999.0).contains(&status) => failure.with_status(status as u16),
        _ => failure,
    }
}

fn network(thrown: &JsValue) -> HttpFailure {
    HttpFailure::new(HttpFailureKind::Network, json::describe(thrown))
}

fn get(object: &JsValue, key: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

fn set(object: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
