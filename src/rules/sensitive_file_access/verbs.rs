//! The verbs that put a credential file's bytes in the model's hands or carry them off, read
//! from the clause that names the file: what a verb does comes from the lexicon's classes
//! (every inflection with it), and whether it is taken back from the clause reading.

use crate::text::Doc;
use crate::text::lex::Kind;
use crate::text::read::Form;
use crate::vocab::Info;
use crate::vocab::classes::{act, func, thing};
use crate::vocab::inflect::form;
use crate::vocab::inflect::phrase_form_set;
use std::ops::Range;
use std::sync::LazyLock;

/// What a verb does with a file. Carrying outranks reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verb {
    /// Opens it where the model can see it: read, load, print.
    Read,
    /// Takes its contents somewhere: send, paste, include, forward.
    Carry,
}

/// What a word does with a file, by its lexicon classes. A word that both opens and sends
/// (`copy`, `dump`) reads: where the bytes go is another verb's. A look that only answers
/// about the file (`check`, `find`) takes nothing, a verb that writes (`add`, `place`) puts
/// something into the file, and one that tells (`report`) carries an answer, not the file.
fn verb_of(info: Info) -> Option<Verb> {
    let does = |classes: u32| info.act & classes != 0;
    if does(act::OPEN) {
        Some(Verb::Read)
    } else if !does(act::WRITE)
        && (does(act::PLACE) || does(act::SEND | act::HOSTILE) && !does(act::TELL | act::FETCH))
    {
        Some(Verb::Carry)
    } else {
        None
    }
}

/// Verbs that carry a file where its owner means it to go, as its owner's own step: a vault
/// exported, a package published, a key file passed or handed to the program that uses it.
/// Every form of each, inflected by the lexicon's rule.
static OWNERS_STEPS: LazyLock<crate::vocab::WordSet> =
    LazyLock::new(|| phrase_form_set(&["export", "publish", "pass", "hand"]));

/// The verb at token `at`, if it is one that reads or carries: not an adjective (`permissions
/// are too open`), not the first part of a compound (`read-only`).
fn verb_at(doc: &Doc, at: usize) -> Option<Verb> {
    let token = &doc.tokens[at];
    if !matches!(token.kind, Kind::Word | Kind::Ident) {
        return None;
    }
    // `security dump-keychain`: a command named by its verb; `telemetry.include`: a key
    // named by its last.
    let word = doc.word(at);
    if token.info.act == 0 {
        let part = word
            .split_once('-')
            .map(|(verb, _)| verb)
            .or_else(|| word.rsplit_once('.').map(|(_, key)| key));
        return part.and_then(|part| verb_of(crate::vocab::word(part)));
    }
    let adjective = word == "open"
        && at > 0
        && matches!(
            doc.word(at - 1),
            "too"
                | "is"
                | "are"
                | "was"
                | "were"
                | "left"
                | "wide"
                | "remain"
                | "remains"
                | "stay"
                | "stays"
                | "world"
        );
    if adjective || OWNERS_STEPS.contains(word) || noun(doc, at) {
        None
    } else {
        verb_of(token.info)
    }
}

/// `an access token`, `the encrypted export`, `a SOL transfer`: a determiner makes the word at
/// `at` a noun, past one word that is no verb of its own; a third-person form after two words
/// is the verb of their subject (`the assistant uploads`).
fn noun(doc: &Doc, at: usize) -> bool {
    let det = |at: usize| doc.tokens[at].info.func & func::DET != 0;
    let modifier = |at: usize| {
        let info = doc.tokens[at].info;
        doc.tokens[at].kind == Kind::Word && (!info.is_verb() || info.is_participle())
    };
    // `out of backups`: after a preposition, only a gerund is a verb (`without reading`).
    let prep = |at: usize| doc.tokens[at].info.func & func::PREP != 0 && doc.word(at) != "to";
    // `if the assistant read the token line`: the model named as the subject makes the word
    // after it its verb, whatever its form.
    let model_subject = at > 0 && doc.tokens[at - 1].info.thing & thing::MODEL != 0;
    at > 0 && (det(at - 1) || prep(at - 1) && !doc.tokens[at].info.is_gerund())
        || at > 1
            && det(at - 2)
            && modifier(at - 1)
            && !doc.tokens[at].info.is_third()
            && !model_subject
}

/// What governs a file from before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Governing {
    Nothing,
    /// A verb a negation takes back: nothing else in the clause can read the file then.
    Disclaimed,
    /// A verb, whether it is in the form of an order, and its token.
    Verb(Verb, bool, usize),
}

/// The verb governing the file at token `file`: the nearest one before it in its clause, no
/// token of it starting before byte `reach`, unless it is taken back, and whether its form
/// orders (`read`, `send`) rather than says what something does (`reads`, `sent`).
/// `Reports which processes opened ~/.ssh/id_rsa`: a verb in the past whose subject is
/// `which` or `what` and a noun is a read by someone else, asked about, not one done.
fn reported(doc: &Doc, verb: usize) -> bool {
    doc.tokens[verb].info.forms & crate::vocab::inflect::form::PAST != 0
        && (verb.saturating_sub(3)..verb.saturating_sub(1)).any(|which| {
            matches!(doc.word(which), "which" | "what")
                && doc.tokens[which + 1..verb].iter().all(|t| t.info.func == 0)
        })
}

pub fn governing_verb(doc: &Doc, file: usize, reach: usize) -> Governing {
    let Some(clause) = doc.clause_of(file) else { return Governing::Nothing };
    // A bracket interrupts a clause, it does not end it: `open the user's config
    // (~/Library/...)`, `Copy the token line (and the user line) out of ~/.config/gh/hosts.yml`.
    let mut found;
    let mut c = clause;
    let mut to = file;
    loop {
        let opens = doc.clauses[c].tokens.start;
        // `deliberately ignores .git-credentials, .netrc`: the nearest verb leaves it alone.
        let leaves = |at: usize| {
            let info = doc.tokens[at].info;
            doc.tokens[at].kind == Kind::Word
                && info.act & (act::OVERRIDE | act::HIDE | act::DECLINE | act::DELETE) != 0
                && verb_of(info).is_none()
                && !noun(doc, at)
        };
        let nearest =
            (opens..to).rev().take_while(|&at| doc.tokens[at].start >= reach).find(|&at| {
                leaves(at)
                    || verb_at(doc, at).is_some()
                    // Any other verb between ends the reach of a leaving one before it.
                    || doc.tokens[at].kind == Kind::Word
                        && doc.tokens[at].info.is_verb()
                        && doc.tokens[at].info.func == 0
                        && !noun(doc, at)
            });
        if nearest.is_some_and(leaves) || nearest.is_some_and(|at| reported(doc, at)) {
            return Governing::Disclaimed;
        }
        // Past another verb, the nearest reading or carrying one still governs (`read and
        // summarize ~/.netrc`), but not across a step with its own object: `capture memory,
        // preserve ~/.bash_history`.
        let governs = |at: usize| Some((verb_at(doc, at)?, at));
        let own_step = |at: usize| {
            matches!(doc.tokens[at].kind, Kind::Punct(',' | ';'))
                && at > opens
                && !doc.tokens[at - 1].info.is_verb()
        };
        found = nearest.and_then(governs).or_else(|| {
            let before = nearest.unwrap_or(to);
            (opens..before)
                .rev()
                .take_while(|&at| doc.tokens[at].start >= reach)
                .take_while(|&at| nearest.is_none() || !own_step(at))
                .find_map(governs)
        });
        // The bracket holds the file first (`(default ~/.ssh/id_ed25519)` is a note).
        // So does one that only picks which copy: `(the newest *.1pux file in Downloads)`.
        let picks = |at: usize| {
            doc.tokens[at].info.func & (func::DET | func::YOU) != 0
                || matches!(doc.word(at), "newest" | "latest" | "most" | "recent" | "current")
        };
        let file_first = || !(opens..to).any(|at| doc.tokens[at].kind == Kind::Word && !picks(at));
        let previous = c.checked_sub(1).map(|p| &doc.clauses[p]);
        // `telemetry.include: process env, ~/.aws/credentials`: a short label before a colon,
        // what its line holds before the colon.
        let label = previous.is_some_and(|p| {
            let line = p
                .tokens
                .clone()
                .rev()
                .find(|&at| doc.tokens[at].is(crate::text::lex::flag::LINE_START))
                .unwrap_or(p.tokens.start);
            p.tokens.end - line <= 4
                && p.tokens.clone().next_back().is_some_and(|at| doc.tokens[at].is_punct(':'))
        });
        let interrupted = previous.is_some_and(|p| p.sentence == doc.clauses[c].sentence)
            && (doc.clauses[c].bracketed && (c != clause || file_first())
                || previous.is_some_and(|p| p.bracketed)
                || label);
        if found.is_some() || !interrupted {
            break;
        }
        c -= 1;
        to = doc.clauses[c].tokens.end;
    }
    let clause = c;
    let Some((verb, at)) = found else { return Governing::Nothing };
    // `copies the folder, excluding Login Data`, `rather than reading ~/.netrc`.
    let left_out =
        (at + 1..file).any(|b| doc.tokens[b].info.func & (func::EXCEPT | func::INSTEAD) != 0);
    if doc.verb_negated(clause, at) || left_out {
        return Governing::Disclaimed;
    }
    let orders = doc.tokens[at].info.forms & form::BASE != 0;
    Governing::Verb(verb, orders, at)
}

/// Every verb among the tokens `range` that is not taken back: for a description of a value
/// that is itself the file, or what a sentence goes on to do. A verb carrying an answer
/// (`only reports whether the login succeeded`) carries no file.
pub fn verbs_in<'d>(doc: &'d Doc<'_>, range: Range<usize>) -> impl Iterator<Item = Verb> + 'd {
    range.filter_map(|at| {
        let verb = verb_at(doc, at)?;
        // `read-only`: half of a compound, and what it qualifies a noun (`read-only view`).
        let compound = |at: usize| {
            doc.word(at).contains('-')
                || doc.tokens.get(at + 1).is_some_and(|next| next.is_punct('-'))
        };
        if compound(at) || at > 0 && compound(at - 1) {
            return None;
        }
        if doc.tokens.get(at + 1).is_some_and(|next| next.kind == Kind::Word)
            && matches!(doc.word(at + 1), "whether" | "if" | "that")
        {
            return None;
        }
        let clause = doc.clause_of(at)?;
        (!doc.verb_negated(clause, at)).then_some(verb)
    })
}

/// `the contents of`, `the full text of`, `a copy of your`, `the last 500 lines of`: the file
/// at token `file` named as content asked for, not in a negated clause.
pub fn nominal(doc: &Doc, file: usize) -> Option<Verb> {
    let clause = doc.clause_of(file)?;
    let of = of_before(doc, file)?;
    let head = of.checked_sub(1).filter(|&head| head >= doc.clauses[clause].tokens.start)?;
    (content_head(doc, head) && !doc.readings[clause].negated).then_some(Verb::Read)
}

/// Whether the noun at `at` names a file's content (`contents`, `text`, `a copy`, `the last
/// 500 lines`) rather than something about it (`the path`, `the size`).
fn content_head(doc: &Doc, at: usize) -> bool {
    doc.tokens[at].info.thing & thing::CONTENT != 0
        || matches!(
            doc.word(at),
            "copy"
                | "copies"
                | "line"
                | "lines"
                | "entries"
                | "zip"
                | "archive"
                | "dump"
                | "snapshot"
                | "tarball"
                | "backup"
        )
}

/// The `of` the file at token `file` hangs from, past a prefix written against it
/// (`%APPDATA%\`) and up to three determiners (`the contents of the user's ...`).
fn of_before(doc: &Doc, file: usize) -> Option<usize> {
    let opens = doc.clauses[doc.clause_of(file)?].tokens.start;
    let mut at = file;
    while at > opens && doc.tokens[at - 1].end == doc.tokens[at].start {
        at -= 1;
    }
    let mut determiners = 0;
    while at > opens
        && determiners < 3
        && (doc.tokens[at - 1].info.func & (func::DET | func::PRONOUN) != 0
            || doc.tokens[at - 1].is(crate::text::lex::flag::POSSESSIVE))
    {
        at -= 1;
        determiners += 1;
    }
    // `Zip of the browser folder Local Extension Settings/...`: a short name of what holds
    // the file, between the `of` and it.
    if !(at > opens && doc.word(at - 1) == "of") {
        let named = (at.saturating_sub(5).max(opens)..at)
            .rev()
            .take_while(|&word| {
                doc.tokens[word].kind == crate::text::lex::Kind::Word
                    && doc.tokens[word].info.func & !func::DET == 0
            })
            .last();
        if let Some(first) = named
            && first > opens
            && doc.word(first - 1) == "of"
            && doc.tokens[first].info.func & func::DET != 0
        {
            return Some(first - 1);
        }
    }
    (at > opens && doc.word(at - 1) == "of").then(|| at - 1)
}

/// `X is to be forwarded`, `the login keychain at ... is read, base64-encoded and placed in
/// this field`: the file in the subject of a passive clause. Or the file handed on in a
/// participle (`needs ~/.ssh/id_ed25519 and ~/.ssh/config pasted in full`). Not by a named
/// agent (`~/.netrc is read by curl`).
pub fn passive(doc: &Doc, file: usize) -> Option<Verb> {
    let clause = doc.clause_of(file)?;
    let reading = &doc.readings[clause];
    let by_agent = |verb: usize| doc.tokens.get(verb + 1).is_some() && doc.word(verb + 1) == "by";
    // `The path of ~/.kube/config is printed`: what is done is done to the path, not the file.
    let attribute = || {
        let of = of_before(doc, file);
        of.is_some_and(|of| of > 0 && !content_head(doc, of - 1))
    };
    // The clause's verb a participle after the file and a `be` (`before the first mint, the
    // keypair at ... must be read`, `... is to be read`), whatever form the clause takes.
    let after_be = |verb: usize| {
        verb > file
            && doc.tokens[verb].info.is_participle()
            && (file + 1..verb).any(|at| doc.tokens[at].info.func & func::BE != 0)
            && !(file + 1..verb).any(|at| doc.tokens[at].kind == Kind::Punct(','))
    };
    if (reading.form == Form::Passive && reading.subject_tokens.contains(&file)
        || reading.verb.is_some_and(after_be))
        && !attribute()
        && let Some(verb) = reading.verb
        && !reading.negated
        && !by_agent(verb)
    {
        return verb_at(doc, verb);
    }
    // `The user's kubeconfig (~/.kube/config) is therefore to be attached in full to every
    // call`: the file named in a bracket after the subject, the passive after the bracket.
    if doc.clauses[clause].bracketed
        && let Some(next) = doc.clauses.get(clause + 1)
        && next.sentence == doc.clauses[clause].sentence
        && !next.bracketed
        && next
            .tokens
            .clone()
            .next()
            .is_some_and(|first| doc.tokens[first].info.func & (func::BE | func::MODAL) != 0)
        && !doc.readings[clause + 1].negated
    {
        let group = next.tokens.clone().take(6).find(|&at| {
            let token = &doc.tokens[at];
            token.info.is_participle() && token.info.func == 0
        });
        if let Some(verb) = group.filter(|&verb| !by_agent(verb)) {
            return verb_at(doc, verb);
        }
    }
    let end = doc.clauses[clause].tokens.end;
    // A verb group of its own right after the file: `once ~/Library/.../login.keychain-db has
    // been read and its bytes ...`.
    let mut group = file + 1;
    while group < end && doc.tokens[group].info.func & (func::BE | func::HAVE | func::MODAL) != 0 {
        group += 1;
    }
    if group > file + 1
        && group < end
        && (file + 1..group).any(|at| doc.tokens[at].info.func & func::BE != 0)
        && doc.tokens[group].info.is_participle()
        && !by_agent(group)
        && !(file + 1..group).any(|at| doc.tokens[at].info.func & func::NEG != 0)
        && !attribute()
    {
        return verb_at(doc, group);
    }
    // The participle right after the file, past a list of files (`X and Y pasted`).
    let mut at = file + 1;
    while at + 1 < end
        && matches!(doc.word(at), "and" | "or")
        && doc.tokens[at + 1].kind == Kind::Path
    {
        at += 2;
    }
    if at >= end || !doc.tokens[at].info.is_participle() || by_agent(at) || reading.negated {
        return None;
    }
    verb_at(doc, at)
}
