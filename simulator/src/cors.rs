//! The CORS mode (`--cors`, `SimConfig::cors`): answers browsers' cross-origin requests from any
//! origin, preflights included, so that a page served from another loopback port — the web
//! package's browser tests, its example offer wall — can call the simulator. It exposes every
//! response header (a browser hides `Retry-After` from the page otherwise). Off by default: the
//! spec says nothing of CORS, and then a browser refuses the simulator's answers, which the web
//! package's tests check is a typed `network` error.

use std::time::Duration;

use http::Method;
use tower_http::cors::{Any, CorsLayer};

/// Every origin, the methods the service and `/_sim` take, any request header, every response
/// header visible to the page. Preflights are answered here, before the `/v1` gate, so they are
/// never counted in stats nor take a fault.
pub(crate) fn layer() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
        .allow_headers(Any)
        .expose_headers(Any)
        .max_age(Duration::from_secs(600))
}
