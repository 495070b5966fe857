//! The simulator's postback sender: what the service does when a player completes an offer.
//! It signs the postback the way the service's public documentation describes — v3: a JSON
//! `POST` with `Signature` = hex HMAC-SHA256 of the body; v2: a `GET` whose `verifier` is the
//! HMAC-SHA256 of the URL without it, parameters RFC 3986-encoded in a fixed order — and
//! delivers it over plain HTTP, retrying non-2xx answers and failed connections after 1 s,
//! 2 s and 4 s, then sending the requested duplicates.
//!
//! This is an implementation of its own (not offerkit's verifier), so the tests of the
//! receiver check two independent readings of the same documentation against each other.

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Waits before the retries of a postback the receiver did not accept.
pub const RETRY_DELAYS: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// Where and how postbacks go (`--postback-url`, `--postback-key`).
#[derive(Clone)]
pub struct PostbackTarget {
    /// `http://host:port/path` (the simulator speaks plain HTTP only).
    pub url: String,
    pub key: String,
}

impl std::fmt::Debug for PostbackTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostbackTarget")
            .field("url", &self.url)
            .field("key", &"<redacted>")
            .finish()
    }
}

/// The postback key as a command-line value: redacted in `Debug`, so printing the
/// simulator's settings never shows it.
#[derive(Clone)]
pub struct KeyArg(pub String);

impl std::str::FromStr for KeyArg {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(KeyArg(s.to_owned()))
    }
}

impl std::fmt::Debug for KeyArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("<redacted>")
    }
}

/// The postback format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    V3,
    V2,
}

/// One conversion to report.
#[derive(Clone, Debug, Serialize)]
pub struct Conversion {
    pub conversion_id: String,
    pub player_id: String,
    pub amount: i64,
    pub payout: f64,
    pub offer_id: String,
    pub offer_name: String,
    pub campaign_id: i32,
    pub goal_id: Option<String>,
}

/// One delivery attempt, as the control endpoint reports it.
#[derive(Clone, Debug, Serialize)]
pub struct Attempt {
    pub conversion_id: String,
    pub request_id: String,
    pub format: Format,
    /// HTTP status, or 0 when no answer came.
    pub status: u16,
    pub duplicate: bool,
}

fn hex_hmac(key: &str, message: &[u8]) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(key.as_bytes()) else {
        return String::new();
    };
    mac.update(message);
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// RFC 3986 percent-encoding: unreserved bytes as they are, every other byte `%XX`.
pub fn rfc3986(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A built request: method, URL, extra headers, body.
pub struct Built {
    pub method: &'static str,
    pub url: String,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

pub fn build(
    target: &PostbackTarget,
    format: Format,
    c: &Conversion,
    request_id: &str,
    now: i64,
) -> Built {
    match format {
        Format::V3 => {
            let body = serde_json::json!({
                "request_id": request_id,
                "timestamp": now,
                "data": {
                    "player_id": c.player_id,
                    "amount": c.amount,
                    "payout": c.payout,
                    "conversion_id": c.conversion_id,
                    "offer_id": c.offer_id,
                    "offer_name": c.offer_name,
                    "conversion_type": "reward",
                    "goal_id": c.goal_id,
                    "campaign_id": c.campaign_id,
                }
            })
            .to_string()
            .into_bytes();
            Built {
                method: "POST",
                url: target.url.clone(),
                headers: vec![
                    ("Content-Type", "application/json".to_owned()),
                    ("Signature", hex_hmac(&target.key, &body)),
                ],
                body,
            }
        }
        Format::V2 => {
            let params = [
                ("player_id", c.player_id.clone()),
                ("amount", c.amount.to_string()),
                ("payout", c.payout.to_string()),
                ("transaction_id", c.conversion_id.clone()),
                ("request_id", request_id.to_owned()),
                ("offer_id", c.offer_id.clone()),
                ("offer_name", c.offer_name.clone()),
                ("conversion_type", "reward".to_owned()),
            ];
            let query: Vec<String> = params
                .iter()
                .map(|(k, v)| format!("{}={}", rfc3986(k), rfc3986(v)))
                .collect();
            let joiner = if target.url.contains('?') { '&' } else { '?' };
            let url = format!("{}{joiner}{}", target.url, query.join("&"));
            let verifier = hex_hmac(&target.key, url.as_bytes());
            Built {
                method: "GET",
                url: format!("{url}&verifier={verifier}"),
                headers: Vec::new(),
                body: Vec::new(),
            }
        }
    }
}

/// Sends one request over plain HTTP/1.1; the status, or 0 if no answer came within 10 s.
pub async fn send(built: &Built) -> u16 {
    let attempt = async {
        let rest = built.url.strip_prefix("http://")?;
        let (host, target) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let mut stream = tokio::net::TcpStream::connect(host).await.ok()?;
        let mut head = format!(
            "{} {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
            built.method,
            built.body.len()
        );
        for (name, value) in &built.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await.ok()?;
        stream.write_all(&built.body).await.ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok()?;
        let line = answer.split(|b| *b == b'\n').next()?;
        std::str::from_utf8(line)
            .ok()?
            .split(' ')
            .nth(1)?
            .parse::<u16>()
            .ok()
    };
    tokio::time::timeout(Duration::from_secs(10), attempt)
        .await
        .ok()
        .flatten()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conversion() -> Conversion {
        Conversion {
            conversion_id: "c-1".into(),
            player_id: "Player One/é".into(),
            amount: 150,
            payout: 1.5,
            offer_id: "9001".into(),
            offer_name: "Big Win".into(),
            campaign_id: 7,
            goal_id: None,
        }
    }

    /// A postback target whose key is `k`.
    fn target() -> PostbackTarget {
        PostbackTarget {
            url: "http://127.0.0.1:9/postback".into(),
            key: "k".into(),
        }
    }

    #[test]
    fn v2_urls_are_rfc3986_and_signed_without_the_verifier() {
        let target = target();
        let built = build(&target, Format::V2, &conversion(), "r-1", 0);
        let (url, verifier) = built.url.split_once("&verifier=").unwrap();
        assert!(url.starts_with("http://127.0.0.1:9/postback?player_id=Player%20One%2F%C3%A9&amount=150&payout=1.5&transaction_id=c-1"), "{url}");
        assert_eq!(verifier, hex_hmac("k", url.as_bytes()));
        assert_eq!(verifier.len(), 64);
    }

    #[test]
    fn v3_bodies_are_signed() {
        let target = target();
        let built = build(&target, Format::V3, &conversion(), "r-1", 1_732_406_400);
        let signature = &built
            .headers
            .iter()
            .find(|(n, _)| *n == "Signature")
            .unwrap()
            .1;
        assert_eq!(*signature, hex_hmac("k", &built.body));
        let body: serde_json::Value = serde_json::from_slice(&built.body).unwrap();
        assert_eq!(body["data"]["player_id"], "Player One/é");
        assert_eq!(body["data"]["amount"], 150);
        assert_eq!(body["timestamp"], 1_732_406_400);
        assert!(!format!("{target:?}").contains("\"k\""));
    }

    #[test]
    fn hmac_matches_a_published_vector() {
        // RFC 4231, test case 2.
        assert_eq!(
            hex_hmac("Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
