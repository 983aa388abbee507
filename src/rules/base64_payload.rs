//! `base64-payload`: a base64 token that decodes to text another rule catches.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "base64-payload",
    severity: Severity::High,
    summary: "a base64 token that decodes to text another rule catches",
};

pub struct Base64Payload;

impl TextRule for Base64Payload {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
