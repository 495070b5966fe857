//! Tokens the Godot way. Core decides when a token is needed (none yet, about to expire, or
//! after a 401) and for how long to wait; this file only asks the game, on the main thread:
//! - `token_provider` (a `Callable(reason: String)`): its return value is the token, or, for a
//!   function that uses `await`, the value it finally returns. An `OfferKitError` (or "" /
//!   null) refuses: the waiting calls fail with that error (`UNAUTHORIZED` for "" / null).
//! - `token_signal`: the client emits `token_needed(reason)`; the game answers with
//!   `set_access_token(token)` or `refuse_token(reason)`, now or later. With no handler
//!   connected the ask is refused at once.
//!
//! There is no API that takes a refresh token: the game's backend holds it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use godot::prelude::*;
use offerkit::{AccessToken, BoxFuture, ErrorKind, TokenReason};
use tokio::sync::oneshot;

use crate::error::OfferKitError;
use crate::{json, mailbox};

/// What the main thread needs to ask the game on behalf of client `serial`.
struct Hooks {
    /// The `OfferKitClient` (it emits `token_needed`).
    object: InstanceId,
    provider: Option<Callable>,
    core: offerkit::OfferClient,
}

thread_local! {
    static HOOKS: RefCell<HashMap<u64, Hooks>> = RefCell::new(HashMap::new());
}

/// Records how client `serial` asks for tokens (main thread, once its core client exists).
pub(crate) fn register(
    serial: u64,
    object: InstanceId,
    provider: Option<Callable>,
    core: offerkit::OfferClient,
) {
    HOOKS.with(|hooks| {
        hooks.borrow_mut().insert(
            serial,
            Hooks {
                object,
                provider,
                core,
            },
        )
    });
}

/// Forgets client `serial` (it was freed or configured again).
pub(crate) fn unregister(serial: u64) {
    let _ = HOOKS.try_with(|hooks| hooks.borrow_mut().remove(&serial));
}

/// Forgets every client (the extension is being unloaded).
pub(crate) fn forget_all() {
    let _ = HOOKS.try_with(|hooks| std::mem::take(&mut *hooks.borrow_mut()));
}

/// Core's provider for a client with a `token_provider` Callable: each ask goes to the main
/// thread, and the answer comes back through a channel.
pub(crate) struct CallableProvider {
    pub(crate) serial: u64,
}

impl offerkit::AccessTokenProvider for CallableProvider {
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, offerkit::Result<AccessToken>> {
        let (reply, answer) = oneshot::channel();
        let serial = self.serial;
        mailbox::post(move || ask_provider(serial, reason, reply));
        Box::pin(async move {
            answer.await.unwrap_or_else(|_| {
                Err(offerkit::Error::new(
                    ErrorKind::Unauthorized,
                    "the token provider ended without answering",
                ))
            })
        })
    }
}

/// Core's notification for a client with `token_signal`: emit `token_needed` on the main thread.
pub(crate) fn notifier(serial: u64) -> offerkit::TokenNeeded {
    Arc::new(move |reason: TokenReason| mailbox::post(move || notify(serial, reason)))
}

type Reply = oneshot::Sender<offerkit::Result<AccessToken>>;

fn ask_provider(serial: u64, reason: TokenReason, reply: Reply) {
    let provider = HOOKS.with(|hooks| hooks.borrow().get(&serial).and_then(|h| h.provider.clone()));
    let Some(provider) = provider else {
        return; // the client is gone: its calls were cancelled
    };
    let mut args = VarArray::new();
    args.push(&GString::from(reason.as_str()).to_variant());
    let answer = provider.callv(&args.upcast_any_array());
    answer_with(&answer, reply);
}

/// Turns what the provider gave (or what its `await`ing function finally returned) into the
/// answer core waits for.
fn answer_with(value: &Variant, reply: Reply) {
    let refused = |message: String| Err(offerkit::Error::new(ErrorKind::Unauthorized, message));
    let answer = match value.get_type() {
        VariantType::STRING | VariantType::STRING_NAME => {
            let token = json::text(value);
            if token.is_empty() {
                refused("the token provider returned an empty token".to_string())
            } else {
                Ok(AccessToken::new(token))
            }
        }
        VariantType::NIL => refused("the token provider returned null, not a token".to_string()),
        VariantType::OBJECT => match value.try_to::<Gd<Object>>() {
            Ok(object) => match object.try_cast::<OfferKitError>() {
                Ok(error) => Err(offerkit::Error::from(&error.bind().to_failure())),
                Err(mut object) if object.has_signal("completed") => {
                    // A function that used `await`: its state completes with the return value.
                    let mut reply = Some(reply);
                    let done =
                        Callable::from_fn("offerkit_token_answer", move |args: &[&Variant]| {
                            if let Some(reply) = reply.take() {
                                answer_with(
                                    args.first().copied().unwrap_or(&Variant::nil()),
                                    reply,
                                );
                            }
                            Variant::nil()
                        });
                    let _ = object.connect("completed", &done);
                    return;
                }
                Err(object) => refused(format!(
                    "the token provider returned a {}, not a token",
                    object.get_class()
                )),
            },
            Err(_) => refused("the token provider returned a freed object".to_string()),
        },
        other => refused(format!(
            "the token provider returned a {other:?}, not a token"
        )),
    };
    let _ = reply.send(answer);
}

fn notify(serial: u64, reason: TokenReason) {
    let found = HOOKS.with(|hooks| {
        hooks
            .borrow()
            .get(&serial)
            .map(|h| (h.object, h.core.clone()))
    });
    let Some((object, core)) = found else {
        return;
    };
    let Ok(mut client) = Gd::<Object>::try_from_instance_id(object) else {
        return;
    };
    if client.get_signal_connection_list("token_needed").is_empty() {
        core.fail_token_request("no handler is connected to the client's token_needed signal");
        return;
    }
    let _ = client.emit_signal(
        "token_needed",
        &[GString::from(reason.as_str()).to_variant()],
    );
}
