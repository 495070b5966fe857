//! Misbehaviour modes over real HTTP: each mode switched through the Rust API, the control
//! endpoint and the binary's `--mess` flag, checked against answers computed here from the
//! rules in README.md and from the same requests with every mode off.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{Fault, FaultKind, Mess, REPORT_API_KEY, SimConfig, Simulator, Stats};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

const OFFERS: &str = r#"query($p: String!) { offers(player_id: $p) {
  id name total_payout_usd creatives { name description } } }"#;
const PAGE: &str = r#"query($p: String!, $after: String, $limit: Int) {
  playerOffers(player_id: $p, after: $after, limit: $limit) {
    items { id name status total_payout_usd creatives { name } } next_cursor } }"#;
const PLAYER: &str = "mess-player";
const RANGE: &str =
    "date_range[start_date]=2025-03-01+00:00:00&date_range[end_date]=2025-03-02+23:59:59";

/// `odd_extra`'s members, as README.md lists them, after the object's own.
fn odd_extra_text() -> String {
    format!(
        r#""x_deep":{}{},"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key","a.b":"dotted key","x_nul":"a\u0000b","x_unicode_é":"ü""#,
        "[".repeat(1000),
        "]".repeat(1000)
    )
}

fn mess(set: impl FnOnce(&mut Mess)) -> Mess {
    let mut m = Mess::default();
    set(&mut m);
    m
}

/// POST /v1/offers with a fresh token; the whole response.
async fn gql_resp(sim: &Simulator, query: &str, variables: Value) -> Resp {
    let token = sim.issue_token(hour());
    let resp = gql_raw(
        sim,
        &token,
        &json!({ "query": query, "variables": variables }),
    )
    .await;
    assert_eq!(resp.status, 200, "{}", resp.text());
    resp
}

async fn listing(sim: &Simulator, query: &str) -> Resp {
    let resp = get(
        sim,
        &format!("/v1/offers{query}"),
        Some(&sim.issue_token(hour())),
    )
    .await;
    assert_eq!(resp.status, 200, "{}", resp.text());
    resp
}

async fn page(sim: &Simulator, player: &str, after: Option<&str>, limit: Option<i64>) -> Value {
    let body = gql(
        sim,
        PAGE,
        json!({"p": player, "after": after, "limit": limit}),
    )
    .await;
    assert!(body.get("errors").is_none(), "{body}");
    body["data"]["playerOffers"].clone()
}

fn ids(items: &Value) -> Vec<String> {
    items
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["id"].as_str().expect("id").to_owned())
        .collect()
}

/// An offer as `bad_fields` leaves it at `position`, by README.md's rule.
fn broken(mut offer: Value, position: usize) -> Value {
    if position % 4 != 1 {
        return offer;
    }
    let o = offer.as_object_mut().expect("offer object");
    match (position / 4) % 4 {
        0 => {
            if o.contains_key("name") {
                o.insert("name".into(), Value::Null);
            }
        }
        1 => {
            if o.contains_key("total_payout_usd") {
                o.insert("total_payout_usd".into(), json!("lots"));
            }
        }
        2 => {
            o.remove("creatives");
        }
        _ => {
            if let Some(c) = o.get_mut("creatives").and_then(Value::as_object_mut) {
                if c.contains_key("description") {
                    c.insert("description".into(), json!(12));
                }
            }
        }
    }
    offer
}

#[tokio::test]
async fn with_every_mode_off_the_bytes_are_unchanged() {
    let sim = start().await;
    let variables = json!({"p": PLAYER});
    let before = (
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        gql_resp(&sim, PAGE, variables.clone()).await.body,
        listing(&sim, "").await.body,
        listing(&sim, "?per_page=10&page=2").await.body,
    );
    // Modes on, then off again (through both switches): the same bytes as before.
    sim.set_mess(mess(|m| {
        m.bad_fields = true;
        m.odd_extra = true;
        m.cursor_cycle = true;
        m.listing_stall = true;
    }));
    assert_ne!(
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        before.0
    );
    sim.set_mess(Mess::default());
    let after_api = (
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        gql_resp(&sim, PAGE, variables.clone()).await.body,
        listing(&sim, "").await.body,
        listing(&sim, "?per_page=10&page=2").await.body,
    );
    assert_eq!(after_api, before);
    sim.set_mess(mess(|m| m.all_bad_fields = true));
    let reset = send(&sim, "DELETE", "/_sim/mess", &[], String::new()).await;
    assert_eq!(reset.status, 200);
    assert_eq!(sim.mess(), Mess::default());
    assert_eq!(
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        before.0
    );

    // A mode that does not concern an answer leaves its bytes alone.
    sim.set_mess(mess(|m| m.listing_stall = true));
    assert_eq!(
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        before.0
    );
    sim.set_mess(mess(|m| m.cursor_cycle = true));
    assert_eq!(listing(&sim, "").await.body, before.2);
}

#[tokio::test]
async fn bad_fields_breaks_every_fourth_offer_in_turn() {
    let sim = start().await;
    let variables = json!({"p": PLAYER});
    let clean = gql_resp(&sim, OFFERS, variables.clone()).await.json();
    let clean_list = listing(&sim, "").await.json();
    let clean_page = listing(&sim, "?per_page=10&page=2").await.json();
    let narrow = r#"query($p: String!) { offers(player_id: $p) { id name } }"#;
    let clean_narrow = gql_resp(&sim, narrow, variables.clone()).await.json();
    let clean_items = page(&sim, PLAYER, None, None).await;

    sim.set_mess(mess(|m| m.bad_fields = true));
    let offers = clean["data"]["offers"].as_array().expect("offers").clone();
    assert!(offers.len() >= 14, "the test needs every breakage");
    let got = gql_resp(&sim, OFFERS, variables.clone()).await.json();
    let got = got["data"]["offers"].as_array().expect("offers").clone();
    assert_eq!(got.len(), offers.len());
    for (i, (g, c)) in got.iter().zip(&offers).enumerate() {
        assert_eq!(g, &broken(c.clone(), i), "position {i}");
    }
    // The four breakages, spelled out at their first positions.
    assert_eq!(got[1]["name"], Value::Null);
    assert_eq!(got[5]["total_payout_usd"], json!("lots"));
    assert!(got[9].get("creatives").is_none() && got[9]["id"] == offers[9]["id"]);
    assert_eq!(got[13]["creatives"]["description"], json!(12));
    assert_eq!(got[0], offers[0]);

    // A selection without the broken key: those offers stay intact.
    let narrow_got = gql_resp(&sim, narrow, variables.clone()).await.json();
    let narrow_offers = clean_narrow["data"]["offers"].as_array().expect("offers");
    for (i, (g, c)) in narrow_got["data"]["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .zip(narrow_offers)
        .enumerate()
    {
        let expected = if i % 4 == 1 && (i / 4) % 4 == 0 {
            json!({"id": c["id"], "name": null})
        } else {
            c.clone()
        };
        assert_eq!(g, &expected, "narrow position {i}");
    }

    // The listing, whole and one page (positions count within the page).
    for (query, clean) in [("", &clean_list), ("?per_page=10&page=2", &clean_page)] {
        let got = listing(&sim, query).await.json();
        let clean_offers = clean["data"]["offers"].as_array().expect("offers");
        let got_offers = got["data"]["offers"].as_array().expect("offers");
        assert_eq!(got_offers.len(), clean_offers.len());
        for (i, (g, c)) in got_offers.iter().zip(clean_offers).enumerate() {
            assert_eq!(g, &broken(c.clone(), i), "listing{query} position {i}");
        }
        assert_eq!(
            got["data"].get("pagination"),
            clean["data"].get("pagination")
        );
    }

    // playerOffers: item 1 null, item 2 with status 5, the others as they were.
    let items = page(&sim, PLAYER, None, None).await;
    let clean_list = clean_items["items"].as_array().expect("items");
    let got_list = items["items"].as_array().expect("items");
    assert!(clean_list.len() >= 4);
    assert_eq!(got_list.len(), clean_list.len());
    assert_eq!(got_list[1], Value::Null);
    let mut third = clean_list[2].clone();
    third["status"] = json!(5);
    assert_eq!(got_list[2], third);
    assert_eq!(got_list[0], clean_list[0]);
    assert_eq!(got_list[3..], clean_list[3..]);
    assert_eq!(items["next_cursor"], clean_items["next_cursor"]);
}

#[tokio::test]
async fn all_bad_fields_nulls_every_name_or_else_every_id() {
    let sim = start_with(SimConfig {
        mess: mess(|m| m.all_bad_fields = true),
        ..SimConfig::default()
    })
    .await;
    assert_eq!(sim.mess(), mess(|m| m.all_bad_fields = true));
    let expected_ids = sim.targeted_offer_ids(PLAYER);
    let got = gql_resp(&sim, OFFERS, json!({"p": PLAYER})).await.json();
    let offers = got["data"]["offers"].as_array().expect("offers");
    assert_eq!(ids(&got["data"]["offers"]), expected_ids);
    assert!(offers.iter().all(|o| o["name"].is_null()));
    assert!(offers.iter().all(|o| o["creatives"]["name"].is_string()));

    let no_name = r#"query($p: String!) { offers(player_id: $p) { id total_payout_usd } }"#;
    let got = gql_resp(&sim, no_name, json!({"p": PLAYER})).await.json();
    let offers = got["data"]["offers"].as_array().expect("offers");
    assert_eq!(offers.len(), expected_ids.len());
    assert!(
        offers
            .iter()
            .all(|o| o["id"].is_null() && o["total_payout_usd"].is_f64())
    );

    let list = listing(&sim, "").await.json();
    let list = list["data"]["offers"].as_array().expect("offers");
    assert_eq!(list.len(), 50);
    assert!(
        list.iter()
            .all(|o| o["name"].is_null() && o["id"].is_string())
    );
}

#[derive(Deserialize)]
struct OffersAnswer {
    data: OffersData,
}

#[derive(Deserialize)]
struct OffersData {
    offers: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct PageAnswer {
    data: PageData,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PageData {
    player_offers: PageItems,
}

#[derive(Deserialize)]
struct PageItems {
    items: Vec<Box<RawValue>>,
}

/// Each item's JSON text, read without building a tree (the items nest 1000 deep).
fn raw_items(body: &[u8], player_offers: bool) -> Vec<String> {
    // The whole body is one valid JSON text.
    serde_json::from_slice::<Box<RawValue>>(body).expect("valid JSON");
    let items = if player_offers {
        let answer: PageAnswer = serde_json::from_slice(body).expect("playerOffers answer");
        answer.data.player_offers.items
    } else {
        let answer: OffersAnswer = serde_json::from_slice(body).expect("offers answer");
        answer.data.offers
    };
    items.iter().map(|i| i.get().to_owned()).collect()
}

#[tokio::test]
async fn odd_extra_appends_odd_but_valid_members_to_every_offer() {
    let sim = start().await;
    let variables = json!({"p": PLAYER});
    let clean = [
        raw_items(&gql_resp(&sim, OFFERS, variables.clone()).await.body, false),
        raw_items(&listing(&sim, "?per_page=7").await.body, false),
        raw_items(&gql_resp(&sim, PAGE, variables.clone()).await.body, true),
    ];

    sim.set_mess(mess(|m| m.odd_extra = true));
    let got = [
        gql_resp(&sim, OFFERS, variables.clone()).await.body,
        listing(&sim, "?per_page=7").await.body,
        gql_resp(&sim, PAGE, variables.clone()).await.body,
    ];
    // A recursive parser gives up on the 1000-deep array.
    assert!(serde_json::from_slice::<Value>(&got[0]).is_err());
    let extra = odd_extra_text();
    for (n, (clean, body)) in clean.iter().zip(&got).enumerate() {
        let items = raw_items(body, n == 2);
        assert!(!items.is_empty());
        assert_eq!(items.len(), clean.len());
        for (item, clean) in items.iter().zip(clean) {
            let own = clean.strip_suffix('}').expect("an object");
            assert_eq!(item, &format!("{own},{extra}}}"));
        }
        let text = String::from_utf8_lossy(body);
        for key in [
            r#""x_huge":1e400"#,
            r#""x_bigint":123456789012345678901234567890"#,
            r#""":"empty key""#,
            r#""a.b":"dotted key""#,
            r#""x_nul":"a\u0000b""#,
            r#""x_unicode_é":"ü""#,
        ] {
            assert!(text.contains(key), "{key}");
        }
    }
}

#[tokio::test]
async fn cursor_cycle_alternates_between_two_valid_cursors() {
    let sim = start_with(SimConfig {
        mess: mess(|m| m.cursor_cycle = true),
        ..SimConfig::default()
    })
    .await;
    let all = sim.player_offer_ids("cycler");
    assert!(all.len() >= 5);
    let first = page(&sim, "cycler", None, Some(3)).await;
    assert_eq!(ids(&first["items"]), all[..3]);
    let a = first["next_cursor"].as_str().expect("cursor A").to_owned();
    // After A: the first page again (offset 0), then B.
    let after_a = page(&sim, "cycler", Some(&a), Some(3)).await;
    assert_eq!(ids(&after_a["items"]), all[..3]);
    let b = after_a["next_cursor"]
        .as_str()
        .expect("cursor B")
        .to_owned();
    assert_ne!(a, b);
    // After B: from the second item (offset 1), then A again, and so on.
    let after_b = page(&sim, "cycler", Some(&b), Some(3)).await;
    assert_eq!(ids(&after_b["items"]), all[1..4]);
    assert_eq!(after_b["next_cursor"], json!(a));
    let again = page(&sim, "cycler", Some(&a), Some(3)).await;
    assert_eq!(again["next_cursor"], json!(b));
    // Without a limit too, and still only for that player.
    assert_eq!(
        page(&sim, "cycler", None, None).await["next_cursor"],
        json!(a)
    );
    let borrowed = gql(&sim, PAGE, json!({"p": "someone-else", "after": a})).await;
    assert_eq!(borrowed["errors"][0]["message"], "Invalid cursor.");
}

#[tokio::test]
async fn endless_empty_pages_never_repeat_a_cursor() {
    let sim = start().await;
    sim.set_mess(mess(|m| m.endless_empty_pages = true));
    let mut cursors: Vec<String> = Vec::new();
    let mut after: Option<String> = None;
    for _ in 0..5 {
        let p = page(&sim, PLAYER, after.as_deref(), Some(10)).await;
        assert_eq!(p["items"], json!([]));
        let next = p["next_cursor"].as_str().expect("never null").to_owned();
        assert!(!cursors.contains(&next), "{next} repeated");
        cursors.push(next.clone());
        after = Some(next);
    }
    assert_eq!(cursors.len(), 5);
    // An aliased item list is empty too.
    let aliased = gql(
        &sim,
        r#"{ playerOffers(player_id: "x") { list: items { id } next_cursor } }"#,
        json!({}),
    )
    .await;
    assert_eq!(aliased["data"]["playerOffers"]["list"], json!([]));
    assert!(aliased["data"]["playerOffers"]["next_cursor"].is_string());
}

#[tokio::test]
async fn listing_stall_never_advances_the_page() {
    let sim = start().await;
    let clean = listing(&sim, "?per_page=10&page=2").await.json();
    sim.set_mess(mess(|m| m.listing_stall = true));
    let got = listing(&sim, "?per_page=10&page=2").await.json();
    assert_eq!(got["data"]["offers"], clean["data"]["offers"]);
    assert_eq!(
        got["data"]["pagination"],
        json!({"current_page": 2, "per_page": 10, "has_more_pages": true, "next_page": 2})
    );
    let beyond = listing(&sim, "?per_page=10&page=99").await.json();
    assert_eq!(beyond["data"]["offers"], json!([]));
    assert_eq!(
        beyond["data"]["pagination"],
        json!({"current_page": 99, "per_page": 10, "has_more_pages": true, "next_page": 99})
    );
    let first = listing(&sim, "?per_page=50").await.json();
    assert_eq!(first["data"]["pagination"]["next_page"], json!(1));
    assert!(
        listing(&sim, "").await.json()["data"]
            .get("pagination")
            .is_none()
    );
}

#[tokio::test]
async fn retry_after_storm_answers_every_v1_request_with_503() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::NonJson));
    sim.set_mess(mess(|m| m.retry_after_storm = Some(7)));
    let token = sim.issue_token(hour());
    let auth = format!("Bearer {token}");
    let report_auth = format!("Bearer {REPORT_API_KEY}");
    let answers = [
        token_request(
            &sim,
            Some("application/x-www-form-urlencoded"),
            "grant_type=refresh_token&refresh_token=sim-refresh-token",
        )
        .await,
        gql_raw(&sim, &token, &json!({"query": "{ __typename }"})).await,
        send(&sim, "GET", "/v1/offers", &[("authorization", &auth)], "").await,
        send(
            &sim,
            "GET",
            &format!("/v1/report?group_by[]=date&{RANGE}"),
            &[("authorization", &report_auth)],
            "",
        )
        .await,
    ];
    for resp in &answers {
        assert_eq!(resp.status, 503);
        assert_eq!(resp.header("retry-after"), Some("7"));
        assert_eq!(resp.header("content-type"), Some("application/json"));
        assert_eq!(resp.text(), r#"{"message":"Simulated 503"}"#);
    }
    let stats = sim.stats();
    assert_eq!(
        (
            stats.requests,
            stats.token,
            stats.graphql,
            stats.listing,
            stats.report
        ),
        (4, 1, 1, 1, 1)
    );
    // The control endpoint still answers, and the queued fault waited for the storm to pass.
    let control = send(&sim, "GET", "/_sim/mess", &[], "").await;
    assert_eq!(control.json()["retry_after_storm"], json!(7));
    assert_eq!(sim.pending_faults().len(), 1);
    sim.set_mess(Mess::default());
    let faulted = send(&sim, "GET", "/v1/offers", &[("authorization", &auth)], "").await;
    assert_eq!(
        faulted.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(listing(&sim, "").await.status, 200);
}

#[tokio::test]
async fn control_endpoint_reads_replaces_and_resets_the_modes() {
    let sim = start().await;
    let control = |method: &'static str, body: &'static str| {
        let sim = &sim;
        async move {
            send(
                sim,
                method,
                "/_sim/mess",
                &[("content-type", "application/json")],
                body,
            )
            .await
        }
    };
    let off = json!({
        "bad_fields": false, "all_bad_fields": false, "odd_extra": false, "cursor_cycle": false,
        "endless_empty_pages": false, "listing_stall": false, "retry_after_storm": null
    });
    let resp = control("GET", "").await;
    assert_eq!((resp.status, resp.json()), (200, off.clone()));

    let resp = control("PUT", r#"{"bad_fields": true, "retry_after_storm": null}"#).await;
    let mut on = off.clone();
    on["bad_fields"] = json!(true);
    assert_eq!((resp.status, resp.json()), (200, on.clone()));
    assert_eq!(sim.mess(), mess(|m| m.bad_fields = true));
    let got = gql(&sim, OFFERS, json!({"p": PLAYER})).await;
    assert_eq!(got["data"]["offers"][1]["name"], Value::Null);
    assert!(got["data"]["offers"][0]["name"].is_string());

    // PUT replaces: what the body leaves out is off.
    let resp = control("PUT", r#"{"endless_empty_pages": true}"#).await;
    assert_eq!(resp.json()["bad_fields"], json!(false));
    assert_eq!(sim.mess(), mess(|m| m.endless_empty_pages = true));

    for bad in [
        r#"{"bad_field": true}"#,
        r#"{"bad_fields": 1}"#,
        "[]",
        "nope",
        "",
    ] {
        let resp = control("PUT", bad).await;
        assert_eq!(resp.status, 400, "{bad}");
        assert!(resp.json()["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    assert_eq!(sim.mess(), mess(|m| m.endless_empty_pages = true));

    let resp = control("DELETE", "").await;
    assert_eq!((resp.status, resp.json()), (200, off));
    assert_eq!(sim.mess(), Mess::default());
    let stats = sim.stats();
    assert_eq!(
        stats,
        Stats {
            requests: 1,
            graphql: 1,
            ..Stats::default()
        }
    );
}

mod binary {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    use serde_json::{Value, json};

    struct KillOnDrop(std::process::Child);

    impl Drop for KillOnDrop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    /// One HTTP/1.1 request; status line, head and body.
    fn http(
        addr: &str,
        method: &str,
        path: &str,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        let mut stream = std::net::TcpStream::connect(addr).expect("connect");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nhost: x\r\n{headers}content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("write");
        let mut out = String::new();
        stream.read_to_string(&mut out).expect("read");
        let (head, body) = out.split_once("\r\n\r\n").expect("head and body");
        let status = head[9..12].parse().expect("status");
        (status, head.to_ascii_lowercase(), body.to_owned())
    }

    #[test]
    fn mess_path_prefix_and_cors_flags_reach_the_running_binary() {
        let mut child = KillOnDrop(
            Command::new(env!("CARGO_BIN_EXE_offerkit-sim"))
                .args([
                    "--port",
                    "0",
                    "--mess",
                    "listing_stall,odd_extra",
                    "--mess",
                    "cursor_cycle",
                    "--path-prefix",
                    "/api",
                    "--cors",
                ])
                .stdout(Stdio::piped())
                .spawn()
                .expect("spawn offerkit-sim"),
        );
        let mut line = String::new();
        BufReader::new(child.0.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("first line");
        let url = line
            .trim_end()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected line {line:?}"));
        let addr = url.strip_suffix("/api").expect("the prefix is in the URL");

        let (status, _, mess) = http(addr, "GET", "/_sim/mess", "", "");
        assert_eq!(status, 200);
        assert_eq!(
            serde_json::from_str::<Value>(&mess).expect("json"),
            json!({
                "bad_fields": false, "all_bad_fields": false, "odd_extra": true,
                "cursor_cycle": true, "endless_empty_pages": false, "listing_stall": true,
                "retry_after_storm": null
            })
        );
        let (_, _, minted) = http(addr, "POST", "/_sim/tokens", "", "");
        let token = serde_json::from_str::<Value>(&minted).expect("json")["access_token"]
            .as_str()
            .expect("token")
            .to_owned();
        let auth = format!("authorization: Bearer {token}\r\n");

        let (status, head, _) = http(addr, "GET", "/v1/offers?per_page=5&page=3", &auth, "");
        assert_eq!(status, 404);
        assert!(head.contains("content-type: text/html"), "{head}");

        let (status, _, body) = http(addr, "GET", "/api/v1/offers?per_page=5&page=3", &auth, "");
        assert_eq!(status, 200);
        let pagination = body
            .rsplit_once(r#""pagination":"#)
            .map(|(_, p)| p.trim_end_matches('}').to_owned() + "}")
            .expect("pagination");
        assert_eq!(
            serde_json::from_str::<Value>(&pagination).expect("json"),
            json!({"current_page": 3, "per_page": 5, "has_more_pages": true, "next_page": 3})
        );
        assert_eq!(body.matches(r#""x_huge":1e400"#).count(), 5);
        let from_a_page = format!("{auth}origin: http://127.0.0.1:1\r\n");
        let (_, head, _) = http(addr, "GET", "/api/v1/offers?per_page=1", &from_a_page, "");
        assert!(head.contains("access-control-allow-origin: *"), "{head}");

        // Switched at run time through the control endpoint: a storm.
        let (status, _, _) = http(
            addr,
            "PUT",
            "/_sim/mess",
            "content-type: application/json\r\n",
            r#"{"retry_after_storm": 2}"#,
        );
        assert_eq!(status, 200);
        let (status, head, body) = http(addr, "GET", "/api/v1/offers", &auth, "");
        assert_eq!(status, 503);
        assert!(head.contains("retry-after: 2"), "{head}");
        assert_eq!(body, r#"{"message":"Simulated 503"}"#);
    }

    #[test]
    fn an_unknown_mode_is_refused() {
        let out = Command::new(env!("CARGO_BIN_EXE_offerkit-sim"))
            .args(["--mess", "bad_fields,chaos"])
            .output()
            .expect("run");
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("chaos") && err.contains("retry_after_storm=SECS"),
            "{err}"
        );
    }
}
