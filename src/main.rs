//! `rune`: scan MCP metadata and gate on what it finds.

mod cli;
mod discovery;
mod load;
mod signals;

use clap::{CommandFactory, Parser};
use cli::{Args, FailOn};
use rune::escape::escape;
use rune::files::write_atomically;
use rune::gate::baseline::{self, Baseline};
use rune::gate::pin::Pin;
use rune::github;
use rune::model::{Severity, Surface};
use rune::report::{self, Report, ServerStatus};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

/// Why a run could not finish: one line for stderr, exit 2.
struct Failure {
    message: String,
    /// The line is followed by the usage synopsis and a pointer to `--help`.
    usage: bool,
}

impl Failure {
    fn new(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), usage: false }
    }

    /// A run that was not told what to do: the line, then how to tell it.
    fn with_usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), usage: true }
    }
}

/// The library's errors that end a run, each printed as its one line.
macro_rules! failure_from {
    ($($error:ty),* $(,)?) => {$(
        impl From<$error> for Failure {
            fn from(error: $error) -> Failure {
                Failure::new(error.to_string())
            }
        }
    )*};
}

failure_from!(
    rune::gate::GateFileError,
    rune::gate::pin::JudgeError,
    rune::source::config::ConfigError,
);

fn main() -> ExitCode {
    signals::install();
    let args = Args::parse();
    match run(&args) {
        Ok(code) => code,
        Err(Failure { message, usage }) => {
            eprintln!("rune: {}", escape(&message));
            if usage {
                eprintln!("{}", Args::command().render_usage());
                eprintln!("see rune --help");
            }
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<ExitCode, Failure> {
    check_flags(args)?;
    if args.discover && !args.scan {
        return discovery::list(args);
    }
    // Judging files are read before the scan, so a corrupt one fails fast and a scan is never
    // judged against half a file.
    let accepted = args.baseline.as_deref().map(Baseline::load).transpose()?;
    let pinned = args.pin.as_deref().map(Pin::load).transpose()?;

    let load::Loaded { surfaces, artifacts, config, shared } = load::load(args)?;
    let findings = discovery::scan_shared(&surfaces, &shared);

    let memory_flag = [
        ("--write-baseline", args.write_baseline.is_some()),
        ("--write-pin", args.write_pin.is_some()),
        ("--baseline", args.baseline.is_some()),
        ("--pin", args.pin.is_some()),
    ]
    .into_iter()
    .find_map(|(flag, given)| given.then_some(flag));
    if let (Some(config), Some(flag)) = (&config, memory_flag) {
        if config.count(|status| *status == ServerStatus::Scanned) == 0 {
            eprint!(
                "{}",
                report::text::notices(&Report {
                    config: Some(config.clone()),
                    ..Report::default()
                })
            );
            return Err(Failure::new(format!(
                "{flag} needs metadata from a server; nothing was read"
            )));
        }
        if flag.starts_with("--write") && config.failed().next().is_some() {
            eprint!(
                "{}",
                report::text::notices(&Report {
                    config: Some(config.clone()),
                    ..Report::default()
                })
            );
            return Err(Failure::new(format!(
                "{flag} needs every server it covers to answer; fix the server, or narrow the run with --server"
            )));
        }
    }
    if args.write_baseline.is_some() || args.write_pin.is_some() {
        return write_memories(args, &surfaces, &findings);
    }

    let scanned: Vec<Option<String>> =
        surfaces.iter().map(|surface| surface.source.clone()).collect();
    let mut report = Report::new(&surfaces, findings);
    report.config = config;
    if let Some(accepted) = &accepted {
        let all: Vec<_> = report.findings().cloned().collect();
        report.stale_baseline = accepted.stale(&all, &scanned).into_iter().cloned().collect();
        let fingerprints = accepted.accepts();
        report.suppress(|finding| fingerprints.contains(baseline::fingerprint(finding).as_str()));
    }
    if let Some(pinned) = &pinned {
        let judgement = pinned.judge(&Pin::of(&surfaces), &scanned)?;
        report.pin_drift = judgement.drift;
        report.pin_unchecked = judgement.unchecked;
    }

    if let Some(path) = &args.output_json {
        write_file(path, &report::json::render(&report), "JSON report")?;
    }
    if let Some(path) = &args.output_sarif {
        write_file(path, &report::sarif::render(&report, &artifacts), "SARIF log")?;
    }
    if let Some(path) = &args.output_markdown {
        write_file(path, &report::markdown::render(&report), "Markdown summary")?;
    }
    let rendered = if args.json {
        report::json::render(&report)
    } else if args.sarif {
        report::sarif::render(&report, &artifacts)
    } else {
        report::text::render(
            &report,
            report::text::Style { colour: use_colour(args), quiet: args.quiet },
        )
    };
    print(&rendered)?;
    eprint!("{}", report::text::notices(&report));
    if args.github_comment {
        post_comment(&report)?;
    }

    let threshold = match args.fail_on {
        FailOn::Low => Severity::Low,
        FailOn::Medium => Severity::Medium,
        FailOn::High => Severity::High,
    };
    // A config run that could not open every server has not finished the audit: no verdict.
    if report.config.as_ref().is_some_and(|config| config.failed().next().is_some()) {
        return Ok(ExitCode::from(2));
    }
    let failing = report.findings().any(|finding| finding.severity >= threshold)
        || !report.pin_drift.is_empty()
        || (args.fail_on_stale_baseline && !report.stale_baseline.is_empty());
    Ok(if failing { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `--github-comment`: the sticky pull-request comment. Refused by GitHub (403) is a warning.
fn post_comment(report: &Report) -> Result<(), Failure> {
    let failed = |error: github::CommentError| Failure::new(format!("--github-comment: {error}"));
    let settings = github::Settings::from_env(|name| std::env::var(name).ok()).map_err(failed)?;
    let markdown = report::markdown::render(report);
    let outcome =
        github::comment(&markdown, report::markdown::has_drift_or_findings(report), &settings)
            .map_err(failed)?;
    let level = if outcome.is_warning() { "warning: " } else { "" };
    eprintln!("rune: {level}--github-comment: {outcome}");
    Ok(())
}

/// Flag combinations clap cannot express.
fn check_flags(args: &Args) -> Result<(), Failure> {
    let judging = [("--baseline", args.baseline.is_some()), ("--pin", args.pin.is_some())];
    let writing = [
        ("--write-baseline", args.write_baseline.is_some()),
        ("--write-pin", args.write_pin.is_some()),
    ];
    let first = |flags: &[(&'static str, bool)]| {
        flags.iter().find(|(_, given)| *given).map(|(flag, _)| *flag)
    };
    if let (Some(judge), Some(write)) = (first(&judging), first(&writing)) {
        return Err(Failure::new(format!("use {judge} or {write}, not both")));
    }
    Ok(())
}

/// `--write-baseline` / `--write-pin`: record this scan for review, print no report.
fn write_memories(
    args: &Args,
    surfaces: &[Surface],
    findings: &[rune::model::Finding],
) -> Result<ExitCode, Failure> {
    if let Some(path) = &args.write_baseline {
        write_file(path, &baseline::render(findings.iter()), "baseline")?;
        eprintln!(
            "rune: wrote baseline with {} finding(s) to {}",
            findings.len(),
            escape(&path.display().to_string())
        );
    }
    if let Some(path) = &args.write_pin {
        let pin = Pin::of(surfaces);
        write_file(path, &pin.render(), "pin")?;
        eprintln!(
            "rune: wrote pin for {} entity(s) to {}",
            pin.entities.len(),
            escape(&path.display().to_string())
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn write_file(path: &Path, contents: &str, what: &str) -> Result<(), Failure> {
    write_atomically(path, contents).map_err(|error| Failure::new(write_error(path, what, &error)))
}

/// Why `path` could not be written, and what to do about it.
fn write_error(path: &Path, what: &str, error: &std::io::Error) -> String {
    let folder = path.parent().filter(|parent| !parent.as_os_str().is_empty());
    let problem = match (error.kind(), folder) {
        (std::io::ErrorKind::IsADirectory, _) => "it is a folder; give a file name".to_string(),
        (std::io::ErrorKind::NotFound, Some(folder)) if !folder.exists() => {
            format!("there is no folder {}; create it first", folder.display())
        }
        _ => error.to_string(),
    };
    format!("cannot write {what} {}: {problem}", path.display())
}

fn use_colour(args: &Args) -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    !args.no_color && !no_color && !args.json && !args.sarif && std::io::stdout().is_terminal()
}

/// Writes the report; a closed pipe (`rune ... | head`) is not an error.
pub(crate) fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::new(format!("cannot write the report: {error}")))
        }
        _ => Ok(()),
    }
}
