//! A raw-socket HTTP/1.1 server on loopback for the hostile tests. It reads each request and
//! answers with exactly the bytes, at exactly the pace, a test scripts — including what no HTTP
//! library would let a server send (a broken chunk, a body cut short, a reset, one byte every
//! 100 ms, nothing at all). It counts connections and requests and keeps every request, so a
//! test can say how many attempts the client made and what they carried.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

/// One request as the server read it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// The request target, e.g. `/v1/offers?per_page=5&page=2`.
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first header of that name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (`null` when it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_default()
    }

    /// A GraphQL request's variable `name`, if it was sent.
    pub fn variable(&self, name: &str) -> Option<serde_json::Value> {
        self.json().get("variables")?.get(name).cloned()
    }
}

/// What the server does after reading a request; the connection is closed after the last step.
pub enum Step {
    /// Writes these bytes.
    Send(Vec<u8>),
    /// Writes these bytes one at a time, pausing `every` before each.
    Drip { bytes: Vec<u8>, every: Duration },
    /// Waits.
    Pause(Duration),
    /// Writes nothing more and keeps the connection open until the client goes away.
    Hang,
    /// Closes with a TCP reset (RST) instead of an orderly close.
    Reset,
}

type Script = dyn Fn(usize, &Request) -> Vec<Step> + Send + Sync;

#[derive(Default)]
struct State {
    connections: AtomicUsize,
    requests: Mutex<Vec<Request>>,
}

/// A running server; stops (with every connection) when dropped.
pub struct Server {
    addr: SocketAddr,
    state: Arc<State>,
    accept: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Starts a server that answers request number `n` (0-based, over all connections) with
    /// `script(n, &request)`.
    pub async fn start(
        script: impl Fn(usize, &Request) -> Vec<Step> + Send + Sync + 'static,
    ) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local address");
        let state = Arc::new(State::default());
        let script: Arc<Script> = Arc::new(script);
        let shared = state.clone();
        let accept = tokio::spawn(async move {
            let mut connections = JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                shared.connections.fetch_add(1, Ordering::SeqCst);
                connections.spawn(serve(stream, shared.clone(), script.clone()));
            }
        });
        Server {
            addr,
            state,
            accept,
        }
    }

    /// A server that answers every request with the same steps.
    pub async fn always(steps: impl Fn() -> Vec<Step> + Send + Sync + 'static) -> Server {
        Server::start(move |_, _| steps()).await
    }

    /// `http://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Connections accepted so far.
    pub fn connections(&self) -> usize {
        self.state.connections.load(Ordering::SeqCst)
    }

    /// Every request read so far, in order.
    pub fn requests(&self) -> Vec<Request> {
        self.state.requests.lock().unwrap().clone()
    }

    /// How many requests were read so far.
    pub fn request_count(&self) -> usize {
        self.state.requests.lock().unwrap().len()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// Serves one connection: one request, its script's steps, then close (every canned response
/// says `Connection: close`, so the client never reuses a connection the server closes).
async fn serve(mut stream: TcpStream, state: Arc<State>, script: Arc<Script>) {
    let Some(request) = read_request(&mut stream).await else {
        return;
    };
    let index = {
        let mut requests = state.requests.lock().unwrap();
        requests.push(request.clone());
        requests.len() - 1
    };
    for step in script(index, &request) {
        match step {
            Step::Send(bytes) => {
                if stream.write_all(&bytes).await.is_err() {
                    return;
                }
                let _ = stream.flush().await;
            }
            Step::Drip { bytes, every } => {
                for byte in bytes {
                    tokio::time::sleep(every).await;
                    if stream.write_all(&[byte]).await.is_err() {
                        return;
                    }
                    let _ = stream.flush().await;
                }
            }
            Step::Pause(wait) => tokio::time::sleep(wait).await,
            Step::Hang => {
                let mut sink = [0u8; 1024];
                while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
                return;
            }
            Step::Reset => {
                let _ = stream.set_zero_linger();
                drop(stream);
                return;
            }
        }
    }
    let _ = stream.shutdown().await;
}

/// Reads a request head and its `Content-Length` body; `None` if the client went away first.
async fn read_request(stream: &mut TcpStream) -> Option<Request> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = find(&buffer, b"\r\n\r\n") {
            break at;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buffer.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_owned();
    let target = first.next()?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let length = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = buffer[head_end + 4..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some(Request {
        method,
        target,
        headers,
        body,
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A complete response: status line, `headers`, `Content-Length` and `Connection: close`
/// added, then `body`.
pub fn response(status: u16, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut out = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (name, value) in headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// A JSON response (`Content-Type: application/json`).
pub fn json(status: u16, body: &str) -> Vec<u8> {
    response(
        status,
        &[("Content-Type", "application/json")],
        body.as_bytes(),
    )
}

/// The steps of one JSON answer with status 200.
pub fn ok(body: &str) -> Vec<Step> {
    vec![Step::Send(json(200, body))]
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        301 => "Moved Permanently",
        302 => "Found",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        405 => "Method Not Allowed",
        418 => "I'm a teapot",
        429 => "Too Many Requests",
        503 => "Service Unavailable",
        _ => "Whatever",
    }
}
