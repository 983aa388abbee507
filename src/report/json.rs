//! `--json`: rune's own machine-readable report, versioned.
//!
//! Version 1 of the shape (documented in the README, "JSON output"): top-level keys `version`,
//! `tools`, `prompts`, `resources`, `servers`, `staleBaseline`, `pinDrift`, `pinUnchecked`,
//! Each entity also lists `rules`, the distinct rules that agree on it, and each finding its
//! `confidence` (0 to 1). `sources` (the `--config` roll call: `name`, `transport`, `status`, `error`) and `summary`. Each entity is `name`, `source`
//! (only when the run had several sources), `score`, `band` and `findings`; each finding is
//! `rule`, `severity`, `path`, `offset`, `length`, `match`, `message` and `excerpt`. Names, paths,
//! matches and messages hold the server's exact text; the excerpt is the escaped context shown
//! to humans. New keys may be added within a version; none is removed or renamed.

use super::{Report, ServerStatus};
use crate::escape::escape;
use crate::gate::pin::Change;
use crate::json::{Value, number, object, string, to_pretty};
use crate::model::Kind;

/// The version of this shape, written as the top-level `version`.
pub const JSON_VERSION: u32 = 1;

fn kind_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Tool => "tools",
        Kind::Prompt => "prompts",
        Kind::Resource => "resources",
        Kind::Server => "servers",
    }
}

/// The report as a JSON value, so other renderers can extend it.
pub fn to_value(report: &Report) -> Value {
    let mut members = vec![("version", number(JSON_VERSION))];
    for kind in Kind::ALL {
        let entities = report
            .entities
            .iter()
            .filter(|entity| entity.kind == kind)
            .map(|entity| {
                let mut fields = vec![("name", string(&entity.label))];
                if let Some(source) = entity.source.as_deref() {
                    fields.push(("source", string(source)));
                }
                fields.push(("score", number(entity.score)));
                fields.push(("band", string(entity.band.label())));
                let findings = entity
                    .findings
                    .iter()
                    .map(|finding| {
                        object(vec![
                            ("rule", string(finding.rule)),
                            ("severity", string(finding.severity.as_str())),
                            ("path", string(&finding.path)),
                            ("offset", number(finding.offset as u64)),
                            ("length", number(finding.length as u64)),
                            ("match", string(&finding.matched)),
                            ("message", string(&finding.message)),
                            (
                                "confidence",
                                Value::Number(format!(
                                    "{:.2}",
                                    f64::from(finding.confidence) / 100.0
                                )),
                            ),
                            ("excerpt", string(&escape(&finding.excerpt))),
                        ])
                    })
                    .collect();
                fields.push((
                    "rules",
                    Value::Array(entity.rules().into_iter().map(string).collect()),
                ));
                fields.push(("findings", Value::Array(findings)));
                object(fields)
            })
            .collect();
        members.push((kind_key(kind), Value::Array(entities)));
    }
    let stale = report
        .stale_baseline
        .iter()
        .map(|entry| {
            object(vec![
                ("kind", string(&entry.kind)),
                ("target", string(&entry.target)),
                ("rule", string(&entry.rule)),
                ("path", string(&entry.path)),
                ("source", string(entry.source.as_deref().unwrap_or(""))),
                ("fingerprint", string(&entry.fingerprint)),
            ])
        })
        .collect();
    members.push(("staleBaseline", Value::Array(stale)));
    let drift = report
        .pin_drift
        .iter()
        .map(|drifted| {
            let mut fields =
                vec![("kind", string(drifted.kind.as_str())), ("name", string(&drifted.name))];
            if let Some(source) = &drifted.source {
                fields.push(("source", string(source)));
            }
            let (change, paths) = match &drifted.change {
                Change::Changed(paths) => ("changed", paths.as_slice()),
                Change::Added => ("added", &[][..]),
                Change::Removed => ("removed", &[][..]),
            };
            fields.push(("change", string(change)));
            fields.push(("paths", Value::Array(paths.iter().map(|path| string(path)).collect())));
            object(fields)
        })
        .collect();
    members.push(("pinDrift", Value::Array(drift)));
    members.push((
        "pinUnchecked",
        Value::Array(report.pin_unchecked.iter().map(|source| string(source)).collect()),
    ));
    let sources = report
        .config
        .iter()
        .flat_map(|config| &config.servers)
        .map(|server| {
            let (status, error) = match &server.status {
                ServerStatus::Scanned => ("scanned", Value::Null),
                ServerStatus::Failed(reason) => ("failed", string(reason)),
                ServerStatus::Disabled => ("disabled", Value::Null),
            };
            object(vec![
                ("name", string(&server.name)),
                ("transport", string(&server.transport)),
                ("status", string(status)),
                ("error", error),
            ])
        })
        .collect();
    members.push(("sources", Value::Array(sources)));
    let mut summary = Kind::ALL
        .into_iter()
        .map(|kind| (kind_key(kind), number(report.count(kind) as u64)))
        .collect::<Vec<_>>();
    summary.push(("flagged", number(report.flagged() as u64)));
    summary.push(("findings", number(report.findings().count() as u64)));
    summary.push(("baselined", number(report.baselined as u64)));
    summary.push(("staleBaseline", number(report.stale_baseline.len() as u64)));
    summary.push(("pinDrift", number(report.pin_drift.len() as u64)));
    summary.push(("pinUnchecked", number(report.pin_unchecked.len() as u64)));
    if let Some(config) = &report.config {
        summary.push(("sources", number(config.servers.len() as u64)));
        summary.push((
            "sourcesScanned",
            number(config.count(|status| *status == ServerStatus::Scanned) as u64),
        ));
    }
    members.push(("summary", object(summary)));
    object(members)
}

pub fn render(report: &Report) -> String {
    to_pretty(&to_value(report))
}
