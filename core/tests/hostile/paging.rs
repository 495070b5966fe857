//! Pagination that never ends: `playerOffers` cursors that cycle (A→B→A, A→A) or keep coming
//! fresh on empty pages, `next_cursor` of the wrong type, and a listing whose `next_page` does
//! not grow, goes backwards, or stays null while `has_more_pages` stays true. Every walk ends
//! with a `decode` error, and the server's request count shows it never passed `max_pages`.

use offerkit::{CacheConfig, ErrorKind, OfferClient, PlayerOffersOptions};

use super::server::{Request, Server, Step, json, ok};
use super::{DEADLINE, bounded, client, config};

/// Small, so a runaway walk is caught quickly.
const MAX_PAGES: u32 = 20;

fn capped(server: &Server) -> OfferClient {
    let mut config = config(server);
    config.max_pages = MAX_PAGES;
    OfferClient::new(config).unwrap()
}

/// A `playerOffers` page with one item and `cursor` (JSON text) as `next_cursor`.
fn page(item_id: &str, cursor: &str) -> String {
    format!(
        r#"{{"data":{{"playerOffers":{{"items":[{{"id":"{item_id}","name":"n","status":"completed"}}],"next_cursor":{cursor}}}}}}}"#
    )
}

/// The `after` each request sent (None for the first page).
fn afters(server: &Server) -> Vec<Option<String>> {
    server
        .requests()
        .iter()
        .map(|r| {
            r.variable("after")
                .and_then(|v| v.as_str().map(str::to_owned))
        })
        .collect()
}

async fn walk(client: &OfferClient) -> offerkit::Result<Vec<offerkit::PlayerOffer>> {
    let pager = client
        .player_offers_pager("player-1", PlayerOffersOptions::default())
        .unwrap();
    bounded(DEADLINE * 10, pager.collect_all())
        .await
        .map(|page| page.items)
}

fn cycling(request: &Request, next: fn(Option<&str>) -> &'static str) -> String {
    let after = request.variable("after");
    page(
        "1",
        &format!("\"{}\"", next(after.as_ref().and_then(|v| v.as_str()))),
    )
}

#[tokio::test]
async fn cursors_cycling_a_b_a_end_the_walk_with_decode() {
    let server = Server::start(|_, request| {
        ok(&cycling(request, |after| match after {
            None | Some("B") => "A",
            Some(_) => "B",
        }))
    })
    .await;
    let err = walk(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(
        afters(&server),
        [None, Some("A".to_owned()), Some("B".to_owned())],
        "stops when A comes back"
    );
}

#[tokio::test]
async fn a_cursor_repeating_itself_ends_the_walk_with_decode() {
    let server = Server::start(|_, request| ok(&cycling(request, |_| "A"))).await;
    let err = walk(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(afters(&server), [None, Some("A".to_owned())]);
}

#[tokio::test]
async fn a_start_cursor_coming_back_ends_the_walk() {
    let server = Server::start(|_, request| ok(&cycling(request, |_| "start"))).await;
    let client = capped(&server);
    let options = PlayerOffersOptions {
        after: Some("start".into()),
        ..Default::default()
    };
    let pager = client.player_offers_pager("player-1", options).unwrap();
    let err = bounded(DEADLINE * 10, pager.collect_all())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn endless_empty_pages_with_fresh_cursors_stop_at_max_pages() {
    let server = Server::start(|n, _| {
        ok(&format!(
            r#"{{"data":{{"playerOffers":{{"items":[],"next_cursor":"fresh-{n}"}}}}}}"#
        ))
    })
    .await;
    let err = walk(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert!(err.message().contains(&MAX_PAGES.to_string()), "{err}");
    assert_eq!(
        server.request_count(),
        MAX_PAGES as usize,
        "never more than max_pages"
    );
}

#[tokio::test]
async fn a_next_cursor_of_the_wrong_type_is_decode_with_status_200() {
    for cursor in ["7", "{}", r#"["A"]"#, "true", "1e400"] {
        let body = page("1", cursor);
        let server = Server::always(move || ok(&body)).await;
        let err = bounded(
            DEADLINE * 10,
            client(&server).player_offers("player-1", &PlayerOffersOptions::default()),
        )
        .await
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{cursor}: {err}");
        assert_eq!(err.http_status(), Some(200), "{cursor}");
    }
}

#[tokio::test]
async fn player_offers_of_nothing_but_bad_items_is_decode() {
    let body = r#"{"data":{"playerOffers":{"items":[null,"x",5],"next_cursor":null}}}"#;
    let server = Server::always(move || ok(body)).await;
    let err = bounded(
        DEADLINE * 10,
        client(&server).player_offers("player-1", &PlayerOffersOptions::default()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
}

/// The `page` query parameter of a listing request (1 when absent).
fn page_of(request: &Request) -> i64 {
    request
        .target
        .split(['?', '&'])
        .find_map(|pair| pair.strip_prefix("page="))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// A listing page `page` whose pagination says `has_more` and `next_page` (JSON text).
fn listing(page: i64, has_more: bool, next_page: &str) -> String {
    format!(
        r#"{{"status":"success","data":{{"offers":[{{"id":"{page}"}}],"pagination":{{"current_page":{page},"per_page":1,"has_more_pages":{has_more},"next_page":{next_page}}}}}}}"#
    )
}

async fn list_all(client: &OfferClient) -> offerkit::Result<Vec<offerkit::Offer>> {
    let pager = client.list_offers_pager(1).unwrap();
    bounded(DEADLINE * 10, pager.collect_all())
        .await
        .map(|list| list.offers)
}

#[tokio::test]
async fn a_listing_whose_next_page_does_not_grow_ends_with_decode() {
    let server = Server::start(|_, request| {
        let page = page_of(request);
        ok(&listing(page, true, &page.to_string()))
    })
    .await;
    let err = list_all(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_listing_whose_next_page_goes_backwards_ends_with_decode() {
    let server = Server::start(|_, request| {
        let page = page_of(request);
        let next = if page == 1 { 2 } else { 1 };
        ok(&listing(page, true, &next.to_string()))
    })
    .await;
    let err = list_all(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    let pages: Vec<i64> = server.requests().iter().map(page_of).collect();
    assert_eq!(pages, [1, 2]);
}

#[tokio::test]
async fn more_pages_with_a_null_next_page_forever_stop_at_max_pages() {
    let server = Server::start(|_, request| ok(&listing(page_of(request), true, "null"))).await;
    let err = list_all(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(
        server.request_count(),
        MAX_PAGES as usize,
        "never more than max_pages"
    );
    let pages: Vec<i64> = server.requests().iter().map(page_of).collect();
    assert_eq!(
        pages,
        (1..=i64::from(MAX_PAGES)).collect::<Vec<_>>(),
        "page by page"
    );
}

#[tokio::test]
async fn a_pagination_object_of_the_wrong_shape_is_decode_with_status_200() {
    for pagination in [
        r#""1 of 3""#,
        r#"{"current_page":"1","per_page":1,"has_more_pages":false,"next_page":null}"#,
        r#"{"current_page":1,"per_page":1,"has_more_pages":"no","next_page":null}"#,
        r#"{"current_page":1,"per_page":1,"has_more_pages":true,"next_page":"2"}"#,
        "null",
    ] {
        let body =
            format!(r#"{{"status":"success","data":{{"offers":[],"pagination":{pagination}}}}}"#);
        let server = Server::always(move || ok(&body)).await;
        let err = list_all(&capped(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{pagination}: {err}");
        assert_eq!(err.http_status(), Some(200), "{pagination}");
    }
}

/// A walk refused for what an answer said carries that answer's status: here a 2xx other
/// than 200, so a status made up as "200" would fail the test.
#[tokio::test]
async fn a_refused_walk_carries_the_status_of_the_answer_that_broke_it() {
    let server =
        Server::start(|_, request| vec![Step::Send(json(203, &cycling(request, |_| "A")))]).await;
    let err = walk(&capped(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(203), "{err}");

    // The listing, through the cache, whose entries keep the status they arrived with.
    let server = Server::start(|_, request| {
        let page = page_of(request);
        vec![Step::Send(json(
            206,
            &listing(page, true, &page.to_string()),
        ))]
    })
    .await;
    let mut config = super::config(&server);
    config.cache = Some(CacheConfig::default());
    let client = OfferClient::new(config).unwrap();
    client
        .list_offers(offerkit::ListingOptions {
            per_page: Some(1),
            page: Some(1),
        })
        .await
        .unwrap();
    let err = list_all(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(206), "{err}");
    assert_eq!(
        server.request_count(),
        1,
        "the walk's first page came from the cache"
    );
}
