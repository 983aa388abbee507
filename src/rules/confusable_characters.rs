//! `confusable-characters`: a Cyrillic or Greek look-alike letter mixed into a Latin word.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "confusable-characters",
    severity: Severity::High,
    summary: "a Cyrillic or Greek look-alike letter mixed into a Latin word",
};

pub struct ConfusableCharacters;

impl TextRule for ConfusableCharacters {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
