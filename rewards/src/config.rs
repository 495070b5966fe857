//! What a receiver needs: the verifier (postback key, size limit, optional replay window), the
//! ledger, the IP allow-list, the admin token, and how to find the URL a v2 postback signed
//! and the sender's address behind a proxy.

use offerkit::server::ledger::Ledger;
use offerkit::server::postback::{IpAllowList, PostbackVerifier};

use crate::admin::AdminToken;

#[derive(Debug, Clone)]
pub struct ReceiverConfig {
    pub verifier: PostbackVerifier,
    pub ledger: Ledger,
    pub admin_token: AdminToken,
    /// Empty: every address may send.
    pub allow_list: IpAllowList,
    /// The postback URLs as registered with the service (v2 signs them). Empty: rebuilt
    /// from each request's `Host` (or `X-Forwarded-Host`) and path, with the scheme from
    /// `X-Forwarded-Proto`, or both `https` and `http` when absent.
    pub public_urls: Vec<String>,
    /// A header trusted proxies add the sender's address to (e.g. `X-Forwarded-For`). Unset:
    /// the connection's peer address.
    pub client_ip_header: Option<String>,
    /// How many trusted proxies stand in front of the receiver, each adding one address to
    /// `client_ip_header` (by appending to it or by adding a line of its own). All lines of
    /// the header are read as one comma-separated list, in the order they arrived, and the
    /// sender is the entry this many places from its end: with 1 (the default), the last
    /// entry, which the proxy nearest the receiver added. Entries further left were written
    /// by the client or by hops nobody vouches for and are never used. Fewer entries than
    /// this: the sender is unknown.
    pub trusted_proxies: usize,
}

impl ReceiverConfig {
    pub fn new(verifier: PostbackVerifier, ledger: Ledger, admin_token: AdminToken) -> Self {
        ReceiverConfig {
            verifier,
            ledger,
            admin_token,
            allow_list: IpAllowList::default(),
            public_urls: Vec::new(),
            client_ip_header: None,
            trusted_proxies: 1,
        }
    }
}
