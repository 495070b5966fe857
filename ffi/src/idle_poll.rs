//! The game loop pays nothing when idle: a game polls its client every frame, mostly with
//! nothing to deliver, so those polls (and the log poll beside them) must not allocate. Checked
//! after a request has come and gone, as in a game, by counting allocations (the time they take
//! is BENCHMARKS.md's, measured by `bench/c/poll_idle.c`).

use std::ffi::{CStr, c_char, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::allocation_count::allocations_in;
use crate::client::{
    offerkit_client_free, offerkit_client_pending_completions, offerkit_client_poll,
};
use crate::client_new::offerkit_client_new;
use crate::config::{
    offerkit_config_free, offerkit_config_new, offerkit_config_set_access_token,
    offerkit_config_set_delivery, offerkit_config_set_max_retries,
};
use crate::error::OfferkitError;
use crate::error_accessors::offerkit_error_free;
use crate::log::{OfferkitLogLevel, offerkit_log_poll, offerkit_set_log_callback};
use crate::offers::{OfferkitOfferList, offerkit_offer_list_free};
use crate::queries::offerkit_client_offers_async;
use crate::request::{OfferkitRequest, offerkit_request_free};
use crate::status::OfferkitStatus;

static COMPLETED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn completed(
    _: *mut c_void,
    _: *const OfferkitRequest,
    status: OfferkitStatus,
    list: *mut OfferkitOfferList,
    error: *mut OfferkitError,
) {
    assert_eq!(status, OfferkitStatus::Network, "nothing listens on port 1");
    // SAFETY: the callback owns what it is given; each is NULL or live, freed once here.
    unsafe {
        offerkit_offer_list_free(list);
        offerkit_error_free(error);
    }
    COMPLETED.fetch_add(1, Ordering::SeqCst);
}

unsafe extern "C" fn ignore_log(_: *mut c_void, _: OfferkitLogLevel, _: *const c_char) {}

fn ok(status: OfferkitStatus, what: &str) {
    assert_eq!(status, OfferkitStatus::Ok, "{what}");
}

#[test]
fn polls_with_nothing_to_deliver_allocate_nothing() {
    let url: &CStr = c"http://127.0.0.1:1";
    let mut config = std::ptr::null_mut();
    let mut client = std::ptr::null_mut();
    // SAFETY: every pointer is a live handle made here or NULL where the header allows it; the
    // strings are NUL-terminated literals; each handle is freed once, at the end.
    unsafe {
        ok(
            offerkit_config_new(url.as_ptr(), &mut config, std::ptr::null_mut()),
            "config",
        );
        ok(
            offerkit_config_set_access_token(config, c"token".as_ptr(), std::ptr::null_mut()),
            "token",
        );
        ok(
            offerkit_config_set_max_retries(config, 0, std::ptr::null_mut()),
            "retries",
        );
        ok(
            offerkit_config_set_delivery(config, 1, std::ptr::null_mut()),
            "poll delivery",
        );
        ok(
            offerkit_client_new(config, &mut client, std::ptr::null_mut()),
            "client",
        );
        offerkit_config_free(config);
        // The log messages a game would poll too, queued for this thread's polls.
        ok(
            offerkit_set_log_callback(Some(ignore_log), std::ptr::null_mut(), 5, 1),
            "log",
        );

        // One request comes and goes, so the queues have been used, as in a running game.
        let mut request = std::ptr::null_mut();
        ok(
            offerkit_client_offers_async(
                client,
                c"player-1".as_ptr(),
                std::ptr::null(),
                Some(completed),
                std::ptr::null_mut(),
                &mut request,
                std::ptr::null_mut(),
            ),
            "offers_async",
        );
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while COMPLETED.load(Ordering::SeqCst) == 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the request never completed"
            );
            offerkit_client_poll(client, 0);
            offerkit_log_poll(0);
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        offerkit_request_free(request);
        offerkit_log_poll(0);
        assert_eq!(offerkit_client_pending_completions(client), 0);

        let allocations = allocations_in(|| {
            for _ in 0..10_000 {
                assert_eq!(offerkit_client_poll(client, 0), 0);
                assert_eq!(offerkit_client_poll(client, 16), 0);
                assert_eq!(offerkit_client_pending_completions(client), 0);
                offerkit_log_poll(0);
            }
        });
        assert_eq!(allocations, 0, "idle polls allocated");

        ok(
            offerkit_set_log_callback(None, std::ptr::null_mut(), 0, 1),
            "log off",
        );
        offerkit_client_free(client);
    }
}
