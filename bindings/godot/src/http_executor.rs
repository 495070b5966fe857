//! Godot's own network stack as core's HTTP executor (`"http": "godot"`), for the Web export,
//! consoles and games that want the engine's TLS and proxies. Core keeps everything above one
//! attempt (headers, retries, `Retry-After`, the deadline, the token flow, the body cap,
//! redirect refusal, error mapping); each attempt is handed to the main thread, where
//! `http_node` sends it with an `HTTPRequest` node, and its answer comes back through a
//! channel. Dropping the attempt (a cancelled call, a passed deadline) cancels the node.

use std::sync::atomic::{AtomicU64, Ordering};

use offerkit::{BoxFuture, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse};
use tokio::sync::oneshot;

use crate::{http_node, mailbox};

static NEXT_ATTEMPT: AtomicU64 = AtomicU64::new(1);

/// The executor a client configured with `"http": "godot"` gets.
pub(crate) struct GodotExecutor;

impl offerkit::HttpExecutor for GodotExecutor {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        let id = NEXT_ATTEMPT.fetch_add(1, Ordering::Relaxed);
        let (reply, answer) = oneshot::channel();
        mailbox::post(move || http_node::start(id, request, reply));
        let guard = CancelOnDrop(Some(id));
        Box::pin(async move {
            let mut guard = guard;
            let answer = answer.await;
            guard.0 = None; // answered: nothing to cancel
            answer.unwrap_or_else(|_| {
                Err(HttpFailure::new(
                    HttpFailureKind::Network,
                    "Godot's HTTPRequest could not be used (no SceneTree, or the engine is quitting)",
                ))
            })
        })
    }
}

/// Cancels attempt `.0` on the main thread if the future is dropped before its answer.
struct CancelOnDrop(Option<u64>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(id) = self.0.take() {
            mailbox::post(move || http_node::cancel(id));
        }
    }
}
