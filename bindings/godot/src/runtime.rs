//! The addon's one tokio runtime: a current-thread runtime on one library thread
//! (`offerkit-godot`), plus at most one DNS thread, built when the first client is configured
//! and stopped when the extension is unloaded (its threads joined before the library goes).
//! Every call runs here; nothing here ever touches a Godot object (see `mailbox`).

use offerkit_bindings_common::runtime::LibraryRuntime;
use tokio::runtime::Handle;

use crate::failure::Failure;

static RUNTIME: LibraryRuntime = LibraryRuntime::new("offerkit-godot", "offerkit-godot-dns");

/// The runtime, started on first use; `internal` when the system refuses a thread.
pub(crate) fn handle() -> Result<Handle, Failure> {
    RUNTIME
        .handle()
        .map_err(|e| Failure::internal(format!("cannot start the offerkit runtime thread: {e}")))
}

/// Stops the runtime (every task dropped, its threads joined). Called when the extension is
/// unloaded; a later use starts a fresh one.
pub(crate) fn shutdown() {
    RUNTIME.shutdown();
}
