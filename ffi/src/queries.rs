//! Every query of a client — `offers`, `links`, `playerOffers`, the listing (one page, or every
//! page) and raw GraphQL — each in a blocking and an `_async` form, and the completion callback
//! types the `_async` forms take. Each query checks its arguments and makes a [`Query`];
//! `crate::query` runs it either way.

use std::ffi::{c_char, c_void};

use offerkit::{Fetched, LinksOptions, ListingPage, OfferList, PlayerOffersPage};

use crate::boundary::fallible;
use crate::client::{ClientShared, OfferkitClient};
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::Handle;
use crate::offers::OfferkitOfferList;
use crate::options::{
    OfferkitListOffersOptions, OfferkitOffersOptions, OfferkitPlayerOffersOptions,
};
use crate::out::Out;
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::query::{self, Query, QueryHandle};
use crate::request::OfferkitRequest;
use crate::status::OfferkitStatus;
use crate::strings::{self, optional_string};

/// Receives the outcome of an `_async` call returning offers: on `OFFERKIT_STATUS_OK`, `list` is
/// an owned list (free with `offerkit_offer_list_free`) and `error` is NULL; otherwise `list` is
/// NULL and `error` is an owned error (free with `offerkit_error_free`) whose status equals
/// `status`. `request` is the request that completed: never NULL, borrowed, valid during the
/// call — the same pointer the `_async` call wrote to `*out_request`, even if the host has freed
/// that handle since (`offerkit_request_id` tells requests apart; `offerkit_request_cancel` on it
/// returns false). Runs exactly once per request (see `offerkit_config_set_delivery` for
/// where).
pub type OfferkitOfferListCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        request: *const OfferkitRequest,
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
        request: *const OfferkitRequest,
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
        request: *const OfferkitRequest,
        status: OfferkitStatus,
        json: *mut c_char,
        error: *mut OfferkitError,
    ),
>;

impl QueryHandle for OfferkitClient {
    fn client(&self) -> &ClientShared {
        &self.shared
    }
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
    let options = OfferkitOffersOptions::to_core(options);
    let core = client.shared.core.clone();
    Ok(Query::new(
        async move { Ok(core.offers_fetched(&player_id, &options).await?) },
        OfferkitOfferList::from_offers,
    ))
}

/// Blocking `offers`: every targeted offer for `player_id` (1 to 255 characters), with
/// `options` (NULL: everything unset; copied, so they may be freed or changed once the call
/// returns). On success `*out_list` owns the offers. Returns `OFFERKIT_STATUS_WOULD_DEADLOCK`
/// on a library thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_offers(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitOffersOptions,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
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
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            offers(client, player_id, options)
        })
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
    fallible!(out_error, || {
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
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            links(client, player_id, select, selection)
        })
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
    let options = OfferkitPlayerOffersOptions::to_core(options);
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
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_page, "out_page")?;
        player_offers(client, player_id, options)?.block("offerkit_client_player_offers", out)
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
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            player_offers(client, player_id, options)
        })
    })
}

// ---------------------------------------------------------------------------------------------
// GET /v1/offers: one page, or every page

/// The listing query of one page: `options` copied (NULL: everything unset).
fn listing(
    client: &OfferkitClient,
    options: *const OfferkitListOffersOptions,
) -> Query<Fetched<ListingPage>, OfferkitOfferList> {
    let core = client.shared.core.clone();
    let options = OfferkitListOffersOptions::to_core(options);
    Query::new(
        async move { Ok(core.list_offers_fetched(options).await?) },
        OfferkitOfferList::from_listing,
    )
}

/// The listing query of every page: with `per_page`, a walk from `page` (unset: 1); without,
/// the one unpaginated answer, which holds every offer already (and a `page` without
/// `per_page` is refused by core's validation, as for one page).
fn all_pages(
    client: &OfferkitClient,
    options: *const OfferkitListOffersOptions,
) -> Query<OfferList, OfferkitOfferList> {
    let core = client.shared.core.clone();
    let options = OfferkitListOffersOptions::to_core(options);
    Query::new(
        async move {
            Ok(match options.per_page {
                Some(per_page) => {
                    core.list_offers_pager_from(per_page, options.page.unwrap_or(1))?
                        .collect_all()
                        .await?
                }
                None => {
                    let page = core.list_offers(options).await?;
                    OfferList {
                        offers: page.offers,
                        skipped: page.skipped,
                    }
                }
            })
        },
        OfferkitOfferList::from_all_pages,
    )
}

/// Blocking `GET /v1/offers` with `options` (NULL: everything unset; copied): without
/// `per_page` every offer at once (no pagination); with `per_page` (1 to 100), page `page`
/// (unset: the first) and its pagination (`offerkit_offer_list_pagination`). A `page` without
/// `per_page` is `INVALID_ARGUMENT`, as is any value out of bounds (core's messages).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_offers(
    client: *const OfferkitClient,
    options: *const OfferkitListOffersOptions,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_list, "out_list")?;
        listing(client, options).block("offerkit_client_list_offers", out)
    })
}

/// Asynchronous `GET /v1/offers` (see `offerkit_client_offers_async` for the request rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_offers_async(
    client: *const OfferkitClient,
    options: *const OfferkitListOffersOptions,
    callback: OfferkitOfferListCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            Ok(listing(client, options))
        })
    })
}

/// Blocking listing of every page with `options` (NULL: everything unset; copied): with
/// `per_page` (1 to 100), `per_page` offers per request from page `page` (unset: 1) while the
/// service says there are more; without `per_page`, the one answer that holds every offer.
/// One list of every offer (no pagination), its skipped items numbered across the walk. Each
/// page is one call within the deadline, so this blocks for at most `max_pages` deadlines; a
/// walk that does not advance, or needs more than `max_pages` pages, fails with
/// `OFFERKIT_STATUS_DECODE`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_all_offers(
    client: *const OfferkitClient,
    options: *const OfferkitListOffersOptions,
    out_list: *mut *mut OfferkitOfferList,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let out = Out::required(out_list, "out_list")?;
        all_pages(client, options).block("offerkit_client_list_all_offers", out)
    })
}

/// Asynchronous listing of every page (see `offerkit_client_offers_async` for the rules).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_list_all_offers_async(
    client: *const OfferkitClient,
    options: *const OfferkitListOffersOptions,
    callback: OfferkitOfferListCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            Ok(all_pages(client, options))
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Raw GraphQL: variables as JSON text (read by core's `graphql_variables`), `data` as JSON text

/// The raw query, its arguments checked: variables that are not JSON are `INVALID_ARGUMENT` with
/// a field entry naming `variables_json`, returned by the call itself.
fn graphql(
    client: &OfferkitClient,
    document: *const c_char,
    variables_json: *const c_char,
) -> Result<Query<String, c_char>, Failure> {
    let document = strings::required(document, "document")?.to_string();
    let variables = strings::optional(variables_json, "variables_json")?
        .map(|text| offerkit::graphql_variables("variables_json", text))
        .transpose()?;
    let core = client.shared.core.clone();
    Ok(Query::new(
        async move {
            Ok(core
                .graphql(&document, variables)
                .await?
                .data_json()
                .to_owned())
        },
        strings::into_owned,
    ))
}

/// Blocking raw GraphQL: `document` with `variables_json` (a JSON object text, or NULL). On
/// success `*out_data_json` owns the response's `data` as the JSON text the service sent, byte
/// for byte: any depth, every number as written (never parsed and re-written). A response with `errors`
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
    fallible!(out_error, || {
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
    fallible!(out_error, || {
        query::started(client, callback, user_data, out_request, |client| {
            graphql(client, document, variables_json)
        })
    })
}
