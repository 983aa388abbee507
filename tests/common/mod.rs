//! Helpers shared by the integration tests: run the built binaries in a scrubbed environment.
#![allow(dead_code)]

pub mod keys;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `rune` with an environment that cannot change its output.
pub fn rune() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rune"));
    command.env_remove("NO_COLOR").current_dir(root());
    command
}

pub fn run(args: &[&str]) -> Output {
    rune().args(args).output().expect("rune runs")
}

pub fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = rune()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rune starts");
    child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
    child.wait_with_output().expect("rune finishes")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8 stdout")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("utf-8 stderr")
}

/// A fresh temporary folder, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("rune-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    pub fn file(&self, name: &str, contents: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write scratch file");
        path
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn text(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// Each bad input: exit 2, nothing on stdout, one line on stderr that says what is wrong.
pub fn assert_refused(output: &Output, needle: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "stderr: {err}");
    assert_eq!(stdout(output), "", "a refused input must not print a report");
    assert_eq!(err.lines().count(), 1, "one line, got: {err}");
    assert!(err.starts_with("rune: "), "{err}");
    assert!(err.contains(needle), "expected {needle:?} in {err}");
}

/// The Python interpreter itself, for the fixture servers: a version manager's `python3` shim
/// would add its own variables to the server's environment and a process to its group.
pub fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let output = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs");
        String::from_utf8(output.stdout).expect("a UTF-8 path").trim().to_string()
    })
}

/// The fixture MCP server script (Python standard library only).
pub fn fixture_script() -> PathBuf {
    root().join("tests/fixtures/mcp_fixture.py")
}
