//! The compiled form of every rule pattern: the engine behind the `regex` crate (regex-automata's
//! meta regex), configured as `regex` configures it, except that no literal prefilter is built.
//!
//! `regex` gives every pattern a prefilter made from the literals its matches must start with or
//! hinge on. For the rules' case-insensitive word lists that extraction walks a cross product of
//! letter cases, and on a one-shot CI run it cost a third of all instructions (callgrind on
//! `examples/tools.json`: 145M with it, 100M without), more than the scan itself. The rules
//! already run only on strings their trigger words admit, so a prefilter saves them little: the
//! 10,000-tool bench scan moved by 0-5% without one.
//!
//! The API is the slice of `regex`'s the rules use, with the same semantics: leftmost-first
//! matches, `find_at` and `captures_at` look behind their start for `\b` and `^`.

use crate::rules::ascii_fold;
use regex_automata::util::captures::Captures as Slots;
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, Span, meta};
use std::cell::OnceCell;
use std::marker::PhantomData;
use std::ops::Range;
use std::sync::OnceLock;

/// What a pattern searches: text (`str`, matches on character boundaries) or bytes.
pub trait Haystack {
    /// Whether every match must be valid UTF-8, as `regex::Regex` guarantees and
    /// `regex::bytes::Regex` does not.
    const UTF8: bool;
    fn bytes(&self) -> &[u8];
    fn slice(&self, range: Range<usize>) -> &Self;
}

impl Haystack for str {
    const UTF8: bool = true;
    fn bytes(&self) -> &[u8] {
        self.as_bytes()
    }
    fn slice(&self, range: Range<usize>) -> &str {
        &self[range]
    }
}

impl Haystack for [u8] {
    const UTF8: bool = false;
    fn bytes(&self) -> &[u8] {
        self
    }
    fn slice(&self, range: Range<usize>) -> &[u8] {
        &self[range]
    }
}

/// A compiled pattern over haystacks of type `H`.
pub struct Pattern<H: ?Sized> {
    /// Built from the pattern lowercased where it folds (see [`ascii_fold`]), to search
    /// ASCII-lowercased text with, else as written.
    regex: meta::Regex,
    /// The pattern as written, kept for a folded one: it is compiled the first time a long text
    /// turns up (see [`FOLD_LIMIT`]), and test builds check every folded search against it.
    source: Option<Box<str>>,
    as_written: OnceLock<meta::Regex>,
    haystack: PhantomData<fn(&H)>,
}

/// The longest text a folded pattern searches through a lowercased copy. A copy per search
/// costs little next to a second compile while texts are metadata-sized; over a long text the
/// rules search many slices, each a fresh copy, and the pattern as written is compiled instead.
const FOLD_LIMIT: usize = 4096;

/// `regex`'s own limits and semantics, less the prefilter.
fn build(pattern: &str, utf8: bool) -> Result<meta::Regex, Box<meta::BuildError>> {
    let config = meta::Config::new()
        .match_kind(MatchKind::LeftmostFirst)
        .utf8_empty(utf8)
        .nfa_size_limit(Some(10 << 20))
        .hybrid_cache_capacity(2 << 20)
        .auto_prefilter(false);
    meta::Builder::new()
        .configure(config)
        .syntax(syntax::Config::new().utf8(utf8))
        .build(pattern)
        .map_err(Box::new)
}

/// A pattern over text, like `regex::Regex`.
pub type Regex = Pattern<str>;
/// A pattern over bytes, like `regex::bytes::Regex`.
pub type ByteRegex = Pattern<[u8]>;

/// A text to search, with its ASCII-lowercased copy for folded patterns made on first need. A
/// loop of `find_at` or `captures_at` searches shares one, so the copy is made once, not once
/// per match.
pub struct Searched<'h, H: ?Sized> {
    haystack: &'h H,
    lowered: OnceCell<Vec<u8>>,
}

impl<'h, H: Haystack + ?Sized> Searched<'h, H> {
    pub fn new(haystack: &'h H) -> Searched<'h, H> {
        Searched { haystack, lowered: OnceCell::new() }
    }

    fn lowered(&self) -> &[u8] {
        self.lowered.get_or_init(|| self.haystack.bytes().to_ascii_lowercase())
    }
}

impl<H: Haystack + ?Sized> Pattern<H> {
    pub fn new(pattern: &str) -> Result<Pattern<H>, Box<meta::BuildError>> {
        let (searched, source) = match ascii_fold::lowercase_pattern(pattern) {
            Some(lowercased) => (lowercased.into_boxed_str(), Some(pattern.into())),
            None => (pattern.into(), None),
        };
        Ok(Pattern {
            regex: build(&searched, H::UTF8)?,
            source,
            as_written: OnceLock::new(),
            haystack: PhantomData,
        })
    }

    /// The pattern as written, for a folded one.
    fn as_written(&self, source: &str) -> &meta::Regex {
        self.as_written.get_or_init(|| {
            build(source, H::UTF8).expect("a pattern that compiles folded compiles as written")
        })
    }

    /// The regex to run over `haystack` itself, or `None` where the folded one runs over its
    /// lowercased copy.
    fn direct(&self, haystack: &H) -> Option<&meta::Regex> {
        let len = haystack.bytes().len();
        match &self.source {
            None => Some(&self.regex),
            Some(source) if len > FOLD_LIMIT => Some(self.as_written(source)),
            Some(_) => None,
        }
    }

    /// `search` run over the text this pattern reads: the text, or its ASCII-lowercased copy.
    /// Test builds run it over the pattern as written too and require the same answer.
    fn search<R: PartialEq + std::fmt::Debug>(
        &self,
        text: &Searched<'_, H>,
        search: impl Fn(&meta::Regex, &[u8]) -> R,
    ) -> R {
        if let Some(regex) = self.direct(text.haystack) {
            return search(regex, text.haystack.bytes());
        }
        let lowered = text.lowered();
        let found = search(&self.regex, lowered);
        #[cfg(test)]
        if let Some(source) = &self.source {
            assert_eq!(
                found,
                search(self.as_written(source), text.haystack.bytes()),
                "a folded pattern disagrees with the pattern as written"
            );
        }
        found
    }

    /// The search of `text` from `start`, with what lies before `start` still seen by
    /// look-behind assertions.
    fn input(text: &[u8], start: usize) -> Input<'_> {
        Input::new(text).span(start..text.len())
    }

    pub fn is_match(&self, haystack: &H) -> bool {
        self.search(&Searched::new(haystack), |regex, text| regex.is_match(text))
    }

    pub fn find<'h>(&self, haystack: &'h H) -> Option<Match<'h, H>> {
        self.find_at(&Searched::new(haystack), 0)
    }

    pub fn find_at<'h>(&self, text: &Searched<'h, H>, start: usize) -> Option<Match<'h, H>> {
        let span = self.search(text, |regex, text| {
            regex.search(&Self::input(text, start)).map(|found| found.span())
        });
        span.map(|span| Match { haystack: text.haystack, span })
    }

    pub fn find_iter<'r, 'h>(&'r self, haystack: &'h H) -> impl Iterator<Item = Match<'h, H>> + 'r
    where
        'h: 'r,
    {
        // Over a lowercased copy, every match is found at once: the copy is not kept.
        let spans: Box<dyn Iterator<Item = Span> + 'r> = match self.direct(haystack) {
            Some(regex) => Box::new(regex.find_iter(haystack.bytes()).map(|found| found.span())),
            None => {
                let spans: Vec<Span> = self.search(&Searched::new(haystack), |regex, text| {
                    regex.find_iter(text).map(|found| found.span()).collect()
                });
                Box::new(spans.into_iter())
            }
        };
        spans.map(move |span| Match { haystack, span })
    }

    pub fn captures<'h>(&self, haystack: &'h H) -> Option<Captures<'h, H>> {
        self.captures_at(&Searched::new(haystack), 0)
    }

    pub fn captures_at<'h>(&self, text: &Searched<'h, H>, start: usize) -> Option<Captures<'h, H>> {
        let slots = self.search(text, |regex, text| {
            let mut slots = regex.create_captures();
            regex.search_captures(&Self::input(text, start), &mut slots);
            Groups(slots)
        });
        slots.0.is_match().then_some(Captures { haystack: text.haystack, slots: slots.0 })
    }

    pub fn captures_iter<'r, 'h>(
        &'r self,
        haystack: &'h H,
    ) -> impl Iterator<Item = Captures<'h, H>> + 'r
    where
        'h: 'r,
    {
        let found: Box<dyn Iterator<Item = Slots> + 'r> = match self.direct(haystack) {
            Some(regex) => Box::new(regex.captures_iter(haystack.bytes())),
            None => {
                let found: Vec<Groups> = self.search(&Searched::new(haystack), |regex, text| {
                    regex.captures_iter(text).map(Groups).collect()
                });
                Box::new(found.into_iter().map(|groups| groups.0))
            }
        };
        found.map(move |slots| Captures { haystack, slots })
    }
}

/// The groups of one search, compared by their spans.
#[derive(Debug)]
struct Groups(Slots);

impl PartialEq for Groups {
    fn eq(&self, other: &Groups) -> bool {
        let spans = |slots: &Slots| {
            (0..slots.group_len()).map(|group| slots.get_group(group)).collect::<Vec<_>>()
        };
        spans(&self.0) == spans(&other.0)
    }
}

/// One match: where it is, and the text it covers.
pub struct Match<'h, H: ?Sized = str> {
    haystack: &'h H,
    span: Span,
}

impl<H: ?Sized> Clone for Match<'_, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<H: ?Sized> Copy for Match<'_, H> {}

impl<H: ?Sized> std::fmt::Debug for Match<'_, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Match({:?})", self.span.range())
    }
}

impl<'h, H: Haystack + ?Sized> Match<'h, H> {
    pub fn start(&self) -> usize {
        self.span.start
    }

    pub fn end(&self) -> usize {
        self.span.end
    }

    pub fn range(&self) -> Range<usize> {
        self.span.range()
    }

    pub fn as_str(&self) -> &'h H {
        self.haystack.slice(self.range())
    }
}

/// The groups of one match: group 0 is the whole match.
pub struct Captures<'h, H: ?Sized = str> {
    haystack: &'h H,
    slots: Slots,
}

impl<'h, H: Haystack + ?Sized> Captures<'h, H> {
    pub fn get(&self, group: usize) -> Option<Match<'h, H>> {
        let span = self.slots.get_group(group)?;
        Some(Match { haystack: self.haystack, span })
    }

    pub fn name(&self, name: &str) -> Option<Match<'h, H>> {
        let span = self.slots.get_group_by_name(name)?;
        Some(Match { haystack: self.haystack, span })
    }

    /// Every group in order, group 0 first, `None` for one that took no part in the match.
    pub fn iter(&self) -> impl Iterator<Item = Option<Match<'h, H>>> + '_ {
        (0..self.slots.group_len()).map(|group| self.get(group))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;

    /// Every string in `value` with each ASCII letter's case swapped.
    fn swap_case(value: &mut Value) {
        match value {
            Value::String(text) => {
                let swapped = text.chars().map(|c| match c {
                    'a'..='z' => c.to_ascii_uppercase(),
                    'A'..='Z' => c.to_ascii_lowercase(),
                    _ => c,
                });
                *text = swapped.collect();
            }
            Value::Array(items) => items.iter_mut().for_each(swap_case),
            Value::Object(members) => members.iter_mut().for_each(|(_, item)| swap_case(item)),
            _ => {}
        }
    }

    #[test]
    fn folded_patterns_agree_with_the_patterns_as_written_over_the_corpus() {
        // In test builds every search of a folded pattern is checked against the pattern as
        // written: scanning every corpus case, as written and with its letters' cases swapped,
        // puts each rule pattern the corpus reaches through that check.
        let corpus = crate::eval::corpus::load(std::path::Path::new("corpus"))
            .expect("the corpus is checked in");
        let mut findings = 0;
        for case in &corpus.cases {
            let mut swapped = case.surfaces.clone();
            for entity in swapped.iter_mut().flat_map(|surface| &mut surface.entities) {
                swap_case(&mut entity.value);
            }
            findings += crate::scan::scan(&case.surfaces).len();
            findings += crate::scan::scan(&swapped).len();
        }
        assert!(findings > corpus.cases.len(), "the corpus fires the rules");
    }

    #[test]
    fn finds_what_the_regex_crate_finds() {
        let pattern = r"(?i-u)\b(?:send|post)\b[ \t]+(?P<what>\w+)";
        let ours = Regex::new(pattern).expect("valid pattern");
        let theirs = regex::Regex::new(pattern).expect("valid pattern");
        let text = "Send keys, then POST   tokens; resend nothing. sendx no. post déjà";
        let spans = |found: Vec<Range<usize>>| found;
        assert_eq!(
            spans(ours.find_iter(text).map(|m| m.range()).collect()),
            spans(theirs.find_iter(text).map(|m| m.range()).collect()),
        );
        assert_eq!(ours.find_iter(text).count(), 3);
        // Look-behind sees what precedes `start`: "end" inside "Send" is no word start.
        let inside = text.find("end").unwrap_or_default();
        let searched = Searched::new(text);
        assert_eq!(ours.find_at(&searched, inside).map(|m| m.as_str()), Some("POST   tokens"));
        let groups = ours.captures(text).expect("a match");
        assert_eq!(groups.name("what").map(|m| m.as_str()), Some("keys"));
        assert_eq!(groups.get(0).map(|m| m.range()), Some(0..9));
        let all: Vec<_> = ours.captures_iter(text).filter_map(|c| c.name("what")).collect();
        assert_eq!(all.iter().map(|m| m.as_str()).collect::<Vec<_>>(), ["keys", "tokens", "d"]);
        assert!(ours.is_match(text) && !ours.is_match("sender"));
    }

    #[test]
    fn long_texts_read_the_pattern_as_written() {
        let pattern = Regex::new(r"(?i-u)\bsend[ \t]+(?P<what>keys)\b").expect("valid pattern");
        assert!(pattern.source.is_some());
        let short = "Then SEND Keys.";
        let long = format!("{}{short}", "x ".repeat(FOLD_LIMIT));
        for text in [short, long.as_str()] {
            let found = pattern.find_iter(text).map(|m| m.as_str()).collect::<Vec<_>>();
            assert_eq!(found, ["SEND Keys"]);
            let what = pattern.captures(text).and_then(|c| c.name("what")).map(|m| m.as_str());
            assert_eq!(what, Some("Keys"));
        }
    }

    #[test]
    fn text_matches_never_split_a_character_and_byte_matches_may() {
        let text = Regex::new(r"").expect("valid pattern");
        let ends: Vec<usize> = text.find_iter("é").map(|m| m.end()).collect();
        assert_eq!(ends, [0, 2]);
        let bytes = ByteRegex::new(r"(?-u:[^a])").expect("valid pattern");
        assert_eq!(bytes.find("é".as_bytes()).map(|m| m.as_str()), Some(&b"\xc3"[..]));
        assert!(
            Regex::new(r"(?-u:[^a])").is_err(),
            "a text pattern may not match half a character"
        );
    }
}
