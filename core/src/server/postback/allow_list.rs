//! The IP allow-list the service's documentation recommends alongside the signature: only
//! postbacks from the service's published addresses are looked at. CIDR parsing and matching
//! are `ipnet`'s; IPv4 peers seen through an IPv6 socket (`::ffff:a.b.c.d`) match their IPv4
//! entries.

use std::net::IpAddr;

use ipnet::IpNet;

use crate::error::{Error, ErrorKind, Result};

/// A set of CIDR blocks. Empty means "allow every address" (the list is optional).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IpAllowList {
    nets: Vec<IpNet>,
}

impl IpAllowList {
    /// Parses blocks such as `203.0.113.0/24`, `2001:db8::/32` or a single address
    /// (`198.51.100.7`, taken as /32 or /128). A bad entry is `invalid_argument`.
    pub fn parse<S: AsRef<str>>(entries: impl IntoIterator<Item = S>) -> Result<IpAllowList> {
        let mut nets = Vec::new();
        for entry in entries {
            let text = entry.as_ref().trim();
            let net = text
                .parse::<IpNet>()
                .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| {
                    Error::new(
                        ErrorKind::InvalidArgument,
                        format!("{text:?} is not an IP address or CIDR block"),
                    )
                })?;
            nets.push(net.trunc());
        }
        Ok(IpAllowList { nets })
    }

    /// Whether no block is listed, so every address is allowed.
    pub fn is_empty(&self) -> bool {
        self.nets.is_empty()
    }

    /// The blocks, in the order given, each with its host bits cleared (`10.1.2.3/8` is
    /// `10.0.0.0/8`).
    pub fn blocks(&self) -> &[IpNet] {
        &self.nets
    }

    /// Whether `ip` may send postbacks.
    pub fn allows(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.nets.is_empty() || self.nets.iter().any(|net| net.contains(&ip))
    }

    /// `forbidden` (HTTP 403) when `ip` is outside the list.
    pub fn check(&self, ip: IpAddr) -> Result<()> {
        if self.allows(ip) {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Forbidden,
                format!("postbacks from {ip} are not allowed (outside the IP allow-list)"),
            )
            .with_status(403))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks_and_single_addresses() {
        let list =
            IpAllowList::parse(["203.0.113.0/24", "198.51.100.7", " 2001:db8::/32 "]).unwrap();
        assert!(list.allows(ip("203.0.113.0")));
        assert!(list.allows(ip("203.0.113.255")));
        assert!(!list.allows(ip("203.0.114.1")));
        assert!(list.allows(ip("198.51.100.7")));
        assert!(!list.allows(ip("198.51.100.8")));
        assert!(list.allows(ip("2001:db8:1::5")));
        assert!(!list.allows(ip("2001:db9::1")));
        assert!(list.allows(ip("::ffff:203.0.113.9")), "IPv4-mapped peer");
        let err = list.check(ip("192.0.2.1")).unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Forbidden, Some(403))
        );
    }

    #[test]
    fn host_bits_are_ignored_and_empty_allows_all() {
        let list = IpAllowList::parse(["10.1.2.3/8"]).unwrap();
        assert_eq!(list.blocks()[0].to_string(), "10.0.0.0/8");
        assert!(list.allows(ip("10.200.0.1")));
        assert!(IpAllowList::default().allows(ip("192.0.2.1")));
    }

    #[test]
    fn bad_entries_are_invalid_arguments() {
        for bad in ["", "10.0.0.0/33", "example.com", "1.2.3.4/", "::g"] {
            let err = IpAllowList::parse([bad]).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{bad:?}");
        }
    }
}
