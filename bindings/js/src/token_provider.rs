//! Core's token provider over a JavaScript function `(reason) => string | { token, expiresIn }`
//! or a promise of one: asked when there is no token, ahead of expiry, and once after a 401.
//! Anything else it answers — a rejection, `null`, an empty string — fails the call with
//! `unauthorized`, saying what the provider did, instead of sending a request without a token.

use std::time::Duration;

use js_sys::{Function, Promise, Reflect};
use offerkit::{AccessToken, BoxFuture, ErrorKind, TokenReason};
use send_wrapper::SendWrapper;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::json;

pub(crate) struct JsTokenProvider {
    provide: SendWrapper<Function>,
}

impl JsTokenProvider {
    pub(crate) fn new(provide: Function) -> Self {
        JsTokenProvider {
            provide: SendWrapper::new(provide),
        }
    }
}

impl offerkit::AccessTokenProvider for JsTokenProvider {
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, offerkit::Result<AccessToken>> {
        let answer = self
            .provide
            .call1(&JsValue::NULL, &JsValue::from_str(reason.as_str()));
        Box::pin(SendWrapper::new(async move {
            let answer = match answer {
                Ok(value) => JsFuture::from(Promise::resolve(&value)).await,
                Err(thrown) => Err(thrown),
            };
            match answer {
                Ok(value) => token(&value),
                Err(thrown) => Err(refused(format!(
                    "the token provider failed: {}",
                    json::describe(&thrown)
                ))),
            }
        }))
    }
}

/// What the provider resolved to, as a token.
fn token(value: &JsValue) -> offerkit::Result<AccessToken> {
    if let Some(secret) = value.as_string() {
        return non_empty(secret).map(AccessToken::new);
    }
    if value.is_object() {
        let field = |key: &str| Reflect::get(value, &JsValue::from_str(key)).unwrap_or_default();
        let Some(secret) = field("token").as_string() else {
            return Err(refused(
                "the token provider returned an object without a string `token`".to_string(),
            ));
        };
        let secret = non_empty(secret)?;
        let expires_in = field("expiresIn");
        if expires_in.is_undefined() || expires_in.is_null() {
            return Ok(AccessToken::new(secret));
        }
        return match expires_in
            .as_f64()
            .and_then(|ms| Duration::try_from_secs_f64(ms / 1000.0).ok())
        {
            Some(expires_in) => Ok(AccessToken::with_expires_in(secret, expires_in)),
            None => Err(refused(format!(
                "the token provider's expiresIn must be milliseconds from 0, not {}",
                json::describe(&expires_in)
            ))),
        };
    }
    Err(refused(format!(
        "the token provider returned {}, not a token",
        json::describe(value)
    )))
}

fn non_empty(secret: String) -> offerkit::Result<String> {
    if secret.is_empty() {
        Err(refused(
            "the token provider returned an empty token".to_string(),
        ))
    } else {
        Ok(secret)
    }
}

fn refused(message: String) -> offerkit::Error {
    offerkit::Error::new(ErrorKind::Unauthorized, message)
}
