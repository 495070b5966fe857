//! Support for the bindings' property tests (feature `testing`, enabled only from their
//! `[dev-dependencies]`): the hostile JSON a service could send, written once so both bindings
//! test against the same worst cases, and a reader that shows a JSON object exactly as written.

mod entries;
mod hostile;

pub use entries::object_entries;
pub use hostile::{
    hostile_non_strings, hostile_strings, nested_arrays, nested_objects, object_text, odd_keys,
    quoted,
};
