//! `OfferkitClient` and every query of core, each in a blocking and an `_async` form.
//!
//! Blocking forms run core's future on the caller's thread (`block_on` on the shared runtime)
//! and write the result to an out-pointer. `_async` forms return at once with a request handle;
//! the callback gets the outcome exactly once and owns what it is given (result or error).
//! Argument problems the C layer itself finds (NULL, invalid UTF-8, bad JSON text) are
//! returned by the call and no callback ever runs; everything core finds, its own validation
//! included, arrives through the callback.

use std::cell::Cell;
use std::ffi::{c_char, c_void};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use offerkit::{
    AccessToken, Fetched, LinksOptions, ListingOptions, ListingPage, OfferClient, OfferList,
    OffersOptions, PlayerOffersOptions, PlayerOffersPage, TokenReason,
};

use crate::boundary::{fallible, infallible};
use crate::config::{OfferkitConfig, OfferkitTokenReason, UserData};
use crate::error::{Failure, OfferkitError};
use crate::handle::{Handle, free_handle};
use crate::offers::OfferkitOfferList;
use crate::out::{self, Out};
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::request::{BoxedQuery, Callback, CatchPanic, OfferkitRequest, Requests};
use crate::runtime::{block_on, runtime};
use crate::status::OfferkitStatus;
use crate::strings::{self, optional_string};

/// Receives the outcome of an `_async` call returning offers: on `OFFERKIT_STATUS_OK`, `list` is
/// an owned list (free with `offerkit_offer_list_free`) and `error` is NULL; otherwise `list` is
/// NULL and `error` is an owned error (free with `offerkit_error_free`) whose kind equals
/// `status`. Runs exactly once per request (see `offerkit_config_set_delivery` for where).
pub type OfferkitOfferListCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        list: *mut OfferkitOfferList,
        error: *mut OfferkitError,
    ),
>;

/// Receives the outcome of an `_async` call returning a `playerOffers` page: like
/// `OfferkitOfferListCallback`, with an owned page (free with `offerkit_player_offers_page_free`).
/// From `offerkit_player_offers_pager_next_async`, `page` is NULL with `OFFERKIT_STATUS_OK` when
/// the pager had already passed the last page.
pub type OfferkitPlayerOffersPageCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        page: *mut OfferkitPlayerOffersPage,
        error: *mut OfferkitError,
    ),
>;

/// Receives the outcome of an `_async` call returning JSON text (`links`, raw GraphQL): like
/// `OfferkitOfferListCallback`, with an owned string (free with `offerkit_string_free`).
pub type OfferkitJsonCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        json: *mut c_char,
        error: *mut OfferkitError,
    ),
>;

/// A query ready to run: core's future and the conversion of its value for C.
pub(crate) struct Query<T, R> {
    future: BoxedQuery<T>,
    convert: fn(T) -> *mut R,
}

impl<T: Send + 'static, R: 'static> Query<T, R> {
    /// Boxes `future` (so the task machinery is compiled once per result type, not per query).
    pub(crate) fn new(
        future: impl Future<Output = Result<T, Failure>> + Send + 'static,
        convert: fn(T) -> *mut R,
    ) -> Self {
        Query {
            future: Box::pin(future),
            convert,
        }
    }

    /// The blocking form: runs the query on this thread (`WOULD_DEADLOCK` on a library thread,
    /// naming `function`) and writes the converted result to `out`.
    pub(crate) fn block(self, function: &str, out: Out<*mut R>) -> Result<(), Failure> {
        let value = block_on(function, CatchPanic(self.future))??;
        out.write((self.convert)(value));
        Ok(())
    }

    /// The `_async` form: starts the query among `client`'s requests; `callback` gets the
    /// outcome. The request handle goes to `out_request` unless it is NULL.
    pub(crate) fn start(
        self,
        client: &ClientShared,
        callback: Callback<R>,
        user_data: *mut c_void,
        out_request: *mut *mut OfferkitRequest,
    ) -> Result<(), Failure> {
        let request = client
            .requests
            .start(self.future, callback, user_data, self.convert)?;
        out::write_optional(out_request, || OfferkitRequest::new(request).into_ptr());
        Ok(())
    }
}

/// The completion callback of an `_async` call, which must not be NULL.
pub(crate) fn required_callback<R>(callback: Option<Callback<R>>) -> Result<Callback<R>, Failure> {
    callback.ok_or_else(|| Failure::null("callback"))
}

/// Options of `offers`. Zero-initialise, then set what you need: a NULL string or a 0 number
/// is not sent (every valid number is at least 1; negative numbers are sent to core's checks,
/// which refuse them with `INVALID_ARGUMENT`). A NULL options pointer means all unset.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitOffersOptions {
    /// At least 1; 0: no limit.
    pub limit: i64,
    /// 2 to 5 characters (`en`, `zh-HK`); NULL: the service's default.
    pub language: *const c_char,
    /// `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`; NULL: default.
    pub sort: *const c_char,
    /// GraphQL fields added to the selection, e.g. `links { click_url }`.
    pub select: *const c_char,
    /// The whole offer selection, replacing the default `id name total_payout_usd creatives {
    /// name description }` (`select` is then added to it); NULL: the default. The spec fields
    /// it leaves out are NULL (NaN) in the views.
    pub selection: *const c_char,
}

/// Options of `playerOffers` (same conventions as `OfferkitOffersOptions`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitPlayerOffersOptions {
    /// 2 to 5 characters; NULL: the service's default.
    pub language: *const c_char,
    /// 1 to 100; 0: the service's default (50).
    pub limit: i64,
    /// A `next_cursor` of a previous page of the same query; NULL: the first page.
    pub after: *const c_char,
    /// GraphQL fields added to each item's default selection.
    pub select: *const c_char,
    /// The whole `playerOffers` selection, replacing the default (e.g.
    /// `offers: items { id } next_cursor`): the items are read from the one list field it
    /// names. Not together with `select`.
    pub selection: *const c_char,
}

/// A number option: 0 is "not sent".
pub(crate) fn optional_number(value: i64) -> Option<i64> {
    (value != 0).then_some(value)
}

impl OfferkitOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> Result<OffersOptions, Failure> {
        // SAFETY: NULL or a valid struct, alive for the call (the header's contract).
        let Some(o) = (unsafe { options.as_ref() }) else {
            return Ok(OffersOptions::default());
        };
        Ok(OffersOptions {
            limit: optional_number(o.limit),
            language: optional_string(o.language, "options.language")?,
            sort: optional_string(o.sort, "options.sort")?,
            select: optional_string(o.select, "options.select")?,
            selection: optional_string(o.selection, "options.selection")?,
        })
    }
}

impl OfferkitPlayerOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> Result<PlayerOffersOptions, Failure> {
        // SAFETY: NULL or a valid struct, alive for the call (the header's contract).
        let Some(o) = (unsafe { options.as_ref() }) else {
            return Ok(PlayerOffersOptions::default());
        };
        Ok(PlayerOffersOptions {
            language: optional_string(o.language, "options.language")?,
            limit: optional_number(o.limit),
            after: optional_string(o.after, "options.after")?,
            select: optional_string(o.select, "options.select")?,
            selection: optional_string(o.selection, "options.selection")?,
        })
    }
}

/// The host's callback and user data, and the switch that turns them off.
pub(crate) struct TokenHook {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitTokenReason),
    user_data: UserData,
    off: AtomicBool,
    gate: RwLock<()>,
}

thread_local! {
    static IN_TOKEN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

impl TokenHook {
    pub(crate) fn new(
        callback: unsafe extern "C" fn(*mut c_void, OfferkitTokenReason),
        user_data: UserData,
    ) -> Self {
        TokenHook {
            callback,
            user_data,
            off: AtomicBool::new(false),
            gate: RwLock::new(()),
        }
    }

    /// Asks the host for a token, unless the hook is switched off.
    pub(crate) fn call(&self, reason: TokenReason) {
        let _running = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        if self.off.load(Ordering::Acquire) {
            return;
        }
        let reason = match reason {
            TokenReason::Missing => OfferkitTokenReason::Missing,
            TokenReason::Expiring => OfferkitTokenReason::Expiring,
            TokenReason::Rejected => OfferkitTokenReason::Rejected,
        };
        IN_TOKEN_CALLBACK.with(|c| c.set(true));
        // SAFETY: the host's callback and user data, valid until the client is freed (contract).
        unsafe { (self.callback)(self.user_data.0, reason) };
        IN_TOKEN_CALLBACK.with(|c| c.set(false));
    }

    /// Switches the hook off; waits for a call running on another thread to return.
    pub(crate) fn switch_off(&self) {
        self.off.store(true, Ordering::Release);
        if !IN_TOKEN_CALLBACK.with(|c| c.get()) {
            drop(self.gate.write().unwrap_or_else(PoisonError::into_inner));
        }
    }
}

/// What a client's queries, requests and pagers share (pagers keep it alive after a free).
pub(crate) struct ClientShared {
    pub(crate) core: OfferClient,
    pub(crate) requests: Arc<Requests>,
    token_hook: Option<Arc<TokenHook>>,
}

/// A client of the offer service. Thread-safe: every function taking a client may be called
/// from any thread, also at once — except `offerkit_client_free`, which must not race with
/// other calls on the same client.
pub struct OfferkitClient {
    pub(crate) shared: Arc<ClientShared>,
}

impl Handle for OfferkitClient {
    const NAME: &'static str = "client";

    /// Switches the token hook off and closes the requests (cancelling and delivering what is
    /// owed) before core's client is dropped, inside the runtime its connections belong to.
    fn release(self: Box<Self>) {
        if let Some(hook) = &self.shared.token_hook {
            hook.switch_off();
        }
        self.shared.requests.close();
        let _context = runtime().ok().map(|rt| rt.enter());
        drop(self);
    }
}

/// Makes a client from `config` (copied; the config may be freed or reused afterwards).
/// Fails with `INVALID_ARGUMENT` on a bad base URL, scheme or root certificate. On success
/// `*out_client` owns the client: free it with `offerkit_client_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_new(
    config: *const OfferkitConfig,
    out_client: *mut *mut OfferkitClient,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let config = OfferkitConfig::as_ref(config)?;
        let out = Out::required(out_client, "out_client")?;
        let mut core_config = config.to_core();
        let token_hook = config
            .token_needed()
            .map(|(callback, user_data)| Arc::new(TokenHook::new(callback, user_data)));
        if let Some(hook) = &token_hook {
            let hook = Arc::clone(hook);
            core_config.token_needed = Some(Arc::new(move |reason| hook.call(reason)));
        }
        let _context = runtime()?.enter();
        let core = OfferClient::new(core_config)?;
        let client = OfferkitClient {
            shared: Arc::new(ClientShared {
                core,
                requests: Requests::new(config.delivery()),
                token_hook,
            }),
        };
        out.write(client.into_ptr());
        Ok(())
    })
}

/// Frees a client. `offerkit_client_free(NULL)` does nothing.
///
/// Every request still in flight (its pagers' included) is cancelled, and every callback still
/// owed runs before this returns, on the calling thread or (for one already running) on its
/// library thread: cancelled requests report `OFFERKIT_STATUS_CANCELLED`; in poll mode,
/// completions already queued are delivered as they are. After it returns, no callback of this
/// client (completion or token-needed) runs again. Called from inside a completion callback on
/// a library thread, it cannot wait for that thread: it cancels and delivers what it can, and
/// callbacks already handed to the library thread still run (exactly once) after it returns, on
/// that thread (in poll mode too: nobody can poll a freed client). Called from inside one of its
/// own poll-delivery callbacks (on the host's thread), it delivers every other callback, also a
/// completion the library thread is queueing at that moment, before it returns.
/// Pagers of the client stay valid but fail with `OFFERKIT_STATUS_CANCELLED`. Do not hold a lock
/// that the client's callbacks take while freeing it: free waits for a callback that is running.
/// Freeing a client from inside one of its own completion callbacks is allowed (any delivery).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_free(client: *mut OfferkitClient) {
    free_handle(client);
}

/// Sets or replaces the access token (its JWT `exp` is read), at any time and from any thread —
/// the answer to the token-needed callback. NULL forgets the token. Requests waiting for a
/// token continue with this one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_set_access_token(
    client: *const OfferkitClient,
    access_token: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let token = strings::optional(access_token, "access_token")?;
        client
            .shared
            .core
            .set_access_token(token.map(AccessToken::new));
        Ok(())
    })
}

/// The other answer to the token-needed callback: the host cannot supply a token now (its
/// backend failed, the player signed out). Requests waiting for a token fail at once with
/// `OFFERKIT_STATUS_UNAUTHORIZED` and a message carrying `reason` (UTF-8; NULL: no detail),
/// instead of waiting until the token wait times out; later requests ask again. Does nothing
/// when no request is waiting. Any thread, also from inside the callback.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_fail_token_request(
    client: *const OfferkitClient,
    reason: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let reason = strings::optional(reason, "reason")?;
        let reason = reason.unwrap_or("no reason given");
        client.shared.core.fail_token_request(reason);
        Ok(())
    })
}

/// Forgets every cached answer for `player_id` (no-op without a cache): call it when the player
/// completes an offer, so the next `offers` call refreshes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_invalidate(
    client: *const OfferkitClient,
    player_id: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let player_id = strings::required(player_id, "player_id")?;
        client.shared.core.invalidate(player_id);
        Ok(())
    })
}

/// Forgets every cached answer (no-op without a cache or for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_clear_cache(client: *const OfferkitClient) {
    infallible((), || {
        OfferkitClient::as_ref(client)?.shared.core.clear_cache();
        Ok(())
    });
}

/// Runs queued completion callbacks of a poll-delivery client on the calling thread: at most
/// `max` of them, or with `max` 0 every one queued when the call starts. Returns how many ran
/// (always 0 for a thread-delivery client or a NULL client). Never blocks. Callbacks may start
/// new requests or call blocking functions; their completions wait for a later poll.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_poll(client: *const OfferkitClient, max: usize) -> usize {
    infallible(0, || {
        // Keep the queue alive on our own: a callback may free the client while it runs.
        let requests = Arc::clone(&OfferkitClient::as_ref(client)?.shared.requests);
        Ok(requests.poll(max))
    })
}

// ---------------------------------------------------------------------------------------------
// offers

/// The `offers` query, its arguments checked.
fn offers(
    client: &OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitOffersOptions,
) -> Result<Query<Fetched<OfferList>, OfferkitOfferList>, Failure> {
    let player_id = strings::required(player_id, "player_id")?.to_string();
    let options = OfferkitOffersOptions::to_core(options)?;
    let core = client.shared.core.clone();
    Ok(Query::new(
        async move { Ok(core.offers_fetched(&player_id, &options).await?) },
        OfferkitOfferList::from_offers,
    ))
}

/// Blocking `offers`: every targeted offer for `player_id` (1 to 255 characters), with
/// `options` (NULL: none). On success `*out_list` owns the offers. Returns
/// `OFFERKIT_STATUS_WOULD_DEADLOCK` on a library thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_offers(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitOffersOptions,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_list, "out_list")?;
        offers(client, player_id, options)?.block("offerkit_client_offers", out)
    })
}

/// Asynchronous `offers`. On `OFFERKIT_STATUS_OK` the request is under way: `callback` will run
/// exactly once with `user_data` (which must stay valid until then), and `*out_request` (when
/// `out_request` is not NULL) is a handle to cancel it, freed with `offerkit_request_free`. On
/// any other status nothing was started and the callback never runs.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_offers_async(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitOffersOptions,
    callback: OfferkitOfferListCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        let query = offers(client, player_id, options)?;
        query.start(&client.shared, callback, user_data, out_request)
    })
}

// ---------------------------------------------------------------------------------------------
// links

/// The `links` query, its arguments checked.
fn links(
    client: &OfferkitClient,
    player_id: *const c_char,
    select: *const c_char,
    selection: *const c_char,
) -> Result<Query<String, c_char>, Failure> {
    let player_id = strings::required(player_id, "player_id")?.to_string();
    let select = optional_string(select, "select")?;
    let selection = optional_string(selection, "selection")?;
    let core = client.shared.core.clone();
    let options = LinksOptions { select, selection };
    Ok(Query::new(
        async move { Ok(core.links(&player_id, &options).await?.to_json()) },
        strings::into_owned,
    ))
}

/// Blocking `links`: the tracking links of `player_id` as a JSON object text (owned; free with
/// `offerkit_string_free`), each field as the service sent it. `select` adds fields to the
/// default selection (`support_portal`), `selection` replaces it; NULL for neither.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_links(
    client: *const OfferkitClient,
    player_id: *const c_char,
    select: *const c_char,
    selection: *const c_char,
    out_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_json, "out_json")?;
        links(client, player_id, select, selection)?.block("offerkit_client_links", out)
    })
}

/// Asynchronous `links` (see `offerkit_client_offers_async` for the request rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_links_async(
    client: *const OfferkitClient,
    player_id: *const c_char,
    select: *const c_char,
    selection: *const c_char,
    callback: OfferkitJsonCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        let query = links(client, player_id, select, selection)?;
        query.start(&client.shared, callback, user_data, out_request)
    })
}

// ---------------------------------------------------------------------------------------------
// playerOffers

/// The `playerOffers` query, its arguments checked.
fn player_offers(
    client: &OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
) -> Result<Query<PlayerOffersPage, OfferkitPlayerOffersPage>, Failure> {
    let player_id = strings::required(player_id, "player_id")?.to_string();
    let options = OfferkitPlayerOffersOptions::to_core(options)?;
    let core = client.shared.core.clone();
    Ok(Query::new(
        async move { Ok(core.player_offers(&player_id, &options).await?) },
        OfferkitPlayerOffersPage::into_raw,
    ))
}

/// Blocking `playerOffers`: one page of the offers `player_id` engaged with. On success
/// `*out_page` owns the page. To follow `next_cursor` to the end, see
/// `offerkit_client_player_offers_pager`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_player_offers(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
    out_page: *mut *mut OfferkitPlayerOffersPage,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_page, "out_page")?;
        let query = player_offers(client, player_id, options)?;
        query.block("offerkit_client_player_offers", out)
    })
}

/// Asynchronous `playerOffers` (see `offerkit_client_offers_async` for the request rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_player_offers_async(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
    callback: OfferkitPlayerOffersPageCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        let query = player_offers(client, player_id, options)?;
        query.start(&client.shared, callback, user_data, out_request)
    })
}

// ---------------------------------------------------------------------------------------------
// GET /v1/offers: one page, or every page

/// The listing query of one page (`per_page` 0: everything at once; `page` 0: the first).
fn listing(
    client: &OfferkitClient,
    per_page: i64,
    page: i64,
) -> Query<Fetched<ListingPage>, OfferkitOfferList> {
    let core = client.shared.core.clone();
    let options = ListingOptions {
        per_page: optional_number(per_page),
        page: optional_number(page),
    };
    Query::new(
        async move { Ok(core.list_offers_fetched(options).await?) },
        OfferkitOfferList::from_listing,
    )
}

/// The listing query of every page, `per_page` offers each.
fn all_pages(client: &OfferkitClient, per_page: i64) -> Query<OfferList, OfferkitOfferList> {
    let core = client.shared.core.clone();
    Query::new(
        async move { Ok(core.list_offers_pager(per_page)?.collect_all().await?) },
        OfferkitOfferList::from_all_pages,
    )
}

/// Blocking `GET /v1/offers`: with `per_page` 0 every offer at once (no pagination); with
/// `per_page` 1 to 100, page `page` (0: the first) and its pagination
/// (`offerkit_offer_list_pagination`). `page` without `per_page` is `INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_offers(
    client: *const OfferkitClient,
    per_page: i64,
    page: i64,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_list, "out_list")?;
        listing(client, per_page, page).block("offerkit_client_list_offers", out)
    })
}

/// Asynchronous `GET /v1/offers` (see `offerkit_client_offers_async` for the request rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_offers_async(
    client: *const OfferkitClient,
    per_page: i64,
    page: i64,
    callback: OfferkitOfferListCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        listing(client, per_page, page).start(&client.shared, callback, user_data, out_request)
    })
}

/// Blocking listing of every page, `per_page` (1 to 100) offers per request, from page 1 while
/// the service says there are more: one list of every offer (no pagination), its skipped items
/// numbered across the walk. Each page is one call within the deadline, so this blocks for at
/// most `max_pages` deadlines; a walk that does not advance, or needs more than `max_pages`
/// pages, fails with `OFFERKIT_STATUS_DECODE`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_all_offers(
    client: *const OfferkitClient,
    per_page: i64,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_list, "out_list")?;
        all_pages(client, per_page).block("offerkit_client_list_all_offers", out)
    })
}

/// Asynchronous listing of every page (see `offerkit_client_offers_async` for the rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_all_offers_async(
    client: *const OfferkitClient,
    per_page: i64,
    callback: OfferkitOfferListCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        all_pages(client, per_page).start(&client.shared, callback, user_data, out_request)
    })
}

// ---------------------------------------------------------------------------------------------
// Raw GraphQL: variables as JSON text, `data` as JSON text

/// The raw query, its arguments checked: variables that are not JSON are `INVALID_ARGUMENT`,
/// returned by the call itself.
fn graphql(
    client: &OfferkitClient,
    document: *const c_char,
    variables_json: *const c_char,
) -> Result<Query<String, c_char>, Failure> {
    let document = strings::required(document, "document")?.to_string();
    let variables = match strings::optional(variables_json, "variables_json")? {
        None => None,
        Some(text) => Some(
            serde_json::from_str::<serde_json::Value>(text).map_err(|e| {
                Failure::from(offerkit::Error::new(
                    offerkit::ErrorKind::InvalidArgument,
                    format!("variables_json is not JSON: {e}"),
                ))
            })?,
        ),
    };
    let core = client.shared.core.clone();
    Ok(Query::new(
        async move { Ok(core.graphql(&document, variables).await?.data.to_string()) },
        strings::into_owned,
    ))
}

/// Blocking raw GraphQL: `document` with `variables_json` (a JSON object text, or NULL). On
/// success `*out_data_json` owns the response's `data` as JSON text. A response with `errors`
/// fails with the mapped kind (`validation`, `query`, `invalid_cursor`); the whole response is
/// then in `offerkit_error_response_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_graphql(
    client: *const OfferkitClient,
    document: *const c_char,
    variables_json: *const c_char,
    out_data_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_data_json, "out_data_json")?;
        graphql(client, document, variables_json)?.block("offerkit_client_graphql", out)
    })
}

/// Asynchronous raw GraphQL (see `offerkit_client_offers_async` for the request rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_graphql_async(
    client: *const OfferkitClient,
    document: *const c_char,
    variables_json: *const c_char,
    callback: OfferkitJsonCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let callback = required_callback(callback)?;
        let query = graphql(client, document, variables_json)?;
        query.start(&client.shared, callback, user_data, out_request)
    })
}
