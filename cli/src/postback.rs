//! `postback verify`: checks a postback by hand, for integrators debugging their set-up, with
//! core's verifier alone (no ledger). The postback key is a secret: taken from its flag or
//! `OFFERKIT_POSTBACK_KEY` (preferred: flags show in `ps`), never printed or logged.

use std::io::Read;

use clap::{Args, Subcommand};
use offerkit::server::postback::{PostbackKey, PostbackVerifier, canonical, sign_v2_url, sign_v3};
use offerkit::{Error, ErrorKind, Result};
use serde_json::json;

#[derive(Subcommand)]
pub enum PostbackCommand {
    /// Check a postback: a v3 body on stdin (with --signature: does it match? without: the
    /// signature it should carry), or a v2 URL with --url. Prints what it would credit.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub struct VerifyArgs {
    /// The postback key (prefer the environment variable).
    #[arg(long, env = "OFFERKIT_POSTBACK_KEY", hide_env_values = true)]
    key: Option<String>,
    /// The v3 `Signature` header to check against the body on stdin.
    #[arg(long)]
    signature: Option<String>,
    /// A v2 postback URL (with or without its verifier) instead of a body on stdin.
    #[arg(long)]
    url: Option<String>,
}

/// A secret from its flag or variable: missing, empty or only white space is refused (a key
/// of blanks is as guessable as none, and usually a quoting mistake).
pub(crate) fn secret(value: Option<String>, what: &str, variable: &str) -> Result<String> {
    let flag = what.replace(' ', "-");
    match value {
        Some(v) if !v.trim().is_empty() => Ok(v),
        Some(v) if !v.is_empty() => Err(Error::new(
            ErrorKind::InvalidArgument,
            format!(
                "{what} is blank (only white space): give the real one with --{flag} or {variable}"
            ),
        )),
        _ => Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("{what} is required: --{flag} or {variable}"),
        )),
    }
}

pub(crate) fn internal(what: &str, e: impl std::fmt::Display) -> Error {
    Error::new(ErrorKind::Internal, format!("{what}: {e}"))
}

pub fn verify(args: VerifyArgs, json_output: bool) -> Result<()> {
    let key = PostbackKey::new(secret(args.key, "key", "OFFERKIT_POSTBACK_KEY")?);
    let verifier = PostbackVerifier::new(key.clone())?;
    let (format, expected, given, conversion, signed_text) = match args.url {
        Some(url) => {
            let (base, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
            let given = canonical::verifiers(query).into_iter().next();
            let signed = canonical::canonical(base, query);
            let expected = sign_v2_url(&key, &signed)
                .rsplit_once("verifier=")
                .map(|(_, v)| v.to_owned())
                .unwrap_or_default();
            let check = match &given {
                Some(_) => query.to_owned(),
                None if query.is_empty() => format!("verifier={expected}"),
                None => format!("{query}&verifier={expected}"),
            };
            let conversion = verifier.verify_v2(&[base], &check);
            ("v2", expected, given, conversion, Some(signed))
        }
        None => {
            let mut body = Vec::new();
            std::io::stdin()
                .read_to_end(&mut body)
                .map_err(|e| internal("reading stdin", e))?;
            let expected = sign_v3(&key, &body);
            let given = args.signature;
            let conversion = verifier.verify_v3(Some(given.as_deref().unwrap_or(&expected)), &body);
            ("v3", expected, given, conversion, None)
        }
    };
    let conversion = conversion?;
    if json_output {
        let doc = json!({
            "format": format,
            // "valid": a signature was given and matches; "not_given": see expected_signature.
            "signature": if given.is_some() { "valid" } else { "not_given" },
            "expected_signature": expected,
            "signed_text": signed_text,
            "conversion": conversion,
        });
        println!("{doc}");
    } else {
        match &given {
            Some(_) => println!("signature: valid ({format})"),
            None => println!(
                "signature: none given; a {format} postback with this content must carry {expected}"
            ),
        }
        if let Some(text) = &signed_text {
            println!("signed text: {text}");
        }
        println!(
            "conversion: {} player {:?} amount {} ({})",
            conversion.conversion_id,
            conversion.player_id,
            conversion.amount,
            conversion.kind.as_str()
        );
    }
    Ok(())
}
