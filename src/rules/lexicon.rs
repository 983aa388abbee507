//! Word lists and small text helpers more than one rule reads. A list lives here once.

use crate::arming::WordBits;
use crate::rules::pattern::{ByteRegex, Regex, Searched};
use crate::tiered::{Tier, Tiered};
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use std::ops::Range;
use std::sync::OnceLock;

/// Adverbs of a covert act: "silently forward", "do this quietly".
pub const COVERT_ADVERBS: &[&str] = &["secretly", "silently", "covertly", "quietly", "stealthily"];

// --- Regex building blocks for the phrase rules (hidden-instructions, concealment,
// injection-markup, sensitive-file-access). ---

/// A regex alternation of `phrases`, matched ASCII-case-insensitively, a space inside a phrase
/// matching any run of spaces and tabs (a newline breaks the phrase). Not `(?i)`: Unicode
/// folding also matches `k` to the Kelvin sign and `s` to the long s, which the ASCII trigger
/// prefilter never sees and compatibility-characters reports as dressing.
pub fn phrase_alternation(phrases: &[&str]) -> String {
    let escaped: Vec<String> =
        phrases.iter().map(|phrase| regex::escape(phrase).replace(' ', r"[ \t]+")).collect();
    format!("(?i-u:{})", escaped.join("|"))
}

/// Up to `n` whitespace-separated words, each followed by spaces or tabs, fewest first. A word
/// never ends a clause (`.`, `;`, `!`, `?`), so the gap stays inside one sentence.
pub fn up_to_words(n: usize) -> String {
    format!(r"(?:\S*[^\s.;!?][ \t]+){{0,{n}}}?")
}

/// `pattern` with the Unicode-aware classes `\\w`, `\\s`, `\\d`, `\\b` and their negations
/// replaced by their ASCII forms. Unicode classes cost milliseconds to compile per pattern (a
/// bounded repeat of one, tens of milliseconds), which a one-shot CI run pays on every
/// invocation; rules that match English keywords lose nothing by them. A letter from another
/// script is not a word character here, so `\\b` still sits between `K` and a Kelvin sign:
/// such look-alikes are the character rules' to report.
pub fn ascii_classes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push(c);
                    break;
                };
                // Already ASCII: `(?-u:\b)` stays as it is, so the rewrite can run twice.
                let ascii_group = out.ends_with("(?-u:");
                let ascii = match (next, in_class) {
                    ('b' | 'B', false) if ascii_group => None,
                    ('w', true) => Some("0-9A-Za-z_"),
                    ('s', true) => Some(r"\t\n\x0B\x0C\r "),
                    ('d', true) => Some("0-9"),
                    ('w', false) => Some("[0-9A-Za-z_]"),
                    ('s', false) => Some(r"[\t\n\x0B\x0C\r ]"),
                    ('d', false) => Some("[0-9]"),
                    ('b', false) => Some(r"(?-u:\b)"),
                    ('B', false) => Some(r"(?-u:\B)"),
                    ('S', false) => Some(r"[^\t\n\x0B\x0C\r ]"),
                    ('W', false) => Some("[^0-9A-Za-z_]"),
                    ('D', false) => Some("[^0-9]"),
                    _ => None,
                };
                match ascii {
                    Some(ascii) => out.push_str(ascii),
                    None => {
                        out.push(c);
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                // A `]` or `^]` right after the opening bracket is a literal, not the end.
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push(']');
                    chars.next();
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// `pattern` compiled with ASCII classes (see [`ascii_classes`]).
pub fn ascii_regex(pattern: &str) -> Regex {
    Regex::new(&ascii_classes(pattern)).expect("rule patterns compile")
}

/// An automaton finding `words` in any ASCII case. Rules build these on every run to search
/// short texts: for 33 words a contiguous NFA builds in 67 µs where a DFA takes 172 µs, and
/// searches at 5.4 ns a byte against 2.2, so the NFA is ahead until a process has put some
/// 30 KB of text through it. Each is searched with the NFA until then, and with a DFA of the
/// same words after ([`crate::tiered`]): a one-shot scan of a few tools never builds the DFA,
/// and a large manifest reads through it.
pub fn word_automaton<W: AsRef<[u8]>>(words: impl IntoIterator<Item = W>) -> WordAutomaton {
    let words: Vec<Vec<u8>> = words.into_iter().map(|word| word.as_ref().to_vec()).collect();
    let quick = automaton(&words, AhoCorasickKind::ContiguousNFA);
    WordAutomaton { tiers: Tiered::new(quick, DFA_AFTER), words }
}

/// The bytes a [`WordAutomaton`] reads with its NFA before its DFA is built.
const DFA_AFTER: usize = 30 << 10;

fn automaton(words: &[Vec<u8>], kind: AhoCorasickKind) -> AhoCorasick {
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .kind(Some(kind))
        .build(words)
        .expect("word lists form valid automata")
}

/// Words found in any ASCII case ([`word_automaton`]).
pub struct WordAutomaton {
    words: Vec<Vec<u8>>,
    tiers: Tiered<AhoCorasick, AhoCorasick>,
}

impl WordAutomaton {
    /// The automaton to search `text` with: both forms find the same matches.
    pub fn for_text(&self, text: &(impl AsRef<[u8]> + ?Sized)) -> &AhoCorasick {
        let build = || automaton(&self.words, AhoCorasickKind::DFA);
        match self.tiers.for_reading(text.as_ref().len(), build) {
            Tier::Quick(automaton) | Tier::Fast(automaton) => automaton,
        }
    }
}

/// One entry of a [`GatedPatterns`] list: a pattern and the words at least one of which every
/// match of it contains verbatim, lowercase (so a single word where the pattern lets any run of
/// spaces stand for one, as [`phrase_alternation`] does).
#[derive(Clone, Copy)]
pub struct Gate<P = &'static str> {
    pub stems: &'static [&'static str],
    pub pattern: P,
}

/// Patterns compiled only when text they could match turns up. Compiling a large pattern costs
/// far more than a one-shot CI scan spends on anything else, and most text holds none of the
/// words a given pattern needs: one case-insensitive automaton over every entry's stems says
/// which entries could match, and the rest are neither compiled nor run.
pub struct GatedPatterns {
    patterns: Vec<String>,
    #[cfg(test)]
    gates: Vec<&'static [&'static str]>,
    /// Each entry's stems, arming the entry's bit.
    stems: WordBits,
    compile: fn(&str) -> ByteRegex,
    compiled: Vec<OnceLock<ByteRegex>>,
}

impl GatedPatterns {
    pub fn new<P: Into<String>>(
        gates: impl IntoIterator<Item = Gate<P>>,
        compile: fn(&str) -> ByteRegex,
    ) -> GatedPatterns {
        let (mut patterns, mut stems) = (Vec::new(), Vec::<(&str, u64)>::new());
        #[cfg(test)]
        let mut entry_stems = Vec::new();
        for (at, gate) in gates.into_iter().enumerate() {
            #[cfg(test)]
            entry_stems.push(gate.stems);
            patterns.push(gate.pattern.into());
            assert!(at < 64, "one bit per entry");
            stems.extend(gate.stems.iter().map(|stem| (*stem, 1u64 << at)));
        }
        let stems = WordBits::new(stems);
        let compiled = patterns.iter().map(|_| OnceLock::new()).collect();
        GatedPatterns {
            patterns,
            #[cfg(test)]
            gates: entry_stems,
            stems,
            compile,
            compiled,
        }
    }

    /// The entries whose stems occur in `text`, in list order.
    fn armed(&self, text: &[u8]) -> impl Iterator<Item = usize> + use<> {
        let armed = self.stems.of(text);
        (0..self.patterns.len()).filter(move |&at| armed & (1 << at) != 0)
    }

    fn regex(&self, at: usize) -> &ByteRegex {
        self.compiled[at].get_or_init(|| (self.compile)(&self.patterns[at]))
    }

    /// Every match of every entry in `text`, gate or no gate, for checking the stems.
    #[cfg(test)]
    pub fn ungated_matches(&self, text: &[u8]) -> Vec<(usize, Range<usize>)> {
        let entries = 0..self.patterns.len();
        let found =
            entries.flat_map(|at| self.regex(at).find_iter(text).map(move |m| (at, m.range())));
        found.collect()
    }

    #[cfg(test)]
    pub fn stems_of(&self, entry: usize) -> &'static [&'static str] {
        self.gates[entry]
    }

    /// The index of the first entry, in list order, that matches `text`.
    pub fn first_match(&self, text: &[u8]) -> Option<usize> {
        self.armed(text).find(|&at| self.regex(at).is_match(text))
    }

    /// Whether any entry `among` admits matches `text`.
    pub fn matches_any(&self, text: &[u8], among: impl Fn(usize) -> bool) -> bool {
        self.armed(text).filter(|&at| among(at)).any(|at| self.regex(at).is_match(text))
    }

    /// Every match in `text` of the entries as one alternation, in list order, would find
    /// them, each with the index of its entry.
    pub fn find_iter<'t>(
        &'t self,
        text: &'t [u8],
    ) -> impl Iterator<Item = (usize, Range<usize>)> + 't {
        let searched = Searched::new(text);
        leftmost_first(self.armed(text), move |entry, at| {
            self.regex(entry).find_at(&searched, at).map(|found| found.range())
        })
    }
}

/// The matches of several patterns as one leftmost-first alternation of them would find them:
/// the match that starts first, the earlier pattern's on a tie, the next search from where it
/// ended. `patterns` names them in order, and each match comes with its pattern's name;
/// `find_at(pattern, at)` is that pattern's first match starting at or after `at`. No pattern
/// may match the empty string.
pub fn leftmost_first<K: Copy>(
    patterns: impl IntoIterator<Item = K>,
    mut find_at: impl FnMut(K, usize) -> Option<Range<usize>>,
) -> impl Iterator<Item = (K, Range<usize>)> {
    let mut at = 0;
    // Each pattern's next match once looked for. It stays valid while it starts at or after
    // `at`: the pattern matches nowhere between where it was looked for from and its start.
    let mut next: Vec<(K, Option<Option<Range<usize>>>)> =
        patterns.into_iter().map(|pattern| (pattern, None)).collect();
    std::iter::from_fn(move || {
        let mut first: Option<(K, Range<usize>)> = None;
        for (pattern, known) in &mut next {
            if known.as_ref().is_none_or(|found| found.as_ref().is_some_and(|f| f.start < at)) {
                *known = Some(find_at(*pattern, at));
            }
            if let Some(Some(found)) = known
                && first.as_ref().is_none_or(|(_, best)| found.start < best.start)
            {
                first = Some((*pattern, found.clone()));
            }
        }
        let (pattern, found) = first?;
        at = found.end;
        Some((pattern, found))
    })
}

/// The top-level alternatives of `pattern`: its `|`s outside groups and classes.
#[cfg(test)]
pub fn top_level_alternatives(pattern: &str) -> Vec<&str> {
    let (mut depth, mut in_class, mut escaped, mut start) = (0usize, false, false, 0);
    let mut alternatives = Vec::new();
    for (at, c) in pattern.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class => depth += 1,
            ')' if !in_class => depth -= 1,
            '|' if !in_class && depth == 0 => {
                alternatives.push(&pattern[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    alternatives.push(&pattern[start..]);
    alternatives
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_classes_replace_unicode_classes_inside_and_outside_sets() {
        assert_eq!(ascii_classes(r"\bsh\s+-c\b"), r"(?-u:\b)sh[\t\n\x0B\x0C\r ]+-c(?-u:\b)");
        assert_eq!(ascii_classes(r"[\w.-]+@\d"), r"[0-9A-Za-z_.-]+@[0-9]");
        assert_eq!(ascii_classes(r"[^\s<>]+\.\S"), r"[^\t\n\x0B\x0C\r <>]+\.[^\t\n\x0B\x0C\r ]");
        assert_eq!(ascii_classes(r"[]\w]"), r"[]0-9A-Za-z_]");
        assert_eq!(ascii_classes(r"\S+\W\D\B"), r"[^\t\n\x0B\x0C\r ]+[^0-9A-Za-z_][^0-9](?-u:\B)");
        // Negated classes inside a set have no ASCII spelling there and stay as they are.
        assert_eq!(ascii_classes(r"[\S]"), r"[\S]");
        assert_eq!(ascii_classes(r"(?-u:\b)x(?-u:\B)"), r"(?-u:\b)x(?-u:\B)");
    }

    #[test]
    fn top_level_alternatives_skip_groups_classes_and_escapes() {
        assert_eq!(top_level_alternatives(r"a(?:b|c)|[|]d|e\|f"), [r"a(?:b|c)", "[|]d", r"e\|f"]);
    }

    const GATES: [Gate; 3] = [
        Gate { stems: &["zebra"], pattern: r"(?i)\bzebras?\b" },
        Gate { stems: &["cat", "dog"], pattern: r"(?i)\b(?:cat|dog)s?\b" },
        Gate { stems: &["cat"], pattern: r"(?i)cat" },
    ];

    fn compile(pattern: &str) -> ByteRegex {
        ByteRegex::new(pattern).expect("test patterns compile")
    }

    #[test]
    fn the_first_entry_that_matches_wins_and_unarmed_entries_stay_uncompiled() {
        let gated = GatedPatterns::new(GATES, compile);
        assert_eq!(gated.first_match(b"a concatenation"), Some(2));
        assert_eq!(gated.first_match(b"Two DOGS and a concatenation"), Some(1));
        assert_eq!(gated.first_match(b"a concatenation"), Some(2));
        assert_eq!(gated.first_match(b"ZEBRA crossing"), Some(0));
        assert_eq!(gated.first_match(b"zebrafish"), None);
        let fresh = GatedPatterns::new(GATES, compile);
        assert_eq!(fresh.first_match(b"Cats"), Some(1));
        assert!(fresh.compiled[0].get().is_none(), "zebra was never armed");
        assert!(fresh.compiled[2].get().is_none(), "an earlier entry matched first");
    }

    #[test]
    fn gated_matches_come_as_one_alternation_would_find_them() {
        let gated = GatedPatterns::new(GATES, compile);
        let text = b"cat zebras; dogs and a concatenation".as_slice();
        let found: Vec<(usize, &[u8])> =
            gated.find_iter(text).map(|(at, span)| (at, &text[span])).collect();
        let words: Vec<(usize, &[u8])> =
            vec![(1, b"cat"), (0, b"zebras"), (1, b"dogs"), (2, b"cat")];
        assert_eq!(found, words);
    }

    #[test]
    fn leftmost_first_prefers_the_earlier_start_then_the_earlier_pattern() {
        let patterns =
            [ByteRegex::new("bc").expect("valid"), ByteRegex::new("abc|b").expect("valid")];
        let text = Searched::new(&b"abc bcd b"[..]);
        let found: Vec<(usize, Range<usize>)> = leftmost_first(0..2, |index: usize, at| {
            patterns[index].find_at(&text, at).map(|found| found.range())
        })
        .collect();
        assert_eq!(found, [(1, 0..3), (0, 4..6), (1, 8..9)]);
    }

    #[test]
    fn a_word_automaton_finds_the_same_words_before_and_after_its_dfa_is_built() {
        let words = word_automaton(["send", "sender", "token", "API KEY"]);
        let text = "Send the api key and the Token to the sender.";
        let found = |automaton: &AhoCorasick| -> Vec<(usize, std::ops::Range<usize>)> {
            (automaton.find_overlapping_iter(text))
                .map(|found| (found.pattern().as_usize(), found.range()))
                .collect()
        };
        let quick = found(words.for_text(text));
        assert_eq!(quick.len(), 5, "send, api key, token, send and sender");
        assert_eq!(words.for_text(text).kind(), AhoCorasickKind::ContiguousNFA);
        // Past the bytes the NFA is kept for, the DFA searches.
        let long = "x".repeat(DFA_AFTER);
        words.for_text(&long);
        let fast = words.for_text(text);
        assert_eq!(fast.kind(), AhoCorasickKind::DFA);
        assert_eq!(found(fast), quick);
    }
}
