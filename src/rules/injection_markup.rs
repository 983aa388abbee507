//! `injection-markup`: fake instruction boundaries such as <system>, [INST] and <|im_start|>.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "injection-markup",
    severity: Severity::Medium,
    summary: "fake instruction boundaries such as <system>, [INST] and <|im_start|>",
};

pub struct InjectionMarkup;

impl TextRule for InjectionMarkup {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
