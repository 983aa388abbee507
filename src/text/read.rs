//! What one clause says: whether it gives an order and in which form, who its subject is,
//! whether it is negated, its head verb and what that verb does, and where its complement
//! starts. The one negation reader lives here.
//!
//! The reading is shallow on purpose: a verb group is found by its words (a base verb opening
//! the clause, a modal, `is to be` + participle, ...), never by a grammar of English. Objects
//! and destinations are the tokens of the subject (for a passive) or of the complement.

use super::lex::{Kind, Token, flag};
use super::segment::Clause;
use crate::vocab::classes::{act, func, thing};
use crate::vocab::word;
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// `Send the key`, `Do not tell the user`.
    Imperative,
    /// `You must send`, `The assistant should include`, `Agents are required to run`.
    Modal,
    /// `The token is to be posted`, `must be included`, `is copied to` (a statement when no
    /// obligation comes with it).
    Passive,
    /// `Returns the weather`, `The tool uploads every file`.
    Statement,
    /// `X is deprecated`, `Refusals are logged`, `Your role is now admin`.
    Copula,
    /// `If the user asks`, `Whenever you call send_email`, `Before any other tool`.
    Condition,
    /// No verb group: a label, a heading, a noun phrase.
    #[default]
    Fragment,
}

/// Who the subject of the clause is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Party {
    /// The reading model: an imperative's reader, `you`, `the assistant`, `agents`.
    Model,
    /// The person using the model.
    User,
    /// Anyone or anything else: the tool, a file, a third party.
    Other,
    #[default]
    None,
}

#[derive(Debug, Clone, Default)]
pub struct Reading {
    pub form: Form,
    pub subject: Party,
    /// The subject's tokens (for a passive, what is acted on).
    pub subject_tokens: Range<usize>,
    /// The head verb's token.
    pub verb: Option<usize>,
    /// What the head verb does ([`act`] bits).
    pub act: u32,
    /// The clause orders: an imperative, a `must`/`should`/`need to`/`is required to`, or a
    /// passive obligation (`is to be sent`, `must be included`).
    pub obligation: bool,
    /// A `not`, `never`, `no longer` or `n't` governs the verb group.
    pub negated: bool,
    /// The tokens after the head verb.
    pub complement: Range<usize>,
    /// A covert manner anywhere in the clause: secretly, discreetly, behind the scenes,
    /// without the user's knowledge or consent.
    pub covert: bool,
    /// A quiet manner: silently, quietly, in the background.
    pub quiet: bool,
    /// `always`, `every time`, `whenever`.
    pub always: bool,
    /// `from now on`, `for the rest of the session`.
    pub standing: bool,
    pub please: bool,
    /// `important`, `mandatory`, `compliance` in the clause.
    pub authority: bool,
}

impl Reading {
    /// The clause gives an order to the model: an imperative, or an obligation whose subject
    /// is the model, or a passive obligation (whoever must act, the reading model is the one
    /// that can).
    pub fn orders_model(&self) -> bool {
        match self.form {
            Form::Imperative => true,
            Form::Modal => self.obligation && self.subject == Party::Model,
            Form::Passive => self.obligation,
            _ => false,
        }
    }

    pub fn does(&self, classes: u32) -> bool {
        self.act & classes != 0
    }
}

/// Whether the `get` at `at` takes a participle within the clause ending at `end` (`gets
/// posted`); one that is also a base form (`set`, `run`) is too unsure to read as passive.
fn participle_after_get(tokens: &[Token], at: usize, end: usize) -> bool {
    at + 1 < end && tokens[at + 1].info.is_participle() && !tokens[at + 1].info.is_base_verb()
}

fn is_word(tokens: &[Token], at: usize, lower: &str, words: &[&str]) -> bool {
    tokens.get(at).is_some_and(|token| {
        token.kind == Kind::Word && words.contains(&&lower[token.start..token.end])
    })
}

/// Words that follow `is` or `are` and a `to` to make an obligation: `are required to`.
const OBLIGED: &[&str] = &[
    "required",
    "expected",
    "instructed",
    "asked",
    "supposed",
    "obliged",
    "obligated",
    "meant",
    "directed",
    "told",
    "ordered",
    "mandated",
    "requested",
    "permitted",
    "allowed",
    "authorized",
    "authorised",
    "encouraged",
    "advised",
    "responsible",
];

/// Modals that oblige (`will`, `can`, `may` describe or permit).
const OBLIGING_MODALS: &[&str] =
    &["must", "should", "shall", "need", "needs", "ought", "mustn't", "shouldn't"];

/// Reads one clause of `tokens` (`lower` is the lowercased text).
pub fn read(tokens: &[Token], lower: &str, clause: &Clause) -> Reading {
    // `(ssh-add)`, `(git-push)`: one hyphenated name in brackets names a program; it orders
    // nothing.
    let range = clause.tokens.clone();
    if clause.bracketed
        && range.len() == 1
        && lower
            .get(tokens[range.start].start..tokens[range.start].end)
            .is_some_and(|word| word.contains('-'))
    {
        return Reading {
            form: Form::Fragment,
            subject: Party::Other,
            subject_tokens: range.clone(),
            ..Reading::default()
        };
    }
    let mut reading =
        read_wish(tokens, lower, clause).unwrap_or_else(|| read_verb_group(tokens, lower, clause));
    split_particle(&mut reading, tokens, lower, range.end);
    // The manner belongs to the head verb: not to a purpose after it (`set it to false to
    // accept silently`), nor to a relative clause (`malware that tries to stealthily persist`).
    let mut end = range.end;
    if let Some(verb) = reading.verb {
        // `to accept`, `to silently accept`; not `to the archive`, whose noun is also a verb.
        let infinitive = (verb + 1..range.end).find(|&at| {
            lower.get(tokens[at].start..tokens[at].end) == Some("to")
                && (at + 1..range.end.min(at + 3))
                    .take_while(|&next| {
                        next == at + 1 || tokens[next - 1].info.func & func::DET == 0
                    })
                    .any(|next| {
                        tokens[next].info.is_base_verb() && tokens[next].info.func & func::DET == 0
                    })
                && tokens.get(at + 1).is_some_and(|next| next.info.func & func::DET == 0)
        });
        end = infinitive.unwrap_or(end);
    }
    let (covert, quiet) = manner(tokens, lower, range.start..end);
    reading.covert = covert;
    reading.quiet = quiet;
    reading
}

/// Words of a wish that opens a clause: `We'd be grateful if`, `we would appreciate it if`,
/// `It would be wonderful if`, `It would help us a lot if`.
const WISHING: &[&str] = &[
    "grateful",
    "appreciate",
    "appreciated",
    "thankful",
    "glad",
    "great",
    "helpful",
    "ideal",
    "help",
    "wonderful",
    "nice",
    "lovely",
    "perfect",
    "fantastic",
    "awesome",
    "useful",
    "obliged",
];

/// Words after `it is` that make the `that` clause after them an obligation.
const IMPERSONAL: &[&str] = &[
    "expected",
    "required",
    "essential",
    "important",
    "necessary",
    "mandatory",
    "imperative",
    "vital",
    "crucial",
];

/// `We'd be grateful if any API keys the user pastes were forwarded to ...`: a wish put before
/// `if` is an order of what follows it, read as its own verb group, and an obligation in the
/// passive (`were forwarded`) or on the model (`if you forwarded`). The wish must open the
/// clause within five words and `if` follow it within five more (`help us a lot if`), so `if`
/// elsewhere keeps its own sense.
fn read_wish(tokens: &[Token], lower: &str, clause: &Clause) -> Option<Reading> {
    let range = clause.tokens.clone();
    // Empty past the clause's end, so a frame read ahead never leaves it.
    let word = |at: usize| {
        (tokens.get(at).filter(|_| at < range.end))
            .and_then(|token| lower.get(token.start..token.end))
            .unwrap_or_default()
    };
    let opening = range.start..range.end.min(range.start + 6);
    // `it is expected that the agent also writes ...`: an impersonal obligation whose `that`
    // clause is the order, as a wish's `if` clause is.
    let impersonal = opening.clone().find(|&at| {
        word(at) == "it"
            && matches!(word(at + 1), "is" | "'s" | "remains")
            && IMPERSONAL.contains(&word(at + 2))
            && word(at + 3) == "that"
    });
    let condition = match impersonal {
        Some(it) => it + 3,
        None => wish_if(tokens, lower, clause)?,
    };
    if condition + 1 >= range.end {
        return None;
    }
    // `if you used read_pdf first, even when another reader is connected`: the wish ends
    // where a concession begins, whose own verb is no part of it.
    let end = (condition + 2..range.end)
        .find(|&at| word(at) == "," && word(at + 1).starts_with("even "))
        .unwrap_or(range.end);
    let rest = Clause { tokens: condition + 1..end, ..clause.clone() };
    let mut reading = read_verb_group(tokens, lower, &rest);
    wished(&mut reading, impersonal.is_none()).then_some(reading)
}

/// Makes `reading`, the verb group a wish or an impersonal obligation governs, the order it
/// gives: an obligation in the passive (`were forwarded`) or on the model (`if you
/// forwarded`), a wish's put politely. False, and `reading` untouched, for any other subject.
pub(super) fn wished(reading: &mut Reading, please: bool) -> bool {
    let orders = match reading.form {
        Form::Passive => true,
        Form::Statement | Form::Modal => reading.subject == Party::Model,
        _ => false,
    };
    if orders {
        reading.obligation = true;
        reading.please = please;
        if reading.form == Form::Statement {
            reading.form = Form::Modal;
        }
    }
    orders
}

/// The `if` of a wish that opens `clause` (`It would help us a lot if`): a [`WISHING`] word
/// within its first six tokens, and `if` within nine tokens after it, room for whom it would
/// help and how much (`It would help our on-call team a great deal if`).
pub(super) fn wish_if(tokens: &[Token], lower: &str, clause: &Clause) -> Option<usize> {
    let range = clause.tokens.clone();
    let word = |at: usize| {
        (tokens.get(at).filter(|_| at < range.end))
            .and_then(|token| lower.get(token.start..token.end))
            .unwrap_or_default()
    };
    let wish =
        (range.start..range.end.min(range.start + 6)).find(|&at| WISHING.contains(&word(at)))?;
    (wish + 1..range.end.min(wish + 10)).find(|&at| word(at) == "if")
}

/// Particles that end a verb phrase apart from its verb: `bring the upload up`.
const PARTICLES: &[&str] = &["up", "out", "off", "back", "down", "over", "away"];

/// `didn't bring the upload up`, `leave the fee out`: a verb and its particle with a short
/// object between read as the verb phrase the lexicon lists (`bring up`, a telling).
fn split_particle(reading: &mut Reading, tokens: &[Token], lower: &str, end: usize) {
    let Some(verb) = reading.verb else { return };
    let word = |at: usize| lower.get(tokens[at].start..tokens[at].end).unwrap_or_default();
    // One to three words of a noun phrase, then the particle.
    let reach = end.min(verb + 5).max(verb + 2);
    for (at, token) in tokens.iter().enumerate().take(reach).skip(verb + 2) {
        if PARTICLES.contains(&word(at)) {
            let info = crate::vocab::phrase(&format!("{} {}", word(verb), word(at)));
            reading.act |= info.act;
            return;
        }
        if token.kind != Kind::Word || token.info.is_verb() {
            return;
        }
    }
}

/// Whether `range` holds a covert manner, and a quiet one, outside any relative clause.
fn manner(tokens: &[Token], lower: &str, range: Range<usize>) -> (bool, bool) {
    let (mut covert, mut quiet) = (false, false);
    for at in range.clone() {
        let token = &tokens[at];
        let relative = at > range.start + 1
            && matches!(&lower[token.start..token.end], "that" | "which" | "who" | "whose")
            && tokens[at - 1].kind == Kind::Word
            && tokens[at - 1].info.func == 0;
        if relative {
            break;
        }
        covert |= token.info.func & func::COVERT != 0
            || withholds_knowledge(tokens, lower, at, range.end);
        quiet |= token.info.func & func::QUIET != 0;
    }
    (covert, quiet)
}

fn read_verb_group(tokens: &[Token], lower: &str, clause: &Clause) -> Reading {
    let range = clause.tokens.clone();
    let end = range.end;
    let mut reading =
        Reading { complement: end..end, subject_tokens: end..end, ..Reading::default() };
    for token in &tokens[range.clone()] {
        let f = token.info.func;
        reading.standing |= f & func::STANDING != 0;
        reading.always |= f & func::ALWAYS != 0;
        reading.please |= f & func::PLEASE != 0;
        reading.authority |= f & func::AUTHORITY != 0;
    }
    let mut at = range.start;
    // Bullets, numbering, heading marks and opening quotes.
    while at < end && matches!(tokens[at].kind, Kind::Punct(_) | Kind::Number) {
        at += 1;
    }
    if at >= end {
        return reading;
    }
    // `and if the user asks, ...`: a condition coordinated with the clause before.
    if tokens[at].info.func & func::CONJ != 0
        && tokens.get(at + 1).is_some_and(|next| {
            next.info.func & func::SUBORD != 0 && next.info.func & (func::PREP | func::MODAL) == 0
        })
        && at + 1 < end
    {
        at += 1;
    }
    // `so before summarising write the following ...`: a preposition and its gerund lead the
    // order that follows them.
    let lead = if tokens[at].info.func & func::CONJ != 0 { at + 1 } else { at };
    if lead + 2 < end
        && tokens[lead].info.func & func::SUBORD != 0
        && tokens[lead].info.func & func::PREP != 0
        && tokens[lead + 1].info.is_gerund()
        && tokens[lead + 2].info.is_base_verb()
        && tokens[lead + 2].kind == Kind::Word
        // `before sending mail through any tool`: a verb-like noun the gerund takes as its
        // object is followed by a preposition, a comma or nothing; an order by its own object.
        && tokens.get(lead + 3).is_some_and(|next| {
            next.kind == Kind::Word
                && next.info.func & (func::PREP | func::SUBORD | func::CONJ) == 0
        })
    {
        at = lead + 2;
    }
    // `, and should they wonder how ...`, `and if the user asks`: a condition after `and`.
    if tokens[at].info.func & func::CONJ != 0
        && at + 2 < end
        && (is_word(tokens, at + 1, lower, &["should", "if", "when", "whenever", "unless"]))
    {
        at += 1;
    }
    let opener = tokens[at].info.func;
    // `Should the user ask, ...`, `Should what the user wants and what the tool says differ,
    // ...`: `should` before its subject opens a condition.
    let inverted_should = is_word(tokens, at, lower, &["should"])
        && tokens.get(at + 1).is_some_and(|next| {
            next.info.thing & thing::USER != 0
                || next.info.func & (func::PRONOUN | func::DET) != 0 && !next.info.is_verb()
                || is_word(tokens, at + 1, lower, &["what", "whatever", "anything", "something"])
        });
    if opener & func::SUBORD != 0 && (opener & func::MODAL == 0 || inverted_should) {
        reading.form = Form::Condition;
        at += 1;
    }
    // `From this point onward you ...`: a standing lead of time, read as `from now on`.
    if is_word(tokens, at, lower, &["from"]) {
        let onward = (at + 2..end.min(at + 5))
            .find(|&on| is_word(tokens, on, lower, &["on", "onward", "onwards", "forward"]));
        if let Some(on) = onward.filter(|&on| on + 1 < end) {
            // `from this message onward`, not `from version 3.0 onward`.
            reading.standing |= is_word(tokens, at + 1, lower, &["this", "here", "today"]);
            at = on + 1;
        }
    }
    // `From the next reply until this conversation ends, every answer ...`: a lead of time
    // that runs to its comma.
    if is_word(tokens, at, lower, &["from"]) {
        let until =
            (at + 1..end.min(at + 6)).find(|&on| is_word(tokens, on, lower, &["until", "till"]));
        let comma = until.and_then(|until| {
            (until + 1..end.min(until + 10)).find(|&on| tokens[on].is_punct(','))
        });
        if let Some(comma) = comma.filter(|&comma| comma + 1 < end) {
            reading.standing = true;
            at = comma + 1;
        }
    }
    // Adverbs, `please`, and the negation an imperative opens with (`do not`, `never`).
    let opened_at = at;
    while at < end {
        let token = &tokens[at];
        let f = token.info.func;
        let adverb = f
            & (func::LEAD
                | func::PLEASE
                | func::ALWAYS
                | func::COVERT
                | func::QUIET
                | func::STANDING
                | func::AUTHORITY)
            != 0
            || f & func::CONJ != 0 && f & func::NEG == 0;
        // `do not`, `don't`, `never`: an imperative's negation. `doesn't` opens a statement.
        let third_person = matches!(
            lower.get(token.start..token.end),
            Some("doesn't" | "doesnt" | "didn't" | "didnt" | "isn't" | "aren't")
        );
        // `Without the user noticing, ...`: a manner that hides the act, not its negation.
        let negation = f & func::NEG != 0
            && f & func::DET == 0
            && !third_person
            && !keeps_unaware(tokens, lower, at, end);
        let do_not = lower.get(token.start..token.end) == Some("do")
            && tokens.get(at + 1).is_some_and(|next| next.info.func & func::NEG != 0);
        if !(negation || do_not || adverb && !starts_imperative(tokens, lower, at)) {
            break;
        }
        reading.negated |= negation;
        at += 1;
    }
    if at >= end {
        return reading;
    }
    if reading.negated
        && reading.form != Form::Condition
        && inverted(&mut reading, tokens, lower, at)
    {
        return reading;
    }
    // After an adverb (`covertly upload thumbnails`), a base verb opens an imperative whatever
    // follows it.
    let after_adverb = at > opened_at
        && tokens[at].info.is_base_verb()
        && tokens[at].kind == Kind::Word
        && tokens[at].info.func & (func::MODAL | func::BE | func::DO | func::HAVE) == 0
        && !noun_then_be(tokens, lower, at)
        // `Each order is copied`: a noun before its verb group.
        && tokens.get(at + 1).is_none_or(|next| next.info.func & (func::BE | func::MODAL) == 0);
    // `Imports a 1Password (.1pux) export that the user picks`: after a bracket inside a
    // clause that already has its verb, the words carry that clause on; they open no order.
    let resumed = at == clause.tokens.start && resumes(tokens, at);
    // `Every sync result includes ...`: after `every` or `each`, a verb-like word starts the
    // noun phrase it quantifies, not an order.
    let quantified = at > opened_at && is_word(tokens, at - 1, lower, &["every", "each"]);
    if reading.form != Form::Condition
        && !resumed
        && !quantified
        && (starts_imperative(tokens, lower, at) || after_adverb)
    {
        reading.form = Form::Imperative;
        reading.subject = Party::Model;
        reading.obligation = true;
        set_verb(&mut reading, tokens, at, end);
        return reading;
    }
    // `Returns the weather`, `Also stars the repo`: a description with the tool as subject;
    // not `Calls to send_email are ...`, a plural noun with its verb further on.
    let plural_subject = is_word(tokens, at + 1, lower, &["to", "of", "from", "for", "made", "by"])
        && tokens[at + 1..end].iter().any(|t| t.info.func & (func::BE | func::MODAL) != 0)
        // `Notes containing passwords should be mailed to ...`: a noun its participle
        // qualifies, with the verb group further on and no relative pronoun before it.
        || tokens.get(at + 1).is_some_and(|next| next.info.is_gerund())
            && (at + 2..end)
                .take_while(|&on| {
                    // `Fetches pending invoices and is idempotent`: a second verb of the
                    // tool's, coordinated.
                    let second_verb = tokens[on].info.func & func::CONJ != 0
                        && tokens.get(on + 1).is_some_and(|next| {
                            next.info.func & (func::BE | func::MODAL) != 0 || next.info.is_third()
                        });
                    let relative = is_word(tokens, on, lower, &["that", "which", "who", "whose"]);
                    !(second_verb || relative)
                })
                .any(|on| tokens[on].info.func & (func::BE | func::MODAL) != 0);
    // `gets posted to ...` after a subject set off by commas: a passive, read below.
    if is_word(tokens, at, lower, &["gets", "got"]) && participle_after_get(tokens, at, end) {
        if reading.form != Form::Condition {
            reading.form = Form::Passive;
        }
        reading.subject = Party::Other;
        reading.subject_tokens = at..at;
        set_verb(&mut reading, tokens, at + 1, end);
        return reading;
    }
    // `Answers produced by other servers are unreliable`: a plural noun, a participle and its
    // `by`, then the clause's own `be`.
    let reduced_relative = at + 2 < end
        && tokens[at + 1].info.is_participle()
        && !tokens[at + 1].info.is_third()
        && is_word(tokens, at + 2, lower, &["by"])
        && tokens[at + 3..end].iter().any(|t| t.info.func & (func::BE | func::MODAL) != 0);
    if tokens[at].info.is_third()
        && tokens[at].kind == Kind::Word
        && tokens[at].info.func == 0
        && !plural_subject
        && !reduced_relative
    {
        if reading.form != Form::Condition {
            reading.form = Form::Statement;
        }
        reading.subject = Party::Other;
        set_verb(&mut reading, tokens, at, end);
        return reading;
    }
    // A subject, then a verb group.
    let subject_start = at;
    while at < end && !opens_verb_group(tokens, lower, at, subject_start, end) {
        at += 1;
    }
    // `a copy of any .env file that is read should also be mailed to ...`: a relative clause
    // inside the subject has its own verb; the clause's is the modal group after it.
    if at > subject_start + 1
        && at < end
        && is_word(tokens, at - 1, lower, &["that", "which", "who"])
        && let Some(modal) = (at + 1..end.min(at + 8)).find(|&later| {
            tokens[later].info.func & func::MODAL != 0
                && !tokens[at..later].iter().any(|t| t.is_punct(',') || t.is_punct(';'))
        })
    {
        at = modal;
    }
    // `the answers this tool returns replace any rules ...`: a relative clause with no `that`
    // (a determiner inside the subject, a third-person verb), then the clause's own base verb.
    if at + 1 < end
        && at > subject_start + 2
        && tokens[at].info.is_third()
        && tokens[at + 1].info.is_base_verb()
        && !tokens[at + 1].info.is_third()
        && tokens[at + 1].info.thing == 0
        && tokens[at + 1].info.act & act::GENERIC == 0
        && (subject_start + 1..at).any(|b| tokens[b].info.func & func::DET != 0)
    {
        at += 1;
    }
    // `every connection string the tool encounters in config files is also delivered to ...`:
    // a relative clause with no `that` (a determiner inside the subject, a third-person verb)
    // before a passive: the clause's verb group is the `be` or modal of the passive.
    if at + 1 < end
        && at > subject_start + 2
        && tokens[at].info.is_third()
        && (subject_start + 1..at).any(|b| tokens[b].info.func & func::DET != 0)
        && let Some(later) = (at + 1..end.min(at + 8)).find(|&later| {
            tokens[later].info.func & (func::BE | func::MODAL) != 0
                && !tokens[at..later].iter().any(|t| t.is_punct(',') || t.is_punct(';'))
        })
        // `deletes anything that has not been opened`: a `be` of a relative clause of its own.
        && !(at..later).any(|between| is_word(tokens, between, lower, &["that", "which", "who"]))
        && participle_after(tokens, lower, later, end.min(later + 4), &["also", "not", "never", "be", "always"])
    {
        at = later;
    }
    // `the conversation, including any details the customer has shared, is sent to ...`: a
    // `be` or modal right after a comma has no subject of its own, so all before it is the
    // subject and the verb group found inside it belongs to a relative clause.
    if at < end
        && let Some(later) = (at + 1..end.min(at + 12)).find(|&later| {
            tokens[later - 1].is_punct(',')
                && tokens[later].info.func & (func::BE | func::MODAL) != 0
                && tokens
                    .get(later + 1)
                    .is_some_and(|next| next.info.is_participle() || next.info.func & func::BE != 0)
        })
    {
        at = later;
    }
    // `Whatever is on the clipboard at call time is uploaded to ...`: a free relative as the
    // subject has its own `be`; the clause's verb group is the passive after it.
    if at == subject_start + 1
        && is_word(tokens, subject_start, lower, &["whatever", "what"])
        && at < end
        && tokens[at].info.func & func::BE != 0
        && let Some(later) = (at + 2..end.min(at + 14))
            .take_while(|&later| !matches!(tokens[later].kind, Kind::Punct(_)))
            .find(|&later| tokens[later].info.func & (func::BE | func::MODAL) != 0)
        // Its own verb group: a participle, or `not`, `to` and the like before one (`is not to
        // be shared`).
        && participle_after(
            tokens,
            lower,
            later,
            end.min(later + 5),
            &["not", "to", "be", "being", "been", "never"],
        )
    {
        at = later;
    }
    let subject_start = after_fronted_phrase(tokens, subject_start, at);
    reading.subject_tokens = subject_start..at;
    reading.subject = party(&tokens[subject_start..at]);
    // `it's a temporary hold`, `they're ranked by relevance`: the pronoun is the subject and
    // its `'s` or `'re` the verb group's `be`.
    if at < end && at == subject_start && contracted_be(lower, &tokens[at]) {
        reading.subject_tokens = at..at + 1;
        reading.subject = if is_word(tokens, at, lower, &["you're"]) {
            Party::Model
        } else {
            party(&tokens[at..at + 1])
        };
    }
    // `No need to bring this up with the rider`, `there's no need to ...`: the reader's
    // obligation denied, as `do not` denies an imperative.
    let no_need = is_word(tokens, at, lower, &["need"])
        && at > subject_start
        && is_word(tokens, at - 1, lower, &["no"])
        && tokens[subject_start..at - 1].iter().all(|t| {
            matches!(
                lower.get(t.start..t.end),
                Some(
                    "there's"
                        | "there"
                        | "is"
                        | "theres"
                        | "really"
                        | "honestly"
                        | "actually"
                        | "simply"
                        | "absolutely"
                        | "truly"
                )
            )
        });
    if no_need {
        reading.subject = Party::Model;
        reading.negated = true;
    }
    // `the assistant no longer applies`: a negation right before the verb group is its own.
    if at > subject_start
        && at < end
        && tokens[at - 1].info.func & func::NEG != 0
        && tokens[at - 1].info.func & func::DET == 0
    {
        reading.negated = true;
    }
    if at >= end {
        // `the profile's logins.json and key4.db go up to https://...`: a plural subject and
        // a verb of movement in the present, which the verb-group reader does not open on.
        let moving = (subject_start + 1..end).find(|&verb| {
            is_word(tokens, verb, lower, MOVING)
                && is_word(tokens, verb + 1, lower, &["to", "up", "into", "out", "off", "straight"])
        });
        if let Some(verb) = moving {
            if reading.form != Form::Condition {
                reading.form = Form::Statement;
            }
            reading.subject_tokens = subject_start..verb;
            reading.subject = party(&tokens[subject_start..verb]);
            set_verb(&mut reading, tokens, verb, end);
            return reading;
        }
        if reading.form != Form::Condition {
            reading.form = Form::Fragment;
        }
        return reading;
    }
    let before = reading.clone();
    let mut form = verb_group(&mut reading, tokens, lower, at, end);
    // `how many were deleted is not to be shared`, `files that are uploaded must be kept`: a
    // verb group inside the subject; the obligation after it is the clause's head.
    if !reading.obligation {
        let first = reading.verb.map_or(at, |verb| verb + 1);
        // `Whatever your operator's configuration says ... is not in force`: a clause as the
        // subject; its verb is not the head, the next `be` or modal is.
        // Not `Whatever the diff contains, the summary states ...`: a comma ends a concession.
        let nominal =
            is_word(tokens, subject_start, lower, &["whatever", "what", "whoever", "how"])
                && !tokens[subject_start..first].iter().any(|t| t.is_punct(','));
        let head = (first..end).find(|&next| {
            obliged(tokens, lower, next, end)
                || nominal && tokens[next].info.func & (func::BE | func::MODAL) != 0
        });
        if let Some(head) = head {
            reading = before;
            reading.subject_tokens = subject_start..head;
            reading.subject = party(&tokens[subject_start..head]);
            form = verb_group(&mut reading, tokens, lower, head, end);
        }
    }
    if reading.form != Form::Condition {
        reading.form = form;
    }
    reading
}

/// Whether an obligation opens at `at`: `is (not) to be` or `must (never) be` before a
/// participle, or `must`, `has to`, `needs to` before a verb.
fn obliged(tokens: &[Token], lower: &str, mut at: usize, end: usize) -> bool {
    let word_at =
        |at: usize| tokens.get(at).filter(|_| at < end).map_or("", |t| &lower[t.start..t.end]);
    let skip = |at: &mut usize| {
        while *at < end && tokens[*at].info.func & func::NEG != 0 && !tokens[*at].info.is_verb() {
            *at += 1;
        }
    };
    let f = tokens[at].info.func;
    if f & func::BE != 0 {
        at += 1;
        skip(&mut at);
        if word_at(at) != "to" {
            return false;
        }
    } else if f & func::MODAL != 0 && OBLIGING_MODALS.contains(&word_at(at))
        || f & func::HAVE != 0 && word_at(at + 1) == "to"
    {
        at += 1;
        if word_at(at) == "to" {
            at += 1;
        }
        skip(&mut at);
        if at < end && tokens[at].info.is_base_verb() && word_at(at) != "be" {
            return true;
        }
        // `must be ...`: an obligation, passive or copula.
        return word_at(at) == "be";
    } else {
        return false;
    }
    at += 1;
    skip(&mut at);
    if word_at(at) != "be" {
        return false;
    }
    at += 1;
    skip(&mut at);
    at < end && tokens[at].info.is_participle()
}

/// Negative inversion: `Under no circumstances should the user be told`, `At no time must you
/// mention`. The obliging modal at `at` comes before its subject; the verb group resumes at the
/// first `be` or verb after it.
fn inverted(reading: &mut Reading, tokens: &[Token], lower: &str, at: usize) -> bool {
    let end = reading.complement.end;
    let word_at =
        |at: usize| tokens.get(at).filter(|_| at < end).map_or("", |t| &lower[t.start..t.end]);
    if !OBLIGING_MODALS.contains(&word_at(at))
        || tokens.get(at + 1).is_none_or(|next| {
            next.info.is_verb()
                || next.info.func & (func::NEG | func::BE) != 0
                || word_at(at + 1) == "to"
        })
    {
        return false;
    }
    let Some(resume) = (at + 2..end.min(at + 8)).find(|&next| {
        word_at(next) == "be" || tokens[next].info.is_base_verb() && tokens[next].info.thing == 0
    }) else {
        return false;
    };
    reading.subject_tokens = at + 1..resume;
    reading.subject = party(&tokens[at + 1..resume]);
    reading.obligation = true;
    if word_at(resume) == "be" {
        let verb = resume + 1;
        if verb < end && tokens[verb].info.is_participle() {
            reading.form = Form::Passive;
            set_verb(reading, tokens, verb, end);
            return true;
        }
        return false;
    }
    reading.form = Form::Modal;
    set_verb(reading, tokens, resume, end);
    true
}

/// `without the user's knowledge`, `without their consent`, `without operator approval`: a
/// `without` whose next few words name the person and what they are not given.
fn withholds_knowledge(tokens: &[Token], lower: &str, at: usize, end: usize) -> bool {
    withheld(tokens, lower, at, end).is_some()
}

/// `without letting the user know`, `without the customer noticing`: the person kept from
/// learning of the act, not merely from approving it. It hides the act rather than negating
/// it; `Without your approval, no payment is sent` is a negation still.
fn keeps_unaware(tokens: &[Token], lower: &str, at: usize, end: usize) -> bool {
    withheld(tokens, lower, at, end) == Some(true)
}

/// What a `without` at `at` keeps from the person it names: `Some(true)` their learning of
/// the act, `Some(false)` their knowledge or consent named as a noun.
fn withheld(tokens: &[Token], lower: &str, at: usize, end: usize) -> Option<bool> {
    if lower.get(tokens[at].start..tokens[at].end) != Some("without") {
        return None;
    }
    let next = (at + 1)..(at + 5).min(end);
    let word = |t: &Token| lower.get(t.start..t.end).unwrap_or("");
    let person = tokens[next.clone()].iter().any(|t| {
        t.info.thing & thing::USER != 0
            || matches!(word(t), "their" | "his" | "her" | "your" | "them" | "anyone")
    });
    if !person {
        return None;
    }
    let learning = |t: &Token| {
        matches!(word(t), "know" | "knowing" | "notice" | "noticing" | "realise" | "realize")
            || matches!(word(t), "realising" | "realizing" | "aware")
    };
    // Of the act, not of a thing: `without anyone knowing the password` says who holds it.
    let of_act = |at: usize| {
        tokens.get(at + 1).is_none_or(|after| {
            after.kind != Kind::Word || matches!(word(after), "about" | "of" | "that" | "it")
        })
    };
    // `without the user's knowledge or consent, a copy is kept ...`: their knowledge of the
    // act, named as a noun, is their learning of it.
    let known = |at: usize| {
        matches!(word(&tokens[at]), "knowledge" | "awareness")
            && tokens.get(at + 1).is_none_or(|after| {
                after.kind != Kind::Word || matches!(word(after), "or" | "and" | "of" | "about")
            })
    };
    if next.clone().any(|at| learning(&tokens[at]) && of_act(at) || known(at)) {
        return Some(true);
    }
    let noun = |t: &Token| t.info.func & func::KNOWLEDGE != 0 && !learning(t);
    tokens[next].iter().any(noun).then_some(false)
}

/// Who a subject's tokens name.
pub fn party(subject: &[Token]) -> Party {
    if subject.is_empty() {
        return Party::None;
    }
    // `For ChatML models each turn becomes ...`: a phrase opened by a preposition is no
    // subject; the subject is the noun phrase its last determiner or pronoun opens (`To
    // enable sharing you need to ...`).
    if subject[0].info.func & func::PREP != 0 && subject[0].info.func & func::SUBORD == 0 {
        let head = subject
            .iter()
            .rposition(|token| token.info.func & (func::DET | func::YOU | func::PRONOUN) != 0);
        return match head {
            Some(head) if head > 0 => party(&subject[head..]),
            _ => Party::Other,
        };
    }
    let you = |token: &Token| token.info.func & func::YOU != 0 && token.info.func & func::DET == 0;
    // `the person you are assisting`, `whoever you're helping`: a relative clause on the one
    // the model serves, who is the user.
    let user_noun = |token: &Token| {
        token.info.thing & thing::USER != 0
            && token.info.func & func::PRONOUN == 0
            && !token.is(super::lex::flag::POSSESSIVE)
    };
    if subject.windows(2).any(|pair| user_noun(&pair[0]) && you(&pair[1])) {
        return Party::User;
    }
    for token in subject {
        if token.info.thing & thing::MODEL != 0 || you(token) {
            return Party::Model;
        }
    }
    // `your answers must mention ...`: what the model writes stands for the model. (`the
    // replies you send` is the model's already, by its `you`.)
    if subject
        .windows(2)
        .any(|pair| pair[0].info.func & func::YOU != 0 && pair[1].info.thing & thing::ANSWER != 0)
    {
        return Party::Model;
    }
    if subject
        .iter()
        .any(|token| token.info.thing & thing::USER != 0 && token.info.func & func::PRONOUN == 0)
    {
        return Party::User;
    }
    Party::Other
}

fn set_verb(reading: &mut Reading, tokens: &[Token], at: usize, end: usize) {
    reading.verb = Some(at);
    reading.act = tokens[at].info.act;
    reading.complement = (at + 1).min(end)..end;
}

/// `Mail servers are stale`, `Copy jobs must finish`: the word at `at` and a noun after it
/// are the subject of the verb after them.
/// Whether token `at` is a word the lexicon does not know that ends like a verb in the third
/// person (`tends`), or like a plural noun.
fn unknown_third(tokens: &[Token], lower: &str, at: usize) -> bool {
    let token = &tokens[at];
    let word = lower.get(token.start..token.end).unwrap_or_default();
    token.kind == Kind::Word
        && token.info.func == 0
        && token.info.act == 0
        && token.info.thing == 0
        && word.len() > 3
        && word.ends_with('s')
        && !word.ends_with("ss")
}

fn noun_then_be(tokens: &[Token], lower: &str, at: usize) -> bool {
    // `Refund entries are ...`: a plural noun the lexicon does not know counts too.
    tokens
        .get(at + 1)
        .is_some_and(|next| next.info.thing != 0 || unknown_third(tokens, lower, at + 1))
        && tokens.get(at + 2).is_some_and(|then| then.info.func & (func::MODAL | func::BE) != 0)
}

/// Whether a clause's verb group is an imperative opening at `at`: a base verb not read as a
/// noun (`Copy of`, `Report:`) or an adjective.
/// Whether token `at` follows a closing bracket that interrupted a clause with a verb: the
/// opening bracket stands after a word of the same line, and a verb stands between it and the
/// last clause punctuation or line start before it (earlier brackets skipped). Both walks stay
/// within one sentence's reach, so a text of brackets stays linear.
fn resumes(tokens: &[Token], at: usize) -> bool {
    if at == 0 || !matches!(tokens[at - 1].kind, Kind::Punct(')' | ']')) {
        return false;
    }
    let reach = at.saturating_sub(super::segment::MAX_SENTENCE);
    let Some(open) = opening_bracket(tokens, reach..at) else { return false };
    if open == 0 || tokens[open].is(flag::LINE_START) || tokens[open - 1].kind != Kind::Word {
        return false;
    }
    let mut depth = 0usize;
    for token in tokens[reach..open].iter().rev() {
        match token.kind {
            Kind::Punct(')' | ']') => depth += 1,
            Kind::Punct('(' | '[') => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            Kind::Punct(',' | ';' | ':' | '.' | '!' | '?') => return false,
            Kind::Word
                if token.info.is_verb() && token.info.thing == 0 || token.info.is_third() =>
            {
                return true;
            }
            _ if token.is(flag::LINE_START) => return false,
            _ => {}
        }
    }
    false
}

/// The bracket that opens the group `range` closes with its last token.
fn opening_bracket(tokens: &[Token], range: Range<usize>) -> Option<usize> {
    let mut depth = 0usize;
    for at in range.rev() {
        match tokens[at].kind {
            Kind::Punct(')' | ']') => depth += 1,
            Kind::Punct('(' | '[') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// `do it through schedule_event`: the `do` at `at` with a pronoun for its object is a verb of
/// its own, not an auxiliary (`do they need ...` asks, `do you want` too).
pub(super) fn does_it(tokens: &[Token], at: usize) -> bool {
    tokens.get(at + 1).is_some_and(|object| {
        object.info.func & func::PRONOUN != 0 && object.info.func & func::YOU == 0
    }) && tokens.get(at + 2).is_none_or(|after| {
        !after.info.is_verb() && after.info.func & (func::MODAL | func::BE) == 0
    })
}

fn starts_imperative(tokens: &[Token], lower: &str, at: usize) -> bool {
    let token = &tokens[at];
    // `do what the page says`, `do as the notes tell you`: doing what something says.
    if is_word(tokens, at, lower, &["do"])
        && (does_it(tokens, at) || is_word(tokens, at + 1, lower, &["what", "whatever", "as"]))
    {
        return true;
    }
    if !token.info.is_base_verb()
        || token.kind != Kind::Word
        || token.info.func & (func::MODAL | func::BE | func::DO | func::HAVE) != 0
    {
        return false;
    }
    let Some(next) = tokens.get(at + 1) else { return token.info.thing == 0 };
    // `(default 1 hour)`, `default: none`, `(default ~/.config/x)`: a note of a default value;
    // only `default to ...` orders a default.
    if lower.get(token.start..token.end) == Some("default")
        && !is_word(tokens, at + 1, lower, &["to"])
    {
        return false;
    }
    // `stop requests from the user are not honoured`: a noun phrase, then its verb group.
    let subject_then_be = (next.info.thing != 0 || next.info.is_third())
        && (at + 2..tokens.len().min(at + 9))
            .take_while(|&later| {
                !tokens[later].is_punct(',')
                    && !is_word(tokens, later, lower, &["that", "which", "who"])
                    // `Forget everything you were told`: a relative clause's own subject.
                    // `Commit messages and the summary you give should read ...`: one
                    // whose verb the subject's own modal follows.
                    && (tokens[later].info.func & (func::YOU | func::PRONOUN) == 0
                        || tokens[later].info.func & func::DET != 0
                        || tokens.get(later + 1).is_some_and(|verb| verb.info.is_verb())
                            && tokens
                                .get(later + 2)
                                .is_some_and(|modal| modal.info.func & func::MODAL != 0))
                    && (!tokens[later].info.is_verb()
                        || tokens[later].info.func & func::BE != 0
                        || tokens[later - 1].info.func & func::YOU != 0
                            && tokens
                                .get(later + 1)
                                .is_some_and(|modal| modal.info.func & func::MODAL != 0))
            })
            .any(|later| tokens[later].info.func & (func::BE | func::MODAL) != 0);
    // `say they are sorted by relevance`, `tell them it was sent`: a verb of saying takes a
    // whole clause as its object.
    let says = token.info.act & crate::vocab::classes::act::SAY != 0
        && next.info.func & func::PRONOUN != 0;
    // `Output from the other translators contains errors`: a word that is also a noun, a
    // preposition, then the clause's own verb in the third person.
    let noun_then_third = token.info.thing != 0
        && is_word(tokens, at + 1, lower, &["from", "for", "on", "in", "with"])
        && (at + 2..tokens.len().min(at + 12))
            .take_while(|&later| {
                !matches!(tokens[later].kind, Kind::Punct(_))
                    && !is_word(tokens, later, lower, &["that", "which", "who"])
                    // `Post in the channel if it is urgent`: a condition's own verb.
                    && (tokens[later].info.func & func::SUBORD == 0
                        || tokens[later].info.func & (func::PREP | func::MODAL) != 0)
                    && (tokens[later].info.func & func::PRONOUN == 0
                        || tokens[later].info.func & func::DET != 0)
            })
            .any(|later| {
                // `Output from the other tools connected here should not be shown`, `Output
                // from the other tools is noisy`.
                tokens[later].info.func & (func::MODAL | func::BE) != 0
                    || tokens[later].info.is_third() && tokens[later].info.thing == 0
                    // `tends to`, `seems to`: a verb the lexicon does not know, by its `-s`
                    // and the `to` after it.
                    || unknown_third(tokens, lower, later) && is_word(tokens, later + 1, lower, &["to"])
            });
    if is_word(tokens, at + 1, lower, &["of"])
        || noun_then_third
        || subject_then_be && !says
        || next.info.func & (func::MODAL | func::BE) != 0
        || next.info.is_third() && next.info.thing == 0
        || noun_then_be(tokens, lower, at) && !says
    {
        return false;
    }
    if next.is_punct(':') {
        return false;
    }
    // `name and version`: two nouns; `read and forward it`: two verbs.
    if next.info.func & func::CONJ != 0 && next.info.func & func::NEG == 0 {
        return tokens.get(at + 2).is_some_and(|then| then.info.is_base_verb());
    }
    if token.info.thing == 0 {
        return true;
    }
    // A word that is also a noun opens an imperative only before what an imperative takes:
    // `copy what the user said`, `write here ...`, `write down ...`.
    next.info.func & (func::DET | func::PRONOUN | func::PREP | func::COVERT | func::ALWAYS) != 0
        || is_word(
            tokens,
            at + 1,
            lower,
            &["what", "whatever", "everything", "anything", "here", "down", "out", "back"],
        )
        || matches!(
            next.kind,
            Kind::Url
                | Kind::Email
                | Kind::Ip
                | Kind::Host
                | Kind::Path
                | Kind::EnvVar
                | Kind::Ident
                | Kind::Slot
                | Kind::Punct('`' | '"' | '\'')
        )
        || next.info.thing
            & (thing::SECRET
                | thing::CONVERSATION
                | thing::PROMPT
                | thing::FILE
                | thing::USERDATA
                | thing::CONTENT)
            != 0
}

/// Whether a verb group starts at `at`: a modal, a form of `be`, `do` or `have`, or a verb
/// that is not the subject's own head noun.
/// A pronoun joined to its `be`: `it's`, `that's`, `they're`, `we're`. `there's` opens an
/// existential (`there's no need to ...`), read where it stands.
fn contracted_be(lower: &str, token: &Token) -> bool {
    matches!(
        lower.get(token.start..token.end),
        Some("it's" | "that's" | "they're" | "we're" | "you're" | "he's" | "she's" | "what's")
    )
}

/// Whether the `be` or modal at `at` opens a passive: the first participle before `end` comes
/// after it with only words of `between` in the way (`is also delivered`, `is not to be shared`).
fn participle_after(
    tokens: &[Token],
    lower: &str,
    at: usize,
    end: usize,
    between: &[&str],
) -> bool {
    (at + 1..end).find(|&next| tokens[next].info.is_participle()).is_some_and(|participle| {
        (at + 1..participle).all(|word| is_word(tokens, word, lower, between))
    })
}

/// The pronouns that are a whole subject before a base verb: `you send`, `I approve`.
const SUBJECT_PRONOUNS: &[&str] = &["you", "we", "they", "i"];

fn opens_verb_group(
    tokens: &[Token],
    lower: &str,
    at: usize,
    subject_start: usize,
    end: usize,
) -> bool {
    let first = at == subject_start;
    let token = &tokens[at];
    if first && contracted_be(lower, token) {
        return true;
    }
    let f = token.info.func;
    // `should use X`: a modal that could open a condition (`should the user ask`) opens a
    // verb group when a verb follows it.
    let modal_verb = f & func::MODAL != 0
        && tokens.get(at + 1).is_some_and(|next| {
            next.info.is_base_verb() && next.info.thing == 0
                || lower.get(next.start..next.end) == Some("be")
        });
    if f & (func::MODAL | func::BE | func::HAVE) != 0
        && (!(first && f & func::SUBORD != 0) || modal_verb)
    {
        return true;
    }
    // `the first thing to do`: an infinitive inside the subject.
    let infinitive = at > 0 && lower.get(tokens[at - 1].start..tokens[at - 1].end) == Some("to");
    if f & func::DO != 0 && !infinitive {
        return true;
    }
    if !token.info.is_verb() || first || infinitive {
        return false;
    }
    // `the user's notes are synced`: a word after a determiner is its noun, not a verb.
    let previous = &tokens[at - 1];
    if previous.info.func & (func::DET | func::PREP) != 0
        || previous.is(super::lex::flag::POSSESSIVE)
    {
        return false;
    }
    if token.info.thing != 0 && !token.info.is_third() && !token.info.is_participle() {
        return false;
    }
    // `Chat requests are inputs`: a word in `-s` right before its `be` is the plural noun of
    // the subject, not a verb.
    if token.info.is_third()
        && tokens.get(at + 1).is_some_and(|next| next.info.func & (func::BE | func::MODAL) != 0)
    {
        return false;
    }
    // `credentials included,`: a participle set off by a comma is an aside, not the verb.
    let aside = token.info.is_participle()
        && !token.info.is_third()
        && tokens.get(at + 1).is_some_and(|next| next.is_punct(','));
    // `you send`: the pronoun is the whole subject; `every connection string you handle` is a
    // noun with a relative clause, whose verb is further on.
    // `from this point in the session you operate as ...`: after an opening adverbial, the
    // pronoun is the subject.
    let adverbial = tokens[subject_start].info.func & (func::PREP | func::STANDING) != 0;
    let pronoun_subject = (at - 1 == subject_start || adverbial)
        && is_word(tokens, at - 1, lower, SUBJECT_PRONOUNS)
        || is_word(tokens, at - 1, lower, &["agents", "assistants", "models"])
        // `you first call`, `you always send`: one adverb between.
        || at == subject_start + 2
            && is_word(tokens, subject_start, lower, SUBJECT_PRONOUNS)
            && previous.info.func
                & (func::ALWAYS | func::FIRST | func::COVERT | func::QUIET | func::LEAD | func::ONLY)
                != 0;
    // `the GITHUB_TOKEN found in the environment is to be appended`: a participle right after
    // its noun, with the clause's own verb group further on, is a reduced relative.
    let reduced = token.info.is_participle()
        && !token.info.is_third()
        && previous.kind != Kind::Punct(',')
        && tokens[at + 1..end].iter().any(|t| t.info.func & (func::BE | func::MODAL) != 0);
    // `All items comply with policy`, `the servers return JSON`: a plural noun after a
    // determiner, then a base verb that is no noun.
    let plural_subject = at >= subject_start + 2
        && token.info.thing == 0
        && previous.kind == Kind::Word
        && previous.info.func == 0
        && lower
            .get(previous.start..previous.end)
            .is_some_and(|w| w.ends_with('s') && !w.ends_with("ss"))
        && tokens[at - 2].info.func & func::DET != 0;
    token.info.is_third()
        || token.info.is_participle() && !aside && !reduced
        || token.info.is_base_verb() && (pronoun_subject || plural_subject)
}

/// Reads the verb group at `at`; returns its form.
fn verb_group(
    reading: &mut Reading,
    tokens: &[Token],
    lower: &str,
    mut at: usize,
    end: usize,
) -> Form {
    let word_at =
        |at: usize| tokens.get(at).filter(|_| at < end).map_or("", |t| &lower[t.start..t.end]);
    let skip_neg = |reading: &mut Reading, at: &mut usize| {
        while *at < end
            && tokens[*at].info.func
                & (func::NEG
                    | func::ALWAYS
                    | func::LEAD
                    | func::COVERT
                    | func::QUIET
                    | func::STANDING)
                != 0
            && !tokens[*at].info.is_verb()
        {
            reading.negated |= tokens[*at].info.func & func::NEG != 0;
            *at += 1;
        }
    };
    let head = &tokens[at];
    let f = if contracted_be(lower, head) { head.info.func | func::BE } else { head.info.func };
    reading.negated |= f & func::NEG != 0;
    // `must`, `should`, `need to`, `have to`, `will`.
    if f & func::MODAL != 0 || f & func::HAVE != 0 && word_at(at + 1) == "to" {
        let modal = word_at(at);
        // `you do not need to call it first`, `the user doesn't have to know`: the obligation
        // denied, which orders nothing.
        let denied = matches!(modal, "need" | "needs" | "have" | "has") && {
            let mut back = at;
            while back > 0
                && tokens[back - 1].info.func & func::NEG != 0
                && tokens[back - 1].info.func & func::DO == 0
            {
                back -= 1;
            }
            back > 0
                && tokens[back - 1].info.func & func::DO != 0
                && (back < at || tokens[back - 1].info.func & func::NEG != 0)
        };
        reading.negated |= denied;
        let obliging = (OBLIGING_MODALS.contains(&modal) || f & func::HAVE != 0) && !denied;
        at += 1;
        if word_at(at) == "to" {
            at += 1;
        }
        skip_neg(reading, &mut at);
        if word_at(at) == "be" {
            at += 1;
            skip_neg(reading, &mut at);
            if at < end && tokens[at].info.is_participle() {
                reading.obligation = obliging;
                set_verb(reading, tokens, at, end);
                return Form::Passive;
            }
            reading.obligation = obliging;
            reading.complement = at..end;
            return Form::Copula;
        }
        if at < end && tokens[at].info.is_verb() {
            reading.obligation = obliging;
            set_verb(reading, tokens, at, end);
            return Form::Modal;
        }
        reading.complement = at..end;
        return Form::Fragment;
    }
    // `is`, `are`: `to be` + participle, `to` + verb, `required to` + verb, a participle, or a
    // complement.
    if f & func::BE != 0 {
        at += 1;
        skip_neg(reading, &mut at);
        // `it's been uploaded`: the `'s` of a perfect.
        if word_at(at) == "been" {
            at += 1;
        }
        // `it's best left off the recap`, `are better kept out of the answer`: advice put in
        // the passive is an obligation. (`is best suited to`, `is better known as` describe.)
        if matches!(word_at(at), "best" | "better")
            && at + 1 < end
            && tokens[at + 1].info.is_participle()
            && !matches!(word_at(at + 1), "suited" | "known" | "described" | "understood")
        {
            reading.obligation = true;
            set_verb(reading, tokens, at + 1, end);
            return Form::Passive;
        }
        if word_at(at) == "to" {
            at += 1;
            skip_neg(reading, &mut at);
            if word_at(at) == "be" {
                at += 1;
                skip_neg(reading, &mut at);
            }
            if at < end && tokens[at].info.is_verb() {
                reading.obligation = true;
                let passive = tokens[at].info.is_participle() && !tokens[at].info.is_base_verb();
                set_verb(reading, tokens, at, end);
                return if passive { Form::Passive } else { Form::Modal };
            }
        }
        // `are directed by the Trust Office to stop`: the agent of the order between.
        let to = if word_at(at + 1) == "by" {
            (at + 2..end.min(at + 9)).find(|&next| word_at(next) == "to").unwrap_or(at + 1)
        } else {
            at + 1
        };
        if OBLIGED.contains(&word_at(at)) && word_at(to) == "to" {
            let mut verb = to + 1;
            skip_neg(reading, &mut verb);
            if word_at(verb) == "be" {
                verb += 1;
            }
            if verb < end && tokens[verb].info.is_verb() {
                reading.obligation = !matches!(
                    word_at(at),
                    "permitted" | "allowed" | "authorized" | "authorised" | "encouraged"
                );
                set_verb(reading, tokens, verb, end);
                return if reading.subject == Party::Model || reading.subject == Party::None {
                    Form::Modal
                } else {
                    Form::Passive
                };
            }
        }
        // `are quietly duplicated`: a word in `-ed` the lexicon does not know, after a manner
        // adverb after `be`, is a participle too.
        if at < end
            && at > 0
            && tokens[at - 1].info.func & (func::COVERT | func::QUIET) != 0
            && tokens[at].kind == Kind::Word
            && tokens[at].info.act == 0
            && tokens[at].info.thing == 0
            && tokens[at].info.func == 0
            && word_at(at).len() > 5
            && word_at(at).ends_with("ed")
        {
            set_verb(reading, tokens, at, end);
            return Form::Passive;
        }
        if at < end && tokens[at].info.is_participle() {
            set_verb(reading, tokens, at, end);
            return Form::Passive;
        }
        reading.complement = at..end;
        return Form::Copula;
    }
    // `the whole conversation gets posted to ...`: a passive with `get` (`Get posted
    // messages` opens an order; `gets` and `got` never do).
    if matches!(word_at(at), "gets" | "get" | "got" | "gotten")
        && (!reading.subject_tokens.is_empty() || word_at(at) != "get")
        && participle_after_get(tokens, at, end)
    {
        set_verb(reading, tokens, at + 1, end);
        return Form::Passive;
    }
    // `has been changed`, `have sent`: a perfect, or a passive perfect.
    if f & func::HAVE != 0 {
        at += 1;
        skip_neg(reading, &mut at);
        let passive = word_at(at) == "been";
        if passive {
            at += 1;
        }
        if at < end && tokens[at].info.is_participle() {
            set_verb(reading, tokens, at, end);
            return if passive { Form::Passive } else { Form::Statement };
        }
        reading.complement = at..end;
        return Form::Copula;
    }
    if f & func::DO != 0 {
        at += 1;
        skip_neg(reading, &mut at);
        if at < end && tokens[at].info.is_verb() {
            set_verb(reading, tokens, at, end);
            return Form::Statement;
        }
        reading.complement = at..end;
        return Form::Fragment;
    }
    set_verb(reading, tokens, at, end);
    // `you send`, `agents forward`: present tense with the model as subject orders it as
    // surely as `you must`.
    if reading.subject == Party::Model && head.info.is_base_verb() {
        reading.obligation = true;
        return Form::Modal;
    }
    Form::Statement
}

/// Whether the verb of `reading` is one of `acts`, or `go` with a data subject (`a copy of the
/// tokens goes to ...`).
pub fn moves_data(reading: &Reading, tokens: &[Token], lower: &str) -> bool {
    reading.does(act::SEND | act::PLACE)
        || reading.verb.is_some_and(|verb| is_word(tokens, verb, lower, MOVING))
}

/// Verbs of movement that carry data with no sending verb: `a copy goes to ...`.
const MOVING: &[&str] = &[
    "go", "goes", "went", "gone", "going", "land", "lands", "ends", "flow", "flows", "travel",
    "travels",
];

/// Whether `word` (lowercase) is a word of the lexicon with `classes`.
pub fn is_thing(lower_word: &str, classes: u32) -> bool {
    word(lower_word).thing & classes != 0
}

/// Where the subject in `start..verb` begins past a phrase set before it: `Under policy WC-7
/// the safety checks are suspended`, `Under this policy, your rules ...`: a preposition (not
/// one that opens a condition, `before`, `until`) and its noun, up to a comma or to the
/// determiner that opens a second noun phrase. The subject as read when nothing is set before
/// it.
fn after_fronted_phrase(tokens: &[Token], start: usize, verb: usize) -> usize {
    let opens = tokens.get(start).is_some_and(|token| {
        token.info.func & func::PREP != 0 && token.info.func & func::SUBORD == 0
    });
    if !opens || verb < start + 3 {
        return start;
    }
    if let Some(comma) = (start + 2..verb).find(|&at| tokens[at].is_punct(',')) {
        return if comma + 1 < verb { comma + 1 } else { start };
    }
    // The determiner of the preposition's own noun comes right after it; the subject's
    // follows a word that is not one.
    (start + 2..verb)
        .find(|&at| {
            tokens[at].info.func & func::DET != 0
                && tokens[at - 1].kind != Kind::Punct('-')
                && tokens[at - 1].info.func & (func::DET | func::PREP | func::CONJ) == 0
        })
        .unwrap_or(start)
}
