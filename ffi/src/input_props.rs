//! Property tests of the C ABI's string and option inputs (the stable-Rust fuzzing of this
//! surface): arbitrary bytes as C strings (invalid UTF-8, over-long, empty) and arbitrary option
//! values reach the exported functions exactly as a C caller would pass them. Every outcome is a
//! status with an owned error saying why, out-pointers are written only on success, and nothing
//! panics, crashes or touches the network for an input that is refused.

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use proptest::prelude::*;

use crate::client::{OfferkitClient, offerkit_client_free};
use crate::client_new::offerkit_client_new;
use crate::config::{
    OfferkitConfig, offerkit_config_add_root_pem, offerkit_config_free, offerkit_config_new,
    offerkit_config_set_access_token, offerkit_config_set_cache,
    offerkit_config_set_connect_timeout_ms, offerkit_config_set_deadline_ms,
    offerkit_config_set_http_executor, offerkit_config_set_max_pages,
    offerkit_config_set_max_retries, offerkit_config_set_retry_backoff_ms,
    offerkit_config_set_timeout_ms, offerkit_config_set_token_wait_ms,
};
use crate::error::OfferkitError;
use crate::error_accessors::{
    offerkit_error_field_argument_count, offerkit_error_field_argument_name,
    offerkit_error_field_count, offerkit_error_field_message, offerkit_error_field_message_count,
    offerkit_error_field_path, offerkit_error_free, offerkit_error_message, offerkit_error_status,
};
use crate::http_request::{OfferkitHttpRequest, offerkit_http_request_free};
use crate::options::{
    offerkit_offers_options_free, offerkit_offers_options_new,
    offerkit_offers_options_set_language, offerkit_offers_options_set_limit,
    offerkit_offers_options_set_select, offerkit_offers_options_set_selection,
    offerkit_offers_options_set_sort, offerkit_player_offers_options_free,
    offerkit_player_offers_options_new, offerkit_player_offers_options_set_after,
    offerkit_player_offers_options_set_language, offerkit_player_offers_options_set_limit,
    offerkit_player_offers_options_set_select,
};
use crate::player_id::{
    offerkit_player_id_lint, offerkit_player_id_short, offerkit_player_id_validate,
};
use crate::queries::{
    offerkit_client_links, offerkit_client_offers, offerkit_client_player_offers,
};
use crate::status::OfferkitStatus;
use crate::strings::offerkit_string_free;

/// Bytes a C caller may pass as a string: anything but NUL, sometimes invalid UTF-8, sometimes
/// longer than any limit.
fn c_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(1u8..=255, 0..300),
        "[a-zA-Z0-9 ._-]{0,12}".prop_map(String::into_bytes),
        prop::collection::vec(
            prop_oneof![Just(0xC3u8), Just(0xA9u8), Just(0xFFu8), 1u8..=127],
            0..8
        ),
    ]
}

/// A C string or NULL.
fn c_string() -> impl Strategy<Value = Option<CString>> {
    prop_oneof![
        1 => Just(None),
        6 => c_bytes().prop_map(|b| Some(CString::new(b).expect("no NUL by construction"))),
    ]
}

fn ptr_of(s: &Option<CString>) -> *const c_char {
    s.as_ref().map_or(ptr::null(), |s| s.as_ptr())
}

/// Checks a finished call: OK exactly when `written`, otherwise an owned error with the same
/// status and a message. Frees the error.
fn settle(
    status: OfferkitStatus,
    written: bool,
    error: *mut OfferkitError,
) -> Result<(), TestCaseError> {
    if status == OfferkitStatus::Ok {
        prop_assert!(written, "OK without a result");
        prop_assert!(error.is_null(), "OK with an error");
        return Ok(());
    }
    prop_assert!(!written, "{:?} but the out-pointer was written", status);
    prop_assert!(!error.is_null(), "{:?} without an error object", status);
    // SAFETY: a live error handed out by the call just made.
    let (kept, message) = unsafe {
        (
            offerkit_error_status(error),
            CStr::from_ptr(offerkit_error_message(error)).to_owned(),
        )
    };
    // SAFETY: freed once, here.
    unsafe { offerkit_error_free(error) };
    prop_assert_eq!(kept, status);
    prop_assert!(
        !message.to_bytes().is_empty(),
        "{:?} with an empty message",
        status
    );
    Ok(())
}

/// What the service's rules say of a player id: valid UTF-8, 1 to 255 characters.
fn player_id_rule(id: &Option<CString>) -> OfferkitStatus {
    match id.as_ref().map(|s| s.to_str()) {
        None => OfferkitStatus::NullArgument,
        Some(Err(_)) => OfferkitStatus::InvalidUtf8,
        Some(Ok(s)) if s.is_empty() || s.chars().count() > 255 => OfferkitStatus::InvalidArgument,
        Some(Ok(_)) => OfferkitStatus::Ok,
    }
}

/// Gives `config` an executor in the lite build (no built-in transport), where a client needs
/// one. The cases never send (no token, or settings refused first), so it only frees what it
/// would be given.
fn lite_executor(config: *mut OfferkitConfig) {
    unsafe extern "C" fn unused(_: *mut std::ffi::c_void, request: *mut OfferkitHttpRequest) {
        // SAFETY: the request handed to this executor, freed once.
        unsafe { offerkit_http_request_free(request) }
    }
    if !cfg!(feature = "builtin-http") {
        // SAFETY: a live config; a NULL `out_error`.
        let status = unsafe {
            offerkit_config_set_http_executor(
                config,
                Some(unused),
                None,
                ptr::null_mut(),
                ptr::null_mut(),
            )
        };
        assert_eq!(status, OfferkitStatus::Ok);
    }
}

/// A client with no token and nothing listening: a request that passes every check fails with
/// `UNAUTHORIZED` before anything is sent, so no case waits on the network.
struct Offline(*mut OfferkitClient);

impl Offline {
    fn new() -> Offline {
        let mut config: *mut OfferkitConfig = ptr::null_mut();
        let mut client: *mut OfferkitClient = ptr::null_mut();
        // SAFETY: valid C strings and out-pointers; the config is freed after use.
        unsafe {
            assert_eq!(
                offerkit_config_new(c"http://127.0.0.1:9".as_ptr(), &mut config, ptr::null_mut()),
                OfferkitStatus::Ok
            );
            lite_executor(config);
            assert_eq!(
                offerkit_client_new(config, &mut client, ptr::null_mut()),
                OfferkitStatus::Ok
            );
            offerkit_config_free(config);
        }
        Offline(client)
    }
}

/// A C string the library handed out, as Rust text.
fn text(ptr: *const c_char) -> String {
    // SAFETY: a NUL-terminated string borrowed from a live error.
    unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned()
}

/// The field entries of an error as C reads them: path, then each argument's messages.
type Fields = Vec<(String, Vec<(String, Vec<String>)>)>;

fn fields_of(error: *const OfferkitError) -> Fields {
    // SAFETY: a live error, read through its accessors (every index below its count).
    unsafe {
        (0..offerkit_error_field_count(error))
            .map(|f| {
                let arguments = (0..offerkit_error_field_argument_count(error, f))
                    .map(|a| {
                        let messages = (0..offerkit_error_field_message_count(error, f, a))
                            .map(|m| text(offerkit_error_field_message(error, f, a, m)))
                            .collect();
                        (
                            text(offerkit_error_field_argument_name(error, f, a)),
                            messages,
                        )
                    })
                    .collect();
                (text(offerkit_error_field_path(error, f)), arguments)
            })
            .collect()
    }
}

/// Milliseconds on both sides of the bounds core puts on a time setting, and anything.
fn milliseconds() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..=2, 86_399_999u64..=86_400_001, any::<u64>()]
}

/// One day in milliseconds: the longest time setting the C header documents.
const DAY_MS: u64 = 86_400_000;

/// Numbers given to the config setters (`None`: that setter is not called).
#[derive(Default)]
struct Settings {
    timeout: Option<u64>,
    connect: Option<u64>,
    deadline: Option<u64>,
    wait: Option<u64>,
    retries: Option<u32>,
    backoff: Option<(u64, u64)>,
    pages: Option<u32>,
    cache: Option<(u64, u32, u64)>,
}

/// The settings out of bounds as the C header documents them (`offerkit_client_new` names
/// each in its `config` field entry), restated here rather than asked of core, so that a
/// bound check deleted from core makes the property tests fail.
fn documented_refusals(s: &Settings) -> std::collections::BTreeSet<&'static str> {
    let mut out = std::collections::BTreeSet::new();
    let time = [
        ("timeout", s.timeout),
        ("connect_timeout", s.connect),
        ("deadline", s.deadline),
        ("token_provider_timeout", s.wait),
    ];
    for (name, ms) in time {
        if ms.is_some_and(|ms| !(1..=DAY_MS).contains(&ms)) {
            out.insert(name);
        }
    }
    if s.retries.is_some_and(|r| r > 10) {
        out.insert("retry.max_retries");
    }
    if let Some((initial, max)) = s.backoff {
        if initial > DAY_MS || initial > max {
            out.insert("retry.initial_backoff");
        }
        if max > DAY_MS {
            out.insert("retry.max_backoff");
        }
    }
    if s.pages == Some(0) {
        out.insert("max_pages");
    }
    if let Some((ttl, entries, stale)) = s.cache {
        if ttl > DAY_MS {
            out.insert("cache.ttl");
        }
        if entries == 0 {
            out.insert("cache.max_entries");
        }
        if stale > DAY_MS {
            out.insert("cache.max_stale");
        }
    }
    out
}

/// The setting names of the `config` field entry of `fields` (empty without one).
fn config_names(fields: &Fields) -> std::collections::BTreeSet<String> {
    fields
        .iter()
        .filter(|(path, _)| path == "config")
        .flat_map(|(_, arguments)| arguments.iter().map(|(name, _)| name.clone()))
        .collect()
}

/// What a string setter documents: NULL is `null`, bytes that are not UTF-8 `invalid_utf8`.
fn string_rule(text: &Option<CString>, null: OfferkitStatus) -> OfferkitStatus {
    match text.as_ref().map(|s| s.to_str()) {
        None => null,
        Some(Err(_)) => OfferkitStatus::InvalidUtf8,
        Some(Ok(_)) => OfferkitStatus::Ok,
    }
}

impl Drop for Offline {
    fn drop(&mut self) {
        // SAFETY: made by `offerkit_client_new`, freed once.
        unsafe { offerkit_client_free(self.0) };
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn player_id_helpers_follow_the_rules(id in c_string()) {
        let rule = player_id_rule(&id);
        let mut error = ptr::null_mut();
        // SAFETY: NULL or a NUL-terminated string that outlives the call.
        let status = unsafe { offerkit_player_id_validate(ptr_of(&id), &mut error) };
        prop_assert_eq!(status, rule);
        settle(status, status == OfferkitStatus::Ok, error)?;

        let mut flags = u32::MAX;
        let mut error = ptr::null_mut();
        // SAFETY: as above, with a live out-pointer.
        let status = unsafe { offerkit_player_id_lint(ptr_of(&id), &mut flags, &mut error) };
        settle(status, flags != u32::MAX, error)?;

        let mut short: *mut c_char = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: as above.
        let status = unsafe { offerkit_player_id_short(ptr_of(&id), &mut short, &mut error) };
        settle(status, !short.is_null(), error)?;
        if !short.is_null() {
            // SAFETY: an owned string handed out by the call; freed once.
            let text = unsafe { CStr::from_ptr(short) }.to_str().map(str::to_owned);
            // SAFETY: as above.
            unsafe { offerkit_string_free(short) };
            prop_assert!(text.is_ok_and(|t| t.len() == 34 && t.starts_with("p-")));
        }
    }

    #[test]
    fn query_inputs_are_refused_with_a_reason_or_reach_the_token_check(
        id in c_string(),
        limit in prop_oneof![Just(0i64), Just(1), Just(20), Just(100), Just(101), Just(-1), any::<i64>()],
        language in c_string(),
        sort in c_string(),
        select in c_string(),
        null_options in any::<bool>(),
    ) {
        let client = Offline::new();
        // The setters refuse only bad UTF-8 (the option then stays unset); every number is kept.
        let mut options = ptr::null_mut();
        // SAFETY: live out-pointers, then the live options and NULL or live strings; a NULL
        // `out_error` each time.
        unsafe {
            prop_assert_eq!(offerkit_offers_options_new(&mut options, ptr::null_mut()), OfferkitStatus::Ok);
            let none = ptr::null_mut();
            prop_assert_eq!(offerkit_offers_options_set_limit(options, limit, none), OfferkitStatus::Ok);
            for (status, value) in [
                (offerkit_offers_options_set_language(options, ptr_of(&language), none), &language),
                (offerkit_offers_options_set_sort(options, ptr_of(&sort), none), &sort),
                (offerkit_offers_options_set_select(options, ptr_of(&select), none), &select),
                (offerkit_offers_options_set_selection(options, ptr_of(&language), none), &language),
            ] {
                let bad = value.as_ref().is_some_and(|v| v.to_str().is_err());
                let want = if bad { OfferkitStatus::InvalidUtf8 } else { OfferkitStatus::Ok };
                prop_assert_eq!(status, want);
            }
        }
        let options_ptr = if null_options { ptr::null() } else { options.cast_const() };
        let mut list = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: a live client, NULL or live strings and options, live out-pointers.
        let status = unsafe {
            offerkit_client_offers(client.0, ptr_of(&id), options_ptr, &mut list, &mut error)
        };
        // SAFETY: made above, freed once; the call copied what it needed.
        unsafe { offerkit_offers_options_free(options) };
        settle(status, !list.is_null(), error)?;
        prop_assert_ne!(status, OfferkitStatus::Ok, "nothing can succeed offline");
        match player_id_rule(&id) {
            // The player id is read first: NULL or bad UTF-8 there is what is reported.
            rule @ (OfferkitStatus::NullArgument | OfferkitStatus::InvalidUtf8) => {
                prop_assert_eq!(status, rule)
            }
            // Options were checked by their setters: the id's length is core's first word.
            OfferkitStatus::InvalidArgument => prop_assert_eq!(status, OfferkitStatus::InvalidArgument),
            _ => {}
        }
        prop_assert!(
            matches!(
                status,
                OfferkitStatus::NullArgument
                    | OfferkitStatus::InvalidUtf8
                    | OfferkitStatus::InvalidArgument
                    | OfferkitStatus::Unauthorized
            ),
            "{:?}",
            status
        );

        let mut json = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: as above.
        let status = unsafe {
            offerkit_client_links(
                client.0,
                ptr_of(&id),
                ptr_of(&select),
                ptr_of(&sort),
                &mut json,
                &mut error,
            )
        };
        settle(status, !json.is_null(), error)?;

        let mut page_options = ptr::null_mut();
        // SAFETY: as above.
        unsafe {
            let none = ptr::null_mut();
            prop_assert_eq!(offerkit_player_offers_options_new(&mut page_options, none), OfferkitStatus::Ok);
            prop_assert_eq!(offerkit_player_offers_options_set_limit(page_options, limit, none), OfferkitStatus::Ok);
            offerkit_player_offers_options_set_language(page_options, ptr_of(&language), none);
            offerkit_player_offers_options_set_after(page_options, ptr_of(&sort), none);
            offerkit_player_offers_options_set_select(page_options, ptr_of(&select), none);
        }
        let mut page = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: as above.
        let status = unsafe {
            offerkit_client_player_offers(client.0, ptr_of(&id), page_options, &mut page, &mut error)
        };
        // SAFETY: made above, freed once.
        unsafe { offerkit_player_offers_options_free(page_options) };
        settle(status, !page.is_null(), error)?;
    }

    #[test]
    fn config_inputs_are_checked_not_trusted(
        base_url in prop_oneof![
            c_string(),
            Just(Some(CString::new("http://127.0.0.1:9").expect("no NUL"))),
        ],
        token in c_string(),
        pem in c_string(),
        timeout in milliseconds(),
        retries in prop_oneof![0u32..=11, any::<u32>()],
        backoff in (milliseconds(), milliseconds()),
        cache in (milliseconds(), prop_oneof![Just(0u32), any::<u32>()], milliseconds()),
    ) {
        let mut config = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: NULL or a live string, live out-pointers.
        let status = unsafe { offerkit_config_new(ptr_of(&base_url), &mut config, &mut error) };
        settle(status, !config.is_null(), error)?;
        if config.is_null() {
            return Ok(());
        }
        lite_executor(config);
        // Each setter alone: OK, or a status with its error; the config stays usable.
        let mut statuses = Vec::new();
        let mut error = ptr::null_mut();
        // SAFETY: a live config and NULL or live strings, for every call below.
        unsafe {
            statuses.push((offerkit_config_set_access_token(config, ptr_of(&token), &mut error), error));
            error = ptr::null_mut();
            statuses.push((offerkit_config_add_root_pem(config, ptr_of(&pem), &mut error), error));
            error = ptr::null_mut();
            statuses.push((offerkit_config_set_timeout_ms(config, timeout, &mut error), error));
            error = ptr::null_mut();
            statuses.push((offerkit_config_set_max_retries(config, retries, &mut error), error));
            error = ptr::null_mut();
            statuses.push((offerkit_config_set_retry_backoff_ms(config, backoff.0, backoff.1, &mut error), error));
            error = ptr::null_mut();
            statuses.push((offerkit_config_set_cache(config, cache.0, cache.1, cache.2, &mut error), error));
        }
        // What each setter documents: numbers are stored as given; strings are checked for
        // NULL and UTF-8; the lite library has no root certificates to add.
        let pem_rule = if cfg!(feature = "builtin-http") {
            string_rule(&pem, OfferkitStatus::NullArgument)
        } else {
            OfferkitStatus::NotAvailable
        };
        let expected = [
            string_rule(&token, OfferkitStatus::Ok),
            pem_rule,
            OfferkitStatus::Ok,
            OfferkitStatus::Ok,
            OfferkitStatus::Ok,
            OfferkitStatus::Ok,
        ];
        for ((status, error), expected) in statuses.into_iter().zip(expected) {
            prop_assert_eq!(status, expected);
            settle(status, expected == OfferkitStatus::Ok, error)?;
        }
        let mut client = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: a live config and out-pointers; the client is freed below.
        let status = unsafe { offerkit_client_new(config, &mut client, &mut error) };
        let named = if error.is_null() { Default::default() } else { config_names(&fields_of(error)) };
        let refused = documented_refusals(&Settings {
            timeout: Some(timeout),
            retries: Some(retries),
            backoff: Some(backoff),
            cache: Some(cache),
            ..Settings::default()
        });
        // A base URL is checked before the settings; once it passes, every setting out of
        // bounds is named, and nothing else.
        let base_ok = base_url.as_ref().is_some_and(|u| u.as_bytes() == b"http://127.0.0.1:9");
        if base_ok && !refused.is_empty() {
            prop_assert_eq!(status, OfferkitStatus::InvalidArgument);
        }
        if base_ok || !named.is_empty() {
            let refused: std::collections::BTreeSet<String> =
                refused.iter().map(|s| s.to_string()).collect();
            prop_assert_eq!(&named, &refused);
        }
        settle(status, !client.is_null(), error)?;
        // SAFETY: each freed once (NULL is a no-op).
        unsafe {
            offerkit_client_free(client);
            offerkit_config_free(config);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The setters store every number as given, and `offerkit_client_new` reports exactly what
    /// core's `ClientConfig::validate` says of the same settings: the C layer has no bounds of
    /// its own.
    #[test]
    fn config_limits_are_core_s(
        timeout in milliseconds(),
        connect in milliseconds(),
        deadline in milliseconds(),
        wait in milliseconds(),
        retries in prop_oneof![0u32..=11, any::<u32>()],
        backoff in (milliseconds(), milliseconds()),
        pages in prop_oneof![Just(0u32), 1u32..=3, any::<u32>()],
        cache in prop::option::of((milliseconds(), prop_oneof![Just(0u32), any::<u32>()], milliseconds())),
    ) {
        let ms = std::time::Duration::from_millis;
        let mut core = offerkit::ClientConfig::new("http://127.0.0.1:9");
        core.timeout = ms(timeout);
        // (The lite build has no connect timeout to set: its setter answers NOT_AVAILABLE.)
        if cfg!(feature = "builtin-http") {
            core.connect_timeout = ms(connect);
        }
        core.deadline = ms(deadline);
        core.token_provider_timeout = Some(ms(wait));
        core.retry.max_retries = retries;
        core.retry.initial_backoff = ms(backoff.0);
        core.retry.max_backoff = ms(backoff.1);
        core.max_pages = pages;
        core.cache = cache.map(|(ttl, entries, stale)| offerkit::CacheConfig {
            ttl: ms(ttl),
            max_entries: entries as usize,
            max_stale: ms(stale),
        });
        let expected: Fields = match core.validate() {
            Ok(()) => Vec::new(),
            Err(e) => e
                .fields()
                .iter()
                .map(|f| (f.path.join("."), f.arguments.clone().into_iter().collect()))
                .collect(),
        };
        // Core refuses exactly what the C header documents (restated, not asked of core).
        let documented: std::collections::BTreeSet<String> = documented_refusals(&Settings {
            timeout: Some(timeout),
            connect: cfg!(feature = "builtin-http").then_some(connect),
            deadline: Some(deadline),
            wait: Some(wait),
            retries: Some(retries),
            backoff: Some(backoff),
            pages: Some(pages),
            cache,
        })
        .into_iter()
        .map(str::to_string)
        .collect();
        prop_assert_eq!(config_names(&expected), documented);

        let mut config = ptr::null_mut();
        // SAFETY: a live C string and out-pointer; every call below gets the live config, which
        // is freed last, and a NULL `out_error`.
        unsafe {
            prop_assert_eq!(
                offerkit_config_new(c"http://127.0.0.1:9".as_ptr(), &mut config, ptr::null_mut()),
                OfferkitStatus::Ok
            );
            lite_executor(config);
            let none = ptr::null_mut();
            let connect_status = offerkit_config_set_connect_timeout_ms(config, connect, none);
            let builtin = if cfg!(feature = "builtin-http") {
                OfferkitStatus::Ok
            } else {
                OfferkitStatus::NotAvailable
            };
            prop_assert_eq!(connect_status, builtin);
            let stored = [
                offerkit_config_set_timeout_ms(config, timeout, none),
                offerkit_config_set_deadline_ms(config, deadline, none),
                offerkit_config_set_token_wait_ms(config, wait, none),
                offerkit_config_set_max_retries(config, retries, none),
                offerkit_config_set_retry_backoff_ms(config, backoff.0, backoff.1, none),
                offerkit_config_set_max_pages(config, pages, none),
                match cache {
                    Some((ttl, entries, stale)) => {
                        offerkit_config_set_cache(config, ttl, entries, stale, none)
                    }
                    None => OfferkitStatus::Ok,
                },
            ];
            prop_assert!(stored.iter().all(|s| *s == OfferkitStatus::Ok), "{:?}", stored);
        }
        let mut client = ptr::null_mut();
        let mut error = ptr::null_mut();
        // SAFETY: a live config and out-pointers.
        let status = unsafe { offerkit_client_new(config, &mut client, &mut error) };
        let got = if error.is_null() { Vec::new() } else { fields_of(error) };
        // SAFETY: each freed once (NULL is a no-op).
        unsafe {
            offerkit_error_free(error);
            offerkit_client_free(client);
            offerkit_config_free(config);
        }
        if expected.is_empty() {
            prop_assert_eq!(status, OfferkitStatus::Ok);
        } else {
            prop_assert_eq!(status, OfferkitStatus::InvalidArgument);
            prop_assert_eq!(got, expected);
        }
    }
}
