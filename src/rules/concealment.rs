//! `concealment`: a directive to hide activity from the user.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "concealment",
    severity: Severity::High,
    summary: "a directive to hide activity from the user",
};

pub struct Concealment;

impl TextRule for Concealment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
