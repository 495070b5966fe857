//! `OfferClient`: the queries of the service as async methods (Kotlin `suspend`, Swift
//! `async`, Python coroutines). Each call runs on the shared runtime (see runtime.rs);
//! cancelling the caller's coroutine or task aborts its HTTP request.

use std::sync::Arc;

use offerkit::AccessToken;

use crate::config::ClientConfig;
use crate::error::OfferError;
use crate::http_executor::{HostExecutor, HttpExecutor};
use crate::pager::{ListingPager, PlayerOffersPager};
use crate::records::{
    self, CachedOffers, ListingOptions, ListingPage, Offer, OffersOptions, PlayerOffersOptions,
    PlayerOffersPage,
};
use crate::runtime::{self, Canceller};
use crate::setting_names::SettingNames;
use crate::skipped;
use crate::token::{AccessTokenProvider, HostProvider};

/// A client of the Offer Personalization Service. Thread-safe: share one per app; calls may
/// run concurrently from any thread or coroutine.
#[derive(uniffi::Object)]
pub struct OfferClient {
    inner: offerkit::OfferClient,
    cancel: Arc<Canceller>,
}

#[uniffi::export(async_runtime = "tokio")]
impl OfferClient {
    /// Builds a client. `token_provider` is asked for a token when the client has none, ahead
    /// of expiry, and once after a 401. Fails with `InvalidArgument` on a bad base address,
    /// scheme, proxy or root certificate, or a setting out of its bounds (see `ClientConfig`;
    /// `fields` names every such setting at once). `http_executor`: the app's own HTTP stack
    /// carries the requests instead of offerkit's (then `proxy_url` and `extra_root_pem` are
    /// refused with `InvalidArgument`: they belong to that stack).
    #[uniffi::constructor(default(token_provider = None, http_executor = None))]
    pub fn new(
        config: ClientConfig,
        token_provider: Option<Arc<dyn AccessTokenProvider>>,
        http_executor: Option<Arc<dyn HttpExecutor>>,
    ) -> Result<Arc<Self>, OfferError> {
        let names = SettingNames::default();
        let mut config = config.into_core(&names)?;
        config.validate_named(&|setting| names.of_setting(setting))?;
        config.token_provider = token_provider
            .map(|p| Arc::new(HostProvider(p)) as Arc<dyn offerkit::AccessTokenProvider>);
        config.executor =
            http_executor.map(|e| Arc::new(HostExecutor(e)) as Arc<dyn offerkit::HttpExecutor>);
        // Builds the runtime now (once per process) and gives the HTTP client its context.
        let runtime = runtime::get()?;
        let _context = runtime.enter();
        Ok(Arc::new(OfferClient {
            inner: offerkit::OfferClient::new(config)?,
            cancel: Arc::new(Canceller::new()),
        }))
    }

    /// Replaces the access token (its JWT `exp` is read); null forgets it. Safe from any
    /// thread, at any time.
    pub fn set_access_token(&self, token: Option<String>) {
        self.inner.set_access_token(token.map(AccessToken::new));
    }

    /// Aborts every call of this client (and its pagers) in flight now: they fail with
    /// `OfferError.Cancelled`. Later calls are not affected.
    pub fn cancel_all(&self) {
        self.cancel.cancel_all();
    }

    /// All targeted offers for `player_id`. A malformed offer is left out (and logged as a
    /// warning); `offers_cached` says which and why.
    #[uniffi::method(default(options = None))]
    pub async fn offers(
        &self,
        player_id: String,
        options: Option<OffersOptions>,
    ) -> Result<Vec<Offer>, OfferError> {
        let options = options.unwrap_or_default().into();
        let offers = self
            .run(|client| async move { client.offers(&player_id, &options).await })
            .await?;
        Ok(records::offers(offers))
    }

    /// `offers` in detail: the items skipped as malformed, whether the answer came from the
    /// response cache (see `ClientConfig.cache_ttl_ms`) and whether it is a stale answer
    /// bridging an outage.
    #[uniffi::method(default(options = None))]
    pub async fn offers_cached(
        &self,
        player_id: String,
        options: Option<OffersOptions>,
    ) -> Result<CachedOffers, OfferError> {
        let options = options.unwrap_or_default().into();
        let fetched = self
            .run(|client| async move { client.offers_fetched(&player_id, &options).await })
            .await?;
        Ok(CachedOffers {
            from_cache: fetched.from_cache,
            stale: fetched.stale,
            age_ms: i64::try_from(fetched.age.as_millis()).unwrap_or(i64::MAX),
            offers: records::offers(fetched.value.offers),
            skipped: skipped::skipped(fetched.value.skipped),
        })
    }

    /// Forgets every cached answer for `player_id` (no-op without a cache).
    pub fn invalidate(&self, player_id: String) {
        self.inner.invalidate(&player_id);
    }

    /// Forgets every cached answer (no-op without a cache).
    pub fn clear_cache(&self) {
        self.inner.clear_cache();
    }

    /// The tracking links for `player_id`, as the JSON object the service returned, each field
    /// as it was sent. The default selection is `support_portal`; `select` adds fields to it
    /// (e.g. `offerwall` gives both), `selection` replaces it (then `select` is added to that).
    #[uniffi::method(default(select = None, selection = None))]
    pub async fn links(
        &self,
        player_id: String,
        select: Option<String>,
        selection: Option<String>,
    ) -> Result<String, OfferError> {
        self.links_call(player_id, select, selection).await
    }

    /// One page of the offers `player_id` has engaged with (malformed items are left out and
    /// listed in the page's `skipped`).
    #[uniffi::method(default(options = None))]
    pub async fn player_offers(
        &self,
        player_id: String,
        options: Option<PlayerOffersOptions>,
    ) -> Result<PlayerOffersPage, OfferError> {
        let options = options.unwrap_or_default().into();
        let page = self
            .run(|client| async move { client.player_offers(&player_id, &options).await })
            .await?;
        Ok(page.into())
    }

    /// A pager over every page of `playerOffers`, from `options.after` (or the first page).
    /// The arguments are checked now. A repeated cursor or more than `max_pages` pages ends
    /// the walk with `Decode`.
    #[uniffi::method(default(options = None))]
    pub fn player_offers_pager(
        &self,
        player_id: String,
        options: Option<PlayerOffersOptions>,
    ) -> Result<Arc<PlayerOffersPager>, OfferError> {
        let pager = self
            .inner
            .player_offers_pager(&player_id, options.unwrap_or_default().into())?;
        Ok(PlayerOffersPager::new(pager, self.cancel.clone()))
    }

    /// The `GET /v1/offers` listing: every offer at once, or one page with `per_page`
    /// (and `page`).
    #[uniffi::method(default(options = None))]
    pub async fn list_offers(
        &self,
        options: Option<ListingOptions>,
    ) -> Result<ListingPage, OfferError> {
        let options = options.unwrap_or_default().into();
        let page = self
            .run(|client| async move { client.list_offers(options).await })
            .await?;
        Ok(page.into())
    }

    /// A pager over the whole listing, `per_page` offers at a time, from page 1. A page number
    /// that does not grow or more than `max_pages` pages ends the walk with `Decode`.
    pub fn listing_pager(&self, per_page: i64) -> Result<Arc<ListingPager>, OfferError> {
        let pager = self.inner.list_offers_pager(per_page)?;
        Ok(ListingPager::new(pager, self.cancel.clone()))
    }

    /// Any GraphQL document. `variables_json` must be a JSON object (or null); text that is
    /// not JSON fails with `InvalidArgument` naming `variables_json`, before anything is sent.
    /// Returns `data` as JSON text; a non-empty `errors` array fails with the mapped
    /// `OfferError` (whose `response_json` holds the whole response).
    #[uniffi::method(default(variables_json = None))]
    pub async fn graphql(
        &self,
        query: String,
        variables_json: Option<String>,
    ) -> Result<String, OfferError> {
        self.graphql_call(query, variables_json)?.await
    }
}

impl OfferClient {
    /// The `links` call, which `links_started` starts too (one future type for both).
    pub(crate) fn links_call(
        &self,
        player_id: String,
        select: Option<String>,
        selection: Option<String>,
    ) -> impl Future<Output = Result<String, OfferError>> + Send + 'static {
        let options = offerkit::LinksOptions { select, selection };
        let call = self.run(|client| async move { client.links(&player_id, &options).await });
        async move { Ok(call.await?.to_json()) }
    }

    /// The `graphql` call, which `graphql_started` starts too; its variables are checked first:
    /// variables that are not JSON fail here, before anything is sent.
    pub(crate) fn graphql_call(
        &self,
        query: String,
        variables_json: Option<String>,
    ) -> Result<impl Future<Output = Result<String, OfferError>> + Send + 'static, OfferError> {
        let variables = variables_json
            .map(|text| offerkit::graphql_variables("variables_json", &text))
            .transpose()?;
        let call = self.run(|client| async move { client.graphql(&query, variables).await });
        Ok(async move { Ok(call.await?.data_json().to_owned()) })
    }

    /// Runs `call`, given a handle on the core client, on the shared runtime, where
    /// `cancel_all` (or the caller's cancellation) aborts it.
    /// The returned future borrows nothing of `self`, so a call may outlive the method that
    /// started it (see completions.rs).
    pub(crate) fn run<T, F>(
        &self,
        call: impl FnOnce(offerkit::OfferClient) -> F,
    ) -> impl Future<Output = Result<T, OfferError>> + Send + 'static
    where
        F: Future<Output = offerkit::Result<T>> + Send + 'static,
        T: Send + 'static,
    {
        runtime::run(self.cancel.ticket(), call(self.inner.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_that_are_not_json_are_refused_naming_the_argument() {
        let config = ClientConfig {
            access_token: Some("t".into()),
            ..ClientConfig::for_tests("http://127.0.0.1:9")
        };
        let client = OfferClient::new(config, None, None).expect("client");
        let call = client.graphql("{ offers { id } }".into(), Some("{p: 1}".into()));
        let err = runtime::get()
            .expect("runtime")
            .block_on(call)
            .expect_err("not JSON");
        let OfferError::InvalidArgument { detail, fields } = err else {
            panic!("not InvalidArgument: {err:?}");
        };
        assert!(
            detail.starts_with("invalid argument: variables_json: not JSON: "),
            "{detail}"
        );
        assert_eq!(fields.len(), 1);
        assert_eq!(fields[0].path, ["graphql"]);
        assert!(fields[0].arguments.contains_key("variables_json"));
    }

    #[test]
    fn the_core_refuses_them_naming_every_setting_as_the_record_spells_it() {
        let Err(err) = OfferClient::new(
            ClientConfig {
                timeout_ms: 0,
                max_retries: 11,
                ..ClientConfig::for_tests("https://offers.example.com")
            },
            None,
            None,
        ) else {
            panic!("a client was built with timeout 0 and 11 retries");
        };
        let OfferError::InvalidArgument { detail, fields } = err else {
            panic!("not InvalidArgument: {err:?}");
        };
        assert_eq!(fields.len(), 1, "{fields:?}");
        assert_eq!(fields[0].path, ["config"]);
        let mut named: Vec<&str> = fields[0].arguments.keys().map(String::as_str).collect();
        named.sort_unstable();
        // Named as the record's fields are spelled in Swift and the generated Kotlin.
        assert_eq!(named, ["maxRetries", "timeoutMs"]);
        assert_eq!(
            fields[0].arguments["timeoutMs"],
            ["0 ms is not between 1 ms and 24 h"]
        );
        assert!(
            detail.contains("timeoutMs: 0 ms is not between 1 ms and 24 h"),
            "{detail}"
        );
        assert!(
            detail.contains("maxRetries: 11 is more than 10"),
            "{detail}"
        );
    }
}
