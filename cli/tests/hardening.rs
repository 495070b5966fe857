//! The CLI against a service that is not the simulator: sloppy and hostile answers, a wrong
//! path prefix, Retry-After storms, proxies — and the embedded simulator owning up on stderr.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::post;
use offerkit_sim::{Fault, FaultKind, ForwardProxy, SimConfig, Simulator};
use serde_json::Value;

fn offerkit(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_offerkit"));
    command.args(args);
    for name in [
        "OFFERKIT_BASE_URL",
        "OFFERKIT_ACCESS_TOKEN",
        "OFFERKIT_REPORTING_URL",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
        "NO_PROXY",
        "no_proxy",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().expect("offerkit runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

fn json(out: &Output) -> Value {
    let text = stdout(out);
    assert_eq!(text.lines().count(), 1, "one JSON document: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited normally")
}

/// A fake service on loopback answering `POST /v1/offers` and `GET /v1/offers` with fixed
/// bodies; returns its base URL.
async fn fake(graphql: &'static str, listing: &'static str) -> String {
    let body = |text: &'static str| {
        move || async move { ([(header::CONTENT_TYPE, "application/json")], text).into_response() }
    };
    let app = Router::new().route("/v1/offers", post(body(graphql)).get(body(listing)));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

fn deep(levels: usize) -> String {
    format!("{}{}", "[".repeat(levels), "]".repeat(levels))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untyped_fields_nested_past_any_parser_limit_print_as_sent() {
    let levels = 5000;
    let item = format!(r#"{{"id":"1","name":"Deep","x_deep":{}}}"#, deep(levels));
    let listing: &'static str = Box::leak(
        format!(r#"{{"status":"success","data":{{"offers":[{item}]}}}}"#).into_boxed_str(),
    );
    let graphql: &'static str = Box::leak(
        format!(
            r#"{{"data":{{"offers":[{{"id":"1","name":"Deep","total_payout_usd":1,"creatives":{{"name":"n","description":"d"}},"x_deep":{}}}]}}}}"#,
            deep(levels)
        )
        .into_boxed_str(),
    );
    let url = fake(graphql, listing).await;
    let base = ["--base-url", url.as_str(), "--access-token", "t"];
    // JSON prints the whole field; a table shows it cut to its column width.
    let whole = deep(levels);
    let cut = "[".repeat(40);
    for (command, expected) in [
        (vec!["--json", "list-offers"], whole.as_str()),
        (vec!["list-offers"], "1 offer(s)"),
        (vec!["--json", "offers", "--player-id", "p"], whole.as_str()),
        (
            vec!["offers", "--player-id", "p", "--select", "x_deep"],
            cut.as_str(),
        ),
    ] {
        let mut args = base.to_vec();
        args.extend(command.iter().copied());
        let out = offerkit(&args, &[]);
        assert_eq!(code(&out), 0, "{command:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains(expected), "{command:?}: {text:.200}");
        assert!(text.contains("Deep"), "{command:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_offers_are_skipped_with_a_line_on_stderr_each() {
    let graphql = r#"{"data":{"offers":[
        {"id":"1","name":"Good","total_payout_usd":1.5,"creatives":{"name":"n","description":"d"}},
        {"id":"2","name":null,"total_payout_usd":1,"creatives":{"name":"n","description":"d"}},
        {"id":"3","name":"No payout","creatives":{"name":"n","description":"d"}}]}}"#;
    let url = fake(graphql, "{}").await;
    let out = offerkit(
        &[
            "--json",
            "--base-url",
            &url,
            "--access-token",
            "t",
            "offers",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let doc = json(&out);
    let ids: Vec<&str> = doc
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["1"]);
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("skipped")).collect();
    assert_eq!(
        lines,
        [
            "offerkit: skipped a malformed offer: item 1 (id 2): name is null",
            "offerkit: skipped a malformed offer: item 2 (id 3): total_payout_usd is missing",
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_response_of_nothing_but_bad_offers_is_a_decode_error_with_its_status() {
    let url = fake(r#"{"data":{"offers":[null,{"id":"1"}]}}"#, "{}").await;
    let out = offerkit(
        &[
            "--json",
            "--base-url",
            &url,
            "--access-token",
            "t",
            "offers",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert_eq!(code(&out), 6);
    let error = &json(&out)["error"];
    assert_eq!(
        (error["kind"].as_str(), error["http_status"].as_u64()),
        (Some("decode"), Some(200))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_simulator_owns_up_on_stderr_and_only_when_it_answered() {
    let notice = "the embedded simulator answered (sample data, not the real service)";
    let out = offerkit(
        &["--json", "offers", "--player-id", "demo", "--limit", "1"],
        &[],
    );
    assert_eq!(code(&out), 0);
    assert_eq!(json(&out).as_array().unwrap().len(), 1, "stdout unchanged");
    let err = stderr(&out);
    assert_eq!(
        err.lines().filter(|l| l.contains(notice)).count(),
        1,
        "{err}"
    );
    assert!(err.contains("no --base-url given"), "{err}");

    let out = offerkit(
        &[
            "--json",
            "report",
            "--group-by",
            "date",
            "--start",
            "2026-01-01 00:00:00",
            "--end",
            "2026-01-02 00:00:00",
        ],
        &[],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(json(&out).is_array());
    assert!(
        stderr(&out).contains("no --reporting-url given"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains(notice));

    // Refused before any request: nothing answered, nothing to own up to.
    let out = offerkit(&["offers", "--player-id", "demo", "--sort", "epc"], &[]);
    assert_eq!(code(&out), 2);
    assert!(!stderr(&out).contains(notice), "{}", stderr(&out));

    // A real base URL: no notice.
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    let out = offerkit(
        &[
            "--base-url",
            &sim.base_url(),
            "--access-token",
            &token,
            "links",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert_eq!(code(&out), 0);
    assert!(!stderr(&out).contains(notice));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selection_replaces_and_select_adds() {
    let offers = offerkit(
        &[
            "--json",
            "offers",
            "--player-id",
            "demo",
            "--limit",
            "2",
            "--selection",
            "id tracking_type",
        ],
        &[],
    );
    assert_eq!(code(&offers), 0, "{}", stderr(&offers));
    for offer in json(&offers).as_array().unwrap() {
        let mut keys: Vec<&str> = offer
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["id", "tracking_type"]);
    }
    let added = offerkit(
        &[
            "--json",
            "links",
            "--player-id",
            "demo",
            "--select",
            "offerwall",
        ],
        &[],
    );
    let keys: Vec<String> = json(&added).as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["offerwall", "support_portal"]);
    let replaced = offerkit(
        &[
            "--json",
            "links",
            "--player-id",
            "demo",
            "--selection",
            "offerwall",
        ],
        &[],
    );
    let keys: Vec<String> = json(&replaced)
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(keys, ["offerwall"]);
    let page = offerkit(
        &[
            "--json",
            "player-offers",
            "--player-id",
            "demo",
            "--limit",
            "2",
            "--selection",
            "offers: items { id } next_cursor",
        ],
        &[],
    );
    assert_eq!(code(&page), 0, "{}", stderr(&page));
    let doc = json(&page);
    let items = doc["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(
        items
            .iter()
            .all(|i| i.as_object().unwrap().len() == 1 && i["id"].is_string())
    );
    assert!(doc["next_cursor"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_path_prefix_is_rejected_with_its_status() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    let base = format!("{}/gateway", sim.base_url());
    let out = offerkit(
        &[
            "--json",
            "--base-url",
            &base,
            "--access-token",
            &token,
            "offers",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert_eq!(code(&out), 4);
    let error = &json(&out)["error"];
    assert_eq!(error["kind"], "rejected");
    assert_eq!(error["http_status"], 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retry_after_storm_fails_at_the_deadline_with_the_value_sent() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 503,
            retry_after_secs: Some(30),
            body: None,
        })
        .times(100),
    );
    let started = Instant::now();
    let out = offerkit(
        &[
            "--json",
            "--deadline",
            "2",
            "--base-url",
            &sim.base_url(),
            "--access-token",
            &token,
            "offers",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "bounded by the deadline"
    );
    assert_eq!(code(&out), 6);
    let error = &json(&out)["error"];
    assert_eq!(
        (error["kind"].as_str(), error["retry_after_secs"].as_u64()),
        (Some("server"), Some(30))
    );
    assert_eq!(sim.stats().graphql, 1);
    let out = offerkit(&["--deadline", "0", "offers", "--player-id", "p"], &[]);
    assert_eq!(code(&out), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_honour_http_proxy_and_no_proxy() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    let proxy = ForwardProxy::start().await.unwrap();
    let args = [
        "--base-url",
        &sim.base_url(),
        "--access-token",
        &token,
        "links",
        "--player-id",
        "p",
    ];
    let out = offerkit(&args, &[("HTTP_PROXY", &proxy.url())]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(proxy.connections() >= 1, "went through HTTP_PROXY");
    let before = proxy.connections();
    let out = offerkit(
        &args,
        &[("HTTP_PROXY", &proxy.url()), ("NO_PROXY", "127.0.0.1")],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(proxy.connections(), before, "NO_PROXY bypassed it");
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_200_reports_its_status() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    sim.inject(Fault::new(FaultKind::MalformedJson));
    let out = offerkit(
        &[
            "--json",
            "--base-url",
            &sim.base_url(),
            "--access-token",
            &token,
            "offers",
            "--player-id",
            "p",
        ],
        &[],
    );
    assert_eq!(code(&out), 6);
    assert_eq!(json(&out)["error"]["http_status"], 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_pages_end_on_a_cursor_cycle_and_on_endless_empty_pages() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(Duration::from_secs(60));
    let args = [
        "--json",
        "--base-url",
        &sim.base_url(),
        "--access-token",
        &token,
        "player-offers",
        "--player-id",
        "demo",
        "--all",
    ];
    for mess in [
        offerkit_sim::Mess {
            cursor_cycle: true,
            ..Default::default()
        },
        offerkit_sim::Mess {
            endless_empty_pages: true,
            ..Default::default()
        },
    ] {
        sim.set_mess(mess);
        sim.reset_stats();
        let out = offerkit(&args, &[]);
        assert_eq!(code(&out), 6, "{}", stderr(&out));
        assert_eq!(json(&out)["error"]["kind"], "decode");
        assert!(sim.stats().graphql <= 1000, "bounded by the page cap");
    }
}
