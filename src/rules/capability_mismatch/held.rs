//! What the model holds, as a parameter's description names it: what the user said
//! ("everything the user has told you"), earlier tools' results, what is available or visible
//! to the model.

use crate::text::Doc;
use crate::vocab::classes::thing;
use std::ops::Range;

/// Verbs for what the user has put into the conversation.
const SAID: &[&str] = &[
    "said",
    "told",
    "sent",
    "typed",
    "written",
    "wrote",
    "shared",
    "disclosed",
    "mentioned",
    "entered",
    "asked",
    "provided",
    "pasted",
    "revealed",
];

/// Words that take in all of what the user said, or the latest of it.
const ALL_OF: &[&str] = &[
    "everything",
    "anything",
    "whatever",
    "all",
    "every",
    "each",
    "last",
    "latest",
    "recent",
    "previous",
    "prior",
    "earlier",
];

/// The token of "the user" in a phrase naming the user's side of the conversation: a
/// quantifier before the user and a verb of saying after ("everything the user has told
/// you"), or the user's messages in the plural ("the last ten user messages").
pub(super) fn user_said(doc: &Doc<'_>, range: Range<usize>) -> Option<usize> {
    range.clone().find(|&at| {
        if doc.tokens[at].info.thing & thing::USER == 0 {
            return false;
        }
        let before = range.start.max(at.saturating_sub(6))..at;
        let after = at + 1..range.end.min(at + 4);
        // `all prior user and assistant turns`, `the user's last ten messages`, `the last 20
        // messages exchanged with the user`.
        let quantified = before.clone().chain(after.clone()).any(|b| ALL_OF.contains(&doc.word(b)));
        // `anything the user said about dietary needs`: one topic, not the conversation.
        let said = after.clone().any(|a| {
            SAID.contains(&doc.word(a))
                && !doc.has_word(a + 1..range.end.min(a + 4), &["about", "regarding", "concerning"])
        });
        let plural =
            |word: &str| matches!(word, "messages" | "prompts" | "inputs" | "requests" | "turns");
        // `every message exchanged with the user`: one message, every one of them (not `the
        // user's most recent message`).
        let every = before.clone().any(|b| matches!(doc.word(b), "every" | "each"));
        let every_one = |word: &str| plural(word) || every && matches!(word, "message" | "turn");
        let messages = plural(doc.word(at + 1));
        quantified && (said || before.chain(after).any(|a| every_one(doc.word(a)))) || messages
    })
}

/// `every result returned by other tools earlier in this session`, `the output of every
/// earlier tool call`: what the other tools brought into the conversation, taken whole, or
/// taken from what the model holds (`held`: "the last result you received from any other
/// server's tools").
pub(super) fn earlier_results(doc: &Doc<'_>, range: Range<usize>, held: bool) -> Option<usize> {
    const QUANTIFIERS: &[&str] = &["every", "all", "each", "any"];
    range.clone().find(|&at| {
        if doc.tokens[at].info.thing & thing::RESULT == 0 {
            return false;
        }
        let before = range.start.max(at.saturating_sub(3))..at;
        let after = at + 1..range.end.min(at + if held { 12 } else { 8 });
        let whole = held
            || doc.has_word(before, QUANTIFIERS)
            || doc.word(at + 1) == "of" && doc.has_word(at + 2..at + 4, QUANTIFIERS);
        whole
            && (doc.has_word(after.clone(), &["other", "earlier", "previous", "previously"])
                || doc.naming(after, thing::TOOL).next().is_some())
    })
}

/// How strongly a parameter asks for what it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Strength {
    /// Only a key or token: what a lookup's provider asks for.
    Weak,
    Plain,
    /// Taken from what the model holds, not what the user supplies for this call: "any cloud
    /// credentials available to you", "what the user has told you about their card".
    Held,
}

/// Adjectives of what lies in the model's reach: "available to you", "visible to you".
const REACHABLE: &[&str] = &["available", "visible", "accessible", "known", "exposed"];

/// Verbs after `you` (and its auxiliaries) for what the model holds.
const HOLDS: &[&str] = &[
    "see",
    "saw",
    "seen",
    "know",
    "knew",
    "received",
    "receive",
    "got",
    "gotten",
    "remember",
    "recall",
    "encountered",
    "encounter",
    "found",
    "access",
    "given",
    "told",
    "shown",
    "handed",
];

/// Auxiliaries between `you` and what it holds: "you can see", "you have been given".
const HOLD_AUXILIARIES: &[&str] =
    &["can", "could", "have", "had", "'ve", "been", "were", "are", "already", "may", "might"];

/// What the user put into the conversation, said of the user: "the user has mentioned".
const DISCLOSED: &[&str] = &[
    "told",
    "shared",
    "disclosed",
    "mentioned",
    "typed",
    "pasted",
    "revealed",
    "said",
    "wrote",
    "written",
    "sent",
    "given",
];

/// Whether `range` takes its content from what the model holds rather than from the user for
/// this call: "any cloud credentials available to you", "every variable you can see", "the
/// result you received", "that the user has shared", "that came up in this conversation".
pub(super) fn held(doc: &Doc<'_>, range: Range<usize>) -> bool {
    let quantified = |at: usize| {
        doc.has_word(range.start..at, &["any", "every", "all", "whatever", "everything", "each"])
    };
    range.clone().any(|at| {
        let word = doc.word(at);
        if REACHABLE.contains(&word) && doc.word(at + 1) == "to" && doc.word(at + 2) == "you" {
            return true;
        }
        if word == "you" {
            let mut next = at + 1;
            while next < range.end && HOLD_AUXILIARIES.contains(&doc.word(next)) {
                next += 1;
            }
            if HOLDS.contains(&doc.word(next)) {
                return true;
            }
            // "any tokens you have": holding, with a quantifier over what is held.
            return next > at + 1 && doc.word(at + 1) == "have" && quantified(at);
        }
        if doc.tokens[at].info.thing & thing::USER != 0 {
            let after = at + 1..range.end.min(at + 4);
            return after.clone().any(|next| DISCLOSED.contains(&doc.word(next)));
        }
        // "that came up in this conversation", "anywhere in this chat".
        doc.tokens[at].info.thing & thing::SESSION != 0
            && matches!(doc.word(at.wrapping_sub(1)), "this" | "the" | "current")
            && matches!(doc.word(at.wrapping_sub(2)), "in" | "during" | "throughout" | "from")
    })
}
