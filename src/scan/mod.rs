//! From entities to findings: walk every string, run every rule, judge the whole scan.

pub mod text;
pub mod walk;

use crate::model::{Finding, Location, Surface};
use crate::rules::{Hit, REGISTRY, Rule};
use text::Text;

/// Runs every registered rule over every surface. Findings come back grouped by entity in
/// surface order, each entity's findings ordered by severity (gravest first), path, offset.
pub fn scan(surfaces: &[Surface]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut hits = Vec::new();
    for surface in surfaces {
        for entity in &surface.entities {
            let label = entity.label();
            walk::string_leaves(&entity.value, &mut |path, raw| {
                let text = Text::new(raw);
                let at = Location {
                    source: surface.source.as_deref(),
                    kind: entity.kind,
                    label: &label,
                    path,
                    text: raw,
                };
                for rule in REGISTRY {
                    let Rule::Text(rule) = rule else { continue };
                    if !text.may_fire(*rule) {
                        continue;
                    }
                    rule.check(&text, &mut hits);
                    let meta = rule.meta();
                    for Hit { start, end, message, severity } in hits.drain(..) {
                        let severity = severity.unwrap_or(meta.severity);
                        findings.push(Finding::new(meta.id, severity, at, start, end, message));
                    }
                }
            });
        }
    }
    for rule in REGISTRY {
        if let Rule::Scan(rule) = rule {
            rule.check(surfaces, &mut findings);
        }
    }
    findings
}
