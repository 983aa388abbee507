//! A local server over stdio: rune starts the process and speaks newline-delimited JSON-RPC on
//! its stdin and stdout.
//!
//! The server is untrusted code. It gets a minimal environment (never rune's tokens), its own
//! process group, and stderr that rune keeps (a few escaped lines may explain a failure). When
//! the scan ends, on every path including a panic, the whole group is killed, and so is every
//! descendant that left it (see [`super::reaper`]).

use super::reaper;
use super::tap::Tap;
use super::{LiveError, quote};
use crate::escape::escape;
use crate::json::{self, Value};
use rmcp::model::ServerJsonRpcMessage;
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

/// The variables a server inherits from rune, as the MCP SDKs do; everything else, tokens
/// included, stays with rune.
#[cfg(not(windows))]
const INHERITED: &[&str] = &["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG"];
#[cfg(windows)]
const INHERITED: &[&str] = &[
    "APPDATA",
    "HOMEDRIVE",
    "HOMEPATH",
    "LOCALAPPDATA",
    "PATH",
    "PROCESSOR_ARCHITECTURE",
    "SYSTEMDRIVE",
    "SYSTEMROOT",
    "TEMP",
    "USERNAME",
    "USERPROFILE",
    "PROGRAMFILES",
];

/// How much of the server's stderr is kept: its end, where the reason for a crash usually is.
const STDERR_KEPT: usize = 8 * 1024;
/// Lines of stderr quoted in a failure, and how long each may be.
const STDERR_LINES: usize = 3;
const STDERR_LINE_CHARS: usize = 160;

/// How long a server gets to exit on SIGTERM before the group is killed outright.
const GRACE: Duration = Duration::from_millis(200);

/// A started server. Dropping it kills the server's process group and reaps the server.
pub(super) struct Server {
    shared: Arc<Shared>,
    pipes: Option<(ChildStdin, ChildStdout, ChildStderr)>,
}

/// What the transport and the stderr reader share with the guard.
struct Shared {
    child: Mutex<Child>,
    stderr: Mutex<StderrTail>,
    /// Set by the first [`Server::stop`]: once reaped, the server's id may name another process.
    stopped: AtomicBool,
    /// The server's [`reaper::TAG`], which its descendants inherit.
    tag: String,
}

#[derive(Default)]
struct StderrTail {
    kept: Vec<u8>,
    closed: bool,
}

impl Server {
    /// Starts the server in its own process group.
    pub(super) fn start(
        command: &str,
        args: &[String],
        env: &[(String, String)],
        cwd: Option<&Path>,
    ) -> Result<Server, LiveError> {
        let mut process = Command::new(command);
        process.args(args).env_clear().stdin(Stdio::piped()).stdout(Stdio::piped());
        process.stderr(Stdio::piped());
        for name in INHERITED {
            if let Some(value) = std::env::var_os(name) {
                process.env(name, value);
            }
        }
        process.envs(env.iter().map(|(name, value)| (name, value)));
        let tag = reaper::new_tag();
        process.env(reaper::TAG, &tag);
        if let Some(cwd) = cwd {
            process.current_dir(cwd);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        let mut registry = reaper::registry();
        let mut child = process.spawn().map_err(|error| {
            let place = cwd.map(|cwd| format!(" in {}", cwd.display())).unwrap_or_default();
            LiveError::Failed(format!(
                "could not start {}{place}: {}",
                quote(command),
                super::io_reason(&error)
            ))
        })?;
        registry.add(child.id(), &tag);
        drop(registry);
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let shared = Arc::new(Shared {
            child: Mutex::new(child),
            stderr: Mutex::new(StderrTail::default()),
            stopped: AtomicBool::new(false),
            tag,
        });
        let mut server = Server { shared, pipes: None };
        match pipes {
            (Some(stdin), Some(stdout), Some(stderr)) => {
                server.pipes = Some((stdin, stdout, stderr));
                Ok(server)
            }
            _ => Err(LiveError::Failed("the server's pipes could not be opened".to_string())),
        }
    }

    /// The transport over the server's stdin and stdout; also starts keeping its stderr.
    /// Must run inside the scan's runtime.
    pub(super) fn transport(
        &mut self,
        tap: &Arc<Tap>,
        message_cap: usize,
    ) -> Result<StdioTransport, LiveError> {
        let (stdin, stdout, stderr) = self
            .pipes
            .take()
            .ok_or_else(|| LiveError::Failed("the server's pipes are already in use".into()))?;
        let pipe_error = |error: std::io::Error| {
            LiveError::Failed(format!(
                "cannot read the server's pipes: {}",
                super::io_reason(&error)
            ))
        };
        let stdin = tokio::process::ChildStdin::from_std(stdin).map_err(pipe_error)?;
        let stdout = tokio::process::ChildStdout::from_std(stdout).map_err(pipe_error)?;
        let mut stderr = tokio::process::ChildStderr::from_std(stderr).map_err(pipe_error)?;
        let shared = Arc::clone(&self.shared);
        tokio::spawn(async move {
            let mut buffer = [0; 4096];
            loop {
                let read = stderr.read(&mut buffer).await.unwrap_or(0);
                let mut tail = shared.stderr();
                if read == 0 {
                    tail.closed = true;
                    return;
                }
                tail.kept.extend_from_slice(&buffer[..read]);
                let excess = tail.kept.len().saturating_sub(STDERR_KEPT);
                tail.kept.drain(..excess);
            }
        });
        Ok(StdioTransport {
            stdin: Arc::new(tokio::sync::Mutex::new(stdin)),
            stdout: BufReader::new(stdout),
            line: Vec::new(),
            tap: Arc::clone(tap),
            shared: Arc::clone(&self.shared),
            message_cap,
        })
    }

    /// Ends the server, once: SIGTERM to its group and to every descendant that left it, a
    /// short grace, SIGKILL to whatever is left, then the server itself is reaped.
    pub(super) fn stop(&self) {
        if self.shared.stopped.swap(true, Ordering::SeqCst) {
            return;
        }
        let pid = self.shared.child().id();
        #[cfg(unix)]
        {
            use rustix::process::Signal;
            let strays = reaper::strays(pid, &self.shared.tag);
            signal_group(pid, Signal::TERM);
            reaper::signal_each(&strays, Signal::TERM);
            self.shared.wait_exit(GRACE);
            signal_group(pid, Signal::KILL);
            reaper::signal_each(&strays, Signal::KILL);
            reaper::reap(&strays);
        }
        #[cfg(not(unix))]
        {
            let _ = self.shared.child().kill();
        }
        self.shared.wait_exit(Duration::from_secs(1));
        reaper::registry().remove(pid);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(unix)]
fn signal_group(group: u32, signal: rustix::process::Signal) {
    let group = i32::try_from(group).ok().and_then(rustix::process::Pid::from_raw);
    if let Some(group) = group {
        // ESRCH: the whole group is already gone.
        let _ = rustix::process::kill_process_group(group, signal);
    }
}

impl Shared {
    fn child(&self) -> MutexGuard<'_, Child> {
        self.child.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn stderr(&self) -> MutexGuard<'_, StderrTail> {
        self.stderr.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn exit_status(&self) -> Option<ExitStatus> {
        self.child().try_wait().ok().flatten()
    }

    /// Waits (blocking) up to `limit` for the server to exit, reaping it.
    fn wait_exit(&self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.exit_status() {
                return Some(status);
            }
            if start.elapsed() >= limit {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Why the server stopped talking, once its output ended: whether it exited (and how) and
    /// the end of what it wrote to stderr.
    async fn ended(&self, mid_message: bool) -> LiveError {
        let mut status = None;
        for _ in 0..50 {
            status = self.exit_status();
            if status.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        for _ in 0..20 {
            if self.stderr().closed {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let mut reason = match (mid_message, status) {
            (true, _) => "server exited in the middle of a message".to_string(),
            (false, Some(_)) => "server exited before the scan finished".to_string(),
            (false, None) => "server closed its stdout before the scan finished".to_string(),
        };
        if let Some(status) = status {
            reason.push_str(&format!(" ({})", describe(status)));
        }
        let excerpt = self.stderr().excerpt();
        if !excerpt.is_empty() {
            reason.push_str("; its stderr ends: ");
            reason.push_str(&excerpt);
        }
        LiveError::Ended(reason)
    }
}

fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return format!("killed by signal {signal}");
    }
    status.to_string()
}

impl StderrTail {
    /// The last few non-blank lines, each clipped and escaped, in quotes.
    fn excerpt(&self) -> String {
        let text = String::from_utf8_lossy(&self.kept);
        let lines: Vec<&str> =
            text.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        let start = lines.len().saturating_sub(STDERR_LINES);
        lines[start..]
            .iter()
            .map(|line| {
                let clipped: String = line.chars().take(STDERR_LINE_CHARS).collect();
                let more = if clipped.len() < line.len() { "..." } else { "" };
                format!("'{}{more}'", escape(&clipped))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Newline-delimited JSON-RPC over the server's pipes.
///
/// The spec reserves stdout for messages, but servers print banners and log lines there, and
/// the reference SDK clients skip what they cannot parse, so rune skips such a line too (with
/// a warning, within [`super::tap::NOISE_LINES`] and [`super::tap::NOISE_BYTES`]). Only lines a
/// client could not mistake for a message are skipped: one that does not begin with `{` or
/// `[`, and a JSON object without a `jsonrpc` member (a JSON logger's line). A line that
/// begins like JSON but does not parse fails the scan, since a laxer client might read it as
/// the reply rune would otherwise skip and take from a later line.
pub(super) struct StdioTransport {
    stdin: Arc<tokio::sync::Mutex<tokio::process::ChildStdin>>,
    stdout: BufReader<tokio::process::ChildStdout>,
    /// The message being read; kept across calls because rmcp may drop a `receive` midway.
    line: Vec<u8>,
    tap: Arc<Tap>,
    shared: Arc<Shared>,
    message_cap: usize,
}

impl StdioTransport {
    async fn next_line(&mut self) -> Result<Vec<u8>, LiveError> {
        loop {
            let buffer = match self.stdout.fill_buf().await {
                Ok(buffer) => buffer,
                Err(error) => {
                    return Err(LiveError::Failed(format!(
                        "cannot read the server's stdout: {}",
                        super::io_reason(&error)
                    )));
                }
            };
            if buffer.is_empty() {
                let mid_message = self.line.iter().any(|byte| !byte.is_ascii_whitespace());
                return Err(self.shared.ended(mid_message).await);
            }
            let (taken, complete) = match buffer.iter().position(|&byte| byte == b'\n') {
                Some(end) => (end, true),
                None => (buffer.len(), false),
            };
            self.line.extend_from_slice(&buffer[..taken]);
            self.stdout.consume(taken + usize::from(complete));
            if self.line.len() > self.message_cap {
                return Err(LiveError::Failed(format!(
                    "server sent a message larger than {}, the most rune reads of one message",
                    super::size(self.message_cap)
                )));
            }
            if complete {
                let line = std::mem::take(&mut self.line);
                if !line.iter().all(u8::is_ascii_whitespace) {
                    return Ok(line);
                }
            }
        }
    }

    /// The next message, past any line skipped as noise.
    async fn next_message(&mut self) -> Result<ServerJsonRpcMessage, LiveError> {
        loop {
            let line = self.next_line().await?;
            let first = line.iter().find(|byte| !byte.is_ascii_whitespace());
            if !matches!(first, Some(b'{' | b'[')) {
                self.tap.skip_noise(&String::from_utf8_lossy(&line))?;
                continue;
            }
            let text = String::from_utf8(line).map_err(|_| {
                LiveError::Protocol("server wrote bytes that are not UTF-8 to stdout".into())
            })?;
            match json::parse(&text) {
                Ok(Value::Object(members)) if !members.iter().any(|(key, _)| key == "jsonrpc") => {
                    self.tap.skip_noise(&text)?;
                }
                Ok(raw) => return self.tap.received(raw),
                Err(error) => return Err(self.tap.not_json(&error, &text)),
            }
        }
    }
}

impl Transport<RoleClient> for StdioTransport {
    type Error = LiveError;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), LiveError>> + Send + 'static {
        let stdin = Arc::clone(&self.stdin);
        let shared = Arc::clone(&self.shared);
        let tap = Arc::clone(&self.tap);
        async move {
            let mut line = serde_json::to_vec(&item)
                .map_err(|error| LiveError::Failed(format!("cannot encode a request: {error}")))?;
            line.push(b'\n');
            let mut stdin = stdin.lock().await;
            let written = match stdin.write_all(&line).await {
                Ok(()) => stdin.flush().await,
                Err(error) => Err(error),
            };
            match written {
                Ok(()) => Ok(()),
                Err(_) => Err(tap.fail(shared.ended(false).await)),
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        match self.next_message().await {
            Ok(message) => Some(message),
            Err(failure) => {
                self.tap.fail(failure);
                None
            }
        }
    }

    async fn close(&mut self) -> Result<(), LiveError> {
        self.stdin.lock().await.shutdown().await.ok();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a process is running (a zombie has finished running, whoever reaps it).
    #[cfg(target_os = "linux")]
    fn running(pid: u32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z'))
        })
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_panic_still_kills_the_whole_group() {
        use std::io::BufRead;
        let pids = Mutex::new(Vec::new());
        let outcome = std::panic::catch_unwind(|| {
            let script = "sleep 60 & echo $!; exec sleep 60".to_string();
            let mut server = Server::start("sh", &["-c".into(), script], &[], None).expect("sh");
            let (_, stdout, _) = server.pipes.take().expect("pipes");
            let mut grandchild = String::new();
            std::io::BufReader::new(stdout).read_line(&mut grandchild).expect("a pid");
            let mut pids = pids.lock().expect("pids");
            pids.push(server.shared.child().id());
            pids.push(grandchild.trim().parse().expect("a pid"));
            drop(pids);
            panic!("a scan that panics");
        });
        assert!(outcome.is_err());
        let pids = pids.into_inner().expect("pids");
        assert_eq!(pids.len(), 2);
        let started = Instant::now();
        while pids.iter().any(|&pid| running(pid)) && started.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(pids.iter().all(|&pid| !running(pid)), "{pids:?} outlived the panic");
    }

    /// A server whose descendants leave its process group: one by `setsid` under a live
    /// parent, one orphaned in a new session by its parent's exit (the daemon's double fork).
    #[test]
    #[cfg(target_os = "linux")]
    fn descendants_that_leave_the_group_do_not_outlive_the_server() {
        use std::io::BufRead;
        let script = "setsid sleep 60 & echo $!; setsid sh -c 'sleep 60 & echo $!'; exec sleep 60";
        let mut server = Server::start("sh", &["-c".into(), script.into()], &[], None).expect("sh");
        let (_, stdout, _) = server.pipes.take().expect("pipes");
        let mut lines = std::io::BufReader::new(stdout).lines();
        let mut pids: Vec<u32> = (0..2)
            .map(|_| lines.next().expect("a line").expect("a pid").trim().parse().expect("a pid"))
            .collect();
        pids.push(server.shared.child().id());
        assert!(pids.iter().all(|&pid| running(pid)), "{pids:?}");
        drop(server);
        let started = Instant::now();
        while pids.iter().any(|&pid| running(pid)) && started.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(pids.iter().all(|&pid| !running(pid)), "{pids:?} outlived the server");
    }

    #[test]
    fn the_stderr_excerpt_keeps_the_last_lines_clipped_and_escaped() {
        let kept = format!("one\n\ntwo\nthree \u{1b}[2J\n{}\n", "x".repeat(200)).into_bytes();
        let tail = StderrTail { kept, closed: true };
        let excerpt = tail.excerpt();
        assert_eq!(excerpt, format!("'two' 'three <U+001B>[2J' '{}...'", "x".repeat(160)));
    }
}
