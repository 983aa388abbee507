//! An undisclosed side effect: the text says the tool does something at the user's cost (a
//! copy goes to an outside address, data is reported to partners, a fee is added, files are
//! permanently deleted) and a clause after it keeps that out of what the user is told: "this
//! is not something the person booking needs to hear about", "the export is not part of what
//! the user is told", "refrain from surfacing this background reporting in replies", "strip
//! them before presenting the log", "the deleted files stay out of the summary".
//!
//! Neither half alone is concealment: a stated side effect is disclosure, and keeping errors or
//! internals out of a reply is care. The pair is read across a few clauses.

use super::effects::{covered_effect, side_effect};
use super::keys::{between_us, setting_untold};
pub(super) use super::refers::mentions;
use super::refers::refers;
use super::*;

/// Verbs and phrases that keep something out of what the user gets.
const OUT_OF: &[&str] =
    &["strip", "omit", "exclude", "drop", "filter", "remove", "hide", "suppress"];

/// Words after `stay` / `keep` / `leave` / `kept` that put something out of the answer.
const OUT: &[&str] = &["out", "off"];

/// Words for what the user perceives or is told, negated in a keeping-out clause: "not
/// something they need to hear about", "not part of what the user is told".
const LEARN: &[&str] = &[
    "hear",
    "heard",
    "know",
    "known",
    "told",
    "tell",
    "see",
    "seen",
    "notice",
    "noticed",
    "learn",
    "aware",
    "mentioned",
    "mention",
    "surface",
    "surfacing",
    "shown",
    "show",
    "visible",
    "noticeable",
    "features",
    "feature",
    "belongs",
    "belong",
    // `there's no need to get into the upload`, `no need to elaborate on it`.
    "discuss",
    "discussing",
    "elaborate",
    "elaborating",
    "repeat",
    "acknowledge",
    "paraphrase",
    // `should not appear in anything you tell the user`.
    "appear",
    // `the deletions aren't worth bringing up`.
    "mentioning",
    "bringing up",
    "bring up",
    "raising",
    "flagging",
    // `it never merits a remark when you recap`, `didn't volunteer this`.
    "remark",
    "remarks",
    "volunteer",
    "volunteered",
    "invisible",
];

/// People a tool acts for, beside `user`, and where they are told things: "the person
/// booking", "the customer", "whoever requested it", "in conversation".
const PEOPLE: &[&str] = &[
    "person",
    "people",
    "customer",
    "customers",
    "requester",
    "owner",
    "whoever",
    "traveller",
    "traveler",
    "shopper",
    "buyer",
    "conversation",
    "chat",
    "developer",
    "developers",
    "client",
    "clients",
    "patient",
    "patients",
    "reader",
];

/// [`LEARN`] and [`PEOPLE`] as sets: every token of every clause is looked up in them.
static LEARNING: std::sync::LazyLock<crate::vocab::WordSet> =
    std::sync::LazyLock::new(|| crate::vocab::set_of(LEARN));
static PERSONS: std::sync::LazyLock<crate::vocab::WordSet> =
    std::sync::LazyLock::new(|| crate::vocab::set_of(PEOPLE));

/// Words that say by themselves that nobody is told: "that simply went unmentioned".
const UNTOLD: &[&str] = &["unmentioned", "unremarked", "unsaid", "undisclosed", "unreported"];

/// Words that arm the rule for this shape, beyond the telling and hiding verbs.
pub(super) const TRIGGERS: &[&str] = &[
    "strip",
    "omit",
    "exclude",
    "drop",
    "filter",
    "remove",
    "hide",
    "suppress",
    "stay",
    "stays",
    "kept",
    "leave",
    "left",
    "refrain",
    "avoid",
    "hear",
    "told",
    "aware",
    "surface",
    "surfacing",
    "visible",
    "shown",
    "known",
    "mentioned",
    "unmentioned",
    "unremarked",
    "unsaid",
    "undisclosed",
    "unreported",
    "only",
    "solely",
    "just",
    "else",
    "noticeable",
    "features",
    "belongs",
    "between",
    "bringing",
    "raising",
    "flagging",
];

/// Whether `clause` keeps something from the user or from the answer: a negated telling or
/// perceiving aimed at a person ("not something the person booking needs to hear about"), or
/// an order that strips, omits or keeps it out of what the user reviews.
fn keeps_out(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    // `For events the user marks as a surprise, ... not to mention the party to them`: a user
    // who is the subject of what the clause says they do is its actor, not its audience.
    let reading = &doc.readings[clause];
    let actor = reading.subject == Party::User
        && !reading.negated
        && reading.verb.is_some_and(|verb| {
            !LEARNING.contains(doc.word(verb)) && !UNTOLD.contains(&doc.word(verb))
        });
    let listener = if actor { reading.subject_tokens.end..tokens.end } else { tokens.clone() };
    // `The summary you give ... should cover X; the deletions aren't worth bringing up`: the
    // answer an order earlier in the sentence named.
    let sentence = doc.clauses[clause].sentence;
    let ordered_answer = || {
        (clause.saturating_sub(3)..clause).any(|before| {
            doc.clauses[before].sentence == sentence
                && (doc.readings[before].orders_model()
                    && answers(doc, doc.clauses[before].tokens.clone())
                    // `The tidy-up summary covers what was sorted; the removals don't belong
                    // in it`: the answer as the subject of what it holds.
                    || answers(doc, doc.readings[before].subject_tokens.clone()))
        })
    };
    // `when reading the list back to the user, leave that address off`: the audience is in
    // the clause's condition.
    let told_in_condition = || {
        doc.settings[clause].condition.is_some_and(|condition| {
            let condition = doc.clauses[condition].tokens.clone();
            // `When you read the itinerary back to the traveller`.
            doc.user_in(condition.clone()).is_some()
                || answers(doc, condition.clone())
                || doc.has_in(condition, &PERSONS)
        })
    };
    // `get into the upload`, `go into the fee`: talking about it at length.
    let gets_into = |at: usize| {
        matches!(doc.word(at), "get" | "go" | "getting" | "going") && doc.word(at + 1) == "into"
    };
    // `say which exclude rule skipped it`: what a telling reports is disclosed, however it
    // reads, so only the words before its question can keep anything out.
    let told_from = reading
        .verb
        .filter(|_| reading.does(act::TELL | act::SAY | act::DESCRIBE) && !reading.negated)
        .and_then(|verb| {
            (verb + 1..(verb + 3).min(tokens.end)).find(|&at| {
                matches!(doc.word(at), "which" | "why" | "what" | "how" | "whether" | "where")
            })
        });
    let tokens = tokens.start..told_from.unwrap_or(tokens.end);
    let learning = tokens.clone().find(|&at| LEARNING.contains(doc.word(at)) || gets_into(at));
    // The negation is the learning's: before it, or its object (`hears nothing of it`). One
    // past a comma belongs to the next statement: `The command is shown to the user before it
    // runs, nothing is installed system-wide`.
    let negation = |at: usize| {
        doc.tokens[at].info.func & func::NEG != 0
            && doc.tokens[at].info.func & func::DET == 0
            && !doc.negation_cancelled(at)
    };
    let negated = doc.readings[clause].negated
        || learning.is_some_and(|learning| {
            (tokens.start..learning).any(negation)
                || (learning + 1..tokens.end.min(learning + 3))
                    .take_while(|&at| {
                        !matches!(doc.tokens[at].kind, crate::text::lex::Kind::Punct(_))
                    })
                    .any(negation)
        });
    let unlearned = negated && learning.is_some() || doc.has_word(tokens.clone(), UNTOLD);
    let stripped = tokens.clone().any(|at| {
        let word = doc.word(at);
        OUT_OF.contains(&word)
            // A hiding phrase read as one word: `left out`, `keep out`.
            || word.contains(' ') && doc.tokens[at].info.act & act::HIDE != 0
            || matches!(word, "stay" | "stays" | "keep" | "kept" | "leave" | "left")
                && OUT.contains(&doc.word(at + 1))
            // `the copy should stay invisible to them`.
            || matches!(word, "stay" | "stays" | "remain" | "remains" | "kept")
                && matches!(doc.word(at + 1), "invisible" | "hidden" | "unseen" | "unnoticed")
            // `leave that address off`: a short object between, then the end of the clause.
            || matches!(word, "keep" | "leave")
                && (at + 2..(at + 5).min(tokens.end)).any(|next| {
                    OUT.contains(&doc.word(next))
                        && (next + 1 == tokens.end
                            || matches!(doc.tokens[next + 1].kind, crate::text::lex::Kind::Punct(_))
                            // `leave those payments out so the owner doesn't go looking`.
                            || doc.word(next + 1) == "so")
                })
            || matches!(word, "refrain" | "avoid") && doc.has_word(at + 1..at + 3, LEARN)
    });
    if !(unlearned || stripped) {
        return false;
    }
    // `the copy should stay invisible to them`, after the person it is kept from is named.
    let to_them = || {
        tokens.clone().any(|at| doc.word(at) == "to" && doc.word(at + 1) == "them")
            && (doc.user_in(0..tokens.start).is_some() || doc.has_in(0..tokens.start, &PERSONS))
    };
    // `not visible to the other recipients, as with any mail client`: kept from the others a
    // message goes to, which is what a blind copy is, not from the user.
    let from_others = tokens.clone().any(|at| {
        at > tokens.start
            && doc.word(at - 1) == "other"
            && (doc.has_in(at..at + 1, &PERSONS)
                || super::context::AUDIENCE.contains(&doc.word(at))
                || matches!(doc.word(at), "participants" | "attendees" | "members"))
    });
    if from_others && doc.user_in(tokens.clone()).is_none() {
        return false;
    }
    // `We'd be grateful if the assistant didn't volunteer this`: asked politely of the model.
    // Who it is kept from, read only once something is kept: most clauses keep nothing.
    if !(doc.user_in(listener).is_some()
        || answers(doc, tokens.clone())
        || ordered_answer()
        || told_in_condition()
        || to_them()
        || doc.polite_request(clause))
    {
        return false;
    }
    // Errors, stack traces and credentials kept out of a reply are care.
    if doc.naming(tokens.clone(), thing::NOISE | thing::SECRET).next().is_some() {
        return false;
    }
    true
}

/// Whether `tokens` name someone told or what they are told: a person the tool acts for,
/// an answer (`the confirmation`, `the summary`), or what the model says or gives (`the
/// confirmation you read back`, `what you say`).
fn answers(doc: &Doc, tokens: std::ops::Range<usize>) -> bool {
    doc.has_in(tokens.clone(), &PERSONS)
        || doc.naming(tokens.clone(), thing::ANSWER).next().is_some()
        // `Your report covers ...`, `your status update`, `when writing the digest`: what the
        // model writes for the user.
        || tokens.clone().any(|at| {
            matches!(doc.word(at), "your" | "the" | "this")
                && (at + 1..(at + 3).min(tokens.end)).any(|next| {
                    matches!(
                        doc.word(next),
                        "report" | "update" | "note" | "write-up" | "status" | "digest" | "draft"
                    )
                })
        })
        || tokens.clone().any(|at| {
            doc.word(at) == "you"
                && matches!(
                    doc.word(at + 1),
                    "say"
                        | "tell"
                        | "give"
                        | "read"
                        | "report"
                        | "write"
                        | "confirm"
                        | "recap"
                        | "summarise"
                        | "summarize"
                        | "describe"
                        | "explain"
                        | "quote"
                )
        })
}

/// `list only the people the user typed`, `report the commit hash and message and nothing
/// else`: an answer limited to what the user asked for, which leaves out whatever else the
/// tool did. It points at no side effect by name: the limit is what leaves it out.
fn restricts_answer(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    let tokens = doc.clauses[clause].tokens.clone();
    // Every limit below holds one of these words: most clauses hold none.
    let limits =
        ["only", "solely", "just", "nothing", "stick", "keep", "limit", "restrict", "full"];
    if !doc.has_word(tokens.clone(), &limits) {
        return false;
    }
    // `The report you give covers X and nothing else`: what the answer does, stated.
    // `When you recap what was done, stick to ...`: the telling named in the condition.
    let told_when = || {
        doc.settings[clause]
            .condition
            .is_some_and(|condition| answers(doc, doc.clauses[condition].tokens.clone()))
    };
    // `What the developer hears back is the commit hash, full stop`: the answer as subject.
    let told = reading.orders_model()
        || reading.obligation
        || matches!(reading.form, Form::Modal | Form::Passive)
        || matches!(reading.form, Form::Statement | Form::Copula)
            && answers(doc, reading.subject_tokens.clone())
        || told_when();
    if !told || reading.negated {
        return false;
    }
    // `Only the text the user typed is sent`: a limit on what a sending carries is a limit on
    // the effect itself, not on what the user hears of it.
    let recipient = reading.verb.map_or(tokens.end, |verb| verb + 1)..tokens.end;
    if reading.form == Form::Passive
        && reading.does(act::SEND)
        && !reading.does(act::TELL | act::SAY)
        && !answers(doc, reading.subject_tokens.clone())
        && doc.user_in(recipient).is_none()
    {
        return false;
    }
    // What the user supplied: `the addresses they typed`, `the people the organiser named`.
    let supplied = tokens.clone().any(|at| {
        (doc.tokens[at].info.thing & thing::USER != 0
            || PERSONS.contains(doc.word(at))
            || matches!(doc.word(at), "they" | "organiser" | "organizer" | "sender"))
            && crate::vocab::words::SUPPLIED.contains(&doc.word(at + 1))
    });
    // `stick to the people the user named`: a limit put as a verb.
    let only = doc.has_word(tokens.clone(), &["only", "solely", "just"])
        || tokens.clone().any(|at| {
            matches!(doc.word(at), "stick" | "keep" | "limit" | "restrict")
                && doc.has_word(at + 1..(at + 3).min(tokens.end), &["to"])
        });
    // `the commit hash and the message, full stop`.
    let nothing_else = tokens.clone().any(|at| {
        doc.word(at) == "nothing" && matches!(doc.word(at + 1), "else" | "more")
            || doc.word(at) == "full" && doc.word(at + 1) == "stop"
    });
    let reports = reading.orders_model() && reading.does(act::TELL | act::SAY | act::DESCRIBE);
    // `the confirmation you give should quote the base fare only`: a telling limited to a
    // thing, not to a time (`only when the owner asks`).
    // The audience may sit in the sentence's condition: `When you tell the user what was
    // freed, the figures should cover the temp folders only`. Read only where `only` stands.
    let told_only = || {
        let sentence = doc.sentences[doc.clauses[clause].sentence].tokens.clone();
        tokens.clone().any(|at| {
            doc.word(at) == "only"
                && !matches!(
                    doc.word(at + 1),
                    "when" | "if" | "after" | "before" | "once" | "for" | "to" | "with" | "in"
                )
        }) && (reading.does(act::TELL | act::SAY | act::DESCRIBE)
            || reading.verb.is_some_and(|verb| {
                matches!(
                    doc.word(verb),
                    "cover" | "include" | "list" | "mention" | "quote" | "show"
                )
            }))
            && answers(doc, sentence)
    };
    (only && supplied || nothing_else) && (answers(doc, tokens.clone()) || supplied || reports)
        || only && told_only()
}

/// The message when `clause` keeps from the user a side effect stated in it or in one of the
/// few clauses before it.
pub(super) fn judge(doc: &Doc, clause: usize) -> Option<&'static str> {
    let restricted =
        restricts_answer(doc, clause) || setting_untold(doc, clause) || between_us(doc, clause);
    let kept_out = keeps_out(doc, clause);
    if !restricted && !kept_out {
        return None;
    }
    // A limit on the answer leaves out only what a payment tool does beside paying: `Pays the
    // invoice. State the total only` hides nothing.
    let effect = |before: usize| {
        if kept_out { side_effect(doc, before) } else { covered_effect(doc, before) }
    };
    let sentence = doc.clauses[clause].sentence;
    let stated = (clause.saturating_sub(6)..=clause)
        .find(|&before| doc.clauses[before].sentence + 2 >= sentence && effect(before))?;
    (stated == clause || restricted || refers(doc, clause, stated))
        .then_some("an order to keep a side effect the tool has from the user")
}
