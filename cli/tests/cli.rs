//! The CLI contract, run as a real process: JSON documents, error documents, exit codes,
//! environment variables, the embedded simulator and `offerkit sim`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use offerkit_sim::{Fault, FaultKind, SimConfig, Simulator};
use serde_json::Value;

fn offerkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args(args)
        .env_remove("OFFERKIT_BASE_URL")
        .env_remove("OFFERKIT_ACCESS_TOKEN")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .output()
        .expect("offerkit runs")
}

fn json(output: &Output) -> Value {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "exactly one JSON document: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally")
}

/// The embedded simulator uses the default seed, so an in-test simulator has the same data.
async fn sim() -> Simulator {
    Simulator::start(SimConfig::default()).await.unwrap()
}

fn error_kind(output: &Output) -> String {
    let doc = json(output);
    let error = doc["error"].as_object().expect("error document");
    for key in [
        "kind",
        "message",
        "http_status",
        "fields",
        "reason",
        "retry_after_secs",
    ] {
        assert!(error.contains_key(key), "error document has {key}");
    }
    error["kind"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_json_is_the_players_offers_from_the_embedded_simulator() {
    let reference = sim().await;
    let out = offerkit(&["--json", "offers", "--player-id", "demo"]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let doc = json(&out);
    let ids: Vec<&str> = doc
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, reference.targeted_offer_ids("demo"));
    let first = &doc[0];
    assert!(first["name"].is_string() && first["total_payout_usd"].is_number());
    assert!(first["creatives"]["description"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_select_merges_extra_fields_as_sent() {
    let out = offerkit(&[
        "--json",
        "offers",
        "--player-id",
        "demo",
        "--limit",
        "2",
        "--sort",
        "epc.desc",
        "--language",
        "de",
        "--select",
        "links { click_url } campaign_id",
    ]);
    assert_eq!(code(&out), 0);
    let doc = json(&out);
    assert_eq!(doc.as_array().unwrap().len(), 2);
    for offer in doc.as_array().unwrap() {
        assert!(
            offer["links"]["click_url"]
                .as_str()
                .unwrap()
                .contains("player_id=demo")
        );
        assert!(offer["campaign_id"].is_i64());
    }
}

#[test]
fn human_output_is_a_table_and_errors_are_one_line_on_stderr() {
    let out = offerkit(&["offers", "--player-id", "demo", "--limit", "3"]);
    assert_eq!(code(&out), 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("ID"), "{text}");
    assert!(
        text.contains("PAYOUT USD") && text.contains("3 offer(s)"),
        "{text}"
    );

    let out = offerkit(&["offers", "--player-id", "demo", "--sort", "epc"]);
    assert_eq!(code(&out), 2);
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("must be a dot separated string"), "{err}");
}

#[test]
fn invalid_arguments_exit_2_with_fields() {
    let out = offerkit(&[
        "--json",
        "offers",
        "--player-id",
        "demo",
        "--limit",
        "0",
        "--sort",
        "x.y",
    ]);
    assert_eq!(code(&out), 2);
    let doc = json(&out);
    assert_eq!(doc["error"]["kind"], "invalid_argument");
    let field = &doc["error"]["fields"][0];
    assert_eq!(field["path"], serde_json::json!(["offers"]));
    assert_eq!(
        field["arguments"]["limit"][0],
        "The limit field must be at least 1."
    );
    assert_eq!(field["arguments"]["sort"].as_array().unwrap().len(), 2);
    assert_eq!(code(&offerkit(&["offers"])), 2, "usage errors exit 2");
    assert_eq!(
        code(&offerkit(&[
            "--json",
            "--timeout",
            "0",
            "offers",
            "--player-id",
            "p"
        ])),
        2
    );
    // The bounds of a setting are the client's, named as the client names them.
    let out = offerkit(&["--json", "--timeout", "90000", "offers", "--player-id", "p"]);
    assert_eq!(code(&out), 2);
    let error = &json(&out)["error"];
    assert_eq!(error["kind"], "invalid_argument");
    assert_eq!(error["fields"][0]["path"], serde_json::json!(["config"]));
    assert_eq!(
        error["fields"][0]["arguments"]["timeout"][0],
        "90000000 ms is not between 1 ms and 24 h"
    );
    let out = offerkit(&["--json", "--deadline=-1", "offers", "--player-id", "p"]);
    assert_eq!(
        json(&out)["error"]["message"],
        "--deadline must be a number of seconds, got -1"
    );
    let out = offerkit(&["--json", "list-offers", "--page", "2"]);
    assert_eq!(
        (code(&out), error_kind(&out).as_str()),
        (2, "invalid_argument")
    );
}

#[test]
fn convention_breaking_ids_are_sent_with_a_warning() {
    let out = offerkit(&[
        "--json",
        "offers",
        "--player-id",
        "Player.One",
        "--limit",
        "1",
    ]);
    assert_eq!(code(&out), 0);
    assert_eq!(json(&out).as_array().unwrap().len(), 1);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("warning") && err.contains("uppercase") && err.contains("periods"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn player_offers_one_page_and_all_pages() {
    let reference = sim().await;
    let out = offerkit(&[
        "--json",
        "player-offers",
        "--player-id",
        "demo",
        "--limit",
        "3",
    ]);
    assert_eq!(code(&out), 0);
    let page = json(&out);
    assert_eq!(page["items"].as_array().unwrap().len(), 3);
    let cursor = page["next_cursor"].as_str().unwrap().to_string();

    let out = offerkit(&[
        "--json",
        "player-offers",
        "--player-id",
        "demo",
        "--limit",
        "3",
        "--after",
        &cursor,
    ]);
    assert_eq!(code(&out), 0);
    assert_ne!(json(&out)["items"][0]["id"], page["items"][0]["id"]);

    let out = offerkit(&[
        "--json",
        "player-offers",
        "--player-id",
        "demo",
        "--limit",
        "4",
        "--all",
    ]);
    let all = json(&out);
    assert!(all["next_cursor"].is_null());
    let ids: Vec<&str> = all["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, reference.player_offer_ids("demo"));

    let out = offerkit(&[
        "--json",
        "player-offers",
        "--player-id",
        "demo",
        "--after",
        "forged",
    ]);
    assert_eq!(code(&out), 4);
    let doc = json(&out);
    assert_eq!(doc["error"]["kind"], "invalid_cursor");
    assert!(doc["error"]["reason"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_offers_page_unpaginated_and_all() {
    let reference = sim().await;
    let total = reference.catalogue().len();
    let out = offerkit(&["--json", "list-offers"]);
    let doc = json(&out);
    assert_eq!(doc["offers"].as_array().unwrap().len(), total);
    assert!(doc["pagination"].is_null());

    let doc = json(&offerkit(&[
        "--json",
        "list-offers",
        "--per-page",
        "10",
        "--page",
        "2",
    ]));
    assert_eq!(doc["pagination"]["current_page"], 2);
    assert_eq!(doc["pagination"]["next_page"], 3);

    let doc = json(&offerkit(&[
        "--json",
        "list-offers",
        "--all",
        "--per-page",
        "7",
    ]));
    assert_eq!(doc.as_array().unwrap().len(), total);
}

#[test]
fn graphql_success_and_mapped_errors() {
    let doc = json(&offerkit(&[
        "--json",
        "graphql",
        "--query",
        "query($p: String!) { links(player_id: $p) { support_portal } }",
        "--variables",
        r#"{"p": "demo"}"#,
    ]));
    assert!(doc["data"]["links"]["support_portal"].is_string());
    assert_eq!(doc["errors"], serde_json::json!([]));

    let out = offerkit(&[
        "--json",
        "graphql",
        "--query",
        "{ offers(player_id: \"p\", limit: 0) { id } }",
    ]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (4, "validation"));
    let out = offerkit(&["--json", "graphql", "--query", "{ nope }"]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (4, "query"));
    let out = offerkit(&[
        "--json",
        "graphql",
        "--query",
        "{ x }",
        "--variables",
        "not json",
    ]);
    assert_eq!(
        (code(&out), error_kind(&out).as_str()),
        (2, "invalid_argument")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn base_url_and_token_from_the_environment_and_auth_exit_codes() {
    let sim = sim().await;
    let token = sim.issue_token(Duration::from_secs(600));
    let run = |token: &str| {
        Command::new(env!("CARGO_BIN_EXE_offerkit"))
            .args(["--json", "links", "--player-id", "demo"])
            .env("OFFERKIT_BASE_URL", sim.base_url())
            .env("OFFERKIT_ACCESS_TOKEN", token)
            .output()
            .unwrap()
    };
    let out = run(&token);
    assert_eq!(code(&out), 0);
    assert!(json(&out)["support_portal"].is_string());
    assert_eq!(
        sim.stats().graphql,
        1,
        "the request went to the given base URL"
    );

    let out = run("not-a-token");
    assert_eq!((code(&out), error_kind(&out).as_str()), (3, "unauthorized"));
    assert_eq!(json(&out)["error"]["http_status"], 401);
    let out = run(&sim.issue_token_without_scope());
    assert_eq!((code(&out), error_kind(&out).as_str()), (3, "forbidden"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transport_failures_exit_5_or_6() {
    let sim = sim().await;
    let token = sim.issue_token(Duration::from_secs(600));
    let base = sim.base_url();
    let run = |extra: &[&str]| {
        let mut args = vec!["--json", "--base-url", &base, "--access-token", &token];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["offers", "--player-id", "demo"]);
        offerkit(&args)
    };
    let status = |status: u16, retry_after_secs: Option<u64>| FaultKind::Status {
        status,
        retry_after_secs,
        body: None,
    };

    sim.inject(Fault::new(status(429, Some(9))));
    let out = run(&[]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (5, "rate_limited"));
    assert_eq!(json(&out)["error"]["retry_after_secs"], 9);

    sim.inject(Fault::new(status(500, None)));
    let out = run(&[]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (6, "server"));

    sim.inject(Fault::new(FaultKind::MalformedJson));
    let out = run(&[]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (6, "decode"));

    sim.inject(Fault::new(FaultKind::Latency { ms: 5000 }).times(3));
    let out = run(&["--timeout", "0.2"]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (6, "timeout"));
    sim.clear_faults();

    let out = offerkit(&[
        "--json",
        "--base-url",
        "http://127.0.0.1:9",
        "--access-token",
        "t",
        "links",
        "--player-id",
        "p",
    ]);
    assert_eq!((code(&out), error_kind(&out).as_str()), (6, "network"));
    let out = offerkit(&[
        "--json",
        "--base-url",
        "http://offers.example.com",
        "links",
        "--player-id",
        "p",
    ]);
    assert_eq!(
        (code(&out), error_kind(&out).as_str()),
        (2, "invalid_argument")
    );
}

#[test]
fn sim_command_prints_its_address_and_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args(["sim", "--port", "0", "--seed", "7"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("{line}"))
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    // It serves the offers endpoint (and wants a token).
    let out = offerkit(&[
        "--json",
        "--base-url",
        &url,
        "--access-token",
        "x",
        "links",
        "--player-id",
        "p",
    ]);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!((code(&out), error_kind(&out).as_str()), (3, "unauthorized"));
}
