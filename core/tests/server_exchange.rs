//! The refresh-token exchange against the simulator: the grant, every error status the spec
//! names (415 through the test hook), one exchange for many concurrent callers, refreshing
//! ahead of expiry and once after a 401 when plugged into an `OfferClient`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "server")]

mod common;

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use common::{config, sim};
use offerkit::server::{RefreshToken, TokenExchanger};
use offerkit::{ErrorKind, OfferClient, OffersOptions, jwt_expiry_unix};
use offerkit_sim::{Fault, FaultKind, NO_PERMISSION_REFRESH_TOKEN, SimConfig, Simulator};

const REFRESH: &str = "sim-refresh-token";
const TOKEN_PATH: &str = "/v1/users/token";

fn exchanger(sim: &Simulator, refresh: &str) -> TokenExchanger {
    TokenExchanger::new(&config(sim), RefreshToken::new(refresh)).expect("exchanger builds")
}

fn status_fault(status: u16, body: Option<&str>) -> Fault {
    Fault::new(FaultKind::Status {
        status,
        retry_after_secs: None,
        body: body.map(str::to_owned),
    })
    .on_path(TOKEN_PATH)
}

#[tokio::test]
async fn grant_carries_the_jwt_expiry_and_works_on_the_offer_endpoint() {
    let sim = sim().await;
    let grant = exchanger(&sim, REFRESH).exchange().await.unwrap();
    assert_eq!(grant.message, "Authorized");
    assert_eq!(grant.expires_in, Duration::from_secs(3600));
    let exp = jwt_expiry_unix(grant.access_token.secret()).expect("a JWT");
    let expires_at = grant.expires_at().unwrap();
    assert_eq!(
        expires_at
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64,
        exp
    );
    assert_eq!(sim.stats().token, 1);
    let client =
        OfferClient::new(config(&sim).with_access_token(grant.access_token.secret())).unwrap();
    assert!(
        !client
            .offers("p1", &OffersOptions::default())
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn opaque_tokens_expire_after_expires_in() {
    let sim = sim().await;
    sim.inject(status_fault(
        201,
        Some(r#"{"message":"Authorized","access_token":"opaque-token","expires_in":"120"}"#),
    ));
    let grant = exchanger(&sim, REFRESH).exchange().await.unwrap();
    assert_eq!(grant.access_token.secret(), "opaque-token");
    assert_eq!(grant.expires_in, Duration::from_secs(120));
    let left = grant
        .expires_at()
        .unwrap()
        .duration_since(SystemTime::now())
        .unwrap();
    assert!(left <= Duration::from_secs(120) && left > Duration::from_secs(60));
}

#[tokio::test]
async fn each_error_status_maps_to_its_kind() {
    let sim = sim().await;
    let err = exchanger(&sim, "not-the-refresh-token")
        .exchange()
        .await
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Unauthorized, Some(401))
    );
    assert!(err.message().contains("invalid or expired"), "{err}");

    let err = exchanger(&sim, NO_PERMISSION_REFRESH_TOKEN)
        .exchange()
        .await
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Forbidden, Some(403))
    );

    let wrong_type =
        TokenExchanger::with_content_type_for_tests(&config(&sim), REFRESH, "application/json")
            .unwrap();
    let err = wrong_type.exchange().await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::UnsupportedMediaType, Some(415))
    );
    assert!(err.message().contains("x-www-form-urlencoded"), "{err}");

    let err = exchanger(&sim, "").exchange().await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Unprocessable, Some(422))
    );
    assert_eq!(err.fields().len(), 1);
    assert!(err.fields()[0].path.is_empty());
    assert_eq!(
        err.fields()[0].arguments["refresh_token"],
        ["The refresh token field is required."]
    );
    assert_eq!(sim.stats().token, 4, "every case reached the service");
}

#[tokio::test]
async fn malformed_grants_are_decode_errors_and_5xx_is_retried() {
    let sim = sim().await;
    for body in [
        r#"{"message":"Authorized"}"#,
        "not json",
        r#"{"access_token":"opaque"}"#,
    ] {
        sim.inject(status_fault(201, Some(body)));
        let err = exchanger(&sim, REFRESH).exchange().await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{body}: {err}");
    }
    sim.reset_stats();
    sim.inject(status_fault(503, None));
    let grant = exchanger(&sim, REFRESH).exchange().await.unwrap();
    assert!(!grant.access_token.secret().is_empty());
    assert_eq!(sim.stats().token, 2, "one retry after the 503");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_concurrent_callers_share_one_exchange() {
    let sim = sim().await;
    // A slow exchange keeps the first one in flight while the others arrive.
    sim.inject(Fault::new(FaultKind::Latency { ms: 300 }).on_path(TOKEN_PATH));
    let exchanger = exchanger(&sim, REFRESH);
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let exchanger = exchanger.clone();
        tasks.push(tokio::spawn(async move { exchanger.access_token().await }));
    }
    let mut secrets = Vec::new();
    for task in tasks {
        secrets.push(task.await.unwrap().unwrap().secret().to_owned());
    }
    secrets.dedup();
    assert_eq!(secrets.len(), 1, "every caller got the same token");
    assert_eq!(sim.stats().token, 1);

    // Several clients sharing the exchanger: still that one exchange.
    let clients: Vec<OfferClient> = (0..4)
        .map(|_| OfferClient::new(config(&sim).with_token_provider(exchanger.clone())).unwrap())
        .collect();
    let mut tasks = Vec::new();
    for i in 0..20 {
        let client = clients[i % clients.len()].clone();
        tasks.push(tokio::spawn(async move {
            client.links("p", &Default::default()).await
        }));
    }
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let stats = sim.stats();
    assert_eq!((stats.token, stats.graphql), (1, 20));
}

#[tokio::test]
async fn refreshes_ahead_of_expiry() {
    let sim = Simulator::start(SimConfig {
        token_ttl: Duration::from_secs(30),
        ..SimConfig::default()
    })
    .await
    .unwrap();
    // Skew 60 s > lifetime 30 s: every cached token is already due for refresh.
    let mut eager = config(&sim);
    eager.token_refresh_skew = Duration::from_secs(60);
    let eager = TokenExchanger::new(&eager, REFRESH).unwrap();
    eager.access_token().await.unwrap();
    eager.access_token().await.unwrap();
    assert_eq!(sim.stats().token, 2, "refreshed ahead of expiry");

    sim.reset_stats();
    let mut relaxed = config(&sim);
    relaxed.token_refresh_skew = Duration::from_secs(10);
    let relaxed = TokenExchanger::new(&relaxed, REFRESH).unwrap();
    let first = relaxed.access_token().await.unwrap();
    let second = relaxed.access_token().await.unwrap();
    assert_eq!(first, second);
    assert_eq!(sim.stats().token, 1, "still fresh: served from the cache");
    relaxed.invalidate();
    relaxed.access_token().await.unwrap();
    assert_eq!(sim.stats().token, 2);
}

#[tokio::test]
async fn offer_client_refreshes_through_the_exchanger_ahead_of_expiry() {
    let sim = Simulator::start(SimConfig {
        token_ttl: Duration::from_secs(30),
        ..SimConfig::default()
    })
    .await
    .unwrap();
    // The default 60 s skew exceeds the 30 s lifetime: each request finds its token expiring.
    let http = config(&sim);
    let exchanger = TokenExchanger::new(&http, REFRESH).unwrap();
    let client = OfferClient::new(http.with_token_provider(exchanger)).unwrap();
    for expected in 1..=3 {
        client.links("p", &Default::default()).await.unwrap();
        assert_eq!(sim.stats().token, expected);
    }
    assert_eq!(sim.stats().graphql, 3);
}

#[tokio::test]
async fn offer_client_exchanges_and_refreshes_once_after_a_401() {
    let sim = sim().await;
    let exchanger = exchanger(&sim, REFRESH);
    let client = OfferClient::new(config(&sim).with_token_provider(exchanger.clone())).unwrap();
    client.offers("p", &OffersOptions::default()).await.unwrap();
    let first = exchanger.cached().unwrap();
    assert_eq!((sim.stats().token, sim.stats().graphql), (1, 1));

    let unauthorized = |times| {
        Fault::new(FaultKind::Status {
            status: 401,
            retry_after_secs: None,
            body: Some(r#"{"message":"Unauthenticated."}"#.into()),
        })
        .times(times)
        .on_path("/v1/offers")
    };
    sim.inject(unauthorized(1));
    client.offers("p", &OffersOptions::default()).await.unwrap();
    assert_eq!((sim.stats().token, sim.stats().graphql), (2, 3));
    assert_ne!(
        exchanger.cached().unwrap(),
        first,
        "a new token after the 401"
    );

    sim.inject(unauthorized(2));
    let err = client
        .offers("p", &OffersOptions::default())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
    let stats = sim.stats();
    assert_eq!(
        (stats.token, stats.graphql),
        (3, 5),
        "exactly one refresh per 401"
    );
}

#[tokio::test]
async fn exchanger_is_shareable_across_tasks() {
    fn assert_send_sync<T: Send + Sync + 'static>(_: &T) {}
    let sim = sim().await;
    let exchanger = Arc::new(exchanger(&sim, REFRESH));
    assert_send_sync(&exchanger);
    let handle = tokio::spawn({
        let exchanger = exchanger.clone();
        async move { exchanger.access_token().await.map(|t| t.secret().len()) }
    });
    assert!(handle.await.unwrap().unwrap() > 0);
}
