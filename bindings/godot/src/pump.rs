//! The main-thread frame hook: once per frame, at the start of the SceneTree's frame
//! (`process_frame`, emitted whether or not the game is paused), every job the runtime
//! thread posted is run. This is where requests complete, `completed` is emitted, token
//! providers are asked and `HTTPRequest` nodes are started: always on the main thread, always
//! during a frame. Games with their own `MainLoop` (not a `SceneTree`) call `OfferKit.poll()`
//! once per frame instead.

use std::cell::{Cell, RefCell};

use godot::classes::{Engine, SceneTree};
use godot::prelude::*;

use crate::mailbox;

thread_local! {
    /// The SceneTree the hook is connected to, so a new tree (a restarted main loop) is
    /// connected again.
    static CONNECTED_TO: Cell<Option<InstanceId>> = const { Cell::new(None) };
    /// Run at the start of each frame, before the jobs (see [`every_frame`]).
    static FRAME_WORK: RefCell<Vec<fn()>> = const { RefCell::new(Vec::new()) };
}

/// Runs `work` at the start of every frame from now on (once, however often it is given).
pub(crate) fn every_frame(work: fn()) {
    FRAME_WORK.with(|all| {
        let mut all = all.borrow_mut();
        if !all.iter().any(|w| std::ptr::fn_addr_eq(*w, work)) {
            all.push(work);
        }
    });
}

/// Connects the hook to the running SceneTree, once per tree (main thread only). Without a
/// SceneTree nothing is connected: the host calls [`poll`] itself.
pub(crate) fn ensure_connected() {
    let Some(main_loop) = Engine::singleton().get_main_loop() else {
        return;
    };
    let Ok(mut tree) = main_loop.try_cast::<SceneTree>() else {
        return;
    };
    let id = tree.instance_id();
    if CONNECTED_TO.get() == Some(id) {
        return;
    }
    let hook = Callable::from_fn("offerkit_frame", |_args: &[&Variant]| {
        poll();
        Variant::nil()
    });
    let _ = tree.connect("process_frame", &hook);
    CONNECTED_TO.set(Some(id));
}

/// Runs every job posted so far (main thread only; a call from another thread does nothing).
pub(crate) fn poll() {
    if !godot::init::is_main_thread() {
        godot_error!("OfferKit.poll() must be called on the main thread");
        return;
    }
    let work: Vec<fn()> = FRAME_WORK.with(|all| all.borrow().clone());
    for work in work {
        work();
    }
    for job in mailbox::take() {
        job();
    }
}

/// Forgets the connection (the extension is being unloaded; the tree is gone by then).
pub(crate) fn forget() {
    CONNECTED_TO.set(None);
}
