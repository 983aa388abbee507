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

pub(super) struct Arming {
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
    pub(super) fn new(words: &[&str], arms: &[u64]) -> Arming {
        assert_eq!(words.len(), arms.len(), "one set of bits a word");
        let mut classes = [0u8; 256];
        let mut count = 1usize;
        for word in words {
            for &byte in word.as_bytes() {
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
        let most = 1 + words.iter().map(|word| word.len()).sum::<usize>();
        let mut next: Vec<u16> = vec![0; most * stride];
        let mut bits = Vec::with_capacity(most);
        bits.push(0u64);
        for (word, &arm) in words.iter().zip(arms) {
            let mut node = 0usize;
            for &byte in word.as_bytes() {
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
    pub(super) fn armed(&self, text: &str, all: u64) -> u64 {
        let mut armed = 0u64;
        let mut state = 0usize;
        for &byte in text.as_bytes() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_arms_its_bits_inside_overlapping_and_in_any_ascii_case() {
        let arming = Arming::new(&["send", "sender", "end", "über", "mail"], &[1, 2, 4, 8, 16]);
        let all = 31;
        assert_eq!(arming.armed("the SENDER", all), 1 | 2 | 4);
        // `end` ends inside `send`, reached by a failure link, not a root path.
        assert_eq!(arming.armed("resend", all), 1 | 4);
        assert_eq!(arming.armed("sendmail", all), 1 | 4 | 16);
        // Case outside ASCII is not folded.
        assert_eq!(arming.armed("über ÜBER", all), 8);
        assert_eq!(arming.armed("UBER", all), 0);
        assert_eq!(arming.armed("", all), 0);
        // The search stops once every bit it is given is set.
        assert_eq!(arming.armed("send mail", 1 | 4), 1 | 4);
    }
}
