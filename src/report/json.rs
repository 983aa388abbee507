//! `--json`: rune's own machine-readable report, versioned.
//!
//! Version 1 of the shape (documented in the README, "JSON output"): top-level keys `version`,
//! `tools`, `prompts`, `resources`, `servers`, `staleBaseline`, `pinDrift`, `pinUnchecked`,
//! `sources` (the `--config` roll call: `name`, `transport`, `status`, `error`) and `summary`.
//! Each entity is `name`, `source` (only when the run had several sources), `score`, `band`,
//! `rules` (the distinct rules that agree on it) and `findings`; each finding is `rule`,
//! `severity`, `path`, `offset`, `length`, `match`, `message`, `confidence` (0 to 1, two
//! decimals) and `excerpt`. Names, paths, matches and messages hold the server's exact text;
//! the excerpt is the escaped context shown to humans. New keys may be added within a version;
//! none is removed or renamed.
//!
//! The structs below are the wire format, kept apart from the report's own types so that a
//! refactor inside rune cannot change it; field order is key order.

use super::{EntityReport, Report, ServerStatus};
use crate::escape::escape;
use crate::gate::baseline::Entry;
use crate::gate::pin::{Change, Drifted};
use crate::json::serial::{Fixed, to_pretty};
use crate::model::{Finding, Kind};
use serde::Serialize;

/// The version of this shape, written as the top-level `version`.
pub(crate) const JSON_VERSION: u32 = 1;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportFile<'a> {
    version: u32,
    tools: Vec<EntityRow<'a>>,
    prompts: Vec<EntityRow<'a>>,
    resources: Vec<EntityRow<'a>>,
    servers: Vec<EntityRow<'a>>,
    stale_baseline: Vec<StaleRow<'a>>,
    pin_drift: Vec<DriftRow<'a>>,
    pin_unchecked: &'a [String],
    sources: Vec<SourceRow<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct EntityRow<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    score: u32,
    band: &'static str,
    rules: Vec<&'static str>,
    findings: Vec<FindingRow<'a>>,
}

#[derive(Serialize)]
struct FindingRow<'a> {
    rule: &'static str,
    severity: &'static str,
    path: &'a str,
    offset: usize,
    length: usize,
    #[serde(rename = "match")]
    matched: &'a str,
    message: &'a str,
    confidence: Fixed<2>,
    excerpt: std::borrow::Cow<'a, str>,
}

/// A baseline entry that matched nothing; `source` is `""` for a single-source baseline.
#[derive(Serialize)]
struct StaleRow<'a> {
    kind: &'a str,
    target: &'a str,
    rule: &'a str,
    path: &'a str,
    source: &'a str,
    fingerprint: &'a str,
}

#[derive(Serialize)]
struct DriftRow<'a> {
    kind: &'static str,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    change: &'static str,
    paths: &'a [String],
}

/// One server of a `--config` run; `error` is null unless it failed.
#[derive(Serialize)]
struct SourceRow<'a> {
    name: &'a str,
    transport: &'a str,
    status: &'static str,
    error: Option<&'a str>,
}

/// Counts; `sources` and `sourcesScanned` only for a `--config` run.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    tools: usize,
    prompts: usize,
    resources: usize,
    servers: usize,
    flagged: usize,
    findings: usize,
    baselined: usize,
    stale_baseline: usize,
    pin_drift: usize,
    pin_unchecked: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    sources: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sources_scanned: Option<usize>,
}

fn entity_row(entity: &EntityReport) -> EntityRow<'_> {
    EntityRow {
        name: &entity.label,
        source: entity.source.as_deref(),
        score: entity.score,
        band: entity.band.label(),
        rules: entity.rules(),
        findings: entity.findings.iter().map(finding_row).collect(),
    }
}

fn finding_row(finding: &Finding) -> FindingRow<'_> {
    FindingRow {
        rule: finding.rule,
        severity: finding.severity.as_str(),
        path: &finding.path,
        offset: finding.offset,
        length: finding.length,
        matched: &finding.matched,
        message: &finding.message,
        confidence: Fixed(f64::from(finding.confidence) / 100.0),
        excerpt: escape(&finding.excerpt),
    }
}

fn stale_row(entry: &Entry) -> StaleRow<'_> {
    StaleRow {
        kind: &entry.kind,
        target: &entry.target,
        rule: &entry.rule,
        path: &entry.path,
        source: entry.source.as_deref().unwrap_or(""),
        fingerprint: &entry.fingerprint,
    }
}

fn drift_row(drifted: &Drifted) -> DriftRow<'_> {
    let (change, paths) = match &drifted.change {
        Change::Changed(paths) => ("changed", paths.as_slice()),
        Change::Added => ("added", &[][..]),
        Change::Removed => ("removed", &[][..]),
    };
    DriftRow {
        kind: drifted.kind.as_str(),
        name: &drifted.name,
        source: drifted.source.as_deref(),
        change,
        paths,
    }
}

/// The report as version 1 of rune's JSON, with a trailing newline.
pub fn render(report: &Report) -> String {
    let entities = |kind: Kind| {
        report.entities.iter().filter(|entity| entity.kind == kind).map(entity_row).collect()
    };
    let sources = report
        .config
        .iter()
        .flat_map(|config| &config.servers)
        .map(|server| {
            let (status, error) = match &server.status {
                ServerStatus::Scanned => ("scanned", None),
                ServerStatus::Failed(reason) => ("failed", Some(reason.as_str())),
                ServerStatus::Disabled => ("disabled", None),
            };
            SourceRow { name: &server.name, transport: &server.transport, status, error }
        })
        .collect();
    let summary = Summary {
        tools: report.count(Kind::Tool),
        prompts: report.count(Kind::Prompt),
        resources: report.count(Kind::Resource),
        servers: report.count(Kind::Server),
        flagged: report.flagged(),
        findings: report.findings().count(),
        baselined: report.baselined,
        stale_baseline: report.stale_baseline.len(),
        pin_drift: report.pin_drift.len(),
        pin_unchecked: report.pin_unchecked.len(),
        sources: report.config.as_ref().map(|config| config.servers.len()),
        sources_scanned: report
            .config
            .as_ref()
            .map(|config| config.count(|status| *status == ServerStatus::Scanned)),
    };
    to_pretty(&ReportFile {
        version: JSON_VERSION,
        tools: entities(Kind::Tool),
        prompts: entities(Kind::Prompt),
        resources: entities(Kind::Resource),
        servers: entities(Kind::Server),
        stale_baseline: report.stale_baseline.iter().map(stale_row).collect(),
        pin_drift: report.pin_drift.iter().map(drift_row).collect(),
        pin_unchecked: &report.pin_unchecked,
        sources,
        summary,
    })
}
