//! The postback verifier: the order of checks every receiver must keep, in one place.
//!
//! 1. size (413) — nothing is hashed beyond the limit;
//! 2. signature (401) — before the body is parsed, so a forged request is refused without
//!    being looked at and never reaches a ledger (it cannot use up a conversion key);
//! 3. parsing (400) — only a signed request can be "malformed";
//! 4. the optional replay window (401).
//!
//! The IP allow-list (403) is checked by the receiver before all of these (it needs the
//! peer address, not the request). Every refusal is an [`Error`] of the one taxonomy whose
//! `http_status` is the answer to give.

use std::time::UNIX_EPOCH;

use super::canonical;
use super::conversion::Conversion;
use super::key::PostbackKey;
use super::replay::ReplayWindow;
use super::signature;
use super::{v2, v3};
use crate::error::{Error, ErrorKind, Result};

/// Default largest v3 body and v2 query: 64 KiB (a postback is well under 2 KiB).
pub const DEFAULT_MAX_POSTBACK_BYTES: usize = 64 * 1024;

/// Verifies and parses postbacks signed with one postback key.
#[derive(Debug, Clone)]
pub struct PostbackVerifier {
    key: PostbackKey,
    max_bytes: usize,
    replay: Option<ReplayWindow>,
}

fn unauthorized(message: &str) -> Error {
    Error::new(ErrorKind::Unauthorized, message).with_status(401)
}

fn too_large(what: &str, limit: usize, status: u16) -> Error {
    Error::new(
        ErrorKind::InvalidArgument,
        format!("the postback {what} is larger than {limit} bytes"),
    )
    .with_status(status)
}

fn now_unix() -> i64 {
    crate::runtime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl PostbackVerifier {
    /// A verifier without a replay window and with the default size limit. An empty key is
    /// `invalid_argument`: every signature would be checked against a known key.
    pub fn new(key: impl Into<PostbackKey>) -> Result<PostbackVerifier> {
        let key = key.into();
        if key.is_empty() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "the postback key is empty",
            ));
        }
        Ok(PostbackVerifier {
            key,
            max_bytes: DEFAULT_MAX_POSTBACK_BYTES,
            replay: None,
        })
    }

    /// Sets the largest v3 body and v2 query accepted, in bytes; larger is 413 (v2: 414).
    pub fn with_max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets the replay window on the postback's `timestamp`; `None` turns it off (the default).
    pub fn with_replay_window(mut self, window: Option<ReplayWindow>) -> Self {
        self.replay = window;
        self
    }

    /// The largest v3 body and v2 query accepted, in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The replay window; `None` when off.
    pub fn replay_window(&self) -> Option<ReplayWindow> {
        self.replay
    }

    /// A v3 postback: `signature` is the `Signature` header (absent: 401), `body` the raw
    /// request body.
    pub fn verify_v3(&self, signature: Option<&str>, body: &[u8]) -> Result<Conversion> {
        self.verify_v3_at(signature, body, now_unix())
    }

    /// [`Self::verify_v3`] at a given time (Unix seconds), for tests and replays of logs.
    pub fn verify_v3_at(
        &self,
        signature: Option<&str>,
        body: &[u8],
        now: i64,
    ) -> Result<Conversion> {
        if body.len() > self.max_bytes {
            return Err(too_large("body", self.max_bytes, 413));
        }
        let signature = signature
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| unauthorized("the postback has no Signature header"))?;
        if !signature::matches(&self.key, body, signature) {
            return Err(unauthorized(
                "the postback's Signature does not match its body under the postback key",
            ));
        }
        let conversion = v3::parse(body)?;
        self.check_window(&conversion, true, now)?;
        Ok(conversion)
    }

    /// A v2 postback: `raw_query` is the request's query string as received (without `?`);
    /// `bases` are the registered postback URLs it may have been signed under (see
    /// `canonical.rs`). Each base is tried in its canonical and verbatim forms.
    pub fn verify_v2(&self, bases: &[&str], raw_query: &str) -> Result<Conversion> {
        self.verify_v2_at(bases, raw_query, now_unix())
    }

    /// [`Self::verify_v2`] at a given time (Unix seconds).
    pub fn verify_v2_at(&self, bases: &[&str], raw_query: &str, now: i64) -> Result<Conversion> {
        if raw_query.len() > self.max_bytes {
            return Err(too_large("query", self.max_bytes, 414));
        }
        let verifiers = canonical::verifiers(raw_query);
        let verifier = match verifiers.as_slice() {
            [] => return Err(unauthorized("the postback has no verifier parameter")),
            [one] => one,
            _ => return Err(unauthorized("the postback has more than one verifier")),
        };
        let signed = bases.iter().any(|base| {
            // Both forms are always computed, so timing does not tell which one matched.
            let canonical_ok = signature::matches(
                &self.key,
                canonical::canonical(base, raw_query).as_bytes(),
                verifier,
            );
            let verbatim_ok = signature::matches(
                &self.key,
                canonical::verbatim(base, raw_query).as_bytes(),
                verifier,
            );
            canonical_ok | verbatim_ok
        });
        if !signed {
            return Err(unauthorized(
                "the postback's verifier does not match its URL under the postback key",
            ));
        }
        let conversion = v2::parse(raw_query)?;
        self.check_window(&conversion, false, now)?;
        Ok(conversion)
    }

    /// The replay window, when set: v3 must carry a timestamp; v2 is checked only when its
    /// URL carries one (the v2 format has none of its own).
    fn check_window(&self, conversion: &Conversion, required: bool, now: i64) -> Result<()> {
        let Some(window) = self.replay else {
            return Ok(());
        };
        match conversion.timestamp {
            Some(timestamp) => window.check(timestamp, now),
            None if required => Err(Error::new(
                ErrorKind::InvalidArgument,
                "the postback has no timestamp, and a replay window is set",
            )
            .with_status(400)),
            None => Ok(()),
        }
    }
}

/// Signs a v3 body: the value of the `Signature` header (for senders, tests and debugging).
pub fn sign_v3(key: &PostbackKey, body: &[u8]) -> String {
    signature::sign(key, body)
}

/// Signs a v2 URL built with [`canonical::build`]-style encoding: returns the URL with
/// `&verifier=…` (or `?verifier=…`) appended, the verifier covering everything before it.
pub fn sign_v2_url(key: &PostbackKey, url: &str) -> String {
    let verifier = signature::sign(key, url.as_bytes());
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}{}={verifier}", canonical::VERIFIER)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MACs computed on this thread while `f` runs.
    fn macs_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
        let before = signature::MACS.with(std::cell::Cell::get);
        let out = f();
        (out, signature::MACS.with(std::cell::Cell::get) - before)
    }

    /// Size comes first: an oversized postback with a well-formed but wrong signature is
    /// 413 (v2: 414) and nothing is hashed; the same wrong signature on a postback within the
    /// limit costs one MAC and is 401.
    #[test]
    fn oversized_postbacks_are_refused_before_any_hmac() {
        let verifier = PostbackVerifier::new(PostbackKey::new("pbk-size-first"))
            .unwrap()
            .with_max_bytes(64);
        let wrong = "ab".repeat(32);
        let (out, macs) = macs_during(|| verifier.verify_v3_at(Some(&wrong), &[b'x'; 65], 0));
        let err = out.unwrap_err();
        assert_eq!((err.http_status(), macs), (Some(413), 0));
        let (out, macs) = macs_during(|| verifier.verify_v3_at(Some(&wrong), &[b'x'; 64], 0));
        let err = out.unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status(), macs),
            (ErrorKind::Unauthorized, Some(401), 1)
        );
        let query = format!("player_id=p&amount=1&transaction_id=t&verifier={wrong}");
        let long = format!("{query}&pad={}", "y".repeat(64));
        let (out, macs) =
            macs_during(|| verifier.verify_v2_at(&["https://g.example/pb"], &long, 0));
        assert_eq!((out.unwrap_err().http_status(), macs), (Some(414), 0));
    }
}
