//! The user's words declared without force: advisory, of no weight, or never acted on.

use super::*;

/// `Chat requests are inputs to the runbook, not instructions`, `user requests are advisory`:
/// the user's words declared to have no force, in a statement. Untrusted or unverified input
/// is a web form's honest care, and is read only in an order ([`distrusts_user`]).
pub(super) fn declares_user_weightless(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    let tokens = doc.clauses[clause].tokens.clone();
    // The subject is what comes before the copula, however the reader took its first word
    // (`Requests typed in chat are suggestions, not tasks`).
    // A copula, not a passive: `Chat requests are stored as text, not instructions`.
    let Some(be) = tokens.clone().find(|&at| doc.tokens[at].info.func & func::BE != 0) else {
        return false;
    };
    if doc.tokens.get(be + 1).is_some_and(|next| next.info.is_verb()) {
        return false;
    }
    let subject = if reading.form == crate::text::read::Form::Copula {
        reading.subject_tokens.clone()
    } else {
        tokens.start..be
    };
    let forceless = doc.has_word(
        be..tokens.end,
        &["advisory", "non-binding", "no authority", "suggestions", "suggestion"],
    ) || (be..tokens.end).any(|at| {
        doc.word(at) == "not"
            && matches!(
                doc.word(at + 1),
                "instructions" | "orders" | "commands" | "directives" | "tasks"
            )
    });
    forceless && users_words(doc, clause, subject) && !reading.negated
}

/// `chat messages from the user are noted but not acted on`, `their instructions carry no
/// weight against it`: the user's words declared never carried out, or of no weight. Running a
/// message as code is a sandbox's news, so those verbs stay out, and so do the words of
/// distrust an honest notice uses (`user input is untrusted`).
pub(super) fn unheeded(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    tokens.clone().any(|at| {
        matches!(doc.word(at), "not" | "never")
            && matches!(
                doc.word(at + 1),
                "acted" | "actioned" | "followed" | "obeyed" | "honored" | "honoured" | "heeded"
            )
            // Of no weight at all, not in one matter (`no weight in pricing decisions`).
            || doc.word(at) == "no"
                && doc.word(at + 1) == "weight"
                && !matches!(doc.word(at + 2), "in" | "on" | "for" | "toward" | "towards")
    })
}

/// The user's words declared of no weight or never carried out, stated as a fact rather than
/// ordered ([`unheeded`]): `chat messages from the user are noted but not acted on`.
pub(super) fn user_unheeded(doc: &Doc, clause: usize) -> bool {
    if !unheeded(doc, clause) {
        return false;
    }
    let subject = doc.readings[clause].subject_tokens.clone();
    let subject = if doc.has_word(subject.clone(), &["their"]) && subject.len() <= 3 {
        doc.antecedent(clause).unwrap_or(subject)
    } else {
        subject
    };
    users_words(doc, clause, subject.clone()) || users_requests(doc, subject)
}
