//! `OfferkitClient` and every query of core, each in a blocking and an `_async` form.
//!
//! Blocking forms run core's future on the caller's thread (`block_on` on the shared runtime)
//! and write the result to an out-pointer. `_async` forms return at once with a request handle;
//! the callback gets the outcome exactly once and owns what it is given (result or error).
//! Argument problems the C layer itself finds (NULL, invalid UTF-8, bad JSON text) are
//! returned by the call and no callback ever runs; everything core finds, its own validation
//! included, arrives through the callback.

use std::ffi::{c_char, c_void};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

use offerkit::{
    AccessToken, LinksOptions, ListingOptions, OfferClient, OffersOptions, PlayerOffersOptions,
    TokenReason,
};

use crate::config::{OfferkitConfig, OfferkitTokenReason, UserData};
use crate::error::{Failure, OfferkitError};
use crate::offers::{Freshness, OfferkitOfferList};
use crate::panic::{boundary, guard};
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::request::{BoxedQuery, Callback, CatchPanic, OfferkitRequest, Requests};
use crate::runtime::{block_on, runtime};
use crate::status::OfferkitStatus;
use crate::strings;

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

/// The token-needed callback of one client, which `offerkit_client_free` switches off (waiting
/// for a call under way on another thread) so it never runs after the client is gone.
struct TokenHook {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitTokenReason),
    user_data: UserData,
    off: AtomicBool,
    gate: RwLock<()>,
}

thread_local! {
    static IN_TOKEN_CALLBACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl TokenHook {
    fn call(&self, reason: TokenReason) {
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

    fn switch_off(&self) {
        self.off.store(true, Ordering::Release);
        if !IN_TOKEN_CALLBACK.with(|c| c.get()) {
            drop(self.gate.write().unwrap_or_else(PoisonError::into_inner));
        }
    }
}

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

pub(crate) fn client_ref<'a>(client: *const OfferkitClient) -> Result<&'a ClientShared, Failure> {
    // SAFETY: NULL or a live client (contract).
    unsafe { client.as_ref() }
        .map(|c| &*c.shared)
        .ok_or_else(|| Failure::null("client"))
}

pub(crate) fn client_arc(client: *const OfferkitClient) -> Result<Arc<ClientShared>, Failure> {
    // SAFETY: NULL or a live client (contract).
    unsafe { client.as_ref() }
        .map(|c| Arc::clone(&c.shared))
        .ok_or_else(|| Failure::null("client"))
}

pub(crate) fn check_out<T>(out: *mut *mut T, name: &str) -> Result<(), Failure> {
    if out.is_null() {
        Err(Failure::null(name))
    } else {
        Ok(())
    }
}

/// The blocking form: runs `future` here and writes the converted result to `out`.
pub(crate) fn blocking<T, R, F>(
    function: &str,
    future: F,
    convert: fn(T) -> *mut R,
    out: *mut *mut R,
) -> Result<(), Failure>
where
    F: Future<Output = Result<T, Failure>> + Send + 'static,
{
    let future: BoxedQuery<T> = Box::pin(future);
    let value = block_on(function, CatchPanic(future))??;
    let result = convert(value);
    // SAFETY: `out` was checked non-NULL before the call started.
    unsafe { out.write(result) };
    Ok(())
}

/// The `_async` form: starts `future` on the client's requests and hands out the request.
pub(crate) fn asynchronous<T, R, F>(
    requests: &Arc<Requests>,
    future: F,
    callback: Callback<R>,
    user_data: *mut c_void,
    convert: fn(T) -> *mut R,
    out_request: *mut *mut OfferkitRequest,
) -> Result<(), Failure>
where
    T: Send + 'static,
    R: 'static,
    F: Future<Output = Result<T, Failure>> + Send + 'static,
{
    let request = requests.start(Box::pin(future), callback, user_data, convert)?;
    if !out_request.is_null() {
        // SAFETY: non-NULL out-pointer (contract).
        unsafe { out_request.write(OfferkitRequest::into_raw(request)) };
    }
    Ok(())
}

pub(crate) fn callback<R>(callback: Option<Callback<R>>) -> Result<Callback<R>, Failure> {
    callback.ok_or_else(|| Failure::null("callback"))
}

fn offer_list(offers: offerkit::Fetched<offerkit::OfferList>) -> *mut OfferkitOfferList {
    let freshness = Freshness::of(&offers);
    let list = offers.value;
    OfferkitOfferList::into_raw(list.offers, None, freshness, &list.skipped)
}

fn all_pages_list(list: offerkit::OfferList) -> *mut OfferkitOfferList {
    OfferkitOfferList::into_raw(list.offers, None, Freshness::default(), &list.skipped)
}

fn listing_list(page: offerkit::Fetched<offerkit::ListingPage>) -> *mut OfferkitOfferList {
    let freshness = Freshness::of(&page);
    let page = page.value;
    OfferkitOfferList::into_raw(page.offers, page.pagination, freshness, &page.skipped)
}

fn json_text(text: String) -> *mut c_char {
    strings::owned(&text)
}

fn optional_number(value: i64) -> Option<i64> {
    (value != 0).then_some(value)
}

/// # Safety
/// `options` is NULL or points to a valid struct whose strings are NULL or NUL-terminated.
unsafe fn offers_options(options: *const OfferkitOffersOptions) -> Result<OffersOptions, Failure> {
    // SAFETY: forwarded contract.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(OffersOptions::default());
    };
    // SAFETY: string contract.
    unsafe {
        Ok(OffersOptions {
            limit: optional_number(o.limit),
            language: strings::optional(o.language, "options.language")?.map(str::to_string),
            sort: strings::optional(o.sort, "options.sort")?.map(str::to_string),
            select: strings::optional(o.select, "options.select")?.map(str::to_string),
            selection: strings::optional(o.selection, "options.selection")?.map(str::to_string),
        })
    }
}

/// # Safety
/// As `offers_options`.
pub(crate) unsafe fn player_offers_options(
    options: *const OfferkitPlayerOffersOptions,
) -> Result<PlayerOffersOptions, Failure> {
    // SAFETY: forwarded contract.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(PlayerOffersOptions::default());
    };
    // SAFETY: string contract.
    unsafe {
        Ok(PlayerOffersOptions {
            language: strings::optional(o.language, "options.language")?.map(str::to_string),
            limit: optional_number(o.limit),
            after: strings::optional(o.after, "options.after")?.map(str::to_string),
            select: strings::optional(o.select, "options.select")?.map(str::to_string),
            selection: strings::optional(o.selection, "options.selection")?.map(str::to_string),
        })
    }
}

fn listing_options(per_page: i64, page: i64) -> ListingOptions {
    ListingOptions {
        per_page: optional_number(per_page),
        page: optional_number(page),
    }
}

// ---------------------------------------------------------------------------------------------
// Client life cycle

/// Makes a client from `config` (copied; the config may be freed or reused afterwards).
/// Fails with `INVALID_ARGUMENT` on a bad base URL, scheme or root certificate. On success
/// `*out_client` owns the client: free it with `offerkit_client_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_new(
    config: *const OfferkitConfig,
    out_client: *mut *mut OfferkitClient,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    boundary(out_error, || {
        // SAFETY: NULL or a live config (contract).
        let config = unsafe { config.as_ref() }.ok_or_else(|| Failure::null("config"))?;
        check_out(out_client, "out_client")?;
        let mut core_config = config.to_core();
        let token_hook = config.token_needed().map(|(callback, user_data)| {
            Arc::new(TokenHook {
                callback,
                user_data,
                off: AtomicBool::new(false),
                gate: RwLock::new(()),
            })
        });
        if let Some(hook) = &token_hook {
            let hook = Arc::clone(hook);
            core_config.token_needed = Some(Arc::new(move |reason| hook.call(reason)));
        }
        let _context = runtime()?.enter();
        let core = OfferClient::new(core_config)?;
        let client = Box::new(OfferkitClient {
            shared: Arc::new(ClientShared {
                core,
                requests: Requests::new(config.delivery()),
                token_hook,
            }),
        });
        // SAFETY: checked non-NULL above.
        unsafe { out_client.write(Box::into_raw(client)) };
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
    if client.is_null() {
        return;
    }
    guard((), || {
        // SAFETY: made by `offerkit_client_new`, freed once (contract).
        let client = unsafe { Box::from_raw(client) };
        if let Some(hook) = &client.shared.token_hook {
            hook.switch_off();
        }
        client.shared.requests.close();
        let _context = runtime().ok().map(|rt| rt.enter());
        drop(client);
    });
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        // SAFETY: string contract.
        let token = unsafe { strings::optional(access_token, "access_token") }?;
        client.core.set_access_token(token.map(AccessToken::new));
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        // SAFETY: string contract.
        let reason = unsafe { strings::optional(reason, "reason") }?;
        client
            .core
            .fail_token_request(reason.unwrap_or("no reason given"));
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        // SAFETY: string contract.
        let player_id = unsafe { strings::required(player_id, "player_id") }?;
        client.core.invalidate(player_id);
        Ok(())
    })
}

/// Forgets every cached answer (no-op without a cache or for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_clear_cache(client: *const OfferkitClient) {
    if let Ok(client) = client_ref(client) {
        guard((), || client.core.clear_cache());
    }
}

/// Runs queued completion callbacks of a poll-delivery client on the calling thread: at most
/// `max` of them, or with `max` 0 every one queued when the call starts. Returns how many ran
/// (always 0 for a thread-delivery client or a NULL client). Never blocks. Callbacks may start
/// new requests or call blocking functions; their completions wait for a later poll.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_poll(client: *const OfferkitClient, max: usize) -> usize {
    match client_ref(client) {
        Ok(client) => {
            // Keep the queue alive on our own: a callback may free the client while it runs.
            let requests = Arc::clone(&client.requests);
            guard(0, move || requests.poll(max))
        }
        Err(_) => 0,
    }
}

// ---------------------------------------------------------------------------------------------
// offers

fn offers_future(
    client: &ClientShared,
    player_id: *const c_char,
    options: *const OfferkitOffersOptions,
) -> Result<
    impl Future<Output = Result<offerkit::Fetched<offerkit::OfferList>, Failure>> + Send + 'static,
    Failure,
> {
    // SAFETY: string and options contracts.
    let player_id = unsafe { strings::required(player_id, "player_id") }?.to_string();
    // SAFETY: as above.
    let options = unsafe { offers_options(options) }?;
    let core = client.core.clone();
    Ok(async move { Ok(core.offers_fetched(&player_id, &options).await?) })
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_list, "out_list")?;
        let future = offers_future(client, player_id, options)?;
        blocking("offerkit_client_offers", future, offer_list, out_list)
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = offers_future(client, player_id, options)?;
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            offer_list,
            out_request,
        )
    })
}

// ---------------------------------------------------------------------------------------------
// links

fn links_future(
    client: &ClientShared,
    player_id: *const c_char,
    select: *const c_char,
    selection: *const c_char,
) -> Result<impl Future<Output = Result<String, Failure>> + Send + 'static, Failure> {
    // SAFETY: string contract.
    let player_id = unsafe { strings::required(player_id, "player_id") }?.to_string();
    // SAFETY: as above.
    let select = unsafe { strings::optional(select, "select") }?.map(str::to_string);
    // SAFETY: as above.
    let selection = unsafe { strings::optional(selection, "selection") }?.map(str::to_string);
    let core = client.core.clone();
    Ok(async move {
        let options = LinksOptions { select, selection };
        Ok(core.links(&player_id, &options).await?.to_json())
    })
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_json, "out_json")?;
        let future = links_future(client, player_id, select, selection)?;
        blocking("offerkit_client_links", future, json_text, out_json)
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = links_future(client, player_id, select, selection)?;
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            json_text,
            out_request,
        )
    })
}

// ---------------------------------------------------------------------------------------------
// playerOffers

fn player_offers_future(
    client: &ClientShared,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
) -> Result<
    impl Future<Output = Result<offerkit::PlayerOffersPage, Failure>> + Send + 'static,
    Failure,
> {
    // SAFETY: string and options contracts.
    let player_id = unsafe { strings::required(player_id, "player_id") }?.to_string();
    // SAFETY: as above.
    let options = unsafe { player_offers_options(options) }?;
    let core = client.core.clone();
    Ok(async move { Ok(core.player_offers(&player_id, &options).await?) })
}

fn page(page: offerkit::PlayerOffersPage) -> *mut OfferkitPlayerOffersPage {
    OfferkitPlayerOffersPage::into_raw(page)
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_page, "out_page")?;
        let future = player_offers_future(client, player_id, options)?;
        blocking("offerkit_client_player_offers", future, page, out_page)
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = player_offers_future(client, player_id, options)?;
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            page,
            out_request,
        )
    })
}

// ---------------------------------------------------------------------------------------------
// GET /v1/offers

fn listing_future(
    client: &ClientShared,
    per_page: i64,
    page: i64,
) -> impl Future<Output = Result<offerkit::Fetched<offerkit::ListingPage>, Failure>> + Send + 'static
{
    let core = client.core.clone();
    let options = listing_options(per_page, page);
    async move { Ok(core.list_offers_fetched(options).await?) }
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_list, "out_list")?;
        let future = listing_future(client, per_page, page);
        blocking(
            "offerkit_client_list_offers",
            future,
            listing_list,
            out_list,
        )
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = listing_future(client, per_page, page);
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            listing_list,
            out_request,
        )
    })
}

fn all_pages_future(
    client: &ClientShared,
    per_page: i64,
) -> impl Future<Output = Result<offerkit::OfferList, Failure>> + Send + 'static {
    let core = client.core.clone();
    async move { Ok(core.list_offers_pager(per_page)?.collect_all().await?) }
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_list, "out_list")?;
        let future = all_pages_future(client, per_page);
        blocking(
            "offerkit_client_list_all_offers",
            future,
            all_pages_list,
            out_list,
        )
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = all_pages_future(client, per_page);
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            all_pages_list,
            out_request,
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Raw GraphQL

fn graphql_future(
    client: &ClientShared,
    document: *const c_char,
    variables_json: *const c_char,
) -> Result<impl Future<Output = Result<String, Failure>> + Send + 'static, Failure> {
    // SAFETY: string contract.
    let document = unsafe { strings::required(document, "document") }?.to_string();
    // SAFETY: as above.
    let variables = match unsafe { strings::optional(variables_json, "variables_json") }? {
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
    let core = client.core.clone();
    Ok(async move {
        let response = core.graphql(&document, variables).await?;
        Ok(response.data.to_string())
    })
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        check_out(out_data_json, "out_data_json")?;
        let future = graphql_future(client, document, variables_json)?;
        blocking("offerkit_client_graphql", future, json_text, out_data_json)
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
    boundary(out_error, || {
        let client = client_ref(client)?;
        let callback = self::callback(callback)?;
        let future = graphql_future(client, document, variables_json)?;
        asynchronous(
            &client.requests,
            future,
            callback,
            user_data,
            json_text,
            out_request,
        )
    })
}
