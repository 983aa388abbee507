//! The GitHub Action's script (`scripts/action.sh`), run the way a runner runs it: inputs in
//! `RUNE_*` variables as action.yml passes them, `RUNNER_TEMP`, `GITHUB_OUTPUT` and
//! `GITHUB_STEP_SUMMARY` in a scratch folder, rune itself the binary cargo just built.
#![cfg(unix)]

mod common;

use common::*;
use sha2::{Digest, Sha256};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A scratch runner: its temp folder, output file and step summary.
struct Runner {
    scratch: Scratch,
}

impl Runner {
    fn new(name: &str) -> Runner {
        let scratch = Scratch::new(&format!("action-{name}"));
        std::fs::create_dir_all(scratch.path("temp")).expect("runner temp");
        Runner { scratch }
    }

    fn temp(&self) -> PathBuf {
        self.scratch.path("temp")
    }

    /// The script with the environment a runner gives the action's step, every input at its
    /// action.yml default, on a push event (so no comment is attempted).
    fn action(&self) -> Command {
        let temp = self.temp();
        let mut command = Command::new("bash");
        command
            .arg(root().join("scripts/action.sh"))
            .current_dir(root())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").expect("PATH"))
            .env("HOME", std::env::var_os("HOME").unwrap_or_default())
            .env("GITHUB_ACTIONS", "true")
            .env("GITHUB_EVENT_NAME", "push")
            .env("GITHUB_REPOSITORY", "octo/app")
            .env("GITHUB_WORKSPACE", root())
            .env("GITHUB_ACTION_PATH", root())
            .env("GITHUB_OUTPUT", self.scratch.path("output"))
            .env("GITHUB_STEP_SUMMARY", self.scratch.path("summary"))
            .env("RUNNER_OS", "Linux")
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", &temp)
            .env("RUNE_BIN", env!("CARGO_BIN_EXE_rune"))
            .env("RUNE_FAIL_ON", "medium")
            .env("RUNE_SARIF_FILE", temp.join("rune.sarif"))
            .env("RUNE_UPLOAD_SARIF", "true")
            .env("RUNE_COMMENT", "auto")
            .env("RUNE_GITHUB_TOKEN", "ghs_from_the_runner");
        command
    }

    fn run(&self, inputs: &[(&str, &str)]) -> Output {
        self.action().envs(inputs.iter().copied()).output().expect("bash runs the action")
    }

    /// What the step wrote to `$GITHUB_OUTPUT` (empty when it wrote nothing).
    fn outputs(&self) -> String {
        std::fs::read_to_string(self.scratch.path("output")).unwrap_or_default()
    }

    fn summary(&self) -> String {
        std::fs::read_to_string(self.scratch.path("summary")).unwrap_or_default()
    }
}

fn assert_ran(output: &Output) {
    assert_eq!(output.status.code(), Some(0), "stderr: {}", stderr(output));
}

/// A manifest with only the example's honest tool.
const CLEAN_MANIFEST: &[u8] = br#"{"tools": [{"name": "get_weather", "description": "Returns the current weather for a city."}]}"#;

#[test]
fn the_poisoned_example_records_the_gate_failure_after_writing_every_report() {
    let runner = Runner::new("poisoned");
    let output = runner.run(&[("RUNE_MANIFEST", "examples/tools.json")]);
    assert_ran(&output);

    // The count is rune's to decide (cli.rs pins the example's report); the action passes on
    // whatever the JSON report's summary says.
    let json = std::fs::read_to_string(runner.temp().join("rune.json")).expect("JSON written");
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON report");
    let findings = report["summary"]["findings"].as_u64().expect("summary.findings");
    assert!(findings >= 2, "data-exfiltration and concealment at least: {json}");
    let sarif = runner.temp().join("rune.sarif");
    assert_eq!(
        runner.outputs(),
        format!("exit-code=1\nsarif-file={}\nfindings={findings}\ndrift=0\n", sarif.display())
    );
    let log = stdout(&output);
    assert!(log.contains("tool sync_notes  risk "), "the text report goes to the log: {log}");
    assert!(log.contains("the job fails after the SARIF upload"), "{log}");

    let sarif = std::fs::read_to_string(&sarif).expect("SARIF written");
    assert!(sarif.contains("\"version\": \"2.1.0\"") && sarif.contains("data-exfiltration"));

    let markdown =
        std::fs::read_to_string(runner.temp().join("rune.md")).expect("Markdown written");
    assert!(!markdown.trim().is_empty());
    assert_eq!(runner.summary(), markdown, "the Markdown summary goes to the step summary");
}

#[test]
fn a_clean_manifest_records_exit_code_zero() {
    let runner = Runner::new("clean");
    let manifest = runner.scratch.file("clean.json", CLEAN_MANIFEST);
    let output = runner.run(&[("RUNE_MANIFEST", text(&manifest))]);
    assert_ran(&output);
    assert_eq!(
        runner.outputs(),
        format!(
            "exit-code=0\nsarif-file={}\nfindings=0\ndrift=0\n",
            runner.temp().join("rune.sarif").display()
        )
    );
    assert!(stdout(&output).contains("rune passed: nothing at or above medium"));
}

#[test]
fn a_scan_rune_cannot_finish_is_recorded_and_an_old_report_is_not_passed_off_as_its_own() {
    let runner = Runner::new("unfinished");
    let manifest = runner.scratch.file("broken.json", b"{\"tools\": [");
    let stale = runner.temp().join("rune.sarif");
    std::fs::write(&stale, "{}").expect("an earlier run's SARIF");
    let output = runner.run(&[("RUNE_MANIFEST", text(&manifest))]);
    assert_ran(&output);
    assert_eq!(runner.outputs(), "exit-code=2\n", "no sarif-file, findings or drift");
    assert!(!stale.exists(), "the earlier SARIF must not be uploaded as this run's");
    assert!(stderr(&output).contains("rune: "), "rune's own error reaches the log");
}

/// Each invalid input: exit 2 before rune runs, one annotation naming the problem.
#[test]
fn invalid_inputs_are_refused_before_rune_runs() {
    let cases: &[(&[(&str, &str)], &str)] = &[
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_FAIL_ON", "bogus")],
            "fail-on must be low, medium or high, got \"bogus\"",
        ),
        (&[("RUNE_MANIFEST", "-x")], "manifest: \"-x\" starts with '-'"),
        (
            &[("RUNE_MANIFEST", "examples/tools.json --sarif")],
            "manifest: \"--sarif\" starts with '-'",
        ),
        (&[("RUNE_CONFIG", "--stdio=sh")], "config: \"--stdio=sh\" starts with '-'"),
        (
            &[("RUNE_CONFIG", "mcp.json"), ("RUNE_SERVER", "a --jobs=99")],
            "server: \"--jobs=99\" starts with '-'",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_BASELINE", "-b")],
            "baseline: \"-b\" starts with '-'",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_PIN", "-p")],
            "pin: \"-p\" starts with '-'",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_SARIF_FILE", "--json")],
            "sarif-file: \"--json\" starts with '-'",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_BASELINE", "a.json\nfindings=0")],
            "baseline: one value expected",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_CONFIG", "mcp.json")],
            "manifest, config and discover are exclusive",
        ),
        (
            &[("RUNE_CONFIG", "mcp.json"), ("RUNE_DISCOVER", "true")],
            "manifest, config and discover are exclusive",
        ),
        (&[("RUNE_DISCOVER", "yes")], "discover must be true or false, got \"yes\""),
        (&[], "nothing to scan"),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_SERVER", "notes")],
            "server picks servers of a config",
        ),
        (
            &[("RUNE_CONFIG", "mcp.json"), ("RUNE_TIMEOUT", "ten")],
            "timeout must be a whole number of seconds",
        ),
        (
            &[("RUNE_CONFIG", "mcp.json"), ("RUNE_TIMEOUT", "0")],
            "timeout must be a whole number of seconds",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_TIMEOUT", "30")],
            "it does not apply to manifest",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_COMMENT", "yes")],
            "comment must be auto, true or false",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_UPLOAD_SARIF", "yes")],
            "upload-sarif must be true or false",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_VERSION", "latest")],
            "version must be a release such as v0.1.0",
        ),
        (
            &[("RUNE_MANIFEST", "examples/tools.json"), ("RUNE_VERSION", "v1.0.0/../../x")],
            "version must be a release",
        ),
    ];
    for (inputs, needle) in cases {
        let runner = Runner::new("invalid");
        let output = runner.run(inputs);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{inputs:?}: {err}");
        assert!(
            err.starts_with("::error title=rune action::"),
            "{inputs:?}: an annotation first: {err}"
        );
        assert!(err.contains(needle), "{inputs:?}: expected {needle:?} in {err}");
        assert_eq!(runner.outputs(), "", "{inputs:?}: no outputs");
        assert!(!runner.temp().join("rune.sarif").exists(), "{inputs:?}: rune must not run");
    }
}

#[test]
fn discover_gates_every_mcp_config_committed_to_the_repository() {
    let runner = Runner::new("discover");
    let repository = runner.scratch.path("repository");
    std::fs::create_dir_all(&repository).expect("repository");
    let copied = Command::new("cp")
        .arg("-R")
        .arg(root().join("tests/fixtures/discover/project/."))
        .arg(&repository)
        .status()
        .expect("cp runs");
    assert!(copied.success());
    let output = runner
        .action()
        .current_dir(&repository)
        .env("GITHUB_WORKSPACE", &repository)
        .env("RUNE_DISCOVER", "true")
        .env("RUNE_FIXTURES", root().join("tests/fixtures"))
        .output()
        .expect("bash runs the action");
    assert_ran(&output);
    let outputs = runner.outputs();
    assert!(outputs.contains("exit-code=1\n"), "the committed notes server is poisoned: {outputs}");
    let sarif = std::fs::read_to_string(runner.temp().join("rune.sarif")).expect("a SARIF log");
    assert!(sarif.contains("\"uri\": \".mcp.json\""), "{sarif}");
    assert!(sarif.contains("notes @ amazon-q .amazonq/mcp.json / tool sync_notes"), "{sarif}");
    let out = stdout(&output);
    assert!(out.contains("=== notes @ claude-code .mcp.json (stdio) ==="), "{out}");
    assert!(out.contains("of 10 server(s) in 8 discovered config file(s) scanned"), "{out}");
    assert!(!out.contains(" ~/"), "the runner's home folder is not read: {out}");
}

#[test]
fn an_annotation_cannot_be_split_into_a_second_workflow_command() {
    let runner = Runner::new("escape");
    let output = runner.run(&[("RUNE_MANIFEST", "a"), ("RUNE_FAIL_ON", "x\n::add-mask::100%")]);
    let annotation = stderr(&output).lines().next().unwrap_or_default().to_string();
    assert_eq!(
        annotation,
        "::error title=rune action::fail-on must be low, medium or high, got \"x%0A::add-mask::100%25\""
    );
}

/// A stand-in for rune that records its command line and whether it saw a token, then exits 1.
fn recording_rune(runner: &Runner) -> PathBuf {
    let path = runner.scratch.file(
        "recording-rune",
        b"#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$RUNNER_TEMP/argv\"\nprintf '%s' \"${GITHUB_TOKEN-unset}\" > \"$RUNNER_TEMP/token\"\nexit 1\n",
    );
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

fn recorded(runner: &Runner, name: &str) -> String {
    std::fs::read_to_string(runner.temp().join(name)).expect("the stand-in ran")
}

#[test]
fn every_input_becomes_one_flag_with_its_value_attached() {
    let runner = Runner::new("argv-config");
    let rune = recording_rune(&runner);
    let output = runner.run(&[
        ("RUNE_BIN", text(&rune)),
        ("RUNE_CONFIG", ".mcp.json"),
        ("RUNE_SERVER", "notes\n  weather"),
        ("RUNE_BASELINE", "rune baseline.json"),
        ("RUNE_PIN", "rune-pin.json"),
        ("RUNE_FAIL_ON", "high"),
        ("RUNE_TIMEOUT", "30"),
    ]);
    assert_ran(&output);
    let temp = runner.temp();
    assert_eq!(
        recorded(&runner, "argv"),
        format!(
            "--config=.mcp.json\n--server=notes\n--server=weather\n--baseline=rune baseline.json\n\
             --pin=rune-pin.json\n--fail-on=high\n--timeout=30\n--output-sarif={t}/rune.sarif\n\
             --output-json={t}/rune.json\n--output-markdown={t}/rune.md\n",
            t = temp.display()
        )
    );
    assert_eq!(recorded(&runner, "token"), "unset", "no comment on a push, so no token");
    assert_eq!(
        runner.outputs(),
        "exit-code=1\n",
        "rune's exit code, and no report it did not write"
    );
}

#[test]
fn manifests_split_on_whitespace_without_glob_expansion() {
    let runner = Runner::new("argv-manifests");
    let rune = recording_rune(&runner);
    let output = runner
        .run(&[("RUNE_BIN", text(&rune)), ("RUNE_MANIFEST", " a.json\tb.json\n examples/*.json ")]);
    assert_ran(&output);
    let argv = recorded(&runner, "argv");
    assert!(
        argv.starts_with(
            "--manifest=a.json\n--manifest=b.json\n--manifest=examples/*.json\n--fail-on=medium\n"
        ),
        "{argv}"
    );
}

#[test]
fn a_pull_request_gets_the_comment_and_the_token_by_default() {
    let runner = Runner::new("comment-pr");
    let rune = recording_rune(&runner);
    let output = runner.run(&[
        ("RUNE_BIN", text(&rune)),
        ("RUNE_MANIFEST", "examples/tools.json"),
        ("GITHUB_EVENT_NAME", "pull_request"),
    ]);
    assert_ran(&output);
    assert!(recorded(&runner, "argv").ends_with("/rune.md\n--github-comment\n"));
    assert_eq!(recorded(&runner, "token"), "ghs_from_the_runner");
}

#[test]
fn comment_false_or_a_push_event_posts_no_comment() {
    for (event, comment, warning) in
        [("pull_request", "false", false), ("push", "true", true), ("push", "auto", false)]
    {
        let runner = Runner::new("comment-off");
        let rune = recording_rune(&runner);
        let output = runner.run(&[
            ("RUNE_BIN", text(&rune)),
            ("RUNE_MANIFEST", "examples/tools.json"),
            ("GITHUB_EVENT_NAME", event),
            ("RUNE_COMMENT", comment),
        ]);
        assert_ran(&output);
        assert!(!recorded(&runner, "argv").contains("--github-comment"), "{event} {comment}");
        assert_eq!(recorded(&runner, "token"), "unset", "{event} {comment}");
        assert_eq!(
            stderr(&output).contains("has no pull request to comment on"),
            warning,
            "{event} {comment}: {}",
            stderr(&output)
        );
    }
}

const RELEASE_TAG: &str = "v9.9.9";
const LINUX_ARCHIVE: &str = "rune-v9.9.9-x86_64-unknown-linux-gnu.tar.gz";

/// The contents of a release's SHA256SUMS, given the real SHA-256 of its Linux archive.
type SumsFile = fn(&str) -> String;

fn sha256_hex(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("archive");
    Sha256::digest(&bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A release folder laid out like GitHub's download URLs (`<base>/<tag>/<asset>`) holding the
/// Linux x86_64 archive, whose `rune` runs the binary cargo built. Returns the base URL.
fn publish_release(runner: &Runner, sums: SumsFile) -> String {
    let stage = runner.scratch.path("stage/rune-v9.9.9-x86_64-unknown-linux-gnu");
    std::fs::create_dir_all(&stage).expect("stage");
    let binary = stage.join("rune");
    std::fs::write(&binary, format!("#!/bin/sh\nexec '{}' \"$@\"\n", env!("CARGO_BIN_EXE_rune")))
        .expect("release binary");
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    let release = runner.scratch.path("releases").join(RELEASE_TAG);
    std::fs::create_dir_all(&release).expect("release folder");
    let archive = release.join(LINUX_ARCHIVE);
    let status = Command::new("tar")
        .arg("-czf")
        .arg(&archive)
        .arg("-C")
        .arg(runner.scratch.path("stage"))
        .arg("rune-v9.9.9-x86_64-unknown-linux-gnu")
        .status()
        .expect("tar runs");
    assert!(status.success());
    std::fs::write(release.join("SHA256SUMS"), sums(&sha256_hex(&archive))).expect("SHA256SUMS");
    format!("file://{}", runner.scratch.path("releases").display())
}

fn without_rune_bin(runner: &Runner, inputs: &[(&str, &str)]) -> Output {
    runner
        .action()
        .env_remove("RUNE_BIN")
        .envs(inputs.iter().copied())
        .output()
        .expect("bash runs the action")
}

#[test]
fn a_release_binary_is_run_only_after_its_sha256_matches_sha256sums() {
    let runner = Runner::new("release");
    let base = publish_release(&runner, |hash| {
        format!(
            "{}  rune-v9.9.9-aarch64-apple-darwin.tar.gz\n{hash}  {LINUX_ARCHIVE}\n",
            "0".repeat(64)
        )
    });
    let output = without_rune_bin(
        &runner,
        &[
            ("RUNE_VERSION", "9.9.9"),
            ("RUNE_RELEASE_BASE_URL", &base),
            ("RUNE_MANIFEST", "examples/tools.json"),
        ],
    );
    assert_ran(&output);
    assert!(stdout(&output).contains(&format!("verified {LINUX_ARCHIVE} against SHA256SUMS")));
    assert!(runner.outputs().starts_with("exit-code=1\n"), "{}", runner.outputs());
    assert!(runner.outputs().contains("\nfindings="), "{}", runner.outputs());
    assert!(runner.outputs().ends_with("\ndrift=0\n"), "{}", runner.outputs());
}

/// A release whose binary does not verify fails the step: never run, never replaced by a build
/// (GITHUB_ACTION_PATH points nowhere, so a silent fallback would fail with another message).
#[test]
fn a_release_binary_that_does_not_verify_is_refused() {
    let cases: [(&str, SumsFile); 2] = [
        ("checksum mismatch", |hash| format!("{}0  {LINUX_ARCHIVE}\n", &hash[1..])),
        ("does not list", |hash| format!("{hash}  rune-v9.9.9-x86_64-pc-windows-msvc.zip\n")),
    ];
    for (needle, sums) in cases {
        let runner = Runner::new("release-tampered");
        let base = publish_release(&runner, sums);
        let output = without_rune_bin(
            &runner,
            &[
                ("RUNE_VERSION", RELEASE_TAG),
                ("RUNE_RELEASE_BASE_URL", &base),
                ("RUNE_MANIFEST", "examples/tools.json"),
                ("GITHUB_ACTION_PATH", "/nonexistent/rune-action"),
            ],
        );
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{needle}: {err}");
        assert!(err.contains(needle), "expected {needle:?} in {err}");
        assert!(!err.contains("instead of release"), "no fallback build: {err}");
        assert_eq!(runner.outputs(), "", "{needle}: rune never ran");
    }
}

#[test]
fn a_release_without_a_download_falls_back_to_building_the_action() {
    let runner = Runner::new("release-missing");
    let base = format!("file://{}", runner.scratch.path("no-releases").display());
    let output = without_rune_bin(
        &runner,
        &[
            ("RUNE_VERSION", RELEASE_TAG),
            ("RUNE_RELEASE_BASE_URL", &base),
            ("RUNE_MANIFEST", "examples/tools.json"),
            ("GITHUB_ACTION_PATH", "/nonexistent/rune-action"),
        ],
    );
    let err = stderr(&output);
    assert!(
        err.contains("could not download rune-v9.9.9-x86_64-unknown-linux-gnu.tar.gz"),
        "{err}"
    );
    assert!(
        err.contains("building rune from the action's own checkout instead of release v9.9.9"),
        "{err}"
    );
    assert_eq!(output.status.code(), Some(2), "the build of a missing checkout fails: {err}");
}
