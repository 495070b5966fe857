//! The seeded offer catalogue and every per-player decision made over it: which offers a
//! player is targeted with (and in which default order), how `sort` reorders them, and which
//! offers the player has already engaged with (`playerOffers`). All of it is a pure function
//! of the seed and the player id, so it needs no stored state and repeats byte for byte.

use crate::rng::{Mix, SplitMix64};

/// 2025-01-01 00:00:00 UTC: the fixed "now" of the catalogue, so dates never drift.
pub const CATALOGUE_EPOCH: i64 = 1_735_689_600;
const DAY: i64 = crate::time::DAY;

/// Share of the catalogue (in percent) targeted at any one player.
const TARGETED_PERCENT: u64 = 60;
/// Fewest offers a player has engaged with (when the catalogue has that many).
const MIN_ENGAGED: usize = 5;
/// Players whose id starts with this have engaged with every offer of the catalogue, so that
/// with a large catalogue (`--offers 150`) a player has more than 100 (the largest page).
pub const ENGAGED_WITH_ALL_PREFIX: &str = "many-";

const APP_PREFIXES: [&str; 12] = [
    "Gem", "Dragon", "Pixel", "Star", "Jelly", "Castle", "Ocean", "Rocket", "Farm", "Candy",
    "Shadow", "Tiny",
];
const APP_SUFFIXES: [&str; 12] = [
    "Quest", "Saga", "Legends", "Blast", "Tycoon", "Heroes", "Kingdom", "Match", "Rush", "Empire",
    "Craft", "Story",
];
const TRACKING_TYPES: [&str; 4] = ["CPC", "CPA", "CPE", "CPI"];
/// Virtual currency per USD of payout.
const CURRENCY_PER_USD: f64 = 100.0;

/// One goal (reward step) of an offer.
#[derive(Clone, Debug)]
pub struct Goal {
    pub id: String,
    /// Level to reach; `None` for a purchase goal.
    pub level: Option<u32>,
    pub amount: f64,
    pub payout_usd: f64,
    pub order: i32,
}

/// One offer of the catalogue, with the internal sort keys the service never exposes.
#[derive(Clone, Debug)]
pub struct Offer {
    pub id: String,
    pub name: String,
    pub total_payout_usd: f64,
    pub campaign_id: i32,
    pub tracking_type: &'static str,
    pub total_amount: f64,
    pub start_datetime: i64,
    pub updated_at: i64,
    pub is_multi_reward: bool,
    pub completion_difficulty: i32,
    pub is_featured_campaign: bool,
    pub store_id: String,
    /// Index into the localised genre names.
    pub genre: usize,
    /// Level the whole offer asks for.
    pub level: u32,
    pub goals: Vec<Goal>,
    pub network_epi: f64,
    /// Internal: earnings per click, the `epc` sort key (not a field of the offer).
    pub epc: f64,
    /// Internal: last activation time (Unix seconds), the `last_activation` sort key.
    pub last_activation: i64,
}

/// What `sort` orders by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    Epc,
    LastActivation,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortDirection {
    Asc,
    Desc,
}

/// Progress of a player on an offer they engaged with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngagementStatus {
    InProgress,
    Completed,
}

impl EngagementStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EngagementStatus::InProgress => "in_progress",
            EngagementStatus::Completed => "completed",
        }
    }
}

/// An offer a player has engaged with.
#[derive(Clone, Debug)]
pub struct Engagement<'a> {
    pub offer: &'a Offer,
    pub status: EngagementStatus,
    pub payout_earned_usd: f64,
    pub last_activity_at: i64,
}

pub struct Catalogue {
    seed: u64,
    offers: Vec<Offer>,
}

fn round_to(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

impl Catalogue {
    pub fn generate(seed: u64, count: usize) -> Catalogue {
        let mut rng = SplitMix64::new(seed);
        let mut offers: Vec<Offer> = Vec::with_capacity(count);
        let mut ids = std::collections::HashSet::with_capacity(count);
        while offers.len() < count {
            let id = rng.between(100_000_000_000, 999_999_999_999).to_string();
            if ids.insert(id.clone()) {
                offers.push(generate_offer(&mut rng, id));
            }
        }
        Catalogue { seed, offers }
    }

    /// Every offer, in catalogue (generation) order.
    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    pub fn get(&self, id: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == id)
    }

    /// The offers targeted at `player_id`, in that player's default order: about 60% of the
    /// catalogue, at least one offer when the catalogue is not empty.
    pub fn targeted(&self, player_id: &str) -> Vec<&Offer> {
        let p = player_id.as_bytes();
        let target = Mix::new(self.seed).part(b"target").part(p);
        let order = Mix::new(self.seed).part(b"order").part(p);
        let order_key = |o: &Offer| order.part(o.id.as_bytes()).finish();
        // Chosen first, then ordered: a stable sort keeps equal keys in catalogue order,
        // exactly as ordering the whole catalogue and then filtering it.
        let mut chosen: Vec<(u64, &Offer)> = self
            .offers
            .iter()
            .filter(|o| target.part(o.id.as_bytes()).finish() % 100 < TARGETED_PERCENT)
            .map(|o| (order_key(o), o))
            .collect();
        if chosen.is_empty() {
            // The first offer in the player's order (the first of equal keys, as above).
            return self
                .offers
                .iter()
                .min_by_key(|o| order_key(o))
                .into_iter()
                .collect();
        }
        chosen.sort_by_key(|(k, _)| *k);
        chosen.into_iter().map(|(_, o)| o).collect()
    }

    /// The offers `player_id` has engaged with, most recent activity first: between 5 and
    /// all offers of the catalogue (all of them when the catalogue has fewer than 5, or the
    /// id starts with [`ENGAGED_WITH_ALL_PREFIX`]).
    pub fn engagements(&self, player_id: &str) -> Vec<Engagement<'_>> {
        let p = player_id.as_bytes();
        let n = self.offers.len();
        let count = if n <= MIN_ENGAGED || player_id.starts_with(ENGAGED_WITH_ALL_PREFIX) {
            n
        } else {
            let key = Mix::new(self.seed).part(b"engaged-count").part(p).finish();
            MIN_ENGAGED + (key % (n - MIN_ENGAGED + 1) as u64) as usize
        };
        let pick = Mix::new(self.seed).part(b"engaged-pick").part(p);
        let engagement = Mix::new(self.seed).part(b"engagement").part(p);
        let mut picks: Vec<(u64, &Offer)> = self
            .offers
            .iter()
            .map(|o| (pick.part(o.id.as_bytes()).finish(), o))
            .collect();
        picks.sort_by_key(|(k, _)| *k);
        let mut out: Vec<Engagement<'_>> = picks
            .into_iter()
            .take(count)
            .map(|(_, offer)| {
                let mut rng = SplitMix64::new(engagement.part(offer.id.as_bytes()).finish());
                let completed = rng.chance(0.4);
                let payout_earned_usd = if completed {
                    offer.total_payout_usd
                } else {
                    let done = rng.below(offer.goals.len() as u64) as usize;
                    round_to(offer.goals.iter().take(done).map(|g| g.payout_usd).sum(), 2)
                };
                Engagement {
                    offer,
                    status: if completed {
                        EngagementStatus::Completed
                    } else {
                        EngagementStatus::InProgress
                    },
                    payout_earned_usd,
                    last_activity_at: CATALOGUE_EPOCH - rng.below((30 * DAY) as u64) as i64,
                }
            })
            .collect();
        out.sort_by(|a, b| {
            b.last_activity_at
                .cmp(&a.last_activity_at)
                .then_with(|| a.offer.id.cmp(&b.offer.id))
        });
        out
    }
}

/// Orders offers by a sort key; stable, so ties keep the player's default order.
pub fn sort_offers(offers: &mut [&Offer], key: SortKey, direction: SortDirection) {
    offers.sort_by(|a, b| {
        let ord = match key {
            SortKey::Epc => a.epc.total_cmp(&b.epc),
            SortKey::LastActivation => a.last_activation.cmp(&b.last_activation),
        };
        match direction {
            SortDirection::Asc => ord,
            SortDirection::Desc => ord.reverse(),
        }
    });
}

fn generate_offer(rng: &mut SplitMix64, id: String) -> Offer {
    let name = format!("{} {}", rng.pick(&APP_PREFIXES), rng.pick(&APP_SUFFIXES));
    let total_payout_usd = round_to(0.05 + rng.unit() * 24.95, 2);
    let level = rng.between(5, 60) as u32;
    let is_multi_reward = rng.chance(0.4);
    let goals = generate_goals(rng, level, is_multi_reward, total_payout_usd);
    let start_datetime = CATALOGUE_EPOCH - 30 * DAY - rng.below((365 * DAY) as u64) as i64;
    let updated_at = start_datetime + rng.below((CATALOGUE_EPOCH - start_datetime) as u64) as i64;
    let store_id = if rng.chance(0.5) {
        format!(
            "com.offerkit.{}",
            name.to_ascii_lowercase().replace(' ', "")
        )
    } else {
        format!("id{}", rng.between(1_000_000_000, 1_999_999_999))
    };
    Offer {
        id,
        campaign_id: rng.between(10_000, 99_999) as i32,
        tracking_type: TRACKING_TYPES[rng.below(TRACKING_TYPES.len() as u64) as usize],
        total_amount: (total_payout_usd * CURRENCY_PER_USD).round(),
        start_datetime,
        updated_at,
        is_multi_reward,
        completion_difficulty: rng.between(1, 5) as i32,
        is_featured_campaign: rng.chance(0.15),
        store_id,
        genre: rng.below(4) as usize,
        level,
        goals,
        network_epi: round_to(rng.unit() * 0.5, 4),
        epc: round_to(rng.unit() * 2.0, 4),
        last_activation: CATALOGUE_EPOCH - rng.below((90 * DAY) as u64) as i64,
        name,
        total_payout_usd,
    }
}

fn generate_goals(rng: &mut SplitMix64, level: u32, multi: bool, payout: f64) -> Vec<Goal> {
    let levels = if multi { rng.between(2, 3) as u32 } else { 1 };
    let mut steps: Vec<Option<u32>> = (1..=levels)
        .map(|i| Some((level * i / levels).max(1)))
        .collect();
    if multi && rng.chance(0.3) {
        steps.push(None);
    }
    let weights: Vec<f64> = steps.iter().map(|_| 1.0 + rng.unit()).collect();
    let total_weight: f64 = weights.iter().sum();
    let mut remaining = payout;
    let last = steps.len() - 1;
    steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| {
            let payout_usd = if i == last {
                round_to(remaining, 2)
            } else {
                round_to(payout * weights[i] / total_weight, 2)
            };
            remaining -= payout_usd;
            Goal {
                id: rng.between(10_000_000, 99_999_999).to_string(),
                level: step,
                amount: (payout_usd * CURRENCY_PER_USD).round(),
                payout_usd,
                order: i as i32 + 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_catalogue() {
        let a = Catalogue::generate(42, 30);
        let b = Catalogue::generate(42, 30);
        let ids = |c: &Catalogue| {
            c.offers()
                .iter()
                .map(|o| (o.id.clone(), o.epc))
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&a), ids(&b));
        assert_ne!(ids(&a), ids(&Catalogue::generate(43, 30)));
        assert_eq!(a.offers().len(), 30);
    }

    #[test]
    fn ids_are_long_digit_strings_and_unique() {
        let c = Catalogue::generate(1, 200);
        let set: std::collections::HashSet<&str> =
            c.offers().iter().map(|o| o.id.as_str()).collect();
        assert_eq!(set.len(), 200);
        assert!(
            c.offers()
                .iter()
                .all(|o| o.id.len() == 12 && o.id.bytes().all(|b| b.is_ascii_digit()))
        );
    }

    #[test]
    fn goal_payouts_sum_to_offer_payout() {
        for o in Catalogue::generate(5, 100).offers() {
            let sum: f64 = o.goals.iter().map(|g| g.payout_usd).sum();
            assert!(
                (sum - o.total_payout_usd).abs() < 0.011,
                "{} vs {}",
                sum,
                o.total_payout_usd
            );
            assert!(!o.goals.is_empty());
            assert_eq!(o.is_multi_reward, o.goals.len() > 1);
        }
    }

    #[test]
    fn targeting_is_a_deterministic_subset_of_about_sixty_percent() {
        let c = Catalogue::generate(42, 200);
        let t = c.targeted("player-1");
        assert!((90..=150).contains(&t.len()), "{}", t.len());
        let again: Vec<&str> = c
            .targeted("player-1")
            .iter()
            .map(|o| o.id.as_str())
            .collect();
        assert_eq!(t.iter().map(|o| o.id.as_str()).collect::<Vec<_>>(), again);
        let tiny = Catalogue::generate(42, 1);
        for p in ["a", "b", "c", "d", "e"] {
            assert_eq!(tiny.targeted(p).len(), 1);
        }
        assert!(Catalogue::generate(42, 0).targeted("a").is_empty());
    }

    /// Targeting as first written (order the whole catalogue, then filter): choosing first
    /// and ordering the chosen must give the same offers in the same order.
    #[test]
    fn targeting_matches_ordering_the_whole_catalogue_then_filtering() {
        use crate::rng::mix;
        let mut fallbacks = 0;
        for (seed, count) in [(42, 50), (1, 3), (7, 1), (9, 200)] {
            let c = Catalogue::generate(seed, count);
            for i in 0..60 {
                let p = format!("player-{i}");
                let key =
                    |kind: &[u8], o: &Offer| mix(seed, &[kind, p.as_bytes(), o.id.as_bytes()]);
                let mut keyed: Vec<(u64, &Offer)> =
                    c.offers().iter().map(|o| (key(b"order", o), o)).collect();
                keyed.sort_by_key(|(k, _)| *k);
                let mut expected: Vec<&str> = keyed
                    .iter()
                    .filter(|(_, o)| key(b"target", o) % 100 < TARGETED_PERCENT)
                    .map(|(_, o)| o.id.as_str())
                    .collect();
                if expected.is_empty() {
                    fallbacks += 1;
                    expected.extend(keyed.first().map(|(_, o)| o.id.as_str()));
                }
                let got: Vec<&str> = c.targeted(&p).iter().map(|o| o.id.as_str()).collect();
                assert_eq!(got, expected, "seed {seed}, {count} offers, {p}");
            }
        }
        assert!(
            fallbacks > 0,
            "the fallback to the first offer was exercised"
        );
    }

    #[test]
    fn engagements_between_five_and_all() {
        let c = Catalogue::generate(42, 20);
        for p in ["a", "b", "c", "player-x"] {
            let e = c.engagements(p);
            assert!((5..=20).contains(&e.len()));
            assert!(
                e.windows(2)
                    .all(|w| w[0].last_activity_at >= w[1].last_activity_at)
            );
        }
        assert_eq!(Catalogue::generate(42, 3).engagements("a").len(), 3);
    }

    #[test]
    fn many_players_engaged_with_every_offer() {
        let c = Catalogue::generate(42, 150);
        for p in ["many-", "many-1", "many-players"] {
            let mut ids: Vec<&str> = c
                .engagements(p)
                .iter()
                .map(|e| e.offer.id.as_str())
                .collect();
            ids.sort_unstable();
            let mut all: Vec<&str> = c.offers().iter().map(|o| o.id.as_str()).collect();
            all.sort_unstable();
            assert_eq!(ids, all, "{p}");
        }
        for p in ["many", "Many-1", "x-many-1"] {
            assert!(c.engagements(p).len() < 150, "{p}");
        }
    }

    #[test]
    fn sort_orders_by_key() {
        let c = Catalogue::generate(42, 40);
        let mut offers: Vec<&Offer> = c.offers().iter().collect();
        sort_offers(&mut offers, SortKey::Epc, SortDirection::Desc);
        assert!(offers.windows(2).all(|w| w[0].epc >= w[1].epc));
        sort_offers(&mut offers, SortKey::LastActivation, SortDirection::Asc);
        assert!(
            offers
                .windows(2)
                .all(|w| w[0].last_activation <= w[1].last_activation)
        );
    }
}
