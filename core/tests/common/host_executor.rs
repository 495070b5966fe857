//! A second executor for the core's integration tests, plugged in the way a host plugs in its
//! platform's HTTP stack: no reqwest, no connection pool — one TCP connection per attempt with
//! hyper's low-level HTTP/1.1 handshake, the body collected under the cap, the attempt's timeout
//! kept by the executor itself. With `OFFERKIT_TEST_EXECUTOR=conn`, every simulator and
//! hostile-server client of the suite sends through it, which proves that what runs above an
//! attempt — retries, `Retry-After`, the deadline, the token flow, the body cap, redirect
//! refusal, error mapping — does not depend on the built-in executor.

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper_util::rt::TokioIo;
use offerkit::{
    BoxFuture, ClientConfig, HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse,
    Method,
};

/// `config` with the executor `OFFERKIT_TEST_EXECUTOR` names (`conn`), or as it is (the
/// built-in executor) when the variable is unset or `reqwest`.
pub fn chosen(config: ClientConfig) -> ClientConfig {
    match std::env::var("OFFERKIT_TEST_EXECUTOR").as_deref() {
        Ok("conn") => config.with_executor(ConnExecutor),
        Ok("reqwest") | Ok("") | Err(_) => config,
        Ok(other) => panic!("OFFERKIT_TEST_EXECUTOR={other:?}: expected conn or reqwest"),
    }
}

/// One connection per attempt; dropping the attempt closes it.
pub struct ConnExecutor;

impl HttpExecutor for ConnExecutor {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        Box::pin(send(request))
    }
}

/// Sends within the attempt's timeout; a timeout after the head arrived carries its status.
async fn send(request: HttpRequest) -> Result<HttpResponse, HttpFailure> {
    let timeout = request.timeout;
    let deadline = tokio::time::Instant::now() + timeout;
    let timed_out = move || {
        HttpFailure::new(
            HttpFailureKind::Timeout,
            format!("conn: no complete answer within {timeout:?}"),
        )
    };
    let url = url::Url::parse(&request.url).map_err(|e| network(format!("address: {e}")))?;
    let host = url
        .host_str()
        .ok_or_else(|| network("address without a host".into()))?;
    let port = url.port_or_known_default().unwrap_or(80);
    if url.scheme() != "http" {
        return Err(network(format!(
            "conn: only http:// here, not {}",
            url.scheme()
        )));
    }
    let stream = tokio::time::timeout_at(deadline, tokio::net::TcpStream::connect((host, port)))
        .await
        .map_err(|_| timed_out())?
        .map_err(|e| network(format!("connect: {e}")))?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| network(describe(&e)))?;
    // Driven next to the request below; both end when this attempt's future is dropped.
    let connection = async move {
        let _ = connection.await;
    };
    let mut path = url.path().to_owned();
    if let Some(query) = url.query() {
        path = format!("{path}?{query}");
    }
    let mut builder = hyper::Request::builder()
        .method(request.method.as_str())
        .uri(path)
        .header("host", url.authority());
    for (name, value) in &request.headers {
        builder = builder.header(name, value);
    }
    let body = request.body.clone().unwrap_or_default();
    let outgoing = builder
        .body(Full::new(body))
        .map_err(|e| network(format!("request: {e}")))?;
    debug_assert!(matches!(request.method, Method::Get | Method::Post));
    let exchange = async move {
        let response = tokio::time::timeout_at(deadline, sender.send_request(outgoing))
            .await
            .map_err(|_| timed_out())?
            .map_err(|e| network(describe(&e)))?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(n, v)| Some((n.as_str().to_owned(), v.to_str().ok()?.to_owned())))
            .collect();
        let collect = Limited::new(response.into_body(), request.max_response_bytes).collect();
        let body = tokio::time::timeout_at(deadline, collect)
            .await
            .map_err(|_| timed_out().with_status(status))?
            .map_err(|e| {
                if e.downcast_ref::<LengthLimitError>().is_some() {
                    HttpFailure::new(HttpFailureKind::TooLarge, "conn: over the limit")
                } else {
                    network(format!("body: {}", describe(e.as_ref())))
                }
                .with_status(status)
            })?
            .to_bytes();
        Ok::<_, HttpFailure>(HttpResponse {
            status,
            headers,
            body,
        })
    };
    let mut exchange = std::pin::pin!(exchange);
    tokio::select! {
        biased;
        outcome = &mut exchange => outcome,
        // The server closed the connection: what arrived before is in the exchange, which
        // ends now with the answer or hyper's error.
        () = connection => exchange.await,
    }
}

fn network(message: String) -> HttpFailure {
    HttpFailure::new(HttpFailureKind::Network, message)
}

/// An error with its causes, as a host stack's message would read.
fn describe(error: &(dyn std::error::Error + 'static)) -> String {
    let mut message = format!("conn: {error}");
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    message
}
