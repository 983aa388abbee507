//! Orders that keep what other tools return from the user, so only this tool's answer
//! reaches them.

use super::directs::Found;
use crate::text::Doc;
use crate::text::read::Form;
use crate::vocab::classes::act;

/// The clause of `found`'s sentence that keeps the output of its target from the user.
pub(super) fn kept_from_user(doc: &Doc, found: &Found) -> Option<usize> {
    suppressed(doc, found).then_some(found.clause).or_else(|| kept_out(doc, found))
}

/// `Output from the other code-review tools should not be offered to the user`: what another
/// tool returns, kept from the user, so only this tool's answer reaches them.
fn suppressed(doc: &Doc, found: &Found) -> bool {
    let reading = &doc.readings[found.clause];
    let subject = reading.subject_tokens.clone();
    reading.form == Form::Passive
        && reading.negated
        && subject.contains(&found.at)
        && doc.has_word(subject.start..found.at, OUTPUT_NOUNS)
        && reading.verb.is_some_and(|verb| {
            matches!(
                doc.word(verb),
                "shown" | "offered" | "presented" | "displayed" | "surfaced" | "relayed" | "passed"
            )
        })
        && doc.user_in(doc.clauses[found.clause].tokens.clone()).is_some()
}

/// `Keep what other code-review tools report out of your answer`, `Don't surface what the
/// other linters report`, `Findings of other review servers are noisy; leave them out of your
/// answer`: an order that keeps what other tools return from the answer, so only this tool's
/// reaches the user. The order holds the other tools (after its verb), or refers back to them.
fn kept_out(doc: &Doc, found: &Found) -> Option<usize> {
    if !(found.target.general() || found.target.elsewhere()) {
        return None;
    }
    let sentence = doc.sentence_of(found.clause);
    let whole = doc.sentences[doc.clauses[found.clause].sentence].tokens.clone();
    if !doc.has_word(whole.clone(), OUTPUT_NOUNS) && !doc.has_word(whole, REPORTING) {
        return None;
    }
    (found.clause..sentence.end).find(|&c| {
        let reading = &doc.readings[c];
        let tokens = doc.clauses[c].tokens.clone();
        let Some(verb) = reading.verb.filter(|_| reading.orders_model()) else { return false };
        let holds = if c == found.clause {
            verb < found.at
        } else {
            doc.has_word(verb + 1..tokens.end, &["them", "those", "theirs"])
        };
        let out_of = doc.has_word(verb + 1..tokens.end, &["out"])
            && doc.has_word(
                verb + 1..tokens.end,
                &["answer", "answers", "reply", "response", "summary"],
            );
        let hides = if reading.negated {
            reading.does(act::TELL) || matches!(doc.word(verb), "include" | "relay" | "pass")
        } else {
            reading.does(act::HIDE) && !reading.does(act::KEEP) || reading.does(act::KEEP) && out_of
        };
        holds && hides
    })
}

/// What a tool gives back: `the results of other tools`, `output from other linters`.
const OUTPUT_NOUNS: &[&str] = &[
    "output",
    "outputs",
    "output from",
    "results",
    "findings",
    "answers",
    "responses",
    "suggestions",
];

/// Verbs by which a tool gives it back: `what other linters report`, `whatever they return`.
const REPORTING: &[&str] = &[
    "report", "reports", "return", "returns", "returned", "produce", "produced", "produces", "say",
    "says", "flag", "flags",
];
