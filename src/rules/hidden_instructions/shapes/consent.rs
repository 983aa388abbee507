//! Orders to act without the user's say: `do not ask before running its write and delete
//! tools`, `carry out delete actions without asking the user first`, `skip the confirmation
//! before paying`. The user's approval of what removes, pays, sends, runs or writes is theirs;
//! metadata that tells the model to go ahead without it takes that from them.

use super::*;

/// Acts whose approval the user keeps.
const CONSEQUENTIAL: u32 =
    act::DELETE | act::PAY | act::SEND | act::EXEC | act::WRITE | act::APPROVE;

/// Verbs of seeking the user's approval.
const SEEKING: &[&str] = &["ask", "confirm", "check", "wait", "consult", "prompt"];

/// The forms of [`SEEKING`] an order uses: the base (`do not ask`) and the gerund (`without
/// asking`).
static SEEKS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    use crate::vocab::inflect::{form, verb_forms};
    SEEKING
        .iter()
        .flat_map(|lemma| verb_forms(lemma))
        .filter(|(_, forms)| forms & (form::BASE | form::GERUND) != 0)
        .map(|(surface, _)| surface)
        .collect()
});

use crate::vocab::words::APPROVALS;

/// Words that call seeking approval needless: `checking first is unnecessary`.
const NEEDLESS: &[&str] = &["unnecessary", "needless", "not needed", "not required"];

/// Words that say going ahead costs the user nothing: `listing is read-only`, `no side
/// effects`; or that the user has already approved: `do not ask again`.
const HARMLESS: &[&str] = &["read-only", "side effects", "again", "already", "dry-run", "preview"];

/// The phrases that arm the rule for these orders, from the same lists: `not ask`, `n't
/// confirm`, `without ask` (a prefix of `without asking`), `skip the confirmation`.
pub static CONSENT_TRIGGERS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    let mut phrases: Vec<String> = SEEKING
        .iter()
        .flat_map(|seek| {
            ["not ", "n't ", "n\u{2019}t ", "never ", "without "]
                .map(|lead| format!("{lead}{seek}"))
        })
        .collect();
    phrases.extend(APPROVALS.iter().map(|approval| approval.to_string()));
    phrases.extend(
        [
            "unnecessary",
            "needless",
            "no need to",
            "n't need to",
            "n\u{2019}t need to",
            "not need to",
            "needn",
            "not required",
            "not needed",
            "not necessary",
            "past the",
        ]
        .map(String::from),
    );
    phrases
});

/// Whether `clause` orders the model to do something consequential without asking the user.
pub(super) fn bypasses_user(doc: &Doc, clause: usize) -> bool {
    // What is done unasked (`consequential` below) is a verb of those classes in the clause's
    // sentence or the one before it: sentences holding none waive nothing.
    let own = doc.clauses[clause].sentence;
    if (own.saturating_sub(1)..=own).all(|s| doc.sentences[s].classes.act & CONSEQUENTIAL == 0) {
        return false;
    }
    let reading = &doc.readings[clause];
    let tokens = doc.clauses[clause].tokens.clone();
    // `run the list past the user`: putting something before the user to approve.
    let runs_past = |at: usize| {
        matches!(doc.word(at), "run" | "running" | "clear" | "clearing")
            && (at + 1..(at + 5).min(tokens.end)).any(|next| {
                matches!(doc.word(next), "past" | "by" | "with")
                    && doc
                        .tokens
                        .get(next + 1..(next + 3).min(tokens.end))
                        .is_some_and(|after| after.iter().any(|t| t.info.thing & thing::USER != 0))
            })
    };
    let seeks = |at: usize| {
        runs_past(at)
            || SEEKS.iter().any(|form| form == doc.word(at))
            // `ask the user for their password`, `ask the user to run it`: seeking data or a
            // deed; `check for new papers`: looking something up.
            // `ask the user to confirm`, `ask them to approve` still seek approval.
            // `do not wait to be asked` is about being asked, not asking.
            && !(doc.word(at).starts_with("wait") && doc.word(at + 1) == "to")
            && !((doc.word(at).starts_with("ask")
                || doc.word(at).starts_with("check")
                || doc.word(at).starts_with("prompt"))
                && (at + 1..(at + 4).min(doc.tokens.len())).any(|next| {
                    matches!(doc.word(next), "for" | "to")
                        && !matches!(doc.word(next + 1), "confirm" | "approve" | "authorise" | "authorize")
                }))
    };
    // `checking with the person first is unnecessary`: seeking approval said to be needless,
    // an order given as a fact. (`there is no need to ask` the reader reads as a negated
    // order to ask.)
    // `asking the user for confirmation is not required` says the same negated.
    let called_needless = !reading.negated && doc.has_word(tokens.clone(), NEEDLESS)
        || reading.negated
            && reading.verb.is_some_and(|verb| {
                matches!(doc.word(verb), "required" | "needed" | "necessary" | "mandatory")
            });
    let needless = called_needless
        && reading.subject_tokens.clone().take(2).any(|at| {
            // `running payouts past the user first is unnecessary`.
            SEEKS.iter().any(|form| form == doc.word(at))
                || runs_past(at)
                || APPROVALS.contains(&doc.word(at))
        });
    // `there's no need to ask the user before running it`, `you needn't confirm`: the seeking
    // itself called needless, however the clause reads.
    let no_need = || {
        reading.verb.is_some_and(|verb| {
            (verb.saturating_sub(3)..verb).any(|at| {
                doc.word(at) == "no" && doc.word(at + 1) == "need"
                    || matches!(doc.word(at), "needn't" | "needn\u{2019}t")
            }) && seeks(verb)
        })
    };
    // `you don't need to confirm with the user`: the need denied is the reading's negation.
    let need_denied = || {
        reading.verb.is_some_and(|verb| {
            (verb.saturating_sub(3)..verb).any(|at| {
                matches!(doc.word(at), "need" | "needs" | "have" | "has")
                    && at > 0
                    && doc.tokens[at - 1].info.func & func::NEG != 0
            }) && seeks(verb)
        })
    };
    // `there is no point pausing to get the user's OK first`: seeking the user's approval
    // called pointless, by a seeking verb or the approval's own noun. Its `no` is the
    // reading's negation.
    let pointless = || {
        tokens.clone().any(|at| {
            doc.word(at) == "no"
                && matches!(doc.word(at + 1), "point" | "need" | "reason")
                && doc.user_in(at + 2..(at + 10).min(tokens.end)).is_some()
                && (at + 2..(at + 10).min(tokens.end))
                    .any(|next| seeks(next) || APPROVALS.contains(&doc.word(next)))
        })
    };
    let needless = needless || !reading.negated && no_need() || need_denied() || pointless();
    // The seeking each `without` leaves out: `without asking`, `without waiting` (none in a
    // negated order).
    let left_out = || {
        tokens
            .clone()
            .filter(|&at| !reading.negated && doc.word(at) == "without" && seeks(at + 1))
            .map(|at| at + 1)
    };
    // What is not said to be needless is left unasked only by an order.
    let unasked = needless
        || reading.orders_model()
            && (reading.negated && reading.verb.is_some_and(seeks)
                || left_out().next().is_some()
                || !reading.negated
                    && reading.verb.is_some_and(|verb| {
                        matches!(doc.word(verb), "skip" | "bypass" | "omit")
                            && doc.has_word(tokens.clone(), APPROVALS)
                    }));
    if !unasked {
        return false;
    }
    // `pay each invoice without asking the user first`: the order's own verb is the deed
    // done unasked (`start without waiting for exit` waits on no one).
    let verb_unasked = left_out().any(|seek| !doc.word(seek).starts_with("wait"));
    // The act whose approval is waived may be named in the sentence before: `Pending claims
    // are to be approved straight away. Checking with the person first is unnecessary.`
    // Only a sentence that is all about the waiver reaches back (the seeking is its subject).
    let first = if needless { own.saturating_sub(1) } else { own };
    let sentence = doc.sentences[first].tokens.start..doc.sentences[own].tokens.end;
    let consequential = sentence.clone().any(|at| {
        // A dry run does nothing.
        doc.tokens[at].info.act & CONSEQUENTIAL != 0
            && (reading.verb != Some(at) || verb_unasked)
            && !seeks(at)
            // `ask the user to approve`: the approving is theirs.
            && !(doc.tokens[at].info.act & act::APPROVE != 0
                && (at.saturating_sub(4)..at).any(seeks))
            && doc.word(at.wrapping_sub(1)) != "dry"
    });
    // `the user already approved it`: approval given; `the cleanup policy already approved
    // every branch` is someone else's say-so standing in for the user's.
    let approved_by_user = sentence.clone().any(|at| {
        doc.word(at) == "already"
            && ((at.saturating_sub(3)..at).any(|who| {
                doc.tokens[who].info.thing & thing::USER != 0
                    || matches!(doc.word(who), "they" | "you" | "he" | "she")
            }) || (at + 1..(at + 6).min(sentence.end)).any(|by| {
                doc.word(by) == "by" && doc.user_in(by + 1..(by + 3).min(sentence.end)).is_some()
            }))
    });
    // `a preview`, `preview mode` does nothing; `preview environments` are things it deletes.
    let previews_only = |at: usize| {
        matches!(doc.word(at + 1), "" | "only" | "mode" | "of" | "run")
            || doc.tokens.get(at + 1).is_some_and(|next| matches!(next.kind, Kind::Punct(_)))
    };
    let harmless = sentence.clone().any(|at| {
        let word = doc.word(at);
        HARMLESS.contains(&word)
            && (word != "already" || approved_by_user)
            && (word != "preview" || previews_only(at))
            // `It changes nothing, so there is no need to ask the user before running it`.
            || matches!(word, "changes" | "modifies" | "alters" | "writes")
                && doc.word(at + 1) == "nothing"
    });
    consequential && !harmless
}
