//! Live scans end to end, through the library: rune against servers that answer honestly,
//! slowly, hugely, endlessly or not at all (`tests/fixtures/mcp_fixture.py`, Python stdlib
//! only), and against the reference server `@modelcontextprotocol/server-everything` over
//! all three transports.

mod common;

use common::{Scratch, fixture_script, python, root};
use rune::json::{self, Value};
use rune::model::{Entity, Kind, Surface};
use rune::source::config::Target;
use rune::source::live::{self, Listing, LiveError, Options, Timeout};
use rune::source::manifest;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SERVER_EVERYTHING: &str = "2026.8.31";

fn options(timeout_secs: f64) -> Options {
    Options { timeout: Duration::from_secs_f64(timeout_secs), ..Options::default() }
}

fn stdio(mode: &[&str], env: &[(&str, &str)]) -> Target {
    let mut args = vec![fixture_script().display().to_string(), "stdio".to_string()];
    args.extend(mode.iter().map(|arg| arg.to_string()));
    Target::Stdio {
        command: python().to_string(),
        args,
        env: env.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect(),
        cwd: None,
    }
}

/// A fixture HTTP server, killed when dropped.
struct HttpFixture {
    child: Child,
    port: u16,
    /// The second listener of `redirect-cross-origin`.
    second_port: Option<u16>,
}

impl HttpFixture {
    fn start(mode: &[&str]) -> HttpFixture {
        HttpFixture::spawn(mode, Stdio::inherit())
    }

    fn spawn(mode: &[&str], stderr: Stdio) -> HttpFixture {
        let mut child = Command::new(python())
            .arg(fixture_script())
            .arg("http")
            .args(mode)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("python3 runs the fixture");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).expect("the fixture prints its port");
        let ports: Vec<u16> =
            line.split_whitespace().skip(1).map(|port| port.parse().expect("a port")).collect();
        HttpFixture { child, port: ports[0], second_port: ports.get(1).copied() }
    }

    fn http(&self, headers: &[(&str, &str)]) -> Target {
        Target::Http { url: self.url("/mcp"), headers: owned(headers) }
    }

    fn sse(&self, headers: &[(&str, &str)]) -> Target {
        Target::Sse { url: self.url("/sse"), headers: owned(headers) }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

impl Drop for HttpFixture {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect()
}

/// Every transport to a fresh fixture server in `mode`: stdio, Streamable HTTP and SSE.
fn each_transport(mode: &[&str], run: impl Fn(&str, Target)) {
    run("stdio", stdio(mode, &[]));
    let server = HttpFixture::start(mode);
    run("http", server.http(&[]));
    run("sse", server.sse(&[]));
}

/// Runs a scan that must fail, within the budget plus 2 s, with one line.
fn fails_in_time(target: &Target, options: &Options) -> LiveError {
    let started = Instant::now();
    let outcome = live::scan(target, options);
    let elapsed = started.elapsed();
    assert!(
        elapsed < options.timeout + Duration::from_secs(2),
        "took {elapsed:?} with a {:?} budget",
        options.timeout
    );
    let error = outcome.expect_err("the scan should fail");
    assert_eq!(error.to_string().lines().count(), 1, "one line: {error}");
    error
}

fn scans(target: &Target, options: &Options) -> Listing {
    live::scan(target, options).unwrap_or_else(|error| panic!("scan failed: {error}"))
}

fn names(listing: &Listing, kind: Kind) -> Vec<String> {
    listing.entities.iter().filter(|entity| entity.kind == kind).map(Entity::label).collect()
}

fn same_entities(left: &[Entity], right: &[Entity]) -> bool {
    left.len() == right.len()
        && left
            .iter()
            .zip(right)
            .all(|(a, b)| a.kind == b.kind && a.index == b.index && a.value == b.value)
}

fn keys(value: &Value) -> Vec<&str> {
    value.as_object().expect("an object").iter().map(|(key, _)| key.as_str()).collect()
}

// --- processes ----------------------------------------------------------------------------

/// The pids a stdio fixture recorded (itself, and any grandchild it started).
fn recorded_pids(file: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(file).expect("the fixture recorded its pid");
    text.lines().map(|line| line.parse().expect("a pid")).collect()
}

/// Whether a process is running (a zombie has finished running, whoever reaps it).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

fn assert_all_gone(pids: &[u32]) {
    let started = Instant::now();
    while pids.iter().any(|&pid| running(pid)) && started.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(20));
    }
    for &pid in pids {
        assert!(!running(pid), "process {pid} outlived the scan");
    }
    // The server itself is rune's child: it must be reaped, not left a zombie.
    assert!(!Path::new(&format!("/proc/{}", pids[0])).exists(), "server {} not reaped", pids[0]);
}

/// A hostile stdio fixture: the scan fails in time and leaves no process behind.
fn hostile_stdio(name: &str, mode: &[&str], options: &Options) -> LiveError {
    let scratch = Scratch::new(name);
    let pid_file = scratch.path("pids");
    let target = stdio(mode, &[("FIXTURE_PID_FILE", common::text(&pid_file))]);
    let error = fails_in_time(&target, options);
    assert_all_gone(&recorded_pids(&pid_file));
    error
}

/// A client hanging up ends the fixture quietly: a traceback in a passing test log reads as
/// a failure.
#[test]
fn the_fixture_leaves_quietly_when_its_client_hangs_up() {
    use std::io::Write;
    let mut child = Command::new(python())
        .arg(fixture_script())
        .args(["stdio", "clean"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs the fixture");
    // The client stops reading, then asks for a reply the fixture cannot deliver.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    let request = r#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#;
    stdin.write_all(format!("{request}\n").as_bytes()).expect("the fixture reads its stdin");
    drop(stdin);
    let output = child.wait_with_output().expect("the fixture exits");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "fixture clean starting\n");
    assert!(output.status.success(), "{:?}", output.status);

    // Over HTTP, rune hangs up on a reply too large to read; the fixture gets a moment to
    // notice before it is stopped.
    let mut server = HttpFixture::spawn(&["huge-description"], Stdio::piped());
    fails_in_time(&server.http(&[]), &options(20.0));
    std::thread::sleep(Duration::from_millis(500));
    let _ = server.child.kill();
    let mut stderr = String::new();
    let pipe = server.child.stderr.as_mut().expect("the fixture's stderr is kept");
    std::io::Read::read_to_string(pipe, &mut stderr).expect("stderr reads");
    assert_eq!(stderr, "", "the fixture complained");
}

// --- honest servers -----------------------------------------------------------------------

#[test]
fn a_poisoned_server_is_read_whole_and_its_poison_found() {
    let listing = scans(&stdio(&["poisoned"], &[]), &options(20.0));
    assert_eq!(names(&listing, Kind::Tool), ["sync_notes", "get_weather"]);
    assert_eq!(names(&listing, Kind::Prompt), ["summarize"]);
    assert_eq!(names(&listing, Kind::Resource), ["all notes", "note"]);
    assert_eq!(names(&listing, Kind::Server), ["fixture-poisoned"]);
    assert!(listing.warnings.is_empty(), "{:?}", listing.warnings);
    assert_eq!(
        keys(&listing.raw),
        ["serverInfo", "instructions", "tools", "prompts", "resources", "resourceTemplates"]
    );

    // The tool exactly as sent: `_meta` keeps its name, a field outside the MCP schema is
    // kept, and so is its lone surrogate.
    let tool = &listing.entities[0].value;
    assert_eq!(keys(tool), ["name", "description", "inputSchema", "_meta", "x-note"]);
    let sent = json::parse(r#""kept \ud800 as sent""#).expect("valid");
    assert_eq!(tool.get("x-note"), Some(&sent));

    let surface = Surface { source: None, entities: listing.entities.clone() };
    let findings = rune::scan::scan(&[surface]);
    let rules: Vec<(&str, &str)> =
        findings.iter().map(|finding| (finding.label.as_str(), finding.rule)).collect();
    assert!(rules.contains(&("sync_notes", "data-exfiltration")), "{rules:?}");
    assert!(rules.contains(&("sync_notes", "concealment")), "{rules:?}");
    assert!(rules.iter().all(|(label, _)| *label == "sync_notes"), "{rules:?}");
}

#[test]
fn the_raw_document_reads_back_to_the_same_entities() {
    let listing = scans(&stdio(&["poisoned"], &[]), &options(20.0));
    let reread = manifest::read_document(listing.raw.clone()).expect("a manifest");
    assert!(same_entities(&reread, &listing.entities));
    // Saved as `rune --manifest` would read it.
    let saved = manifest::read_manifest(&json::to_pretty(&listing.raw)).expect("a manifest");
    assert!(same_entities(&saved, &listing.entities));
}

#[test]
fn every_transport_reads_the_same_document() {
    let expected = scans(&stdio(&["poisoned"], &[]), &options(20.0)).raw;
    let server = HttpFixture::start(&["poisoned"]);
    assert_eq!(scans(&server.http(&[]), &options(20.0)).raw, expected, "Streamable HTTP");
    assert_eq!(scans(&server.sse(&[]), &options(20.0)).raw, expected, "legacy SSE");
}

#[test]
fn pages_are_followed_in_order() {
    each_transport(&["paged"], |transport, target| {
        let listing = scans(&target, &options(20.0));
        assert_eq!(names(&listing, Kind::Tool), ["tool_a", "tool_b", "tool_c"], "{transport}");
        assert!(listing.warnings.is_empty(), "{transport}: {:?}", listing.warnings);
    });
}

#[test]
fn a_finished_scan_leaves_no_process_behind() {
    let scratch = Scratch::new("finished");
    let pid_file = scratch.path("pids");
    let target = stdio(&["clean"], &[("FIXTURE_PID_FILE", common::text(&pid_file))]);
    scans(&target, &options(20.0));
    assert_all_gone(&recorded_pids(&pid_file));
}

#[test]
fn descendants_that_leave_the_process_group_do_not_outlive_the_scan() {
    let scratch = Scratch::new("setsid");
    let pid_file = scratch.path("pids");
    let target = stdio(&["setsid-children"], &[("FIXTURE_PID_FILE", common::text(&pid_file))]);
    scans(&target, &options(20.0));
    let pids = recorded_pids(&pid_file);
    assert_eq!(pids.len(), 3, "{pids:?}");
    assert_all_gone(&pids);
}

#[test]
fn only_advertised_listings_are_asked_for() {
    let listing = scans(&stdio(&["clean"], &[]), &options(20.0));
    assert_eq!(keys(&listing.raw), ["serverInfo", "instructions", "tools"]);
}

#[test]
fn a_failing_optional_listing_is_a_warning() {
    let listing = scans(&stdio(&["failing-prompts"], &[]), &options(20.0));
    assert_eq!(
        listing.warnings,
        ["prompts/list failed: 'prompts are <U+202E>offline'; nothing more from it was scanned"]
    );
    assert_eq!(names(&listing, Kind::Tool), ["get_weather"]);
    assert_eq!(names(&listing, Kind::Resource), ["all notes", "note"]);
}

#[test]
fn each_scan_reads_the_server_afresh() {
    let scratch = Scratch::new("rugpull");
    let state = scratch.path("state");
    let target = stdio(&["rugpull", common::text(&state)], &[]);
    let description = |listing: &Listing| {
        listing.entities[0].value.get("description").and_then(Value::as_str).map(str::to_string)
    };
    let first = scans(&target, &options(20.0));
    let second = scans(&target, &options(20.0));
    assert_eq!(description(&first).as_deref(), Some("Returns the weather for a city."));
    assert_ne!(description(&first), description(&second));
}

// --- what real servers do -------------------------------------------------------------------

#[test]
fn banners_and_log_lines_on_stdout_are_skipped_with_a_warning() {
    let listing = scans(&stdio(&["banner"], &[]), &options(20.0));
    assert_eq!(names(&listing, Kind::Tool), ["get_weather"]);
    assert_eq!(
        listing.warnings,
        ["server wrote 3 lines to stdout that are not JSON-RPC, skipped as MCP clients skip \
          them; the first: '<U+001B>[32mFixture MCP Server running on stdio<U+001B>[0m'"]
    );
}

#[test]
fn skipped_stdout_is_bounded_in_lines_and_bytes() {
    let listing = scans(&stdio(&["noise", "100"], &[]), &options(20.0));
    assert_eq!(names(&listing, Kind::Tool), ["get_weather"]);
    assert_eq!(
        listing.warnings,
        ["server wrote 100 lines to stdout that are not JSON-RPC, skipped as MCP clients skip \
          them; the first: 'log 0 ..............'"]
    );
    assert_eq!(
        hostile_stdio("noise-lines", &["noise", "101"], &options(10.0)).to_string(),
        "server wrote more than 100 lines to stdout that are not JSON-RPC, past what rune skips \
         as startup noise; the first: 'log 0 ..............'"
    );
    let bytes = hostile_stdio("noise-bytes", &["noise", "2", "40000"], &options(10.0));
    assert!(
        bytes.to_string().starts_with(
            "server wrote more than 64 KiB to stdout that is not JSON-RPC, past what rune skips \
             as startup noise; the first: 'log 0 ....."
        ),
        "{bytes}"
    );
}

#[test]
fn notifications_before_the_handshake_reply_are_read_past() {
    each_transport(&["notify-first"], |transport, target| {
        let listing = scans(&target, &options(20.0));
        assert_eq!(names(&listing, Kind::Tool), ["get_weather"], "{transport}");
        assert!(listing.warnings.is_empty(), "{transport}: {:?}", listing.warnings);
    });
}

#[test]
fn a_server_asking_mid_listing_gets_a_ping_answered_and_the_rest_refused() {
    let scratch = Scratch::new("server-requests");
    let record = scratch.path("answers");
    each_transport(&["server-requests", common::text(&record)], |transport, target| {
        let listing = scans(&target, &options(20.0));
        assert_eq!(names(&listing, Kind::Tool), ["get_weather"], "{transport}");
        let recorded = std::fs::read_to_string(&record).expect("the fixture recorded answers");
        let answers = json::parse(recorded.lines().last().expect("a line")).expect("JSON");
        let answer = |id: &str| answers.get(id).unwrap_or_else(|| panic!("{transport}: {id}"));
        assert_eq!(
            answer("s-ping").get("result"),
            Some(&Value::Object(vec![])),
            "{transport}: ping is answered"
        );
        for refused in ["s-sampling", "s-roots", "s-elicit"] {
            let error = answer(refused).get("error");
            let code = error.and_then(|error| error.get("code"));
            assert_eq!(code, Some(&Value::Number("-32601".into())), "{transport}: {refused}");
            assert!(answer(refused).get("result").is_none(), "{transport}: {refused}");
        }
    });
    let recorded = std::fs::read_to_string(&record).expect("answers");
    assert_eq!(recorded.lines().count(), 3, "one record per transport");
}

// --- caps -----------------------------------------------------------------------------------

#[test]
fn an_endless_cursor_stops_at_the_page_cap() {
    each_transport(&["endless-cursor"], |transport, target| {
        let listing = scans(&target, &Options { page_cap: 5, ..options(20.0) });
        assert_eq!(names(&listing, Kind::Tool).len(), 5, "{transport}");
        assert_eq!(
            listing.warnings,
            ["tools/list stopped at the 5-page cap; later pages were not scanned"],
            "{transport}"
        );
    });
}

#[test]
fn the_default_page_cap_is_100() {
    let listing = scans(&stdio(&["endless-cursor"], &[]), &options(20.0));
    assert_eq!(names(&listing, Kind::Tool).len(), 100);
    assert_eq!(
        listing.warnings,
        ["tools/list stopped at the 100-page cap; later pages were not scanned"]
    );
}

#[test]
fn a_repeated_cursor_ends_the_listing() {
    let listing = scans(&stdio(&["repeat-cursor"], &[]), &options(20.0));
    assert_eq!(names(&listing, Kind::Tool), ["again", "again"]);
    assert_eq!(listing.warnings, ["tools/list repeated a cursor; the listing ends there"]);
}

#[test]
fn items_stop_at_the_item_cap() {
    let listing =
        scans(&stdio(&["endless-cursor"], &[]), &Options { item_cap: 3, ..options(20.0) });
    assert_eq!(names(&listing, Kind::Tool), ["tool_0", "tool_1", "tool_2"]);
    assert_eq!(
        listing.warnings,
        ["tools/list stopped at the 3-item cap; the rest was not scanned"]
    );
}

#[test]
fn a_50_mb_description_is_refused_not_read() {
    each_transport(&["huge-description"], |transport, target| {
        let error = fails_in_time(&target, &options(20.0));
        assert_eq!(
            error.to_string(),
            "server sent a message larger than 16 MiB, the most rune reads of one message",
            "{transport}"
        );
    });
}

// --- servers that do not answer -----------------------------------------------------------

/// A timeout after `seconds`, waiting for the reply to `method`.
fn timed_out(seconds: f64, method: &str) -> LiveError {
    LiveError::Timeout(Timeout {
        awaiting: Some(method.to_string()),
        ..Timeout::after(Duration::from_secs_f64(seconds))
    })
}

#[test]
fn a_server_that_never_initializes_times_out_and_its_whole_group_dies() {
    // The fixture starts a grandchild (`sleep`) in its process group: it must die too.
    let error = hostile_stdio("hang-init", &["hang-initialize"], &options(1.0));
    assert_eq!(error, timed_out(1.0, "initialize"));
    assert_eq!(
        error.to_string(),
        "server did not answer initialize (the handshake) within 1s (see --timeout)"
    );
}

#[test]
fn a_server_that_hangs_on_a_listing_times_out() {
    let error = hostile_stdio("hang-list", &["hang-listing"], &options(1.5));
    assert_eq!(error.to_string(), "server did not answer tools/list within 1.5s (see --timeout)");
    let server = HttpFixture::start(&["hang-listing"]);
    for target in [server.http(&[]), server.sse(&[])] {
        assert_eq!(fails_in_time(&target, &options(1.0)), timed_out(1.0, "tools/list"));
    }
}

#[test]
fn the_budget_covers_the_handshake() {
    let error = hostile_stdio("slow", &["slow", "3"], &options(1.0));
    assert_eq!(error, timed_out(1.0, "initialize"));
    scans(&stdio(&["slow", "0.2"], &[]), &options(10.0));
}

/// A package runner's first run downloads the server before it can answer: the timeout says
/// so. The `npx` here is a script that starts a fixture which never answers the handshake.
#[test]
#[cfg(unix)]
fn a_package_runner_that_times_out_is_told_about_the_first_run_download() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = Scratch::new("npx-timeout");
    let npx = scratch.file(
        "npx",
        format!(
            "#!/bin/sh\nexec '{}' '{}' stdio hang-initialize\n",
            python(),
            fixture_script().display()
        )
        .as_bytes(),
    );
    std::fs::set_permissions(&npx, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let target = Target::Stdio {
        command: npx.display().to_string(),
        args: vec!["-y".into(), "@example/server".into()],
        env: vec![],
        cwd: None,
    };
    let message = fails_in_time(&target, &options(1.0)).to_string();
    assert_eq!(
        message,
        "server did not answer initialize (the handshake) within 1s: npx downloads the package \
         on a first run, and the download counts against the budget; give it longer, e.g. \
         --timeout 120"
    );
}

#[test]
fn a_server_that_writes_text_instead_of_a_reply_times_out_quoting_it() {
    let error = hostile_stdio("garbage", &["garbage-stdout"], &options(1.0));
    assert_eq!(
        error.to_string(),
        "server did not answer initialize (the handshake) within 1s (see --timeout); the server \
         wrote 1 line to stdout that is not JSON-RPC, skipped as MCP clients skip them; the first: \
         'Server ready! Listening on stdio...'"
    );
}

#[test]
fn a_line_that_begins_like_json_but_does_not_parse_fails_at_once() {
    let error = hostile_stdio("broken-json", &["broken-json"], &options(10.0));
    let message = error.to_string();
    assert!(message.starts_with("server sent a message that is not JSON ("), "{message}");
    assert!(message.ends_with(", \"result\": {\"'"), "{message}");
}

#[test]
fn a_server_that_dies_mid_reply_says_so_with_its_stderr() {
    let error = hostile_stdio("exit-mid", &["exit-mid-reply"], &options(10.0));
    assert_eq!(
        error.to_string(),
        "server exited in the middle of a message (exit status 3); its stderr ends: \
         'fixture exit-mid-reply starting' 'fixture: crashing on purpose'"
    );
    let server = HttpFixture::start(&["exit-mid-reply"]);
    let http = fails_in_time(&server.http(&[]), &options(10.0)).to_string();
    assert!(
        http.starts_with(&format!("the connection to {} broke mid-reply: ", server.url("/mcp"))),
        "{http}"
    );
    let sse = fails_in_time(&server.sse(&[]), &options(10.0)).to_string();
    assert!(sse.starts_with("server sent a message that is not JSON ("), "{sse}");
}

#[test]
fn the_wrong_http_transport_names_the_right_flag() {
    let server = HttpFixture::start(&["clean"]);
    let legacy_as_http = Target::Http { url: server.url("/sse"), headers: vec![] };
    assert_eq!(
        fails_in_time(&legacy_as_http, &options(10.0)),
        LiveError::WrongTransport { status: 405, legacy: true }
    );
    let streamable_as_sse = Target::Sse { url: server.url("/mcp"), headers: vec![] };
    assert_eq!(
        fails_in_time(&streamable_as_sse, &options(10.0)),
        LiveError::WrongTransport { status: 405, legacy: false }
    );
}

#[test]
fn a_command_that_cannot_start_is_one_clear_error() {
    let target = Target::Stdio {
        command: "/nonexistent/mcp-server".into(),
        args: vec![],
        env: vec![],
        cwd: None,
    };
    assert_eq!(
        fails_in_time(&target, &options(5.0)).to_string(),
        "could not start '/nonexistent/mcp-server': No such file or directory"
    );
}

#[test]
fn an_endpoint_nobody_listens_on_is_one_clear_error() {
    let target = Target::Http { url: "http://127.0.0.1:1/mcp?token=t".into(), headers: vec![] };
    let message = fails_in_time(&target, &options(5.0)).to_string();
    assert!(message.starts_with("could not reach http://127.0.0.1:1/mcp: "), "{message}");
}

#[test]
fn a_bad_url_is_refused_before_any_network_use() {
    let target = Target::Sse { url: "ftp://example.com/sse".into(), headers: vec![] };
    assert_eq!(
        live::scan(&target, &options(5.0)).expect_err("refused"),
        LiveError::BadUrl("--sse only speaks http and https, got 'ftp'".into())
    );
}

// --- HTTP statuses, headers and redirects -------------------------------------------------

#[test]
fn http_statuses_say_what_to_fix() {
    let token = ("Authorization", "Bearer sk-live-secret-value");
    let server = HttpFixture::start(&["http-401"]);
    for target in [server.http(&[token]), server.sse(&[token])] {
        let error = fails_in_time(&target, &options(10.0));
        assert_eq!(
            error.to_string(),
            "server returned HTTP 401: the endpoint needs credentials (see --header)"
        );
    }
    let server = HttpFixture::start(&["http-404"]);
    assert_eq!(
        fails_in_time(&server.http(&[]), &options(10.0)).to_string(),
        "server returned HTTP 404: check the URL includes the MCP path (often /mcp)"
    );
    assert_eq!(
        fails_in_time(&server.sse(&[]), &options(10.0)).to_string(),
        "server returned HTTP 404: check the URL includes the MCP path (often /sse)"
    );
}

#[test]
fn headers_go_with_every_request() {
    let server = HttpFixture::start(&["require-header"]);
    let key = [("X-Api-Key", "key-123456789")];
    for target in [server.http(&key), server.sse(&key)] {
        assert_eq!(names(&scans(&target, &options(10.0)), Kind::Tool), ["get_weather"]);
    }
    assert_eq!(
        fails_in_time(&server.http(&[]), &options(10.0)),
        LiveError::Http { status: 401, legacy: false }
    );
}

#[test]
fn credentials_never_follow_a_redirect_to_another_origin() {
    let scratch = Scratch::new("redirect");
    let record = scratch.path("requests");
    let server = HttpFixture::start(&["redirect-cross-origin", common::text(&record)]);
    let second = server.second_port.expect("the second listener's port");
    let headers =
        [("Authorization", "Bearer sk-live-secret-value"), ("X-Api-Key", "key-123456789")];
    for target in [server.http(&headers), server.sse(&headers)] {
        let error = fails_in_time(&target, &options(10.0));
        assert_eq!(error, LiveError::ForeignOrigin(format!("http://127.0.0.1:{second}")));
        assert!(!error.to_string().contains("secret"));
        assert!(
            !record.exists(),
            "the other origin was contacted: {:?}",
            std::fs::read_to_string(&record)
        );
    }
    // Without headers there is nothing to protect: the redirect is followed, and the listener
    // (an honest server) shows it records every request that reaches it.
    let listing = scans(&server.http(&[]), &options(10.0));
    assert_eq!(names(&listing, Kind::Tool), ["get_weather"]);
    let seen = std::fs::read_to_string(&record).expect("requests recorded");
    assert!(seen.lines().all(|line| line == "authorization=- x-api-key=-"), "{seen}");
}

#[test]
fn a_redirect_loop_is_cut_short() {
    let server = HttpFixture::start(&["redirect-loop"]);
    for target in [server.http(&[]), server.sse(&[])] {
        assert_eq!(
            fails_in_time(&target, &options(10.0)).to_string(),
            "endpoint redirected more than 10 times; rune stopped following"
        );
    }
}

// --- the stdio environment ----------------------------------------------------------------

/// Run by [`the_child_environment_is_minimal`] in a copy of this test binary that has
/// GITHUB_TOKEN set; on its own it proves nothing.
#[test]
#[ignore = "run by the_child_environment_is_minimal, with GITHUB_TOKEN set"]
fn print_env_with_a_token_set() {
    assert!(std::env::var_os("GITHUB_TOKEN").is_some(), "GITHUB_TOKEN must be set for this test");
    let scratch = Scratch::new("print-env");
    let mut target = stdio(&["print-env"], &[("CONFIG_VALUE", "from-the-config")]);
    if let Target::Stdio { cwd, .. } = &mut target {
        *cwd = Some(scratch.0.clone());
    }
    let listing = scans(&target, &options(20.0));
    let info = listing.raw.get("serverInfo").expect("serverInfo");
    assert_eq!(info.get("githubToken"), Some(&Value::Bool(false)));
    let env: Vec<&str> = info
        .get("env")
        .and_then(Value::as_array)
        .expect("env names")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let allowed = [
        "HOME",
        "LOGNAME",
        "PATH",
        "SHELL",
        "TERM",
        "USER",
        "LANG",
        "CONFIG_VALUE",
        "RUNE_SERVER_TAG",
    ];
    // Python itself may add LC_CTYPE when coercing the C locale.
    let unexpected: Vec<&&str> =
        env.iter().filter(|name| !allowed.contains(name) && **name != "LC_CTYPE").collect();
    assert!(unexpected.is_empty(), "the server saw {unexpected:?}");
    assert!(env.contains(&"CONFIG_VALUE") && env.contains(&"PATH"), "{env:?}");
    let cwd = info.get("cwd").and_then(Value::as_str).expect("cwd");
    assert_eq!(Path::new(cwd).canonicalize().ok(), scratch.0.canonicalize().ok());
}

#[test]
fn the_child_environment_is_minimal() {
    let output = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--ignored", "--exact", "print_env_with_a_token_set", "--test-threads=1"])
        .env("GITHUB_TOKEN", "ghp_not_for_the_server")
        .output()
        .expect("the test binary runs");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}{}", String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("1 passed"), "{out}");
}

// --- the reference server -----------------------------------------------------------------

fn server_everything() -> PathBuf {
    let path = std::env::var_os("RUNE_SERVER_EVERYTHING").map(PathBuf::from).unwrap_or_else(|| {
        root()
            .join("target/tools/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
    });
    assert!(
        path.is_file(),
        "@modelcontextprotocol/server-everything is not installed at {}: run scripts/test.sh, \
         or `npm install --prefix target/tools @modelcontextprotocol/server-everything@{SERVER_EVERYTHING}`, \
         or point RUNE_SERVER_EVERYTHING at its dist/index.js",
        path.display()
    );
    path
}

/// A port nothing listens on right now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// server-everything over HTTP (`sse` or `streamableHttp`), killed when dropped.
struct NodeServer(Child, u16);

impl NodeServer {
    fn start(transport: &str) -> NodeServer {
        let port = free_port();
        let child = Command::new("node")
            .arg(server_everything())
            .arg(transport)
            .env("PORT", port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("node runs server-everything");
        let server = NodeServer(child, port);
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "server-everything did not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }
}

impl Drop for NodeServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn assert_everything(listing: &Listing, transport: &str) {
    let tools = names(listing, Kind::Tool);
    assert!(tools.iter().any(|name| name == "echo"), "{transport}: {tools:?}");
    assert!(!names(listing, Kind::Prompt).is_empty(), "{transport}: no prompts");
    assert!(!names(listing, Kind::Resource).is_empty(), "{transport}: no resources");
    assert_eq!(names(listing, Kind::Server).len(), 1, "{transport}: no server entity");
    assert!(listing.warnings.is_empty(), "{transport}: {:?}", listing.warnings);
    let reread = manifest::read_document(listing.raw.clone()).expect("a manifest");
    assert!(same_entities(&reread, &listing.entities), "{transport}");
}

#[test]
fn server_everything_over_every_transport() {
    let index = server_everything();
    let target = Target::Stdio {
        command: "node".into(),
        args: vec![index.display().to_string(), "stdio".into()],
        env: vec![],
        cwd: None,
    };
    let over_stdio = scans(&target, &options(30.0));
    assert_everything(&over_stdio, "stdio");

    let server = NodeServer::start("streamableHttp");
    let url = format!("http://127.0.0.1:{}/mcp", server.1);
    let over_http = scans(&Target::Http { url, headers: vec![] }, &options(30.0));
    assert_everything(&over_http, "Streamable HTTP");

    let server = NodeServer::start("sse");
    let url = format!("http://127.0.0.1:{}/sse", server.1);
    let over_sse = scans(&Target::Sse { url, headers: vec![] }, &options(30.0));
    assert_everything(&over_sse, "SSE");

    assert_eq!(names(&over_http, Kind::Tool), names(&over_stdio, Kind::Tool));
    assert_eq!(names(&over_sse, Kind::Tool), names(&over_stdio, Kind::Tool));
}
