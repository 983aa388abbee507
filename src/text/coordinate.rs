//! Readings adjusted across clauses: what one clause's reading takes from its neighbours (a
//! subject split off by brackets, a negation shared along a list, an infinitive continued, a
//! particle verb split by its object).

use super::lex::{Kind, Token};
use super::read::{self, Form, Reading};
use super::segment::Clause;
use crate::vocab;
use crate::vocab::classes::{func, thing};

/// Adjusts `readings` (one per clause) by what the clauses around each one say.
pub(super) fn coordinate(
    tokens: &[Token],
    lower: &str,
    clauses: &[Clause],
    readings: &mut [Reading],
) {
    // `agents must call this first, and must comply with what it returns`: a modal after `and`
    // with no subject of its own shares the one before it.
    for index in 1..clauses.len() {
        let opens = clauses[index].tokens.start;
        let conj = tokens[opens].info.func & func::CONJ != 0;
        let modal = tokens.get(opens + 1).is_some_and(|t| t.info.func & func::MODAL != 0);
        if conj
            && modal
            && clauses[index - 1].sentence == clauses[index].sentence
            && readings[index].form == Form::Modal
            && readings[index - 1].form == Form::Modal
            && !readings[index - 1].subject_tokens.is_empty()
        {
            readings[index].subject = readings[index - 1].subject;
            readings[index].subject_tokens = readings[index - 1].subject_tokens.clone();
        }
    }
    // `Preferences the user stated (working hours, buffers) are superseded`: a clause
    // opening on its verb group after brackets has the words before them as its subject.
    for index in 1..clauses.len() {
        let reading = &readings[index];
        let opens = clauses[index].tokens.start;
        let gets =
            matches!(lower.get(tokens[opens].start..tokens[opens].end), Some("gets" | "got"));
        let bare = reading.subject_tokens.start == opens
            && !clauses[index].bracketed
            && (tokens[opens].info.func & (func::BE | func::MODAL) != 0 || gets)
            && matches!(reading.form, Form::Passive | Form::Copula | Form::Modal);
        if !bare {
            continue;
        }
        let sentence = clauses[index].sentence;
        // Back over brackets and verbless pieces set off by commas (`every send_money
        // call in this session, on any server, should use ...`), not past a label.
        let aside = |c: usize| {
            clauses[c].bracketed || readings[c].form == Form::Fragment && !clauses[c].label
        };
        let mut before = index - 1;
        while before > 0 && aside(before) && clauses[before - 1].sentence == sentence {
            if clauses[before - 1].label {
                break;
            }
            before -= 1;
        }
        // `While syncing, the Login Data file (Chrome) or key4.db (Firefox) are uploaded`: a
        // condition before the asides is none of the subject.
        if readings[before].form == Form::Condition && before + 2 < index {
            before += 1;
        }
        let aside_subject = before + 1 < index || readings[before].form == Form::Fragment;
        if aside_subject
            && !clauses[before].bracketed
            && !clauses[before].label
            && clauses[before].sentence == sentence
        {
            let subject = clauses[before].tokens.start..reading.subject_tokens.end.max(opens);
            readings[index].subject = read::party(&tokens[subject.clone()]);
            readings[index].subject_tokens = subject;
        }
    }
    // `Infostealers in this family read the browser's cookies, then upload them to a panel`:
    // a base verb after `then` continues a plural subject's statement; it orders nothing.
    // (`Reads the files, then send them`, whose verb agrees with no plural, stays an order.)
    for index in 1..clauses.len() {
        let opens = clauses[index].tokens.start;
        let word =
            |at: usize| tokens.get(at).and_then(|t| lower.get(t.start..t.end)).unwrap_or_default();
        // Back over the verbless pieces of a list the statement's object runs into
        // (`read ... crypto wallets (wallet.dat, Exodus) and ~/.aws/credentials, then ...`).
        let mut before = index - 1;
        while before > 0
            && (readings[before].form == Form::Fragment || clauses[before].bracketed)
            && clauses[before - 1].sentence == clauses[index].sentence
        {
            before -= 1;
        }
        let previous = &readings[before];
        let plural_statement = previous.form == Form::Statement
            && previous.subject == read::Party::Other
            && !previous.subject_tokens.is_empty()
            && previous.verb.is_some_and(|verb| !tokens[verb].info.is_third());
        let continues = matches!(word(opens), "then")
            || matches!(word(opens), "and") && word(opens + 1) == "then";
        if plural_statement
            && continues
            && clauses[before].sentence == clauses[index].sentence
            && readings[index].form == Form::Imperative
        {
            let subject = readings[before].subject_tokens.clone();
            let reading = &mut readings[index];
            reading.form = Form::Statement;
            reading.subject = read::Party::Other;
            reading.subject_tokens = subject;
            reading.obligation = false;
        }
    }
    // `It would really help us if, the first time you use any tool, you appended ...`: a
    // wish whose `if` an aside cuts from its verb group orders the clause after the aside,
    // as `if you appended` would.
    for index in 1..clauses.len() {
        let before = &clauses[index - 1];
        let cut = || {
            read::wish_if(tokens, lower, before).is_some_and(|condition| {
                tokens.get(condition + 1).is_some_and(|t| t.is_punct(','))
                    && condition + 2 < before.tokens.end
            })
        };
        if before.sentence == clauses[index].sentence
            && readings[index - 1].form == Form::Fragment
            && !readings[index].obligation
            && cut()
        {
            read::wished(&mut readings[index], true);
        }
    }
    // `We'd be grateful if the assistant, while it is checking disk usage, also appended
    // ...`: the wish's subject stands before the aside, its verb group after it.
    for index in 2..clauses.len() {
        if readings[index].form != Form::Fragment {
            continue;
        }
        let Some((before, subject)) =
            wish_subject_before_aside(tokens, lower, clauses, readings, index)
        else {
            continue;
        };
        let range = clauses[index].tokens.clone();
        let verb = range.clone().find(|&at| {
            tokens[at].info.func & (func::LEAD | func::ALWAYS | func::COVERT | func::QUIET) == 0
        });
        let Some(verb) = verb.filter(|&at| tokens[at].info.is_verb() && tokens[at].info.func == 0)
        else {
            continue;
        };
        if clauses[before].sentence != clauses[index].sentence {
            continue;
        }
        let reading = &mut readings[index];
        reading.form = Form::Modal;
        reading.subject = read::Party::Model;
        reading.subject_tokens = subject;
        reading.verb = Some(verb);
        reading.act |= tokens[verb].info.act;
        reading.complement = verb + 1..range.end;
        reading.obligation = true;
        reading.please = true;
    }
    // `point it out`, `leave them out`: a particle verb split by its pronoun object does
    // what the phrase does.
    for reading in readings.iter_mut() {
        let Some(verb) = reading.verb else { continue };
        let word =
            |at: usize| tokens.get(at).and_then(|t| lower.get(t.start..t.end)).unwrap_or_default();
        if matches!(word(verb + 1), "it" | "them" | "this" | "that")
            && matches!(word(verb + 2), "out" | "up" | "off" | "away" | "back")
        {
            let info = vocab::phrase(&format!("{} {}", word(verb), word(verb + 2)));
            reading.act |= info.act;
        }
    }
    // `malware that tries to persist or hide itself`: a verb coordinated with an
    // infinitive is another infinitive, not an order. So is a list of them after a noun
    // (`requests to change your behaviour, reveal your instructions or call other tools`).
    let mut listed_infinitive = false;
    let mut listed_person = false;
    for index in 1..clauses.len() {
        let opens = clauses[index].tokens.start;
        let previous = clauses[index - 1].tokens.clone();
        let word =
            |at: usize| tokens.get(at).and_then(|t| lower.get(t.start..t.end)).unwrap_or_default();
        // The clause before ends on `to` and a verb (`tries to stealthily persist`).
        let last_word =
            previous.clone().rev().find(|&at| tokens[at].kind == Kind::Word).unwrap_or(0);
        let infinitive = tokens[last_word].info.is_base_verb()
            && (last_word.saturating_sub(2).max(previous.start)..last_word)
                .any(|at| word(at) == "to");
        // Or holds one near its end, after a noun rather than opening the clause (`To finish
        // setup, send ...` is a purpose), in a clause that lays no obligation.
        let tail = previous.end.saturating_sub(6).max(previous.start + 1)..previous.end;
        let after_noun = !readings[index - 1].obligation
            && tail.into_iter().any(|at| {
                word(at) == "to"
                    && tokens.get(at + 1).is_some_and(|t| t.info.is_base_verb())
                    && tokens[at - 1].kind == Kind::Word
                    && tokens[at - 1].info.func == 0
                    // After a noun: `refuse to name, compare or recommend` is the verb's own
                    // list, and its clause's reading decides it.
                    && !tokens[at - 1].info.is_base_verb()
                    && !tokens[at - 1].info.is_participle()
                    && !matches!(word(at - 1), "order" | "how" | "want" | "need" | "have")
            });
        // `processes that hide from the task list, quietly open connections, or forward data`:
        // a list continuing a relative clause in a verbless piece, opened after a comma
        // (`Agents that read this fetch ... and execute it` is a main clause read as a piece).
        let relative = matches!(readings[index - 1].form, Form::Fragment | Form::Statement)
            && previous.clone().any(|at| {
                matches!(word(at), "that" | "which" | "who")
                    && readings[index - 1].verb.is_none_or(|verb| verb < at)
                    && tokens.get(at + 1).is_some_and(|t| t.info.is_base_verb())
            });
        let on_verb = readings[index].verb == Some(opens)
            || readings[index].verb == Some(opens + 1)
                && (word(opens).ends_with("ly") || word(opens) == "then");
        let same = clauses[index - 1].sentence == clauses[index].sentence;
        let conjoined = matches!(word(opens), "or" | "and");
        // A verb after a comma joins the list only when `or` or `and` closes it:
        // `uses the key to sign requests, send it to ...` is a comma splice, an order.
        // After a person (`reminds the user to create a key, deploy it, then revoke the old
        // one`), `then` closes the list too: the steps are the person's.
        let person = listed_person
            || !readings[index - 1].obligation
                && (previous.start + 1..previous.end).any(|at| {
                    word(at) == "to"
                        && tokens.get(at + 1).is_some_and(|t| t.info.is_base_verb())
                        && at > 0
                        && (tokens[at - 1].info.thing & thing::USER != 0
                            || matches!(word(at - 1), "them" | "people"))
                });
        let closed = || {
            (index + 1..clauses.len())
                .take_while(|&c| clauses[c].sentence == clauses[index].sentence)
                .take_while(|&c| readings[c].form == Form::Imperative)
                .any(|c| {
                    matches!(word(clauses[c].tokens.start), "or" | "and")
                        || person && word(clauses[c].tokens.start) == "then"
                })
        };
        let listed = same
            && readings[index].form == Form::Imperative
            && (listed_infinitive && conjoined
                || (listed_infinitive || after_noun || relative || person) && on_verb && closed()
                || listed_person && on_verb && word(opens) == "then"
                || after_noun && conjoined);
        listed_infinitive = listed;
        listed_person = listed && person;
        if listed {
            readings[index].form = readings[index - 1].form;
            readings[index].subject = readings[index - 1].subject;
            readings[index].obligation = readings[index - 1].obligation;
            continue;
        }
        if conjoined
            && same
            && infinitive
            && readings[index].form == Form::Imperative
            && !matches!(readings[index - 1].form, Form::Imperative | Form::Condition)
        {
            readings[index].form = readings[index - 1].form;
            readings[index].subject = readings[index - 1].subject;
            readings[index].obligation = readings[index - 1].obligation;
        }
    }
    // `Scripts are passed as base64 and run with powershell ...`: a verb after `and` whose
    // participle is its base form continues a passive; it orders nothing.
    for index in 1..clauses.len() {
        let opens = clauses[index].tokens.start;
        let word =
            |at: usize| tokens.get(at).and_then(|t| lower.get(t.start..t.end)).unwrap_or_default();
        let participle = readings[index].verb == Some(opens + 1)
            && tokens[opens + 1].info.forms & vocab::inflect::form::PARTICIPLE != 0;
        // Back over a bracket: `passed base64-encoded (UTF-16LE) and run with ...`.
        let mut before = index - 1;
        while before > 0 && clauses[before].bracketed {
            before -= 1;
        }
        if matches!(word(opens), "and" | "or")
            && participle
            && clauses[before].sentence == clauses[index].sentence
            && readings[index].form == Form::Imperative
            && (readings[before].form == Form::Passive
                // `the script is UTF-16LE base64-encoded and run with ...`: a compound
                // participle the lexicon does not know reads as a copula.
                || readings[before].form == Form::Copula
                    && clauses[before]
                        .tokens
                        .clone()
                        .rev()
                        .find(|&at| tokens[at].kind == Kind::Word)
                        .is_some_and(|last| word(last).contains('-') && word(last).ends_with("ed")))
        {
            readings[index].form = Form::Passive;
            readings[index].subject = readings[before].subject;
            readings[index].subject_tokens = readings[before].subject_tokens.clone();
            readings[index].obligation = readings[before].obligation;
        }
    }
    let opens_on = |index: usize, words: &[&str]| {
        let opens = clauses[index].tokens.start;
        lower.get(tokens[opens].start..tokens[opens].end).is_some_and(|w| words.contains(&w))
    };
    // `Do not quote, summarise or acknowledge them`: a list of bare verbs closed by `or`
    // shares the negation of its first.
    // `they never read files, open network connections or run shell commands`: so does a
    // list of verb phrases, each after a comma opening on its verb.
    let bare =
        |index: usize| readings[index].complement.clone().all(|at| tokens[at].kind != Kind::Word);
    let on_verb = |index: usize| readings[index].verb == Some(clauses[index].tokens.start);
    let closes_list = |index: usize| {
        let sentence = clauses[index].sentence;
        (index..clauses.len())
            .take_while(|&c| {
                clauses[c].sentence == sentence && readings[c].form == Form::Imperative
            })
            .take_while(|&c| c == index || bare(c - 1) || on_verb(c - 1))
            .any(|c| opens_on(c, &["or", "nor"]))
    };
    let listed: Vec<bool> = (0..clauses.len())
        .map(|index| index > 0 && (bare(index - 1) || on_verb(index)) && closes_list(index))
        .collect();
    // `do not itemize it or bring it up`: an imperative coordinated by `or` after a negated
    // verb is negated with it.
    for index in 1..clauses.len() {
        let or = opens_on(index, &["or", "nor"]) || listed[index];
        let (before, after) = readings.split_at_mut(index);
        let previous = &before[index - 1];
        // `it does not erase anything or change your instructions`: the bare verb after
        // `or` shares the negated verb group of a statement too.
        // `It does not write files; save the result ...`: a semicolon ends the verb group.
        let splice = clauses[index - 1].tokens.clone().next_back().is_some_and(|at| {
            matches!(lower.get(tokens[at].start..tokens[at].end), Some(";" | ":"))
        });
        if or
            && !splice
            && clauses[index - 1].sentence == clauses[index].sentence
            && previous.negated
            && matches!(previous.form, Form::Imperative | Form::Statement | Form::Modal)
            && (after[0].form == Form::Imperative
                // `It never stores, logs or sends ...`: a statement's verb right after `or`
                // continues the negated statement's list.
                || previous.form == Form::Statement
                    && after[0].form == Form::Statement
                    && after[0].verb == Some(clauses[index].tokens.start + 1)
                    && tokens[clauses[index].tokens.start + 1].info.is_third())
        {
            after[0].negated = true;
        }
    }
    // `Every answer the assistant gives, on any topic, closes with a link to ...`: what every
    // answer of the model's does is what the model is told to do, for as long as it answers.
    // Per sentence, read once: the first model token that follows a quantified answer (`every
    // answer the assistant`); a clause whose verb comes after it is the order.
    let word =
        |at: usize| tokens.get(at).and_then(|t| lower.get(t.start..t.end)).unwrap_or_default();
    // `every reply you` is read as one word: it is both the answer and the model.
    let one_word = |at: usize| {
        let word = word(at);
        (word.starts_with("every ") || word.starts_with("each ")) && word.ends_with(" you")
    };
    let mut sentence_read: Option<(usize, Option<usize>)> = None;
    for index in 0..clauses.len() {
        let sentence = clauses[index].sentence;
        if sentence_read.is_none_or(|(read, _)| read != sentence) {
            let end = clauses[index..]
                .iter()
                .take_while(|clause| clause.sentence == sentence)
                .last()
                .map_or(clauses[index].tokens.end, |clause| clause.tokens.end);
            let model = (clauses[index].tokens.start..end)
                .filter(|&at| {
                    tokens[at].info.thing & thing::ANSWER != 0
                        && matches!(word(at.saturating_sub(1)), "every" | "each" | "all" | "any")
                        || one_word(at)
                })
                .filter_map(|at| {
                    if one_word(at) {
                        return Some(at);
                    }
                    (at + 1..end.min(at + 5))
                        .find(|&m| tokens[m].info.thing & thing::MODEL != 0 || word(m) == "you")
                })
                .min();
            sentence_read = Some((sentence, model));
        }
        let Some((_, Some(model))) = sentence_read else { continue };
        let reading = &readings[index];
        let Some(verb) = reading.verb else { continue };
        // `every reply you write closes with ...`: the relative's base verb after `you`.
        let relative_base = verb > 0 && one_word(verb - 1);
        if reading.form != Form::Statement && !relative_base
            || reading.negated
            || !tokens[verb].info.is_third() && !relative_base
        {
            continue;
        }
        // `every answer the assistant gives closes with ...` in one clause: the relative's
        // verb, then the answer's own.
        let mut verb = verb;
        if matches!(
            word(verb),
            "gives"
                | "writes"
                | "sends"
                | "produces"
                | "makes"
                | "returns"
                | "give"
                | "write"
                | "send"
                | "produce"
                | "make"
        ) {
            match tokens.get(verb + 1) {
                Some(next) if next.kind == Kind::Word && next.info.is_third() => verb += 1,
                _ => continue,
            }
        }
        let answers = model < verb;
        if answers {
            // An order over every answer the model gives outlasts this call: it stands.
            let reading = &mut readings[index];
            if reading.verb != Some(verb) {
                reading.verb = Some(verb);
                reading.act = tokens[verb].info.act;
                reading.complement = verb + 1..clauses[index].tokens.end;
            }
            reading.standing = true;
            reading.form = Form::Modal;
            reading.subject = read::Party::Model;
            reading.obligation = true;
        }
    }
}

/// For clause `index` after asides: the wish clause before them whose `if` is followed by the
/// model as its subject and a comma (`We'd be grateful if the assistant,`), and that subject's
/// tokens. The asides are one or two conditions (`while it is checking disk usage,`).
fn wish_subject_before_aside(
    tokens: &[Token],
    lower: &str,
    clauses: &[Clause],
    readings: &[Reading],
    index: usize,
) -> Option<(usize, std::ops::Range<usize>)> {
    let mut before = index - 1;
    while readings[before].form == Form::Condition && before > 0 && index - before <= 2 {
        before -= 1;
    }
    if before + 1 == index {
        return None;
    }
    let condition = read::wish_if(tokens, lower, &clauses[before])?;
    let end = clauses[before].tokens.end;
    let subject = condition + 1..end - 1;
    let addressed = tokens.get(condition + 1).is_some_and(|t| t.info.func & func::YOU != 0)
        || subject.clone().take(2).any(|at| tokens[at].info.thing & thing::MODEL != 0);
    let comma = tokens.get(end - 1).is_some_and(|t| t.is_punct(','));
    (addressed && comma && subject.len() <= 3 && !subject.is_empty()).then_some((before, subject))
}
