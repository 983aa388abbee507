//! `compatibility-characters`: a payload typed in a Unicode compatibility variant of ASCII (fullwidth, mathematical, circled) that normalizes to text another rule catches.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "compatibility-characters",
    severity: Severity::High,
    summary: "a payload typed in a Unicode compatibility variant of ASCII (fullwidth, mathematical, circled) that normalizes to text another rule catches",
};

pub struct CompatibilityCharacters;

impl TextRule for CompatibilityCharacters {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
