//! The `rune` command line.

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

/// Read the hidden instructions in an MCP server's tools, prompts and resources before your
/// agent does.
///
/// rune scans MCP metadata (tool, prompt and resource descriptions, schemas, the server's own
/// instructions) for poisoning: exfiltration orders, instructions aimed at the model,
/// concealment, invisible and look-alike characters, encoded payloads. It never calls a tool.
///
/// Exit codes: 0 nothing at or above --fail-on; 1 findings at or above --fail-on, metadata that
/// no longer matches --pin, or (with --fail-on-stale-baseline) a baseline entry that matched
/// nothing; 2 rune could not complete the scan (bad input), so there is no verdict.
#[derive(Debug, Parser)]
#[command(name = "rune", version, about, long_about)]
pub struct Args {
    /// A manifest to scan: a tools/list, prompts/list or resources/list reply, an initialize
    /// reply, a bare array of tools, a JSON-RPC envelope or an SSE-framed reply. `-` reads stdin.
    #[arg(value_name = "MANIFEST")]
    pub manifests: Vec<PathBuf>,

    /// Another manifest to scan (repeatable); each file is its own source.
    #[arg(long = "manifest", value_name = "FILE")]
    pub more_manifests: Vec<PathBuf>,

    /// Launch a local server and scan it over stdio. Everything after --stdio is the server's
    /// command line, so give rune's own flags before it.
    #[arg(long, value_name = "CMD", num_args = 1.., allow_hyphen_values = true, help_heading = "Live servers")]
    pub stdio: Vec<String>,

    /// Scan a remote server over Streamable HTTP (its MCP endpoint, usually ending in /mcp).
    #[arg(long, value_name = "URL", help_heading = "Live servers")]
    pub http: Option<String>,

    /// Scan a remote server over the legacy HTTP+SSE transport (its endpoint usually ends in /sse).
    #[arg(long, value_name = "URL", help_heading = "Live servers")]
    pub sse: Option<String>,

    /// A header sent on every request to --http or --sse, as "Name: value" (repeatable). Values
    /// are never printed.
    #[arg(long = "header", value_name = "NAME: VALUE", help_heading = "Live servers")]
    pub headers: Vec<String>,

    /// Scan every server of an MCP client config (mcpServers or servers map).
    #[arg(long, value_name = "FILE", help_heading = "Live servers")]
    pub config: Option<PathBuf>,

    /// With --config or --discover, only this server (repeatable).
    #[arg(long = "server", value_name = "NAME", help_heading = "Live servers")]
    pub servers: Vec<String>,

    /// With --config or --discover --scan, how many servers to open at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64), help_heading = "Live servers")]
    pub jobs: u16,

    /// Seconds a live scan may take per server: connect, handshake and every listing. A first
    /// run of an npx or uvx server downloads it within this budget.
    ///
    /// [default: 20]
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, help_heading = "Live servers")]
    pub timeout: Option<f64>,

    /// Save exactly what a live scan read as a manifest (with --config, a folder holding one
    /// file per server), so the snapshot can be committed and scanned offline.
    #[arg(long, value_name = "PATH", help_heading = "Live servers")]
    pub write_manifest: Option<PathBuf>,

    /// List every MCP client config in the home folder (user scope) and the current folder
    /// (project scope), and every server each declares, as a table (or --json). Starts nothing.
    #[arg(long, help_heading = "Discover")]
    pub discover: bool,

    /// With --discover, start and audit every server found, as --config does for one file; a
    /// server several clients declare is opened once. Asks first on a terminal (see --yes).
    #[arg(long, requires = "discover", help_heading = "Discover")]
    pub scan: bool,

    /// With --discover, read the project-scope files under DIR (.mcp.json, .vscode/mcp.json,
    /// ...) and no user-scope file unless --home is given: the CI use.
    #[arg(long, value_name = "DIR", requires = "discover", help_heading = "Discover")]
    pub project: Option<PathBuf>,

    /// With --discover, read user-scope files under DIR instead of the home folder (tests, or
    /// auditing another account's files); ${userHome} names DIR too.
    #[arg(long, value_name = "DIR", requires = "discover", help_heading = "Discover")]
    pub home: Option<PathBuf>,

    /// With --discover, only this client's configs (repeatable), by id such as claude-desktop,
    /// cursor or vscode (rune --discover --client help lists them).
    #[arg(long = "client", value_name = "NAME", requires = "discover", help_heading = "Discover")]
    pub clients: Vec<String>,

    /// With --discover --scan, start the servers without asking first (without a terminal on
    /// stdin, as in CI, rune never asks).
    #[arg(long, short = 'y', requires = "scan", help_heading = "Discover")]
    pub yes: bool,

    /// Exit 1 when a finding at or above this severity remains.
    #[arg(long, value_enum, default_value_t = FailOn::Medium, value_name = "SEVERITY")]
    pub fail_on: FailOn,

    /// Print rune's versioned JSON report instead of text.
    #[arg(long, conflicts_with = "sarif")]
    pub json: bool,

    /// Print a SARIF 2.1.0 log (for code scanning) instead of text.
    #[arg(long)]
    pub sarif: bool,

    /// Also write the JSON report to FILE (atomically), whatever stdout shows.
    #[arg(long, value_name = "FILE")]
    pub output_json: Option<PathBuf>,

    /// Also write the SARIF log to FILE (atomically), whatever stdout shows.
    #[arg(long, value_name = "FILE")]
    pub output_sarif: Option<PathBuf>,

    /// Also write a Markdown summary (verdict, drift, findings) to FILE, e.g. for
    /// $GITHUB_STEP_SUMMARY.
    #[arg(long, value_name = "FILE")]
    pub output_markdown: Option<PathBuf>,

    /// On a pull-request workflow run, create or update one sticky comment listing pin drift and
    /// findings not in the baseline. Reads GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_EVENT_PATH and
    /// GITHUB_API_URL; a read-only token (a fork's pull request) is a warning, not a failure.
    #[arg(long)]
    pub github_comment: bool,

    /// Suppress the findings recorded in this baseline file (findings a human reviewed).
    #[arg(long, value_name = "FILE", help_heading = "Baseline and pin")]
    pub baseline: Option<PathBuf>,

    /// Record every finding of this scan as reviewed in FILE, print no report, exit 0.
    #[arg(long, value_name = "FILE", help_heading = "Baseline and pin")]
    pub write_baseline: Option<PathBuf>,

    /// Exit 1 when a --baseline entry matched nothing in this scan.
    #[arg(long, requires = "baseline", help_heading = "Baseline and pin")]
    pub fail_on_stale_baseline: bool,

    /// Exit 1 when the metadata differs from this pin file (added, removed or changed text).
    #[arg(long, value_name = "FILE", help_heading = "Baseline and pin")]
    pub pin: Option<PathBuf>,

    /// Record a SHA-256 of every leaf this scan read in FILE, print no report, exit 0.
    #[arg(long, value_name = "FILE", help_heading = "Baseline and pin")]
    pub write_pin: Option<PathBuf>,

    /// In the text report, leave out entities with nothing to report (no finding left after
    /// the baseline), and config servers whose entities all have nothing to report.
    #[arg(long, short, visible_alias = "only-flagged")]
    pub quiet: bool,

    /// Never colour the text report (colour is only used on a terminal, and never when the
    /// NO_COLOR environment variable is set).
    #[arg(long)]
    pub no_color: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Low,
    Medium,
    High,
}

/// Why a `--timeout` is refused; clap prints the message after the flag's name.
#[derive(Debug, thiserror::Error)]
enum SecondsError {
    #[error("'{0}' is not a number of seconds")]
    NotANumber(String),
    #[error("'{0}' is not a length of time rune can wait; give a positive number of seconds")]
    NotFinite(String),
    #[error("'{0}' is not a positive number of seconds")]
    NotPositive(String),
    #[error("'{0}' is longer than a day; give at most 86400 seconds")]
    TooLong(String),
}

/// `--timeout`: a finite, positive number of seconds. clap takes any error type that is a
/// `std::error::Error`, so the refusal is typed.
fn parse_seconds(text: &str) -> Result<f64, SecondsError> {
    let seconds: f64 =
        text.trim().parse().map_err(|_| SecondsError::NotANumber(text.to_string()))?;
    if !seconds.is_finite() {
        return Err(SecondsError::NotFinite(text.to_string()));
    }
    if seconds <= 0.0 {
        return Err(SecondsError::NotPositive(text.to_string()));
    }
    if seconds > 86_400.0 {
        return Err(SecondsError::TooLong(text.to_string()));
    }
    Ok(seconds)
}

impl Args {
    /// Positional manifests first, then `--manifest` ones, as typed.
    pub fn all_manifests(&self) -> Vec<PathBuf> {
        self.manifests.iter().chain(&self.more_manifests).cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// `--timeout` is optional (it is refused beside a manifest), so clap cannot show its
    /// default: the help states it, and must state the one live scans use.
    #[test]
    fn the_timeout_help_states_the_live_default() {
        let command = Args::command();
        let timeout = command
            .get_arguments()
            .find(|arg| arg.get_long() == Some("timeout"))
            .expect("--timeout");
        let help = timeout.get_long_help().or(timeout.get_help()).expect("a help").to_string();
        let seconds = rune::source::live::Options::default().timeout.as_secs_f64();
        assert!(help.ends_with(&format!("[default: {seconds}]")), "{help}");
    }
}
