//! Deterministic randomness. Every value the simulator invents comes from here, so one seed
//! gives the same bytes on every run and every machine (no OS randomness, no hash seeds).

/// splitmix64: tiny, fast, and good enough to spread a seed over a catalogue.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        finalize(self.0)
    }

    /// Uniform in `0..n` (`n` must be > 0; the tiny modulo bias is irrelevant here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn chance(&mut self, probability: f64) -> bool {
        self.unit() < probability
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The splitmix64 output function, also used as a 64-bit mixer.
fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stable hash of `seed` and byte strings (FNV-1a, then mixed): the key of every per-player
/// decision (targeting, order, engagement), so it needs no stored state.
pub fn mix(seed: u64, parts: &[&[u8]]) -> u64 {
    parts
        .iter()
        .fold(Mix::new(seed), |m, part| m.part(part))
        .finish()
}

/// [`mix`] one part at a time, so parts shared by many keys (seed, kind, player id) are
/// hashed once: `Mix::new(s).part(a).part(b).finish() == mix(s, &[a, b])`.
#[derive(Clone, Copy, Debug)]
pub struct Mix(u64);

impl Mix {
    pub fn new(seed: u64) -> Mix {
        Mix(0xCBF2_9CE4_8422_2325 ^ finalize(seed))
    }

    pub fn part(self, part: &[u8]) -> Mix {
        let mut h = self.0;
        for byte in part {
            h ^= u64::from(*byte);
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
        // Separator, so ("ab", "c") and ("a", "bc") differ.
        h ^= 0xFF;
        Mix(h.wrapping_mul(0x0000_0100_0000_01B3))
    }

    pub fn finish(self) -> u64 {
        finalize(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(SplitMix64::new(8).next_u64(), xs[0]);
    }

    #[test]
    fn ranges_hold() {
        let mut r = SplitMix64::new(1);
        for _ in 0..1000 {
            let v = r.between(3, 9);
            assert!((3..=9).contains(&v));
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn mix_separates_parts() {
        assert_ne!(mix(1, &[b"ab", b"c"]), mix(1, &[b"a", b"bc"]));
        assert_eq!(mix(1, &[b"x"]), mix(1, &[b"x"]));
        assert_ne!(mix(1, &[b"x"]), mix(2, &[b"x"]));
    }

    /// The values every catalogue decision depends on: changing them would change every
    /// player's offers.
    #[test]
    fn mix_values_are_stable_and_parts_can_be_added_one_by_one() {
        assert_eq!(mix(42, &[]), 0x7AE4_2AA3_F533_25FA);
        assert_eq!(
            mix(42, &[b"order", b"p1", b"123456789012"]),
            0x34DC_E06E_AFCD_8FCC
        );
        let prefix = Mix::new(42).part(b"order").part(b"p1");
        assert_eq!(
            prefix.part(b"123456789012").finish(),
            mix(42, &[b"order", b"p1", b"123456789012"])
        );
        assert_eq!(Mix::new(7).finish(), mix(7, &[]));
    }
}
