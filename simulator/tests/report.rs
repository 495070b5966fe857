//! The reporting endpoint: API-key auth, bracketed array parameters, grouping and
//! filtering, field selection, 422s, and the 10-per-minute limit (429 + Retry-After).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{REPORT_API_KEY, Simulator};
use serde_json::{Value, json};

const RANGE: &str =
    "date_range[start_date]=2025-03-01+00:00:00&date_range[end_date]=2025-03-03+23:59:59";

async fn report(sim: &Simulator, query: &str) -> Resp {
    get(sim, &format!("/v1/report?{query}"), Some(REPORT_API_KEY)).await
}

fn rows(resp: &Resp) -> Vec<Value> {
    assert_eq!(resp.status, 200, "{}", resp.text());
    resp.json()["data"].as_array().expect("data array").clone()
}

#[tokio::test]
async fn needs_the_api_key() {
    let sim = start().await;
    let resp = get(&sim, &format!("/v1/report?group_by[]=date&{RANGE}"), None).await;
    assert_eq!(resp.status, 401);
    let resp = get(
        &sim,
        &format!("/v1/report?group_by[]=date&{RANGE}"),
        Some(&sim.issue_token(hour())),
    )
    .await;
    assert_eq!(resp.status, 401);
    assert_eq!(resp.json(), json!({"message": "Unauthenticated."}));
}

#[tokio::test]
async fn groups_by_date_and_app_with_default_fields() {
    let sim = start().await;
    let rows = rows(&report(&sim, &format!("group_by[]=date&group_by[]=app_id&{RANGE}")).await);
    assert_eq!(rows.len(), 3 * 3, "3 days x 3 apps");
    let dates: Vec<&str> = rows.iter().filter_map(|r| r["date"].as_str()).collect();
    assert_eq!(dates[0], "2025-03-01");
    assert_eq!(dates[8], "2025-03-03");
    for r in &rows {
        for f in [
            "app_id",
            "date",
            "app_name",
            "offer_wall_loads",
            "gross_clicks",
            "distinct_clicks",
            "conversions",
            "impressions",
            "instruction_views",
            "payout",
            "count",
            "ctr",
            "cver",
            "ecpm",
        ] {
            assert!(r.get(f).is_some_and(|v| !v.is_null()), "{f} in {r}");
        }
        assert!(r["app_id"].is_i64() && r["payout"].is_number() && r["cver"].is_string());
        assert!(r["distinct_clicks"].as_u64() <= r["gross_clicks"].as_u64());
    }
}

#[tokio::test]
async fn fields_and_filters_select() {
    let sim = start().await;
    // Unfiltered, default fields: one row per country, in README's order. A row's values
    // depend only on its dimensions and the range, so these are what filtering must keep.
    let all = rows(&report(&sim, &format!("group_by[]=country&{RANGE}")).await);
    let names: Vec<&str> = all
        .iter()
        .filter_map(|r| r["country_name"].as_str())
        .collect();
    assert_eq!(names, ["United States", "Germany", "Hong Kong", "Taiwan"]);
    let expected = vec![
        json!({"country_name": "Germany", "payout": all[1]["payout"]}),
        json!({"country_name": "Hong Kong", "payout": all[2]["payout"]}),
    ];
    assert!(expected.iter().all(|r| r["payout"].is_number()));

    let rows = rows(
        &report(
            &sim,
            &format!("group_by[]=country&{RANGE}&fields[]=country_name&fields[]=payout&filter_by[]=country&countries[]=DE&countries[]=hk"),
        )
        .await,
    );
    // Only the chosen countries (`hk` matched case-insensitively), only the chosen fields.
    assert_eq!(rows, expected);
    for r in &rows {
        assert_eq!(r.as_object().map(|o| o.len()), Some(2), "{r}");
    }
    let apps = rows_of_apps(&sim).await;
    assert_eq!(apps, [1002]);
}

async fn rows_of_apps(sim: &Simulator) -> Vec<i64> {
    rows(
        &report(
            sim,
            &format!("group_by[]=app_id&{RANGE}&filter_by[]=app_id&apps[]=1002"),
        )
        .await,
    )
    .iter()
    .filter_map(|r| r["app_id"].as_i64())
    .collect()
}

#[tokio::test]
async fn invalid_parameters_are_422() {
    let sim = start().await;
    let resp = report(&sim, "").await;
    assert_eq!(resp.status, 422);
    assert_eq!(
        resp.json(),
        json!({
            "message": "The group by field is required.",
            "errors": {
                "group_by": ["The group by field is required."],
                "date_range": ["The date range field is required."],
            }
        })
    );
    let resp = report(&sim, &format!("group_by[]=week&{RANGE}&apps[]=1")).await;
    assert_eq!(resp.status, 422);
    let errors = &resp.json()["errors"];
    assert_eq!(
        errors["group_by.0"],
        json!(["The selected group by.0 is invalid."])
    );
    assert_eq!(
        errors["apps"],
        json!(["The apps field is prohibited unless filter by contains app_id."])
    );
    let resp = report(
        &sim,
        "group_by[]=date&date_range[start_date]=yesterday&date_range[end_date]=2025-03-01+00:00:00",
    )
    .await;
    assert_eq!(
        resp.json()["errors"],
        json!({"date_range.start_date": ["The date range.start date field must match the format Y-m-d H:i:s."]})
    );
}

#[tokio::test]
async fn more_than_ten_requests_a_minute_get_429() {
    let sim = start().await;
    let query = format!("group_by[]=date&{RANGE}");
    for _ in 0..offerkit_sim::REPORT_RATE_LIMIT {
        assert_eq!(report(&sim, &query).await.status, 200);
    }
    let limited = report(&sim, &query).await;
    assert_eq!(limited.status, 429);
    let retry: u64 = limited
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .expect("retry-after");
    assert!((1..=60).contains(&retry));
    assert_eq!(limited.json(), json!({"message": "Too Many Attempts."}));
    assert_eq!(sim.stats().report, 11);
}

#[tokio::test]
async fn each_key_has_its_own_window_and_limits_can_be_reset() {
    let sim = start().await;
    let query = format!("group_by[]=date&{RANGE}");
    for _ in 0..offerkit_sim::REPORT_RATE_LIMIT {
        assert_eq!(report(&sim, &query).await.status, 200);
    }
    assert_eq!(report(&sim, &query).await.status, 429);
    let other = sim.issue_report_key(3600);
    let path = format!("/v1/report?{query}");
    assert_eq!(get(&sim, &path, Some(&other)).await.status, 200);
    let resp = send(&sim, "DELETE", "/_sim/report-limits", &[], String::new()).await;
    assert_eq!(resp.status, 200);
    assert_eq!(report(&sim, &query).await.status, 200);
}

#[tokio::test]
async fn minted_keys_work_until_they_expire() {
    let sim = start().await;
    let path = format!("/v1/report?group_by[]=date&{RANGE}");
    let minted = send(
        &sim,
        "POST",
        "/_sim/report-keys",
        &[("content-type", "application/json")],
        r#"{"ttl_secs": 600}"#.to_owned(),
    )
    .await
    .json();
    let key = minted["api_key"].as_str().expect("api_key");
    assert!(minted["expires_at"].as_i64().unwrap() > now_unix());
    assert_eq!(get(&sim, &path, Some(key)).await.status, 200);

    for expired in [
        sim.issue_report_key(-1),
        offerkit_sim::EXPIRED_REPORT_API_KEY.to_owned(),
    ] {
        let resp = get(&sim, &path, Some(&expired)).await;
        assert_eq!(resp.status, 401);
        assert_eq!(resp.json(), json!({"message": "The API key has expired."}));
    }
    let resp = get(&sim, &path, Some("sim-report-key-99-0000000000000000")).await;
    assert_eq!(resp.json(), json!({"message": "Unauthenticated."}));
}

#[tokio::test]
async fn a_filter_without_its_values_is_422() {
    let sim = start().await;
    for (filter, list) in [
        ("app_id", "apps"),
        ("platform", "platforms"),
        ("country", "countries"),
    ] {
        let resp = report(
            &sim,
            &format!("group_by[]=date&{RANGE}&filter_by[]={filter}"),
        )
        .await;
        assert_eq!(resp.status, 422);
        assert_eq!(
            resp.json()["errors"][list],
            json!([format!(
                "The {list} field is required when filter by contains {filter}."
            )])
        );
    }
}
