//! A second HTTP stack for the core's integration tests, plugged in the way a host plugs in its
//! platform's: ureq (blocking, its own HTTP/1.1 code, no hyper) behind `offerkit::HttpExecutor`.
//! With `OFFERKIT_TEST_EXECUTOR=ureq`, every simulator and hostile-server client of the suite
//! sends through it, which proves that what runs above an attempt — retries, `Retry-After`, the
//! deadline, the token flow, the body cap, redirect refusal, error mapping — does not depend on
//! the built-in executor.

use std::io::Read;

use offerkit::{
    BoxFuture, ClientConfig, HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse,
    Method,
};

/// `config` with the executor `OFFERKIT_TEST_EXECUTOR` names (`ureq`), or as it is (the
/// built-in executor) when the variable is unset or `reqwest`.
pub fn chosen(config: ClientConfig) -> ClientConfig {
    match std::env::var("OFFERKIT_TEST_EXECUTOR").as_deref() {
        Ok("ureq") => config.with_executor(UreqExecutor::new()),
        Ok("reqwest") | Ok("") | Err(_) => config,
        Ok(other) => panic!("OFFERKIT_TEST_EXECUTOR={other:?}: expected ureq or reqwest"),
    }
}

/// Whether the suite runs through the test executor (for the few tests about the built-in
/// executor's own set-up: proxies, extra roots).
pub fn is_host() -> bool {
    std::env::var("OFFERKIT_TEST_EXECUTOR").as_deref() == Ok("ureq")
}

/// ureq on a blocking thread per attempt.
pub struct UreqExecutor {
    agent: ureq::Agent,
}

impl UreqExecutor {
    pub fn new() -> Self {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .into();
        UreqExecutor { agent }
    }
}

impl HttpExecutor for UreqExecutor {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        let agent = self.agent.clone();
        Box::pin(async move {
            tokio::task::spawn_blocking(move || send(&agent, request))
                .await
                .unwrap_or_else(|e| Err(HttpFailure::new(HttpFailureKind::Network, e.to_string())))
        })
    }
}

fn send(agent: &ureq::Agent, request: HttpRequest) -> Result<HttpResponse, HttpFailure> {
    let timeout = Some(request.timeout);
    let response = match request.method {
        Method::Get => {
            let mut builder = agent
                .get(&request.url)
                .config()
                .timeout_global(timeout)
                .build();
            for (name, value) in &request.headers {
                builder = builder.header(name, value);
            }
            builder.call()
        }
        Method::Post => {
            let mut builder = agent
                .post(&request.url)
                .config()
                .timeout_global(timeout)
                .build();
            for (name, value) in &request.headers {
                builder = builder.header(name, value);
            }
            builder.send(request.body.as_deref().unwrap_or_default())
        }
    };
    let mut response = response.map_err(failure)?;
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .filter_map(|(name, value)| Some((name.to_string(), value.to_str().ok()?.to_owned())))
        .collect();
    // One byte over the cap is enough to know it is over; offerkit reports the cap.
    let limit = request.max_response_bytes as u64 + 1;
    let mut body = Vec::new();
    response
        .body_mut()
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .map_err(|e| io_failure(e).with_status(status))?;
    Ok(HttpResponse {
        status,
        headers,
        body: body.into(),
    })
}

fn failure(error: ureq::Error) -> HttpFailure {
    let kind = match &error {
        ureq::Error::Timeout(_) => HttpFailureKind::Timeout,
        ureq::Error::Io(e) if e.kind() == std::io::ErrorKind::TimedOut => HttpFailureKind::Timeout,
        _ => HttpFailureKind::Network,
    };
    HttpFailure::new(kind, format!("ureq: {error}"))
}

fn io_failure(error: std::io::Error) -> HttpFailure {
    let timed_out = error.kind() == std::io::ErrorKind::TimedOut
        || error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<ureq::Error>())
            .is_some_and(|e| matches!(e, ureq::Error::Timeout(_)));
    let kind = if timed_out {
        HttpFailureKind::Timeout
    } else {
        HttpFailureKind::Network
    };
    HttpFailure::new(kind, format!("ureq: reading the body: {error}"))
}
