//! Shared helpers of the integration tests: a bare HTTP/1.1 client over loopback (hyper, one
//! connection per request, so a test controls exactly what goes over the wire) and shortcuts
//! for tokens and GraphQL calls.
#![allow(dead_code)]

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1;
use hyper_util::rt::TokioIo;
use offerkit_sim::{SimConfig, Simulator};
use serde_json::Value;
use std::time::Duration;

pub struct Resp {
    pub status: u16,
    pub headers: http::HeaderMap,
    pub body: Bytes,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Status and headers arrived, but reading the body failed.
#[derive(Debug)]
pub struct BodyError {
    pub status: u16,
    pub headers: http::HeaderMap,
    pub received: usize,
    pub error: String,
}

pub async fn start() -> Simulator {
    start_with(SimConfig::default()).await
}

pub async fn start_with(config: SimConfig) -> Simulator {
    Simulator::start(config).await.expect("simulator starts")
}

pub fn hour() -> Duration {
    Duration::from_secs(3600)
}

/// One request on a fresh connection; the body is read to its end.
pub async fn try_send(
    sim: &Simulator,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> Result<Resp, BodyError> {
    let stream = tokio::net::TcpStream::connect(sim.addr())
        .await
        .expect("connect");
    let (mut sender, conn) = http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(async move {
        let _ = conn.await;
    });
    let mut builder = http::Request::builder()
        .method(method)
        .uri(path)
        .header("host", sim.addr().to_string());
    for (k, v) in headers {
        builder = builder.header(*k, *v);
    }
    let request = builder.body(Full::new(body.into())).expect("request");
    let response = sender.send_request(request).await.expect("response head");
    let (parts, mut body) = response.into_parts();
    let mut collected = Vec::new();
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => {
                if let Ok(data) = frame.into_data() {
                    collected.extend_from_slice(&data);
                }
            }
            Err(e) => {
                return Err(BodyError {
                    status: parts.status.as_u16(),
                    headers: parts.headers,
                    received: collected.len(),
                    error: e.to_string(),
                });
            }
        }
    }
    Ok(Resp {
        status: parts.status.as_u16(),
        headers: parts.headers,
        body: Bytes::from(collected),
    })
}

pub async fn send(
    sim: &Simulator,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> Resp {
    try_send(sim, method, path, headers, body)
        .await
        .expect("complete body")
}

pub async fn get(sim: &Simulator, path: &str, token: Option<&str>) -> Resp {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
    send(sim, "GET", path, &headers, Bytes::new()).await
}

/// POST /v1/offers with a bearer token and a JSON body.
pub async fn gql_raw(sim: &Simulator, token: &str, body: &Value) -> Resp {
    let auth = format!("Bearer {token}");
    send(
        sim,
        "POST",
        "/v1/offers",
        &[
            ("authorization", &auth),
            ("content-type", "application/json"),
        ],
        body.to_string(),
    )
    .await
}

/// A GraphQL query with a fresh valid token; asserts HTTP 200 and returns the body.
pub async fn gql(sim: &Simulator, query: &str, variables: Value) -> Value {
    let token = sim.issue_token(hour());
    let resp = gql_raw(
        sim,
        &token,
        &serde_json::json!({ "query": query, "variables": variables }),
    )
    .await;
    assert_eq!(resp.status, 200, "{}", resp.text());
    resp.json()
}

pub async fn token_request(sim: &Simulator, content_type: Option<&str>, body: &str) -> Resp {
    let headers: Vec<(&str, &str)> = content_type.iter().map(|c| ("content-type", *c)).collect();
    send(sim, "POST", "/v1/users/token", &headers, body.to_owned()).await
}

/// The JSON payload of a JWT (no signature check: that is what the tests check elsewhere).
pub fn jwt_payload(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).expect("three parts");
    let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .expect("base64url");
    serde_json::from_slice(&raw).expect("JSON payload")
}

pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}
