//! The search that tells which rules a string's trigger words arm: one table-driven automaton
//! over every trigger word, which ORs into the result the bits of every word ending at each
//! byte it reads.
//!
//! An Aho-Corasick search reports each match, and prose holds a trigger word every few bytes;
//! the union of their bits is all a scan needs. Here each state carries the union of the bits
//! of every word that ends on it (its own and those its failure links lead to), so a byte
//! costs one table lookup and one OR, however many words end there.
//!
//! Matching is overlapping and folds ASCII case only, as the search it replaces did: a word
//! inside another, or ending where another starts, still arms its rules.
//!
//! [`WordBits`] puts the table behind an Aho-Corasick NFA for a process's first texts, for
//! the smaller word lists whose bits gate a rule's own patterns.

use crate::tiered::{Tier, Tiered};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

pub(crate) struct Arming {
    /// Each byte's class: bytes no word holds share class 0, and an upper-case ASCII letter
    /// the class of its lower case.
    classes: [u8; 256],
    /// The number of classes: the row length of `next`.
    stride: usize,
    /// `next[state * stride + class]`: the state after reading a byte of `class` in `state`.
    next: Vec<u16>,
    /// The bits of every word ending at each state.
    bits: Vec<u64>,
}

impl Arming {
    /// The automaton of `words`, where word `i` arms `arms[i]`.
    pub(crate) fn new<W: AsRef<[u8]>>(words: &[W], arms: &[u64]) -> Arming {
        assert_eq!(words.len(), arms.len(), "one set of bits a word");
        let mut classes = [0u8; 256];
        let mut count = 1usize;
        for word in words {
            for &byte in word.as_ref() {
                let byte = byte.to_ascii_lowercase();
                if classes[usize::from(byte)] == 0 {
                    classes[usize::from(byte)] = u8::try_from(count).expect("at most 255 classes");
                    count += 1;
                }
            }
        }
        for upper in b'A'..=b'Z' {
            classes[usize::from(upper)] = classes[usize::from(upper.to_ascii_lowercase())];
        }
        let stride = count;
        // The trie, one row of children a node (0 for none: the root is no one's child). It has
        // at most a node a byte of the words, besides the root.
        let most = 1 + words.iter().map(|word| word.as_ref().len()).sum::<usize>();
        let mut next: Vec<u16> = vec![0; most * stride];
        let mut bits = Vec::with_capacity(most);
        bits.push(0u64);
        for (word, &arm) in words.iter().zip(arms) {
            let mut node = 0usize;
            for &byte in word.as_ref() {
                let at = node * stride + usize::from(classes[usize::from(byte)]);
                if next[at] == 0 {
                    next[at] = u16::try_from(bits.len()).expect("at most 65,535 states");
                    bits.push(0);
                }
                node = next[at] as usize;
            }
            bits[node] |= arm;
        }
        // Breadth first, each node's failure is known before its children's: a missing child
        // becomes the failure's transition, and a node's bits take its failure's.
        next.truncate(bits.len() * stride);
        let mut fail = vec![0u16; bits.len()];
        let mut queue: std::collections::VecDeque<u16> =
            next[..stride].iter().copied().filter(|&child| child != 0).collect();
        while let Some(node) = queue.pop_front() {
            let node = node as usize;
            let failed = fail[node] as usize;
            bits[node] |= bits[failed];
            for class in 0..stride {
                let (at, via) = (node * stride + class, failed * stride + class);
                let child = next[at];
                if child == 0 {
                    next[at] = next[via];
                } else {
                    fail[child as usize] = next[via];
                    queue.push_back(child);
                }
            }
        }
        Arming { classes, stride, next, bits }
    }

    /// The union of the bits of every word occurring in `text`, stopping once it holds `all`.
    pub(crate) fn armed(&self, text: &[u8], all: u64) -> u64 {
        let mut armed = 0u64;
        let mut state = 0usize;
        for &byte in text {
            let class = usize::from(self.classes[usize::from(byte)]);
            state = self.next[state * self.stride + class] as usize;
            armed |= self.bits[state];
            if armed == all {
                break;
            }
        }
        armed
    }
}

/// The union of the bits of the words of a fixed list that occur in a text, folding ASCII
/// case, overlapping: which of a rule's patterns a text holds the literals of.
pub(crate) struct WordBits {
    words: Vec<Vec<u8>>,
    arms: Vec<u64>,
    all: u64,
    /// An NFA until [`TABLE_AFTER`] bytes have been read, the table after: a one-shot scan
    /// of a few tools reads less than the table's build would save.
    search: Tiered<AhoCorasick, Arming>,
}

/// The overlapping search for every one of `words`, folding ASCII case: what [`Arming`]
/// finds, quick to build.
pub(crate) fn nfa<W: AsRef<[u8]>>(words: &[W]) -> AhoCorasick {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(words)
        .expect("word lists form valid automata")
}

/// The bytes a [`WordBits`] reads with its NFA before it builds its table.
const TABLE_AFTER: usize = 30 << 10;

impl WordBits {
    /// The search for each word and the bits it arms.
    pub(crate) fn new<W: AsRef<[u8]>>(words: impl IntoIterator<Item = (W, u64)>) -> WordBits {
        WordBits::table_after(words, TABLE_AFTER)
    }

    /// [`WordBits::new`], building the table once `bytes` have been read: later for a list
    /// whose table costs more to build.
    pub(crate) fn table_after<W: AsRef<[u8]>>(
        words: impl IntoIterator<Item = (W, u64)>,
        bytes: usize,
    ) -> WordBits {
        let (words, arms): (Vec<Vec<u8>>, Vec<u64>) =
            words.into_iter().map(|(word, arm)| (word.as_ref().to_vec(), arm)).unzip();
        let all = arms.iter().fold(0, |all, arm| all | arm);
        WordBits { search: Tiered::new(nfa(&words), bytes), words, arms, all }
    }

    /// The union of the bits of every word occurring in `text`.
    pub(crate) fn of(&self, text: &[u8]) -> u64 {
        match self.search.for_reading(text.len(), || Arming::new(&self.words, &self.arms)) {
            Tier::Fast(table) => table.armed(text, self.all),
            Tier::Quick(nfa) => {
                let mut armed = 0;
                for found in nfa.find_overlapping_iter(text) {
                    armed |= self.arms[found.pattern().as_usize()];
                    if armed == self.all {
                        break;
                    }
                }
                armed
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_arms_its_bits_inside_overlapping_and_in_any_ascii_case() {
        let arming = Arming::new(&["send", "sender", "end", "über", "mail"], &[1, 2, 4, 8, 16]);
        let all = 31;
        let arming = |text: &str, all| arming.armed(text.as_bytes(), all);
        assert_eq!(arming("the SENDER", all), 1 | 2 | 4);
        // `end` ends inside `send`, reached by a failure link, not a root path.
        assert_eq!(arming("resend", all), 1 | 4);
        assert_eq!(arming("sendmail", all), 1 | 4 | 16);
        // Case outside ASCII is not folded.
        assert_eq!(arming("über ÜBER", all), 8);
        assert_eq!(arming("UBER", all), 0);
        assert_eq!(arming("", all), 0);
        // The search stops once every bit it is given is set.
        assert_eq!(arming("send mail", 1 | 4), 1 | 4);
    }

    #[test]
    fn word_bits_are_the_same_before_and_after_the_table_is_built() {
        let bits = WordBits::new([("nc", 1), ("ncat", 2), ("curl", 4), ("http", 8)]);
        let texts = ["NCAT -e /bin/sh", "curl HTTPS://x | sh", "plain words", ""];
        let quick: Vec<u64> = texts.iter().map(|text| bits.of(text.as_bytes())).collect();
        assert_eq!(quick, [1 | 2, 4 | 8, 0, 0]);
        bits.of("x".repeat(TABLE_AFTER).as_bytes());
        let table: Vec<u64> = texts.iter().map(|text| bits.of(text.as_bytes())).collect();
        assert_eq!(table, quick);
    }
}
