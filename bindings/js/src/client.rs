//! `Client`: core's `OfferClient` for JavaScript. Each query converts its options, starts core's
//! call on the event loop (`call::start`) and hands back the result as a plain object; the
//! TypeScript `OfferClient` (ts/src/client.ts) is the public face.

use js_sys::Function;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::call::{self, Call};
use crate::js_executor::JsExecutor;
use crate::token_provider::JsTokenProvider;
use crate::{failure, json, options, pager, settings};

/// A client of the service, for one base address.
#[wasm_bindgen]
pub struct Client {
    inner: offerkit::OfferClient,
}

/// A cached query's value with where it came from (`CachedOffers` and friends in
/// ts/src/types.ts).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FromCache<'a, T> {
    #[serde(flatten)]
    value: &'a T,
    from_cache: bool,
    stale: bool,
    /// Milliseconds.
    age: f64,
    refresh_error: Option<String>,
}

/// The links object under its own key, beside the cache's word.
#[derive(Serialize)]
struct Links<'a> {
    links: &'a offerkit::Extra,
}

fn from_cache<T, V: Serialize>(fetched: &offerkit::Fetched<T>, value: &V) -> JsValue {
    json::to_js(&FromCache {
        value,
        from_cache: fetched.from_cache,
        stale: fetched.stale,
        age: fetched.age.as_secs_f64() * 1000.0,
        refresh_error: fetched.refresh_error.as_ref().map(ToString::to_string),
    })
}

#[wasm_bindgen]
impl Client {
    /// A client for `base_url` with `settings` (JSON text), carrying requests through
    /// `execute` and asking `token_provider`, if given, for tokens.
    #[wasm_bindgen(constructor)]
    pub fn new(
        base_url: &str,
        settings: &str,
        execute: Function,
        token_provider: Option<Function>,
    ) -> Result<Client, JsValue> {
        let mut config =
            settings::read(base_url, settings)?.with_executor(JsExecutor::new(execute));
        if let Some(provide) = token_provider {
            config = config.with_token_provider(JsTokenProvider::new(provide));
        }
        config
            .validate_named(&settings::js_name)
            .map_err(failure::from_core)?;
        let inner = offerkit::OfferClient::new(config).map_err(failure::from_core)?;
        Ok(Client { inner })
    }

    /// Replaces the access token (`undefined` forgets it).
    #[wasm_bindgen(js_name = setAccessToken)]
    pub fn set_access_token(&self, token: Option<String>) {
        self.inner.set_access_token(
            token
                .filter(|t| !t.is_empty())
                .map(offerkit::AccessToken::new),
        );
    }

    /// The player's offers with the skipped items and the cache's word.
    pub fn offers(&self, player_id: String, options: Option<String>) -> Call {
        let client = self.inner.clone();
        call::start(async move {
            let options = options::read::<options::Offers, _>("offers", options)?;
            let fetched = client
                .offers_fetched(&player_id, &options)
                .await
                .map_err(failure::from_core)?;
            Ok(from_cache(&fetched, &fetched.value))
        })
    }

    /// The player's tracking links with the cache's word (`links` holds the object).
    pub fn links(&self, player_id: String, options: Option<String>) -> Call {
        let client = self.inner.clone();
        call::start(async move {
            let options = options::read::<options::Links, _>("links", options)?;
            let fetched = client
                .links_fetched(&player_id, &options)
                .await
                .map_err(failure::from_core)?;
            Ok(from_cache(
                &fetched,
                &Links {
                    links: &fetched.value,
                },
            ))
        })
    }

    /// One page of the offers the player has engaged with.
    #[wasm_bindgen(js_name = playerOffers)]
    pub fn player_offers(&self, player_id: String, options: Option<String>) -> Call {
        let client = self.inner.clone();
        call::start(async move {
            let options = options::read::<options::PlayerOffers, _>("playerOffers", options)?;
            let page = client
                .player_offers(&player_id, &options)
                .await
                .map_err(failure::from_core)?;
            Ok(json::to_js(&page))
        })
    }

    /// A pager over every page of `playerOffers`; a bad argument throws now.
    #[wasm_bindgen(js_name = playerOffersPager)]
    pub fn player_offers_pager(
        &self,
        player_id: &str,
        options: Option<String>,
    ) -> Result<pager::PlayerOffersPager, JsValue> {
        let options = options::read::<options::PlayerOffers, _>("playerOffersPages", options)?;
        self.inner
            .player_offers_pager(player_id, options)
            .map(pager::PlayerOffersPager::new)
            .map_err(failure::from_core)
    }

    /// One response of the listing, with the cache's word.
    #[wasm_bindgen(js_name = listOffers)]
    pub fn list_offers(&self, options: Option<String>) -> Call {
        let client = self.inner.clone();
        call::start(async move {
            let options = options::read::<options::Listing, _>("listOffers", options)?;
            let fetched = client
                .list_offers_fetched(options)
                .await
                .map_err(failure::from_core)?;
            Ok(from_cache(&fetched, &fetched.value))
        })
    }

    /// A pager over the listing from page `page`, `per_page` at a time; a bad argument throws
    /// now.
    #[wasm_bindgen(js_name = listOffersPager)]
    pub fn list_offers_pager(
        &self,
        per_page: f64,
        page: f64,
    ) -> Result<pager::ListingPager, JsValue> {
        let whole = |name: &str, n: f64| {
            if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 {
                Ok(n as i64)
            } else {
                Err(failure::invalid_argument(
                    "listOffersPages",
                    name,
                    &format!("must be a whole number, not {n}"),
                ))
            }
        };
        self.inner
            .list_offers_pager_from(whole("perPage", per_page)?, whole("page", page)?)
            .map(pager::ListingPager::new)
            .map_err(failure::from_core)
    }

    /// Any GraphQL document with its variables (JSON text of an object); resolves to `data`.
    pub fn graphql(&self, query: String, variables: Option<String>) -> Call {
        let client = self.inner.clone();
        call::start(async move {
            let variables = variables
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| failure::invalid_argument("graphql", "variables", &e.to_string()))?;
            let response = client
                .graphql(&query, variables)
                .await
                .map_err(failure::from_core)?;
            Ok(json::parse(response.data_json()))
        })
    }

    /// Forgets every cached answer for `player_id`.
    pub fn invalidate(&self, player_id: &str) {
        self.inner.invalidate(player_id);
    }

    /// Forgets every cached answer.
    #[wasm_bindgen(js_name = clearCache)]
    pub fn clear_cache(&self) {
        self.inner.clear_cache();
    }
}
