//! `name-collision`: two tools or prompts a client routes by the same name.

use crate::model::{Finding, Severity, Surface};
use crate::rules::{RuleMeta, ScanRule};

static META: RuleMeta = RuleMeta {
    id: "name-collision",
    severity: Severity::Medium,
    summary: "two tools or prompts sharing one name, so which definition a call reaches is up to the client",
};

pub struct NameCollision;

impl ScanRule for NameCollision {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, _surfaces: &[Surface], _findings: &mut Vec<Finding>) {}
}
