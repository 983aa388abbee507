//! `--output-markdown` and `--github-comment`: the report as GitHub-flavoured Markdown.
//!
//! Every piece of text that came from a server (names, paths, flagged text, error reasons) is
//! shown as a code span in a table cell, never as Markdown. Backslash escapes would not be
//! enough: GitHub turns `@org/team` into a mention, `#12` into a reference and `www.` text into
//! a link after the Markdown is rendered, and skips all of that only inside code. So a cell is
//! [`escape`]d first (controls and invisible characters become `<U+XXXX>`, a newline `\n`),
//! then fenced with more backticks than it contains, with `|` escaped so it cannot end the cell.
//!
//! GitHub refuses a comment over 65,536 characters, so tables stop at `MAX_ROWS` rows or
//! `TABLE_BUDGET` bytes (whichever comes first) and say how many rows were left out.

use super::{Report, ServerStatus};
use crate::escape::escape;
use crate::gate::pin::Change;
use crate::model::{Finding, Kind};
use std::fmt::Write;

/// Rows shown per table at most.
pub(crate) const MAX_ROWS: usize = 50;
/// Bytes of rows per table at most: three full tables stay under GitHub's comment limit.
pub(crate) const TABLE_BUDGET: usize = 18_000;
/// Tables longer than this are collapsed under a `<details>` summary.
const OPEN_ROWS: usize = 10;
/// Server text longer than this (in code points) is cut, with `…` after the code span.
const MAX_CELL_CHARS: usize = 100;
/// Paths of one drifted entity shown before "and N more".
const MAX_DRIFT_PATHS: usize = 3;
/// Names listed in the line about pinned servers this run did not scan.
const MAX_UNCHECKED: usize = 20;

/// Whether the report has anything a reviewer must act on: a finding the baseline does not
/// accept, or pinned metadata that changed. A clean run posts no new comment.
pub fn has_drift_or_findings(report: &Report) -> bool {
    report.findings().next().is_some() || !report.pin_drift.is_empty()
}

/// Renders `report` as Markdown: a verdict line, then pin drift, findings and the servers a
/// config run could not scan, each as a table.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let problems = problems(report);
    let mut notes = Vec::new();
    if problems.is_empty() {
        let _ = writeln!(out, "**rune: clean** — {} scanned, nothing found\n", report.counts());
    } else {
        let _ = writeln!(out, "**rune: {}**\n", problems.join("; "));
        notes.push(format!("Scanned {}.", report.counts()));
    }
    if let Some(config) = &report.config {
        notes.push(format!(
            "{} of {} server(s) in {} scanned.",
            config.count(|status| *status == ServerStatus::Scanned),
            config.servers.len(),
            code(&config.path)
        ));
    }
    if report.baselined > 0 {
        notes.push(format!("{} finding(s) accepted by the baseline.", report.baselined));
    }
    if !report.stale_baseline.is_empty() {
        notes.push(format!(
            "{} baseline entry(s) matched nothing in this scan.",
            report.stale_baseline.len()
        ));
    }
    if !notes.is_empty() {
        let _ = writeln!(out, "{}\n", notes.join(" "));
    }

    let sourced = report.entities.iter().any(|entity| entity.source.is_some())
        || report.pin_drift.iter().any(|drifted| drifted.source.is_some());
    drift_table(&mut out, report, sourced);
    findings_table(&mut out, report, sourced);
    unscanned_table(&mut out, report);
    if !report.pin_unchecked.is_empty() {
        let names: Vec<String> =
            report.pin_unchecked.iter().take(MAX_UNCHECKED).map(|name| code(name)).collect();
        let more = match report.pin_unchecked.len().saturating_sub(MAX_UNCHECKED) {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        let _ = writeln!(
            out,
            "The pin also covers {} server(s) this run did not scan, so their metadata was not \
             checked: {}{more}.\n",
            report.pin_unchecked.len(),
            names.join(", ")
        );
    }
    out
}

/// What the verdict line names: findings, drift, servers that could not be read.
fn problems(report: &Report) -> Vec<String> {
    let findings = report.findings().count();
    let mut problems = Vec::new();
    if findings > 0 {
        let kinds = Kind::ALL.into_iter().filter(|kind| report.count(*kind) > 0).count();
        let of = match Kind::ALL.into_iter().find(|kind| report.count(*kind) > 0) {
            Some(kind) if kinds == 1 => format!("{kind}(s)"),
            _ => "entity(s)".to_string(),
        };
        problems.push(format!(
            "{findings} finding(s) in {} of {} {of}",
            report.flagged(),
            report.entities.len()
        ));
    }
    if !report.pin_drift.is_empty() {
        problems.push(format!("{} pinned entity(s) changed", report.pin_drift.len()));
    }
    let failed = report
        .config
        .as_ref()
        .map_or(0, |config| config.count(|status| matches!(status, ServerStatus::Failed(_))));
    if failed > 0 {
        problems.push(format!("{failed} server(s) could not be scanned"));
    }
    problems
}

fn drift_table(out: &mut String, report: &Report, sourced: bool) {
    let rows = report.pin_drift.iter().map(|drifted| {
        let (change, fields) = match &drifted.change {
            Change::Changed(paths) => {
                let mut fields: Vec<String> =
                    paths.iter().take(MAX_DRIFT_PATHS).map(|path| cell(path)).collect();
                if paths.len() > MAX_DRIFT_PATHS {
                    fields.push(format!("and {} more", paths.len() - MAX_DRIFT_PATHS));
                }
                ("changed", fields.join(", "))
            }
            Change::Added => ("added since the pin", String::new()),
            Change::Removed => ("removed since the pin", String::new()),
        };
        let mut row = server_cell(&drifted.source, sourced);
        row.extend([
            format!("{} {}", drifted.kind, cell(&drifted.name)),
            change.to_string(),
            fields,
        ]);
        row
    });
    let mut columns = server_column(sourced);
    columns.extend(["Entity", "Change", "Fields"]);
    table(out, "Pin drift", "pinned entity(s) changed", &columns, report.pin_drift.len(), rows);
}

fn findings_table(out: &mut String, report: &Report, sourced: bool) {
    // Worst first, so the rows a cut keeps are the ones that matter most.
    let mut findings: Vec<&Finding> = report.findings().collect();
    findings.sort_by_key(|finding| std::cmp::Reverse(finding.severity));
    let rows = findings.iter().map(|finding| {
        let mut row = vec![finding.severity.label().to_string(), cell(finding.rule)];
        row.extend(server_cell(&finding.source, sourced));
        row.extend([
            format!("{} {}", finding.kind, cell(&finding.label)),
            cell(&finding.path),
            cell(&finding.matched),
        ]);
        row
    });
    let mut columns = vec!["Severity", "Rule"];
    columns.extend(server_column(sourced));
    columns.extend(["Entity", "Path", "Flagged text"]);
    table(out, "Findings", "finding(s)", &columns, findings.len(), rows);
}

fn unscanned_table(out: &mut String, report: &Report) {
    let Some(config) = &report.config else { return };
    let missed: Vec<_> =
        config.servers.iter().filter(|server| server.status != ServerStatus::Scanned).collect();
    let rows = missed.iter().map(|server| {
        let reason = match &server.status {
            ServerStatus::Failed(reason) => cell(reason),
            _ => "disabled in the config".to_string(),
        };
        vec![cell(&server.name), cell(&server.transport), reason]
    });
    let columns = ["Server", "Transport", "Why"];
    table(out, "Not scanned", "server(s) not scanned", &columns, missed.len(), rows);
}

fn server_column(sourced: bool) -> Vec<&'static str> {
    if sourced { vec!["Server"] } else { Vec::new() }
}

fn server_cell(source: &Option<String>, sourced: bool) -> Vec<String> {
    match source {
        _ if !sourced => Vec::new(),
        Some(source) => vec![cell(source)],
        None => vec![String::new()],
    }
}

/// Writes `total` rows under a heading, collapsed when long, cut at [`MAX_ROWS`] rows or
/// [`TABLE_BUDGET`] bytes with a line saying how many `noun` were left out. Nothing when empty.
fn table(
    out: &mut String,
    heading: &str,
    noun: &str,
    columns: &[&str],
    total: usize,
    rows: impl Iterator<Item = Vec<String>>,
) {
    if total == 0 {
        return;
    }
    let _ = writeln!(out, "### {heading}\n");
    let collapsed = total > OPEN_ROWS;
    if collapsed {
        let _ = writeln!(out, "<details><summary>{total} {noun}</summary>\n");
    }
    let _ = writeln!(out, "| {} |", columns.join(" | "));
    let _ = writeln!(out, "|{}", " --- |".repeat(columns.len()));
    let mut shown = 0;
    let mut used = 0;
    for row in rows.take(MAX_ROWS) {
        let line = format!("| {} |\n", row.join(" | "));
        used += line.len();
        if used > TABLE_BUDGET {
            break;
        }
        out.push_str(&line);
        shown += 1;
    }
    if shown < total {
        let _ = writeln!(
            out,
            "\n…and {} more {noun} not shown; run rune locally for the full report.",
            total - shown
        );
    }
    if collapsed {
        out.push_str("\n</details>\n");
    }
    out.push('\n');
}

/// Server text for a table cell: a code span with every `|` escaped (GFM splits cells on
/// unescaped pipes before it parses code spans, and shows `\|` inside one as `|`).
fn cell(text: &str) -> String {
    span(text, true)
}

/// Server text outside a table: a code span.
fn code(text: &str) -> String {
    span(text, false)
}

fn span(text: &str, in_table: bool) -> String {
    if text.is_empty() {
        return String::new();
    }
    let (kept, cut) = match text.char_indices().nth(MAX_CELL_CHARS) {
        Some((at, _)) => (&text[..at], "…"),
        None => (text, ""),
    };
    let shown = escape(kept);
    let shown = if in_table { shown.replace('|', "\\|") } else { shown.into_owned() };
    let longest_run = shown.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest_run + 1);
    // A span that starts or ends with a backtick needs a space between it and the fence; one
    // space each side is stripped again when both are there, so pad both.
    let pad = if shown.starts_with(['`', ' ']) || shown.ends_with(['`', ' ']) { " " } else { "" };
    format!("{fence}{pad}{shown}{pad}{fence}{cut}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::pin::Drifted;
    use crate::model::{Entity, EntityId, Location, Severity, Surface};
    use crate::report::{ConfigRun, ServerOutcome};

    fn surface(names: &[&str]) -> Surface {
        Surface {
            source: None,
            entities: names
                .iter()
                .enumerate()
                .map(|(index, name)| Entity {
                    kind: Kind::Tool,
                    index,
                    value: crate::json::parse(&format!(
                        "{{\"name\": {}}}",
                        crate::json::to_compact(&crate::json::Value::String(name.to_string()))
                    ))
                    .unwrap(),
                })
                .collect(),
        }
    }

    fn meta(id: &str) -> &'static crate::model::RuleMeta {
        crate::rules::find(id).expect("a registered rule").meta()
    }

    fn finding(entity: usize, label: &str, path: &str, text: &str, severity: Severity) -> Finding {
        let at = Location {
            entity: EntityId { surface: 0, entity },
            source: None,
            kind: Kind::Tool,
            label,
            path,
            text,
            chars: None,
        };
        Finding::new(meta("hidden-instructions"), severity, at, 0, text.len(), "msg".to_string())
    }

    fn two_tools_one_finding() -> Report {
        let surfaces = [surface(&["read_file", "send"])];
        let found = finding(1, "send", "description", "ignore previous", Severity::High);
        Report::new(&surfaces, vec![found])
    }

    #[test]
    fn a_tag_is_shown_as_code_not_html() {
        assert_eq!(cell("<img src=x onerror=alert(1)>"), "`<img src=x onerror=alert(1)>`");
    }

    #[test]
    fn a_mention_sits_in_code_where_github_does_not_notify() {
        assert_eq!(cell("@org/team"), "`@org/team`");
        assert_eq!(cell("see #12 and www.evil.example"), "`see #12 and www.evil.example`");
    }

    #[test]
    fn a_pipe_cannot_end_the_cell() {
        assert_eq!(cell("| col |"), "`\\| col \\|`");
        // A backslash before the pipe stays literal text: GFM strips only the one it needs.
        assert_eq!(cell("a\\|b"), "`a\\\\|b`");
        // Outside a table a pipe is only text.
        assert_eq!(code("a|b"), "`a|b`");
    }

    #[test]
    fn a_backtick_fence_cannot_close_the_span() {
        assert_eq!(cell("``` x"), "```` ``` x ````");
        assert_eq!(cell("a`b"), "``a`b``");
        assert_eq!(cell("x`"), "`` x` ``");
    }

    #[test]
    fn a_newline_cannot_start_a_new_row() {
        assert_eq!(cell("one\n| forged | row |"), "`one\\n\\| forged \\| row \\|`");
        assert_eq!(cell("a\r\nb"), "`a<U+000D>\\nb`");
    }

    #[test]
    fn invisible_characters_are_named() {
        assert_eq!(cell("pay\u{200b}load\u{202e}"), "`pay<U+200B>load<U+202E>`");
    }

    #[test]
    fn markdown_and_entities_stay_literal_inside_the_span() {
        assert_eq!(
            cell("**bold** [x](http://e) &amp; ~~s~~"),
            "`**bold** [x](http://e) &amp; ~~s~~`"
        );
    }

    #[test]
    fn long_text_is_cut_after_the_span() {
        let long = "a".repeat(MAX_CELL_CHARS + 5);
        assert_eq!(cell(&long), format!("`{}`…", "a".repeat(MAX_CELL_CHARS)));
        assert_eq!(cell(""), "");
    }

    #[test]
    fn findings_layout() {
        let rendered = render(&two_tools_one_finding());
        assert_eq!(
            rendered,
            "**rune: 1 finding(s) in 1 of 2 tool(s)**\n\
             \n\
             Scanned 2 tool(s).\n\
             \n\
             ### Findings\n\
             \n\
             | Severity | Rule | Entity | Path | Flagged text |\n\
             | --- | --- | --- | --- | --- |\n\
             | HIGH | `hidden-instructions` | tool `send` | `description` | `ignore previous` |\n\
             \n"
        );
    }

    #[test]
    fn clean_layout() {
        let report = Report::new(&[surface(&["a", "b"])], Vec::new());
        assert_eq!(render(&report), "**rune: clean** — 2 tool(s) scanned, nothing found\n\n");
        assert!(!has_drift_or_findings(&report));
    }

    #[test]
    fn drift_and_baseline_layout() {
        let mut report = two_tools_one_finding();
        report.suppress(|_| true);
        report.pin_drift = vec![
            Drifted {
                source: None,
                kind: Kind::Tool,
                name: "send|x".to_string(),
                change: Change::Changed(
                    ["description", "a", "b", "c"].map(str::to_string).to_vec(),
                ),
            },
            Drifted {
                source: None,
                kind: Kind::Prompt,
                name: "p".to_string(),
                change: Change::Added,
            },
        ];
        assert!(has_drift_or_findings(&report));
        assert_eq!(
            render(&report),
            "**rune: 2 pinned entity(s) changed**\n\
             \n\
             Scanned 2 tool(s). 1 finding(s) accepted by the baseline.\n\
             \n\
             ### Pin drift\n\
             \n\
             | Entity | Change | Fields |\n\
             | --- | --- | --- |\n\
             | tool `send\\|x` | changed | `description`, `a`, `b`, and 1 more |\n\
             | prompt `p` | added since the pin |  |\n\
             \n"
        );
    }

    #[test]
    fn config_runs_name_servers_and_list_the_ones_not_scanned() {
        let mut surfaces = [surface(&["t"])];
        surfaces[0].source = Some("@evil".to_string());
        let mut found = finding(0, "t", "description", "x", Severity::Low);
        found.source = Some("@evil".to_string());
        let mut report = Report::new(&surfaces, vec![found]);
        report.config = Some(ConfigRun {
            path: "mcp.json".to_string(),
            servers: vec![
                ServerOutcome {
                    name: "@evil".to_string(),
                    transport: "stdio".to_string(),
                    status: ServerStatus::Scanned,
                },
                ServerOutcome {
                    name: "down".to_string(),
                    transport: "http".to_string(),
                    status: ServerStatus::Failed("refused <b>".to_string()),
                },
                ServerOutcome {
                    name: "off".to_string(),
                    transport: "sse".to_string(),
                    status: ServerStatus::Disabled,
                },
            ],
        });
        report.pin_unchecked = vec!["gone".to_string()];
        let rendered = render(&report);
        assert!(rendered.starts_with(
            "**rune: 1 finding(s) in 1 of 1 tool(s); 1 server(s) could not be scanned**\n\n\
             Scanned 1 tool(s). 1 of 3 server(s) in `mcp.json` scanned.\n\n"
        ));
        assert!(rendered.contains(
            "| Severity | Rule | Server | Entity | Path | Flagged text |\n\
             | --- | --- | --- | --- | --- | --- |\n\
             | LOW | `hidden-instructions` | `@evil` | tool `t` | `description` | `x` |\n"
        ));
        assert!(rendered.contains(
            "### Not scanned\n\n\
             | Server | Transport | Why |\n\
             | --- | --- | --- |\n\
             | `down` | `http` | `refused <b>` |\n\
             | `off` | `sse` | disabled in the config |\n"
        ));
        assert!(rendered.ends_with(
            "The pin also covers 1 server(s) this run did not scan, so their metadata was not \
             checked: `gone`.\n\n"
        ));
    }

    #[test]
    fn long_tables_collapse_and_say_what_was_cut() {
        let names: Vec<String> = (0..60).map(|n| format!("tool{n}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let findings =
            (0..60).map(|n| finding(n, names[n], "description", "x", Severity::Low)).collect();
        let rendered = render(&Report::new(&[surface(&names)], findings));
        assert!(rendered.contains("<details><summary>60 finding(s)</summary>\n\n| Severity"));
        assert_eq!(rendered.matches("| LOW |").count(), 50);
        assert!(rendered.contains(
            "\n…and 10 more finding(s) not shown; run rune locally for the full report.\n\n\
             </details>\n"
        ));
    }

    #[test]
    fn the_worst_finding_leads_the_table() {
        // Four low findings outscore one medium, so `a` comes first in the report's order.
        let mut findings: Vec<Finding> =
            (0..4).map(|_| finding(0, "a", "description", "x", Severity::Low)).collect();
        findings.push(finding(1, "b", "description", "y", Severity::Medium));
        let rendered = render(&Report::new(&[surface(&["a", "b"])], findings));
        assert!(rendered.contains("| --- |\n| MEDIUM | `hidden-instructions` | tool `b` |"));
    }

    #[test]
    fn huge_cells_stay_within_the_budget() {
        // Every character escapes to `<U+200B>`, so each cell is as long as a cell can get.
        let invisible = "\u{200b}".repeat(MAX_CELL_CHARS + 1);
        let names: Vec<String> = (0..50).map(|n| format!("{invisible}{n}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let findings =
            (0..50).map(|n| finding(n, names[n], &invisible, &invisible, Severity::High)).collect();
        let rendered = render(&Report::new(&[surface(&names)], findings));
        assert!(rendered.len() < TABLE_BUDGET + 2_000, "{}", rendered.len());
        assert!(rendered.contains("more finding(s) not shown"));
    }
}
