//! Load generator for the rewards benchmark (scripts/bench-rewards.sh): sends `--count`
//! signed v3 postbacks for distinct conversions (each a credit, i.e. a write) to a receiver —
//! or to several sharing one ledger, `--addr A,B`, the connections spread over them in turn —
//! from `--concurrency` keep-alive connections, then prints one JSON line:
//! `{"postbacks", "seconds", "per_second", "credited", "other", "p50_ms", "p99_ms"}`.
//! Conversion ids start with `--prefix`, so rounds against one ledger never collide.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use offerkit::server::postback::{PostbackKey, sign_v3};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Args {
    addrs: Vec<String>,
    key: String,
    count: usize,
    concurrency: usize,
    prefix: String,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        addrs: Vec::new(),
        key: String::new(),
        count: 2000,
        concurrency: 16,
        prefix: "bench".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--addr" => out.addrs = value.split(',').map(str::to_owned).collect(),
            "--key" => out.key = value,
            "--count" => out.count = value.parse().map_err(|_| "--count")?,
            "--concurrency" => out.concurrency = value.parse().map_err(|_| "--concurrency")?,
            "--prefix" => out.prefix = value,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if out.addrs.iter().all(String::is_empty) || out.key.is_empty() {
        return Err("usage: postback_load --addr HOST:PORT[,HOST:PORT…] --key KEY [--count N] [--concurrency C] [--prefix P]".into());
    }
    Ok(out)
}

/// One request on a keep-alive connection; returns (status, body).
async fn post(
    conn: &mut BufReader<TcpStream>,
    addr: &str,
    signature: &str,
    body: &[u8],
) -> std::io::Result<(u16, Vec<u8>)> {
    let head = format!(
        "POST /postback HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nSignature: {signature}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    // One write per request (two small writes would wait on delayed ACKs: Nagle).
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    conn.get_mut().write_all(&request).await?;
    let mut line = String::new();
    conn.read_line(&mut line).await?;
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut length = 0;
    loop {
        line.clear();
        conn.read_line(&mut line).await?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
    }
    let mut answer = vec![0; length];
    conn.read_exact(&mut answer).await?;
    Ok((status, answer))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), String> {
    let args = Arc::new(args()?);
    let key = PostbackKey::new(args.key.clone());
    // Bodies and signatures are made before the clock starts.
    let requests: Arc<Vec<(String, Vec<u8>)>> = Arc::new(
        (0..args.count)
            .map(|i| {
                let body = format!(
                    r#"{{"request_id":"{p}-r{i}","timestamp":{t},"data":{{"player_id":"bench-{pl}","amount":{a},"payout":0.5,"conversion_id":"{p}-{i}","offer_id":"9001","conversion_type":"reward"}}}}"#,
                    p = args.prefix,
                    t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()),
                    pl = i % 100,
                    a = i % 50 + 1,
                )
                .into_bytes();
                (sign_v3(&key, &body), body)
            })
            .collect(),
    );
    let next = Arc::new(AtomicUsize::new(0));
    let credited = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for connection in 0..args.concurrency {
        let (args, requests, next, credited) = (
            args.clone(),
            requests.clone(),
            next.clone(),
            credited.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let addr = &args.addrs[connection % args.addrs.len()];
            let stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
            stream.set_nodelay(true).map_err(|e| e.to_string())?;
            let mut conn = BufReader::new(stream);
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some((signature, body)) = requests.get(i) else {
                    break;
                };
                let sent = Instant::now();
                let (status, answer) = post(&mut conn, addr, signature, body)
                    .await
                    .map_err(|e| e.to_string())?;
                latencies.push(sent.elapsed());
                if status == 200 && answer.windows(10).any(|w| w == b"\"credited\"") {
                    credited.fetch_add(1, Ordering::SeqCst);
                }
            }
            Ok::<Vec<Duration>, String>(latencies)
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.map_err(|e| e.to_string())??);
    }
    let seconds = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q) as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let credited = credited.load(Ordering::SeqCst);
    println!(
        "{{\"postbacks\":{},\"seconds\":{seconds:.3},\"per_second\":{:.0},\"credited\":{credited},\"other\":{},\"p50_ms\":{:.2},\"p99_ms\":{:.2}}}",
        args.count,
        args.count as f64 / seconds,
        args.count - credited,
        pick(0.5),
        pick(0.99)
    );
    Ok(())
}
