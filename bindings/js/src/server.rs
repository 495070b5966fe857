//! The backend half of the package (`offerkit/server`, feature `server`, a WebAssembly module of
//! its own so that no browser bundle carries it): core's refresh-token exchange, its reporting
//! client with the 10-per-minute limiter, and postback verification (v3 and v2, constant-time).
//! Converts values and nothing else; crediting stays with the receiver (`offerkit rewards
//! serve`), which holds the ledger.

use std::time::Duration;

use js_sys::Function;
use offerkit::server::postback::{PostbackKey, PostbackVerifier as CoreVerifier, ReplayWindow};
use offerkit::server::{
    ApiKey, EstDateTime, GroupBy, RefreshToken, ReportConfig, ReportField, ReportQuery,
};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::call::{self, Call};
use crate::js_executor::JsExecutor;
use crate::{failure, json, settings};

/// Milliseconds since the Unix epoch, `null` when unknown.
fn epoch_millis(at: Option<std::time::SystemTime>) -> Option<f64> {
    at.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs_f64() * 1000.0)
}

/// An access token as the TypeScript layer hands it on.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Token<'a> {
    token: &'a str,
    expires_at: Option<f64>,
}

/// Exchanges the refresh token for short-lived access tokens, caching them.
#[wasm_bindgen]
pub struct TokenExchanger {
    inner: offerkit::server::TokenExchanger,
}

#[wasm_bindgen]
impl TokenExchanger {
    #[wasm_bindgen(constructor)]
    pub fn new(
        base_url: &str,
        refresh_token: String,
        settings: &str,
        execute: Function,
    ) -> Result<TokenExchanger, JsValue> {
        let config = settings::read(base_url, settings)?.with_executor(JsExecutor::new(execute));
        config
            .validate_named(&settings::js_name)
            .map_err(failure::from_core)?;
        let inner =
            offerkit::server::TokenExchanger::new(&config, RefreshToken::new(refresh_token))
                .map_err(failure::from_core)?;
        Ok(TokenExchanger { inner })
    }

    /// The cached token while fresh, else one exchange shared by every concurrent caller.
    #[wasm_bindgen(js_name = accessToken)]
    pub fn access_token(&self) -> Call {
        let inner = self.inner.clone();
        call::start(async move {
            let token = inner.access_token().await.map_err(failure::from_core)?;
            Ok(json::to_js(&Token {
                token: token.secret(),
                expires_at: epoch_millis(token.expires_at()),
            }))
        })
    }

    /// Exchanges now: `{ token, expiresAt, expiresIn, message }`.
    pub fn exchange(&self) -> Call {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Grant<'a> {
            token: &'a str,
            expires_at: Option<f64>,
            expires_in: f64,
            message: &'a str,
        }
        let inner = self.inner.clone();
        call::start(async move {
            let grant = inner.exchange().await.map_err(failure::from_core)?;
            Ok(json::to_js(&Grant {
                token: grant.access_token.secret(),
                expires_at: epoch_millis(grant.expires_at()),
                expires_in: grant.expires_in.as_secs_f64() * 1000.0,
                message: &grant.message,
            }))
        })
    }

    /// Forgets the cached token (the next `accessToken` exchanges).
    pub fn invalidate(&self) {
        self.inner.invalidate();
    }
}

/// One report query (`ReportQuery` in ts/src/server.ts).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Query {
    group_by: Vec<String>,
    start: String,
    end: String,
    fields: Option<Vec<String>>,
    apps: Option<Vec<i64>>,
    platforms: Option<Vec<String>>,
    countries: Option<Vec<String>>,
}

impl Query {
    fn build(self) -> offerkit::Result<ReportQuery> {
        let group_by = self
            .group_by
            .iter()
            .map(|g| g.parse::<GroupBy>())
            .collect::<offerkit::Result<Vec<_>>>()?;
        let mut builder = ReportQuery::builder().group_by(group_by).date_range(
            EstDateTime::parse(&self.start)?,
            EstDateTime::parse(&self.end)?,
        );
        if let Some(fields) = self.fields {
            let fields = fields
                .iter()
                .map(|f| f.parse::<ReportField>())
                .collect::<offerkit::Result<Vec<_>>>()?;
            builder = builder.fields(fields);
        }
        if let Some(apps) = self.apps {
            builder = builder.apps(apps);
        }
        if let Some(platforms) = self.platforms {
            builder = builder.platforms(platforms);
        }
        if let Some(countries) = self.countries {
            builder = builder.countries(countries);
        }
        builder.build()
    }
}

/// The reporting endpoint's client, with its 10-per-minute limiter.
#[wasm_bindgen]
pub struct ReportClient {
    inner: offerkit::server::ReportClient,
}

#[wasm_bindgen]
impl ReportClient {
    /// `fail_fast`: a spent minute fails with `rate_limited` instead of waiting for a slot.
    #[wasm_bindgen(constructor)]
    pub fn new(
        reporting_url: &str,
        api_key: String,
        settings: &str,
        fail_fast: bool,
        execute: Function,
    ) -> Result<ReportClient, JsValue> {
        let http = settings::read(reporting_url, settings)?.with_executor(JsExecutor::new(execute));
        http.validate_named(&settings::js_name)
            .map_err(failure::from_core)?;
        let mut config = ReportConfig::new(reporting_url, ApiKey::new(api_key)).with_http(http);
        if fail_fast {
            config = config.fail_fast();
        }
        let inner = offerkit::server::ReportClient::new(config).map_err(failure::from_core)?;
        Ok(ReportClient { inner })
    }

    /// The report's rows for `query` (JSON text).
    pub fn report(&self, query: &str) -> Call {
        let query = serde_json::from_str::<Query>(query);
        let inner = self.inner.clone();
        call::start(async move {
            let query = query
                .map_err(|e| failure::invalid_argument("report", "query", &e.to_string()))?
                .build()
                .map_err(failure::from_core)?;
            let rows = inner.report(&query).await.map_err(failure::from_core)?;
            Ok(json::to_js(&rows))
        })
    }
}

/// Checks postbacks' signatures (constant-time) and reads their conversions.
#[wasm_bindgen]
pub struct PostbackVerifier {
    inner: CoreVerifier,
}

#[wasm_bindgen]
impl PostbackVerifier {
    /// `max_bytes`: the largest body or query accepted; `replay_window`: milliseconds a
    /// postback's timestamp may lie in the past (none: no window).
    #[wasm_bindgen(constructor)]
    pub fn new(
        key: String,
        max_bytes: Option<f64>,
        replay_window: Option<f64>,
    ) -> Result<PostbackVerifier, JsValue> {
        let mut inner = CoreVerifier::new(PostbackKey::new(key)).map_err(failure::from_core)?;
        if let Some(n) = max_bytes {
            if !(n >= 1.0 && n.fract() == 0.0 && n <= usize::MAX as f64) {
                return Err(failure::invalid_argument(
                    "PostbackVerifier",
                    "maxBytes",
                    &format!("must be a whole number of bytes from 1, not {n}"),
                ));
            }
            inner = inner.with_max_bytes(n as usize);
        }
        if let Some(ms) = replay_window {
            let window = Duration::try_from_secs_f64(ms / 1000.0).map_err(|_| {
                failure::invalid_argument(
                    "PostbackVerifier",
                    "replayWindow",
                    &format!("must be milliseconds from 0, not {ms}"),
                )
            })?;
            inner = inner.with_replay_window(Some(ReplayWindow::new(window)));
        }
        Ok(PostbackVerifier { inner })
    }

    /// A v3 postback: the `Signature` header and the raw body.
    #[wasm_bindgen(js_name = verifyV3)]
    pub fn verify_v3(&self, signature: Option<String>, body: &[u8]) -> Result<JsValue, JsValue> {
        self.inner
            .verify_v3(signature.as_deref(), body)
            .map(|c| json::to_js(&c))
            .map_err(failure::from_core)
    }

    /// A v2 postback: the registered postback URLs it may be signed under, and the raw query.
    #[wasm_bindgen(js_name = verifyV2)]
    pub fn verify_v2(&self, bases: Vec<String>, raw_query: &str) -> Result<JsValue, JsValue> {
        let bases: Vec<&str> = bases.iter().map(String::as_str).collect();
        self.inner
            .verify_v2(&bases, raw_query)
            .map(|c| json::to_js(&c))
            .map_err(failure::from_core)
    }
}
