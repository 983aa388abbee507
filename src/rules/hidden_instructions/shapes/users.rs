//! A mode or role that is the user's: one they asked for, or one they end when they like.

use super::*;

/// The verbs by which the user ends a mode, in the present: `the learner types`, `they say`.
static ENDS: std::sync::LazyLock<crate::vocab::WordSet> = std::sync::LazyLock::new(|| {
    crate::vocab::inflect::present_form_set(&[
        "say|said|said",
        "type",
        "ask",
        "end",
        "stop+",
        "leave|left|left",
        "close",
        "request",
    ])
});

/// `switch back to English as soon as the learner types 'English please' or ends the
/// session`: a mode the user can end when they like is the user's, not a standing order.
pub(super) fn user_ends(doc: &Doc, clause: usize) -> bool {
    let sentence = doc.sentences[doc.clauses[clause].sentence].tokens.clone();
    // `if the user says 'dry run', call tools with dry_run=true until they say otherwise`:
    // the user named earlier in the sentence ends it by a pronoun.
    let user = |at: usize| {
        doc.user_in(at + 1..(at + 4).min(sentence.end)).is_some()
            || matches!(doc.word(at + 1), "they" | "he" | "she")
                && doc.user_in(sentence.start..at).is_some()
    };
    sentence.clone().any(|at| {
        matches!(doc.word(at), "until" | "as soon as" | "whenever" | "once")
            && user(at)
            && doc.has_in(at + 2..(at + 6).min(sentence.end), &ENDS)
    })
}

/// `The user wants to play: act as the game master`: a role the user asked for, set up by the
/// prompt they picked.
pub(super) fn users_wish(doc: &Doc, clause: usize) -> bool {
    // The sentence so far, or the label the clause follows (`The user wants to play:`).
    let sentence = doc.sentence_of(clause);
    let first = if sentence.start == clause && clause > 0 && doc.clauses[clause - 1].label {
        clause - 1
    } else {
        sentence.start
    };
    let before = doc.clauses[first].tokens.start..doc.clauses[clause].tokens.start;
    before.clone().any(|at| {
        doc.user_in(at..at + 1).is_some()
            && matches!(
                doc.word(at + 1),
                "wants" | "asked" | "asks" | "requested" | "requests" | "chose" | "picked"
            )
    })
}
