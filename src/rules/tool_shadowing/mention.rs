//! In a scan of several servers, another server's distinctive tool named by a server that does
//! not expose it. A distinctive name has two or more words, six or more characters and a word
//! outside the common tool vocabulary (`create_refund` is, `search_code` is not); it must be
//! spelt as written there, up to case.

use crate::rules::name_collision::is_generic;
use crate::rules::scope::{Scope, name_words};
use crate::text::Doc;
use crate::text::lex::Kind;
use std::ops::Range;

/// Each first mention of another server's distinctive tool: its bytes and the message. A
/// scan of fewer than two named servers holds none, and its index is not consulted.
pub fn mentions(doc: &Doc, scope: &Scope<'_>) -> Vec<(Range<usize>, String)> {
    if !scope.several_sources() {
        return Vec::new();
    }
    let index = scope.index();
    let mut found: Vec<(Range<usize>, String)> = Vec::new();
    let mut reported: Vec<String> = Vec::new();
    for (at, token) in doc.tokens.iter().enumerate() {
        if !matches!(token.kind, Kind::Ident | Kind::Word) {
            continue;
        }
        let text = doc.text(at).trim_matches(['`', '\'', '"', '.', '-', '_']);
        let words = name_words(text).len();
        let camel = text
            .chars()
            .zip(text.chars().skip(1))
            .any(|(a, b)| a.is_ascii_lowercase() && b.is_ascii_uppercase());
        let hyphenated = !text.contains(['_', '.']) && text.contains('-');
        if text.len() < 6 || words < 2 || !(text.contains(['_', '-', '.']) || camel) {
            continue;
        }
        // A two-word hyphenated word is an English compound as often as a name.
        if hyphenated && words < 3 || is_generic(text) || scope.own(text) {
            continue;
        }
        // `It does not use or need the Slack server's slack_post_message`: a tool named only
        // to say this server does without it.
        if doc.clause_of(at).is_some_and(|clause| doc.readings[clause].negated) {
            continue;
        }
        let holders: Vec<usize> = scope.foreign(text).collect();
        if holders.is_empty() || reported.iter().any(|r| r.eq_ignore_ascii_case(text)) {
            continue;
        }
        reported.push(text.to_string());
        let servers: Vec<String> = holders
            .iter()
            .map(|&s| format!("'{}'", index.source(s).unwrap_or("(unnamed)")))
            .collect();
        let whose = match servers.as_slice() {
            [one] => format!("server {one}"),
            many => format!("servers {}", many.join(", ")),
        };
        let start = token.start + doc.text(at).find(text).unwrap_or(0);
        found.push((start..start + text.len(), format!("names \"{text}\", a tool of {whose}")));
    }
    found
}
