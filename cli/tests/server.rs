//! The server-side CLI commands as a real process: `token`, the global `--refresh-token`
//! (exchange, refresh after a 401) and `report`, under the same JSON / error-document /
//! exit-code contract as the offer commands — and neither secret ever printed.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::process::{Command, Output};

use offerkit_sim::{
    EXPIRED_REPORT_API_KEY, Fault, FaultKind, NO_PERMISSION_REFRESH_TOKEN, REPORT_API_KEY,
    REPORT_RATE_LIMIT, SimConfig, Simulator,
};
use serde_json::Value;

const REFRESH: &str = "rt-cli-test-6d2e91";

fn offerkit(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_offerkit"));
    command.args(args);
    for var in [
        "OFFERKIT_BASE_URL",
        "OFFERKIT_ACCESS_TOKEN",
        "OFFERKIT_REFRESH_TOKEN",
        "OFFERKIT_REPORTING_URL",
        "OFFERKIT_REPORT_API_KEY",
        "OFFERKIT_LOG",
    ] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied());
    command.output().expect("offerkit runs")
}

fn json(output: &Output) -> Value {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "exactly one JSON document: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally")
}

fn error(output: &Output) -> (i32, String) {
    let doc = json(output);
    let kind = doc["error"]["kind"]
        .as_str()
        .expect("error document")
        .to_owned();
    (code(output), kind)
}

fn everything(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

async fn sim() -> Simulator {
    Simulator::start(SimConfig {
        refresh_token: REFRESH.into(),
        ..SimConfig::default()
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_prints_the_exchanged_access_token() {
    let sim = sim().await;
    let base = sim.base_url();
    let out = offerkit(
        &["--json", "--base-url", &base, "token"],
        &[("OFFERKIT_REFRESH_TOKEN", REFRESH)],
    );
    assert_eq!(code(&out), 0, "{}", everything(&out));
    let doc = json(&out);
    let mut keys: Vec<&str> = doc
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["access_token", "expires_at", "expires_in"]);
    assert_eq!(doc["expires_in"], 3600);
    let token = doc["access_token"].as_str().unwrap();
    assert_eq!(
        doc["expires_at"].as_i64(),
        offerkit::jwt_expiry_unix(token),
        "expires_at is the JWT exp"
    );
    assert_eq!(sim.stats().token, 1, "exactly one exchange");
    assert!(!everything(&out).contains(REFRESH));

    // The embedded simulator needs no flags at all.
    let out = offerkit(&["--json", "token"], &[]);
    assert_eq!(code(&out), 0, "{}", everything(&out));
    assert!(json(&out)["access_token"].is_string());
    let out = offerkit(&["token", "--refresh-token", "sim-refresh-token"], &[]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("access_token  ey") && text.contains("expires_in    3600 s"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn token_errors_follow_the_contract() {
    let sim = sim().await;
    let base = sim.base_url();
    let run = |refresh: &str| {
        offerkit(
            &[
                "--json",
                "--base-url",
                &base,
                "--refresh-token",
                refresh,
                "token",
            ],
            &[],
        )
    };
    let out = run("rt-wrong-4242");
    assert_eq!(error(&out), (3, "unauthorized".into()));
    assert_eq!(json(&out)["error"]["http_status"], 401);
    assert!(!everything(&out).contains("rt-wrong-4242"));
    assert_eq!(
        error(&run(NO_PERMISSION_REFRESH_TOKEN)),
        (3, "forbidden".into())
    );
    let out = run("");
    assert_eq!(error(&out), (4, "unprocessable".into()));
    assert_eq!(
        json(&out)["error"]["fields"][0]["arguments"]["refresh_token"][0],
        "The refresh token field is required."
    );
    let out = offerkit(&["--json", "--base-url", &base, "token"], &[]);
    assert_eq!(
        error(&out),
        (2, "invalid_argument".into()),
        "no refresh token given"
    );
    assert_eq!(sim.stats().token, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refresh_token_flag_exchanges_and_refreshes_once_after_a_401() {
    let sim = sim().await;
    let base = sim.base_url();
    let args = [
        "--json",
        "--base-url",
        &base,
        "links",
        "--player-id",
        "demo",
    ];
    let env = [
        ("OFFERKIT_REFRESH_TOKEN", REFRESH),
        ("OFFERKIT_LOG", "trace"),
    ];
    let out = offerkit(&args, &env);
    assert_eq!(code(&out), 0, "{}", everything(&out));
    assert!(json(&out)["support_portal"].is_string());
    assert_eq!((sim.stats().token, sim.stats().graphql), (1, 1));
    assert!(
        !everything(&out).contains(REFRESH),
        "not even in trace logs"
    );

    sim.reset_stats();
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 401,
            retry_after_secs: None,
            body: None,
        })
        .on_path("/v1/offers"),
    );
    let out = offerkit(&args, &env);
    assert_eq!(code(&out), 0, "{}", everything(&out));
    assert_eq!(
        (sim.stats().token, sim.stats().graphql),
        (2, 2),
        "one refresh after the 401"
    );

    sim.reset_stats();
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 401,
            retry_after_secs: None,
            body: None,
        })
        .times(2)
        .on_path("/v1/offers"),
    );
    let out = offerkit(&args, &env);
    assert_eq!(error(&out), (3, "unauthorized".into()));
    assert_eq!(
        (sim.stats().token, sim.stats().graphql),
        (2, 2),
        "and only one"
    );

    let out = offerkit(&args, &[("OFFERKIT_REFRESH_TOKEN", "rt-not-known")]);
    assert_eq!(error(&out), (3, "unauthorized".into()));
    assert!(
        json(&out)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("refresh token")
    );
}

const START: &str = "2025-03-01 00:00:00";
const END: &str = "2025-03-02 23:59:59";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn report_json_is_an_array_of_rows_and_every_flag_is_sent() {
    let sim = sim().await;
    let url = sim.base_url();
    let key = sim.issue_report_key(600);
    let out = offerkit(
        &[
            "--json",
            "report",
            "--reporting-url",
            &url,
            "--group-by",
            "app_id,date,country",
            "--start",
            START,
            "--end",
            END,
            "--fields",
            "app_id,date,country_name,payout,cver",
            "--apps",
            "1001,1003",
            "--countries",
            "de,HK",
            "--platforms",
            "android",
        ],
        &[("OFFERKIT_REPORT_API_KEY", &key), ("OFFERKIT_LOG", "trace")],
    );
    assert_eq!(code(&out), 0, "{}", everything(&out));
    let rows = json(&out);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2 * 2 * 2, "2 apps x 2 days x 2 countries");
    for row in rows {
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys.len(), 5, "{row}");
        assert!(matches!(row["app_id"].as_i64(), Some(1001 | 1003)));
        assert!(matches!(
            row["country_name"].as_str(),
            Some("Germany" | "Hong Kong")
        ));
        assert!(row["cver"].is_string());
    }
    assert_eq!(sim.stats().report, 1);
    assert!(
        !everything(&out).contains(&key),
        "the API key is never printed"
    );

    // The embedded simulator, offline.
    let out = offerkit(
        &[
            "--json",
            "report",
            "--group-by",
            "date",
            "--start",
            START,
            "--end",
            END,
        ],
        &[],
    );
    assert_eq!(code(&out), 0, "{}", everything(&out));
    assert_eq!(json(&out).as_array().unwrap().len(), 2);
}

#[test]
fn report_formats() {
    let base = [
        "report",
        "--group-by",
        "date",
        "--start",
        START,
        "--end",
        END,
    ];
    let csv = offerkit(
        &[
            &base[..],
            &["--format", "csv", "--fields", "date,payout,cver"],
        ]
        .concat(),
        &[],
    );
    let text = String::from_utf8(csv.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "date,payout,cver");
    assert_eq!(lines.len(), 3);
    assert!(lines[1].starts_with("2025-03-01,"), "{text}");

    let table = offerkit(&base, &[]);
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(
        text.starts_with("DATE") && text.contains("PAYOUT"),
        "{text}"
    );
    assert!(text.contains("2 row(s); times EST"), "{text}");

    let pretty = offerkit(&[&base[..], &["--format", "json"]].concat(), &[]);
    let value: Value = serde_json::from_slice(&pretty.stdout).unwrap();
    assert_eq!(value.as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn report_errors_follow_the_contract() {
    let sim = sim().await;
    let url = sim.base_url();
    let run = |key: &str, extra: &[&str]| {
        let mut args = vec![
            "--json",
            "report",
            "--reporting-url",
            &url,
            "--api-key",
            key,
        ];
        args.extend_from_slice(extra);
        offerkit(&args, &[])
    };
    let range = ["--start", START, "--end", END];
    fn with_range<'a>(range: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [range, extra].concat()
    }

    let out = run(REPORT_API_KEY, &with_range(&range, &["--group-by", "week"]));
    assert_eq!(error(&out), (2, "invalid_argument".into()));
    let out = run(
        REPORT_API_KEY,
        &with_range(&range, &["--group-by", "date", "--countries", "UK"]),
    );
    assert_eq!(error(&out), (2, "invalid_argument".into()));
    assert!(json(&out)["error"]["fields"][0]["arguments"]["countries.0"].is_array());
    let out = run(
        REPORT_API_KEY,
        &["--group-by", "date", "--start", "2025-03-01"],
    );
    assert_eq!(error(&out), (2, "invalid_argument".into()));
    let out = run(REPORT_API_KEY, &with_range(&range, &[]));
    assert_eq!(
        error(&out),
        (2, "invalid_argument".into()),
        "group_by is required"
    );
    let out = run(
        REPORT_API_KEY,
        &with_range(&range, &["--group-by", "date", "--apps", "x"]),
    );
    assert_eq!(error(&out), (2, "invalid_argument".into()));
    assert_eq!(sim.stats().report, 0, "nothing was sent");

    let out = run(
        EXPIRED_REPORT_API_KEY,
        &with_range(&range, &["--group-by", "date"]),
    );
    assert_eq!(error(&out), (3, "unauthorized".into()));
    assert!(
        json(&out)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("expired")
    );

    let key = sim.issue_report_key(600);
    for _ in 0..REPORT_RATE_LIMIT {
        assert_eq!(
            code(&run(&key, &with_range(&range, &["--group-by", "date"]))),
            0
        );
    }
    let out = run(&key, &with_range(&range, &["--group-by", "date"]));
    assert_eq!(error(&out), (5, "rate_limited".into()));
    let doc = json(&out);
    assert_eq!(doc["error"]["http_status"], 429);
    assert!(
        doc["error"]["retry_after_secs"]
            .as_u64()
            .is_some_and(|s| (1..=60).contains(&s))
    );

    let out = offerkit(
        &[
            "--json",
            "--base-url",
            &url,
            "report",
            "--group-by",
            "date",
            "--start",
            START,
            "--end",
            END,
        ],
        &[],
    );
    assert_eq!(
        error(&out),
        (2, "invalid_argument".into()),
        "--reporting-url is required then"
    );
}

#[test]
fn help_never_shows_secret_values_from_the_environment() {
    let out = offerkit(
        &["report", "--help"],
        &[
            ("OFFERKIT_REFRESH_TOKEN", REFRESH),
            ("OFFERKIT_REPORT_API_KEY", "ak-help-77"),
        ],
    );
    let text = everything(&out);
    assert!(
        text.contains("--api-key") && text.contains("--refresh-token"),
        "{text}"
    );
    assert!(
        !text.contains(REFRESH) && !text.contains("ak-help-77"),
        "{text}"
    );
}
