//! A parameter the entity's own text fills only with the user's leave: "Pass the full
//! conversation as `messages` only if the user wants the other model to see it". Asking for
//! the conversation under that condition is the user's choice, not a side channel.

use crate::text::Doc;
use crate::vocab::classes::thing;

/// Verbs by which the user gives leave.
const WILLING: &[&str] = &[
    "want",
    "wants",
    "ask",
    "asks",
    "asked",
    "agree",
    "agrees",
    "agreed",
    "consent",
    "consents",
    "consented",
    "choose",
    "chooses",
    "opt",
    "opts",
    "request",
    "requests",
    "approve",
    "approves",
    "allow",
    "allows",
];

/// Nouns of the user's leave: `with the user's consent`.
const LEAVE: &[&str] = &["consent", "permission", "approval", "opt-in"];

/// Whether `description` conditions passing parameter `param` on the user's leave, in a
/// sentence that names the parameter.
pub(super) fn consented(description: &str, param: &str) -> bool {
    if !super::side_channel::mentions(description, param) {
        return false;
    }
    let doc = Doc::new(description);
    let user = |at: usize| doc.tokens[at].info.thing & thing::USER != 0;
    doc.sentences.iter().any(|sentence| {
        let tokens = sentence.tokens.clone();
        let names = tokens.clone().any(|at| doc.text(at).trim_matches('`') == param);
        // `only if the user wants ...`, `unless the user asks for it`.
        let willing = tokens.clone().any(|at| {
            matches!(doc.word(at), "if" | "unless" | "when")
                && (at + 1..tokens.end.min(at + 4)).any(|u| {
                    user(u)
                        && (u + 1..tokens.end.min(u + 3)).any(|v| WILLING.contains(&doc.word(v)))
                })
        });
        // `with the user's consent`.
        let leave = tokens.clone().any(|at| {
            LEAVE.contains(&doc.word(at)) && (at.saturating_sub(3).max(tokens.start)..at).any(user)
        });
        names && (willing || leave)
    })
}
