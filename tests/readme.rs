//! The README as a user reads it: every example command runs as written and exits as it says,
//! every output shown is what rune prints, and the flag table is what `--help` says.
#![cfg(unix)]

mod common;

use common::*;
use regex::Regex;
use std::collections::BTreeMap;
use std::process::Command;

/// README commands this test does not run, each with the reason. Every other command must
/// state its exit code (`# exits N`) and is run.
const NOT_RUN: [(&str, &str); 4] = [
    ("rune [OPTIONS] [MANIFEST]...", "the usage synopsis, not a command"),
    (
        "rune --stdio npx -y @modelcontextprotocol/server-everything",
        "downloads the server from npm; tests/live.rs scans the same server, installed by \
         scripts/test.sh, over every transport",
    ),
    (
        "rune --http https://mcp.example.com/mcp --header \"Authorization: Bearer $TOKEN\"",
        "a placeholder endpoint; tests/live.rs scans fixture and reference servers over HTTP",
    ),
    (
        "rune --sse https://mcp.example.com/sse --header \"Authorization: Bearer $TOKEN\"",
        "a placeholder endpoint; tests/live.rs scans fixture and reference servers over SSE",
    ),
];

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// One command of a fenced example, and the output the README shows for it (`$ ` examples).
#[derive(Debug)]
struct Example {
    command: String,
    shown_output: Option<String>,
}

/// The commands of the README's fenced blocks (JSON and YAML blocks hold none): lines that
/// start with `rune ` or `cargo run`, `\` continuations joined. A block whose command starts
/// with `$ ` shows that command's output in the rest of the block.
fn examples(readme: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let (mut inside, mut data) = (false, false);
    let mut lines = Vec::new();
    for line in readme.lines() {
        match line.strip_prefix("```") {
            Some(_) if inside => {
                if !data {
                    examples.extend(block_examples(&lines));
                }
                inside = false;
            }
            Some(language) => {
                (inside, data) = (true, matches!(language.trim(), "json" | "yaml"));
                lines.clear();
            }
            None if inside => lines.push(line),
            None => {}
        }
    }
    examples
}

fn block_examples(lines: &[&str]) -> Vec<Example> {
    let is_command = |line: &str| {
        let line = line.strip_prefix("$ ").unwrap_or(line);
        line.starts_with("rune ") || line.starts_with("cargo run")
    };
    if let Some(first) = lines.first()
        && first.starts_with("$ ")
        && is_command(first)
    {
        let output: String = lines[1..].iter().map(|line| format!("{line}\n")).collect();
        return vec![Example { command: first[2..].to_string(), shown_output: Some(output) }];
    }
    let mut examples = Vec::new();
    let mut lines = lines.iter();
    while let Some(line) = lines.next() {
        if !is_command(line) {
            continue;
        }
        let mut command = line.to_string();
        while command.ends_with('\\') {
            command.pop();
            command.push_str(lines.next().map_or("", |next| next.trim_start()));
        }
        examples.push(Example { command, shown_output: None });
    }
    examples
}

/// `# exits 1: ...` or `# exits 0; ...` at the end of a command.
fn documented_exit(command: &str) -> Option<i32> {
    let pattern = Regex::new(r"#.*\bexits? (\d+)").expect("a valid pattern");
    pattern.captures(command).map(|found| found[1].parse().expect("a number"))
}

/// A folder that reads like the repository root (its example, test, corpus and eval folders
/// are links to the real ones), so commands that write files leave the checkout alone.
fn workspace() -> Scratch {
    let scratch = Scratch::new("readme");
    for folder in ["examples", "tests", "corpus", "eval"] {
        std::os::unix::fs::symlink(root().join(folder), scratch.path(folder)).expect("link");
    }
    let bin = scratch.path("bin");
    std::fs::create_dir(&bin).expect("bin");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_rune"), bin.join("rune")).expect("link");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_scan-eval"), bin.join("scan-eval"))
        .expect("link");
    scratch
}

#[test]
fn every_example_command_runs_as_written() {
    let readme = readme();
    let examples = examples(&readme);
    let commands: Vec<&str> = examples.iter().map(|example| example.command.as_str()).collect();
    for (command, _reason) in NOT_RUN {
        assert!(commands.contains(&command), "NOT_RUN lists {command:?}, which the README lacks");
    }
    let workspace = workspace();
    let path = format!(
        "{}:{}",
        workspace.path("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // `cargo run --release --bin NAME --` is the built NAME: this test never builds.
    let cargo_run = Regex::new(r"^cargo run (--release )?--bin (\S+) --").expect("a pattern");
    let mut ran = 0;
    for example in &examples {
        if NOT_RUN.iter().any(|(command, _)| *command == example.command) {
            continue;
        }
        let expected = documented_exit(&example.command).unwrap_or_else(|| {
            panic!(
                "README command {:?} says neither `# exits N` nor why it is not run (NOT_RUN)",
                example.command
            )
        });
        let command = cargo_run.replace(&example.command, "$2").into_owned();
        let output = Command::new("sh")
            .args(["-c", &command])
            .current_dir(&workspace.0)
            .env("PATH", &path)
            .env_remove("GITHUB_TOKEN")
            .env_remove("NO_COLOR")
            .output()
            .expect("sh runs");
        let (out, err) = (stdout(&output), stderr(&output));
        assert_eq!(
            output.status.code(),
            Some(expected),
            "{:?} exited otherwise\nstdout:\n{out}\nstderr:\n{err}",
            example.command
        );
        if let Some(shown) = &example.shown_output {
            assert_eq!(&out, shown, "the README shows other output for {:?}", example.command);
        }
        ran += 1;
    }
    assert!(ran >= 15, "only {ran} README commands ran");
}

/// The README's flag table (`## Use`): each flag with its default, if it states one.
fn readme_flags(readme: &str) -> BTreeMap<String, Option<String>> {
    let section = readme.split("\n## Use\n").nth(1).expect("a Use section");
    let table = section.split("\n### ").next().expect("the section");
    let flag = Regex::new(r"--[a-z][a-z-]*").expect("a pattern");
    let default = Regex::new(r"\(default `?([^`)]+)`?\)").expect("a pattern");
    let mut flags = BTreeMap::new();
    for row in table.lines().filter(|line| line.starts_with("| `")) {
        let mut cells = row.split(" | ");
        let (names, what) = (cells.next().expect("a flag cell"), cells.next().unwrap_or(""));
        let stated = default.captures(what).map(|found| found[1].to_string());
        for name in flag.find_iter(names) {
            flags.insert(name.as_str().to_string(), stated.clone());
        }
    }
    flags
}

/// `rune --help`: each long flag and alias with its `[default: ...]`.
fn help_flags(help: &str) -> BTreeMap<String, Option<String>> {
    let flag = Regex::new(r"--[a-z][a-z-]*").expect("a pattern");
    let default = Regex::new(r"\[default: ([^\]]+)\]").expect("a pattern");
    let alias = Regex::new(r"\[alias(es)?: ([^\]]+)\]").expect("a pattern");
    let mut flags = BTreeMap::new();
    let mut current: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut finish = |names: &mut Vec<String>, text: &mut String| {
        let stated = default.captures(text).map(|found| found[1].to_string());
        if let Some(aliases) = alias.captures(text) {
            names.extend(flag.find_iter(&aliases[2]).map(|name| name.as_str().to_string()));
        }
        for name in names.drain(..) {
            flags.insert(name, stated.clone());
        }
        text.clear();
    };
    for line in help.lines() {
        let trimmed = line.trim_start();
        // A flag's own line is indented two (`-q, --quiet`) or six (`--json`) spaces.
        if trimmed.starts_with('-') && line.len() - trimmed.len() <= 6 {
            finish(&mut current, &mut text);
            let names = trimmed.split_whitespace().filter(|word| word.starts_with("--"));
            current = names.map(|word| word.trim_end_matches(',').to_string()).collect();
        } else {
            text.push_str(line);
            text.push('\n');
        }
    }
    finish(&mut current, &mut text);
    flags
}

#[test]
fn the_flag_table_is_what_help_says() {
    let help = stdout(&run(&["--help"]));
    let from_help = help_flags(&help);
    let from_readme = readme_flags(&readme());
    assert!(from_help.len() > 20, "{from_help:?}");
    assert_eq!(from_readme, from_help, "README flag table (left) and --help (right) differ");
    assert_eq!(from_help.get("--timeout"), Some(&Some("20".to_string())));
}

#[test]
fn the_parser_reads_output_blocks_and_continuations() {
    let text = "```\n$ rune a.json   # exits 1\nline one\n\nline two\n```\n\n```json\n\
                {\"x\": \"rune b\"}\n```\n\n```\ncurl x \\\n  | rune -\nrune c.json \\\n  --json   # exits 0\n```\n";
    let found = examples(text);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].command, "rune a.json   # exits 1");
    assert_eq!(found[0].shown_output.as_deref(), Some("line one\n\nline two\n"));
    assert_eq!(found[1].command, "rune c.json --json   # exits 0");
    assert_eq!(documented_exit(&found[1].command), Some(0));
    assert_eq!(documented_exit("rune x   # review, then commit"), None);
}
