//! `uniffi-bindgen` for offerkit: uniffi's own generator (pinned to the uniffi version of
//! `offerkit-uniffi`), plus seven documented fix-ups of its output.
//!
//! Library mode, from the unstripped library (a stripped one has no uniffi metadata):
//! `uniffi-bindgen generate --no-format --library target/debug/libofferkit_uniffi.so
//! --language kotlin --out-dir <dir>`. maturin finds this binary by its name and runs it too,
//! so the wheel's Python is the same as the committed one.
//!
//! Seven fix-ups of the generated code, each failing loudly if uniffi's output changes shape:
//!
//! 1. Readable error messages (Kotlin, Python). uniffi gives an error variant with fields a
//!    message of the form `detail=…, httpStatus=…` (Kotlin `message`, Python `str()`).
//!    offerkit's `OfferError` carries its complete readable text in `detail`, so the message is
//!    made exactly `detail`. Only `OfferError` and `HttpExecutorError` (the app executor's failures,
//!    which carry `detail` the same way) are touched.
//! 2. The event loop of Python async callbacks. offerkit calls the app's async token provider
//!    from its worker threads, where uniffi's Python finds no running loop unless the app
//!    registered one with `uniffi_set_event_loop` (and a registered loop would then also win
//!    over the running one, even after it closed). The fix: the running loop always wins; on
//!    a thread without one, the registered loop, else the loop of the latest offerkit call.
//!    And at interpreter exit the logger is unset and worker threads get 50 ms to return the
//!    wake-ups of finished calls: CPython 3.11 ends a foreign thread that calls into it while
//!    finalizing with `pthread_exit`, whose forced unwind through Rust frames aborts the
//!    process ("FATAL: exception not rethrown"; seen in 1 of 20 exits without this).
//! 3. Whatever a host callback throws is reported to Rust (Kotlin, Python). uniffi's glue
//!    catches only `Exception`: a Kotlin `Error` (`TODO()`'s `NotImplementedError`, a
//!    `StackOverflowError`) or a Python `BaseException` that is not an `Exception` escaped it,
//!    so the waiting call never heard back (it failed with `timeout` after the whole token
//!    wait) and the throwable went to the thread's uncaught-exception handler (from
//!    `GlobalScope`; on Android that ends the app) or to the unraisable hook. The glue now
//!    catches `Throwable` / `BaseException` and reports it as the callback's failure. Python's
//!    async glue also stops printing "Unhandled exception in trait interface call" and a
//!    traceback for a failure it reports (the caller gets it as an error), and re-raises
//!    `KeyboardInterrupt`, `SystemExit` and `CancelledError` after reporting them, so they
//!    still stop the loop or end the task as Python intends. Swift needs no fix-up: its
//!    `catch` catches every `Error`, and nothing else can be thrown.
//! 4. The generated Kotlin is not the API (Kotlin). It is generated into
//!    `com.offerkit.internal` (uniffi.toml) and every top-level declaration but the records and
//!    enums the layer re-exports is made `internal`: the hand-written layer in `com.offerkit` (same Gradle module)
//!    uses it, apps cannot see `FfiConverter*`, `Uniffi*`, the raw client or its exceptions.
//!    uniffi has no visibility setting, hence the fix-up.
//! 5. Cancelling a Python callback's coroutine (Python). When offerkit drops a foreign future (the
//!    call was cancelled, its deadline passed), uniffi's Python asked the callback's event loop
//!    to cancel the task with `call_soon` from a library thread, which does not wake a loop
//!    that is waiting: an app HTTP executor's request ran on until the loop's next event. Now
//!    `call_soon_threadsafe`, and a loop already closed is left alone.
//! 6. Swift 6 language mode (Swift): the async foreign-trait glue captured non-`Sendable`
//!    values in a `Task`, which Swift 6.2 rejects and Swift 6.0.3 crashes on (swift.rs).
//! 7. Cancelling a Swift `Task` cancels the Rust future (Swift): uniffi's Swift had no
//!    cancellation handler, so the call and its request ran on (swift.rs).

mod replace;
mod swift;

use replace::replace_exactly;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    uniffi::uniffi_bindgen_main();
    let Some(out_dir) = out_dir(&args) else {
        return ExitCode::SUCCESS;
    };
    match fix_up(&out_dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("uniffi-bindgen (offerkit): {message}");
            ExitCode::FAILURE
        }
    }
}

/// The `--out-dir`/`-o` of a `generate` command.
fn out_dir(args: &[String]) -> Option<PathBuf> {
    if args.get(1).map(String::as_str) != Some("generate") {
        return None;
    }
    let mut rest = args.iter().skip(2);
    while let Some(arg) = rest.next() {
        if let Some(dir) = arg.strip_prefix("--out-dir=") {
            return Some(dir.into());
        }
        if arg == "--out-dir" || arg == "-o" {
            return rest.next().map(PathBuf::from);
        }
    }
    None
}

fn fix_up(dir: &Path) -> Result<(), String> {
    for path in files(dir) {
        let fix: fn(&str) -> Result<Option<String>, String> =
            match path.extension().and_then(|e| e.to_str()) {
                Some("kt") => kotlin,
                Some("py") => python,
                Some("swift") => swift::swift,
                _ => continue,
            };
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(fixed) = fix(&text)? else { continue };
        std::fs::write(&path, fixed).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found
}

const KOTLIN_RAW: &str = "get() = \"detail=${ `detail` }";
const PYTHON_RAW: &str = "\"detail={!r}\".format(detail),";

/// `override val message get() = "detail=${ `detail` }, …"` → `get() = `detail``.
fn kotlin(text: &str) -> Result<Option<String>, String> {
    if !text.contains("sealed class OfferException") {
        return Ok(None);
    }
    let mut out = String::with_capacity(text.len());
    let mut fixed = 0;
    for line in text.split_inclusive('\n') {
        match line.find(KOTLIN_RAW) {
            Some(at) => {
                out.push_str(&line[..at]);
                out.push_str("get() = `detail`\n");
                fixed += 1;
            }
            None => out.push_str(line),
        }
    }
    let variants = text.matches(") : OfferException() {").count()
        + text.matches(") : HttpExecutorException() {").count();
    check(fixed, variants, "Kotlin", &out, "\"detail=${")?;
    let out = replace_exactly(
        &out,
        KOTLIN_CATCH_RAW,
        KOTLIN_CATCH_FIXED,
        4,
        "Kotlin trait call glue",
    )?;
    kotlin_internal(&out).map(Some)
}

/// Fix-up 4: every top-level declaration of the generated Kotlin is made `internal`, except
/// the records (`data class`) and enums (`enum class`) that the hand-written layer re-exports
/// as type aliases. Apps see only `com.offerkit`: no `FfiConverter*`, `Uniffi*` or raw client.
/// `internal` is public in the bytecode, so JNA still reaches the library object, structures
/// and callbacks by reflection.
fn kotlin_internal(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len() + 4096);
    let mut depth: i64 = 0;
    let mut in_comment = false;
    let mut made = 0;
    for line in text.split_inclusive('\n') {
        // A declaration may follow the `*/` that closes its doc comment on the same line.
        let closes_comment = in_comment && line.trim_start().starts_with("*/");
        match (depth == 0 && (!in_comment || closes_comment))
            .then(|| declaration_start(line))
            .flatten()
        {
            Some(at) => {
                let rest = &line[at..];
                if let Some(public) = rest.strip_prefix("public ") {
                    if public.starts_with("data class") || public.starts_with("enum class") {
                        out.push_str(line);
                    } else {
                        out.push_str(&line[..at]);
                        out.push_str("internal ");
                        out.push_str(public);
                        made += 1;
                    }
                } else {
                    out.push_str(&line[..at]);
                    out.push_str("internal ");
                    out.push_str(rest);
                    made += 1;
                }
            }
            None => out.push_str(line),
        }
        depth += braces(line, &mut in_comment);
        if depth < 0 {
            return Err(
                "unbalanced braces or parentheses in the generated Kotlin: revisit fix-up 4".into(),
            );
        }
    }
    for name in KOTLIN_REPLACED_RECORDS {
        if !out.contains(&format!("\ninternal data class {name} ")) {
            return Err(format!(
                "the record {name} was not found to make internal: revisit fix-up 4"
            ));
        }
    }
    if depth != 0 || made == 0 {
        return Err(format!(
            "made {made} Kotlin declarations internal, ending at brace depth {depth}: \
             did uniffi's output change shape?"
        ));
    }
    Ok(out)
}

/// Records the layer replaces with its own classes (`Int` counts, `Duration`s, a `toString`
/// without the token): internal like the rest, so only the layer's are visible.
const KOTLIN_REPLACED_RECORDS: [&str; 7] = [
    "ClientConfig",
    "OffersOptions",
    "PlayerOffersOptions",
    "ListingOptions",
    "HttpHeader",
    "HttpRequest",
    "HttpResponse",
];

/// Where a top-level declaration that needs a visibility starts in `line` (after any `*/`
/// closing its doc comment and any annotations), or `None` for other lines and for
/// declarations that already say `internal` or `private`, records and enums.
fn declaration_start(line: &str) -> Option<usize> {
    let mut at = line.len() - line.trim_start().len();
    if line[at..].starts_with("*/") {
        at += 2;
        at += line[at..].len() - line[at..].trim_start().len();
    }
    while line[at..].starts_with('@') && !line[at..].starts_with("@file") {
        let rest = &line[at..];
        let name_end = rest[1..]
            .find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_'))
            .map_or(rest.len(), |i| i + 1);
        let mut end = name_end;
        if rest[end..].starts_with('(') {
            end += rest[end..].find(')')? + 1;
        }
        at += end;
        at += line[at..].len() - line[at..].trim_start().len();
    }
    let rest = &line[at..];
    const KEEP: [&str; 4] = ["internal ", "private ", "data class", "enum class"];
    const DECLARE: [&str; 13] = [
        "public ",
        "open class",
        "abstract class",
        "sealed class",
        "class ",
        "interface ",
        "object ",
        "fun ",
        "fun<",
        "inline fun",
        "suspend fun",
        "val ",
        "typealias ",
    ];
    if KOTLIN_REPLACED_RECORDS
        .iter()
        .any(|name| rest.starts_with(&format!("data class {name} ")))
    {
        return Some(at);
    }
    if KEEP.iter().any(|k| rest.starts_with(k)) {
        return None;
    }
    DECLARE.iter().any(|d| rest.starts_with(d)).then_some(at)
}

/// The change in nesting over `line`: braces and parentheses (a record's properties are
/// declared inside its constructor's), outside comments (`in_comment` carries a block comment
/// across lines). Those in string templates come in pairs.
fn braces(line: &str, in_comment: &mut bool) -> i64 {
    let mut delta = 0;
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if *in_comment {
            if bytes[i..].starts_with(b"*/") {
                *in_comment = false;
                i += 1;
            }
        } else if bytes[i..].starts_with(b"/*") {
            *in_comment = true;
            i += 1;
        } else if bytes[i..].starts_with(b"//") {
            break;
        } else if matches!(bytes[i], b'{' | b'(') {
            delta += 1;
        } else if matches!(bytes[i], b'}' | b')') {
            delta -= 1;
        }
        i += 1;
    }
    delta
}

/// uniffi's Kotlin trait-interface glue (two sync helpers, two async ones) catches only this.
const KOTLIN_CATCH_RAW: &str = "catch(e: kotlin.Exception) {";
const KOTLIN_CATCH_FIXED: &str = "catch(e: kotlin.Throwable) {";

/// `super().__init__(", ".join(["detail={!r}".format(detail), …]))` → `super().__init__(detail)`.
fn python(text: &str) -> Result<Option<String>, String> {
    if !text.contains("class OfferError(Exception)") {
        return Ok(None);
    }
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split_inclusive('\n').peekable();
    let mut fixed = 0;
    while let Some(line) = lines.next() {
        let opens_join = line.trim_end().ends_with("super().__init__(\", \".join([");
        if opens_join && lines.peek().is_some_and(|next| next.trim() == PYTHON_RAW) {
            let indent = &line[..line.len() - line.trim_start().len()];
            out.push_str(indent);
            out.push_str("super().__init__(detail)\n");
            // Skip the joined items up to and including the closing `]))`.
            for skipped in lines.by_ref() {
                if skipped.trim() == "]))" {
                    break;
                }
            }
            fixed += 1;
        } else {
            out.push_str(line);
        }
    }
    let variants = text.matches("(_UniffiTempOfferError):").count()
        + text.matches("(_UniffiTempHttpExecutorError):").count();
    check(fixed, variants, "Python", &out, "\"detail={!r}\"")?;
    if !out.contains(PYTHON_LOOP_RAW) {
        return Err("uniffi's Python `_uniffi_get_event_loop` changed: revisit the fix-up".into());
    }
    let out = out.replace(PYTHON_LOOP_RAW, PYTHON_LOOP_FIXED);
    let out = replace_exactly(
        &out,
        PYTHON_CATCH_RAW,
        PYTHON_CATCH_FIXED,
        2,
        "Python sync trait call glue",
    )?;
    let out = replace_exactly(
        &out,
        PYTHON_ASYNC_CATCH_RAW,
        PYTHON_ASYNC_CATCH_FIXED,
        2,
        "Python async trait call glue",
    )?;
    let mut out = replace_exactly(
        &out,
        PYTHON_DROPPED_RAW,
        PYTHON_DROPPED_FIXED,
        1,
        "Python dropped-future callback",
    )?;
    out.push_str(PYTHON_AT_EXIT);
    Ok(Some(out))
}

/// A foreign future offerkit no longer wants (its call was cancelled or its deadline passed) is
/// cancelled from a library thread: `call_soon` from another thread does not wake the loop, so
/// an idle loop ran the cancellation only at its next event, and a closed loop raised.
const PYTHON_DROPPED_RAW: &str = "    eventloop.call_soon(_uniffi_cancel_task, task)\n";
const PYTHON_DROPPED_FIXED: &str = "\
    # offerkit: from a library thread, so wake the loop; a closed loop has nothing left to cancel.
    try:
        eventloop.call_soon_threadsafe(_uniffi_cancel_task, task)
    except RuntimeError:
        pass
";

/// The two sync trait-interface helpers (the logger's glue).
const PYTHON_CATCH_RAW: &str = "\
    except Exception as e:
        call_status.code = _UniffiRustCallStatus.CALL_UNEXPECTED_ERROR
";

const PYTHON_CATCH_FIXED: &str = "\
    except BaseException as e:
        call_status.code = _UniffiRustCallStatus.CALL_UNEXPECTED_ERROR
";

/// The two async trait-interface helpers (the token provider's glue).
const PYTHON_ASYNC_CATCH_RAW: &str = "\
        except Exception as e:
            print(\"UniFFI: Unhandled exception in trait interface call\", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            handle_error(
                _UniffiRustCallStatus.CALL_UNEXPECTED_ERROR,
                _UniffiFfiConverterString.lower(repr(e)),
            )
";

const PYTHON_ASYNC_CATCH_FIXED: &str = "\
        except BaseException as e:
            # offerkit: every failure is the callback's error, reported to the waiting call
            # (not printed); those that stop a loop or end a task still do after that.
            handle_error(
                _UniffiRustCallStatus.CALL_UNEXPECTED_ERROR,
                _UniffiFfiConverterString.lower(repr(e)),
            )
            if isinstance(e, (KeyboardInterrupt, SystemExit, asyncio.CancelledError)):
                raise
";

const PYTHON_AT_EXIT: &str = "

# offerkit: before the interpreter finalizes, stop forwarding log records and give worker
# threads a moment to return the wake-ups of calls that already finished. A worker thread that
# calls into Python while it finalizes is ended with pthread_exit, and that forced unwind
# through Rust frames aborts the process (\"FATAL: exception not rethrown\").
import atexit as _uniffi_atexit
import time as _uniffi_time

def _uniffi_offerkit_at_exit():
    set_logger(None, LogLevel.ERROR)
    _uniffi_time.sleep(0.05)

_uniffi_atexit.register(_uniffi_offerkit_at_exit)
";

const PYTHON_LOOP_RAW: &str = "\
def _uniffi_get_event_loop():
    if _UNIFFI_GLOBAL_EVENT_LOOP is not None:
        return _UNIFFI_GLOBAL_EVENT_LOOP
    else:
        return asyncio.get_running_loop()
";

const PYTHON_LOOP_FIXED: &str = "\
_UNIFFI_LATEST_EVENT_LOOP = None

def _uniffi_get_event_loop():
    # offerkit: the running loop wins. On a thread without one (offerkit's worker threads call
    # async token providers), use the loop registered with `uniffi_set_event_loop`, else the
    # loop of the latest offerkit call.
    global _UNIFFI_LATEST_EVENT_LOOP
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        if _UNIFFI_GLOBAL_EVENT_LOOP is not None:
            return _UNIFFI_GLOBAL_EVENT_LOOP
        latest = _UNIFFI_LATEST_EVENT_LOOP
        if latest is not None and not latest.is_closed():
            return latest
        raise
    _UNIFFI_LATEST_EVENT_LOOP = loop
    return loop
";

/// Every `OfferError` variant was fixed, and none is left in the raw form.
fn check(
    fixed: usize,
    variants: usize,
    language: &str,
    out: &str,
    raw: &str,
) -> Result<(), String> {
    if fixed == 0 || fixed != variants || out.contains(raw) {
        return Err(format!(
            "fixed the messages of {fixed} of {variants} OfferError variants in the {language} \
             output: did uniffi's error template change?"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KOTLIN: &str = "sealed class OfferException: kotlin.Exception() {
    class Timeout(
        val `detail`: kotlin.String
        ) : OfferException() {
        override val message
            get() = \"detail=${ `detail` }\"
    }
    class Server(
        val `detail`: kotlin.String,
        val `httpStatus`: kotlin.Int?
        ) : OfferException() {
        override val message
            get() = \"detail=${ `detail` }, httpStatus=${ `httpStatus` }\"
    }
}
";

    /// The glue as uniffi writes it: two sync helpers, two async ones.
    fn kotlin_with_glue() -> String {
        format!(
            "{KOTLIN}{}{RECORDS}",
            "    } catch(e: kotlin.Exception) {\n".repeat(4)
        )
    }

    /// The records the layer replaces, as uniffi declares them.
    const RECORDS: &str = "data class ClientConfig (\n)\ndata class OffersOptions (\n)\n\
        data class PlayerOffersOptions (\n)\ndata class ListingOptions (\n)\n\
        data class HttpHeader (\n)\ndata class HttpRequest (\n)\ndata class HttpResponse (\n)\n";

    #[test]
    fn kotlin_message_becomes_the_detail() {
        let fixed = kotlin(&kotlin_with_glue()).unwrap().unwrap();
        assert_eq!(fixed.matches("            get() = `detail`\n").count(), 2);
        assert!(!fixed.contains("detail=${"));
        assert_eq!(
            kotlin("class Other").unwrap(),
            None,
            "other files are left alone"
        );
        let half =
            kotlin_with_glue().replacen("get() = \"detail=${ `detail` }\"", "get() = \"x\"", 1);
        assert!(
            kotlin(&half).is_err(),
            "a variant it cannot fix is an error"
        );
    }

    #[test]
    fn kotlin_glue_catches_every_throwable() {
        let fixed = kotlin(&kotlin_with_glue()).unwrap().unwrap();
        assert_eq!(fixed.matches("} catch(e: kotlin.Throwable) {\n").count(), 4);
        assert!(!fixed.contains("catch(e: kotlin.Exception)"));
        let three = format!(
            "{KOTLIN}{}",
            "    } catch(e: kotlin.Exception) {\n".repeat(3)
        );
        assert!(
            kotlin(&three).is_err(),
            "another shape of the glue is an error"
        );
    }

    #[test]
    fn kotlin_top_level_declarations_become_internal_but_records_and_enums() {
        let text = "package com.offerkit.internal
import com.sun.jna.Structure
@Structure.FieldOrder(\"capacity\")
internal open class RustBuffer : Structure() {
    fun noMember() = 1
}
public object FfiConverterString: FfiConverter<String, RustBuffer.ByValue> {
    override fun lift(value: RustBuffer.ByValue): String { return \"{ }\" }
}
public interface Logger {
    fun log(level: LogLevel)
}
open class OfferClient: Disposable {
    /* a { in a comment */
}
data class Offer (
    val `id`: kotlin.String?,
    val `name`: kotlin.String?
) {
    companion object
}
enum class LogLevel {
    ERROR;
}
data class ClientConfig (
    val `baseUrl`: kotlin.String
)
data class OffersOptions (
    val `limit`: kotlin.Long?
)
data class PlayerOffersOptions (
    val `limit`: kotlin.Long?
)
data class ListingOptions (
    val `page`: kotlin.Long?
)
data class HttpHeader (
    val `name`: kotlin.String
)
data class HttpRequest (
    val `url`: kotlin.String
)
data class HttpResponse (
    val `status`: kotlin.Int
)
        /**
         * The version.
         */ fun `version`(): kotlin.String {
            return \"1\"
    }
    @Throws(OfferException::class) fun `checkPlayerId`(`playerId`: kotlin.String)
        = Unit
";
        let fixed = kotlin_internal(text).unwrap();
        for declared in [
            "internal open class RustBuffer",
            "internal object FfiConverterString",
            "internal interface Logger",
            "internal open class OfferClient",
            "         */ internal fun `version`()",
            "@Throws(OfferException::class) internal fun `checkPlayerId`",
            "\ndata class Offer (\n    val `id`",
            "\nenum class LogLevel",
            "\ninternal data class ClientConfig (\n    val `baseUrl`",
            "\ninternal data class ListingOptions (",
            "\ninternal data class HttpRequest (\n    val `url`",
            "    fun noMember() = 1",
            "    fun log(level: LogLevel)",
        ] {
            assert!(fixed.contains(declared), "{declared} in:\n{fixed}");
        }
        assert!(!fixed.contains("public "), "{fixed}");
        assert!(
            kotlin_internal("class A {\n").is_err(),
            "unbalanced input is an error"
        );
        assert!(
            kotlin_internal(&text.replace("data class ClientConfig", "data class Config")).is_err(),
            "a replaced record that is missing is an error"
        );
    }

    #[test]
    fn python_message_becomes_the_detail_and_the_loop_is_chosen() {
        let text = format!(
            "class OfferError(Exception):
    pass
    class Server(_UniffiTempOfferError):
        def __init__(self, detail, http_status):
            super().__init__(\", \".join([
                \"detail={{!r}}\".format(detail),
                \"http_status={{!r}}\".format(http_status),
            ]))
            self.detail = detail
{PYTHON_LOOP_RAW}{PYTHON_CATCH_RAW}{PYTHON_CATCH_RAW}{PYTHON_ASYNC_CATCH_RAW}{PYTHON_ASYNC_CATCH_RAW}{PYTHON_DROPPED_RAW}"
        );
        let fixed = python(&text).unwrap().unwrap();
        assert!(fixed.contains("eventloop.call_soon_threadsafe(_uniffi_cancel_task, task)"));
        assert!(!fixed.contains("eventloop.call_soon(_uniffi_cancel_task"));
        assert!(
            python(&text.replace(PYTHON_DROPPED_RAW, "")).is_err(),
            "a dropped-future callback of another shape is an error"
        );
        assert!(
            fixed.contains(
                "            super().__init__(detail)\n            self.detail = detail\n"
            )
        );
        assert!(!fixed.contains("http_status={!r}"));
        assert!(fixed.contains(PYTHON_LOOP_FIXED));
        assert!(fixed.ends_with(PYTHON_AT_EXIT));
        assert_eq!(fixed.matches(PYTHON_CATCH_FIXED).count(), 2);
        assert_eq!(fixed.matches(PYTHON_ASYNC_CATCH_FIXED).count(), 2);
        assert!(!fixed.contains("except Exception") && !fixed.contains("Unhandled exception"));
        assert!(python(&text.replace(PYTHON_LOOP_RAW, "")).is_err());
        assert!(
            python(&text.replacen(PYTHON_ASYNC_CATCH_RAW, "", 1)).is_err(),
            "another shape of the glue is an error"
        );
    }

    #[test]
    fn out_dir_is_read_from_generate_commands_only() {
        let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            out_dir(&args("b generate --library x --out-dir d")),
            Some("d".into())
        );
        assert_eq!(out_dir(&args("b generate -o d x")), Some("d".into()));
        assert_eq!(out_dir(&args("b generate --out-dir=d")), Some("d".into()));
        assert_eq!(out_dir(&args("b print-repr x")), None);
    }
}
