//! GraphQL variables given as JSON text — how every front end without a JSON type of its own
//! (the C ABI, the uniffi bindings, the CLI) passes them — read once, with one error.

use serde_json::Value;

use crate::error::{Error, FieldError, Result};

/// Reads the variables of a raw GraphQL call from `text`. Not JSON: `invalid_argument` whose
/// message and field entry (path `["graphql"]`) name `argument`, the front end's own name for
/// the value (`variables_json`, `--variables`).
pub fn graphql_variables(argument: &str, text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| {
        let mut field = FieldError::new(&["graphql"]);
        field.add(argument, format!("not JSON: {e}"));
        Error::invalid_arguments(vec![field])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn json_text_becomes_the_value() {
        let value = graphql_variables("variables_json", r#"{"id": "p1", "n": 2}"#).expect("JSON");
        assert_eq!(value, serde_json::json!({"id": "p1", "n": 2}));
    }

    #[test]
    fn text_that_is_not_json_names_the_argument() {
        let error = graphql_variables("--variables", "{id: 1}").expect_err("not JSON");
        assert_eq!(error.kind(), ErrorKind::InvalidArgument);
        assert!(
            error
                .message()
                .starts_with("invalid argument: --variables: not JSON: "),
            "{}",
            error.message()
        );
        assert_eq!(error.fields()[0].path, ["graphql"]);
        assert!(error.fields()[0].arguments.contains_key("--variables"));
    }
}
