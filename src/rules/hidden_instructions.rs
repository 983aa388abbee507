//! `hidden-instructions`: text aimed at the reading model: "ignore previous instructions", "you are now...", "developer mode".

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "hidden-instructions",
    severity: Severity::High,
    summary: "text aimed at the reading model: \"ignore previous instructions\", \"you are now...\", \"developer mode\"",
};

pub struct HiddenInstructions;

impl TextRule for HiddenInstructions {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
