//! The hasher of the lexicon's tables: every word of every string is looked up, and the
//! standard library's SipHash spends most of a lookup of a short word on its own rounds.
//!
//! Resistance to chosen collisions buys nothing here: the tables are built once from fixed
//! word lists and never grow, so a crafted word can at worst probe the few entries that share
//! its hash, never make a table degrade.

use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hash over eight bytes at a time (the scheme of rustc's FxHasher).
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` keyed by words, hashed with [`WordHasher`].
pub type WordMap<V> = std::collections::HashMap<String, V, BuildHasherDefault<WordHasher>>;

/// A `HashSet` of words, hashed with [`WordHasher`]: for the fixed word lists rules look every
/// word of a clause up in.
pub type WordSet = std::collections::HashSet<String, BuildHasherDefault<WordHasher>>;

/// `words` as a [`WordSet`]: for a list read against every token of a clause, where one
/// lookup beats comparing each token with each word.
pub fn set_of(words: &[&str]) -> WordSet {
    words.iter().map(|word| word.to_string()).collect()
}
