//! `OfferkitError`: the owned error object a failed call hands out, made from a `Failure`.
//! Every string of core's `offerkit::Error` (message, field entries, cursor reason, whole
//! GraphQL response), and the field entry of a failure of the C interface about one argument,
//! is converted once, when the object is made, so the accessors
//! (`crate::error_accessors`) return pointers valid until `offerkit_error_free`.

use std::ffi::CString;

use offerkit::Error;

use crate::failure::Failure;
use crate::handle::Handle;
use crate::status::OfferkitStatus;
use crate::strings::c_text;

pub(crate) struct Argument {
    pub(crate) name: CString,
    pub(crate) messages: Vec<CString>,
}

pub(crate) struct Field {
    pub(crate) path: CString,
    pub(crate) arguments: Vec<Argument>,
}

/// An error handed out by a failed call or a completion callback. Owned by the caller: free it
/// with `offerkit_error_free`. Immutable: its accessors may be called from any thread at once;
/// every string they return lives until the error is freed.
pub struct OfferkitError {
    pub(crate) status: OfferkitStatus,
    pub(crate) error: Error,
    pub(crate) message: CString,
    pub(crate) reason: Option<CString>,
    pub(crate) response: Option<CString>,
    pub(crate) fields: Vec<Field>,
}

impl OfferkitError {
    pub(crate) fn new(failure: Failure) -> Self {
        let Failure {
            status,
            error,
            argument,
        } = failure;
        let mut fields: Vec<Field> = error
            .fields()
            .iter()
            .map(|f| Field {
                path: c_text(&f.path.join(".")),
                arguments: f
                    .arguments
                    .iter()
                    .map(|(name, messages)| Argument {
                        name: c_text(name),
                        messages: messages.iter().map(|m| c_text(m)).collect(),
                    })
                    .collect(),
            })
            .collect();
        // A failure of the C interface about one argument: its one entry, under the function.
        fields.extend(argument.map(|a| Field {
            path: c_text(&a.function),
            arguments: vec![Argument {
                name: c_text(&a.name),
                messages: vec![c_text(&a.detail)],
            }],
        }));
        OfferkitError {
            status,
            message: c_text(error.message()),
            reason: error.reason().map(c_text),
            response: error.response().map(|r| c_text(&r.to_string())),
            fields,
            error,
        }
    }

    /// A raw owned pointer for C.
    pub(crate) fn into_raw(failure: Failure) -> *mut OfferkitError {
        Self::new(failure).into_ptr()
    }
}

impl Handle for OfferkitError {
    const NAME: &'static str = "error";
}

impl OfferkitError {
    pub(crate) fn field(&self, field: usize) -> Option<&Field> {
        self.fields.get(field)
    }

    pub(crate) fn argument(&self, field: usize, argument: usize) -> Option<&Argument> {
        self.field(field)?.arguments.get(argument)
    }
}
