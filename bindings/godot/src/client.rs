//! `OfferKitClient`: the client class GDScript uses. Every query returns an `OfferKitRequest`
//! at once; its `completed` signal brings the `OfferKitResult` on the main thread during a
//! later frame. The work itself — validation, tokens, retries, the deadline, the cache, error
//! mapping — is core's; this class converts arguments and answers.
//!
//! Freeing the client (its last reference dropped, or the node holding it freed) cancels its
//! calls in flight: each completes with `CANCELLED` (a coroutine of a freed node is not
//! resumed: Godot drops it with its node).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use godot::prelude::*;
use offerkit::AccessToken;

use crate::config::{self, HttpStack};
use crate::error::OfferKitError;
use crate::failure::Failure;
use crate::http_executor::GodotExecutor;
use crate::listing::OfferKitListingPage;
use crate::offer;
use crate::options;
use crate::pager::{OfferKitListingPager, OfferKitPlayerOffersPager};
use crate::player_offers::OfferKitPlayerOffersPage;
use crate::request::OfferKitRequest;
use crate::requests;
use crate::result::{OfferKitResult, Origin};
use crate::skipped;
use crate::{json, pump, runtime, token};

static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

/// A configured client: core's client and the serial its calls are filed under.
struct Configured {
    core: offerkit::OfferClient,
    serial: u64,
    /// Set when the client is freed or configured again: its pagers stop.
    closed: Arc<AtomicBool>,
}

/// A client of the Offer Personalization Service. Create with `OfferKitClient.new()`, then
/// `configure(base_url, settings)`.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub(crate) struct OfferKitClient {
    state: Option<Configured>,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitClient {
    /// Emitted (with `"missing"`, `"expiring"` or `"rejected"`) when the client needs an
    /// access token and was configured with `"token_signal": true`. Answer with
    /// `set_access_token(token)` or `refuse_token(reason)`, now or later.
    #[signal]
    fn token_needed(reason: GString);

    /// Sets the service's address and the settings (see the README for every key); returns
    /// null, or the `OfferKitError` (`INVALID_ARGUMENT`, its `fields` naming each bad
    /// setting) when the client cannot be built. Configuring again cancels the calls of the
    /// previous configuration.
    #[func]
    fn configure(
        &mut self,
        base_url: GString,
        settings: VarDictionary,
    ) -> Option<Gd<OfferKitError>> {
        self.close("the client was configured again");
        match self.build(&base_url.to_string(), &settings) {
            Ok(configured) => {
                self.state = Some(configured);
                pump::ensure_connected();
                None
            }
            Err(failure) => Some(OfferKitError::from_failure(&failure)),
        }
    }

    /// Whether `configure` succeeded.
    #[func]
    fn is_configured(&self) -> bool {
        self.state.is_some()
    }

    /// Replaces the access token (its JWT `exp` is read); "" forgets it. Also answers
    /// `token_needed`.
    #[func]
    fn set_access_token(&self, token: GString) {
        if let Some(state) = &self.state {
            let token = token.to_string();
            state
                .core
                .set_access_token((!token.is_empty()).then(|| AccessToken::new(token)));
        }
    }

    /// The other answer to `token_needed`: no token now. The calls waiting for one fail at
    /// once with `UNAUTHORIZED` carrying `reason`.
    #[func]
    fn refuse_token(&self, reason: GString) {
        if let Some(state) = &self.state {
            state.core.fail_token_request(&reason.to_string());
        }
    }

    /// All targeted offers for `player_id`. Options: `limit` (int ≥ 1), `language` (2–5
    /// characters), `sort` (`"epc.desc"`, …), `select` (fields added, e.g.
    /// `"links { click_url }"`), `selection` (the whole offer selection). `value`:
    /// `Array[OfferKitOffer]`; `skipped`, `from_cache`, `stale`, `age` are set.
    #[func]
    fn offers(&self, player_id: GString, options: VarDictionary) -> Gd<OfferKitRequest> {
        let options = match options::offers(&options) {
            Ok(options) => options,
            Err(failure) => return self.fail(failure),
        };
        let player_id = player_id.to_string();
        self.run(
            move |core| async move { core.offers_fetched(&player_id, &options).await },
            |fetched| {
                let origin = Origin::from(&fetched);
                let skipped = skipped::skipped(&fetched.value.skipped);
                let offers = offer::offers(fetched.value.offers);
                OfferKitResult::success_from(offers.to_variant(), skipped, &origin)
            },
        )
    }

    /// The tracking links for `player_id`. Options: `select`, `selection` (default
    /// selection `support_portal`). `value`: a Dictionary, each field as the service sent it.
    #[func]
    fn links(&self, player_id: GString, options: VarDictionary) -> Gd<OfferKitRequest> {
        let options = match options::links(&options) {
            Ok(options) => options,
            Err(failure) => return self.fail(failure),
        };
        let player_id = player_id.to_string();
        self.run(
            move |core| async move { core.links_fetched(&player_id, &options).await },
            |fetched| {
                let origin = Origin::from(&fetched);
                OfferKitResult::success_from(
                    json::extra(&fetched.value).to_variant(),
                    VarArray::new(),
                    &origin,
                )
            },
        )
    }

    /// One page of the offers `player_id` has engaged with. Options: `limit` (1–100),
    /// `language`, `after` (a previous page's `next_cursor`), `select`, `selection`.
    /// `value`: `OfferKitPlayerOffersPage`.
    #[func]
    fn player_offers(&self, player_id: GString, options: VarDictionary) -> Gd<OfferKitRequest> {
        let options = match options::player_offers(&options) {
            Ok(options) => options,
            Err(failure) => return self.fail(failure),
        };
        let player_id = player_id.to_string();
        self.run(
            move |core| async move { core.player_offers(&player_id, &options).await },
            |page| {
                let skipped = skipped::skipped(&page.skipped);
                let page = OfferKitPlayerOffersPage::from_core(page);
                OfferKitResult::success_from(page.to_variant(), skipped, &Origin::default())
            },
        )
    }

    /// A pager over every page of `playerOffers` (options as `player_offers`; `after` is
    /// where it starts). Bad options fail its first `next_page()`.
    #[func]
    fn player_offers_pager(
        &self,
        player_id: GString,
        options: VarDictionary,
    ) -> Gd<OfferKitPlayerOffersPager> {
        let Some(state) = &self.state else {
            return OfferKitPlayerOffersPager::failed(0, not_configured());
        };
        let walk = options::player_offers(&options).and_then(|options| {
            state
                .core
                .player_offers_pager(&player_id.to_string(), options)
                .map_err(Failure::from)
        });
        OfferKitPlayerOffersPager::create(state.serial, state.closed.clone(), walk)
    }

    /// The `GET /v1/offers` listing. Options: `per_page` (1–100; without it every offer
    /// comes at once), `page` (≥ 1, only with `per_page`). `value`: `OfferKitListingPage`.
    #[func]
    fn list_offers(&self, options: VarDictionary) -> Gd<OfferKitRequest> {
        let options = match options::listing(&options) {
            Ok(options) => options,
            Err(failure) => return self.fail(failure),
        };
        self.run(
            move |core| async move { core.list_offers_fetched(options).await },
            |fetched| {
                let origin = Origin::from(&fetched);
                let skipped = skipped::skipped(&fetched.value.skipped);
                let page = OfferKitListingPage::from_core(fetched.value);
                OfferKitResult::success_from(page.to_variant(), skipped, &origin)
            },
        )
    }

    /// A pager over the listing, `per_page` offers at a time, from page `first_page`. Bad
    /// numbers fail its first `next_page()`.
    #[func]
    fn listing_pager(
        &self,
        per_page: i64,
        #[opt(default = 1)] first_page: i64,
    ) -> Gd<OfferKitListingPager> {
        let Some(state) = &self.state else {
            return OfferKitListingPager::failed(0, not_configured());
        };
        let walk = state
            .core
            .list_offers_pager_from(per_page, first_page)
            .map_err(Failure::from);
        OfferKitListingPager::create(state.serial, state.closed.clone(), walk)
    }

    /// Any GraphQL document, with `variables` (JSON values only). `value`: the response's
    /// `data` (a Dictionary; its JSON text when nested deeper than 128 levels). A non-empty `errors` array fails with the mapped error, whose
    /// `response` holds the whole response.
    #[func]
    fn graphql(&self, query: GString, variables: VarDictionary) -> Gd<OfferKitRequest> {
        let variables = match json::from_variant(&variables.to_variant(), "variables") {
            Ok(variables) => variables,
            Err(failure) => return self.fail(failure),
        };
        let query = query.to_string();
        self.run(
            move |core| async move { core.graphql(&query, Some(variables)).await },
            |response| OfferKitResult::success(json::raw_to_variant(&response.data)),
        )
    }

    /// Forgets every cached answer for `player_id` (no-op without a cache).
    #[func]
    fn invalidate(&self, player_id: GString) {
        if let Some(state) = &self.state {
            state.core.invalidate(&player_id.to_string());
        }
    }

    /// Forgets every cached answer (no-op without a cache).
    #[func]
    fn clear_cache(&self) {
        if let Some(state) = &self.state {
            state.core.clear_cache();
        }
    }

    /// Cancels every call of this client in flight now: each completes with `CANCELLED`.
    /// Later calls are not affected.
    #[func]
    fn cancel_all(&self) {
        if let Some(state) = &self.state {
            requests::cancel_client(state.serial, "cancelled by OfferKitClient.cancel_all()");
        }
    }

    /// How many calls of this client have not completed yet.
    #[func]
    fn pending_count(&self) -> i64 {
        self.state.as_ref().map_or(0, |s| {
            i64::try_from(requests::pending_of(s.serial)).unwrap_or(i64::MAX)
        })
    }
}

fn not_configured() -> Failure {
    Failure::invalid_argument(
        "client",
        "base_url",
        "the client is not configured: call configure(base_url, settings) first",
    )
}

impl OfferKitClient {
    fn build(&self, base_url: &str, settings: &VarDictionary) -> Result<Configured, Failure> {
        let read = config::read(base_url, settings)?;
        let serial = NEXT_SERIAL.fetch_add(1, Ordering::Relaxed);
        let mut core = read.core;
        if read.provider.is_some() {
            core.token_provider = Some(Arc::new(token::CallableProvider { serial }));
        } else if read.token_signal {
            core.token_needed = Some(token::notifier(serial));
        }
        if read.http == HttpStack::Godot {
            core.executor = Some(Arc::new(GodotExecutor));
        }
        // The built-in HTTP client is made inside the runtime's context.
        let handle = runtime::handle()?;
        let client = {
            let _context = handle.enter();
            offerkit::OfferClient::new(core)?
        };
        token::register(
            serial,
            self.base().instance_id(),
            read.provider,
            client.clone(),
        );
        Ok(Configured {
            core: client,
            serial,
            closed: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Cancels the calls of the current configuration and forgets it.
    fn close(&mut self, why: &str) {
        if let Some(state) = self.state.take() {
            state.closed.store(true, Ordering::Release);
            requests::cancel_client(state.serial, why);
            token::unregister(state.serial);
        }
    }

    fn fail(&self, failure: Failure) -> Gd<OfferKitRequest> {
        requests::fail(self.state.as_ref().map_or(0, |s| s.serial), failure)
    }

    /// Starts `call` with core's client; `convert` makes the result on the main thread.
    fn run<T, F, C>(
        &self,
        call: impl FnOnce(offerkit::OfferClient) -> F,
        convert: C,
    ) -> Gd<OfferKitRequest>
    where
        F: Future<Output = offerkit::Result<T>> + Send + 'static,
        T: Send + 'static,
        C: FnOnce(T) -> Gd<OfferKitResult> + Send + 'static,
    {
        let Some(state) = &self.state else {
            return self.fail(not_configured());
        };
        let future = call(state.core.clone());
        requests::start(
            state.serial,
            async move { future.await.map_err(Failure::from) },
            convert,
        )
    }
}

impl Drop for OfferKitClient {
    fn drop(&mut self) {
        self.close("the client was freed");
    }
}
