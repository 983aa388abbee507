//! From entities to findings: walk every string, run every rule, judge the whole scan.

pub mod text;
pub mod walk;

use crate::model::{EntityId, Finding, Location, Redaction, Surface};
use crate::rules::{Hit, REGISTRY, Rule, RuleMeta, redactions};
use std::cell::OnceCell;
use text::Text;

/// A string holding secrets, kept to mask them in whole-scan findings built after the walk.
struct SecretString {
    entity: EntityId,
    path: String,
    text: String,
    redactions: Vec<Redaction>,
}

/// Runs every registered rule over every surface, in registry order.
pub fn scan(surfaces: &[Surface]) -> Vec<Finding> {
    scan_with(REGISTRY, surfaces)
}

/// Runs `rules` over every surface: the registry, or a variant of it under evaluation.
pub fn scan_with(rules: &[Rule], surfaces: &[Surface]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut hits = Vec::new();
    // One string's hits from every rule: a secret one rule finds is masked in all of them.
    let mut pending: Vec<(&'static RuleMeta, Hit)> = Vec::new();
    let mut secrets: Vec<SecretString> = Vec::new();
    for (surface_index, surface) in surfaces.iter().enumerate() {
        for (entity_index, entity) in surface.entities.iter().enumerate() {
            let id = EntityId { surface: surface_index, entity: entity_index };
            // Built for the first finding: most entities have none.
            let label = OnceCell::new();
            walk::string_leaves(&entity.value, &mut |path, raw| {
                let text = Text::new(raw);
                for rule in rules {
                    let Rule::Text(rule) = rule else { continue };
                    if !text.may_fire(*rule) {
                        continue;
                    }
                    rule.check(&text, &mut hits);
                    let meta = rule.meta();
                    pending.extend(hits.drain(..).map(|hit| (meta, hit)));
                }
                if pending.is_empty() {
                    return;
                }
                let masks = redactions(raw, pending.iter().map(|(_, hit)| hit));
                let label = label.get_or_init(|| entity.label());
                let at = Location::new(surface, id, label, path, raw);
                for (meta, Hit { start, end, message, severity, .. }) in pending.drain(..) {
                    let severity = severity.unwrap_or(meta.severity);
                    findings.push(Finding::redacted(
                        meta.id, severity, at, start, end, message, &masks,
                    ));
                }
                if !masks.is_empty() {
                    secrets.push(SecretString {
                        entity: id,
                        path: path.to_string(),
                        text: raw.to_string(),
                        redactions: masks,
                    });
                }
            });
        }
    }
    let from_text_rules = findings.len();
    for rule in rules {
        if let Rule::Scan(rule) = rule {
            rule.check(surfaces, &mut findings);
        }
    }
    if !secrets.is_empty() {
        for finding in &mut findings[from_text_rules..] {
            let holder = secrets
                .iter()
                .find(|secret| secret.entity == finding.entity && secret.path == finding.path);
            if let Some(secret) = holder {
                finding.redact(&secret.text, &secret.redactions);
            }
        }
    }
    findings
}
