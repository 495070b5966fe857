//! What every example needs around its own code: settings from the environment, and a process
//! exit status from the outcome. Kept apart so each example shows only the API it is about.

use std::process::ExitCode;

use offerkit::{Error, ErrorKind};

/// A required environment variable; a missing one fails before anything is sent.
pub fn env(name: &str) -> offerkit::Result<String> {
    std::env::var(name).map_err(|_| Error::new(ErrorKind::InvalidArgument, format!("set {name}")))
}

/// Whose offers: `OFFERKIT_PLAYER_ID`, default `demo-player`.
#[allow(dead_code)] // not every example is about a player
pub fn player_id() -> String {
    std::env::var("OFFERKIT_PLAYER_ID").unwrap_or_else(|_| "demo-player".into())
}

/// Exit status 0, or 1 after printing the error (`kind: message`) on stderr.
pub fn exit(outcome: offerkit::Result<()>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
