//! `hex-payload`: a hex token that decodes to text another rule catches.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "hex-payload",
    severity: Severity::High,
    summary: "a hex token that decodes to text another rule catches",
};

pub struct HexPayload;

impl TextRule for HexPayload {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
