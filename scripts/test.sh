#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what the tests need, then runs them.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=target/tools
mkdir -p "$tools"

# The SARIF validator (GitHub's ingestion rules): tests/sarif.rs runs it on rune's output.
multitool="$tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$multitool" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --silent @microsoft/sarif-multitool@5.7.0
  # npm no longer runs the package's install script that marks the binary executable.
  chmod u+x "$multitool"
fi
export RUNE_SARIF_MULTITOOL="$PWD/$multitool"

# The reference MCP server: tests/live.rs scans it over stdio, Streamable HTTP and SSE.
everything="$tools/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
if [ ! -f "$everything" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --silent --save-exact \
    @modelcontextprotocol/server-everything@2026.8.31
fi
export RUNE_SERVER_EVERYTHING="$PWD/$everything"

# Real MCP servers from npm and PyPI: tests/real_servers.rs audits them all through one config.
real_npm=(
  @modelcontextprotocol/server-filesystem@2026.8.31
  @modelcontextprotocol/server-memory@2026.8.31
  @modelcontextprotocol/server-sequential-thinking@2026.8.31
  @modelcontextprotocol/server-github@2025.4.8
  @modelcontextprotocol/server-brave-search@0.6.2
  @modelcontextprotocol/server-slack@2025.4.25
  @modelcontextprotocol/server-gitlab@2025.4.25
  @modelcontextprotocol/server-google-maps@0.6.2
  @upstash/context7-mcp@4.1.1
  tavily-mcp@0.2.22
  exa-mcp-server@3.4.1
  # Prints a banner on stdout before its JSON-RPC traffic, as some servers do.
  mcp-server-code-runner@0.1.8
)
if [ ! -x "$tools/node_modules/.bin/mcp-server-code-runner" ]; then
  npm install --prefix "$tools" --no-audit --no-fund --silent --save-exact "${real_npm[@]}"
fi
if [ ! -x "$tools/venv/bin/mcp-server-git" ]; then
  python3 -m venv "$tools/venv"
  "$tools/venv/bin/pip" install --quiet --disable-pip-version-check \
    mcp-server-time==2026.10.19 mcp-server-fetch==2026.10.24 mcp-server-git==2026.10.19
fi
export RUNE_TOOLS="$PWD/$tools"

# Unit tests, integration tests that drive the built binaries, and one pass of every bench.
cargo test --all-targets --no-fail-fast
