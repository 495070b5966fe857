//! The TLS set-up: rustls with the ring provider and the webpki root store, plus any extra
//! roots the host configures. No platform verifier (it needs JNI set-up on Android) and no
//! aws-lc (larger and slower to build).

use std::sync::Arc;

use rustls::RootCertStore;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

use crate::error::{Error, ErrorKind, Result};

/// A client TLS configuration trusting the webpki roots and every certificate in `extra_pem`.
/// Built for each client and never kept in a global: a library that is shut down (the C ABI's
/// `offerkit_shutdown`) must leave nothing allocated behind.
pub(crate) fn client_config(extra_pem: &[String]) -> Result<rustls::ClientConfig> {
    build(extra_pem)
}

fn build(extra_pem: &[String]) -> Result<rustls::ClientConfig> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    for pem in extra_pem {
        let mut found = 0;
        for cert in CertificateDer::pem_slice_iter(pem.as_bytes()) {
            let cert = cert.map_err(|e| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    format!("extra root certificate: {e}"),
                )
            })?;
            roots.add(cert).map_err(|e| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    format!("extra root certificate: {e}"),
                )
            })?;
            found += 1;
        }
        if found == 0 {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "extra root certificate: no PEM CERTIFICATE block found",
            ));
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::new(ErrorKind::Internal, format!("TLS set-up: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_pem_without_certificates() {
        let err = client_config(&["hello".to_string()]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        let err = client_config(&[
            "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n".to_string(),
        ])
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    }

    #[test]
    fn default_config_builds() {
        assert!(client_config(&[]).is_ok());
    }
}
