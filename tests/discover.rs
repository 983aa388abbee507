//! `rune --discover`: every client config in a fake home folder and a project
//! (tests/fixtures/discover), listed without starting anything, then audited with `--scan`.

mod common;

use common::*;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Output;

const HOME: &str = "tests/fixtures/discover/home";
const PROJECT: &str = "tests/fixtures/discover/project";

fn fixtures() -> PathBuf {
    root().join("tests/fixtures")
}

/// `rune ARGS` with the fixture servers' paths set, starts recorded in `starts`.
fn discover(args: &[&str], starts: Option<&std::path::Path>) -> Output {
    let mut command = rune();
    command.args(args).env("RUNE_FIXTURES", fixtures()).env_remove("DOCS_TOKEN");
    if let Some(starts) = starts {
        command.env("RUNE_STARTS", starts);
    }
    command.output().expect("rune runs")
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(output)).expect("JSON on stdout")
}

/// (client, file, server, status) of every row of a `--discover --json` listing.
fn rows(listing: &serde_json::Value) -> BTreeSet<(String, String, String, String)> {
    let text = |row: &serde_json::Value, key: &str| row[key].as_str().unwrap_or("").to_string();
    listing["servers"]
        .as_array()
        .expect("servers")
        .iter()
        .map(|row| (text(row, "client"), text(row, "file"), text(row, "name"), text(row, "status")))
        .collect()
}

#[test]
fn the_listing_finds_every_fixture_server_of_every_client() {
    let output = discover(&["--discover", "--home", HOME, "--project", PROJECT, "--json"], None);
    assert_eq!(output.status.code(), Some(2), "the broken file leaves the listing incomplete");
    let err = stderr(&output);
    assert_eq!(
        err,
        "rune: cannot read LM Studio config ~/.lmstudio/mcp.json: not valid JSON: expected ',' or \
         '}' at line 5, column 7 (comments and trailing commas are read, so this is something \
         else)\n"
    );
    let listing = json(&output);
    let found = rows(&listing);
    let row = |client: &str, file: &str, name: &str, status: &str| {
        (client.to_string(), file.to_string(), name.to_string(), status.to_string())
    };
    let expected: BTreeSet<_> = [
        row("claude-desktop", "~/.config/Claude/claude_desktop_config.json", "weather", "ready"),
        row("claude-desktop", "~/.config/Claude/claude_desktop_config.json", "github", "disabled"),
        row("claude-code", "~/.claude.json", "notes", "ready"),
        row("claude-code", "~/.claude.json", "shop-db", "ready"),
        row("claude-code", ".mcp.json", "notes", "ready"),
        row("claude-code", ".mcp.json", "weather", "ready"),
        row("cursor", "~/.cursor/mcp.json", "weather", "ready"),
        row("cursor", "~/.cursor/mcp.json", "docs", "failed"),
        row("cursor", ".cursor/mcp.json", "weather", "ready"),
        row("vscode", "~/.config/Code/User/mcp.json", "github", "failed"),
        row("vscode", "~/.config/Code/User/mcp.json", "weather", "ready"),
        row("vscode", "~/.config/Code/User/settings.json", "notes", "ready"),
        row("vscode", ".vscode/mcp.json", "weather", "ready"),
        row("windsurf", "~/.codeium/windsurf/mcp_config.json", "weather", "ready"),
        row("windsurf", "~/.codeium/windsurf/mcp_config.json", "search", "disabled"),
        row("gemini-cli", "~/.gemini/settings.json", "weather", "ready"),
        row("gemini-cli", "~/.gemini/settings.json", "api", "ready"),
        row("gemini-cli", ".gemini/settings.json", "notes", "ready"),
        row("codex", "~/.codex/config.toml", "weather-eu", "ready"),
        row("codex", "~/.codex/config.toml", "linear", "disabled"),
        row("zed", "~/.config/zed/settings.json", "notes", "ready"),
        row("zed", "~/.config/zed/settings.json", "legacy", "disabled"),
        row("continue", "~/.continue/config.yaml", "weather", "ready"),
        row("continue", "~/.continue/config.yaml", "sentry", "ready"),
        row("continue", ".continue/mcpServers/notes.yaml", "notes", "ready"),
        row("cline", "~/.cline/data/settings/cline_mcp_settings.json", "weather", "ready"),
        row("cline", "~/.cline/data/settings/cline_mcp_settings.json", "browser", "disabled"),
        row(
            "roo-code",
            "~/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
            "notes",
            "ready",
        ),
        row("roo-code", ".roo/mcp.json", "weather", "ready"),
        row("amazon-q", "~/.aws/amazonq/mcp.json", "aws-docs", "disabled"),
        row("amazon-q", ".amazonq/mcp.json", "notes", "ready"),
        row("kiro", "~/.kiro/settings/mcp.json", "weather", "ready"),
        row("kiro", "~/.kiro/settings/mcp.json", "fetch", "disabled"),
        row("kiro", ".kiro/settings/mcp.json", "weather", "ready"),
        row("kiro", ".kiro/settings/mcp.json", "fetch", "disabled"),
        row("opencode", "~/.config/opencode/opencode.json", "weather", "ready"),
        row("opencode", "~/.config/opencode/opencode.json", "context7", "disabled"),
        row("goose", "~/.config/goose/config.yaml", "notes", "ready"),
        row("copilot-cli", "~/.copilot/mcp-config.json", "notes", "ready"),
        row("junie", "~/.junie/mcp/mcp.json", "weather", "ready"),
    ]
    .into_iter()
    .collect();
    assert_eq!(found, expected);
    assert_eq!(listing["servers"].as_array().map(Vec::len), Some(expected.len()));
    let unreadable = &listing["unreadable"][0];
    assert_eq!(unreadable["client"], "lm-studio");
    assert_eq!(unreadable["file"], "~/.lmstudio/mcp.json");
    // Claude Code's local scope names its project; a Goose built-in is no server.
    let shop = listing["servers"]
        .as_array()
        .and_then(|servers| servers.iter().find(|row| row["name"] == "shop-db"))
        .expect("shop-db");
    assert_eq!(shop["scope"], "project");
    assert_eq!(shop["project"], "/home/ana/shop");
    assert!(!stdout(&output).contains("\"developer\""));
}

#[test]
fn the_table_names_client_scope_file_server_transport_and_target() {
    let output =
        discover(&["--discover", "--home", HOME, "--client", "codex", "--client", "zed"], None);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>().join(" "),
        "CLIENT SCOPE FILE SERVER TRANSPORT COMMAND OR URL"
    );
    assert!(
        out.contains("codex   user   ~/.codex/config.toml         linear      http       https://mcp.linear.app/mcp (disabled)"),
        "{out}"
    );
    assert!(out.contains("zed     user   ~/.config/zed/settings.json  legacy      stdio      node /opt/mcp/legacy.js (disabled)"), "{out}");
    assert!(out.ends_with("4 server(s) in 2 config file(s) of 2 client(s).\n"), "{out}");
}

#[test]
fn no_credential_reaches_the_listing() {
    for format in [None, Some("--json")] {
        let mut args = vec!["--discover", "--home", HOME, "--project", PROJECT];
        args.extend(format);
        let output = discover(&args, None);
        let all = format!("{}{}", stdout(&output), stderr(&output));
        for secret in [
            "ghp_fixture",
            "gemini-fixture-secret-42",
            "windsurf-fixture-key-987654",
            "fixture-token-123456",
            "hf_fixture_not_a_token",
        ] {
            assert!(!all.contains(secret), "{secret} leaked:\n{all}");
        }
    }
}

#[test]
fn project_scope_alone_is_what_ci_reads() {
    let output = discover(&["--discover", "--project", PROJECT, "--json"], None);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let listing = json(&output);
    let servers = listing["servers"].as_array().expect("servers");
    assert_eq!(servers.len(), 10);
    assert!(servers.iter().all(|row| row["scope"] == "project"), "{listing}");
}

#[test]
fn scan_starts_each_shared_server_once_and_reports_it_under_every_declaration() {
    let scratch = Scratch::new("discover-scan");
    let starts = scratch.path("starts");
    let args = [
        "--discover",
        "--home",
        HOME,
        "--project",
        PROJECT,
        "--scan",
        "--server",
        "weather",
        "--server",
        "notes",
        "--json",
    ];
    let output = discover(&args, Some(&starts));
    assert_eq!(output.status.code(), Some(1), "notes is poisoned\n{}", stderr(&output));
    let mut started: Vec<String> =
        std::fs::read_to_string(&starts).expect("starts").lines().map(str::to_string).collect();
    started.sort();
    // One weather for every client that declares it the same way, one more for the project's
    // VS Code entry, which runs in the project folder (its own cwd); one notes for all.
    assert_eq!(started, ["notes", "weather", "weather"]);
    let report = json(&output);
    let sources = report["sources"].as_array().expect("sources");
    assert_eq!(sources.len(), 25);
    assert!(sources.iter().all(|source| source["status"] == "scanned"), "{sources:?}");
    let tools = report["tools"].as_array().expect("tools");
    let notes: Vec<&str> = tools
        .iter()
        .filter(|tool| tool["name"] == "sync_notes")
        .filter_map(|tool| tool["source"].as_str())
        .collect();
    assert_eq!(notes.len(), 10, "{notes:?}");
    assert!(notes.contains(&"notes @ goose ~/.config/goose/config.yaml"), "{notes:?}");
    // A process is not a name collision with itself: only the project's VS Code weather, a
    // process of its own, collides with the shared one.
    for tool in tools {
        let source = tool["source"].as_str().unwrap_or("");
        for finding in tool["findings"].as_array().into_iter().flatten() {
            if finding["rule"] == "name-collision" {
                let message = finding["message"].as_str().unwrap_or("");
                assert_eq!(tool["name"], "get_weather", "{source}: {message}");
                assert!(
                    source == "weather @ vscode .vscode/mcp.json"
                        || message.contains("'weather @ vscode .vscode/mcp.json'"),
                    "{source}: {message}"
                );
            }
        }
    }
    let err = stderr(&output);
    assert!(err.contains("rune: 25 server declaration(s) share 3 process(es)"), "{err}");
}

#[test]
fn scan_reports_every_server_and_file_it_could_not_open() {
    let scratch = Scratch::new("discover-scan-all");
    let starts = scratch.path("starts");
    let output = discover(
        &[
            "--discover",
            "--home",
            HOME,
            "--scan",
            "--quiet",
            "--client",
            "lm-studio",
            "--client",
            "cursor",
            "--client",
            "codex",
        ],
        Some(&starts),
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("=== lm-studio ~/.lmstudio/mcp.json (unreadable) ===\n  not scanned: cannot read the file: not valid JSON"), "{out}");
    assert!(out.contains("=== docs @ cursor ~/.cursor/mcp.json (unreadable) ===\n  not scanned: \"url\" references ${env:DOCS_TOKEN}, which is not set"), "{out}");
    assert!(out.contains("=== linear @ codex ~/.codex/config.toml (http) ===\n  not scanned: disabled in the config\n"), "{out}");
    assert!(
        out.contains(
            "2 of 5 server(s) in 3 discovered config file(s) scanned, 2 failed, 1 disabled.\n"
        ),
        "{out}"
    );
}

#[test]
fn baseline_pin_and_sarif_are_keyed_by_client_file_and_server() {
    let scratch = Scratch::new("discover-memory");
    let (pin, baseline) = (scratch.path("pin.json"), scratch.path("baseline.json"));
    let base = ["--discover", "--home", HOME, "--project", PROJECT, "--scan", "--server", "notes"];
    let with = |extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend(extra);
        discover(&args, None)
    };
    assert_eq!(with(&["--write-pin", text(&pin)]).status.code(), Some(0));
    assert_eq!(with(&["--write-baseline", text(&baseline)]).status.code(), Some(0));
    let pinned = std::fs::read_to_string(&pin).expect("pin");
    assert!(pinned.contains("notes @ copilot-cli ~/.copilot/mcp-config.json"), "{pinned}");
    assert!(pinned.contains("notes @ amazon-q .amazonq/mcp.json"), "{pinned}");
    let judged = with(&["--pin", text(&pin), "--baseline", text(&baseline)]);
    assert_eq!(judged.status.code(), Some(0), "{}", stderr(&judged));

    let sarif = stdout(&with(&["--sarif"]));
    assert!(sarif.contains(&format!("\"uri\": \"{PROJECT}/.amazonq/mcp.json\"")), "{sarif}");
    assert!(sarif.contains("home/.copilot/mcp-config.json\""), "{sarif}");
    assert!(sarif.contains("notes @ zed ~/.config/zed/settings.json / tool sync_notes"), "{sarif}");
}

#[test]
fn bad_flags_are_refused_on_one_line() {
    assert_refused(
        &run(&["--discover", "--client", "emacs"]),
        "--client: no client 'emacs'; rune knows claude-desktop,",
    );
    assert_refused(
        &run(&["--discover", "--sarif", "--home", HOME]),
        "--sarif applies to a scan; add --scan to --discover",
    );
    assert_refused(
        &run(&["--discover", "--home", "no/such/folder"]),
        "--home no/such/folder: no such folder",
    );
    assert_refused(
        &run(&["--discover", "--home", HOME, "--server", "nope"]),
        "--server: no server named 'nope' in the configs found",
    );
    assert_refused(
        &run(&["--discover", "--config", "examples/mcp.json"]),
        "--config and --discover both name something to scan",
    );
    let clap = run(&["--scan"]);
    assert_eq!(clap.status.code(), Some(2));
    assert!(stderr(&clap).contains("--discover"), "{}", stderr(&clap));
}
