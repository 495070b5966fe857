//! Property tests of the result accessors over hostile items: offer lists, player-offers pages
//! and listing pages decoded (by core's decoders, as the client does) from answers whose items
//! nest values 1000 deep, carry `1e400` and integers past 64 bits, empty, dotted, escaped and
//! duplicate keys, NUL inside strings, items that are not objects, and every typed field as
//! every JSON type. Every accessor (`*_get`, `*_field_json`, `*_field_text`, `*_item_json`,
//! `*_skipped_get`) returns a typed status and never panics; what it returns is checked against
//! a model of the generated answer (which items are kept, which typed fields are usable), never
//! against the code under test; and `*_item_json` gives every field as it was sent. The hostile
//! values, texts and keys are `offerkit_bindings_common::testing`'s, shared with the uniffi
//! record tests.

use std::collections::BTreeMap;
use std::ffi::{CStr, c_char};
use std::ptr;

use offerkit_bindings_common::testing::{
    hostile_non_strings, hostile_strings, nested_arrays, nested_objects, object_text, odd_keys,
    quoted,
};
use proptest::prelude::*;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::OfferkitError;
use crate::error_accessors::{
    offerkit_error_field_argument_name, offerkit_error_field_count, offerkit_error_field_message,
    offerkit_error_field_path, offerkit_error_free, offerkit_error_message, offerkit_error_status,
};
use crate::offers::{
    Freshness, OfferkitOfferList, OfferkitOfferView, offerkit_offer_list_count,
    offerkit_offer_list_field_json, offerkit_offer_list_field_text, offerkit_offer_list_free,
    offerkit_offer_list_get, offerkit_offer_list_item_json, offerkit_offer_list_skipped_count,
    offerkit_offer_list_skipped_get,
};
use crate::player_offers::{
    OfferkitPlayerOfferView, OfferkitPlayerOffersPage, offerkit_player_offers_page_count,
    offerkit_player_offers_page_field_json, offerkit_player_offers_page_field_text,
    offerkit_player_offers_page_free, offerkit_player_offers_page_get,
    offerkit_player_offers_page_item_json, offerkit_player_offers_page_skipped_count,
    offerkit_player_offers_page_skipped_get,
};
use crate::skipped::OfferkitSkippedItem;
use crate::status::OfferkitStatus;
use crate::strings::offerkit_string_free;

// ---- the model of one generated answer ---------------------------------------------------------

/// A text field (`name`, `status`, `creatives.name`, …): usable only when it is a JSON string.
#[derive(Debug, Clone)]
enum Text {
    Absent,
    Good(String),
    /// Any other JSON value, as raw text: kept as sent, never typed.
    Bad(String),
}

/// The `id`: a string, or an integer that fits 64 bits (given back as its decimal text).
#[derive(Debug, Clone)]
enum Id {
    Absent,
    Text(String),
    Int(i64),
    Bad(String),
}

/// `total_payout_usd`: a finite number, or a string holding one.
#[derive(Debug, Clone)]
enum Payout {
    Absent,
    /// Raw JSON text and the value it means.
    Good(String, f64),
    Bad(String),
}

#[derive(Debug, Clone)]
enum CreativesField {
    Absent,
    Good {
        name: Text,
        description: Text,
        extra: Vec<(String, String)>,
    },
    Bad(String),
}

#[derive(Debug, Clone)]
struct OfferItem {
    id: Id,
    name: Text,
    payout: Payout,
    creatives: CreativesField,
    /// Other fields, keys possibly repeated (the last value counts), values raw.
    extra: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
struct PlayerItem {
    id: Id,
    name: Text,
    status: Text,
    extra: Vec<(String, String)>,
}

/// An item of a list: an object, or any other JSON value (always skipped).
#[derive(Debug, Clone)]
enum Item<T> {
    Object(T),
    Not(String),
}

// ---- hostile JSON ----------------------------------------------------------------------------

/// `1` inside `depth` arrays.
fn deep_array(depth: usize) -> String {
    nested_arrays(depth, "1")
}

/// `null` inside `depth` objects.
fn deep_object(depth: usize) -> String {
    nested_objects(depth, "null")
}

fn any_value() -> impl Strategy<Value = String> {
    prop_oneof![
        hostile_non_strings(),
        hostile_strings().prop_map(|s| quoted(&s))
    ]
}

/// Keys of extra fields: never a typed name, often strange, sometimes repeated.
fn extra_key() -> impl Strategy<Value = String> {
    prop_oneof![
        7 => odd_keys(),
        2 => Just("x".to_string()),
        1 => Just("links".to_string()),
        1 => "x_[a-z]{1,6}",
    ]
}

fn extras() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((extra_key(), any_value()), 0..5)
}

fn text_field() -> impl Strategy<Value = Text> {
    prop_oneof![
        1 => Just(Text::Absent),
        3 => hostile_strings().prop_map(Text::Good),
        2 => hostile_non_strings().prop_map(Text::Bad),
    ]
}

fn id_field() -> impl Strategy<Value = Id> {
    prop_oneof![
        1 => Just(Id::Absent),
        3 => hostile_strings().prop_map(Id::Text),
        1 => any::<i64>().prop_map(Id::Int),
        2 => prop_oneof![
            Just(deep_array(1000)),
            Just("1e400".to_string()),
            Just("123456789012345678901234567890".to_string()),
            Just("1.5".to_string()),
            Just("null".to_string()),
            Just("{}".to_string()),
            Just("[\"1\"]".to_string()),
            Just("true".to_string()),
        ]
        .prop_map(Id::Bad),
    ]
}

fn payout_field() -> impl Strategy<Value = Payout> {
    let good = prop_oneof![
        Just(("1.5".to_string(), 1.5)),
        Just(("0".to_string(), 0.0)),
        Just(("-2.25".to_string(), -2.25)),
        Just(("1e300".to_string(), 1e300)),
        Just((
            "123456789012345678901234567890".to_string(),
            "123456789012345678901234567890"
                .parse::<f64>()
                .expect("finite")
        )),
        Just(("\"8.25\"".to_string(), 8.25)),
        Just(("\" 2 \"".to_string(), 2.0)),
        (-1.0e9f64..1.0e9).prop_map(|f| (format!("{f:?}"), f)),
    ];
    let bad = prop_oneof![
        Just("1e400".to_string()),
        Just("\"lots\"".to_string()),
        Just("\"\"".to_string()),
        Just("\"NaN\"".to_string()),
        Just("\"inf\"".to_string()),
        Just("\"1e400\"".to_string()),
        Just("null".to_string()),
        Just("true".to_string()),
        Just("[1.5]".to_string()),
        Just("{\"usd\":1.5}".to_string()),
        Just(deep_object(1000)),
    ];
    prop_oneof![
        1 => Just(Payout::Absent),
        3 => good.prop_map(|(raw, value)| Payout::Good(raw, value)),
        2 => bad.prop_map(Payout::Bad),
    ]
}

fn creatives_field() -> impl Strategy<Value = CreativesField> {
    prop_oneof![
        1 => Just(CreativesField::Absent),
        4 => (text_field(), text_field(), extras()).prop_map(|(name, description, extra)| {
            CreativesField::Good { name, description, extra }
        }),
        1 => prop_oneof![
            Just("null".to_string()),
            Just("\"creatives\"".to_string()),
            Just("[{\"name\":\"n\"}]".to_string()),
            Just(deep_array(1000)),
        ]
        .prop_map(CreativesField::Bad),
    ]
}

fn not_object() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("7".to_string()),
        Just("1e400".to_string()),
        Just("\"offer\"".to_string()),
        Just("[{\"id\":\"1\"}]".to_string()),
        Just(deep_array(1000)),
        Just("true".to_string()),
    ]
}

fn offer_item() -> impl Strategy<Value = Item<OfferItem>> {
    let object = (
        id_field(),
        text_field(),
        payout_field(),
        creatives_field(),
        extras(),
    )
        .prop_map(|(id, name, payout, creatives, extra)| {
            Item::Object(OfferItem {
                id,
                name,
                payout,
                creatives,
                extra,
            })
        });
    prop_oneof![5 => object, 1 => not_object().prop_map(Item::Not)]
}

fn player_item() -> impl Strategy<Value = Item<PlayerItem>> {
    let object =
        (id_field(), text_field(), text_field(), extras()).prop_map(|(id, name, status, extra)| {
            Item::Object(PlayerItem {
                id,
                name,
                status,
                extra,
            })
        });
    prop_oneof![5 => object, 1 => not_object().prop_map(Item::Not)]
}

// ---- writing an answer and the model's expectations --------------------------------------------

/// The fields of an object as (key, raw text), in the order written.
fn text_pair(out: &mut Vec<(String, String)>, key: &str, field: &Text) {
    match field {
        Text::Absent => {}
        Text::Good(s) => out.push((key.to_string(), quoted(s))),
        Text::Bad(raw) => out.push((key.to_string(), raw.clone())),
    }
}

fn id_pair(out: &mut Vec<(String, String)>, id: &Id) {
    match id {
        Id::Absent => {}
        Id::Text(s) => out.push(("id".to_string(), quoted(s))),
        Id::Int(n) => out.push(("id".to_string(), n.to_string())),
        Id::Bad(raw) => out.push(("id".to_string(), raw.clone())),
    }
}

fn creatives_pairs(
    name: &Text,
    description: &Text,
    extra: &[(String, String)],
) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    text_pair(&mut pairs, "name", name);
    text_pair(&mut pairs, "description", description);
    pairs.extend(extra.iter().cloned());
    pairs
}

fn offer_pairs(item: &OfferItem) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    id_pair(&mut pairs, &item.id);
    text_pair(&mut pairs, "name", &item.name);
    match &item.payout {
        Payout::Absent => {}
        Payout::Good(raw, _) | Payout::Bad(raw) => {
            pairs.push(("total_payout_usd".into(), raw.clone()))
        }
    }
    match &item.creatives {
        CreativesField::Absent => {}
        CreativesField::Good {
            name,
            description,
            extra,
        } => pairs.push((
            "creatives".into(),
            object_text(&creatives_pairs(name, description, extra)),
        )),
        CreativesField::Bad(raw) => pairs.push(("creatives".into(), raw.clone())),
    }
    pairs.extend(item.extra.iter().cloned());
    pairs
}

fn player_pairs(item: &PlayerItem) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    id_pair(&mut pairs, &item.id);
    text_pair(&mut pairs, "name", &item.name);
    text_pair(&mut pairs, "status", &item.status);
    pairs.extend(item.extra.iter().cloned());
    pairs
}

fn item_text<T>(item: &Item<T>, pairs: impl Fn(&T) -> Vec<(String, String)>) -> String {
    match item {
        Item::Object(o) => object_text(&pairs(o)),
        Item::Not(raw) => raw.clone(),
    }
}

fn list_text<T>(items: &[Item<T>], pairs: impl Fn(&T) -> Vec<(String, String)> + Copy) -> String {
    let texts: Vec<String> = items.iter().map(|i| item_text(i, pairs)).collect();
    format!("[{}]", texts.join(","))
}

/// The usable text of an id, as the views give it.
fn id_text(id: &Id) -> Option<String> {
    match id {
        Id::Text(s) => Some(s.clone()),
        Id::Int(n) => Some(n.to_string()),
        Id::Absent | Id::Bad(_) => None,
    }
}

fn good(text: &Text) -> Option<&str> {
    match text {
        Text::Good(s) => Some(s),
        _ => None,
    }
}

fn payout_value(payout: &Payout) -> Option<f64> {
    match payout {
        Payout::Good(_, v) => Some(*v),
        _ => None,
    }
}

fn creative_texts(c: &CreativesField) -> (bool, Option<&str>, Option<&str>) {
    match c {
        CreativesField::Good {
            name, description, ..
        } => (true, good(name), good(description)),
        _ => (false, None, None),
    }
}

/// Which typed offer fields a selection requires (the rule of issue 11: those it names).
#[derive(Debug, Clone, Copy)]
struct Required {
    id: bool,
    name: bool,
    payout: bool,
    creatives: bool,
    creative_name: bool,
    creative_description: bool,
}

const ALL: Required = Required {
    id: true,
    name: true,
    payout: true,
    creatives: true,
    creative_name: true,
    creative_description: true,
};
const NONE: Required = Required {
    id: false,
    name: false,
    payout: false,
    creatives: false,
    creative_name: false,
    creative_description: false,
};

fn selections() -> impl Strategy<Value = (Option<&'static str>, Required)> {
    prop_oneof![
        Just((None, ALL)),
        Just((Some("id"), Required { id: true, ..NONE })),
        Just((
            Some("name total_payout_usd"),
            Required {
                name: true,
                payout: true,
                ..NONE
            }
        )),
        Just((
            Some("id creatives { name }"),
            Required {
                id: true,
                creatives: true,
                creative_name: true,
                ..NONE
            }
        )),
        Just((Some("links { click_url }"), NONE)),
    ]
}

fn kept(item: &OfferItem, required: Required) -> bool {
    let (has_creatives, creative_name, creative_description) = creative_texts(&item.creatives);
    (!required.id || id_text(&item.id).is_some())
        && (!required.name || good(&item.name).is_some())
        && (!required.payout || payout_value(&item.payout).is_some())
        && (!required.creatives || has_creatives)
        && (!required.creative_name || creative_name.is_some())
        && (!required.creative_description || creative_description.is_some())
}

// ---- calling the accessors ---------------------------------------------------------------------

/// A C string as the text before its NUL, as the views must give a value.
fn before_nul(text: &str) -> &str {
    text.split('\0').next().unwrap_or("")
}

/// # Safety
/// `p` is NULL or a NUL-terminated string.
unsafe fn c_str(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: NUL-terminated (caller).
    Some(
        unsafe { CStr::from_ptr(p) }
            .to_str()
            .expect("UTF-8")
            .to_string(),
    )
}

/// Takes an owned string from the library (NULL stays None) and frees it.
fn adopt(p: *mut c_char) -> Option<String> {
    // SAFETY: NULL or an owned NUL-terminated string from the library.
    let text = unsafe { c_str(p) };
    // SAFETY: freed once, here.
    unsafe { offerkit_string_free(p) };
    text
}

/// Checks a failed call's status and error, and frees the error.
fn expect_status(
    got: OfferkitStatus,
    want: OfferkitStatus,
    error: *mut OfferkitError,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(got, want);
    if want == OfferkitStatus::Ok {
        prop_assert!(error.is_null());
    } else {
        prop_assert!(!error.is_null());
        // SAFETY: a live error from the call just made; freed once.
        unsafe {
            prop_assert_eq!(offerkit_error_status(error), want);
            offerkit_error_free(error);
        }
    }
    Ok(())
}

/// The exported accessors of one kind of handle, so one check serves lists and pages.
struct Accessors<H> {
    count: unsafe extern "C" fn(*const H) -> usize,
    skipped_count: unsafe extern "C" fn(*const H) -> usize,
    field_json: FieldFn<H>,
    field_text: FieldFn<H>,
    item_json: unsafe extern "C" fn(
        *const H,
        usize,
        *mut *mut c_char,
        *mut *mut OfferkitError,
    ) -> OfferkitStatus,
    skipped_get: unsafe extern "C" fn(
        *const H,
        usize,
        *mut OfferkitSkippedItem,
        *mut *mut OfferkitError,
    ) -> OfferkitStatus,
    free: unsafe extern "C" fn(*mut H),
}

/// `*_field_json` or `*_field_text`.
type FieldFn<H> = unsafe extern "C" fn(
    *const H,
    usize,
    *const c_char,
    *mut *mut c_char,
    *mut *mut OfferkitError,
) -> OfferkitStatus;

const LIST: Accessors<OfferkitOfferList> = Accessors {
    count: offerkit_offer_list_count,
    skipped_count: offerkit_offer_list_skipped_count,
    field_json: offerkit_offer_list_field_json,
    field_text: offerkit_offer_list_field_text,
    item_json: offerkit_offer_list_item_json,
    skipped_get: offerkit_offer_list_skipped_get,
    free: offerkit_offer_list_free,
};

const PAGE: Accessors<OfferkitPlayerOffersPage> = Accessors {
    count: offerkit_player_offers_page_count,
    skipped_count: offerkit_player_offers_page_skipped_count,
    field_json: offerkit_player_offers_page_field_json,
    field_text: offerkit_player_offers_page_field_text,
    item_json: offerkit_player_offers_page_item_json,
    skipped_get: offerkit_player_offers_page_skipped_get,
    free: offerkit_player_offers_page_free,
};

/// A live handle under test, reached through its accessors and freed when dropped.
struct Held<H: 'static> {
    ptr: *mut H,
    api: &'static Accessors<H>,
}

impl<H> Held<H> {
    fn count(&self) -> usize {
        // SAFETY: a live handle.
        unsafe { (self.api.count)(self.ptr) }
    }
    fn skipped_count(&self) -> usize {
        // SAFETY: a live handle.
        unsafe { (self.api.skipped_count)(self.ptr) }
    }
    unsafe fn field(
        &self,
        index: usize,
        path: *const c_char,
        text: bool,
        out: *mut *mut c_char,
        e: *mut *mut OfferkitError,
    ) -> OfferkitStatus {
        let field = if text {
            self.api.field_text
        } else {
            self.api.field_json
        };
        // SAFETY: forwarded.
        unsafe { field(self.ptr, index, path, out, e) }
    }
    /// Item `index`'s field at `path` through `*_field_text` (`text`) or `*_field_json`: its
    /// text, or `None` once it is checked that the path names nothing (`NOT_FOUND`, the
    /// out-pointer untouched, the error naming the path in its message and its one field entry).
    fn lookup(
        &self,
        index: usize,
        path: &CStr,
        text: bool,
    ) -> Result<Option<String>, TestCaseError> {
        let mut out: *mut c_char = ptr::dangling_mut();
        let mut error = ptr::null_mut();
        // SAFETY: a live handle, a C string and out-pointers.
        let status = unsafe { self.field(index, path.as_ptr(), text, &mut out, &mut error) };
        if status == OfferkitStatus::Ok {
            prop_assert!(error.is_null());
            prop_assert!(
                !out.is_null() && out != ptr::dangling_mut(),
                "OK writes a string"
            );
            return Ok(adopt(out));
        }
        prop_assert_eq!(out, ptr::dangling_mut(), "written on failure");
        let path = path.to_str().expect("UTF-8 paths");
        // SAFETY: a live error from the call just made (freed by `expect_status`).
        unsafe {
            prop_assert!(!error.is_null());
            let message = c_str(offerkit_error_message(error)).unwrap_or_default();
            prop_assert!(message.contains(&format!("\"{path}\"")), "{}", message);
            prop_assert_eq!(offerkit_error_field_count(error), 1);
            let function = c_str(offerkit_error_field_path(error, 0)).unwrap_or_default();
            let want = if text { "_field_text" } else { "_field_json" };
            prop_assert!(function.ends_with(want), "{}", function);
            let argument = c_str(offerkit_error_field_argument_name(error, 0, 0));
            prop_assert_eq!(argument.as_deref(), Some("path"));
            let detail = c_str(offerkit_error_field_message(error, 0, 0, 0)).unwrap_or_default();
            prop_assert!(message.ends_with(&detail), "{} / {}", message, detail);
        }
        expect_status(status, OfferkitStatus::NotFound, error)?;
        Ok(None)
    }
    unsafe fn item_json(
        &self,
        index: usize,
        out: *mut *mut c_char,
        e: *mut *mut OfferkitError,
    ) -> OfferkitStatus {
        // SAFETY: forwarded.
        unsafe { (self.api.item_json)(self.ptr, index, out, e) }
    }
    unsafe fn skipped(
        &self,
        index: usize,
        out: *mut OfferkitSkippedItem,
        e: *mut *mut OfferkitError,
    ) -> OfferkitStatus {
        // SAFETY: forwarded.
        unsafe { (self.api.skipped_get)(self.ptr, index, out, e) }
    }
}

impl<H> Drop for Held<H> {
    fn drop(&mut self) {
        // SAFETY: made by into_raw, freed once.
        unsafe { (self.api.free)(self.ptr) }
    }
}

/// The last value of each key, as the service's object means it.
fn last_values(pairs: &[(String, String)]) -> BTreeMap<String, String> {
    pairs.iter().cloned().collect()
}

/// What `*_field_json` must give for a value sent as `raw`: its JSON, or nothing when the
/// value cannot be read as JSON at all (nested past the parser's limit, `1e400`).
fn readable(raw: &str) -> Option<Value> {
    serde_json::from_str::<Value>(raw).ok()
}

/// The creatives object as a whole, as `*_field_json(…, "creatives")` must read it: each key's
/// last value, the typed texts as strings; nothing when a value cannot be read as JSON.
fn creatives_value(name: &Text, description: &Text, extra: &[(String, String)]) -> Option<Value> {
    let mut object = serde_json::Map::new();
    for (key, raw) in last_values(&creatives_pairs(name, description, extra)) {
        let typed = match key.as_str() {
            "name" => good(name),
            "description" => good(description),
            _ => None,
        };
        let value = match typed {
            Some(text) => Value::String(text.to_string()),
            None => readable(&raw)?,
        };
        object.insert(key, value);
    }
    Some(Value::Object(object))
}

/// Checks the generic accessors of kept item `index`, sent as `pairs`, whose typed values are
/// `typed` (key to the JSON it must read as, for typed fields that were usable; `creatives` to
/// what the whole object must read as, or null when it cannot be read).
fn check_item<H>(
    handle: &Held<H>,
    index: usize,
    pairs: &[(String, String)],
    typed: &BTreeMap<&str, Value>,
    paths: &[String],
) -> Result<(), TestCaseError> {
    let sent = last_values(pairs);
    // The whole item: every key sent, once; untyped values byte for byte, typed ones by value.
    let mut out = ptr::null_mut();
    let mut error = ptr::null_mut();
    // SAFETY: a live handle and out-pointers.
    let status = unsafe { handle.item_json(index, &mut out, &mut error) };
    expect_status(status, OfferkitStatus::Ok, error)?;
    let json = adopt(out).expect("item JSON");
    let fields: BTreeMap<String, Box<RawValue>> =
        serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{e}: {json}")))?;
    let keys: Vec<&String> = fields.keys().collect();
    let want: Vec<&String> = sent.keys().collect();
    prop_assert_eq!(keys, want, "item JSON {}", json);
    for (key, raw) in &sent {
        let got = fields[key].get();
        match typed.get(key.as_str()) {
            Some(value) if key != "creatives" => {
                let got: Value = serde_json::from_str(got).expect("typed values are plain");
                prop_assert_eq!(&got, value, "field {}", key);
            }
            // Creatives are typed inside: compare key by key below, through the paths.
            Some(_) => {}
            None => prop_assert_eq!(got, raw.as_str(), "field {:?}", key),
        }
    }
    // Top-level fields by path (keys without a dot name themselves).
    for (key, raw) in &sent {
        if key.contains('.') || key.contains('\0') {
            continue;
        }
        let path = std::ffi::CString::new(key.as_str()).expect("no NUL");
        let got = handle.lookup(index, &path, false)?;
        let want = match typed.get(key.as_str()) {
            Some(Value::Null) if key == "creatives" => None,
            Some(value) => Some(value.clone()),
            None => readable(raw),
        };
        match (got, want) {
            (None, None) => {}
            (Some(got), Some(want)) => {
                let got: Value = serde_json::from_str(&got).expect("field JSON parses");
                prop_assert_eq!(got, want, "field {:?}", key);
            }
            (got, want) => prop_assert!(false, "field {:?}: got {:?}, want {:?}", key, got, want),
        }
    }
    // Any path at all: a typed status, and JSON (or a string's text) or nothing.
    for path in paths {
        let Ok(path) = std::ffi::CString::new(path.as_str()) else {
            continue;
        };
        for text in [false, true] {
            if let (Some(got), false) = (handle.lookup(index, &path, text)?, text) {
                prop_assert!(serde_json::from_str::<Value>(&got).is_ok(), "{}", got);
            }
        }
    }
    Ok(())
}

/// What the typed fields both kinds of item have (`id`, `name`) must read as, where usable.
fn typed_id_and_name(id: &Id, name: &Text) -> BTreeMap<&'static str, Value> {
    let mut typed = BTreeMap::new();
    if let Some(id) = id_text(id) {
        typed.insert("id", Value::String(id));
    }
    if let Some(name) = good(name) {
        typed.insert("name", Value::String(name.to_string()));
    }
    typed
}

/// The decoded answer, or `None` once it is checked that decoding failed as it must: only an
/// answer whose items all fail is an error, and a `decode` one.
fn check_decoded<T>(
    decoded: Result<T, offerkit::Error>,
    kept: usize,
    skipped: &[(usize, Option<String>)],
) -> Result<Option<T>, TestCaseError> {
    match decoded {
        Ok(value) => Ok(Some(value)),
        Err(e) => {
            prop_assert!(kept == 0 && !skipped.is_empty(), "{}", e);
            prop_assert_eq!(e.kind(), offerkit::ErrorKind::Decode);
            Ok(None)
        }
    }
}

/// Checks what every handle must hold whatever its items: `kept` items, the `skipped` ones (see
/// `check_skipped`), and what it does at and past its ends.
fn check_handle<H>(
    handle: &Held<H>,
    kept: usize,
    skipped: &[(usize, Option<String>)],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(handle.count(), kept);
    check_skipped(handle, skipped)?;
    check_bounds(handle)
}

/// Checks what every handle must do at and past its ends.
fn check_bounds<H>(handle: &Held<H>) -> Result<(), TestCaseError> {
    let count = handle.count();
    let mut out: *mut c_char = ptr::dangling_mut();
    let mut error = ptr::null_mut();
    // SAFETY: a live handle and out-pointers.
    let status = unsafe { handle.item_json(count, &mut out, &mut error) };
    expect_status(status, OfferkitStatus::OutOfRange, error)?;
    prop_assert_eq!(out, ptr::dangling_mut(), "written on failure");
    let mut error = ptr::null_mut();
    // SAFETY: as above.
    let status = unsafe { handle.field(count, c"id".as_ptr(), false, &mut out, &mut error) };
    expect_status(status, OfferkitStatus::OutOfRange, error)?;
    let mut item = OfferkitSkippedItem {
        index: 77,
        id: ptr::null(),
        reason: ptr::null(),
    };
    let mut error = ptr::null_mut();
    // SAFETY: as above.
    let status = unsafe { handle.skipped(handle.skipped_count(), &mut item, &mut error) };
    expect_status(status, OfferkitStatus::OutOfRange, error)?;
    prop_assert_eq!(item.index, 77);
    Ok(())
}

/// Checks the skipped items against the items of the model that must be skipped:
/// (position, id) in order.
fn check_skipped<H>(
    handle: &Held<H>,
    want: &[(usize, Option<String>)],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(handle.skipped_count(), want.len());
    for (i, (index, id)) in want.iter().enumerate() {
        let mut item = OfferkitSkippedItem {
            index: usize::MAX,
            id: ptr::null(),
            reason: ptr::null(),
        };
        let mut error = ptr::null_mut();
        // SAFETY: a live handle and out-pointers.
        let status = unsafe { handle.skipped(i, &mut item, &mut error) };
        expect_status(status, OfferkitStatus::Ok, error)?;
        prop_assert_eq!(item.index, *index);
        // SAFETY: borrowed from the live handle.
        let (got_id, reason) = unsafe { (c_str(item.id), c_str(item.reason)) };
        prop_assert_eq!(got_id, id.as_deref().map(|s| before_nul(s).to_string()));
        prop_assert!(reason.is_some_and(|r| !r.is_empty()));
    }
    Ok(())
}

fn paths() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            Just(String::new()),
            Just(".".to_string()),
            Just("..".to_string()),
            Just("a.b".to_string()),
            Just("creatives.name".to_string()),
            Just("creatives.description".to_string()),
            Just("creatives.x".to_string()),
            Just("x.0.0.0".to_string()),
            Just("x.a.a.a.a".to_string()),
            Just("id.x".to_string()),
            Just("18446744073709551616".to_string()),
            Just("x_deep.0.0.0.0.0.0.0.0.0.0".to_string()),
            "[a-z_.0-9]{0,12}",
        ],
        0..6,
    )
}

fn body(list: &str, field: &str) -> Vec<u8> {
    format!("{{\"data\":{{\"{field}\":{list}}}}}").into_bytes()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn offer_accessors_hold_on_hostile_items(
        items in prop::collection::vec(offer_item(), 0..7),
        (selection, required) in selections(),
        paths in paths(),
        listing in any::<bool>(),
    ) {
        let text = list_text(&items, offer_pairs);
        // The listing requires nothing (its item shape is not shown); offers what was selected.
        let (decoded, required) = if listing {
            let body = format!("{{\"data\":{{\"offers\":{text}}}}}").into_bytes();
            (offerkit::decode::listing(&body, false).map(|p| (p.offers, p.skipped)), NONE)
        } else {
            (offerkit::decode::offers(&body(&text, "offers"), selection).map(|l| (l.offers, l.skipped)), required)
        };
        let kept_items: Vec<&OfferItem> = items
            .iter()
            .filter_map(|i| match i { Item::Object(o) if kept(o, required) => Some(o), _ => None })
            .collect();
        let skipped: Vec<(usize, Option<String>)> = items
            .iter()
            .enumerate()
            .filter_map(|(n, i)| match i {
                Item::Object(o) if kept(o, required) => None,
                Item::Object(o) => Some((n, id_text(&o.id))),
                Item::Not(_) => Some((n, None)),
            })
            .collect();
        let Some((offers, skipped_items)) = check_decoded(decoded, kept_items.len(), &skipped)? else {
            return Ok(());
        };
        let list = OfferkitOfferList::into_raw(offers, None, Freshness::default(), &skipped_items);
        let list = Held { ptr: list, api: &LIST };
        check_handle(&list, kept_items.len(), &skipped)?;
        for (index, item) in kept_items.iter().enumerate() {
            let mut view = OfferkitOfferView {
                id: ptr::dangling(),
                name: ptr::dangling(),
                total_payout_usd: 7.0,
                creative_name: ptr::dangling(),
                creative_description: ptr::dangling(),
                has_total_payout_usd: true,
            };
            let mut error = ptr::null_mut();
            // SAFETY: a live list and out-pointers.
            let status = unsafe { offerkit_offer_list_get(list.ptr, index, &mut view, &mut error) };
            expect_status(status, OfferkitStatus::Ok, error)?;
            let (_, creative_name, creative_description) = creative_texts(&item.creatives);
            // SAFETY: borrowed from the live list.
            unsafe {
                prop_assert_eq!(c_str(view.id), id_text(&item.id).map(|s| before_nul(&s).to_string()));
                prop_assert_eq!(c_str(view.name), good(&item.name).map(|s| before_nul(s).to_string()));
                prop_assert_eq!(c_str(view.creative_name), creative_name.map(|s| before_nul(s).to_string()));
                prop_assert_eq!(
                    c_str(view.creative_description),
                    creative_description.map(|s| before_nul(s).to_string())
                );
            }
            match payout_value(&item.payout) {
                Some(v) => prop_assert!(view.has_total_payout_usd && view.total_payout_usd == v),
                None => prop_assert!(!view.has_total_payout_usd && view.total_payout_usd.is_nan()),
            }
            let mut typed = typed_id_and_name(&item.id, &item.name);
            if let Some(v) = payout_value(&item.payout) {
                typed.insert("total_payout_usd", serde_json::json!(v));
            }
            if let CreativesField::Good { name, description, extra } = &item.creatives {
                let whole = creatives_value(name, description, extra).unwrap_or(Value::Null);
                typed.insert("creatives", whole);
            }
            check_item(&list, index, &offer_pairs(item), &typed, &paths)?;
            // Inside the creatives: the typed texts by value, the rest as sent.
            if let CreativesField::Good { name, description, extra } = &item.creatives {
                let mut out = ptr::null_mut();
                let mut error = ptr::null_mut();
                // SAFETY: a live list and out-pointers.
                let status = unsafe { list.item_json(index, &mut out, &mut error) };
                expect_status(status, OfferkitStatus::Ok, error)?;
                let json = adopt(out).expect("item JSON");
                let fields: BTreeMap<String, Box<RawValue>> = serde_json::from_str(&json).expect("object");
                let inner_fields: BTreeMap<String, Box<RawValue>> =
                    serde_json::from_str(fields["creatives"].get()).expect("creatives object");
                let sent = last_values(&creatives_pairs(name, description, extra));
                prop_assert_eq!(inner_fields.keys().collect::<Vec<_>>(), sent.keys().collect::<Vec<_>>());
                for (key, raw) in &sent {
                    let got = inner_fields[key].get();
                    let typed = match key.as_str() {
                        "name" => good(name),
                        "description" => good(description),
                        _ => None,
                    };
                    match typed {
                        Some(text) => prop_assert_eq!(
                            serde_json::from_str::<Value>(got).expect("a string"),
                            Value::String(text.to_string())
                        ),
                        None => prop_assert_eq!(got, raw.as_str(), "creatives.{:?}", key),
                    }
                }
                let mut inner = BTreeMap::new();
                if let Some(n) = good(name) {
                    inner.insert("name", Value::String(n.to_string()));
                }
                if let Some(d) = good(description) {
                    inner.insert("description", Value::String(d.to_string()));
                }
                for (key, raw) in last_values(&creatives_pairs(name, description, extra)) {
                    if key.contains('.') || key.contains('\0') {
                        continue;
                    }
                    let path = std::ffi::CString::new(format!("creatives.{key}")).expect("no NUL");
                    let got = list
                        .lookup(index, &path, false)?
                        .map(|g| serde_json::from_str::<Value>(&g).expect("JSON"));
                    let want = match inner.get(key.as_str()) {
                        Some(v) => Some(v.clone()),
                        None => readable(&raw),
                    };
                    prop_assert_eq!(got, want, "creatives.{:?}", key);
                }
            }
        }
    }

    #[test]
    fn player_offer_accessors_hold_on_hostile_items(
        items in prop::collection::vec(player_item(), 0..7),
        paths in paths(),
        cursor in prop_oneof![Just(None), hostile_strings().prop_map(Some)],
    ) {
        let list = list_text(&items, player_pairs);
        let cursor_text = cursor.as_deref().map_or("null".to_string(), quoted);
        let body = format!(
            "{{\"data\":{{\"playerOffers\":{{\"items\":{list},\"next_cursor\":{cursor_text}}}}}}}"
        );
        let objects: Vec<&PlayerItem> = items
            .iter()
            .filter_map(|i| match i { Item::Object(o) => Some(o), Item::Not(_) => None })
            .collect();
        let skipped: Vec<(usize, Option<String>)> = items
            .iter()
            .enumerate()
            .filter_map(|(n, i)| match i { Item::Not(_) => Some((n, None)), Item::Object(_) => None })
            .collect();
        let decoded = offerkit::decode::player_offers(body.as_bytes());
        let Some(page) = check_decoded(decoded, objects.len(), &skipped)? else {
            return Ok(());
        };
        let page = Held { ptr: OfferkitPlayerOffersPage::into_raw(page), api: &PAGE };
        check_handle(&page, objects.len(), &skipped)?;
        // SAFETY: a live page.
        let next = unsafe { c_str(crate::player_offers::offerkit_player_offers_page_next_cursor(page.ptr)) };
        prop_assert_eq!(next, cursor.as_deref().map(|c| before_nul(c).to_string()));
        for (index, item) in objects.iter().enumerate() {
            let mut view = OfferkitPlayerOfferView {
                id: ptr::dangling(),
                name: ptr::dangling(),
                status: ptr::dangling(),
            };
            let mut error = ptr::null_mut();
            // SAFETY: a live page and out-pointers.
            let status = unsafe { offerkit_player_offers_page_get(page.ptr, index, &mut view, &mut error) };
            expect_status(status, OfferkitStatus::Ok, error)?;
            // SAFETY: borrowed from the live page.
            unsafe {
                prop_assert_eq!(c_str(view.id), id_text(&item.id).map(|s| before_nul(&s).to_string()));
                prop_assert_eq!(c_str(view.name), good(&item.name).map(|s| before_nul(s).to_string()));
                prop_assert_eq!(c_str(view.status), good(&item.status).map(|s| before_nul(s).to_string()));
            }
            let mut typed = typed_id_and_name(&item.id, &item.name);
            if let Some(status) = good(&item.status) {
                typed.insert("status", Value::String(status.to_string()));
            }
            check_item(&page, index, &player_pairs(item), &typed, &paths)?;
            // A string value's text comes unquoted, cut at a NUL as C strings are.
            if let Some(name) = good(&item.name) {
                prop_assert_eq!(
                    page.lookup(index, c"name", true)?,
                    Some(before_nul(name).to_string())
                );
            }
        }
    }
}
