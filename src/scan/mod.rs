//! From entities to findings: walk every string, run every rule, judge the whole scan.

pub mod text;
pub mod walk;

use crate::model::{EntityId, Finding, Location, Surface};
use crate::rules::{Hit, REGISTRY, Rule};
use text::Text;

/// Runs every registered rule over every surface, in registry order.
pub fn scan(surfaces: &[Surface]) -> Vec<Finding> {
    scan_with(REGISTRY, surfaces)
}

/// Runs `rules` over every surface: the registry, or a variant of it under evaluation.
pub fn scan_with(rules: &[Rule], surfaces: &[Surface]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut hits = Vec::new();
    for (surface_index, surface) in surfaces.iter().enumerate() {
        for (entity_index, entity) in surface.entities.iter().enumerate() {
            let id = EntityId { surface: surface_index, entity: entity_index };
            let label = entity.label();
            walk::string_leaves(&entity.value, &mut |path, raw| {
                let text = Text::new(raw);
                let at = Location {
                    entity: id,
                    source: surface.source.as_deref(),
                    kind: entity.kind,
                    label: &label,
                    path,
                    text: raw,
                };
                for rule in rules {
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
    for rule in rules {
        if let Rule::Scan(rule) = rule {
            rule.check(surfaces, &mut findings);
        }
    }
    findings
}
