//! What the offer list and the player-offers page share: index checks, the view of an item's
//! typed fields, and access to any field of an item by dotted path (core's `field`), or to the
//! whole item, as JSON text — the bodies of their `*_get`, `*_field_json`, `*_field_text` and
//! `*_item_json`.

use std::ffi::c_char;

use serde_json::Value;

use crate::failure::Failure;
use crate::handle::Handle;
use crate::out::Out;
use crate::strings;

/// A handle holding items that serialize to the JSON objects the service sent, and whose typed
/// fields C reads through a view.
pub(crate) trait Items {
    /// The `#[repr(C)]` view of one item's typed fields, its strings borrowed from the handle.
    type View;
    fn len(&self) -> usize;
    /// The view of item `index` (checked by the caller).
    fn view(&self, index: usize) -> Self::View;
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

/// The body of `*_get`: the typed fields of item `index`, written to `out_view`.
pub(crate) fn get<H: Items + Handle>(
    handle: *const H,
    index: usize,
    out_view: *mut H::View,
) -> Result<(), Failure> {
    let handle = H::as_ref(handle)?;
    let out = Out::required(out_view, "out_view")?;
    check_index(handle.len(), index)?;
    out.write(handle.view(index));
    Ok(())
}

/// The body of `*_field_json` (`Form::Json`, out-pointer `out_json`) and `*_field_text`
/// (`Form::Text`, `out_text`): an owned string; `NOT_FOUND` (naming the path, out-pointer
/// untouched) when the path names nothing.
pub(crate) fn field<H: Items + Handle>(
    handle: *const H,
    index: usize,
    path: *const c_char,
    form: Form,
    out: *mut *mut c_char,
) -> Result<(), Failure> {
    let handle = H::as_ref(handle)?;
    let out = Out::required(
        out,
        match form {
            Form::Json => "out_json",
            Form::Text => "out_text",
        },
    )?;
    let path = strings::required(path, "path")?;
    check_index(handle.len(), index)?;
    let value = handle
        .field(index, path)
        .ok_or_else(|| Failure::not_found(path, index))?;
    out.write(strings::owned(&render(&value, form)));
    Ok(())
}

/// The body of `*_item_json`: the whole item as the JSON object the service sent.
pub(crate) fn item_json<H: Items + Handle>(
    handle: *const H,
    index: usize,
    out: *mut *mut c_char,
) -> Result<(), Failure> {
    let handle = H::as_ref(handle)?;
    let out = Out::required(out, "out_json")?;
    check_index(handle.len(), index)?;
    out.write(strings::owned(&handle.item_json(index)?));
    Ok(())
}
