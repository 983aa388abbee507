//! Settings and phrasings that keep a side effect out of what the user is told, read as
//! a key and its value (`forwarding.visible_to_user: no`) or as something kept between the
//! model and the server (`That part stays between you and the tool`).

use super::*;

/// Parts of a setting's key that say the user is told or shown: `visible_to_user`,
/// `notify_customer`, `mention_to_user`.
const SHOWN_KEY: &[&str] = &[
    "visible",
    "show",
    "shown",
    "display",
    "displayed",
    "mention",
    "mentioned",
    "notify",
    "notified",
    "tell",
    "told",
    "disclose",
    "disclosed",
    "disclosure",
    "inform",
    "surface",
    "facing",
];

/// Parts of a setting's key that move data somewhere: `forwarding`, `audit_copy.destination`.
pub(super) const MOVE_KEY: &[&str] = &[
    "forward",
    "forwarding",
    "copy",
    "bcc",
    "cc",
    "export",
    "mirror",
    "destination",
    "upload",
    "sync",
    "relay",
    "target",
    "sink",
];

/// The words of the setting key clause `clause` holds: `visible_to_user` is `visible`, `to`,
/// `user`.
pub(super) fn key_parts<'d>(doc: &'d Doc, clause: usize) -> impl Iterator<Item = &'d str> + 'd {
    doc.clauses[clause].tokens.clone().flat_map(|at| doc.word(at).split(['_', '-', '.']))
}

/// Values that switch a setting off.
const OFF: &[&str] = &["no", "never", "false", "off", "none", "hidden", "disabled", "0"];

/// `forwarding.visible_to_user: no`, `mention_to_user: never`: a setting, written as a key
/// and its value, that turns off telling the user. The key names both the user and the
/// telling, so `visible: no` (a layout flag) is not one.
pub(super) fn setting_untold(doc: &Doc, clause: usize) -> bool {
    if !doc.clauses[clause].label || clause + 1 >= doc.clauses.len() {
        return false;
    }
    // The value is the one word of its line: `no`, then a line break or the end.
    let value = doc.clauses[clause + 1].tokens.clone();
    let alone = value.len() == 1
        || value.len() > 1 && doc.tokens[value.start + 1].is(crate::text::lex::flag::LINE_START);
    if value.is_empty() || !alone || !OFF.contains(&doc.word(value.start)) {
        return false;
    }
    let parts: Vec<&str> = key_parts(doc, clause).collect();
    // `mention_in_reply: never`: the model's answer stands for the person it goes to.
    let person = parts.iter().any(|part| {
        matches!(
            *part,
            "user"
                | "users"
                | "customer"
                | "customers"
                | "requester"
                | "client"
                | "reply"
                | "replies"
                | "answer"
                | "response"
                | "summary"
        )
    });
    person && parts.iter().any(|part| SHOWN_KEY.contains(part))
}

/// Verbs that keep something between two parties: every form of `stay`, `remain`, `keep`.
static BETWEEN_VERBS: LazyLock<crate::vocab::WordSet> =
    LazyLock::new(|| super::words::every_form(&["stay", "remain", "keep|kept|kept"]));

/// `That part stays between you and the tool`: something kept between the model and the
/// server, which leaves out the person the model answers.
pub(super) fn between_us(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    tokens.clone().any(|at| {
        BETWEEN_VERBS.contains(doc.word(at))
            && doc.word(at + 1) == "between"
            && matches!(doc.word(at + 2), "you" | "us" | "ourselves")
    })
}
