//! Requests go through the proxy the config names, and nowhere near one otherwise.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::time::Duration;

use offerkit::{ErrorKind, OfferClient, OffersOptions, Proxy};
use offerkit_sim::ForwardProxy;

fn one() -> OffersOptions {
    OffersOptions {
        limit: Some(1),
        ..Default::default()
    }
}

#[tokio::test]
async fn an_explicit_proxy_carries_every_request() {
    let sim = common::sim().await;
    let proxy = ForwardProxy::start().await.unwrap();
    let mut config =
        common::builtin_config(&sim).with_access_token(sim.issue_token(Duration::from_secs(60)));
    config.proxy = Proxy::Url(proxy.url());
    let client = OfferClient::new(config).unwrap();
    assert_eq!(client.offers("demo", &one()).await.unwrap().len(), 1);
    assert!(
        proxy.connections() >= 1,
        "the request went through the proxy"
    );
    assert_eq!(sim.stats().graphql, 1);
}

#[tokio::test]
async fn without_a_proxy_setting_client_builds_connect_directly() {
    let sim = common::sim().await;
    let proxy = ForwardProxy::start().await.unwrap();
    let mut config =
        common::builtin_config(&sim).with_access_token(sim.issue_token(Duration::from_secs(60)));
    config.proxy = Proxy::None;
    let client = OfferClient::new(config).unwrap();
    client.offers("demo", &one()).await.unwrap();
    assert_eq!(proxy.connections(), 0);
}

#[tokio::test]
async fn an_unreachable_proxy_is_a_network_error() {
    let sim = common::sim().await;
    let mut config = common::builtin_config(&sim)
        .with_access_token(sim.issue_token(Duration::from_secs(60)))
        .with_retry(offerkit::RetryPolicy::none());
    config.proxy = Proxy::Url("http://127.0.0.1:1".into());
    let err = OfferClient::new(config)
        .unwrap()
        .offers("demo", &one())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(sim.stats().graphql, 0);
}

#[test]
fn client_builds_default_to_no_proxy_and_server_builds_to_the_environment() {
    let expected = if cfg!(feature = "server") {
        Proxy::System
    } else {
        Proxy::None
    };
    assert_eq!(offerkit::ClientConfig::new("https://x").proxy, expected);
}
