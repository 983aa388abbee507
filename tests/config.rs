//! `rune --config`: every server of a client config, each one's problem its own.

mod common;

use common::*;

/// A stdio entry launching the fixture server in `mode`.
fn fixture(mode: &[&str]) -> String {
    let mut args = vec![fixture_script().display().to_string(), "stdio".into()];
    args.extend(mode.iter().map(|arg| arg.to_string()));
    let args: Vec<String> = args.iter().map(|arg| format!("{arg:?}")).collect();
    format!("{{\"command\": {:?}, \"args\": [{}]}}", python(), args.join(", "))
}

fn config(scratch: &Scratch, entries: &[(&str, String)]) -> String {
    let body: Vec<String> =
        entries.iter().map(|(name, entry)| format!("    {name:?}: {entry}")).collect();
    let text = format!(
        "{{\n  // a comment, as editors allow\n  \"mcpServers\": {{\n{}\n  }}\n}}\n",
        body.join(",\n")
    );
    scratch.file("mcp.json", text.as_bytes()).display().to_string()
}

#[test]
fn every_server_gets_a_section_and_a_broken_one_makes_the_run_incomplete() {
    let scratch = Scratch::new("config-mixed");
    let path = config(
        &scratch,
        &[
            ("weather", fixture(&["clean"])),
            ("notes", fixture(&["poisoned"])),
            ("broken", "{\"command\": \"\"}".into()),
            ("old-notes", format!("{{\"disabled\": true, {}", &fixture(&["clean"])[1..])),
        ],
    );
    let output = run(&["--config", &path]);
    let out = stdout(&output);
    assert_eq!(
        output.status.code(),
        Some(2),
        "a server that could not be read leaves no verdict\n{out}"
    );
    // Both fixtures expose get_weather: a generic name shared across servers is low, below the gate.
    assert!(out.starts_with("=== weather (stdio) ===\ntool get_weather  risk 5/100  [LOW]\n  [LOW] name-collision  name (offset 0)\n"), "{out}");
    assert!(out.contains("=== notes (stdio) ===\ntool sync_notes  risk 95/100  [HIGH]\n"), "{out}");
    assert!(
        out.contains(
            "=== broken (unreadable) ===\n  not scanned: \"command\" must be a non-empty string\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("=== old-notes (stdio) ===\n  not scanned: disabled in the config\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("2 of 4 server(s) in {path} scanned, 1 failed, 1 disabled.\n")),
        "{out}"
    );
    let err = stderr(&output);
    assert!(err.contains("rune: 2 of 4 server(s) were not scanned:\n  broken: \"command\" must be a non-empty string\n  old-notes: disabled in the config\n"), "{err}");

    // The roll call in JSON, and SARIF marks the run unsuccessful.
    let json = stdout(&run(&["--config", &path, "--json"]));
    assert!(json.contains("\"name\": \"broken\",\n      \"transport\": \"unreadable\",\n      \"status\": \"failed\""), "{json}");
    assert!(json.contains("\"source\": \"notes\""), "{json}");
    let sarif = stdout(&run(&["--config", &path, "--sarif"]));
    assert!(sarif.contains("\"executionSuccessful\": false"), "{sarif}");
    assert!(sarif.contains("server broken was not scanned"), "{sarif}");
    assert!(sarif.contains("\"text\": \"notes / tool sync_notes:"), "{sarif}");

    // Narrowed to the servers that work: a verdict again.
    let output = run(&["--config", &path, "--server", "weather", "--server", "notes"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("2 of 2 server(s)"));
    assert_refused(&run(&["--config", &path, "--server", "nope"]), "no server named 'nope'");
}

#[test]
fn the_same_tool_on_two_servers_is_a_collision_held_apart_in_the_baseline() {
    let scratch = Scratch::new("config-collision");
    let path = config(&scratch, &[("one", fixture(&["clean"])), ("two", fixture(&["clean"]))]);
    let output = run(&["--config", &path]);
    let out = stdout(&output);
    assert!(out.contains("server 'two' also exposes a tool with this name"), "{out}");
    let baseline = scratch.path("baseline.json");
    assert_eq!(
        run(&["--config", &path, "--write-baseline", text(&baseline)]).status.code(),
        Some(0)
    );
    let written = std::fs::read_to_string(&baseline).expect("baseline");
    assert!(
        written.contains("\"source\": \"one\"") && written.contains("\"source\": \"two\""),
        "{written}"
    );
    assert_eq!(run(&["--config", &path, "--baseline", text(&baseline)]).status.code(), Some(0));
}

#[test]
fn one_pin_covers_the_config_and_catches_a_rug_pull() {
    let scratch = Scratch::new("config-pin");
    let state = scratch.path("state");
    let path = config(
        &scratch,
        &[("weather", fixture(&["clean"])), ("notes", fixture(&["rugpull", text(&state)]))],
    );
    let pin = scratch.path("pin.json");
    let output = run(&["--config", &path, "--write-pin", text(&pin)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = run(&["--config", &path, "--pin", text(&pin)]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("rune: 1 pinned entity(s) no longer match the pin:\n  notes: tool "),
        "{err}"
    );

    // Narrowed with --server: the other server is unchecked, not removed.
    let output = run(&["--config", &path, "--server", "weather", "--pin", text(&pin)]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains("rune: the pin also covers 1 server(s) this run did not scan: notes"),
        "{err}"
    );
}

#[test]
fn writing_refuses_when_a_covered_server_did_not_answer() {
    let scratch = Scratch::new("config-write-refused");
    let path = config(
        &scratch,
        &[("weather", fixture(&["clean"])), ("down", fixture(&["exit-mid-reply"]))],
    );
    let pin = scratch.path("pin.json");
    let output = run(&["--config", &path, "--write-pin", text(&pin)]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--write-pin needs every server it covers to answer"));
    assert!(!pin.exists());
}

#[test]
fn placeholders_and_credentials_never_leak() {
    let scratch = Scratch::new("config-secrets");
    let entry = r#"{"url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": "Bearer s3cr3t-token-value"}}"#
        .to_string();
    let path = config(
        &scratch,
        &[("remote", entry), ("needs-input", "{\"url\": \"${input:api_url}\"}".into())],
    );
    let output = run(&["--config", &path, "--json", "--timeout", "3"]);
    let all = format!("{}{}", stdout(&output), stderr(&output));
    assert!(!all.contains("s3cr3t-token-value"), "{all}");
    assert!(all.contains("${input:api_url}"), "{all}");
    assert_eq!(output.status.code(), Some(2));
}

/// A credential that reaches a server's command, arguments, working folder or URL through a
/// placeholder, or sits in a URL's user information or query, is redacted from every output:
/// stdout, stderr, and the JSON, SARIF and Markdown files.
#[test]
fn a_placeholder_credential_in_any_field_never_leaks() {
    let scratch = Scratch::new("config-placeholder-secrets");
    let secret = "plc-4f9a81c2d7e3b6a5";
    let entries = [
        ("in-command", r#"{"command": "/no/such/${env:RUNE_TEST_SECRET}/server"}"#),
        ("in-args", r#"{"command": "/no/such/server", "args": ["--token=${RUNE_TEST_SECRET}"]}"#),
        ("in-cwd", r#"{"command": "/no/such/server", "cwd": "/no/such/${RUNE_TEST_SECRET}"}"#),
        ("in-url-path", r#"{"url": "http://127.0.0.1:9/${env:RUNE_TEST_SECRET}/mcp"}"#),
        ("in-url-userinfo", r#"{"url": "ftp://deploy:userinfo-9c1e7d2b@127.0.0.1:9/mcp"}"#),
        ("in-url-query", r#"{"url": "gopher://127.0.0.1:9/mcp?key=query-5b8e2a6f1c"}"#),
    ];
    let entries: Vec<(&str, String)> =
        entries.iter().map(|(name, entry)| (*name, entry.to_string())).collect();
    let path = config(&scratch, &entries);
    let (json, sarif, markdown) =
        (scratch.path("r.json"), scratch.path("r.sarif"), scratch.path("r.md"));
    let output = rune()
        .env("RUNE_TEST_SECRET", secret)
        .args(["--config", &path, "--timeout", "3"])
        .args(["--output-json", text(&json), "--output-sarif", text(&sarif)])
        .args(["--output-markdown", text(&markdown)])
        .output()
        .expect("rune runs");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let mut all = format!("{}{}", stdout(&output), stderr(&output));
    for file in [&json, &sarif, &markdown] {
        all.push_str(&std::fs::read_to_string(file).expect("output written"));
    }
    for leaked in [secret, "userinfo-9c1e7d2b", "query-5b8e2a6f1c"] {
        assert!(!all.contains(leaked), "{leaked} leaked:\n{all}");
    }
    // Each server still failed with its own line, the credential masked within it.
    assert!(all.contains("could not start '/no/such/<redacted>/server'"), "{all}");
    assert!(all.matches("<redacted>").count() >= 6, "{all}");
}

#[test]
fn a_live_snapshot_scans_offline_to_the_same_findings() {
    let scratch = Scratch::new("snapshot");
    let snapshot = scratch.path("notes.json");
    let script = fixture_script().display().to_string();
    let live = run(&[
        "--write-manifest",
        text(&snapshot),
        "--stdio",
        python(),
        &script,
        "stdio",
        "poisoned",
    ]);
    assert_eq!(live.status.code(), Some(1));
    let offline = run(&[text(&snapshot)]);
    assert_eq!(stdout(&offline), stdout(&live));

    let folder = scratch.path("servers");
    let path =
        config(&scratch, &[("notes", fixture(&["poisoned"])), ("weather", fixture(&["clean"]))]);
    run(&["--config", &path, "--write-manifest", text(&folder)]);
    let notes = stdout(&run(&[text(&folder.join("notes.json"))]));
    assert!(notes.starts_with("tool sync_notes  risk 95/100  [HIGH]"), "{notes}");
    assert!(folder.join("weather.json").exists());
}

#[test]
fn source_flags_are_exclusive_and_scoped() {
    assert_refused(&run(&["examples/tools.json", "--config", "x.json"]), "give exactly one of");
    assert!(stderr(&run(&[])).starts_with("rune: nothing to scan: "));
    assert_refused(
        &run(&["examples/tools.json", "--header", "A: b"]),
        "--header only applies to --http or --sse",
    );
    assert_refused(
        &run(&["examples/tools.json", "--server", "a"]),
        "--server only applies to --config",
    );
    assert_refused(&run(&["examples/tools.json", "--timeout", "3"]), "--timeout only applies");
    assert_refused(
        &run(&["--http", "http://127.0.0.1:9/mcp", "--header", "novalue"]),
        "bad --header, expected \"Name: value\"",
    );
    assert_refused(&run(&["--http", "ftp://example.com/mcp"]), "--http only speaks http and https");
    assert_refused(&run(&["--config", "no/such.json"]), "no such config: no/such.json");
    let output = run(&["--stdio", "x", "--timeout", "0"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["--timeout", "0", "--stdio", "x"]);
    assert!(
        stderr(&output).contains("'0' is not a positive number of seconds"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_server_that_will_not_start_is_one_clear_line() {
    let output = run(&["--timeout", "5", "--stdio", "/no/such/server-binary"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("rune: live scan of '/no/such/server-binary' failed: "), "{err}");
}

/// A flag typed after `--stdio CMD` is the server's: when the server then breaks off, the
/// error says where rune's flags go.
#[test]
fn a_rune_flag_given_to_the_server_is_pointed_out() {
    let script = fixture_script().display().to_string();
    let output =
        run(&["--stdio", python(), &script, "stdio", "broken-json", "--json", "--fail-on=high"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("server sent a message that is not JSON"), "{err}");
    assert!(
        err.ends_with(
            "; --json, --fail-on after --stdio went to the server, not to rune: put rune's flags \
             before --stdio\n"
        ),
        "{err}"
    );
    // Without a rune flag among them, the server's own arguments are no one's business.
    let output = run(&["--stdio", python(), &script, "stdio", "garbage-stdout"]);
    assert!(!stderr(&output).contains("--stdio went to the server"), "{}", stderr(&output));
}

#[test]
fn write_manifest_creates_the_folders_it_needs() {
    let scratch = Scratch::new("snapshot-folders");
    let script = fixture_script().display().to_string();
    let snapshot = scratch.path("snapshots/live/notes.json");
    let live =
        run(&["--write-manifest", text(&snapshot), "--stdio", python(), &script, "stdio", "clean"]);
    assert_eq!(live.status.code(), Some(0), "{}", stderr(&live));
    assert_eq!(stdout(&run(&[text(&snapshot)])), stdout(&live));

    let folder = scratch.path("deep/servers");
    let path = config(&scratch, &[("weather", fixture(&["clean"]))]);
    let output = run(&["--config", &path, "--write-manifest", text(&folder)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(folder.join("weather.json").exists());
}

#[test]
fn quiet_leaves_out_servers_with_nothing_to_report() {
    let scratch = Scratch::new("config-quiet");
    let path = config(
        &scratch,
        &[
            ("weather", fixture(&["clean"])),
            ("notes", fixture(&["notes"])),
            ("broken", "{\"command\": \"\"}".into()),
        ],
    );
    let output = run(&["--config", &path, "--quiet"]);
    let out = stdout(&output);
    assert!(!out.contains("weather"), "{out}");
    assert!(
        out.starts_with("=== notes (stdio) ===\ntool sync_notes  risk 95/100  [HIGH]\n"),
        "{out}"
    );
    assert!(!out.contains("prompt summarize"), "{out}");
    assert!(out.contains("=== broken (unreadable) ===\n  not scanned: "), "{out}");
    assert!(out.contains(&format!("2 of 3 server(s) in {path} scanned, 1 failed.\n")), "{out}");
    assert_eq!(output.status.code(), Some(2));
}

/// `[2/3] scanning b` on a terminal (here a pseudo-terminal Python opens), when servers wait
/// their turn; never in a log.
#[test]
#[cfg(unix)]
fn progress_shows_on_a_terminal_only() {
    let scratch = Scratch::new("config-progress");
    let entries: Vec<(&str, String)> =
        ["a", "b", "c"].into_iter().map(|name| (name, fixture(&["clean"]))).collect();
    let path = config(&scratch, &entries);
    let args = ["--config", path.as_str(), "--jobs", "1"];
    let piped = run(&args);
    assert_eq!(piped.status.code(), Some(0), "{}", stderr(&piped));
    assert!(!stderr(&piped).contains("scanning"), "{}", stderr(&piped));

    let terminal = std::process::Command::new(python())
        .args(["-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"])
        .arg(env!("CARGO_BIN_EXE_rune"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("python3 opens a pseudo-terminal");
    let seen = String::from_utf8_lossy(&terminal.stdout);
    for line in ["[1/3] scanning a\r\n", "[2/3] scanning b\r\n", "[3/3] scanning c\r\n"] {
        assert!(seen.contains(line), "{line:?} missing from {seen:?}");
    }
    assert_eq!(terminal.status.code(), Some(0), "{seen}");
}

/// A credential too long to quote whole is clipped in a failure line; what the clip leaves of
/// it is redacted all the same, and redacting a value this long is quick.
#[test]
fn a_long_placeholder_credential_cut_by_a_clip_never_leaks() {
    let scratch = Scratch::new("config-long-secret");
    let secret = format!("long-{}", "q".repeat(40_000));
    let entries = [("long", r#"{"command": "/no/such/${env:RUNE_TEST_LONG}/server"}"#.to_string())];
    let path = config(&scratch, &entries);
    let output = rune()
        .env("RUNE_TEST_LONG", &secret)
        .args(["--config", &path, "--timeout", "3"])
        .output()
        .expect("rune runs");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let all = format!("{}{}", stdout(&output), stderr(&output));
    assert!(!all.contains("long-qqqq"), "the secret's opening leaked:\n{all}");
    assert!(all.contains("could not start '/no/such/<redacted>...'"), "{all}");
}
