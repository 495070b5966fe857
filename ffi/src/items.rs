//! What the offer list and the player-offers page share: index checks and access to any field
//! of an item by dotted path (core's `field`), or to the whole item, as JSON text.

use std::ffi::c_char;

use serde_json::Value;

use crate::error::{Failure, OfferkitError};
use crate::panic::boundary;
use crate::status::OfferkitStatus;
use crate::strings;

/// A handle holding items that serialize to the JSON objects the service sent.
pub(crate) trait Items {
    fn len(&self) -> usize;
    /// Item `index` (checked by the caller) as the JSON text the service sent.
    fn item_json(&self, index: usize) -> Result<String, Failure>;
    /// A field of item `index` (checked by the caller) by dotted path (core's `field`, which
    /// parses only the field asked for); `None` when the path names nothing.
    fn field(&self, index: usize, path: &str) -> Option<Value>;
}

pub(crate) fn check_index(len: usize, index: usize) -> Result<(), Failure> {
    if index < len {
        Ok(())
    } else {
        Err(Failure::range(
            "index",
            format!("{index} is not below the item count {len}"),
        ))
    }
}

pub(crate) fn to_json<T: serde::Serialize>(item: &T) -> Result<String, Failure> {
    serde_json::to_string(item).map_err(|e| Failure::internal(format!("item to JSON: {e}")))
}

/// How a looked-up value is given back.
#[derive(Clone, Copy)]
pub(crate) enum Form {
    /// JSON text of any value (`"\"text\""`, `1.5`, `{…}`).
    Json,
    /// A string value's text unquoted; any other value as JSON text.
    Text,
}

fn render(value: &Value, form: Form) -> String {
    match (form, value) {
        (Form::Text, Value::String(s)) => s.clone(),
        _ => value.to_string(),
    }
}

/// The shared body of `*_field_json`, `*_field_text` and `*_item_json`: an owned string, or
/// NULL (with `OFFERKIT_STATUS_OK`) when the path names nothing.
pub(crate) fn field<H: Items>(
    handle: *const H,
    handle_name: &str,
    index: usize,
    path: Option<*const c_char>,
    form: Form,
    out: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    boundary(out_error, || {
        // SAFETY: NULL or a live handle of this library (contract).
        let handle = unsafe { handle.as_ref() }.ok_or_else(|| Failure::null(handle_name))?;
        let path = match path {
            // SAFETY: string contract.
            Some(p) => Some(unsafe { strings::required(p, "path") }?),
            None => None,
        };
        if out.is_null() {
            return Err(Failure::null("out_json"));
        }
        check_index(handle.len(), index)?;
        let text = match path {
            Some(path) => handle.field(index, path).map(|v| render(&v, form)),
            None => Some(handle.item_json(index)?),
        };
        let text = text.map_or(std::ptr::null_mut(), |t| strings::owned(&t));
        // SAFETY: checked non-NULL above.
        unsafe { out.write(text) };
        Ok(())
    })
}
