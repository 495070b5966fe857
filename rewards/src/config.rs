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
    /// A header a trusted proxy sets to the sender's address (e.g. `X-Forwarded-For`; its
    /// last entry is used). Unset: the connection's peer address.
    pub client_ip_header: Option<String>,
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
        }
    }
}
