//! `sensitive-file-access`: a directive to read a well-known credential file (an SSH private key, ~/.aws/credentials, .netrc, an agent's own MCP config).

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "sensitive-file-access",
    severity: Severity::High,
    summary: "a directive to read a well-known credential file (an SSH private key, ~/.aws/credentials, .netrc, an agent's own MCP config)",
};

pub struct SensitiveFileAccess;

impl TextRule for SensitiveFileAccess {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _text: &Text<'_>, _hits: &mut Vec<Hit>) {}
}
