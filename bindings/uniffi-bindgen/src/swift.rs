//! The Swift fix-ups (6 and 7 of main.rs): uniffi 0.32's Swift neither compiles in Swift 6
//! language mode nor passes a task's cancellation to the Rust future, and no uniffi setting
//! changes either. Each replacement counts what it expects and fails loudly otherwise.
//!
//! 6. Async foreign-trait glue that Swift 6 accepts. uniffi runs the app's async callback
//!    (`AccessTokenProvider.accessToken`, `HttpExecutor.execute`) in a `Task` whose closure
//!    captures non-`Sendable` closures and the raw `RustBuffer` argument: Swift 6.2 rejects it
//!    ("passing closure as a 'sending' parameter risks causing data races") and Swift 6.0.3's
//!    region analysis crashes on it. Now the glue's closures are `@Sendable`, and each argument
//!    is lifted (decoded, its buffer freed) on the calling thread before the task starts, so
//!    the task captures only `Sendable` values: a `Result` of the lifted argument, whose failure
//!    the task reports as before. Nothing is declared `Sendable` that is not.
//! 7. Cancellation of Rust futures. uniffi's `uniffiRustCallAsync` awaited the Rust future
//!    with no cancellation handler, so a cancelled `Task` waited for the call to finish (its
//!    HTTP request ran on), and a `CALL_CANCELLED` status was a `fatalError`. Now the wait runs
//!    in `withTaskCancellationHandler`, whose handler calls the future's
//!    `rust_future_cancel` (each call site passes the one of its return type, next to its
//!    `free`): the future completes as cancelled, is dropped (offerkit's runtime then aborts the
//!    request), and the call throws Swift's `CancellationError`. The future is created before
//!    the handler is installed and freed after it is removed, so the handler never sees a
//!    freed future.

use crate::replace::replace_exactly;

/// Fixes the generated Swift; `None` for a file that is not offerkit's Swift module.
pub(crate) fn swift(text: &str) -> Result<Option<String>, String> {
    if !text.contains("fileprivate func uniffiRustCallAsync<F, T>(") {
        return Ok(None);
    }
    let out = sendable_glue(text)?;
    let out = hoist_lifts(&out)?;
    let out = cancellation(&out)?;
    Ok(Some(out))
}

/// The number of async methods of foreign traits (token provider, HTTP executor).
const ASYNC_TRAIT_METHODS: usize = 2;

fn sendable_glue(text: &str) -> Result<String, String> {
    let mut out = text.to_string();
    for (raw, fixed, count) in [
        (
            "    makeCall: @escaping () async throws -> T,\n",
            "    makeCall: @escaping @Sendable () async throws -> T,\n",
            2,
        ),
        (
            "    handleSuccess: @escaping (T) -> (),\n",
            "    handleSuccess: @escaping @Sendable (T) -> (),\n",
            2,
        ),
        (
            "    handleError: @escaping (Int8, RustBuffer) -> (),\n",
            "    handleError: @escaping @Sendable (Int8, RustBuffer) -> (),\n",
            2,
        ),
        (
            "    lowerError: @escaping (E) -> RustBuffer,\n    droppedCallback",
            "    lowerError: @escaping @Sendable (E) -> RustBuffer,\n    droppedCallback",
            1,
        ),
        (
            "            let makeCall = {\n                () async throws -> ",
            "            let makeCall = {\n                @Sendable () async throws -> ",
            ASYNC_TRAIT_METHODS,
        ),
        (
            "            let uniffiHandleSuccess = { (returnValue: ",
            "            let uniffiHandleSuccess = { @Sendable (returnValue: ",
            ASYNC_TRAIT_METHODS,
        ),
        (
            "            let uniffiHandleError = { (statusCode, errorBuf) in\n",
            "            let uniffiHandleError = { @Sendable (statusCode, errorBuf) in\n",
            ASYNC_TRAIT_METHODS,
        ),
    ] {
        out = replace_exactly(&out, raw, fixed, count, "Swift async trait glue")?;
    }
    Ok(out)
}

/// In each async `makeCall`, an argument line `NAME: try LIFT(NAME)` becomes
/// `NAME: try uniffiLiftedNAME.get()`, and `let uniffiLiftedNAME = Result { try LIFT(NAME) }`
/// goes before the closure: the task captures the lifted value, not the buffer.
fn hoist_lifts(text: &str) -> Result<String, String> {
    const OPEN: &str =
        "            let makeCall = {\n                @Sendable () async throws -> ";
    // The closure's closing line (a deeper `}` line also ends with this text, hence the `\n`).
    const CLOSE: &str = "\n            }\n";
    let mut out = String::with_capacity(text.len() + 512);
    let mut rest = text;
    let mut blocks = 0;
    let mut hoisted = 0;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let block_len = rest[at..]
            .find(CLOSE)
            .ok_or("an async makeCall closure has no end: revisit Swift fix-up 6")?
            + CLOSE.len();
        let block = &rest[at..at + block_len];
        let mut lifts = String::new();
        let mut body = String::with_capacity(block.len());
        for line in block.split_inclusive('\n') {
            match lifted_argument(line) {
                Some((indent, name, lift, comma)) => {
                    lifts.push_str(&format!(
                        "            let uniffiLifted{name} = Result {{ try {lift}({name}) }}\n"
                    ));
                    body.push_str(&format!(
                        "{indent}{name}: try uniffiLifted{name}.get(){comma}\n"
                    ));
                    hoisted += 1;
                }
                None => body.push_str(line),
            }
        }
        out.push_str(&lifts);
        out.push_str(&body);
        rest = &rest[at + block_len..];
        blocks += 1;
    }
    out.push_str(rest);
    if blocks != ASYNC_TRAIT_METHODS || hoisted < ASYNC_TRAIT_METHODS {
        return Err(format!(
            "found {blocks} async makeCall closures with {hoisted} lifted arguments, expected \
             {ASYNC_TRAIT_METHODS} with at least one each: revisit Swift fix-up 6"
        ));
    }
    Ok(out)
}

/// `<indent>NAME: try LIFT(NAME)<,>` → (indent, NAME, LIFT, comma).
fn lifted_argument(line: &str) -> Option<(&str, &str, &str, &str)> {
    let trimmed = line.trim_end_matches('\n');
    let body = trimmed.trim_start();
    let indent = &trimmed[..trimmed.len() - body.len()];
    let (body, comma) = match body.strip_suffix(',') {
        Some(b) => (b, ","),
        None => (body, ""),
    };
    let (name, call) = body.split_once(": try ")?;
    let (lift, argument) = call.strip_suffix(')')?.split_once('(')?;
    let identifier = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
    let lifter = lift.starts_with("FfiConverter")
        && lift
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    (identifier(name) && argument == name && lifter).then_some((indent, name, lift, comma))
}

const ASYNC_SIGNATURE_RAW: &str = "    freeFunc: (UInt64) -> (),\n";
const ASYNC_SIGNATURE_FIXED: &str =
    "    freeFunc: (UInt64) -> (),\n    cancelFunc: @escaping @Sendable (UInt64) -> (),\n";

const ASYNC_WAIT_RAW: &str = "    var pollResult: Int8;
    repeat {
        pollResult = await withUnsafeContinuation {
            pollFunc(
                rustFuture,
                { handle, pollResult in
                    uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                },
                uniffiContinuationHandleMap.insert(obj: $0)
            )
        }
    } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY
";
const ASYNC_WAIT_FIXED: &str =
    "    // offerkit: a cancelled task cancels the Rust future, which then completes as cancelled
    // (CALL_CANCELLED: CancellationError) and is dropped with its request.
    await withTaskCancellationHandler {
        var pollResult: Int8
        repeat {
            pollResult = await withUnsafeContinuation {
                pollFunc(
                    rustFuture,
                    { handle, pollResult in
                        uniffiFutureContinuationCallback(handle: handle, pollResult: pollResult)
                    },
                    uniffiContinuationHandleMap.insert(obj: $0)
                )
            }
        } while pollResult != UNIFFI_RUST_FUTURE_POLL_READY
    } onCancel: {
        cancelFunc(rustFuture)
    }
";

const CANCELLED_RAW: &str = "        case CALL_CANCELLED:
            fatalError(\"Cancellation not supported yet\")
";
const CANCELLED_FIXED: &str = "        case CALL_CANCELLED:
            throw CancellationError()
";

fn cancellation(text: &str) -> Result<String, String> {
    let out = replace_exactly(
        text,
        ASYNC_SIGNATURE_RAW,
        ASYNC_SIGNATURE_FIXED,
        1,
        "Swift uniffiRustCallAsync",
    )?;
    let out = replace_exactly(
        &out,
        ASYNC_WAIT_RAW,
        ASYNC_WAIT_FIXED,
        1,
        "Swift uniffiRustCallAsync",
    )?;
    let out = replace_exactly(
        &out,
        CANCELLED_RAW,
        CANCELLED_FIXED,
        1,
        "Swift call status check",
    )?;
    // Each call site: `freeFunc: ffi_…_rust_future_free_TYPE,` gains the cancel of its TYPE.
    const FREE: &str = "freeFunc: ffi_offerkit_uniffi_rust_future_free_";
    let mut fixed = String::with_capacity(out.len() + 4096);
    let mut sites = 0;
    for line in out.split_inclusive('\n') {
        fixed.push_str(line);
        if let Some(at) = line.find(FREE) {
            let indent = &line[..at];
            let ty = line[at + FREE.len()..].trim_end().trim_end_matches(',');
            fixed.push_str(&format!(
                "{indent}cancelFunc: ffi_offerkit_uniffi_rust_future_cancel_{ty},\n"
            ));
            sites += 1;
        }
    }
    let calls = out.matches("await uniffiRustCallAsync(").count();
    if sites == 0 || sites != calls {
        return Err(format!(
            "gave a cancel function to {sites} of {calls} async calls: revisit Swift fix-up 7"
        ));
    }
    Ok(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifted_argument_reads_the_generated_argument_lines() {
        assert_eq!(
            lifted_argument(
                "                     reason: try FfiConverterTypeTokenReason_lift(reason)\n"
            ),
            Some((
                "                     ",
                "reason",
                "FfiConverterTypeTokenReason_lift",
                ""
            ))
        );
        assert_eq!(
            lifted_argument("        target: try FfiConverterString.lift(target),\n"),
            Some(("        ", "target", "FfiConverterString.lift", ","))
        );
        // Another argument's buffer, or something that is not a lift, is left alone.
        assert_eq!(
            lifted_argument("    reason: try FfiConverterString.lift(other)\n"),
            None
        );
        assert_eq!(
            lifted_argument("    return try await uniffiObj.execute(\n"),
            None
        );
    }

    #[test]
    fn a_changed_template_is_refused() {
        let err = cancellation("await uniffiRustCallAsync(\n").unwrap_err();
        assert!(err.contains("uniffiRustCallAsync"), "{err}");
    }
}
