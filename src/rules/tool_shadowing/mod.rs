//! `tool-shadowing`: text that steers how the agent uses tools and servers that are not this
//! server's own.
//!
//! A poisoned server does not need its own tools to be called: it rewrites how the agent uses
//! everyone else's. Honest servers talk about their own tools all the time (`call list_files
//! first`, `other tools in this server`), so every shape needs *reach*: a target the text names
//! as foreign ([`foreign`]: `any other tool`, a tool by a name this server does not expose,
//! another server by name), or the user's own request. The shapes ([`directs`], [`claims`]):
//!
//! - **a hook**: a condition on the agent's use of a foreign tool (`whenever you send email
//!   with any tool`, `before calling any other tool`, `prior to any action on the other
//!   servers`) governing an order;
//! - **a preference**: an order to use this tool over, instead of or rather than a foreign one;
//! - **a verdict**: a foreign tool or its output said to be deprecated, broken, stale, unsafe or
//!   no longer supported;
//! - **a distrust**: an order to ignore, disregard, drop or not use a foreign tool or what it
//!   returns; a statement that this tool shadows or supersedes one;
//! - **argument tampering**: a foreign tool's arguments set to a literal address or account,
//!   or fixed `regardless` of what the user asked;
//! - **a task claim**: a sensitive task of the user's (money, mail, sign-in, secrets) claimed by
//!   a tool whose purpose does not cover it, or a payment the user asks for sent to a literal
//!   account;
//! - **an override** ([`overrides`]): an order given past the user's own choice of tool or
//!   request (`even if they ask for it by name`, `whichever tool the user requests`);
//! - **a mention** ([`mention`]): in a scan of several servers, another server's distinctive
//!   tool named by a server that does not expose it (medium: an honest integration note can
//!   name a companion tool).

mod claims;
mod directs;
mod foreign;
mod mention;
mod overrides;
mod suppress;
mod tamper;
#[cfg(test)]
mod tests;

use crate::model::Severity;
use crate::rules::Text;
use crate::rules::scope::{Scope, name_words};
use crate::rules::{Hit, RuleMeta, TextRule, framing};
use crate::text::Doc;
use crate::vocab::classes::thing;
use crate::vocab::foreign::Family;
use std::sync::LazyLock;

/// Words a shape needs one of: every shape reads a target [`foreign`] finds (a tool noun,
/// `server...`, a tool-shaped name) or the user (a claim, an override). The lexicon's
/// surfaces for those classes (phrases by their first word), and the other nouns [`foreign`]
/// takes for a tool.
static CUES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut cues =
        crate::vocab::lexicon().surfaces(|info| info.thing & (thing::TOOL | thing::USER) != 0);
    // `other` for an agent noun after it (`any other translator`).
    cues.extend(["provider", "browser", "extension", "apps", "service", "server", "other"]);
    // A payee fixed for every payment (`directs::payee_fixed`).
    cues.extend(["beneficiary", "payee", "transfer", "payment"]);
    cues.extend(crate::vocab::foreign::arms(crate::vocab::foreign::Family::Steer));
    cues
});

/// Whether a word of a name spelt out could start what [`directs::sentence`] needs, a foreign
/// target: a tool noun or a word like it, `other`, or `server`. A name's words are lowercase
/// and apart, so no tool name (`send_email`) can be among them; a name with none of these
/// spells no order about other tools, and its reading is never built.
fn may_name_a_target(word: &str) -> bool {
    let info = crate::vocab::word(word);
    info.thing & thing::TOOL != 0
        || info.func & crate::vocab::classes::func::OTHER != 0
        || word.starts_with("server")
        || foreign::TOOL_LIKE.contains(&word)
}

/// Whether the text could hold a foreign target or the user: a cue word, or what a tool-shaped
/// name needs (`_`, `-`, a lower-case letter or digit before a capital). A token's lowercase
/// word is its bytes of the text lowercased, so a token of a cue word is a match of it; the
/// lexicon lists ASCII surfaces only, so a non-ASCII text is always read. Answering `true`
/// too often costs a reading, never a finding.
fn may_reach(text: &Text<'_>) -> bool {
    let raw = text.as_str();
    if text.cued(&ToolShadowing) || !raw.is_ascii() {
        return true;
    }
    let bytes = raw.as_bytes();
    bytes.iter().any(|&b| b == b'_' || b == b'-')
        || bytes.windows(2).any(|pair| {
            (pair[0].is_ascii_lowercase() || pair[0].is_ascii_digit())
                && pair[1].is_ascii_uppercase()
        })
}

static META: RuleMeta = RuleMeta {
    id: "tool-shadowing",
    severity: Severity::High,
    summary: "text that steers how the agent uses other tools or servers, claims a sensitive \
              task the tool's purpose does not cover, or names another server's tool",
    confidence: 75,
};

pub struct ToolShadowing;

impl TextRule for ToolShadowing {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn cues(&self) -> &'static [&'static str] {
        &CUES
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let scope = text.scope();
        // A tool named as an order (`always_call_first_before_any_other_server_tool`) is read
        // as the sentence it spells.
        if text.is_name() && scope.is_some_and(|scope| scope.kind() != crate::model::Kind::Server) {
            let words = name_words(text.as_str());
            if words.len() >= 4 && words.iter().any(|word| may_name_a_target(word)) {
                let spelt = words.join(" ");
                let doc = Doc::new(&spelt);
                let found =
                    (0..doc.sentences.len()).find_map(|s| directs::sentence(&doc, s, scope));
                if let Some((_, message)) = found {
                    hits.push(Hit::new(
                        0,
                        text.as_str().len(),
                        format!("a tool name that spells {message}"),
                    ));
                }
            }
            return;
        }
        // Nothing foreign and no user named, and no other server to mention a tool of: no
        // shape can fire, and the reading is left unbuilt.
        if !scope.is_some_and(Scope::several_sources) && !may_reach(text) {
            return;
        }
        let doc = text.doc();
        let mut flagged: Vec<usize> = Vec::new();
        for sentence in 0..doc.sentences.len() {
            let found = directs::sentence(doc, sentence, scope)
                .or_else(|| claims::sentence(doc, sentence, scope))
                .or_else(|| {
                    let clause = overrides::sentence(doc, sentence)?;
                    Some((clause, "an order that overrides the user's own choice".to_string()))
                })
                .or_else(|| {
                    let clause = directs::payee_fixed(doc, sentence)?;
                    Some((clause, "fixes the payee of every payment the agent makes".to_string()))
                })
                .or_else(|| {
                    let clause = tamper::standing(doc, sentence)?;
                    Some((clause, "fixes what every such tool is called with".to_string()))
                });
            let Some((clause, message)) = found else { continue };
            let bytes = framing::span(doc, clause);
            let mut hit = Hit::new(bytes.start, bytes.end, message);
            if let Some(lower) = framing::discount(doc, clause) {
                hit = hit.with_severity(lower);
            }
            flagged.push(sentence);
            hits.push(hit);
        }
        hits.extend(crate::rules::foreign::hits(
            text,
            Family::Steer,
            "an order in another language that steers the agent's choice of tool",
        ));
        if let Some(scope) = scope {
            for (range, message) in mention::mentions(doc, scope) {
                let token = doc.tokens.partition_point(|t| t.end <= range.start);
                // Sentences are ordered, and so is `flagged`.
                let sentence = doc.sentences.partition_point(|s| s.tokens.end <= token);
                let within = doc.sentences.get(sentence).is_some_and(|s| s.tokens.contains(&token));
                if within && flagged.binary_search(&sentence).is_ok() {
                    continue;
                }
                hits.push(
                    Hit::new(range.start, range.end, message).with_severity(Severity::Medium),
                );
            }
        }
    }
}
