//! Request counters, so tests can assert how many calls a client really made (retries,
//! refreshes) and whether it hung up (`aborted`, via a drop guard on every /v1 request).

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A snapshot of the counters. Only `/v1` requests count; control and tracking requests do not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Every `/v1` request, whatever its outcome (faulted ones included).
    pub requests: u64,
    /// `POST /v1/offers`.
    pub graphql: u64,
    /// `GET /v1/offers`.
    pub listing: u64,
    /// `POST /v1/users/token`.
    pub token: u64,
    /// `GET /v1/report`.
    pub report: u64,
    /// Requests whose handling was dropped before a response was ready (the client hung up).
    pub aborted: u64,
    /// Requests being handled right now (a gauge: `reset_stats` leaves it alone).
    pub in_flight: u64,
}

/// Which counter a `/v1` request adds to besides `requests`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    Graphql,
    Listing,
    Token,
    Report,
    Other,
}

impl Endpoint {
    pub fn classify(method: &http::Method, path: &str) -> Endpoint {
        match (method.as_str(), path) {
            ("POST", "/v1/offers") => Endpoint::Graphql,
            ("GET", "/v1/offers") => Endpoint::Listing,
            ("POST", "/v1/users/token") => Endpoint::Token,
            ("GET", "/v1/report") => Endpoint::Report,
            _ => Endpoint::Other,
        }
    }
}

#[derive(Debug, Default)]
pub struct Counters {
    requests: AtomicU64,
    graphql: AtomicU64,
    listing: AtomicU64,
    token: AtomicU64,
    report: AtomicU64,
    aborted: AtomicU64,
    in_flight: AtomicU64,
}

impl Counters {
    pub fn snapshot(&self) -> Stats {
        let get = |c: &AtomicU64| c.load(Ordering::SeqCst);
        Stats {
            requests: get(&self.requests),
            graphql: get(&self.graphql),
            listing: get(&self.listing),
            token: get(&self.token),
            report: get(&self.report),
            aborted: get(&self.aborted),
            in_flight: get(&self.in_flight),
        }
    }

    /// Zeroes every counter except the `in_flight` gauge.
    pub fn reset(&self) {
        for c in [
            &self.requests,
            &self.graphql,
            &self.listing,
            &self.token,
            &self.report,
            &self.aborted,
        ] {
            c.store(0, Ordering::SeqCst);
        }
    }

    /// Counts a request and returns the guard that tracks it until it completes.
    pub fn begin(self: &Arc<Self>, endpoint: Endpoint) -> InFlight {
        self.requests.fetch_add(1, Ordering::SeqCst);
        let counter = match endpoint {
            Endpoint::Graphql => Some(&self.graphql),
            Endpoint::Listing => Some(&self.listing),
            Endpoint::Token => Some(&self.token),
            Endpoint::Report => Some(&self.report),
            Endpoint::Other => None,
        };
        if let Some(c) = counter {
            c.fetch_add(1, Ordering::SeqCst);
        }
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight {
            counters: Arc::clone(self),
            completed: false,
        }
    }
}

/// Lives as long as the handling of one request. Dropped without [`InFlight::complete`]
/// means the server dropped the handler: the client went away.
pub struct InFlight {
    counters: Arc<Counters>,
    completed: bool,
}

impl InFlight {
    pub fn complete(mut self) {
        self.completed = true;
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.counters.in_flight.fetch_sub(1, Ordering::SeqCst);
        if !self.completed {
            self.counters.aborted.fetch_add(1, Ordering::SeqCst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_counts_completion_and_abort() {
        let c = Arc::new(Counters::default());
        let a = c.begin(Endpoint::Graphql);
        let b = c.begin(Endpoint::Token);
        assert_eq!(c.snapshot().in_flight, 2);
        a.complete();
        drop(b);
        let s = c.snapshot();
        assert_eq!(
            (s.requests, s.graphql, s.token, s.aborted, s.in_flight),
            (2, 1, 1, 1, 0)
        );
        c.reset();
        assert_eq!(c.snapshot(), Stats::default());
    }
}
