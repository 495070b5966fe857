//! Opaque handles: how a Rust value becomes a pointer C holds, how a pointer C passes back is
//! reached (NULL checked, reported under the handle's name), and how it is freed — each in one
//! place for every handle type.

use crate::failure::Failure;
use crate::panic::infallible;

/// A type handed to C as an opaque pointer, made by [`Handle::into_ptr`] and freed by
/// [`free_handle`].
///
/// The functions taking a pointer rely on the C ABI's contract (written once at the top of the
/// header): a handle argument is NULL or a live handle of this type that no other thread frees
/// or mutates meanwhile.
pub(crate) trait Handle: Sized {
    /// The argument name a NULL handle is reported under: "argument `NAME` is NULL".
    const NAME: &'static str;

    /// Hands `self` to C: the pointer owns it until [`free_handle`].
    fn into_ptr(self) -> *mut Self {
        Box::into_raw(Box::new(self))
    }

    /// The handle behind `ptr`; `NULL_ARGUMENT` naming [`Handle::NAME`] when it is NULL.
    fn as_ref<'a>(ptr: *const Self) -> Result<&'a Self, Failure> {
        // SAFETY: NULL or a live handle of this type (the contract above).
        unsafe { ptr.as_ref() }.ok_or_else(|| Failure::null(Self::NAME))
    }

    /// Like [`Handle::as_ref`], for a handle used by one thread at a time (a config).
    fn as_mut<'a>(ptr: *mut Self) -> Result<&'a mut Self, Failure> {
        // SAFETY: NULL or a live handle of this type, used by this thread only (the contract).
        unsafe { ptr.as_mut() }.ok_or_else(|| Failure::null(Self::NAME))
    }

    /// Ends the handle's life; a type with work to do before it is dropped says so here.
    fn release(self: Box<Self>) {
        drop(self);
    }
}

/// The body of every `*_free` of a handle: NULL does nothing; otherwise the handle is released
/// once (a panic while releasing is caught).
pub(crate) fn free_handle<H: Handle>(ptr: *mut H) {
    infallible((), || {
        if !ptr.is_null() {
            // SAFETY: made by `Handle::into_ptr` and freed once (the contract).
            H::release(unsafe { Box::from_raw(ptr) });
        }
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::OfferkitStatus;

    struct Probe(u32);

    impl Handle for Probe {
        const NAME: &'static str = "probe";
    }

    #[test]
    fn a_null_handle_is_named_and_a_live_one_is_reached_and_freed() {
        let failure = Probe::as_ref(std::ptr::null())
            .err()
            .expect("NULL is refused");
        assert_eq!(failure.status, OfferkitStatus::NullArgument);
        assert_eq!(failure.error.message(), "argument `probe` is NULL");
        let ptr = Probe(7).into_ptr();
        assert_eq!(Probe::as_ref(ptr).map(|p| p.0).ok(), Some(7));
        Probe::as_mut(ptr).expect("live").0 = 8;
        assert_eq!(Probe::as_ref(ptr).map(|p| p.0).ok(), Some(8));
        free_handle(ptr);
        free_handle::<Probe>(std::ptr::null_mut());
    }
}
