//! Whether an order is quoted, an example or described: still reported, at low.
use super::*;

impl Doc<'_> {
    /// Whether the order at `start` is quoted, given as an example, or described by a tool that
    /// detects it: still reported, at low.
    pub(super) fn discounted(&self, start: usize) -> bool {
        self.quoted(start)
            || holds(self.example_tags(), start)
            || self.example_governs(start)
            || self.described(start)
    }

    /// Whether `start` sits inside a quoted span that is not the whole sentence (a description
    /// that is nothing but a quoted order is still an order).
    pub(super) fn quoted(&self, start: usize) -> bool {
        let quotes = self.quotes();
        let opened = quotes.partition_point(|quote| quote.start < start);
        quotes[..opened].iter().rev().take(SCAN_LIMIT).any(|quote| {
            if start >= quote.end {
                return false;
            }
            let lead = &self.text[self.sentence(quote.start).start..quote.start];
            let tail = &self.text[quote.end..self.sentence(quote.end - 1).end.max(quote.end)];
            let bare = |part: &str| part.chars().all(|c| !c.is_alphanumeric());
            !(bare(lead) && bare(tail))
        })
    }

    /// Whether an example cue introduces the order: right before it ("prompts like ...", "such
    /// as the phrase '...'"), or as a label ("Examples:") heading the list the order is an item of.
    pub(super) fn example_governs(&self, start: usize) -> bool {
        let from = floor_boundary(self.text, start.saturating_sub(LOOKAROUND));
        let clause = &self.text[self.shared.part_start(start).max(from)..start];
        let adjacent = EXAMPLE_CUE.find_iter(clause).last().is_some_and(|cue| {
            let gap = &clause[cue.end()..];
            !gap.contains([',', '.', ';'])
                && gap
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|word| !word.is_empty())
                    .enumerate()
                    .all(|(index, word)| index < 2 && is_one_of(word, CUE_FILLERS))
        });
        adjacent || self.listed_under_example_label(start)
    }

    /// "Examples:\n- always include ...": a list item under an example label in its paragraph,
    /// at most `SCAN_LIMIT` items up.
    pub(super) fn listed_under_example_label(&self, start: usize) -> bool {
        // A list item's line starts within `SENTENCE_REACH` bytes; a longer line is prose.
        let near = floor_boundary(self.text, start.saturating_sub(SENTENCE_REACH));
        let Some(line_start) = self.text[near..start].rfind('\n').map(|at| near + at + 1) else {
            return false;
        };
        let is_item = |line: &str| {
            let line = line.trim_start();
            starts_list_item(line) || line.starts_with(['"', '\'', '`', '\u{201C}'])
        };
        if line_start == 0 || !is_item(&self.text[line_start..start]) {
            return false;
        }
        for line in self.text[..line_start - 1].rsplit('\n').take(SCAN_LIMIT) {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                return false;
            }
            if !is_item(line) {
                let lower = trimmed.to_ascii_lowercase();
                return EXAMPLE_LABELS.iter().any(|label| lower.ends_with(label));
            }
        }
        false
    }

    /// Whether the part of the sentence holding `start` is a detecting tool describing what it
    /// looks for.
    pub(super) fn described(&self, start: usize) -> bool {
        DESCRIBING.is_match(&self.text[self.shared.part_start(start)..start])
    }
}

/// The argument name inside a `SINK` match starting at `offset`: the quoted word, else the word
/// before the closing noun ("notes" in "in the notes argument").
pub(super) fn sink_name(sink: &str, offset: usize) -> Range<usize> {
    let quote =
        |c: char| matches!(c, '`' | '\'' | '"' | '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}');
    if let Some(open) = sink.find(quote) {
        let start = open + sink[open..].chars().next().map_or(1, char::len_utf8);
        let end = sink[start..].find(quote).map_or(sink.len(), |close| start + close);
        return offset + start..offset + end;
    }
    let words = sink.trim_end();
    let before_noun = words.rfind([' ', '\t']).map_or(words, |at| words[..at].trim_end());
    let start = before_noun.rfind([' ', '\t']).map_or(0, |at| at + 1);
    offset + start..offset + before_noun.len()
}

/// Whether one of `spans` (sorted by start) holds `at`, looking back `SCAN_LIMIT` spans.
pub(super) fn holds(spans: &[Range<usize>], at: usize) -> bool {
    let opened = spans.partition_point(|span| span.start <= at);
    spans[..opened].iter().rev().take(SCAN_LIMIT).any(|span| at < span.end)
}

pub(super) fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

pub(super) fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Whether the words between a verb and a path name the path itself, not the file's contents:
/// "pass the project folder ~/code" passes a path.
pub(super) fn names_a_path(between: &str) -> bool {
    let words =
        || between.split(|c: char| !c.is_ascii_alphabetic()).filter(|word| !word.is_empty());
    words().any(|word| {
        is_one_of(
            word,
            &[
                "path",
                "paths",
                "directory",
                "directories",
                "folder",
                "folders",
                "dir",
                "location",
                "filename",
            ],
        )
    }) && !words().any(|word| is_one_of(word, &["content", "contents", "text", "body"]))
}

pub(super) fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

/// How many bytes of sentence punctuation end `token` ("https://x.tk/a." ends a sentence).
pub(super) fn trailing_punctuation(token: &str) -> usize {
    token.len() - token.trim_end_matches(['.', ',', ':', ';', '!', '?']).len()
}

/// The text quoted in a message: whitespace collapsed, cut to `QUOTE_CHARS` characters.
pub(super) fn clip(text: &str) -> String {
    let mut clipped = String::new();
    for word in text.split_whitespace() {
        if !clipped.is_empty() {
            clipped.push(' ');
        }
        clipped.push_str(word);
    }
    if clipped.chars().count() > QUOTE_CHARS {
        let cut = clipped.char_indices().nth(QUOTE_CHARS - 3).map_or(clipped.len(), |(at, _)| at);
        clipped.truncate(cut);
        clipped.push_str("...");
    }
    clipped
}

/// How far back a list item's line may start, in bytes: a longer line is prose, and the look
/// stays bounded.
pub(super) const SENTENCE_REACH: usize = 512;

/// Whether `line` opens a list item: a bullet, a quote marker, a heading, or `1.` / `1)`.
pub(super) fn starts_list_item(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    line.starts_with(['-', '*', '+', '#', '>', '\u{2022}'])
        || ((1..=3).contains(&digits) && matches!(line.as_bytes().get(digits), Some(b'.' | b')')))
}
