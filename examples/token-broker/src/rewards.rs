//! The rewards side of the example backend: the postback receiver of offerkit-rewards
//! (`POST`/`GET /postback`, `GET /players/{player_id}/balance` for operators with the admin
//! token) and `GET /balance` for a game client, which reads the balance of the player its
//! session belongs to (STUDIO HOOK in session.rs). On when a postback key is configured.
//!
//! | Variable | Meaning |
//! |---|---|
//! | `OFFERKIT_POSTBACK_KEY_FILE` / `OFFERKIT_POSTBACK_KEY` | the postback key (turns rewards on) |
//! | `OFFERKIT_ADMIN_TOKEN_FILE` / `OFFERKIT_ADMIN_TOKEN` | bearer token of the operator endpoint (required with rewards) |
//! | `OFFERKIT_REWARDS_DB` | `sqlite://PATH` (default `sqlite://offerkit-rewards.db`) or `postgres://…` |
//! | `REWARDS_ALLOW_IPS` | comma-separated CIDR blocks the postbacks may come from (default: any) |

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http::{HeaderMap, StatusCode};
use offerkit::server::ledger::Ledger;
use offerkit::server::postback::{IpAllowList, PostbackKey, PostbackVerifier};
use offerkit_rewards::{AdminToken, ReceiverConfig};
use serde_json::json;

use crate::session::{SessionPolicy, authenticate_player};
use crate::vars;

/// Rewards settings read from the environment; `None` when no postback key is set.
pub struct RewardsSettings {
    pub key: PostbackKey,
    pub admin_token: AdminToken,
    pub db: String,
    pub allow_list: IpAllowList,
}

impl std::fmt::Debug for RewardsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RewardsSettings")
            .field("key", &self.key)
            .field("admin_token", &self.admin_token)
            .field("allow_list", &self.allow_list)
            .finish_non_exhaustive()
    }
}

impl RewardsSettings {
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<RewardsSettings>, String> {
        let Some(key) = vars::secret(&var, "OFFERKIT_POSTBACK_KEY")?.filter(|k| !k.is_empty())
        else {
            return Ok(None);
        };
        let admin_token = vars::secret(&var, "OFFERKIT_ADMIN_TOKEN")?
            .and_then(AdminToken::new)
            .ok_or("rewards need OFFERKIT_ADMIN_TOKEN_FILE or OFFERKIT_ADMIN_TOKEN")?;
        let blocks: Vec<String> = var("REWARDS_ALLOW_IPS")
            .map(|text| vars::list(&text))
            .unwrap_or_default();
        let allow_list = IpAllowList::parse(&blocks)
            .map_err(|e| format!("REWARDS_ALLOW_IPS: {}", e.message()))?;
        Ok(Some(RewardsSettings {
            key: PostbackKey::new(key),
            admin_token,
            db: var("OFFERKIT_REWARDS_DB")
                .unwrap_or_else(|| "sqlite://offerkit-rewards.db".to_owned()),
            allow_list,
        }))
    }

    /// Opens the ledger and builds the routes.
    pub async fn router(self, sessions: SessionPolicy) -> offerkit::Result<(Router, Ledger)> {
        let ledger = Ledger::open(&self.db).await?;
        let mut config = ReceiverConfig::new(
            PostbackVerifier::new(self.key)?,
            ledger.clone(),
            self.admin_token,
        );
        config.allow_list = self.allow_list;
        let own = Router::new()
            .route("/balance", get(player_balance))
            .with_state(Arc::new(PlayerBalance {
                ledger: ledger.clone(),
                sessions,
            }));
        Ok((offerkit_rewards::router(config).merge(own), ledger))
    }
}

struct PlayerBalance {
    ledger: Ledger,
    sessions: SessionPolicy,
}

/// `GET /balance` with the player session: `{"player_id", "balance", "conversions"}` of the
/// session's own player.
async fn player_balance(State(state): State<Arc<PlayerBalance>>, headers: HeaderMap) -> Response {
    let session = match authenticate_player(&state.sessions, &headers) {
        Ok(session) => session,
        Err(why) => {
            return (
                StatusCode::UNAUTHORIZED,
                axum::Json(json!({"error": "unauthenticated", "message": why})),
            )
                .into_response();
        }
    };
    match state.ledger.balance(&session.player_id).await {
        Ok(balance) => (StatusCode::OK, axum::Json(balance)).into_response(),
        Err(err) => {
            tracing::error!(
                kind = err.kind().as_str(),
                "balance not read: storage failure"
            );
            (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(json!({"error": "storage"})),
            )
                .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::from_pairs;

    #[test]
    fn off_without_a_key_and_complete_with_one() {
        assert!(
            RewardsSettings::from_vars(from_pairs(&[]))
                .unwrap()
                .is_none()
        );
        let missing_admin =
            RewardsSettings::from_vars(from_pairs(&[("OFFERKIT_POSTBACK_KEY", "pbk-93")]));
        assert!(missing_admin.unwrap_err().contains("OFFERKIT_ADMIN_TOKEN"));
        let on = RewardsSettings::from_vars(from_pairs(&[
            ("OFFERKIT_POSTBACK_KEY", " pbk-93 \n"),
            ("OFFERKIT_ADMIN_TOKEN", "adm-77"),
            ("REWARDS_ALLOW_IPS", "203.0.113.0/24, 198.51.100.7"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(on.db, "sqlite://offerkit-rewards.db");
        assert_eq!(on.allow_list.blocks().len(), 2);
        let shown = format!("{on:?}");
        assert!(
            !shown.contains("pbk-93") && !shown.contains("adm-77"),
            "{shown}"
        );
        let bad = RewardsSettings::from_vars(from_pairs(&[
            ("OFFERKIT_POSTBACK_KEY", "k"),
            ("OFFERKIT_ADMIN_TOKEN", "a"),
            ("REWARDS_ALLOW_IPS", "nope"),
        ]));
        assert!(bad.unwrap_err().starts_with("REWARDS_ALLOW_IPS"));
    }
}
