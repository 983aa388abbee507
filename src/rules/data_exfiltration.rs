//! `data-exfiltration`: a secret or the model's system prompt named as the thing sent to an external URL, email, domain or IP address.

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "data-exfiltration",
    severity: Severity::High,
    summary: "a secret or the model's system prompt named as the thing sent to an external URL, email, domain or IP address",
};

pub struct DataExfiltration;

impl TextRule for DataExfiltration {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
