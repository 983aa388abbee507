//! `rune --config` over real MCP servers from npm and PyPI: every one opens, and honest
//! metadata scans without a finding that fails the gate.

mod common;

use common::*;
use std::path::PathBuf;

/// Where scripts/test.sh installed the servers. Missing is a failure, never a skip.
fn tools() -> PathBuf {
    let tools = std::env::var_os("RUNE_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/tools"));
    assert!(
        tools.join("node_modules/.bin/mcp-server-code-runner").exists()
            && tools.join("venv/bin/mcp-server-git").exists(),
        "the real MCP servers are not installed under {}: run scripts/test.sh",
        tools.display()
    );
    tools
}

#[test]
fn a_config_of_sixteen_real_servers_scans_every_one_clean() {
    let tools = tools();
    let output = rune()
        .env("RUNE_TOOLS", &tools)
        .args([
            "--config",
            "tests/fixtures/real-servers.mcp.json",
            "--jobs",
            "4",
            "--timeout",
            "60",
            "--json",
        ])
        .output()
        .expect("rune runs");
    let json = stdout(&output);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}\n{json}");
    assert!(json.contains("\"sources\": 16,\n    \"sourcesScanned\": 16"), "{err}\n{json}");
    // Its banner on stdout is skipped, as MCP clients skip it, and said so.
    assert!(
        err.contains(
            "rune: warning: code-runner: server wrote 1 line to stdout that is not JSON-RPC, \
             skipped as MCP clients skip them; the first: 'Code Runner MCP Server running on stdio'"
        ),
        "{err}"
    );
    for severity in ["\"severity\": \"high\"", "\"severity\": \"medium\""] {
        assert!(!json.contains(severity), "a real server tripped the gate:\n{json}");
    }
}
