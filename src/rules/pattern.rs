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

use regex_automata::util::captures::Captures as Slots;
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, Span, meta};
use std::marker::PhantomData;
use std::ops::Range;

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
    regex: meta::Regex,
    haystack: PhantomData<fn(&H)>,
}

/// A pattern over text, like `regex::Regex`.
pub type Regex = Pattern<str>;
/// A pattern over bytes, like `regex::bytes::Regex`.
pub type ByteRegex = Pattern<[u8]>;

impl<H: Haystack + ?Sized> Pattern<H> {
    pub fn new(pattern: &str) -> Result<Pattern<H>, Box<meta::BuildError>> {
        // `regex`'s own limits and semantics, less the prefilter.
        let config = meta::Config::new()
            .match_kind(MatchKind::LeftmostFirst)
            .utf8_empty(H::UTF8)
            .nfa_size_limit(Some(10 << 20))
            .hybrid_cache_capacity(2 << 20)
            .auto_prefilter(false);
        let regex = meta::Builder::new()
            .configure(config)
            .syntax(syntax::Config::new().utf8(H::UTF8))
            .build(pattern)
            .map_err(Box::new)?;
        Ok(Pattern { regex, haystack: PhantomData })
    }

    /// The search of `haystack` from `start`, with what lies before `start` still seen by
    /// look-behind assertions.
    fn input<'h>(haystack: &'h H, start: usize) -> Input<'h> {
        let bytes = haystack.bytes();
        Input::new(bytes).span(start..bytes.len())
    }

    pub fn is_match(&self, haystack: &H) -> bool {
        self.regex.is_match(haystack.bytes())
    }

    pub fn find<'h>(&self, haystack: &'h H) -> Option<Match<'h, H>> {
        self.find_at(haystack, 0)
    }

    pub fn find_at<'h>(&self, haystack: &'h H, start: usize) -> Option<Match<'h, H>> {
        let found = self.regex.search(&Self::input(haystack, start))?;
        Some(Match { haystack, span: found.span() })
    }

    pub fn find_iter<'r, 'h>(&'r self, haystack: &'h H) -> impl Iterator<Item = Match<'h, H>> + 'r
    where
        'h: 'r,
    {
        let found = self.regex.find_iter(haystack.bytes());
        found.map(move |found| Match { haystack, span: found.span() })
    }

    pub fn captures<'h>(&self, haystack: &'h H) -> Option<Captures<'h, H>> {
        self.captures_at(haystack, 0)
    }

    pub fn captures_at<'h>(&self, haystack: &'h H, start: usize) -> Option<Captures<'h, H>> {
        let mut slots = self.regex.create_captures();
        self.regex.search_captures(&Self::input(haystack, start), &mut slots);
        slots.is_match().then_some(Captures { haystack, slots })
    }

    pub fn captures_iter<'r, 'h>(
        &'r self,
        haystack: &'h H,
    ) -> impl Iterator<Item = Captures<'h, H>> + 'r
    where
        'h: 'r,
    {
        let found = self.regex.captures_iter(haystack.bytes());
        found.map(move |slots| Captures { haystack, slots })
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

    pub fn len(&self) -> usize {
        self.span.len()
    }

    pub fn is_empty(&self) -> bool {
        self.span.is_empty()
    }

    pub fn as_str(&self) -> &'h H {
        self.haystack.slice(self.range())
    }
}

impl<'h> Match<'h, [u8]> {
    pub fn as_bytes(&self) -> &'h [u8] {
        self.as_str()
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
        assert_eq!(ours.find_at(text, inside).map(|m| m.as_str()), Some("POST   tokens"));
        let groups = ours.captures(text).expect("a match");
        assert_eq!(groups.name("what").map(|m| m.as_str()), Some("keys"));
        assert_eq!(groups.get(0).map(|m| m.range()), Some(0..9));
        let all: Vec<_> = ours.captures_iter(text).filter_map(|c| c.name("what")).collect();
        assert_eq!(all.iter().map(|m| m.as_str()).collect::<Vec<_>>(), ["keys", "tokens", "d"]);
        assert!(ours.is_match(text) && !ours.is_match("sender"));
    }

    #[test]
    fn text_matches_never_split_a_character_and_byte_matches_may() {
        let text = Regex::new(r"").expect("valid pattern");
        let ends: Vec<usize> = text.find_iter("é").map(|m| m.end()).collect();
        assert_eq!(ends, [0, 2]);
        let bytes = ByteRegex::new(r"(?-u:[^a])").expect("valid pattern");
        assert_eq!(bytes.find("é".as_bytes()).map(|m| m.as_bytes()), Some(&b"\xc3"[..]));
        assert!(
            Regex::new(r"(?-u:[^a])").is_err(),
            "a text pattern may not match half a character"
        );
    }
}
