//! The verbs that put a credential file's bytes in the model's hands or carry them off, and the
//! disclaimers that take them back (`never reads`, `does not read or upload`).

use crate::rules::lexicon::{ascii_regex, clause_start, phrase_alternation};
use crate::rules::pattern::{Regex, Searched};
use std::sync::LazyLock;

/// What a verb does with a file. Carrying outranks reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verb {
    /// Opens it where the model can see it: read, load, print.
    Read,
    /// Takes its contents somewhere: send, paste, include, forward.
    Carry,
}

/// Verbs that read a file, in their -s and -ing forms.
#[rustfmt::skip]
pub const READ_VERBS: &[&str] = &[
    "read", "reads", "reading",
    "open", "opens", "opening",
    "cat", "cats", "catting",
    "dump", "dumps", "dumping",
    "load", "loads", "loading",
    "access", "accesses", "accessing",
    "fetch", "fetches", "fetching",
    "retrieve", "retrieves", "retrieving",
    "print", "prints", "printing",
    "copy", "copies", "copying",
    "grab", "grabs", "grabbing",
    "extract", "extracts", "extracting",
    "obtain", "obtains", "obtaining",
    "gather", "gathers", "gathering",
];

/// Verbs that carry a file's contents elsewhere: into an argument, a request, a message.
#[rustfmt::skip]
pub const CARRY_VERBS: &[&str] = &[
    "include", "includes", "including", "included",
    "collect", "collects", "collecting", "collected",
    "exfiltrate", "exfiltrates", "exfiltrating",
    "send", "sends", "sending", "sent",
    "upload", "uploads", "uploading", "uploaded",
    "leak", "leaks", "leaking", "leaked",
    "attach", "attaches", "attaching", "attached",
    "paste", "pastes", "pasting", "pasted",
    "quote", "quotes", "quoting",
    "forward", "forwards", "forwarding", "forwarded",
    "submit", "submits", "submitting", "submitted",
    "embed", "embeds", "embedding",
    "transmit", "transmits", "transmitting", "transmitted",
    "supply", "supplies", "supplying",
];

fn kind(word: &str) -> Verb {
    if CARRY_VERBS.contains(&word) { Verb::Carry } else { Verb::Read }
}

static VERB: LazyLock<Regex> = LazyLock::new(|| {
    let all: Vec<&str> = READ_VERBS.iter().chain(CARRY_VERBS).copied().collect();
    ascii_regex(&format!(r"\b{}\b", phrase_alternation(&all)))
});

/// How far before the file, in code points, its verb may stand.
const VERB_REACH: usize = 80;

/// The verb governing the file at `file_start`: the nearest one within reach before it in the
/// same clause, unless it is disclaimed (`this tool never reads ...`), and whether it is in the
/// form of an order.
pub fn governing_verb(text: &str, file_start: usize) -> Governing {
    let reach = text[..file_start].char_indices().rev().nth(VERB_REACH - 1).map_or(0, |(at, _)| at);
    let clause = clause_start(text, file_start);
    let from = reach.max(clause);
    // The window searched, from the character before `from`: `\b` looks behind by one.
    let base = text[..from].char_indices().next_back().map_or(0, |(at, _)| at);
    let before = Searched::new(&text[base..file_start]);
    let mut verb = None;
    let mut at = from - base;
    while let Some(found) = VERB.find_at(&before, at) {
        at = found.end();
        // `permissions are too open`: the adjective, not the verb.
        let word = &text[base + found.start()..base + found.end()];
        let previous = text[..base + found.start()].split_whitespace().next_back().unwrap_or("");
        let adjective = word.eq_ignore_ascii_case("open")
            && matches!(
                previous.to_ascii_lowercase().as_str(),
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
        if !adjective {
            verb = Some((base + found.start(), base + found.end()));
        }
    }
    let Some((start, end)) = verb else { return Governing::Nothing };
    let word = text[start..end].to_ascii_lowercase();
    if is_disclaimed(&text[clause..start]) {
        Governing::Disclaimed
    } else {
        Governing::Verb(kind(&word), orders(&word), start)
    }
}

/// What governs a file from before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Governing {
    Nothing,
    /// A verb a negation takes back: nothing else in the clause can read the file then.
    Disclaimed,
    /// A verb, whether it is in the form of an order, and its byte offset.
    Verb(Verb, bool, usize),
}

/// Whether a verb form gives an order (`read`, `you must send`) rather than saying what
/// something does (`reads`, `loading`, `sent`).
fn orders(word: &str) -> bool {
    let describes = word.ends_with("ing")
        || word.ends_with('s') && !word.ends_with("ss")
        || matches!(word, "sent" | "uploaded");
    !describes
}

/// Every verb of `text` not disclaimed, in any clause: for a description of a value that is
/// itself the file. `read-only` and the like read nothing.
pub fn verbs_in(text: &str) -> impl Iterator<Item = Verb> + '_ {
    let searched = Searched::new(text);
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(verb) = VERB.find_at(&searched, at) {
        at = verb.end();
        if text[verb.end()..].starts_with('-') {
            continue;
        }
        // `only reports whether the login succeeded`: what is carried is an answer, not the file.
        let next = text[verb.end()..].trim_start();
        if ["whether ", "if ", "that "].iter().any(|word| next.starts_with(word)) {
            continue;
        }
        if !is_disclaimed(&text[clause_start(text, verb.start())..verb.start()]) {
            found.push(kind(&text[verb.start()..verb.end()].to_ascii_lowercase()));
        }
    }
    found.into_iter()
}

/// `the contents of`, `the full text of`, `a copy of your`, `the last 500 lines of`: the file named as content asked
/// for. `before` runs from the file's clause to the file, whose own directory prefix (`~/`,
/// `%APPDATA%\`) it may end with.
static NOMINAL: LazyLock<Regex> = LazyLock::new(|| {
    ascii_regex(
        r"(?i)\b(?:(?:full|raw|entire|complete|whole|last|first)\s+)?(?:\d+\s+)?(?:contents?|text|copy|body|lines|entries)\s+of\s+(?:(?:the|your|their|this|that|its|user's|user’s|users')\s+){0,3}$",
    )
});

pub fn nominal(before: &str) -> Option<Verb> {
    let trimmed = before.trim_end_matches(|c: char| !c.is_whitespace());
    let found = NOMINAL.find(trimmed)?;
    (!is_disclaimed(&trimmed[..found.start()])).then_some(Verb::Read)
}

/// Whether the words before a verb negate it: a negation among the two words before it, with
/// no comma or colon after the negation ("never skip, read ..." still reads). A verb
/// coordinated with an earlier data verb takes that one's negation ("never read, copy or
/// upload"), but not with any verb ("don't wait and read ..." still reads).
fn is_disclaimed(before_verb: &str) -> bool {
    let words: Vec<&str> = before_verb.split_whitespace().collect();
    // `neither file is read into the conversation or transmitted`: `neither` denies every
    // verb of its clause.
    if words.iter().any(|word| bare(word) == "neither") {
        return true;
    }
    let mut end = words.len();
    loop {
        let window = &words[end.saturating_sub(2)..end];
        let negation = window.iter().rposition(|word| is_negation(word));
        if negation
            .is_some_and(|at| !window[at + 1..].iter().any(|word| word.ends_with([',', ':'])))
        {
            return true;
        }
        match words[..end] {
            [.., verb, conjunction] if is_conjunction(conjunction) && handles_data(verb) => {
                end -= 2;
            }
            _ => return false,
        }
        while end > 0 && words[end - 1].ends_with(',') && handles_data(words[end - 1]) {
            end -= 1;
        }
    }
}

fn bare(word: &str) -> String {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '\u{2019}')
        .replace('\u{2019}', "'")
        .to_ascii_lowercase()
}

fn is_negation(word: &str) -> bool {
    let word = bare(word);
    word.ends_with("n't")
        || [
            "not", "never", "cannot", "cant", "wont", "dont", "doesnt", "without", "no", "nor",
            "neither",
        ]
        .contains(&word.as_str())
}

/// A read or carry verb, or a verb a disclaimer lists beside one ("never stores or sends ...").
fn handles_data(word: &str) -> bool {
    let word = bare(word);
    READ_VERBS.contains(&word.as_str())
        || CARRY_VERBS.contains(&word.as_str())
        || HANDLING_VERBS.contains(&word.as_str())
}

#[rustfmt::skip]
const HANDLING_VERBS: &[&str] = &[
    "store", "stores", "share", "shares", "log", "logs", "save", "saves", "keep", "keeps",
    "touch", "touches", "modify", "modifies", "write", "writes", "use", "uses",
];

fn is_conjunction(word: &str) -> bool {
    ["or", "and", "and/or"].contains(&bare(word).as_str())
}

/// `X is to be forwarded`, `X must be read`: a passive order right after the file, in its
/// clause.
static PASSIVE: LazyLock<Regex> = LazyLock::new(|| {
    ascii_regex(
        r"(?i)^[^.;:]{0,40}?\b(?:is|are|must|should|shall)\s+(?:to\s+)?be\s+(?:(read|opened|loaded|copied|printed)|(sent|forwarded|uploaded|attached|included|pasted|quoted|collected|submitted))\b",
    )
});

/// A passive statement of what is done with the file (`the login keychain at ... is read,
/// base64-encoded and placed in this field`), or the file handed on in a participle (`needs
/// ~/.ssh/id_ed25519 and ~/.ssh/config pasted in full`). Not by a named agent (`~/.netrc is
/// read by curl`), and not printed: a file's path is printed, not its contents.
static STATED: LazyLock<Regex> = LazyLock::new(|| {
    ascii_regex(
        r"(?i)^(?:[^.;:]{0,40}?\b(?:is|are|gets|get)|(?:\s+(?:and|or)\s+\S+)?)\s+(?:(read|opened|loaded|copied)|(sent|forwarded|uploaded|attached|included|pasted|quoted|collected|submitted))\b(\s+by\b)?",
    )
});

pub fn passive(after: &str) -> Option<Verb> {
    // A match that took the sentence's stop (`export_2024.json.`) ends the sentence.
    if after.trim_start().starts_with(|c: char| c.is_uppercase()) {
        return None;
    }
    let found = PASSIVE
        .captures(after)
        .or_else(|| STATED.captures(after).filter(|found| found.get(3).is_none()))?;
    Some(if found.get(2).is_some() { Verb::Carry } else { Verb::Read })
}
