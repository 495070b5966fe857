//! A forward HTTP proxy on loopback, for tests that prove a client really goes through the
//! proxy it was given (or told to find in `HTTP_PROXY`/`HTTPS_PROXY`) and bypasses it where
//! `NO_PROXY` says. It forwards plain requests in absolute form and tunnels `CONNECT`, counting
//! the connections it carried. A test tool beside the simulator, never part of the service.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// A running proxy; dropping it stops accepting.
pub struct ForwardProxy {
    addr: SocketAddr,
    connections: Arc<AtomicUsize>,
    task: JoinHandle<()>,
}

impl ForwardProxy {
    /// Binds 127.0.0.1 on a free port and serves.
    pub async fn start() -> std::io::Result<ForwardProxy> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await?;
        let addr = listener.local_addr()?;
        let connections = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&connections);
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let counter = Arc::clone(&counter);
                tokio::spawn(async move {
                    let _ = forward(client, &counter).await;
                });
            }
        });
        Ok(ForwardProxy {
            addr,
            connections,
            task,
        })
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Connections carried to a target so far.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

impl Drop for ForwardProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Reads the first request head, connects to its target and relays both ways.
async fn forward(mut client: TcpStream, connections: &AtomicUsize) -> std::io::Result<()> {
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = client.read(&mut buf).await?;
        if n == 0 || head.len() > 64 * 1024 {
            return Err(std::io::ErrorKind::InvalidData.into());
        }
        head.extend_from_slice(&buf[..n]);
    }
    let line = head.split(|b| *b == b'\r').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut parts = line.split(' ');
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let authority = if method == "CONNECT" {
        target.to_owned()
    } else {
        let rest = target
            .strip_prefix("http://")
            .ok_or(std::io::ErrorKind::InvalidData)?;
        rest.split('/').next().unwrap_or_default().to_owned()
    };
    let mut upstream = TcpStream::connect(authority).await?;
    connections.fetch_add(1, Ordering::SeqCst);
    if method == "CONNECT" {
        client
            .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .await?;
    } else {
        // The service's server takes a request in absolute form as it is.
        upstream.write_all(&head).await?;
    }
    tokio::io::copy_bidirectional(&mut client, &mut upstream).await?;
    Ok(())
}
