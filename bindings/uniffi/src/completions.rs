//! `Completions`: calls whose answers an event loop collects itself, for a binding whose
//! foreign async protocol costs more than it must. uniffi's async methods wake the caller's
//! executor through a callback on the library thread at every poll of the future; from Python
//! that is a ctypes callback on a foreign thread (taking the GIL), `call_soon_threadsafe` and
//! one more loop turn to poll again (BENCHMARKS.md measures what this saves). Here a finished
//! call writes one byte to a socket the event loop watches (asyncio's `add_reader`), and the
//! loop collects every finished call with one plain call (one more for a failed call's error).
//! No foreign code runs on the library thread. Only the Python package uses it: the mobile
//! flavour leaves it out (cargo feature `completions`), and so do the Kotlin and Swift bindings
//! (uniffi.toml).
//!
//! The calls themselves are the client's (`OfferClient::*_started`: those that answer with one
//! text, `offers_json`, `links` and `graphql`), run on the shared runtime with the same
//! cancellation and panic handling as the async methods. Unix only (a socket pair); elsewhere
//! `Completions()` fails and a binding keeps the async methods.

use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};

use tokio::task::AbortHandle;

use crate::client::OfferClient;
use crate::error::OfferError;
use crate::records::OffersOptions;
use crate::runtime;

/// Finished calls, collected by an event loop when [`Completions::fd`] becomes readable:
/// [`Completions::finished`] gives each one's text, [`Completions::raise_failure`] a failed
/// one's error. One per event loop; calls are started by the client's `*_started` methods with
/// it. Its types are plain (ids, texts, the error): no record that the Kotlin and Swift
/// bindings, which leave this out, would have to carry.
#[derive(uniffi::Object)]
pub struct Completions {
    state: Mutex<State>,
    socket: signal::Pair,
}

type Call = Pin<Box<dyn Future<Output = Result<String, OfferError>> + Send>>;

#[derive(Default)]
struct State {
    next_id: u64,
    /// Calls still running, by id: a few at a time, so a list.
    running: Vec<(u64, AbortHandle)>,
    /// Finished since the last `finished`, with their answers.
    finished: Vec<(u64, Result<String, OfferError>)>,
    /// Errors of failed calls handed over by `finished`, until `raise_failure` takes them.
    failures: Vec<(u64, OfferError)>,
    /// A byte was written since the last `finished`: one is enough to wake the loop.
    signalled: bool,
}

impl State {
    fn take_running(&mut self, id: u64) -> Option<AbortHandle> {
        let at = self
            .running
            .iter()
            .position(|(running, _)| *running == id)?;
        Some(self.running.swap_remove(at).1)
    }

    fn take_failure(&mut self, id: u64) -> Option<OfferError> {
        let at = self.failures.iter().position(|(failed, _)| *failed == id)?;
        Some(self.failures.swap_remove(at).1)
    }
}

#[uniffi::export]
impl Completions {
    /// A new queue and its socket. `Internal` where the system refuses a socket pair, or on a
    /// platform without them (Windows): use the async methods there.
    #[uniffi::constructor]
    pub fn new() -> Result<Arc<Self>, OfferError> {
        let socket = signal::Pair::new().map_err(|e| OfferError::Internal {
            detail: format!("offerkit: cannot make the completion socket: {e}"),
        })?;
        Ok(Arc::new(Completions {
            state: Mutex::new(State::default()),
            socket,
        }))
    }

    /// The file descriptor to watch: readable when a call has finished since the last
    /// `finished`. Owned by this object (closed when it is dropped).
    pub fn fd(&self) -> i32 {
        self.socket.watched_fd()
    }

    /// The calls finished since the last `finished`, by id: each one's text, or null for a
    /// failed call (`raise_failure` gives its error). Empties the socket.
    pub fn finished(&self) -> HashMap<u64, Option<String>> {
        self.socket.drain();
        let mut state = self.lock();
        state.signalled = false;
        let finished = std::mem::take(&mut state.finished);
        let mut texts = HashMap::with_capacity(finished.len());
        for (id, answer) in finished {
            let text = match answer {
                Ok(text) => Some(text),
                Err(error) => {
                    state.failures.push((id, error));
                    None
                }
            };
            texts.insert(id, text);
        }
        texts
    }

    /// Fails with the error of failed call `id`, once (the id was in `finished` with no
    /// text); does nothing for any other id.
    pub fn raise_failure(&self, id: u64) -> Result<(), OfferError> {
        match self.lock().take_failure(id) {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// Cancels call `id` (aborting its request) and forgets it, finished or not; nothing is
    /// reported for it afterwards. Unknown ids are ignored.
    pub fn cancel(&self, id: u64) {
        let mut state = self.lock();
        if let Some(task) = state.take_running(id) {
            task.abort();
        }
        state.finished.retain(|(finished, _)| *finished != id);
        state.take_failure(id);
    }

    /// Calls started whose answer was not handed over yet (by `finished`, or `raise_failure`
    /// for a failed one) and that were not cancelled.
    pub fn pending(&self) -> u64 {
        let state = self.lock();
        (state.running.len() + state.finished.len() + state.failures.len()) as u64
    }
}

impl Completions {
    /// Starts `call` on the shared runtime and returns its id; its answer is reported here.
    pub(crate) fn start(
        self: &Arc<Self>,
        call: impl Future<Output = Result<String, OfferError>> + Send + 'static,
    ) -> Result<u64, OfferError> {
        self.start_erased(Box::pin(call))
    }

    /// One type of task for every call: tokio's task machinery is compiled once, not once per
    /// query (each instantiation cost about 4 KB of the library).
    fn start_erased(self: &Arc<Self>, call: Call) -> Result<u64, OfferError> {
        let handle = runtime::get()?;
        let mut state = self.lock();
        state.next_id += 1;
        let id = state.next_id;
        let this = Arc::clone(self);
        // Spawned while the lock is held, so the task cannot finish before it is `running`.
        let task = handle.spawn(async move { this.finish(id, CatchPanic(call).await) });
        state.running.push((id, task.abort_handle()));
        Ok(id)
    }

    fn finish(&self, id: u64, answer: Result<String, OfferError>) {
        let mut state = self.lock();
        if state.take_running(id).is_none() {
            return; // cancelled meanwhile
        }
        state.finished.push((id, answer));
        if !state.signalled {
            state.signalled = true;
            self.socket.signal();
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The calls that answer with one text, started with a [`Completions`] instead of awaited.
#[uniffi::export]
impl OfferClient {
    /// `offers_json`, reported to `completions`; returns the call's id there.
    #[uniffi::method(default(options = None))]
    pub fn offers_json_started(
        &self,
        completions: Arc<Completions>,
        player_id: String,
        options: Option<OffersOptions>,
    ) -> Result<u64, OfferError> {
        completions.start(self.offers_json_call(player_id, options))
    }

    /// `links`, reported to `completions`; returns the call's id there.
    #[uniffi::method(default(select = None, selection = None))]
    pub fn links_started(
        &self,
        completions: Arc<Completions>,
        player_id: String,
        select: Option<String>,
        selection: Option<String>,
    ) -> Result<u64, OfferError> {
        completions.start(self.links_call(player_id, select, selection))
    }

    /// `graphql`, reported to `completions`; returns the call's id there. Variables that are
    /// not JSON fail here, before anything is sent.
    #[uniffi::method(default(variables_json = None))]
    pub fn graphql_started(
        &self,
        completions: Arc<Completions>,
        query: String,
        variables_json: Option<String>,
    ) -> Result<u64, OfferError> {
        completions.start(self.graphql_call(query, variables_json)?)
    }
}

/// Polls a call, turning a panic into `Internal` (as uniffi's async methods do): a started call
/// always finishes, so its waiter is never left waiting.
struct CatchPanic(Call);

impl Future for CatchPanic {
    type Output = Result<String, OfferError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let call = &mut self.0;
        match std::panic::catch_unwind(AssertUnwindSafe(|| call.as_mut().poll(cx))) {
            Ok(poll) => poll,
            Err(panic) => Poll::Ready(Err(runtime::panicked(panic.as_ref()))),
        }
    }
}

#[cfg(unix)]
mod signal {
    use std::io::{ErrorKind, Read, Write};
    use std::os::fd::AsRawFd;
    use std::os::unix::net::UnixStream;

    /// The two ends of a socket pair: the loop watches one, finished calls write to the other.
    pub(super) struct Pair {
        pub(super) watched: UnixStream,
        written: UnixStream,
    }

    impl Pair {
        pub(super) fn new() -> std::io::Result<Self> {
            let (watched, written) = UnixStream::pair()?;
            watched.set_nonblocking(true)?;
            written.set_nonblocking(true)?;
            Ok(Pair { watched, written })
        }

        pub(super) fn watched_fd(&self) -> i32 {
            self.watched.as_raw_fd()
        }

        /// One byte; a full socket already holds a wake-up, so `WouldBlock` is ignored.
        pub(super) fn signal(&self) {
            let _ = (&self.written).write(&[1]);
        }

        pub(super) fn drain(&self) {
            let mut buffer = [0u8; 64];
            loop {
                match (&self.watched).read(&mut buffer) {
                    Ok(0) => return,
                    Ok(_) => {}
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(_) => return,
                }
            }
        }
    }
}

#[cfg(not(unix))]
mod signal {
    /// No socket pair here: `Completions::new` fails and bindings keep the async methods.
    pub(super) struct Pair;

    impl Pair {
        pub(super) fn new() -> std::io::Result<Self> {
            Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "completion sockets need a Unix system; use the async methods",
            ))
        }

        pub(super) fn watched_fd(&self) -> i32 {
            -1
        }

        pub(super) fn signal(&self) {}

        pub(super) fn drain(&self) {}
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::io::Read;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    use super::*;

    fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Bytes waiting on the watched end (read, so the socket is emptied).
    fn bytes_waiting(completions: &Completions) -> usize {
        let mut buffer = [0u8; 64];
        let mut total = 0;
        while let Ok(n @ 1..) = (&completions.socket.watched).read(&mut buffer) {
            total += n;
        }
        total
    }

    fn finished_count(completions: &Completions) -> usize {
        completions.lock().finished.len()
    }

    #[test]
    fn finished_calls_are_signalled_by_one_byte_until_collected() {
        let completions = Completions::new().expect("socket pair");
        let first = completions.start(async { Ok("a".to_string()) }).unwrap();
        let second = completions.start(async { Ok("b".to_string()) }).unwrap();
        assert_ne!(first, second);
        wait_for("both calls", || finished_count(&completions) == 2);
        assert_eq!(bytes_waiting(&completions), 1, "one wake-up for both");

        let finished = completions.finished();
        let expected = HashMap::from([(first, Some("a".into())), (second, Some("b".into()))]);
        assert_eq!(finished, expected);
        assert!(completions.finished().is_empty(), "reported once");
        assert_eq!(completions.pending(), 0);

        // Collected: the next finished call signals again.
        let third = completions.start(async { Ok("c".to_string()) }).unwrap();
        wait_for("the third call", || finished_count(&completions) == 1);
        assert_eq!(bytes_waiting(&completions), 1);
        assert_eq!(
            completions.finished(),
            HashMap::from([(third, Some("c".into()))])
        );
    }

    #[test]
    fn a_failed_call_is_reported_then_its_error_raised_once() {
        let completions = Completions::new().expect("socket pair");
        let id = completions
            .start(async { Err(OfferError::cancelled("gone")) })
            .unwrap();
        wait_for("the call", || finished_count(&completions) == 1);
        assert_eq!(completions.finished(), HashMap::from([(id, None)]));
        assert_eq!(completions.pending(), 1, "its error is still to be taken");
        assert_eq!(
            completions.raise_failure(id),
            Err(OfferError::cancelled("gone"))
        );
        assert_eq!(completions.raise_failure(id), Ok(()), "once");
        assert_eq!(completions.raise_failure(u64::MAX), Ok(()));
        assert_eq!(completions.pending(), 0);
    }

    #[test]
    fn a_call_that_panics_fails_as_internal() {
        let completions = Completions::new().expect("socket pair");
        let id = completions
            .start(async { panic!("a bug in a call") })
            .unwrap();
        wait_for("the call", || finished_count(&completions) == 1);
        assert_eq!(completions.finished(), HashMap::from([(id, None)]));
        match completions.raise_failure(id) {
            Err(OfferError::Internal { detail }) => assert!(
                detail.contains("offerkit panicked: a bug in a call"),
                "{detail}"
            ),
            other => panic!("expected Internal, got {other:?}"),
        }
    }

    struct SetOnDrop(Arc<AtomicBool>);

    impl Drop for SetOnDrop {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_cancelled_call_is_aborted_and_never_reported() {
        let completions = Completions::new().expect("socket pair");
        let dropped = Arc::new(AtomicBool::new(false));
        let guard = SetOnDrop(Arc::clone(&dropped));
        let id = completions
            .start(async move {
                let _guard = guard;
                std::future::pending::<Result<String, OfferError>>().await
            })
            .unwrap();
        assert_eq!(completions.pending(), 1);
        completions.cancel(id);
        assert_eq!(completions.pending(), 0);
        wait_for("the call's future dropped", || {
            dropped.load(Ordering::SeqCst)
        });
        assert!(completions.finished().is_empty());
        assert_eq!(bytes_waiting(&completions), 0);
        completions.cancel(id); // twice, and unknown ids: nothing happens
        completions.cancel(u64::MAX);
    }

    #[test]
    fn a_call_cancelled_after_it_finished_is_forgotten() {
        let completions = Completions::new().expect("socket pair");
        let kept = completions.start(async { Ok("kept".to_string()) }).unwrap();
        let forgotten = completions.start(async { Ok("x".to_string()) }).unwrap();
        let failed = completions
            .start(async { Err(OfferError::cancelled("gone")) })
            .unwrap();
        wait_for("the calls", || finished_count(&completions) == 3);
        completions.cancel(forgotten);
        completions.cancel(failed);
        assert_eq!(completions.pending(), 1);
        assert_eq!(
            completions.finished(),
            HashMap::from([(kept, Some("kept".into()))])
        );
        assert_eq!(
            completions.raise_failure(failed),
            Ok(()),
            "its error is gone too"
        );
    }
}
