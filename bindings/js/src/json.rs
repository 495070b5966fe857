//! JSON text to JavaScript values and back: every value crosses the boundary as JSON, parsed by
//! the engine's own `JSON.parse` (which is faster than building objects field by field from
//! WebAssembly, and gives the same numbers `fetch(...).json()` would).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a JavaScript value (`JSON.parse` of its JSON text).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    match serde_json::to_string(value) {
        Ok(text) => parse(&text),
        Err(e) => JsValue::from_str(&format!("offerkit could not serialize a value: {e}")),
    }
}

/// JSON text as a JavaScript value; text that is not JSON stays a string.
pub(crate) fn parse(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap_or_else(|_| JsValue::from_str(text))
}

/// A JavaScript value's own description: a string as it is, an `Error`'s (or any object's)
/// `message`, anything else as its JSON text (`null`, `-5`, `{"nope":1}`). Never panics: a
/// panic would end the WebAssembly instance.
pub(crate) fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return text;
    }
    if value.is_undefined() {
        return "undefined".to_string();
    }
    if value.is_object()
        && let Some(message) = js_sys::Reflect::get(value, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
    {
        return message;
    }
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .unwrap_or_else(|| "a value without a description".to_string())
}
