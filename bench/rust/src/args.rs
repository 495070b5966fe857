//! The flags of the benchmark programs (`--name value`): a handful per program, so a parser
//! crate would be more than they need.

use std::str::FromStr;

/// The value after `--name` on the command line, if given.
pub fn arg(name: &str) -> Option<String> {
    let mut args = std::env::args().skip_while(|a| a != name);
    args.next()?;
    args.next()
}

/// The value after `--name` parsed as `T`, or `default` when it is missing or does not parse.
pub fn arg_or<T: FromStr>(name: &str, default: T) -> T {
    arg(name).and_then(|v| v.parse().ok()).unwrap_or(default)
}
