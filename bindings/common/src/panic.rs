//! The text of a caught panic: both bindings turn a panic inside offerkit into an `internal`
//! error that says what happened, instead of unwinding into a foreign host.

use std::any::Any;

/// What `panic!` was given — a literal or a formatted message — or `None` for any other
/// payload (`std::panic::panic_any` with a value of another type), for which each binding
/// words its own placeholder.
pub fn panic_message(payload: &(dyn Any + Send)) -> Option<&str> {
    if let Some(s) = payload.downcast_ref::<&str>() {
        Some(s)
    } else {
        payload.downcast_ref::<String>().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::catch_unwind;

    #[test]
    fn literal_and_formatted_panics_give_their_text() {
        let literal = catch_unwind(|| panic!("boom")).expect_err("panics");
        assert_eq!(panic_message(literal.as_ref()), Some("boom"));
        let n = 7;
        let formatted = catch_unwind(|| panic!("boom {n}")).expect_err("panics");
        assert_eq!(panic_message(formatted.as_ref()), Some("boom 7"));
    }

    #[test]
    fn other_payloads_have_no_text() {
        let other = catch_unwind(|| std::panic::panic_any(42_u8)).expect_err("panics");
        assert_eq!(panic_message(other.as_ref()), None);
    }
}
