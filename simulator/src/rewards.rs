//! The rewards loop of the simulator: clicks on tracking links with a `player_id` are
//! recorded; a control call (`POST /_sim/complete`, or [`crate::Simulator::complete_offer`])
//! completes a clicked offer for that player — `playerOffers` then shows it `completed` — and,
//! when a postback target is configured, sends the signed postback with the player id from
//! the click (postback.rs: retries after 1 s, 2 s, 4 s; duplicates on request).
//! Every delivery attempt is kept, for `GET /_sim/postbacks` (rewards_control.rs).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::catalogue::{Catalogue, Engagement, EngagementStatus};
use crate::postback::{self, Attempt, Conversion, Format, PostbackTarget, RETRY_DELAYS};
use crate::time::now_unix;

/// One completed offer of one player.
#[derive(Clone, Debug)]
struct Completion {
    offer_id: String,
    at: i64,
}

pub struct Rewards {
    target: Option<PostbackTarget>,
    /// Makes conversion ids unique across simulator runs that share one ledger.
    id_prefix: String,
    next: AtomicU64,
    clicks: Mutex<HashSet<(String, String)>>,
    completions: Mutex<HashMap<String, Vec<Completion>>>,
    attempts: Arc<Mutex<Vec<Attempt>>>,
    in_flight: Arc<AtomicUsize>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Why a completion was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum CompleteError {
    UnknownOffer,
    NotClicked,
}

impl Default for Rewards {
    /// No postback target: completions only change `playerOffers`.
    fn default() -> Rewards {
        Rewards::new(None)
    }
}

impl Rewards {
    pub fn new(target: Option<PostbackTarget>) -> Rewards {
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Rewards {
            target,
            id_prefix: format!("sim-{started:x}"),
            next: AtomicU64::new(1),
            clicks: Mutex::default(),
            completions: Mutex::default(),
            attempts: Arc::default(),
            in_flight: Arc::default(),
        }
    }

    /// A click on `offer_id`'s tracking link carrying `player_id` (exactly as sent).
    pub fn record_click(&self, offer_id: &str, player_id: &str) {
        lock(&self.clicks).insert((offer_id.to_owned(), player_id.to_owned()));
    }

    /// `playerOffers` after completions: a completed offer shows `completed` with its whole
    /// payout earned and the completion as its last activity (so it comes first).
    pub fn overlay<'a>(
        &self,
        player_id: &str,
        engagements: &mut Vec<Engagement<'a>>,
        catalogue: &'a Catalogue,
    ) {
        let completions = lock(&self.completions);
        let Some(done) = completions.get(player_id) else {
            return;
        };
        for completion in done {
            let Some(offer) = catalogue.get(&completion.offer_id) else {
                continue;
            };
            let completed = Engagement {
                offer,
                status: EngagementStatus::Completed,
                payout_earned_usd: offer.total_payout_usd,
                last_activity_at: completion.at,
            };
            match engagements
                .iter_mut()
                .find(|e| e.offer.id == completion.offer_id)
            {
                Some(existing) => *existing = completed,
                None => engagements.push(completed),
            }
        }
        engagements.sort_by(|a, b| {
            b.last_activity_at
                .cmp(&a.last_activity_at)
                .then_with(|| a.offer.id.cmp(&b.offer.id))
        });
    }

    /// Completes a clicked offer for `player_id` and sends its postback (in the background)
    /// when a target is set. Returns the conversion.
    pub fn complete(
        &self,
        catalogue: &Catalogue,
        offer_id: &str,
        player_id: &str,
        format: Format,
        duplicates: u32,
    ) -> Result<Conversion, CompleteError> {
        let offer = catalogue.get(offer_id).ok_or(CompleteError::UnknownOffer)?;
        if !lock(&self.clicks).contains(&(offer_id.to_owned(), player_id.to_owned())) {
            return Err(CompleteError::NotClicked);
        }
        let n = self.next.fetch_add(1, Ordering::SeqCst);
        let conversion = Conversion {
            conversion_id: format!("{}-{n}", self.id_prefix),
            player_id: player_id.to_owned(),
            amount: offer.total_amount.round() as i64,
            payout: offer.total_payout_usd,
            offer_id: offer.id.clone(),
            offer_name: offer.name.clone(),
            campaign_id: offer.campaign_id,
            goal_id: offer.goals.last().map(|g| g.id.clone()),
        };
        lock(&self.completions)
            .entry(player_id.to_owned())
            .or_default()
            .push(Completion {
                offer_id: offer_id.to_owned(),
                at: now_unix(),
            });
        if let Some(target) = self.target.clone() {
            self.deliver(target, format, conversion.clone(), duplicates);
        }
        Ok(conversion)
    }

    fn deliver(
        &self,
        target: PostbackTarget,
        format: Format,
        conversion: Conversion,
        duplicates: u32,
    ) {
        let (attempts, in_flight) = (Arc::clone(&self.attempts), Arc::clone(&self.in_flight));
        in_flight.fetch_add(1, Ordering::SeqCst);
        tokio::spawn(async move {
            let record = |request_id: &str, status: u16, duplicate: bool| {
                lock(&attempts).push(Attempt {
                    conversion_id: conversion.conversion_id.clone(),
                    request_id: request_id.to_owned(),
                    format,
                    status,
                    duplicate,
                });
            };
            let first = format!("{}-r0", conversion.conversion_id);
            let built = postback::build(&target, format, &conversion, &first, now_unix());
            for delay in RETRY_DELAYS.iter().map(Some).chain([None]) {
                let status = postback::send(&built).await;
                record(&first, status, false);
                if (200..300).contains(&status) {
                    break;
                }
                match delay {
                    Some(delay) => tokio::time::sleep(*delay).await,
                    None => break,
                }
            }
            for d in 1..=duplicates {
                let request_id = format!("{}-r{d}", conversion.conversion_id);
                let built = postback::build(&target, format, &conversion, &request_id, now_unix());
                let status = postback::send(&built).await;
                record(&request_id, status, true);
            }
            in_flight.fetch_sub(1, Ordering::SeqCst);
        });
    }

    /// Whether completions send postbacks (a target is configured).
    pub fn sends_postbacks(&self) -> bool {
        self.target.is_some()
    }

    /// Every delivery attempt so far, and how many postbacks are still being delivered.
    pub fn attempts(&self) -> (Vec<Attempt>, usize) {
        (
            lock(&self.attempts).clone(),
            self.in_flight.load(Ordering::SeqCst),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_clicked_offers_complete_and_playeroffers_shows_them() {
        let catalogue = Catalogue::generate(42, 20);
        let rewards = Rewards::new(None);
        let offer = catalogue.offers()[3].id.clone();
        assert_eq!(
            rewards
                .complete(&catalogue, &offer, "p-1", Format::V3, 0)
                .unwrap_err(),
            CompleteError::NotClicked
        );
        rewards.record_click(&offer, "P-1");
        assert_eq!(
            rewards
                .complete(&catalogue, &offer, "p-1", Format::V3, 0)
                .unwrap_err(),
            CompleteError::NotClicked,
            "the player id of the click, exactly"
        );
        assert_eq!(
            rewards
                .complete(&catalogue, "nope", "P-1", Format::V3, 0)
                .unwrap_err(),
            CompleteError::UnknownOffer
        );
        let conversion = rewards
            .complete(&catalogue, &offer, "P-1", Format::V3, 0)
            .unwrap();
        assert_eq!(conversion.player_id, "P-1");
        assert!(conversion.amount > 0);
        let mut engagements = catalogue.engagements("P-1");
        let before = engagements.len();
        rewards.overlay("P-1", &mut engagements, &catalogue);
        assert_eq!(engagements[0].offer.id, offer);
        assert_eq!(engagements[0].status, EngagementStatus::Completed);
        assert!(engagements.len() == before || engagements.len() == before + 1);
        assert_eq!(
            engagements.iter().filter(|e| e.offer.id == offer).count(),
            1
        );
        let second = rewards
            .complete(&catalogue, &offer, "P-1", Format::V2, 0)
            .unwrap();
        assert_ne!(second.conversion_id, conversion.conversion_id);
    }
}
