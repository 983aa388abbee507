//! `invisible-characters`: zero-width, bidirectional, tag and control characters that smuggle text past a human reviewer.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "invisible-characters",
    severity: Severity::High,
    summary: "zero-width, bidirectional, tag and control characters that smuggle text past a human reviewer",
};

pub struct InvisibleCharacters;

impl TextRule for InvisibleCharacters {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
