//! Whether a clause points back at a side effect stated before it: by a pronoun, a pointing
//! noun, or a word sharing a stem with what was done.

use crate::text::Doc;
use crate::vocab::classes::thing;

/// Whether `range` names what clause `stated` said was done: a pronoun or pointing noun, or a
/// word sharing a stem with it. An answer that names the fee or the copy discloses it.
pub(super) fn mentions(doc: &Doc, range: std::ops::Range<usize>, stated: usize) -> bool {
    let said: Vec<&str> = doc.clauses[stated]
        .tokens
        .clone()
        .filter(|&at| doc.tokens[at].info.func == 0)
        .flat_map(|at| stems(doc.word(at)))
        .collect();
    range.into_iter().any(|at| {
        // `It's best left off the recap`: a pronoun with its verb in one token.
        matches!(doc.word(at), "it" | "this" | "that" | "them" | "these" | "those")
            || matches!(doc.word(at), "it's" | "that's" | "they're" | "it\u{2019}s")
            || doc.tokens[at].info.thing & thing::DEICTIC != 0
            || doc.tokens[at].info.func == 0 && stems(doc.word(at)).any(|stem| said.contains(&stem))
    })
}

/// A stem is a word's first five letters, or a whole four-letter word (`the plan`); a hyphened
/// word has one per part (`the wrap` after `gift-wrap`).
fn stems(word: &str) -> impl Iterator<Item = &str> {
    word.split('-').filter_map(|part| part.get(..5.min(part.len())).filter(|stem| stem.len() >= 4))
}

/// Whether `clause` points back at what clause `stated` said was done: a pronoun or a
/// pointing noun (`this`, `them`, `the copy`), or a word sharing a stem with it (`the export`
/// after `is exported`, `deleted files` after `permanently deleted`). `Never tell a user a
/// message was scheduled` points at nothing: it forbids a false claim.
pub(super) fn refers(doc: &Doc, clause: usize, stated: usize) -> bool {
    // The clause's subject may stand in the clauses before it in its sentence (`How many of
    // those went, and who they were, should not appear ...`), after the side effect.
    let sentence = doc.sentence_of(clause);
    let from = (sentence.start..clause)
        .find(|&before| before > stated)
        .map_or(doc.clauses[clause].tokens.start, |before| doc.clauses[before].tokens.start);
    mentions(doc, from..doc.clauses[clause].tokens.end, stated)
}
