//! `offerkit-token-broker`: reads its settings from the environment (see README.md), prints
//! `listening on http://ADDR` once ready, and serves until Ctrl-C.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use offerkit_token_broker::{Broker, BrokerConfig, RewardsSettings, router};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_env("BROKER_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let config = match BrokerConfig::from_vars(|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(why) => {
            eprintln!("offerkit-token-broker: {why}");
            return ExitCode::from(2);
        }
    };
    let rewards = match RewardsSettings::from_vars(|name| std::env::var(name).ok()) {
        Ok(rewards) => rewards,
        Err(why) => {
            eprintln!("offerkit-token-broker: {why}");
            return ExitCode::from(2);
        }
    };
    let broker = match Broker::new(&config) {
        Ok(broker) => Arc::new(broker),
        Err(err) => {
            eprintln!("offerkit-token-broker: {err}");
            return ExitCode::from(2);
        }
    };
    let mut app = router(broker);
    let rewards_on = rewards.is_some();
    if let Some(rewards) = rewards {
        match rewards.router(config.sessions.clone()).await {
            Ok((routes, _ledger)) => app = app.merge(routes),
            Err(err) => {
                eprintln!("offerkit-token-broker: rewards: {err}");
                return ExitCode::from(1);
            }
        }
    }
    let listener = match tokio::net::TcpListener::bind(config.bind).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("offerkit-token-broker: bind {}: {e}", config.bind);
            return ExitCode::from(1);
        }
    };
    let addr = listener
        .local_addr()
        .map_or_else(|_| config.bind.to_string(), |a| a.to_string());
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
    }
    tracing::info!(
        service = %config.base_url,
        per_client_per_minute = config.per_client_per_minute,
        demo_sessions = config.sessions.accepted.is_some(),
        rewards = rewards_on,
        "token broker ready"
    );
    let served = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("offerkit-token-broker: {e}");
            ExitCode::from(1)
        }
    }
}
