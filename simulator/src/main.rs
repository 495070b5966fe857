//! The `offerkit-sim` binary: the simulator on a port, for tests written in other languages.

use clap::Parser;

/// A spec-faithful local Offer Personalization Service.
#[derive(Debug, Parser)]
#[command(name = "offerkit-sim", version, about)]
struct Cli {
    #[command(flatten)]
    sim: offerkit_sim::SimArgs,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("offerkit-sim: cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(offerkit_sim::run_until_ctrl_c(cli.sim.into_config())) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("offerkit-sim: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
