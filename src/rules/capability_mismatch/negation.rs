//! Whether a reach is disclaimed (`never runs eval`).

use super::*;

#[rustfmt::skip]
pub(super) const NEGATORS: &[&str] = &[
    "no", "not", "never", "without", "nor", "cannot", "can't", "don't", "doesn't", "won't",
    "isn't", "aren't", "shouldn't", "mustn't", "didn't", "neither", "none", "avoid", "avoids",
    "avoiding", "reject", "rejects", "rejected", "refuse", "refuses", "block", "blocks",
    "blocked", "forbid", "forbids", "forbidden", "disallow", "disallows", "prohibit",
    "prohibits", "prohibited", "prevent", "prevents", "against", "except", "excluding",
    "exclude", "excludes", "strip", "strips", "redact", "redacts", "redacted", "mask", "masks",
    "don\u{2019}t", "doesn\u{2019}t", "won\u{2019}t", "can\u{2019}t", "isn\u{2019}t",
];

/// Words that turn a negator back into an order: "do not forget to run ...".
pub(super) const REASSERTING: &[&str] =
    &["forget", "fail", "skip", "hesitate", "omit", "only", "neglect"];

/// Words that start a new step, so a negator before them governs something else: "rounds
/// to no decimals, then runs ...".
#[rustfmt::skip]
pub(super) const SEQUENCERS: &[&str] = &[
    "then", "but", "also", "after", "afterwards", "finally", "next", "first", "so",
];

pub(super) const NEGATION_WINDOW: usize = 8;

/// Whether `span` sits under a negation in its clause: a negator among the few words right
/// before it, within the same step ("never reads `~/.ssh`", "instead of `eval`"), or a negated
/// verb right after it ("`eval` is never used").
pub(super) fn negated(text: &str, span: Range<usize>) -> bool {
    let clause = clause(text, span.clone());
    let before: Vec<&str> = words(&text[clause.start..span.start]).collect();
    // The window, nearest word first.
    let window: Vec<&str> = before
        .iter()
        .rev()
        .take_while(|word| !is_one_of(word, SEQUENCERS))
        .take(NEGATION_WINDOW)
        .copied()
        .collect();
    let negator_before = window.iter().enumerate().any(|(at, word)| {
        let next = if at == 0 { "" } else { window[at - 1] };
        (is_one_of(word, NEGATORS) && !is_one_of(next, REASSERTING))
            || (word.eq_ignore_ascii_case("instead") && next.eq_ignore_ascii_case("of"))
            || (word.eq_ignore_ascii_case("rather") && next.eq_ignore_ascii_case("than"))
    });
    if negator_before {
        return true;
    }
    let after: Vec<&str> = words(&text[span.end..clause.end]).take(4).collect();
    after
        .windows(2)
        .any(|pair| is_one_of(pair[0], AUXILIARIES) && is_one_of(pair[1], &["not", "never"]))
        || after.iter().take(3).any(|word| is_one_of(word, UNDONE))
}

/// Words right after a match that take it back: "(API keys are redacted)".
#[rustfmt::skip]
pub(super) const UNDONE: &[&str] = &[
    "isn't", "aren't", "never", "redacted", "masked", "stripped", "removed", "excluded",
    "omitted", "scrubbed", "isn\u{2019}t", "aren\u{2019}t",
];

#[rustfmt::skip]
pub(super) const AUXILIARIES: &[&str] = &[
    "is", "are", "was", "were", "will", "does", "do", "can", "should", "must", "gets", "get",
];

/// How far a clause is followed from a match: more than any sentence, and it keeps a megabyte
/// of unpunctuated text linear.
pub(super) const CLAUSE_REACH: usize = 400;

/// The clause holding `span`, looked for at most `CLAUSE_REACH` bytes either side.
pub(super) fn clause(text: &str, span: Range<usize>) -> Range<usize> {
    let mut lo = span.start.saturating_sub(CLAUSE_REACH);
    while !text.is_char_boundary(lo) {
        lo -= 1;
    }
    let mut hi = (span.end + CLAUSE_REACH).min(text.len());
    while !text.is_char_boundary(hi) {
        hi += 1;
    }
    let window = &text[lo..hi];
    lo + clause_start(window, span.start - lo)..lo + clause_end(window, span.end - lo)
}
