//! `Failure`: what went wrong inside an exported function, on its way to C — the status the
//! function returns and the core error the host's error object is made from. Every module
//! returns it; the boundary (`crate::boundary`) turns it into a status and an error object.

use offerkit::{Error, ErrorKind};

use crate::status::OfferkitStatus;

/// An internal failure on its way to C: the status to return and the error object to hand out.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: OfferkitStatus,
    pub(crate) error: Error,
}

impl Failure {
    fn misuse(status: OfferkitStatus, message: String) -> Self {
        Failure {
            status,
            error: Error::new(ErrorKind::InvalidArgument, message),
        }
    }

    pub(crate) fn null(name: &str) -> Self {
        Self::misuse(
            OfferkitStatus::NullArgument,
            format!("argument `{name}` must not be NULL"),
        )
    }

    pub(crate) fn utf8(name: &str) -> Self {
        Self::misuse(
            OfferkitStatus::InvalidUtf8,
            format!("argument `{name}` is not valid UTF-8"),
        )
    }

    pub(crate) fn range(name: &str, why: impl std::fmt::Display) -> Self {
        Self::misuse(
            OfferkitStatus::OutOfRange,
            format!("argument `{name}` is out of range: {why}"),
        )
    }

    pub(crate) fn would_deadlock(function: &str) -> Self {
        Self::misuse(
            OfferkitStatus::WouldDeadlock,
            format!(
                "{function} blocks, and was called on an offerkit library thread (inside a \
                 callback run by offerkit); use the _async form there"
            ),
        )
    }

    pub(crate) fn would_deadlock_shutdown() -> Self {
        Self::misuse(
            OfferkitStatus::WouldDeadlock,
            "offerkit_shutdown waits for the library's threads, and was called on one of them or \
             inside a callback run by offerkit"
                .to_string(),
        )
    }

    pub(crate) fn busy(message: String) -> Self {
        Self::misuse(OfferkitStatus::Busy, message)
    }

    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Internal, message).into()
    }

    pub(crate) fn cancelled(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Cancelled, message).into()
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure {
            status: OfferkitStatus::from_kind(error.kind()),
            error,
        }
    }
}
