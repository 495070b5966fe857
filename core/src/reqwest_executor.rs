//! The built-in executor (the default `reqwest` feature): one connection pool per client,
//! rustls with the webpki roots plus the host's extra roots, the proxy setting, redirects never
//! followed, and a body read in chunks that stops at the cap. Builds without this feature (the
//! lite library) carry no HTTP stack, TLS or sockets of their own and need a host executor.

use std::error::Error as _;
use std::sync::Arc;

use bytes::BytesMut;
use reqwest::header::{HeaderName, HeaderValue};

use crate::config::ClientConfig;
use crate::error::{Error, ErrorKind, Result};
use crate::executor::{
    HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest, HttpResponse, Method,
};
use crate::redaction::is_credential_header;
use crate::tls;
use crate::token::BoxFuture;

/// reqwest behind the [`HttpExecutor`] seam.
pub(crate) struct ReqwestExecutor {
    http: reqwest::Client,
}

impl ReqwestExecutor {
    /// The executor for `config`: its TLS roots, proxy and connect timeout.
    pub(crate) fn for_config(config: &ClientConfig) -> Result<Arc<dyn HttpExecutor>> {
        let tls = tls::client_config(&config.extra_root_pem)?;
        let builder = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .connect_timeout(config.connect_timeout)
            .redirect(reqwest::redirect::Policy::none());
        let http = config
            .proxy
            .apply(builder)?
            .build()
            .map_err(|e| Error::new(ErrorKind::Internal, format!("HTTP client set-up: {e}")))?;
        Ok(Arc::new(ReqwestExecutor { http }))
    }
}

impl HttpExecutor for ReqwestExecutor {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        let http = self.http.clone();
        Box::pin(async move {
            let method = match request.method {
                Method::Get => reqwest::Method::GET,
                Method::Post => reqwest::Method::POST,
            };
            let mut builder = http
                .request(method, request.url.as_str())
                .timeout(request.timeout);
            for (name, value) in &request.headers {
                builder = builder.header(header_name(name)?, header_value(name, value)?);
            }
            if let Some(body) = request.body {
                builder = builder.body(body);
            }
            let response = builder.send().await.map_err(failure)?;
            collect(response, request.max_response_bytes).await
        })
    }
}

/// Status, headers and the body, read in chunks and given up at `max` bytes.
async fn collect(mut response: reqwest::Response, max: usize) -> Result<HttpResponse, HttpFailure> {
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .filter_map(|(name, value)| {
            Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned()))
        })
        .collect();
    // The transport names the limit; these say what this stack saw.
    let too_large =
        |saw: String| HttpFailure::new(HttpFailureKind::TooLarge, saw).with_status(status);
    if let Some(length) = response
        .content_length()
        .filter(|&length| length > max as u64)
    {
        return Err(too_large(format!("Content-Length is {length}")));
    }
    let mut body = BytesMut::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| failure(e).with_status(status))?
    {
        if body.len() + chunk.len() > max {
            return Err(too_large(format!("more than {max} bytes arrived")));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(HttpResponse {
        status,
        headers,
        body: body.freeze(),
    })
}

fn header_name(name: &str) -> Result<HeaderName, HttpFailure> {
    HeaderName::try_from(name).map_err(|_| {
        HttpFailure::new(
            HttpFailureKind::Network,
            format!("invalid header name {name:?}"),
        )
    })
}

/// A header's value; a credential ([`crate::is_credential_header`]) marked sensitive so it never
/// shows in debug output.
fn header_value(name: &str, value: &str) -> Result<HeaderValue, HttpFailure> {
    let mut header = HeaderValue::try_from(value).map_err(|_| {
        HttpFailure::new(
            HttpFailureKind::Network,
            format!("header {name} has characters not allowed in HTTP"),
        )
    })?;
    header.set_sensitive(is_credential_header(name));
    Ok(header)
}

/// A reqwest failure as `timeout` or `network`, with every cause in the message.
fn failure(err: reqwest::Error) -> HttpFailure {
    let kind = if err.is_timeout() {
        HttpFailureKind::Timeout
    } else {
        HttpFailureKind::Network
    };
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    HttpFailure::new(kind, message)
}
