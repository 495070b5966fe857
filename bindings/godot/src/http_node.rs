//! The main-thread half of the Godot HTTP executor: one `HTTPRequest` node per attempt, a
//! child of the SceneTree's root (processing even while the game is paused), sending exactly
//! what core gives it — no redirects followed (a 3xx is answered as it came), no gzip asked
//! for, core's timeout and body cap — and freed when it answers or is cancelled.

use std::cell::RefCell;
use std::collections::HashMap;

use godot::classes::http_request::Result as Outcome;
use godot::classes::node::ProcessMode;
use godot::classes::{Engine, HttpRequest as GodotHttpRequest, SceneTree};
use godot::prelude::*;
use offerkit::{HttpFailure, HttpFailureKind, HttpRequest, HttpResponse, Method};
use tokio::sync::oneshot;

type Reply = oneshot::Sender<Result<HttpResponse, HttpFailure>>;

struct Attempt {
    node: Gd<GodotHttpRequest>,
    reply: Reply,
}

thread_local! {
    static ATTEMPTS: RefCell<HashMap<u64, Attempt>> = RefCell::new(HashMap::new());
}

fn network(message: impl Into<String>) -> HttpFailure {
    HttpFailure::new(HttpFailureKind::Network, message)
}

/// Sends attempt `id` with a new `HTTPRequest` node; `reply` gets its answer.
pub(crate) fn start(id: u64, request: HttpRequest, reply: Reply) {
    let root = Engine::singleton()
        .get_main_loop()
        .and_then(|main_loop| main_loop.try_cast::<SceneTree>().ok())
        .and_then(|tree| tree.get_root());
    let Some(mut root) = root else {
        let _ = reply.send(Err(network(
            "Godot's HTTPRequest needs a SceneTree, and none is running",
        )));
        return;
    };
    let mut node = GodotHttpRequest::new_alloc();
    node.set_name("OfferKitHTTPRequest");
    // Names collide when several are in flight; the mark says whose node it is.
    node.set_meta("offerkit_http", &true.to_variant());
    node.set_process_mode(ProcessMode::ALWAYS);
    node.set_use_threads(false);
    node.set_accept_gzip(false);
    node.set_max_redirects(0);
    node.set_timeout(request.timeout.as_secs_f64());
    node.set_body_size_limit(i32::try_from(request.max_response_bytes).unwrap_or(i32::MAX));
    root.add_child(&node);
    let done = Callable::from_fn("offerkit_http_answer", move |args: &[&Variant]| {
        finish(id, args);
        Variant::nil()
    });
    let _ = node.connect("request_completed", &done);

    let headers: PackedStringArray = request
        .headers
        .iter()
        .map(|(name, value)| GString::from(format!("{name}: {value}").as_str()))
        .collect();
    // HTTPClient.Method: GET is 0, POST is 2. (`request_raw` is called by name: its binding
    // needs the HTTPClient class, which the addon's minimal set of engine classes leaves out.)
    let method: i64 = match request.method {
        Method::Get => 0,
        Method::Post => 2,
    };
    let body = request
        .body
        .as_ref()
        .map_or_else(PackedByteArray::new, |b| PackedByteArray::from(b.as_ref()));
    let sent = node.call(
        "request_raw",
        &[
            GString::from(request.url.as_str()).to_variant(),
            headers.to_variant(),
            method.to_variant(),
            body.to_variant(),
        ],
    );
    let sent = sent.try_to::<i64>().unwrap_or(-1);
    if sent != 0 {
        node.queue_free();
        let _ = reply.send(Err(network(format!(
            "Godot's HTTPRequest refused the request (error {sent})"
        ))));
        return;
    }
    ATTEMPTS.with(|attempts| attempts.borrow_mut().insert(id, Attempt { node, reply }));
}

/// `request_completed(result, response_code, headers, body)` of attempt `id`.
fn finish(id: u64, args: &[&Variant]) {
    let Some(attempt) = ATTEMPTS.with(|attempts| attempts.borrow_mut().remove(&id)) else {
        return;
    };
    let mut node = attempt.node;
    node.queue_free();
    let arg = |i: usize| args.get(i).map_or_else(Variant::nil, |v| (*v).clone());
    let outcome = arg(0).try_to::<i32>().unwrap_or(-1);
    let status = u16::try_from(arg(1).try_to::<i64>().unwrap_or(0)).unwrap_or(0);
    let headers: Vec<(String, String)> = arg(2)
        .try_to::<PackedStringArray>()
        .unwrap_or_default()
        .as_slice()
        .iter()
        .filter_map(|line| {
            let line = line.to_string();
            line.split_once(':')
                .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        })
        .collect();
    let body = arg(3).try_to::<PackedByteArray>().unwrap_or_default();
    let answer =
        if outcome == Outcome::SUCCESS.ord() || outcome == Outcome::REDIRECT_LIMIT_REACHED.ord() {
            // A redirect is answered as it came (status and Location; core refuses it).
            Ok(HttpResponse {
                status,
                headers,
                body: body.as_slice().to_vec().into(),
            })
        } else if outcome == Outcome::TIMEOUT.ord() {
            Err(HttpFailure::new(
                HttpFailureKind::Timeout,
                "Godot's HTTPRequest timed out",
            ))
        } else if outcome == Outcome::BODY_SIZE_LIMIT_EXCEEDED.ord() {
            Err(HttpFailure::new(
                HttpFailureKind::TooLarge,
                "the response body is larger than the client accepts",
            ))
        } else {
            let what = describe(outcome);
            let failure = network(format!("Godot's HTTPRequest failed: {what}"));
            Err(if status > 0 {
                failure.with_status(status)
            } else {
                failure
            })
        };
    let _ = attempt.reply.send(answer);
}

fn describe(outcome: i32) -> &'static str {
    const NAMES: [(Outcome, &str); 10] = [
        (
            Outcome::CHUNKED_BODY_SIZE_MISMATCH,
            "chunked body size mismatch",
        ),
        (Outcome::CANT_CONNECT, "cannot connect"),
        (Outcome::CANT_RESOLVE, "cannot resolve the host name"),
        (Outcome::CONNECTION_ERROR, "connection error"),
        (Outcome::TLS_HANDSHAKE_ERROR, "TLS handshake error"),
        (Outcome::NO_RESPONSE, "no response"),
        (Outcome::BODY_DECOMPRESS_FAILED, "body decompression failed"),
        (Outcome::REQUEST_FAILED, "request failed"),
        (
            Outcome::DOWNLOAD_FILE_CANT_OPEN,
            "cannot open the download file",
        ),
        (
            Outcome::DOWNLOAD_FILE_WRITE_ERROR,
            "cannot write the download file",
        ),
    ];
    NAMES
        .iter()
        .find(|(o, _)| o.ord() == outcome)
        .map_or("unknown result", |(_, name)| name)
}

/// Cancels attempt `id` (its call was cancelled or its deadline passed).
pub(crate) fn cancel(id: u64) {
    if let Some(attempt) = ATTEMPTS.with(|attempts| attempts.borrow_mut().remove(&id)) {
        let mut node = attempt.node;
        if node.is_instance_valid() {
            node.cancel_request();
            node.queue_free();
        }
    }
}

/// Forgets every attempt (the extension is being unloaded; the nodes went with the tree).
pub(crate) fn forget_all() {
    let _ = ATTEMPTS.try_with(|attempts| std::mem::take(&mut *attempts.borrow_mut()));
}
