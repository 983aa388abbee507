//! Test support shared by every rule's unit tests: run a rule the way the scanner does.

use crate::rules::{Hit, TextRule};
use crate::scan::text::Text;

/// The hits `rule` reports on `input`, checking that the rule's trigger words admit every
/// string it fires on (a missing trigger would silently lose the detection in a real scan).
pub fn hits(rule: &dyn TextRule, input: &str) -> Vec<Hit> {
    let text = Text::new(input);
    let mut hits = Vec::new();
    rule.check(&text, &mut hits);
    assert!(hits.is_empty() || text.may_fire(rule), "{}: no trigger in {input:?}", rule.meta().id);
    hits
}

/// The flagged substrings of `input`.
pub fn spans<'a>(rule: &dyn TextRule, input: &'a str) -> Vec<&'a str> {
    hits(rule, input).iter().map(|hit| &input[hit.start..hit.end]).collect()
}

/// The flagged substrings of `input`, each hit carrying `message` at the rule's own severity.
pub fn spans_with<'a>(rule: &dyn TextRule, input: &'a str, message: &str) -> Vec<&'a str> {
    let hits = hits(rule, input);
    assert!(hits.iter().all(|hit| hit.message == message && hit.severity.is_none()), "{hits:?}");
    hits.iter().map(|hit| &input[hit.start..hit.end]).collect()
}
