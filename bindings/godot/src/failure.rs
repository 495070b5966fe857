//! A failure as plain data (`Send`): what a core error carries, or one this crate reports about
//! a Godot value it could not convert. It crosses from the runtime thread to the main thread,
//! where `error` turns it into the `OfferKitError` object GDScript reads.

use std::collections::BTreeMap;

use offerkit::{ErrorKind, FieldError};

/// Everything an `OfferKitError` shows (boxed: results stay one pointer wide on their error side).
#[derive(Debug, Clone)]
pub(crate) struct Failure(Box<Detail>);

/// What a [`Failure`] holds.
#[derive(Debug, Clone)]
pub(crate) struct Detail {
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
    pub(crate) http_status: Option<u16>,
    pub(crate) fields: Vec<FieldError>,
    pub(crate) reason: Option<String>,
    pub(crate) retry_after_secs: Option<f64>,
    pub(crate) response: Option<serde_json::Value>,
}

impl std::ops::Deref for Failure {
    type Target = Detail;
    fn deref(&self) -> &Detail {
        &self.0
    }
}

impl Failure {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Failure(Box::new(Detail {
            kind,
            message: message.into(),
            http_status: None,
            fields: Vec::new(),
            reason: None,
            retry_after_secs: None,
            response: None,
        }))
    }

    /// A value given from GDScript that cannot be what core expects (a wrong type, an unknown
    /// key): `invalid_argument` with one field entry, as core reports its own argument checks.
    pub(crate) fn invalid_argument(path: &str, argument: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut arguments = BTreeMap::new();
        arguments.insert(argument.to_string(), vec![message.clone()]);
        let mut failure = Failure::new(
            ErrorKind::InvalidArgument,
            format!("invalid argument: {argument}: {message}"),
        );
        failure.0.fields = vec![FieldError {
            path: vec![path.to_string()],
            arguments,
        }];
        failure
    }

    pub(crate) fn cancelled(why: &str) -> Self {
        Failure::new(ErrorKind::Cancelled, why)
    }

    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Failure::new(ErrorKind::Internal, message)
    }
}

impl From<offerkit::Error> for Failure {
    fn from(e: offerkit::Error) -> Self {
        Failure(Box::new(Detail {
            kind: e.kind(),
            message: e.message().to_string(),
            http_status: e.http_status(),
            fields: e.fields().to_vec(),
            reason: e.reason().map(str::to_string),
            retry_after_secs: e.retry_after().map(|d| d.as_secs_f64()),
            response: e.response().cloned(),
        }))
    }
}

impl From<&Failure> for offerkit::Error {
    /// Back to a core error, for a token provider's refusal (kind and message; core's own
    /// errors carry the rest).
    fn from(f: &Failure) -> Self {
        offerkit::Error::new(f.kind, f.message.clone())
    }
}
