//! The CLI's exit codes and error document: scripts branch on these, so they are a contract.
//!
//! 0 ok; 2 invalid_argument (and usage errors); 3 unauthorized/forbidden; 4 validation, query,
//! invalid_cursor, unprocessable, unsupported_media_type, rejected (the request as sent was
//! refused); 5 rate_limited; 6 network, timeout, server, decode (and cancelled); 70 internal.

use offerkit::{Error, ErrorKind};
use serde_json::{Value, json};

/// The process exit code for an error kind.
pub fn code(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::InvalidArgument => 2,
        ErrorKind::Unauthorized | ErrorKind::Forbidden => 3,
        ErrorKind::Validation
        | ErrorKind::Query
        | ErrorKind::InvalidCursor
        | ErrorKind::Unprocessable
        | ErrorKind::UnsupportedMediaType
        | ErrorKind::Rejected => 4,
        ErrorKind::RateLimited => 5,
        ErrorKind::Network
        | ErrorKind::Timeout
        | ErrorKind::Server
        | ErrorKind::Decode
        | ErrorKind::Cancelled => 6,
        ErrorKind::Internal => 70,
    }
}

/// `{"error": {kind, message, http_status, fields, reason, retry_after_secs}}`, absent values null.
pub fn document(err: &Error) -> Value {
    json!({
        "error": {
            "kind": err.kind().as_str(),
            "message": err.message(),
            "http_status": err.http_status(),
            "fields": err.fields(),
            "reason": err.reason(),
            "retry_after_secs": err.retry_after().map(|d| d.as_secs()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_documented_code() {
        let expected = [2, 3, 3, 4, 4, 4, 4, 4, 5, 6, 6, 6, 6, 6, 70, 4];
        let actual: Vec<u8> = ErrorKind::ALL.iter().map(|k| code(*k)).collect();
        assert_eq!(actual, expected);
    }

    #[test]
    fn error_document_has_every_key() {
        let doc = document(&Error::new(ErrorKind::Timeout, "slow"));
        let error = doc["error"].as_object().unwrap();
        let mut keys: Vec<&str> = error.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "fields",
                "http_status",
                "kind",
                "message",
                "reason",
                "retry_after_secs"
            ]
        );
        assert_eq!(error["kind"], "timeout");
        assert!(error["http_status"].is_null());
        assert_eq!(error["fields"], json!([]));
    }
}
