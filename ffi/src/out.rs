//! Out-pointers: where a call writes its results. A required one is checked before the call does
//! any work and written only once nothing can fail any more, so a failed call leaves it as it was.

use std::ptr::NonNull;

use crate::failure::Failure;

/// A required out-pointer, checked not to be NULL.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// `ptr` as a place to write to; `NULL_ARGUMENT` naming `name` when it is NULL.
    pub(crate) fn required(ptr: *mut T, name: &str) -> Result<Self, Failure> {
        NonNull::new(ptr)
            .map(Out)
            .ok_or_else(|| Failure::null(name))
    }

    /// Writes the result (the last step of a successful call).
    pub(crate) fn write(self, value: T) {
        // SAFETY: not NULL (checked), and a C caller's out-pointer points to writable storage
        // for one `T` (the header's contract).
        unsafe { self.0.as_ptr().write(value) };
    }
}

/// Writes what `make` gives to an optional out-pointer (`out_error`, `out_request`,
/// `out_warnings`); for NULL, `make` never runs, so nothing is made that nobody would free.
pub(crate) fn write_optional<T>(ptr: *mut T, make: impl FnOnce() -> T) {
    if let Some(out) = NonNull::new(ptr) {
        Out(out).write(make());
    }
}
