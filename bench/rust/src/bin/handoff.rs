//! Hand-off probe for BENCHMARKS.md: what a blocking call pays for running on a runtime another
//! thread drives, and what handing that runtime to the caller would win back. The same `offers`
//! call (limit 20) over keep-alive, five ways, interleaved in rounds, each with its own client:
//!
//! - `in-thread`: a current-thread runtime driven by the calling thread, each call its own
//!   `Runtime::block_on`;
//! - `in-thread-one-block-on`: the same, a round's calls awaited one after another inside one
//!   `block_on` (as the core's latency probe does), to tell what a `block_on` per call costs;
//! - `library-thread`: a current-thread runtime driven by a library thread, the caller in
//!   `Handle::block_on` (what the C ABI's blocking functions do: the library thread owns the
//!   sockets, so each call crosses between the two threads);
//! - `spawned`: the whole call spawned as a task on that library thread, the caller waiting for
//!   its result (one wake-up each way, the connection and the call on the same thread);
//! - `handed-over`: the library thread gives the runtime up while blocking calls run, the caller
//!   drives it in `Runtime::block_on` (sockets and the connection's task on the caller's thread),
//!   and the library thread takes it back after `--hold-us` without a blocking call.
//!
//! Prints one JSON object: per way, the median latency and the CPU time of the whole process
//! per call (every thread's, from /proc/self/task/*/schedstat), in microseconds.
//!
//! `cargo run --release -p offerkit-bench --bin handoff -- --url URL --token T --calls 100 --rounds 10`
//! (`--ways library_thread,spawned`: only those).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use offerkit::{ClientConfig, OfferClient, OffersOptions};
use offerkit_bench::args::{arg, arg_or};
use tokio::runtime::{Builder, Runtime};
use tokio::sync::Notify;

/// A runtime the library thread drives except while blocking calls want it.
struct HandOff {
    runtime: Runtime,
    callers: AtomicUsize,
    wanted: Notify,
    idle: Mutex<()>,
    released: Condvar,
}

impl HandOff {
    /// Starts the library thread; it takes the runtime back `hold` after the last blocking call.
    fn start(hold: Duration) -> Arc<Self> {
        let shared = Arc::new(HandOff {
            runtime: runtime(),
            callers: AtomicUsize::new(0),
            wanted: Notify::new(),
            idle: Mutex::new(()),
            released: Condvar::new(),
        });
        let library = Arc::clone(&shared);
        // Detached: the process ends with the probe.
        std::thread::spawn(move || {
            loop {
                library.runtime.block_on(async {
                    while library.callers.load(Ordering::SeqCst) == 0 {
                        library.wanted.notified().await;
                    }
                });
                let mut idle = library.idle.lock().unwrap();
                loop {
                    while library.callers.load(Ordering::SeqCst) > 0 {
                        idle = library.released.wait(idle).unwrap();
                    }
                    let (again, waited) = library.released.wait_timeout(idle, hold).unwrap();
                    idle = again;
                    if waited.timed_out() && library.callers.load(Ordering::SeqCst) == 0 {
                        break;
                    }
                }
            }
        });
        shared
    }

    /// Runs `future` on the calling thread, which drives the runtime for the call.
    fn block_on<F: Future>(&self, future: F) -> F::Output {
        self.callers.fetch_add(1, Ordering::SeqCst);
        self.wanted.notify_one();
        let output = self.runtime.block_on(future);
        if self.callers.fetch_sub(1, Ordering::SeqCst) == 1 {
            let _idle = self.idle.lock().unwrap();
            self.released.notify_all();
        }
        output
    }
}

fn runtime() -> Runtime {
    Builder::new_current_thread().enable_all().build().unwrap()
}

fn median(mut samples: Vec<Duration>) -> u128 {
    samples.sort();
    samples[samples.len() / 2].as_micros()
}

/// CPU time of the whole process so far, in nanoseconds: the sum over its threads (all of which
/// live until the end) of the time each has run (`/proc/self/task/*/schedstat`, first field).
fn cpu_ns() -> u64 {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .map(|task| {
            let stat = std::fs::read_to_string(task.unwrap().path().join("schedstat")).unwrap();
            stat.split(' ').next().unwrap().parse::<u64>().unwrap()
        })
        .sum()
}

fn main() {
    let url = arg("--url").expect("--url");
    let token = arg("--token").expect("--token");
    let calls: usize = arg_or("--calls", 100);
    let rounds: usize = arg_or("--rounds", 10);
    let hold = Duration::from_micros(arg_or("--hold-us", 2000));
    let client = || {
        OfferClient::new(ClientConfig::new(url.as_str()).with_access_token(token.as_str())).unwrap()
    };
    let options = OffersOptions {
        limit: Some(20),
        ..Default::default()
    };

    let own = runtime();
    let own_looping = runtime();
    let (own_client, library_client, spawned_client, handed_client, looping_client) =
        (client(), client(), client(), client(), client());
    let library = runtime();
    let library_handle = library.handle().clone();
    std::thread::spawn(move || library.block_on(std::future::pending::<()>()));
    let handed = HandOff::start(hold);

    let call = |way: usize, client: &OfferClient| -> Duration {
        let started = Instant::now();
        let offers = match way {
            0 => own.block_on(client.offers("bench-player", &options)),
            1 => library_handle.block_on(client.offers("bench-player", &options)),
            2 => {
                let (client, options) = (client.clone(), options.clone());
                let task = library_handle
                    .spawn(async move { client.offers("bench-player", &options).await });
                library_handle.block_on(task).unwrap()
            }
            _ => handed.block_on(client.offers("bench-player", &options)),
        };
        let took = started.elapsed();
        assert_eq!(offers.unwrap().len(), 20);
        took
    };
    // A round of the in-thread way with every call inside one `block_on`.
    let looping_round = |calls: usize| -> Vec<Duration> {
        own_looping.block_on(async {
            let mut took = Vec::with_capacity(calls);
            for _ in 0..calls {
                let started = Instant::now();
                let offers = looping_client.offers("bench-player", &options).await;
                took.push(started.elapsed());
                assert_eq!(offers.unwrap().len(), 20);
            }
            took
        })
    };
    let clients = [
        &own_client,
        &library_client,
        &spawned_client,
        &handed_client,
    ];
    let names = [
        "in_thread",
        "library_thread",
        "spawned",
        "handed_over",
        "in_thread_one_block_on",
    ];
    let ways = arg("--ways").unwrap_or_else(|| names.join(","));
    let ways: Vec<&str> = ways.split(',').collect();
    let mut samples: [Vec<Duration>; 5] = Default::default();
    let mut cpu = [0u64; 5];
    for round in 0..=rounds {
        for (way, name) in names.iter().enumerate() {
            if !ways.contains(name) {
                continue;
            }
            let before = cpu_ns();
            let took: Vec<Duration> = match clients.get(way) {
                Some(client) => (0..calls).map(|_| call(way, client)).collect(),
                None => looping_round(calls),
            };
            // Round 0 warms every way up (connections, pools) and is not counted.
            if round > 0 {
                cpu[way] += cpu_ns() - before;
                samples[way].extend(took);
            }
        }
    }
    let counted = (calls * rounds) as f64;
    let fields: Vec<String> = names
        .iter()
        .zip(samples)
        .zip(cpu)
        .filter(|((_, samples), _)| !samples.is_empty())
        .map(|((name, samples), cpu)| {
            let cpu = cpu as f64 / 1000.0 / counted;
            format!(
                "\"{name}_us\":{},\"{name}_cpu_us\":{cpu:.0}",
                median(samples)
            )
        })
        .collect();
    println!("{{\"calls\":{},{}}}", calls * rounds, fields.join(","));
}
