//! ============================ STUDIO HOOK ============================
//! Where the studio authenticates the player session of the game client asking for a token.
//!
//! Replace [`authenticate_player`] with the studio's own check (its login session, a signed
//! game-server ticket, a platform identity token …). Only a client that passes it gets an
//! access token; its [`PlayerSession::client_key`] is what the per-client rate limit counts.
//!
//! The demo below accepts `Authorization: Bearer <session>`: any non-empty session, or — when
//! `BROKER_DEMO_SESSIONS` lists some — only those. It is NOT authentication; it only shows
//! where authentication goes.
//! =====================================================================

use std::collections::HashSet;

use http::{HeaderMap, header};

/// An authenticated game client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSession {
    /// Stable per client; the per-client rate limit is keyed by it.
    pub client_key: String,
    /// The offerkit player id of the session's player: the id the game sends in offer
    /// queries and click URLs, and so the id postbacks credit. The demo uses the session
    /// text itself; a studio maps its own account id (e.g. with `offerkit::short_player_id`).
    pub player_id: String,
}

/// What the demo check accepts.
#[derive(Debug, Clone, Default)]
pub struct SessionPolicy {
    /// `None`: any non-empty bearer session (demo only).
    pub accepted: Option<HashSet<String>>,
}

/// STUDIO HOOK: authenticate the caller; `Err` is answered with 401.
pub fn authenticate_player(
    policy: &SessionPolicy,
    headers: &HeaderMap,
) -> Result<PlayerSession, &'static str> {
    let session = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or("send the player session as `Authorization: Bearer <session>`")?;
    if let Some(accepted) = &policy.accepted {
        if !accepted.contains(session) {
            return Err("unknown player session");
        }
    }
    Ok(PlayerSession {
        client_key: session.to_owned(),
        player_id: session.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::AUTHORIZATION, value.parse().unwrap());
        h
    }

    #[test]
    fn demo_policy() {
        let open = SessionPolicy::default();
        assert_eq!(
            authenticate_player(&open, &headers("Bearer s-1"))
                .unwrap()
                .client_key,
            "s-1"
        );
        assert!(authenticate_player(&open, &HeaderMap::new()).is_err());
        assert!(authenticate_player(&open, &headers("Bearer  ")).is_err());
        assert!(authenticate_player(&open, &headers("Basic abc")).is_err());
        let closed = SessionPolicy {
            accepted: Some(["s-1".to_owned()].into()),
        };
        assert!(authenticate_player(&closed, &headers("Bearer s-1")).is_ok());
        assert!(authenticate_player(&closed, &headers("Bearer s-2")).is_err());
    }
}
