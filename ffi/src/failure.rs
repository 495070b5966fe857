//! `Failure`: what went wrong inside an exported function, on its way to C — the status the
//! function returns, the core error the host's error object is made from, and, for the C
//! interface's own failures about one argument (NULL, UTF-8, range, a path naming nothing),
//! which argument and what is wrong with it. Every module returns it; the boundary
//! (`crate::boundary`) names the exported function it failed in and turns it into a status and
//! an error object whose one field entry is (function, argument, detail).

use offerkit::{Error, ErrorKind};

use crate::status::OfferkitStatus;

/// An internal failure on its way to C: the status to return and the error object to hand out.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: OfferkitStatus,
    pub(crate) error: Error,
    /// The one argument a failure of the C interface is about; `None` for core's failures
    /// (which carry their own field entries) and for those about no single argument.
    pub(crate) argument: Option<BadArgument>,
}

/// The argument a failure is about, and where: becomes the error's one field entry.
#[derive(Debug)]
pub(crate) struct BadArgument {
    /// The exported function it was given to (`offerkit_client_offers`): the entry's path. Set
    /// by the boundary ([`Failure::in_function`]); empty until then.
    pub(crate) function: String,
    /// The parameter's name (`player_id`, `options.language`, `path`).
    pub(crate) name: String,
    /// What is wrong with it (`is NULL`): the entry's one message, also the end of the error
    /// message.
    pub(crate) detail: String,
}

impl Failure {
    /// A failure of the C interface about argument `name`: status `status`, kind
    /// `invalid_argument` inside (C sees only the status), message "argument `name` detail".
    fn about(status: OfferkitStatus, name: &str, detail: String) -> Self {
        Failure {
            status,
            error: Error::new(
                ErrorKind::InvalidArgument,
                format!("argument `{name}` {detail}"),
            ),
            argument: Some(BadArgument {
                function: String::new(),
                name: name.to_string(),
                detail,
            }),
        }
    }

    pub(crate) fn null(name: &str) -> Self {
        Self::about(OfferkitStatus::NullArgument, name, "is NULL".to_string())
    }

    /// `at`: the offset of the first byte that is not UTF-8 (0 for the first byte).
    pub(crate) fn utf8(name: &str, at: usize) -> Self {
        Self::about(
            OfferkitStatus::InvalidUtf8,
            name,
            format!("is not valid UTF-8 (byte {at})"),
        )
    }

    pub(crate) fn range(name: &str, why: impl std::fmt::Display) -> Self {
        Self::about(
            OfferkitStatus::OutOfRange,
            name,
            format!("is out of range: {why}"),
        )
    }

    /// A dotted field path (argument `path`) that names nothing in item `index`.
    pub(crate) fn not_found(path: &str, index: usize) -> Self {
        Self::about(
            OfferkitStatus::NotFound,
            "path",
            format!("names nothing in item {index}: \"{path}\""),
        )
    }

    pub(crate) fn would_deadlock(function: &str) -> Self {
        Failure {
            status: OfferkitStatus::WouldDeadlock,
            error: Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "{function} blocks, and was called on an offerkit library thread (inside a \
                     callback run by offerkit); use the _async form there"
                ),
            ),
            argument: None,
        }
    }

    pub(crate) fn would_deadlock_shutdown() -> Self {
        Self::misuse(
            OfferkitStatus::WouldDeadlock,
            "offerkit_shutdown waits for the library's threads, and was called on one of them or \
             inside a callback run by offerkit"
                .to_string(),
        )
    }

    /// A second answer to a host executor's request.
    pub(crate) fn already_answered(id: u64) -> Self {
        Self::misuse(
            OfferkitStatus::AlreadyAnswered,
            format!("HTTP request {id} was already answered; this answer was dropped"),
        )
    }

    /// A function of the built-in HTTP transport, called in a build without it.
    pub(crate) fn not_available(what: &str) -> Self {
        Self::misuse(
            OfferkitStatus::NotAvailable,
            format!(
                "{what}: this build of libofferkit has no built-in HTTP transport (host \
                 executors only); set it in the host's HTTP stack"
            ),
        )
    }

    pub(crate) fn busy(message: String) -> Self {
        Self::misuse(OfferkitStatus::Busy, message)
    }

    /// Misuse of the interface that is about no one argument: nothing was done.
    fn misuse(status: OfferkitStatus, message: String) -> Self {
        Failure {
            status,
            error: Error::new(ErrorKind::InvalidArgument, message),
            argument: None,
        }
    }

    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Internal, message).into()
    }

    pub(crate) fn cancelled(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Cancelled, message).into()
    }

    /// The failure as returned by exported function `function`: a failure about one argument
    /// records the function (its field entry's path) and names it first in the message
    /// (`offerkit_client_offers: argument `player_id` is NULL`). Others are unchanged.
    pub(crate) fn in_function(mut self, function: &str) -> Self {
        if let Some(argument) = &mut self.argument {
            if argument.function.is_empty() {
                argument.function = function.to_string();
                self.error = Error::new(
                    self.error.kind(),
                    format!("{function}: {}", self.error.message()),
                );
            }
        }
        self
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Failure {
            status: OfferkitStatus::from_kind(error.kind()),
            error,
            argument: None,
        }
    }
}
