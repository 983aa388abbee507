//! `rune` ended by a signal in the middle of a live scan: no server, no descendant of one and
//! no temporary file outlives it, the files it was asked to write are as they were, and it
//! dies by the signal it got.
#![cfg(target_os = "linux")]

mod common;

use common::{Scratch, fixture_script, python};
use rustix::process::{Pid, Signal};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A config of two servers that take 60 s to answer `initialize`, one of them with two
/// descendants that leave its process group, each recording its pids.
fn slow_config(scratch: &Scratch) -> String {
    let server = |name: &str, mode: &str| {
        format!(
            r#""{name}": {{"command": "{}", "args": ["{}", "stdio", "{mode}", "60"],
                "env": {{"FIXTURE_PID_FILE": "{}"}}}}"#,
            python(),
            fixture_script().display(),
            scratch.path(&format!("{name}.pids")).display()
        )
    };
    let config = format!(
        r#"{{"mcpServers": {{{}, {}}}}}"#,
        server("slow", "slow"),
        server("daemons", "setsid-children")
    );
    let path = scratch.file("mcp.json", config.as_bytes());
    common::text(&path).to_string()
}

/// A running `rune`, killed and reaped if a test fails before it ends.
struct Scan(Child);

impl Drop for Scan {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `command` on the slow config, with an old JSON report in place, and waits until both
/// servers have recorded their pids (three for the one with descendants).
fn start_scan(mut command: Command, scratch: &Scratch) -> (Scan, Vec<u32>) {
    std::fs::write(scratch.path("report.json"), "old report").expect("write");
    let config = slow_config(scratch);
    let child = Scan(
        command
            .args(["--config", &config, "--jobs", "2", "--timeout", "120"])
            .args(["--output-json", common::text(&scratch.path("report.json"))])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("rune starts"),
    );
    let started = Instant::now();
    loop {
        let slow = pids(&scratch.path("slow.pids"));
        let daemons = pids(&scratch.path("daemons.pids"));
        if slow.len() == 1 && daemons.len() == 3 {
            return (child, [slow, daemons].concat());
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the servers never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn pids(file: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    if !text.ends_with('\n') {
        return Vec::new();
    }
    text.lines().map(|line| line.parse().expect("a pid")).collect()
}

fn send(scan: &Scan, signal: Signal) {
    let pid = Pid::from_raw(i32::try_from(scan.0.id()).expect("a pid")).expect("a pid");
    rustix::process::kill_process(pid, signal).expect("signal sent");
}

fn wait(scan: &mut Scan, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = scan.0.try_wait().expect("wait") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// Whether a process is running (a zombie has finished running, whoever reaps it).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z'))
    })
}

fn assert_clean_death(mut scan: Scan, signal: Signal, servers: &[u32], scratch: &Scratch) {
    let status = wait(&mut scan, Duration::from_secs(10))
        .unwrap_or_else(|| panic!("rune outlived {signal:?} by 10 s"));
    assert_eq!(status.signal(), Some(signal.as_raw()), "{signal:?}: {status:?}");
    let started = Instant::now();
    while servers.iter().any(|&pid| running(pid)) && started.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let alive: Vec<u32> = servers.iter().copied().filter(|&pid| running(pid)).collect();
    assert!(alive.is_empty(), "{signal:?}: {alive:?} outlived rune");
    let report = std::fs::read_to_string(scratch.path("report.json")).expect("the old report");
    assert_eq!(report, "old report", "{signal:?}");
    let mut left: Vec<String> = std::fs::read_dir(&scratch.0)
        .expect("scratch")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["daemons.pids", "mcp.json", "report.json", "slow.pids"], "{signal:?}");
}

#[test]
fn sigint_sigterm_and_sighup_leave_no_server_and_no_temporary_behind() {
    for signal in [Signal::INT, Signal::TERM, Signal::HUP] {
        let scratch = Scratch::new(&format!("signal-{}", signal.as_raw()));
        // A harness started under `nohup` hands rune an ignored hangup, which rune rightly
        // keeps (the test below); `env` restores the default so this test holds either way.
        let mut command = Command::new("env");
        command.args(["--default-signal=HUP", env!("CARGO_BIN_EXE_rune")]);
        command.current_dir(common::root());
        let (child, servers) = start_scan(command, &scratch);
        assert!(servers.iter().all(|&pid| running(pid)), "{servers:?}");
        send(&child, signal);
        assert_clean_death(child, signal, &servers, &scratch);
    }
}

#[test]
fn a_hangup_rune_was_started_ignoring_stays_ignored() {
    let scratch = Scratch::new("nohup");
    let mut nohup = Command::new("nohup");
    nohup.arg(env!("CARGO_BIN_EXE_rune")).current_dir(common::root());
    let (mut child, servers) = start_scan(nohup, &scratch);
    send(&child, Signal::HUP);
    assert_eq!(wait(&mut child, Duration::from_millis(500)), None, "SIGHUP ended rune under nohup");
    assert!(servers.iter().all(|&pid| running(pid)), "{servers:?}");
    send(&child, Signal::TERM);
    assert_clean_death(child, Signal::TERM, &servers, &scratch);
}
