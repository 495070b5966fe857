//! The host's `user_data` pointer, carried to the threads where offerkit runs the host's
//! callbacks (completions, token asks, logs); offerkit never reads through it.

use std::ffi::c_void;

/// A host's user data pointer, carried to other threads (the host vouches for that).
#[derive(Clone, Copy)]
pub(crate) struct UserData(pub(crate) *mut c_void);
// SAFETY: the host promises (documented) that its user data may be used from the threads where
// offerkit runs its callbacks; offerkit itself never dereferences it.
unsafe impl Send for UserData {}
// SAFETY: as above.
unsafe impl Sync for UserData {}
