//! The extension's entry point (`gdext_rust_init`, named in `offerkit.gdextension`) and what the
//! addon releases when Godot unloads it.
//!
//! gdext declares its entry point as an `unsafe impl` of `ExtensionLibrary`: the implementor
//! promises it is the library's only entry point. That is the one `unsafe` of the crate, so
//! this file alone allows it; the body is safe code.
#![allow(unsafe_code)]

use godot::prelude::*;

use crate::{http_node, mailbox, pump, requests, runtime, token};

struct OfferKitExtension;

// SAFETY: this is the library's one `ExtensionLibrary` implementation, so `#[gdextension]`
// exports exactly one entry point; the hooks below are safe code.
#[gdextension]
unsafe impl ExtensionLibrary for OfferKitExtension {
    fn on_stage_deinit(stage: InitStage) {
        if stage == InitStage::Scene {
            // Before the library can be unloaded: no call of ours may still run on another
            // thread, and no Godot object may stay referenced from Rust state.
            requests::forget_all();
            http_node::forget_all();
            token::forget_all();
            pump::forget();
            runtime::shutdown();
            mailbox::clear();
        }
    }
}
