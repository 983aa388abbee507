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

/// A set of words, hashed with [`WordHasher`]: for the fixed word lists rules look every word
/// of a clause up in. Most words of a clause are in no list, and a word whose length or first
/// byte no listed word has is turned away on two bit tests, before it is hashed.
#[derive(Default, Clone)]
pub struct WordSet {
    words: std::collections::HashSet<String, BuildHasherDefault<WordHasher>>,
    /// Bit `n` is set when a word of `n` bytes is held; bit 63 stands for every longer length.
    lengths: u64,
    /// Bit `b` (of 256) is set when a held word starts with byte `b`; the empty word sets 0.
    firsts: [u64; 4],
}

impl WordSet {
    /// The two bit tests' masks for `word`: its length's and its first byte's.
    #[inline]
    fn marks(word: &str) -> (u64, usize, u64) {
        let first = word.as_bytes().first().copied().unwrap_or(0);
        (1 << word.len().min(63), usize::from(first >> 6), 1 << (first & 63))
    }

    pub fn insert(&mut self, word: String) -> bool {
        let (length, block, first) = WordSet::marks(&word);
        self.lengths |= length;
        self.firsts[block] |= first;
        self.words.insert(word)
    }

    #[inline]
    pub fn contains(&self, word: &str) -> bool {
        let (length, block, first) = WordSet::marks(word);
        self.lengths & length != 0 && self.firsts[block] & first != 0 && self.words.contains(word)
    }

    pub fn iter(&self) -> impl Iterator<Item = &String> {
        self.words.iter()
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

impl FromIterator<String> for WordSet {
    fn from_iter<I: IntoIterator<Item = String>>(words: I) -> WordSet {
        let mut set = WordSet::default();
        set.extend(words);
        set
    }
}

impl Extend<String> for WordSet {
    fn extend<I: IntoIterator<Item = String>>(&mut self, words: I) {
        for word in words {
            self.insert(word);
        }
    }
}

/// `words` as a [`WordSet`]: for a list read against every token of a clause, where one
/// lookup beats comparing each token with each word.
pub fn set_of(words: &[&str]) -> WordSet {
    words.iter().map(|word| word.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_its_words() {
        let mut set = set_of(&["send", "looked up", "a", ""]);
        set.extend(["x".repeat(70)]);
        for held in ["send", "looked up", "a", "", &"x".repeat(70)] {
            assert!(set.contains(held), "{held:?}");
        }
        // Same first byte or same length as a held word, or both, but not held.
        for absent in ["sent", "seen", "b", "look", "x", &"x".repeat(71), &"y".repeat(70)] {
            assert!(!set.contains(absent), "{absent:?}");
        }
        assert_eq!(set.len(), 5);
    }
}
