//! offerkit for Godot 4: a GDExtension (gdext) over the core crate, for GDScript.
//!
//! Thin edge, one core: every query, validation, retry, token rule, limit and error mapping is
//! core's; this crate only turns Godot values into core's types and core's answers into Godot
//! objects, and moves them between the library's runtime thread and the engine's main thread.
//!
//! Modules, one concept each:
//! - `entry`: the extension's entry point and what it releases when Godot unloads it;
//! - `runtime`: the tokio runtime thread every call runs on;
//! - `mailbox`: work the runtime thread hands to the main thread (the only way back);
//! - `pump`: the main-thread frame hook that empties the mailbox during the engine's frame;
//! - `requests`: the calls in flight and their delivery (one result, once, on the main thread);
//! - `request`, `result`, `error`, `failure`: the objects GDScript awaits and reads;
//! - `offer`, `player_offers`, `listing`, `skipped`, `json`: core's answers as Godot values;
//! - `options`, `config`, `settings`: Godot dictionaries as core's options and configuration;
//! - `client`, `pager`: the client class and its two pagers;
//! - `token`: the token provider (`Callable`) and the `token_needed` signal;
//! - `http_executor`, `http_node`: Godot's `HTTPRequest` as the host HTTP executor;
//! - `utilities`: the `OfferKit` class of static helpers (player ids, click URLs).

mod click;
mod client;
mod config;
mod entry;
mod error;
mod failure;
mod http_executor;
mod http_node;
mod json;
mod listing;
mod mailbox;
mod offer;
mod options;
mod pager;
mod player_offers;
mod pump;
mod request;
mod requests;
mod result;
mod runtime;
mod settings;
mod skipped;
mod token;
mod utilities;
