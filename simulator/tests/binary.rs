//! The `offerkit-sim` binary: prints exactly one `listening on` line when ready and serves
//! the configured catalogue and control endpoint on that port.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn http(addr: &str, request: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.write_all(request.as_bytes()).expect("write");
    let mut out = String::new();
    stream.read_to_string(&mut out).expect("read");
    out
}

#[test]
fn binary_prints_its_address_and_serves() {
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_offerkit-sim"))
            .args(["--port", "0", "--seed", "7", "--offers", "5"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn offerkit-sim"),
    );
    let stdout = child.0.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("first line");
    let url = line
        .trim_end()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected line {line:?}"));
    let addr = url.strip_prefix("http://").expect("http URL").to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let minted = http(
        &addr,
        "POST /_sim/tokens HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
    );
    let body = minted.split("\r\n\r\n").nth(1).expect("body");
    let token = serde_json::from_str::<serde_json::Value>(body).expect("json")["access_token"]
        .as_str()
        .expect("token")
        .to_owned();
    let listing = http(
        &addr,
        &format!(
            "GET /v1/offers HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\nconnection: close\r\n\r\n"
        ),
    );
    assert!(listing.starts_with("HTTP/1.1 200"), "{listing}");
    let body: serde_json::Value =
        serde_json::from_str(listing.split("\r\n\r\n").nth(1).expect("body")).expect("json");
    assert_eq!(body["data"]["offers"].as_array().map(Vec::len), Some(5));
}

#[test]
fn help_lists_the_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_offerkit-sim"))
        .arg("--help")
        .output()
        .expect("run --help");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for opt in ["--port", "--seed", "--refresh-token", "--offers"] {
        assert!(text.contains(opt), "{opt} in {text}");
    }
}
