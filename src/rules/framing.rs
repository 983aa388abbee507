//! How a finding over one clause is placed and weighed: its span, and the discount for an
//! order that is quoted, given as an example or described by a tool that detects it.

use crate::model::Severity;
use crate::text::Doc;
use crate::text::lex::Kind;
use crate::vocab::classes::func;
use std::ops::Range;

/// The bytes of clause `clause` without leading bullets, a leading conjunction (`and send it
/// to ...`) or trailing punctuation.
pub fn span(doc: &Doc, clause: usize) -> Range<usize> {
    let tokens = doc.clauses[clause].tokens.clone();
    let mut words: Vec<usize> =
        tokens.filter(|&at| !matches!(doc.tokens[at].kind, Kind::Punct(_))).collect();
    let conjunction = |at: &usize| {
        let info = doc.tokens[*at].info;
        info.func & func::CONJ != 0 && info.func & func::NEG == 0
    };
    if words.len() > 1 && words.first().is_some_and(conjunction) {
        words.remove(0);
    }
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
