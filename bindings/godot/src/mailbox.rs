//! The one way from the runtime thread back to the engine: closures posted here run on the
//! main thread when the frame pump (`pump`) empties the mailbox, during the engine's frame.
//! Godot objects are never touched anywhere else, so no GDScript code ever runs on another
//! thread, and a result posted while the engine is busy waits for the next frame.

use std::sync::{Mutex, PoisonError};

/// Work for the main thread. It owns only `Send` data (core's answers, reply channels); it
/// makes the Godot objects itself, on the main thread.
pub(crate) type Job = Box<dyn FnOnce() + Send>;

static MAILBOX: Mutex<Vec<Job>> = Mutex::new(Vec::new());

/// Hands `job` to the main thread (from any thread).
pub(crate) fn post(job: impl FnOnce() + Send + 'static) {
    MAILBOX
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(Box::new(job));
}

/// Everything posted so far, in order, leaving the mailbox empty (jobs posted while these run
/// wait for the next frame).
pub(crate) fn take() -> Vec<Job> {
    std::mem::take(&mut *MAILBOX.lock().unwrap_or_else(PoisonError::into_inner))
}

/// Drops every job not yet run (the extension is being unloaded).
pub(crate) fn clear() {
    drop(take());
}
