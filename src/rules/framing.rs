//! How a finding over one clause is placed and weighed: its span, and the discount for an
//! order that is quoted, given as an example or described by a tool that detects it.

use crate::model::Severity;
use crate::text::Doc;
use crate::text::lex::Kind;
use std::ops::Range;

/// The bytes of clause `clause` without leading bullets or trailing punctuation.
pub fn span(doc: &Doc, clause: usize) -> Range<usize> {
    let tokens = doc.clauses[clause].tokens.clone();
    let words: Vec<usize> =
        tokens.filter(|&at| !matches!(doc.tokens[at].kind, Kind::Punct(_))).collect();
    match (words.first(), words.last()) {
        (Some(&first), Some(&last)) => doc.tokens[first].start..doc.tokens[last].end,
        _ => doc.clause_bytes(clause),
    }
}

/// The severity an order is reported at when its clause is quoted, an example, or described:
/// still reported, at low. `None` when it stands as written.
pub fn discount(doc: &Doc, clause: usize) -> Option<Severity> {
    let setting = &doc.settings[clause];
    (setting.quoted || setting.example || setting.described).then_some(Severity::Low)
}

/// The severity a single token is reported at when it sits inside a quotation or code span:
/// an order named there is quoted, not given. `None` when it stands as written.
pub fn discount_token(doc: &Doc, token: usize) -> Option<Severity> {
    let at = doc.tokens.get(token)?.start;
    doc.spans_at(at)
        .any(|span| {
            matches!(
                span.kind,
                crate::text::spans::SpanKind::Quote | crate::text::spans::SpanKind::Code
            )
        })
        .then_some(Severity::Low)
}
