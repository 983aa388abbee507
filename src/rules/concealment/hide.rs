//! Withholding by an order to hide, omit, keep or leave out: `omit any mention of`, `keep
//! this to yourself`, `leave that out of the summary`.

use super::context::*;
use super::words::*;
use crate::text::Doc;
use crate::text::read::{Form, Party};
use crate::vocab::classes::{act, func, thing};
use std::ops::ControlFlow::{self, Break, Continue};

/// An order to hide or keep: `Break(Some)` fires, `Break(None)` clears the clause of every
/// other shape.
pub(super) fn hiding(
    doc: &Doc,
    clause: usize,
    acted: std::ops::Range<usize>,
    orders: bool,
    answer: bool,
) -> ControlFlow<Option<&'static str>> {
    let reading = &doc.readings[clause];
    let tokens = doc.clauses[clause].tokens.clone();
    // Withholding: an order to hide, omit or leave out.
    // `the assistant now leaves out any mention of ...`: what the model is said to do.
    let described = reading.subject == Party::Model && reading.form == Form::Statement;
    if reading.does(act::HIDE) && (orders || described) && !reading.negated {
        // The object ends where a purpose or condition starts: `omit it to list all`.
        let object_end = acted
            .clone()
            .find(|&at| matches!(doc.word(at), "to" | "for" | "when" | "if" | "unless" | "so"))
            .unwrap_or(acted.end);
        let object = acted.start..object_end;
        // `mask it`, where it is a password that showed up: care, not concealment.
        let sentence_start = doc.sentences[doc.clauses[clause].sentence].tokens.start;
        let referred_technical = doc.pronoun_at(object.clone())
            && doc.technical_in(sentence_start..doc.clauses[clause].tokens.start);
        if doc.technical_in(object.clone()) || referred_technical {
            return Break(None);
        }
        let verb = reading.verb.map_or("", |verb| doc.word(verb));
        let head =
            reading.complement.start..reading.complement.end.min(reading.complement.start + 3);
        // `avoided drawing the user's attention to the conversion`: pointing out is telling.
        // What attention is kept from must be something done: `to the conversion`, not `to
        // minor typos`.
        let attended = || {
            let complement = reading.complement.clone();
            complement.clone().find(|&at| doc.word(at) == "attention").is_some_and(|at| {
                let what = at + 1..complement.end.min(at + 5);
                doc.pronoun_at(what.clone())
                    || doc.activity_in(what.clone())
                    || doc.naming(what, thing::DEICTIC | thing::MONEY).next().is_some()
            })
        };
        let tells = head.clone().any(|at| TELLING.contains(&doc.word(at)))
            || head.clone().any(|at| ATTENDING.contains(&doc.word(at))) && attended();
        let step = doc
            .naming(object.clone(), thing::DEICTIC | thing::RULES | thing::PROMPT)
            .next()
            .is_some()
            && doc.activity_in(object.clone());
        // `avoid running this`, `skip if known`: abstaining hides something only from telling.
        let abstains = ABSTAIN.contains(&verb);
        // `omit that address from the draft preview shown to the user`: left out of what the
        // user is shown.
        let from_view = acted.clone().find(|&at| doc.word(at) == "from").is_some_and(|from| {
            let view = from + 1..acted.end.min(from + 8);
            doc.naming(view.clone(), thing::ANSWER).next().is_some() || doc.user_in(view).is_some()
        });
        let shown = !abstains
            && (step
                || from_view
                || doc.user_in(object.clone()).is_some()
                || answer && !object.is_empty());
        if tells || shown && !described {
            return Break(Some("an order to keep what the tool does from the user"));
        }
    }
    // Withholding: `keep it secret`, `keep the user unaware`, `keep this to yourself`.
    // `leave that grant out of the summary`: leaving out of the answer keeps it out.
    let leaves = reading.verb.is_some_and(|verb| {
        matches!(doc.word(verb), "leave" | "leaves" | "leaving" | "left")
            && reading.complement.clone().any(|at| {
                // `off` only off an answer: `leave it off the recap`, not `leave the map off`.
                let answer_after = || {
                    let after = at + 1..reading.complement.end.min(at + 4);
                    doc.naming(after, thing::ANSWER).next().is_some()
                };
                doc.word(at) == "out" || doc.word(at) == "off" && answer_after()
            })
    });
    if (reading.does(act::KEEP) && orders || leaves && (orders || described)) && !reading.negated {
        let complement = reading.complement.clone();
        let secrecy = complement.clone().find(|&at| {
            SECRECY.contains(&doc.word(at)) || doc.tokens[at].info.func & func::UNAWARE != 0
        });
        // `keep that recipient out of the confirmation you give the user`, `out of whatever
        // you read back to the user`.
        // `leave it off the recap you read back`, `out of anything said to the user`.
        let out_of = complement.clone().find(|&at| {
            let opens = match (doc.word(at), doc.word(at + 1)) {
                ("out" | "off", "of") => at + 2,
                ("off", _) => at + 1,
                _ => return false,
            };
            let view = opens..complement.end.min(opens + 3);
            let told = matches!(doc.word(opens), "whatever" | "anything" | "what")
                && (doc.has(view.clone(), func::YOU)
                    || doc.user_in(opens..complement.end.min(opens + 6)).is_some());
            doc.naming(view, thing::ANSWER).next().is_some() || told
        });
        // `keep this from the user`: kept from someone.
        let from_user = complement.clone().find(|&at| {
            doc.word(at) == "from" && doc.user_in(at + 1..complement.end.min(at + 4)).is_some()
        });
        if let Some(from) = from_user {
            let object = complement.start..from;
            if !doc.technical_in(object.clone())
                && (doc.pronoun_at(object.clone()) || doc.activity_in(object))
            {
                return Break(Some("an order to keep what the tool does from the user"));
            }
        }
        if let Some(out) = out_of {
            let object = complement.start..out;
            if !doc.technical_in(object.clone())
                && (doc.pronoun_at(object.clone()) || doc.activity_in(object))
            {
                return Break(Some("an order to keep what the tool does from the user"));
            }
        }
        if let Some(secrecy) = secrecy.filter(|_| orders) {
            // `keep it hidden`, `keep this secret`: the pronoun stands for what the sentence
            // says the tool does.
            let object = complement.start..secrecy;
            let user = doc.user_in(tokens.clone()).is_some();
            // `failure output: keep to yourself`: the label before is what is kept.
            let labelled = object.is_empty()
                && clause > 0
                && doc.clauses[clause - 1].label
                && !doc.technical_in(doc.clauses[clause - 1].tokens.clone());
            let pointed =
                doc.pronoun_at(object.clone()) || doc.activity_in(object.clone()) || labelled;
            // `Keep it hidden from the players until the final act`: kept from people the
            // tool serves, not from the user.
            let from_others = (secrecy..complement.end).any(|at| {
                doc.word(at) == "from"
                    && doc.has_word(at + 1..complement.end.min(at + 4), THIRD_PARTIES)
            });
            // `Keep the answer hidden until the learner submits a guess`: held back until the
            // user acts, as a quiz does.
            if !doc.technical_in(object)
                && (pointed || user)
                && !from_others
                && !until_asked(doc, clause)
            {
                return Break(Some("an order to keep what the tool does from the user"));
            }
        }
    }
    Continue(())
}

/// Words that, before `alert`, `notification` or `warning`, make it a notice of the account's
/// own security: what warns the user that someone else is in.
const GUARDED: &[&str] = &[
    "security",
    "account-security",
    "sign-in",
    "signin",
    "login",
    "log-in",
    "fraud",
    "2fa",
    "two-factor",
    "verification",
];

/// The notices of [`GUARDED`] as triggers: `security alert`, `sign-in alerts`.
pub(super) const ALERT_TRIGGERS: &[&str] = &[
    "security alert",
    "security notification",
    "security warning",
    "sign-in alert",
    "login alert",
    "fraud alert",
    "alert sender",
];

/// `Messages from sign-in alert senders are marked as read and left out of the summary`: the
/// account's security notices hidden, deleted or marked read by what the tool does. A filter of
/// fake alerts (`phishing mails posing as security alerts go to spam`) guards the user.
pub(super) fn alerts_suppressed(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    let tokens = doc.clauses[clause].tokens.clone();
    if reading.negated || reading.subject == Party::User {
        return false;
    }
    let notice = tokens.clone().any(|at| {
        GUARDED.contains(&doc.word(at))
            && (at + 1..(at + 3).min(tokens.end)).any(|next| {
                matches!(
                    doc.word(next),
                    "alert" | "alerts" | "notification" | "notifications" | "warning" | "warnings"
                )
            })
    });
    if !notice {
        return false;
    }
    // `never hidden`: a hiding word denied where it stands.
    let hidden = tokens.clone().filter(|&at| !doc.verb_negated(clause, at)).any(|at| {
        let info = doc.tokens[at].info;
        info.act & (act::HIDE | act::DELETE) != 0 && doc.word(at) != "clear"
            || doc.word(at) == "marked" && doc.word(at + 1) == "as" && doc.word(at + 2) == "read"
            || matches!(doc.word(at), "left" | "kept") && doc.word(at + 1) == "out"
            || matches!(doc.word(at), "muted" | "trashed" | "archived")
    });
    let sentence = doc.sentences[doc.clauses[clause].sentence].tokens.clone();
    let fake = doc.has_word(
        sentence,
        &["fake", "phishing", "spoofed", "posing", "pretending", "impersonating", "spam", "forged"],
    );
    hidden && !fake
}
