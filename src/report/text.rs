//! The human report: one block per entity, then a summary line.

use super::escape::escape;
use super::{EntityReport, Report, ServerStatus};
use crate::gate::pin::Change;
use crate::model::Band;
use std::fmt::Write;

const RED: &str = "\x1b[31m";
const YELLOW: &str = "\x1b[33m";
const CYAN: &str = "\x1b[36m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";

fn band_colour(band: Band) -> &'static str {
    match band {
        Band::High => RED,
        Band::Medium => YELLOW,
        Band::Low => CYAN,
        Band::Clean => GREEN,
    }
}

/// Renders `report`. Colour goes on entity header lines (and config section headings) only, and
/// only when `colour` is set.
pub fn render(report: &Report, colour: bool) -> String {
    let mut out = String::new();
    match &report.config {
        Some(config) => {
            for server in &config.servers {
                let mine: Vec<&EntityReport> = report
                    .entities
                    .iter()
                    .filter(|entity| entity.source.as_deref() == Some(server.name.as_str()))
                    .collect();
                let worst = mine.iter().map(|entity| entity.band).max().unwrap_or(Band::Clean);
                let heading = format!("=== {} ({}) ===", escape(&server.name), server.transport);
                paint(&mut out, &heading, worst, colour && server.status == ServerStatus::Scanned);
                match &server.status {
                    ServerStatus::Disabled => {
                        out.push_str("  not scanned: disabled in the config\n\n")
                    }
                    ServerStatus::Failed(reason) => {
                        let _ = writeln!(out, "  not scanned: {}\n", escape(reason));
                    }
                    ServerStatus::Scanned if mine.is_empty() => {
                        out.push_str(
                            "  no tools, prompts, resources or server metadata listed\n\n",
                        );
                    }
                    ServerStatus::Scanned => {
                        for entity in mine {
                            entity_block(&mut out, entity, "", colour);
                        }
                    }
                }
            }
            let mut roll = format!(
                "{} of {} server(s) in {} scanned",
                config.count(|status| *status == ServerStatus::Scanned),
                config.servers.len(),
                escape(&config.path)
            );
            let failed = config.count(|status| matches!(status, ServerStatus::Failed(_)));
            if failed > 0 {
                let _ = write!(roll, ", {failed} failed");
            }
            let disabled = config.count(|status| *status == ServerStatus::Disabled);
            if disabled > 0 {
                let _ = write!(roll, ", {disabled} disabled");
            }
            let _ = writeln!(out, "{roll}.");
        }
        None => {
            for entity in &report.entities {
                let source = match (&entity.source, report.multi_source) {
                    (Some(source), true) => format!("{} / ", escape(source)),
                    _ => String::new(),
                };
                entity_block(&mut out, entity, &source, colour);
            }
        }
    }
    out.push_str(&summary(report));
    out.push('\n');
    out
}

fn paint(out: &mut String, line: &str, band: Band, colour: bool) {
    if colour {
        let _ = writeln!(out, "{}{line}{RESET}", band_colour(band));
    } else {
        let _ = writeln!(out, "{line}");
    }
}

fn entity_block(out: &mut String, entity: &EntityReport, prefix: &str, colour: bool) {
    let header = format!(
        "{prefix}{} {}  risk {}/100  [{}]",
        entity.kind,
        escape(&entity.label),
        entity.score,
        entity.band.label()
    );
    paint(out, &header, entity.band, colour);
    for finding in &entity.findings {
        let place = if finding.path.is_empty() {
            format!("offset {}", finding.offset)
        } else {
            format!("{} (offset {})", escape(&finding.path), finding.offset)
        };
        let _ = writeln!(out, "  [{}] {}  {place}", finding.severity.label(), finding.rule);
        let _ = writeln!(out, "      {}", escape(&finding.message));
        let _ = writeln!(out, "      > {}", escape(&finding.excerpt));
    }
    out.push('\n');
}

/// `2 tool(s), 1 server(s) scanned, 1 flagged, 2 finding(s).` plus any baselined count.
pub fn summary(report: &Report) -> String {
    let counts = report.counts();
    let mut line = format!(
        "{counts} scanned, {} flagged, {} finding(s).",
        report.flagged(),
        report.findings().count()
    );
    if report.baselined > 0 {
        let _ = write!(line, " {} baselined.", report.baselined);
    }
    line
}

/// The notices that follow a report on stderr, in every output mode: stale baseline entries,
/// pin drift, pinned sources left unchecked. Empty when there is nothing to say.
pub fn notices(report: &Report) -> String {
    let mut out = String::new();
    let source = |source: &Option<String>| match source {
        Some(source) => format!("{}: ", escape(source)),
        None => String::new(),
    };
    if !report.stale_baseline.is_empty() {
        let _ = writeln!(
            out,
            "rune: {} baseline entry(s) matched nothing in this scan:",
            report.stale_baseline.len()
        );
        for entry in &report.stale_baseline {
            if entry.kind.is_empty() && entry.target.is_empty() && entry.rule.is_empty() {
                let _ = writeln!(out, "  fingerprint {}", &entry.fingerprint[..12]);
            } else {
                let _ = writeln!(
                    out,
                    "  {}{} {}  {}  {}",
                    source(&entry.source),
                    escape(&entry.kind),
                    escape(&entry.target),
                    escape(&entry.rule),
                    escape(&entry.path)
                );
            }
        }
        out.push_str(
            "rune: prune them by re-running with --write-baseline, or ignore this if this scan \
             covered less than the baseline was written from\n",
        );
    }
    if !report.pin_drift.is_empty() {
        let _ = writeln!(
            out,
            "rune: {} pinned entity(s) no longer match the pin:",
            report.pin_drift.len()
        );
        for drifted in &report.pin_drift {
            let what = match &drifted.change {
                Change::Changed(paths) => {
                    let shown: Vec<String> =
                        paths.iter().take(3).map(|path| escape(path).into_owned()).collect();
                    let more = match paths.len().saturating_sub(3) {
                        0 => String::new(),
                        more => format!(" and {more} more field(s)"),
                    };
                    format!("changed: {}{more}", shown.join(", "))
                }
                Change::Added => "added since the pin".to_string(),
                Change::Removed => "removed since the pin".to_string(),
            };
            let _ = writeln!(
                out,
                "  {}{} {}  {what}",
                source(&drifted.source),
                drifted.kind,
                escape(&drifted.name)
            );
        }
        out.push_str(
            "rune: read the change before accepting it; re-run with --write-pin to pin the \
             metadata as it is now\n",
        );
    }
    if let Some(config) = &report.config {
        let missed: Vec<&super::ServerOutcome> =
            config.servers.iter().filter(|server| server.status != ServerStatus::Scanned).collect();
        if !missed.is_empty() {
            let _ = writeln!(
                out,
                "rune: {} of {} server(s) were not scanned:",
                missed.len(),
                config.servers.len()
            );
            for server in missed {
                let reason = match &server.status {
                    ServerStatus::Failed(reason) => escape(reason).into_owned(),
                    _ => "disabled in the config".to_string(),
                };
                let _ = writeln!(out, "  {}: {reason}", escape(&server.name));
            }
        }
    }
    if !report.pin_unchecked.is_empty() {
        let names: Vec<String> =
            report.pin_unchecked.iter().map(|name| escape(name).into_owned()).collect();
        let _ = writeln!(
            out,
            "rune: the pin also covers {} server(s) this run did not scan: {}",
            names.len(),
            names.join(" ")
        );
        out.push_str(
            "rune: their pinned metadata was not checked; scan them to check it, or re-run with \
             --write-pin to drop them\n",
        );
    }
    out
}
