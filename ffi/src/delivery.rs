//! `OfferkitDelivery`: where callbacks run. Its own concept because clients (completions and
//! token asks), requests and the log forwarding all follow it.

/// Where a client's callbacks run (see `offerkit_config_set_delivery`), and where log messages
/// go (see `offerkit_set_log_callback`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferkitDelivery {
    /// On an offerkit library thread, as soon as the request ends (the default).
    Thread = 0,
    /// Queued until the host polls (`offerkit_client_poll`, `offerkit_client_poll_wait`;
    /// `offerkit_log_poll` for logs), which runs them on its own thread.
    Poll = 1,
}
