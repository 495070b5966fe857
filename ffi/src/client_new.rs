//! `offerkit_client_new`: a client made from a config. Apart from the client's other functions
//! because it is the one place that reads an `OfferkitConfig`, whose token-needed setter in turn
//! names the client type.

use std::sync::Arc;

use offerkit::OfferClient;

use crate::boundary::fallible;
use crate::client::{ClientShared, OfferkitClient};
use crate::config::OfferkitConfig;
use crate::delivery::OfferkitDelivery;
use crate::error::OfferkitError;
use crate::handle::Handle;
use crate::http_executor::{ExecutorHook, HostExecutor};
use crate::out::Out;
use crate::request::Requests;
use crate::runtime::runtime;
use crate::shutdown::{self, Alive};
use crate::status::OfferkitStatus;
use crate::token_hook::TokenHook;

/// Makes a client from `config` (copied; the config may be freed or reused afterwards).
/// Fails with `INVALID_ARGUMENT` on a bad base URL, scheme, proxy or root certificate (a proxy or
/// root certificate with a host HTTP executor; no executor in the lite library), and on
/// settings out of bounds: then one field entry with path `config` names every such setting
/// (`timeout`, `connect_timeout`, `deadline`, `token_provider_timeout`, `retry.max_retries`,
/// `retry.initial_backoff`, `retry.max_backoff`, `max_pages`, `cache.ttl`, `cache.max_entries`,
/// `cache.max_stale`, or the names `offerkit_config_set_setting_name` gave them) with core's
/// message. On success `*out_client` owns the client: free it with `offerkit_client_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_new(
    config: *const OfferkitConfig,
    out_client: *mut *mut OfferkitClient,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_ref(config)?;
        let out = Out::required(out_client, "out_client")?;
        let mut core_config = config.to_core();
        core_config.validate_named(&|setting| config.setting_name(setting))?;
        // Held until the client counts as alive, so `offerkit_shutdown` cannot stop the runtime
        // it is joining.
        let mut live = shutdown::live();
        let runtime = runtime()?;
        let _context = runtime.enter();
        let delivery = config.delivery();
        let requests = Requests::new(delivery, Alive::working(&mut live));
        let token_hook = config.token_needed().map(|(callback, user_data)| {
            let poll_queue =
                (delivery == OfferkitDelivery::Poll).then(|| Arc::downgrade(&requests));
            Arc::new(TokenHook::new(callback, user_data, poll_queue))
        });
        if let Some(hook) = &token_hook {
            let hook = Arc::clone(hook);
            core_config.token_needed = Some(Arc::new(move |reason| hook.call(reason)));
        }
        let executor_hook = config.http_executor().map(|callbacks| {
            let poll_queue =
                (delivery == OfferkitDelivery::Poll).then(|| Arc::downgrade(&requests));
            Arc::new(ExecutorHook::new(callbacks, poll_queue))
        });
        if let Some(hook) = &executor_hook {
            core_config.executor = Some(Arc::new(HostExecutor(Arc::clone(hook))));
        }
        let core = match OfferClient::new(core_config) {
            Ok(core) => core,
            Err(error) => {
                drop(live); // `requests` counted this client; dropping it takes the lock again
                drop(requests);
                return Err(error.into());
            }
        };
        let client = OfferkitClient {
            shared: Arc::new(ClientShared {
                core,
                requests,
                token_hook,
                executor_hook,
            }),
            _alive: Alive::client(&mut live),
        };
        drop(live);
        let client = client.into_ptr();
        if let Some(hook) = &unsafe_ref(client).shared.token_hook {
            hook.set_client(client);
        }
        out.write(client);
        Ok(())
    })
}

/// The client just made (not yet handed to C).
fn unsafe_ref<'a>(client: *mut OfferkitClient) -> &'a OfferkitClient {
    // SAFETY: made by `into_ptr` a moment ago and not yet handed out: live and unshared.
    unsafe { &*client }
}
