//! `OfferClient`: the queries of the spec, each validated before sending, authorized with the
//! host's token (refreshed ahead of expiry and once after a 401), and mapped to typed results.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use url::Url;

use crate::cache::{Cache, Fetched};
use crate::config::ClientConfig;
use crate::deadline::Deadline;
use crate::error::{Error, ErrorKind, Result};
use crate::executor::Method;
use crate::extra::Extra;
use crate::graphql::GraphqlResponse;
use crate::offer::{ListingPage, Offer, OfferList, PlayerOffersPage};
use crate::options::{LinksOptions, ListingOptions, OffersOptions, PlayerOffersOptions};
use crate::paging::{ListingPager, PageSource, PlayerOffersPager};
use crate::status;
use crate::token::{AccessToken, BoxFuture};
use crate::token_refresh::{Source, Tokens};
use crate::transport::{Payload, Response, Transport};
use crate::{decode, query, validate};

/// A client of the Offer Personalization Service. Cheap to clone (shares one connection pool);
/// safe to use from many tasks at once.
#[derive(Clone)]
pub struct OfferClient {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    tokens: Tokens,
    offers_url: Url,
    cache: Option<Cache>,
    deadline: std::time::Duration,
    max_pages: u32,
}

impl OfferClient {
    /// Builds a client; fails with `invalid_argument` on a bad base address, scheme, root
    /// certificate or proxy, or on any setting out of its bounds ([`ClientConfig::validate`]).
    pub fn new(config: ClientConfig) -> Result<Self> {
        let transport = Transport::new(&config)?;
        let offers_url = transport.url("v1/offers")?;
        let source = match (config.token_provider, config.token_needed) {
            (Some(provider), _) => Source::Provider(provider),
            (None, Some(needed)) => Source::Notify(needed),
            (None, None) => Source::None,
        };
        let tokens = Tokens::new(
            config.access_token,
            source,
            config.token_refresh_skew,
            config.token_provider_timeout.unwrap_or(config.timeout),
        );
        Ok(OfferClient {
            inner: Arc::new(Inner {
                transport,
                tokens,
                offers_url,
                cache: config.cache.map(Cache::new),
                deadline: config.deadline,
                max_pages: config.max_pages,
            }),
        })
    }

    /// Replaces the access token (its JWT `exp` is read); `None` forgets it.
    pub fn set_access_token(&self, token: Option<AccessToken>) {
        self.inner.tokens.set(token);
    }

    /// The other answer to a `token_needed` notification: the host cannot supply a token now
    /// (its backend failed, the player is signed out). Requests waiting for a token fail at
    /// once with `unauthorized` and a message carrying `reason`, instead of timing out; later
    /// requests ask again. Does nothing when no request is waiting.
    pub fn fail_token_request(&self, reason: &str) {
        self.inner.tokens.refuse(reason);
    }

    /// All targeted offers for `player_id`. A malformed offer is left out (and logged as a
    /// warning); [`OfferClient::offers_fetched`] says which and why.
    pub async fn offers(&self, player_id: &str, options: &OffersOptions) -> Result<Vec<Offer>> {
        Ok(self.offers_fetched(player_id, options).await?.value.offers)
    }

    /// [`OfferClient::offers`] in detail: the offers with the items skipped as malformed, and
    /// whether the answer came from the cache and how old it is.
    pub async fn offers_fetched(
        &self,
        player_id: &str,
        options: &OffersOptions,
    ) -> Result<Fetched<OfferList>> {
        validate::offers(
            player_id,
            options.limit,
            options.language.as_deref(),
            options.sort.as_deref(),
        )?;
        let selection = query::effective(
            query::OFFER_FIELDS,
            options.selection.as_deref(),
            options.select.as_deref(),
        )?;
        let document = query::offers(&selection);
        let variables = variables(
            player_id,
            [
                ("limit", options.limit.map(Value::from)),
                ("language", options.language.as_deref().map(Value::from)),
                ("sort", options.sort.as_deref().map(Value::from)),
            ],
        );
        self.cached_graphql(player_id, &document, variables, |body| {
            decode::offers(body, Some(&selection))
        })
        .await
    }

    /// The tracking links for `player_id`: the object the service returned, each field as it
    /// sent it ([`Extra::get`] parses one, [`Extra::to_json`] gives the whole object).
    pub async fn links(&self, player_id: &str, options: &LinksOptions) -> Result<Extra> {
        Ok(self.links_fetched(player_id, options).await?.value)
    }

    /// [`OfferClient::links`], saying whether the answer came from the cache and how old it is.
    pub async fn links_fetched(
        &self,
        player_id: &str,
        options: &LinksOptions,
    ) -> Result<Fetched<Extra>> {
        validate::links(player_id)?;
        let selection = query::effective(
            query::LINKS_FIELDS,
            options.selection.as_deref(),
            options.select.as_deref(),
        )?;
        let document = query::links(&selection);
        let variables = variables(player_id, []);
        self.cached_graphql(player_id, &document, variables, decode::links)
            .await
    }

    /// Forgets every cached answer for `player_id` (no-op without a cache).
    pub fn invalidate(&self, player_id: &str) {
        if let Some(cache) = &self.inner.cache {
            cache.invalidate(player_id);
        }
    }

    /// Forgets every cached answer (no-op without a cache).
    pub fn clear_cache(&self) {
        if let Some(cache) = &self.inner.cache {
            cache.clear();
        }
    }

    /// One page of the offers the player has engaged with (items that are not objects are
    /// left out and listed in the page's `skipped`).
    pub async fn player_offers(
        &self,
        player_id: &str,
        options: &PlayerOffersOptions,
    ) -> Result<PlayerOffersPage> {
        Ok(self.player_offers_answer(player_id, options).await?.0)
    }

    /// [`OfferClient::player_offers`] with the HTTP status its page arrived with.
    async fn player_offers_answer(
        &self,
        player_id: &str,
        options: &PlayerOffersOptions,
    ) -> Result<(PlayerOffersPage, u16)> {
        validate::player_offers(player_id, options.language.as_deref(), options.limit)?;
        let selection = query::player_offers_selection(
            options.selection.as_deref(),
            options.select.as_deref(),
        )?;
        let document = query::player_offers(&selection);
        let variables = variables(
            player_id,
            [
                ("language", options.language.as_deref().map(Value::from)),
                ("limit", options.limit.map(Value::from)),
                ("after", options.after.as_deref().map(Value::from)),
            ],
        );
        let response = self.post_graphql_body(&document, variables).await?;
        let page =
            decode::player_offers(&response.body).map_err(|e| e.or_status(response.status))?;
        Ok((page, response.status))
    }

    /// A pager over every page of `playerOffers`, starting at `options.after` (or the first page).
    /// The arguments are validated now, so a bad one fails before any request.
    pub fn player_offers_pager(
        &self,
        player_id: &str,
        options: PlayerOffersOptions,
    ) -> Result<PlayerOffersPager> {
        validate::player_offers(player_id, options.language.as_deref(), options.limit)?;
        query::player_offers_selection(options.selection.as_deref(), options.select.as_deref())?;
        Ok(PlayerOffersPager::new(
            Arc::new(self.clone()),
            player_id.to_string(),
            options,
            self.inner.max_pages,
        ))
    }

    /// One response of the `GET /v1/offers` listing (items that are not objects are left out
    /// and listed in the page's `skipped`; no item field is required, the spec shows none).
    pub async fn list_offers(&self, options: ListingOptions) -> Result<ListingPage> {
        Ok(self.list_offers_fetched(options).await?.value)
    }

    /// [`OfferClient::list_offers`], saying whether the answer came from the cache.
    pub async fn list_offers_fetched(
        &self,
        options: ListingOptions,
    ) -> Result<Fetched<ListingPage>> {
        validate::listing(options.per_page, options.page)?;
        let mut url = self.inner.offers_url.clone();
        if let Some(per_page) = options.per_page {
            let mut pairs = url.query_pairs_mut();
            pairs.append_pair("per_page", &per_page.to_string());
            if let Some(page) = options.page {
                pairs.append_pair("page", &page.to_string());
            }
        }
        let paginated = options.per_page.is_some();
        self.fetch(Method::Get, url, None, "", move |body| {
            decode::listing(body, paginated)
        })
        .await
    }

    /// A pager over every page of the listing, `per_page` offers at a time, from page 1.
    pub fn list_offers_pager(&self, per_page: i64) -> Result<ListingPager> {
        self.list_offers_pager_from(per_page, 1)
    }

    /// A pager over the pages of the listing, `per_page` offers at a time, from page `page` (a
    /// walk resumed where an earlier one stopped). Both are validated now, as
    /// [`OfferClient::list_offers`] validates them.
    pub fn list_offers_pager_from(&self, per_page: i64, page: i64) -> Result<ListingPager> {
        validate::listing(Some(per_page), Some(page))?;
        Ok(ListingPager::new(
            Arc::new(self.clone()),
            per_page,
            page,
            self.inner.max_pages,
        ))
    }

    /// Any GraphQL document; `variables` must be a JSON object. A non-empty `errors` array is
    /// returned as the mapped error (with the whole response in [`Error::response`]).
    pub async fn graphql(
        &self,
        document: &str,
        variables: Option<Value>,
    ) -> Result<GraphqlResponse> {
        if document.trim().is_empty() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "query must not be empty",
            ));
        }
        let variables = match variables {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map,
            Some(_) => {
                return Err(Error::new(
                    ErrorKind::InvalidArgument,
                    "variables must be a JSON object",
                ));
            }
        };
        let response = self.post_graphql_body(document, variables).await?;
        decode::graphql_response(&response.body).map_err(|e| e.or_status(response.status))
    }

    async fn post_graphql_body(
        &self,
        document: &str,
        variables: Map<String, Value>,
    ) -> Result<Response> {
        let body = graphql_body(document, variables);
        let url = self.inner.offers_url.clone();
        self.authorized(Method::Post, &url, &Payload::Json(&body))
            .await
    }

    /// A GraphQL query whose answer may come from the cache.
    async fn cached_graphql<T>(
        &self,
        player_id: &str,
        document: &str,
        variables: Map<String, Value>,
        decode: impl Fn(&[u8]) -> Result<T>,
    ) -> Result<Fetched<T>> {
        let body = graphql_body(document, variables);
        let url = self.inner.offers_url.clone();
        self.fetch(Method::Post, url, Some(body), player_id, decode)
            .await
    }

    /// Sends (or answers from the cache, when one is configured) and decodes.
    async fn fetch<T>(
        &self,
        method: Method,
        url: Url,
        body: Option<Value>,
        player_id: &str,
        decode: impl Fn(&[u8]) -> Result<T>,
    ) -> Result<Fetched<T>> {
        let Some(cache) = &self.inner.cache else {
            let payload = body.as_ref().map_or(Payload::None, Payload::Json);
            let response = self.authorized(method, &url, &payload).await?;
            let value = decode(&response.body).map_err(|e| e.or_status(response.status))?;
            return Ok(Fetched::network(value, response.status));
        };
        let key = match &body {
            Some(body) => format!("{method} {url} {body}"),
            None => format!("{method} {url}"),
        };
        let client = self.clone();
        let fetch = move || async move {
            let payload = body.as_ref().map_or(Payload::None, Payload::Json);
            client
                .authorized(method, &url, &payload)
                .await
                .map(|response| (response.status, response.body))
        };
        cache.get(key, player_id, fetch, decode).await
    }

    /// Sends with the current token; after a 401 asks for a replacement once and retries.
    /// Everything — the token wait, attempts, backoff, `Retry-After` — within one deadline.
    async fn authorized(
        &self,
        method: Method,
        url: &Url,
        payload: &Payload<'_>,
    ) -> Result<Response> {
        let inner = &self.inner;
        let deadline = Deadline::after(inner.deadline);
        deadline
            .bound(async {
                let token = inner.tokens.get().await?;
                let response = inner
                    .transport
                    .send(method, url, payload, &token, &deadline)
                    .await?;
                if response.status != 401 {
                    return status::check(response);
                }
                match inner.tokens.replace_rejected(&token).await? {
                    Some(fresh) => status::check(
                        inner
                            .transport
                            .send(method, url, payload, &fresh, &deadline)
                            .await?,
                    ),
                    None => status::check(response),
                }
            })
            .await
    }
}

/// Each page of a pager is the same request a caller would make with the page's options.
impl PageSource for OfferClient {
    fn player_offers_page<'a>(
        &'a self,
        player_id: &'a str,
        options: &'a PlayerOffersOptions,
    ) -> BoxFuture<'a, Result<(PlayerOffersPage, u16)>> {
        Box::pin(self.player_offers_answer(player_id, options))
    }

    fn listing_page(&self, options: ListingOptions) -> BoxFuture<'_, Result<(ListingPage, u16)>> {
        Box::pin(async move {
            let fetched = self.list_offers_fetched(options).await?;
            Ok((fetched.value, fetched.http_status))
        })
    }
}

/// The variables of a query about `player_id`: `player_id`, then each optional argument that
/// is set (an unset one is not sent).
fn variables<const N: usize>(
    player_id: &str,
    optional: [(&str, Option<Value>); N],
) -> Map<String, Value> {
    let mut variables = Map::new();
    variables.insert("player_id".into(), player_id.into());
    for (name, value) in optional {
        if let Some(value) = value {
            variables.insert(name.to_string(), value);
        }
    }
    variables
}

/// The JSON body of a GraphQL request.
fn graphql_body(document: &str, variables: Map<String, Value>) -> Value {
    json!({ "query": document, "variables": variables })
}
