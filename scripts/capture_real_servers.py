#!/usr/bin/env python3
"""Capture what real, published MCP servers advertise, as benign corpus data.

Purpose
-------
rune's false-positive gate needs evidence that honest servers scan clean.  This
script installs a fixed list of popular MCP servers from npm and PyPI (each
pinned to an exact version), launches each one over stdio, speaks just enough
MCP JSON-RPC to list what it advertises, and writes one corpus file per server
to ``corpus/real-world/<name>.json``.

What it does, per server
------------------------
1. Installs the pinned package into a scratch prefix under ``--work``
   (npm: ``npm install --prefix DIR pkg@ver``; PyPI: a venv per server and
   ``pip install pkg==ver``).  Dependencies are resolved as the registries
   stood at ``RESOLVE_BEFORE`` (npm ``--before``; pip ``--uploaded-prior-to``,
   after upgrading the venv's pip to a version that has it), so a later run
   installs the same tree.  Finished installs are reused on later runs (a
   ``.installed`` marker is written last); ``--fresh`` reinstalls.
2. Launches the server's stdio command in its own process group and in a
   fresh network namespace with no network at all (``unshare --net``; the run
   is refused if that is impossible, unless ``--allow-network``), so no
   server can send traffic anywhere while it is listed.  The environment is
   minimal: PATH, a scratch HOME and TMPDIR, LANG, plus dummy placeholder
   values for servers that insist on a token variable merely to start.  No
   real credentials are ever used or read.
3. Speaks newline-delimited JSON-RPC 2.0 on stdin/stdout (no SDK):
   ``initialize`` (protocolVersion 2025-06-18, empty client capabilities),
   the ``notifications/initialized`` notification, ``tools/list``, and -- only
   when the initialize result's capabilities advertise them -- ``prompts/list``,
   ``resources/list`` and ``resources/templates/list``.  ``nextCursor`` is
   followed for up to 20 pages.  A server that advertises prompts or
   resources but answers ``prompts/list`` or ``resources/list`` with
   "Method not found" (-32601) gets no such key; one that advertises
   resources but answers ``resources/templates/list`` with an error gets no
   ``resourceTemplates`` key.  Lines on stdout that are not JSON (a banner
   some servers print before speaking JSON-RPC) are skipped, as the reference
   SDK clients do.  Requests from the server are answered
   (``ping`` -> {}, ``roots/list`` -> no roots, anything else -> method not
   found).  It NEVER calls a tool, gets a prompt or reads a resource.
4. Kills the whole process group.  Each server has a 60 s budget for launch
   plus listing.

Output
------
One file per server, 2-space indented JSON, ASCII-only (``ensure_ascii``),
trailing newline, keys in a fixed order::

    {"category": "real-world",
     "cases": [{"id": "real-world/<name>", "label": "benign",
                "provenance": {"source": "npm:<pkg>@<ver>" | "pypi:<pkg>==<ver>",
                               "license": "...", "captured": "YYYY-MM-DD"},
                "manifest": {"serverInfo": ..., "instructions": ... (if non-empty),
                             "tools": [...], "prompts": [...] (if advertised),
                             "resources": [...] (if advertised),
                             "resourceTemplates": [...] (if advertised)}}]}

Every item is kept exactly as the server sent it.  The output is
deterministic: if a file already exists and its source and manifest are
unchanged, its ``captured`` date is kept, so a re-run produces no diff unless
a server's advertised metadata changed.  ``--date`` forces a date.

The license is read from the installed package: npm ``package.json``
``license`` (verbatim, e.g. "SEE LICENSE IN LICENSE"); PyPI
``License-Expression``, else ``License``, else a ``License ::`` classifier,
else the first line of a shipped license file ("... (license file)"), else
"UNKNOWN".

Usage
-----
    python3 scripts/capture_real_servers.py                 # all servers
    python3 scripts/capture_real_servers.py --only mcp-server-time
    python3 scripts/capture_real_servers.py --out /tmp/corpus --work /tmp/w
    python3 scripts/capture_real_servers.py --list

Needs Node 20+/npm, Python 3.11 with venv (and Python 3.12 for the few
servers marked ``python="3.12"``), util-linux ``unshare`` (run as
root, or with unprivileged user namespaces), and network access to the npm
registry and PyPI only, for the installs.  Exit status is 1 if any selected
server failed.  ``SKIPPED`` below records servers that were tried and left
out, and why.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

PROTOCOL_VERSION = "2025-06-18"
CLIENT_INFO = {"name": "rune-capture", "version": "0.1.0"}
TIMEOUT_S = 60.0
MAX_PAGES = 20
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "corpus" / "real-world"
DEFAULT_WORK = Path(tempfile.gettempdir()) / "rune-capture-work"
# Dependencies are resolved as the registries stood at this moment (npm
# --before, pip --uploaded-prior-to), so a re-run installs the same tree.
RESOLVE_BEFORE = "2026-11-30T00:00:00Z"
PIP_VERSION = "pip==26.3"

# Environment for installs: never let a postinstall step fetch a browser.
INSTALL_ENV = {
    "PUPPETEER_SKIP_DOWNLOAD": "1",
    "PUPPETEER_SKIP_CHROMIUM_DOWNLOAD": "1",
    "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    "npm_config_audit": "false",
    "npm_config_fund": "false",
    "npm_config_update_notifier": "false",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
}

# A placeholder for servers that refuse to start without a token variable but
# list their tools without using it.  It is not a credential.
DUMMY = "rune-capture-placeholder-not-a-real-token"

# A kubeconfig naming an unreachable placeholder cluster, for Kubernetes
# servers that refuse to start without a current context.
KUBECONFIG = f"""apiVersion: v1
kind: Config
clusters:
- name: placeholder
  cluster:
    server: https://127.0.0.1:6443
    insecure-skip-tls-verify: true
contexts:
- name: placeholder
  context:
    cluster: placeholder
    user: placeholder
current-context: placeholder
users:
- name: placeholder
  user:
    token: {DUMMY}
"""

# Placeholder AWS settings for awslabs servers that build boto3 clients at
# startup (no request is sent while listing).  Not credentials.
AWS_ENV = {"AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "AKIAPLACEHOLDER00000",
           "AWS_SECRET_ACCESS_KEY": DUMMY}


@dataclass(frozen=True)
class Server:
    """One server to capture.

    ``command`` is the stdio launch command.  Its strings may use these
    placeholders: ``{bin}`` (the install's executable directory: npm
    ``node_modules/.bin`` or the venv's ``bin``), ``{scratch}`` (an empty
    directory made fresh for this launch, at a fixed path under --work) and
    ``{home}`` (the launch's HOME, inside ``{scratch}``).  ``env`` values may
    use the same placeholders.  ``files`` maps a path relative to ``{scratch}``
    to text written there before launch (placeholders substituted), for a
    server that will not start without a config file (e.g. a kubeconfig naming
    an unreachable cluster); nothing in them is a credential.
    """

    name: str
    ecosystem: str  # "npm" | "pypi"
    package: str
    version: str
    command: tuple[str, ...]
    env: dict[str, str] = field(default_factory=dict)
    note: str = ""
    # Extra requirement specifiers installed alongside a PyPI package, for a
    # server whose own dependency ranges admit a release that breaks it.
    extra_requirements: tuple[str, ...] = ()
    # Extra arguments to ``npm install`` (e.g. ``--ignore-scripts`` for a
    # package whose own install script cannot run here).
    install_args: tuple[str, ...] = ()
    files: dict[str, str] = field(default_factory=dict)
    # The Python minor version for a PyPI server's venv, for a package that
    # requires a newer Python than the one running this script.
    python: str | None = None

    @property
    def source(self) -> str:
        if self.ecosystem == "npm":
            return f"npm:{self.package}@{self.version}"
        return f"pypi:{self.package}=={self.version}"


def _npm(name, package, version, binary, *args, env=None, note="", install_args=(),
         files=None):
    return Server(name, "npm", package, version, ("{bin}/" + binary, *args), dict(env or {}),
                  note, install_args=tuple(install_args), files=dict(files or {}))


def _pypi(name, package, version, binary, *args, env=None, note="", extra=(), files=None,
          python=None):
    return Server(name, "pypi", package, version, ("{bin}/" + binary, *args), dict(env or {}),
                  note, tuple(extra), files=dict(files or {}), python=python)


SERVERS: list[Server] = [
    # --- npm ---------------------------------------------------------------
    _npm("server-everything", "@modelcontextprotocol/server-everything", "2026.8.31",
         "mcp-server-everything", "stdio"),
    _npm("server-filesystem", "@modelcontextprotocol/server-filesystem", "2026.8.31",
         "mcp-server-filesystem", "{scratch}/root", note="allowed directory: an empty scratch dir"),
    _npm("server-memory", "@modelcontextprotocol/server-memory", "2026.8.31",
         "mcp-server-memory", env={"MEMORY_FILE_PATH": "{scratch}/memory.jsonl"}),
    _npm("server-sequential-thinking", "@modelcontextprotocol/server-sequential-thinking",
         "2026.8.31", "mcp-server-sequential-thinking"),
    _npm("server-github", "@modelcontextprotocol/server-github", "2025.4.8",
         "mcp-server-github", env={"GITHUB_PERSONAL_ACCESS_TOKEN": DUMMY},
         note="deprecated upstream; still lists tools"),
    _npm("server-puppeteer", "@modelcontextprotocol/server-puppeteer", "2025.5.12",
         "mcp-server-puppeteer", note="no browser needed to list"),
    _npm("server-brave-search", "@modelcontextprotocol/server-brave-search", "0.6.2",
         "mcp-server-brave-search", env={"BRAVE_API_KEY": DUMMY}),
    _npm("server-slack", "@modelcontextprotocol/server-slack", "2025.4.25",
         "mcp-server-slack", env={"SLACK_BOT_TOKEN": DUMMY, "SLACK_TEAM_ID": "T00000000"}),
    _npm("server-gitlab", "@modelcontextprotocol/server-gitlab", "2025.4.25",
         "mcp-server-gitlab", env={"GITLAB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    _npm("server-google-maps", "@modelcontextprotocol/server-google-maps", "0.6.2",
         "mcp-server-google-maps", env={"GOOGLE_MAPS_API_KEY": DUMMY}),
    _npm("playwright-mcp", "@playwright/mcp", "0.0.83", "playwright-mcp",
         note="no browser needed to list"),
    _npm("context7-mcp", "@upstash/context7-mcp", "4.1.1", "context7-mcp"),
    _npm("firecrawl-mcp", "firecrawl-mcp", "3.26.0", "firecrawl-mcp",
         env={"FIRECRAWL_API_KEY": DUMMY}),
    _npm("notion-mcp-server", "@notionhq/notion-mcp-server", "2.5.2", "notion-mcp-server",
         env={"NOTION_TOKEN": DUMMY}),
    _npm("mcp-server-kubernetes", "mcp-server-kubernetes", "4.1.7", "mcp-server-kubernetes"),
    _npm("tavily-mcp", "tavily-mcp", "0.2.22", "tavily-mcp", env={"TAVILY_API_KEY": DUMMY}),
    _npm("exa-mcp-server", "exa-mcp-server", "3.4.1", "exa-mcp-server",
         env={"EXA_API_KEY": DUMMY}),
    _npm("sentry-mcp", "@sentry/mcp-server", "0.39.0", "sentry-mcp",
         env={"SENTRY_ACCESS_TOKEN": DUMMY}),
    # Browser automation
    _npm("chrome-devtools-mcp", "chrome-devtools-mcp", "1.11.0", "chrome-devtools-mcp",
         env={"CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS": "1"},
         note="no browser needed to list"),
    _npm("playwright-mcp-server", "@executeautomation/playwright-mcp-server", "1.0.12",
         "playwright-mcp-server", note="no browser needed to list"),
    _npm("browserbase-mcp", "@browserbasehq/mcp-server-browserbase", "2.4.3",
         "mcp-server-browserbase",
         env={"BROWSERBASE_API_KEY": DUMMY, "BROWSERBASE_PROJECT_ID": DUMMY,
              "GEMINI_API_KEY": DUMMY}),
    # Code execution, terminals
    _npm("mcp-server-code-runner", "mcp-server-code-runner", "0.1.8", "mcp-server-code-runner",
         note="prints a banner line on stdout before JSON-RPC"),
    _npm("desktop-commander", "@wonderwhy-er/desktop-commander", "0.2.52", "desktop-commander"),
    # Cloud providers
    _npm("azure-mcp", "@azure/mcp", "2.0.5", "azmcp", "server", "start",
         env={"AZURE_MCP_COLLECT_TELEMETRY": "false"}),
    _npm("cloudflare-mcp", "@cloudflare/mcp-server-cloudflare", "0.2.0",
         "mcp-server-cloudflare", "run", "00000000000000000000000000000000",
         env={"CLOUDFLARE_API_TOKEN": DUMMY}),
    _npm("cloud-run-mcp", "@google-cloud/cloud-run-mcp", "1.10.0", "cloud-run-mcp"),
    _npm("gcp-observability-mcp", "@google-cloud/observability-mcp", "0.2.3",
         "observability-mcp"),
    # Containers, Kubernetes
    _npm("mcp-server-docker", "mcp-server-docker", "1.0.0", "mcp-server-docker"),
    _npm("kubernetes-mcp-server", "kubernetes-mcp-server", "0.0.67", "kubernetes-mcp-server",
         "--kubeconfig", "{scratch}/kubeconfig", files={"kubeconfig": KUBECONFIG},
         note="a kubeconfig naming an unreachable placeholder cluster"),
    # Databases
    _npm("mongodb-mcp-server", "mongodb-mcp-server", "3.0.4", "mongodb-mcp-server",
         env={"MDB_MCP_TELEMETRY": "disabled"}),
    _npm("elasticsearch-mcp", "@elastic/mcp-server-elasticsearch", "0.3.1",
         "mcp-server-elasticsearch",
         env={"ES_URL": "http://127.0.0.1:9200", "ES_API_KEY": DUMMY}),
    _npm("pinecone-mcp", "@pinecone-database/mcp", "0.3.0", "pinecone-mcp",
         env={"PINECONE_API_KEY": DUMMY}),
    # Vendors
    _npm("hubspot-mcp", "@hubspot/mcp-server", "0.4.0", "mcp-hubspot",
         env={"PRIVATE_APP_ACCESS_TOKEN": DUMMY}),
    _npm("netlify-mcp", "@netlify/mcp", "1.15.1", "netlify-mcp"),
    _npm("shopify-dev-mcp", "@shopify/dev-mcp", "1.16.0", "shopify-dev-mcp"),
    _npm("figma-developer-mcp", "figma-developer-mcp", "0.13.2", "figma-developer-mcp",
         "--stdio", "--figma-api-key=" + DUMMY,
         note="a tool description names its image directory, the launch's {scratch}"),
    _npm("circleci-mcp", "@circleci/mcp-server-circleci", "0.20.0", "mcp-server-circleci",
         env={"CIRCLECI_TOKEN": DUMMY}),
    _npm("launchdarkly-mcp", "@launchdarkly/mcp-server", "0.6.2", "mcp", "start",
         "--api-key", DUMMY),
    _npm("twilio-mcp", "@twilio-alpha/mcp", "0.7.0", "twilio-mcp-server",
         "AC00000000000000000000000000000000/SK00000000000000000000000000000000:" + DUMMY),
    _npm("datadog-mcp", "@winor30/mcp-server-datadog", "1.8.0", "mcp-server-datadog",
         env={"DATADOG_API_KEY": DUMMY, "DATADOG_APP_KEY": DUMMY}),
    _npm("grafana-mcp", "@leval/mcp-grafana", "1.1.7", "mcp-grafana",
         env={"GRAFANA_URL": "http://127.0.0.1:3000", "GRAFANA_API_KEY": DUMMY}),
    _npm("linear-mcp", "@tacticlaunch/mcp-linear", "1.4.3", "mcp-linear",
         env={"LINEAR_API_TOKEN": DUMMY}),
    _npm("atlassian-jira-mcp", "@aashari/mcp-server-atlassian-jira", "3.3.0",
         "mcp-atlassian-jira",
         env={"ATLASSIAN_SITE_NAME": "rune-capture-placeholder",
              "ATLASSIAN_USER_EMAIL": "placeholder@example.com",
              "ATLASSIAN_API_TOKEN": DUMMY}),
    _npm("monday-api-mcp", "@mondaydotcomorg/monday-api-mcp", "3.3.0", "mcp-server-monday-api",
         "-t", DUMMY),
    _npm("ms-365-mcp-server", "@softeria/ms-365-mcp-server", "0.155.0", "ms-365-mcp-server"),
    _npm("airtable-mcp-server", "airtable-mcp-server", "1.14.0", "airtable-mcp-server",
         env={"AIRTABLE_API_KEY": DUMMY}),
    _npm("postman-mcp-server", "@postman/postman-mcp-server", "2.13.0", "postman-mcp-server",
         env={"POSTMAN_API_KEY": DUMMY}, install_args=("--ignore-scripts",),
         note="--ignore-scripts: its preinstall step runs `npx only-allow pnpm`"),
    _npm("mapbox-mcp-server", "@mapbox/mcp-server", "0.14.0", "mcp-server",
         env={"MAPBOX_ACCESS_TOKEN": "pk." + DUMMY}),
    _npm("n8n-mcp", "n8n-mcp", "2.87.0", "n8n-mcp", env={"MCP_MODE": "stdio"}),
    _npm("mcp-gitlab", "@zereight/mcp-gitlab", "2.1.64", "mcp-gitlab",
         env={"GITLAB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    # Search, fetch, git, charts
    _npm("brave-search-mcp-server", "@brave/brave-search-mcp-server", "2.1.4",
         "brave-search-mcp-server", "--transport", "stdio", env={"BRAVE_API_KEY": DUMMY}),
    _npm("perplexity-mcp", "@perplexity-ai/mcp-server", "1.2.1", "perplexity-mcp",
         env={"PERPLEXITY_API_KEY": DUMMY}),
    _npm("mcp-searxng", "mcp-searxng", "2.4.0", "mcp-searxng",
         env={"SEARXNG_URL": "http://127.0.0.1:8080"}),
    _npm("git-mcp-server", "@cyanheads/git-mcp-server", "2.15.3", "git-mcp-server",
         env={"MCP_TRANSPORT_TYPE": "stdio"}),
    _npm("mcp-server-chart", "@antv/mcp-server-chart", "0.9.10", "mcp-server-chart"),
    # --- PyPI --------------------------------------------------------------
    _pypi("mcp-server-fetch", "mcp-server-fetch", "2026.10.24", "mcp-server-fetch"),
    _pypi("mcp-server-git", "mcp-server-git", "2026.10.19", "mcp-server-git"),
    _pypi("mcp-server-time", "mcp-server-time", "2026.10.19", "mcp-server-time",
          "--local-timezone", "UTC"),
    _pypi("mcp-server-sqlite", "mcp-server-sqlite", "2025.4.25", "mcp-server-sqlite",
          "--db-path", "{scratch}/test.db", extra=("mcp<2",),
          note="archived upstream; breaks with mcp 2.x, so mcp<2"),
    _pypi("markitdown-mcp", "markitdown-mcp", "0.0.1a8", "markitdown-mcp"),
    _pypi("arxiv-mcp-server", "arxiv-mcp-server", "0.8.2", "arxiv-mcp-server",
          "--storage-path", "{scratch}/papers"),
    _pypi("duckduckgo-mcp-server", "duckduckgo-mcp-server", "0.7.0", "duckduckgo-mcp-server"),
    _pypi("mcp-atlassian", "mcp-atlassian", "0.23.1", "mcp-atlassian",
          env={"JIRA_URL": "https://rune-capture-placeholder.atlassian.net",
               "JIRA_USERNAME": "placeholder@example.com", "JIRA_API_TOKEN": DUMMY,
               "CONFLUENCE_URL": "https://rune-capture-placeholder.atlassian.net/wiki",
               "CONFLUENCE_USERNAME": "placeholder@example.com",
               "CONFLUENCE_API_TOKEN": DUMMY},
          note="lists no tools unless Jira/Confluence settings are present"),
    _pypi("aws-documentation-mcp-server", "awslabs.aws-documentation-mcp-server", "1.2.3",
          "awslabs.aws-documentation-mcp-server"),
    _pypi("aws-pricing-mcp-server", "awslabs.aws-pricing-mcp-server", "1.1.1",
          "awslabs.aws-pricing-mcp-server"),
    _pypi("aws-dynamodb-mcp-server", "awslabs.dynamodb-mcp-server", "2.1.8",
          "awslabs.dynamodb-mcp-server", env=AWS_ENV),
    _pypi("aws-cloudwatch-mcp-server", "awslabs.cloudwatch-mcp-server", "0.3.1",
          "awslabs.cloudwatch-mcp-server", env=AWS_ENV),
    _pypi("aws-eks-mcp-server", "awslabs.eks-mcp-server", "0.2.1",
          "awslabs.eks-mcp-server", env=AWS_ENV),
    _pypi("aws-ecs-mcp-server", "awslabs.ecs-mcp-server", "0.1.37",
          "ecs-mcp-server", env=AWS_ENV),
    _pypi("aws-iam-mcp-server", "awslabs.iam-mcp-server", "1.1.2",
          "awslabs.iam-mcp-server", env=AWS_ENV),
    _pypi("aws-postgres-mcp-server", "awslabs.postgres-mcp-server", "1.2.2",
          "awslabs.postgres-mcp-server", env=AWS_ENV),
    _pypi("aws-s3-tables-mcp-server", "awslabs.s3-tables-mcp-server", "0.1.1",
          "awslabs.s3-tables-mcp-server", env=AWS_ENV),
    _pypi("aws-billing-cost-management-mcp-server",
          "awslabs.billing-cost-management-mcp-server", "0.0.42",
          "awslabs.billing-cost-management-mcp-server", env=AWS_ENV),
    _pypi("aws-iac-mcp-server", "awslabs.aws-iac-mcp-server", "1.0.26",
          "awslabs.aws-iac-mcp-server", env=AWS_ENV),
    _pypi("aws-cloudtrail-mcp-server", "awslabs.cloudtrail-mcp-server", "0.1.1",
          "awslabs.cloudtrail-mcp-server", env=AWS_ENV),
    _pypi("aws-serverless-mcp-server", "awslabs.aws-serverless-mcp-server", "0.2.0",
          "awslabs.aws-serverless-mcp-server", env=AWS_ENV),
    _pypi("aws-location-mcp-server", "awslabs.aws-location-mcp-server", "2.1.1",
          "awslabs.aws-location-mcp-server", env=AWS_ENV),
    # Databases
    _pypi("mcp-clickhouse", "mcp-clickhouse", "0.7.0", "mcp-clickhouse",
          env={"CLICKHOUSE_HOST": "127.0.0.1", "CLICKHOUSE_USER": "placeholder",
               "CLICKHOUSE_PASSWORD": DUMMY}),
    _pypi("mcp-server-motherduck", "mcp-server-motherduck", "1.1.0", "mcp-server-motherduck",
          "--db-path", ":memory:", "--read-write",
          note="local in-memory DuckDB; in-memory needs --read-write"),
    _pypi("mcp-server-duckdb", "mcp-server-duckdb", "1.1.0", "mcp-server-duckdb",
          "--db-path", "{scratch}/test.duckdb", extra=("mcp<2",),
          note="breaks with mcp 2.x, so mcp<2"),
    _pypi("redis-mcp-server", "redis-mcp-server", "0.5.1", "redis-mcp-server",
          "--url", "redis://127.0.0.1:6379/0"),
    _pypi("chroma-mcp", "chroma-mcp", "0.2.6", "chroma-mcp", "--client-type", "ephemeral",
          extra=("pydantic<2.12",),
          note="its pinned mcp breaks with pydantic 2.12+, so pydantic<2.12"),
    _pypi("mcp-neo4j-cypher", "mcp-neo4j-cypher", "0.6.0", "mcp-neo4j-cypher",
          env={"NEO4J_URI": "bolt://127.0.0.1:7687", "NEO4J_USERNAME": "neo4j",
               "NEO4J_PASSWORD": DUMMY}),
    _pypi("elasticsearch-mcp-server", "elasticsearch-mcp-server", "2.1.6",
          "elasticsearch-mcp-server",
          env={"ELASTICSEARCH_HOSTS": "http://127.0.0.1:9200",
               "ELASTICSEARCH_API_KEY": DUMMY}),
    _pypi("opensearch-mcp-server", "opensearch-mcp-server-py", "0.12.0",
          "opensearch-mcp-server-py", env={"OPENSEARCH_URL": "http://127.0.0.1:9200"}),
    # Containers, Kubernetes
    _pypi("kubectl-mcp-server", "kubectl-mcp-server", "2.0.0", "kubectl-mcp",
          env={"KUBECONFIG": "{scratch}/kubeconfig"}, files={"kubeconfig": KUBECONFIG},
          note="a kubeconfig naming an unreachable placeholder cluster"),
    # Vendors, observability
    _pypi("mcp-grafana", "mcp-grafana", "2.1.1", "mcp-grafana",
          env={"GRAFANA_URL": "http://127.0.0.1:3000", "GRAFANA_API_KEY": DUMMY}),
    _pypi("pagerduty-mcp", "pagerduty-mcp", "1.1.0", "pagerduty-mcp",
          env={"PAGERDUTY_USER_API_KEY": DUMMY}, python="3.12"),
    _pypi("dbt-mcp", "dbt-mcp", "2.8.0", "dbt-mcp", python="3.12"),
    # Code execution, shells
    _pypi("mcp-shell-server", "mcp-shell-server", "1.1.14", "mcp-shell-server",
          env={"ALLOW_COMMANDS": "ls,cat,echo"}),
    _pypi("mcp-python-interpreter", "mcp-python-interpreter", "1.2.3",
          "mcp-python-interpreter", "--dir", "{scratch}/root", extra=("mcp<2",),
          note="breaks with mcp 2.x, so mcp<2"),
    _pypi("e2b-mcp-server", "e2b-mcp-server", "0.1.1", "python", "-c",
          "import e2b_mcp_server; e2b_mcp_server.main()",
          env={"E2B_API_KEY": DUMMY}, note="ships no console script"),
    _pypi("wcgw", "wcgw", "5.6.7", "wcgw_mcp"),
    # Productivity, documents, memory
    _pypi("excel-mcp-server", "excel-mcp-server", "2.2.2", "excel-mcp-server", "stdio"),
    _pypi("office-word-mcp-server", "office-word-mcp-server", "1.1.11", "word_mcp_server"),
    _pypi("basic-memory", "basic-memory", "0.24.1", "basic-memory", "mcp", python="3.12"),
    _pypi("workspace-mcp", "workspace-mcp", "2.2.1", "workspace-mcp",
          env={"GOOGLE_OAUTH_CLIENT_ID": "placeholder.apps.googleusercontent.com",
               "GOOGLE_OAUTH_CLIENT_SECRET": DUMMY}),
    _pypi("mcp-server-tree-sitter", "mcp-server-tree-sitter", "0.7.0",
          "mcp-server-tree-sitter", extra=("mcp<2",), note="breaks with mcp 2.x, so mcp<2"),
    _pypi("web-forager", "web-forager", "4.0.0", "web-forager", "serve"),
]

# Tried and left out (they cannot list their tools on a machine that reaches
# only the package registries, or cannot be installed here):
SKIPPED = {
    "npm:@modelcontextprotocol/server-postgres@0.6.2":
        "resources/list queries the database, so it needs a running PostgreSQL",
    "npm:@modelcontextprotocol/server-redis@2025.4.25":
        "connects to Redis before serving and exits when it cannot",
    "npm:@modelcontextprotocol/server-gdrive@2025.1.14":
        "exits at startup without Google OAuth credentials",
    "npm:@supabase/mcp-server-supabase@0.13.0":
        "tools/list calls the Supabase API",
    "npm:@heroku/mcp-server@1.2.8":
        "fails to start: imports an @modelcontextprotocol/sdk path that the "
        "resolved SDK no longer ships",
    "pypi:awslabs.aws-api-mcp-server==1.5.6":
        "fetches the AWS service reference from amazonaws.com at startup",
    "pypi:mcp-server-qdrant==0.8.1":
        "downloads a fastembed model (Hugging Face) at startup",
    "npm:@stripe/mcp@0.3.3":
        "a stdio proxy to the remote mcp.stripe.com server; lists nothing offline",
    "npm:@neondatabase/mcp-server-neon@0.6.5":
        "cannot be installed from the registries: a dependency is a GitHub tarball",
    "npm:@bytebase/dbhub@1.4.0":
        "connects at startup; its SQLite driver is node:sqlite (Node 22+), and every "
        "other DSN needs a running database",
    "npm:@azure-devops/mcp@2.10.0":
        "needs the native keytar module, whose build needs libsecret headers and "
        "whose prebuilt binary is fetched from GitHub",
    "npm:@benborla29/mcp-server-mysql@2.0.9":
        "tests its MySQL connection at startup and exits when it fails",
    "pypi:awslabs.prometheus-mcp-server==0.3.1":
        "calls AWS STS (GetCallerIdentity) at startup and exits when it fails",
    "pypi:mcp-neo4j-memory==0.4.5":
        "connects to Neo4j at startup and exits when it cannot",
    "pypi:postgres-mcp==0.3.0":
        "cannot be installed: its pin pglast==7.2.0 matches no release on PyPI",
    "pypi:mcp-server-docker==0.3.0":
        "asks the Docker daemon for its API version at startup and exits without one",
    "npm:containerization-assist-mcp@1.2.0":
        "fails to start on Node 20: imports glob from fs/promises (Node 22+)",
    "pypi:awslabs.core-mcp-server, awslabs.cdk-mcp-server, awslabs.terraform-mcp-server, "
    "awslabs.aws-diagram-mcp-server":
        "every release is yanked upstream (deprecated); nothing installable",
}


class CaptureError(Exception):
    pass


class RpcError(CaptureError):
    """The server answered a request with a JSON-RPC error object."""

    def __init__(self, msg: str, code: object):
        super().__init__(msg)
        self.code = code


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Installing
# --------------------------------------------------------------------------

def install_dir(work: Path, s: Server) -> Path:
    safe = s.package.replace("/", "_").replace("@", "")
    return work / "installs" / s.ecosystem / f"{safe}-{s.version}"


def bin_dir(work: Path, s: Server) -> Path:
    d = install_dir(work, s)
    return d / "node_modules" / ".bin" if s.ecosystem == "npm" else d / "bin"


def _run(cmd: list[str], log_path: Path, timeout: float = 900) -> None:
    env = dict(os.environ)
    env.update(INSTALL_ENV)
    with open(log_path, "wb") as fh:
        r = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           env=env, timeout=timeout)
    if r.returncode != 0:
        tail = log_path.read_text(errors="replace")[-2000:]
        raise CaptureError(f"{' '.join(cmd)} failed ({r.returncode}):\n{tail}")


def find_python(minor: str) -> str:
    """An interpreter for Python ``minor`` (e.g. "3.12"): ``python3.12`` on PATH
    if it runs, else one under ~/.pyenv/versions."""
    cands = [shutil.which(f"python{minor}")]
    cands += sorted(str(p) for p in (Path.home() / ".pyenv" / "versions").glob(
        f"{minor}.*/bin/python{minor}"))
    for c in cands:
        if not c:
            continue
        try:
            r = subprocess.run([c, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                               capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode == 0 and r.stdout.strip() == minor:
            return c
    raise CaptureError(f"no Python {minor} interpreter found (python{minor}, ~/.pyenv)")


def install(work: Path, s: Server, fresh: bool, before: str) -> None:
    d = install_dir(work, s)
    marker = d / ".installed"
    stamp = f"{s.source} {' '.join(s.extra_requirements + s.install_args)} before={before}\n"
    if s.python:
        stamp = f"python{s.python} " + stamp
    if marker.exists() and marker.read_text() == stamp and not fresh:
        return
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    logf = d.parent / f"{d.name}.install.log"
    t0 = time.monotonic()
    if s.ecosystem == "npm":
        _run(["npm", "install", "--prefix", str(d), f"{s.package}@{s.version}",
              f"--before={before}", "--no-audit", "--no-fund", *s.install_args], logf)
    elif s.ecosystem == "pypi":
        py = str(d / "bin" / "python")
        _run([find_python(s.python) if s.python else sys.executable, "-m", "venv", str(d)],
             logf)
        # A pip that can resolve dependencies as of a date.
        _run([py, "-m", "pip", "install", "--no-input", "-q", PIP_VERSION], logf)
        _run([py, "-m", "pip", "install", "--no-input", f"--uploaded-prior-to={before}",
              f"{s.package}=={s.version}", *s.extra_requirements], logf)
    else:
        raise CaptureError(f"unknown ecosystem {s.ecosystem!r}")
    marker.write_text(stamp)
    log(f"  installed {s.source} in {time.monotonic() - t0:.0f}s")


# --------------------------------------------------------------------------
# License metadata
# --------------------------------------------------------------------------

def npm_license(work: Path, s: Server) -> str:
    pj = install_dir(work, s) / "node_modules" / s.package / "package.json"
    data = json.loads(pj.read_text())
    if data.get("version") != s.version:
        raise CaptureError(f"installed {s.package} is {data.get('version')}, wanted {s.version}")
    lic = data.get("license")
    if isinstance(lic, dict):
        lic = lic.get("type")
    if not lic and isinstance(data.get("licenses"), list):
        lic = " OR ".join(str(x.get("type", x)) if isinstance(x, dict) else str(x)
                          for x in data["licenses"])
    return str(lic) if lic else "UNKNOWN"


def _dist_info(work: Path, s: Server) -> Path:
    norm = s.package.replace("-", "_").replace(".", "_").lower()
    for sp in (install_dir(work, s) / "lib").glob("python*/site-packages"):
        for di in sp.glob("*.dist-info"):
            stem = di.name[: -len(".dist-info")]
            dname, _, dver = stem.rpartition("-")
            if dname.replace("-", "_").replace(".", "_").lower() == norm:
                if dver != s.version:
                    raise CaptureError(f"installed {s.package} is {dver}, wanted {s.version}")
                return di
    raise CaptureError(f"no dist-info for {s.package} in {install_dir(work, s)}")


def pypi_license(work: Path, s: Server) -> str:
    from email.parser import HeaderParser

    di = _dist_info(work, s)
    meta = HeaderParser().parsestr((di / "METADATA").read_text(errors="replace"))
    expr = (meta.get("License-Expression") or "").strip()
    if expr:
        return expr
    lic = (meta.get("License") or "").strip()
    if lic and lic.upper() != "UNKNOWN":
        first = lic.splitlines()[0].strip()
        return first if len(lic.splitlines()) == 1 else f"{first} (license text)"
    for c in meta.get_all("Classifier") or []:
        if c.startswith("License ::"):
            return c.split("::")[-1].strip()
    for lf in meta.get_all("License-File") or []:
        for cand in (di / "licenses" / lf, di / lf):
            if cand.is_file():
                for line in cand.read_text(errors="replace").splitlines():
                    if line.strip():
                        return f"{line.strip()} (license file)"
    return "UNKNOWN"


# --------------------------------------------------------------------------
# Speaking MCP over stdio
# --------------------------------------------------------------------------

class StdioSession:
    def __init__(self, argv: list[str], env: dict[str, str], cwd: str, deadline: float):
        self.deadline = deadline
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, cwd=cwd, start_new_session=True)
        self.msgs: queue.Queue = queue.Queue()
        self.stderr_tail: list[str] = []
        self.next_id = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.strip()
            if not line:
                continue
            try:
                msg = json.loads(line)
            except ValueError:
                self._note(b"[stdout, not JSON] " + line[:300])
                continue
            # A batch (JSON array) is split into its members.
            for m in msg if isinstance(msg, list) else [msg]:
                if isinstance(m, dict):
                    self.msgs.put(m)
        self.msgs.put(None)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            self._note(raw.rstrip()[:500])

    def _note(self, b: bytes) -> None:
        with self._lock:
            self.stderr_tail.append(b.decode("utf-8", "replace"))
            del self.stderr_tail[:-40]

    def _send(self, obj: dict) -> None:
        assert self.proc.stdin is not None
        data = json.dumps(obj, separators=(",", ":")).encode() + b"\n"
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise CaptureError(f"server closed stdin: {e}") from None

    def notify(self, method: str, params: dict | None = None) -> None:
        msg: dict = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self._send(msg)

    def request(self, method: str, params: dict | None = None) -> dict:
        self.next_id += 1
        rid = self.next_id
        msg: dict = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self._send(msg)
        while True:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise CaptureError(f"timed out waiting for {method}")
            try:
                m = self.msgs.get(timeout=left)
            except queue.Empty:
                raise CaptureError(f"timed out waiting for {method}") from None
            if m is None:
                self.msgs.put(None)
                raise CaptureError(f"server exited (code {self.proc.poll()}) during {method}")
            if "method" in m:
                if "id" in m:
                    self._answer_server_request(m)
                continue  # a notification: logging, list_changed, progress...
            if m.get("id") != rid:
                continue
            if "error" in m:
                err = m["error"]
                raise RpcError(f"{method} returned error: {json.dumps(err)[:500]}",
                               err.get("code") if isinstance(err, dict) else None)
            result = m.get("result")
            if not isinstance(result, dict):
                raise CaptureError(f"{method} returned a non-object result")
            return result

    def _answer_server_request(self, m: dict) -> None:
        if m["method"] == "ping":
            self._send({"jsonrpc": "2.0", "id": m["id"], "result": {}})
        elif m["method"] == "roots/list":
            self._send({"jsonrpc": "2.0", "id": m["id"], "result": {"roots": []}})
        else:
            self._send({"jsonrpc": "2.0", "id": m["id"],
                        "error": {"code": -32601, "message": "Method not found"}})

    def list_all(self, method: str, key: str) -> list:
        items: list = []
        cursor = None
        for _ in range(MAX_PAGES):
            result = self.request(method, {"cursor": cursor} if cursor is not None else None)
            page = result.get(key)
            if not isinstance(page, list):
                raise CaptureError(f"{method} result has no {key!r} list")
            items.extend(page)
            cursor = result.get("nextCursor")
            if not cursor:
                return items
        log(f"  warning: {method} still had nextCursor after {MAX_PAGES} pages; truncated")
        return items

    def close(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if f:
                    f.close()
            except OSError:
                pass


def _subst(text: str, mapping: dict[str, str]) -> str:
    for k, v in mapping.items():
        text = text.replace("{" + k + "}", v)
    return text


def netns_prefix() -> list[str]:
    """The command prefix that runs a server with no network at all, if possible."""
    for cand in (["unshare", "--net", "--"], ["unshare", "--net", "--map-root-user", "--"]):
        try:
            r = subprocess.run([*cand, "true"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if r.returncode == 0:
            return cand
    return []


def _list_optional(sess: StdioSession, manifest: dict, method: str, key: str) -> bool:
    """List an advertised capability; a server that advertises it but answers
    "Method not found" gets no key (other errors still fail the capture)."""
    try:
        manifest[key] = sess.list_all(method, key)
        return True
    except RpcError as e:
        if e.code != -32601:
            raise
        log(f"  note: {method} is advertised but not implemented, omitted")
        return False


def capture_manifest(work: Path, s: Server, isolate: list[str]) -> dict:
    scratch = work / "run" / s.name
    if scratch.exists():
        shutil.rmtree(scratch)
    home = scratch / "home"
    home.mkdir(parents=True)
    (scratch / "root").mkdir()
    mapping = {"bin": str(bin_dir(work, s)), "scratch": str(scratch), "home": str(home)}
    for rel, text in s.files.items():
        f = scratch / _subst(rel, mapping)
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(_subst(text, mapping))
    argv = [_subst(a, mapping) for a in s.command]
    path = os.pathsep.join([mapping["bin"], os.environ.get("PATH", "/usr/bin:/bin")])
    env = {"PATH": path, "HOME": str(home), "LANG": "C.UTF-8", "TMPDIR": str(scratch),
           "NO_COLOR": "1", "DO_NOT_TRACK": "1", "PYTHONUNBUFFERED": "1",
           # Fixed str hashing, so a default built from a Python set (e.g.
           # mcp-atlassian's field lists) comes out in the same order each run.
           "PYTHONHASHSEED": "0"}
    env.update({k: _subst(v, mapping) for k, v in s.env.items()})

    sess = StdioSession([*isolate, *argv], env, str(scratch), time.monotonic() + TIMEOUT_S)
    try:
        init = sess.request("initialize", {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": CLIENT_INFO,
        })
        sess.notify("notifications/initialized")
        caps = init.get("capabilities") or {}
        manifest: dict = {"serverInfo": init.get("serverInfo")}
        instructions = init.get("instructions")
        if isinstance(instructions, str) and instructions != "":
            manifest["instructions"] = instructions
        manifest["tools"] = sess.list_all("tools/list", "tools")
        if isinstance(caps, dict) and caps.get("prompts") is not None:
            _list_optional(sess, manifest, "prompts/list", "prompts")
        if isinstance(caps, dict) and caps.get("resources") is not None:
            if not _list_optional(sess, manifest, "resources/list", "resources"):
                return manifest
            try:
                manifest["resourceTemplates"] = sess.list_all(
                    "resources/templates/list", "resourceTemplates")
            except CaptureError as e:
                # Advertises resources but does not implement templates.
                log(f"  note: resources/templates/list failed, omitted: {e}")
        return manifest
    except CaptureError as e:
        tail = "\n".join("    | " + x for x in sess.stderr_tail[-15:])
        raise CaptureError(f"{e}\n  server stderr (tail):\n{tail}") from None
    finally:
        sess.close()
        shutil.rmtree(scratch, ignore_errors=True)


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------

def render(doc: dict) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=True) + "\n"


def build_doc(s: Server, license_: str, manifest: dict, out: Path, date: str | None) -> dict:
    captured = date
    path = out / f"{s.name}.json"
    if captured is None and path.exists():
        try:
            old = json.loads(path.read_text())["cases"][0]
            if old["provenance"]["source"] == s.source and old["manifest"] == manifest \
                    and old["provenance"].get("license") == license_:
                captured = old["provenance"]["captured"]
        except (ValueError, KeyError, IndexError, TypeError):
            pass
    if captured is None:
        captured = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d")
    return {
        "category": "real-world",
        "cases": [{
            "id": f"real-world/{s.name}",
            "label": "benign",
            "provenance": {"source": s.source, "license": license_, "captured": captured},
            "manifest": manifest,
        }],
    }


def counts(manifest: dict) -> str:
    return " ".join(f"{k}={len(manifest[k])}" for k in
                    ("tools", "prompts", "resources", "resourceTemplates") if k in manifest)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", metavar="NAME",
                    help="capture only this server (repeatable)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help=f"output directory (default {DEFAULT_OUT})")
    ap.add_argument("--work", type=Path, default=DEFAULT_WORK,
                    help=f"scratch directory for installs and launches (default {DEFAULT_WORK})")
    ap.add_argument("--fresh", action="store_true", help="reinstall even if already installed")
    ap.add_argument("--jobs", type=int, default=4, help="parallel installs (default 4)")
    ap.add_argument("--date", help="captured date to record (default: keep the existing "
                                   "date if nothing changed, else today, UTC)")
    ap.add_argument("--list", action="store_true", help="list the servers and exit")
    ap.add_argument("--resolve-before", default=RESOLVE_BEFORE,
                    help=f"resolve dependencies as of this time (default {RESOLVE_BEFORE})")
    ap.add_argument("--allow-network", action="store_true",
                    help="launch servers even if they cannot be put in a network namespace "
                         "without network (by default such a run is refused)")
    args = ap.parse_args(argv)

    if args.list:
        for s in SERVERS:
            print(f"{s.name:34} {s.source}" + (f"  ({s.note})" if s.note else ""))
        print("\nleft out:")
        for src, why in SKIPPED.items():
            print(f"  {src}: {why}")
        return 0

    selected = SERVERS
    if args.only:
        known = {s.name for s in SERVERS}
        unknown = [n for n in args.only if n not in known]
        if unknown:
            ap.error(f"unknown server(s): {', '.join(unknown)}; see --list")
        selected = [s for s in SERVERS if s.name in args.only]

    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    args.out.mkdir(parents=True, exist_ok=True)
    t_start = time.monotonic()

    failures: dict[str, str] = {}

    def do_install(s: Server) -> None:
        try:
            install(work, s, args.fresh, args.resolve_before)
        except (CaptureError, subprocess.TimeoutExpired, OSError) as e:
            failures[s.name] = f"install failed: {e}"

    isolate = netns_prefix()
    if not isolate and not args.allow_network:
        log("cannot make a network namespace (unshare --net); refusing to launch servers "
            "with network access. Pass --allow-network to launch them anyway.")
        return 2
    log(f"installing {len(selected)} package(s) into {work} ...")
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(do_install, selected))
    t_install = time.monotonic() - t_start

    ok = 0
    for s in selected:
        if s.name in failures:
            log(f"FAIL {s.name}: {failures[s.name]}")
            continue
        t0 = time.monotonic()
        try:
            lic = npm_license(work, s) if s.ecosystem == "npm" else pypi_license(work, s)
            manifest = capture_manifest(work, s, isolate)
            if not manifest["tools"]:
                raise CaptureError("server listed no tools")
        except (CaptureError, OSError) as e:
            failures[s.name] = str(e)
            log(f"FAIL {s.name} ({s.source}): {e}")
            continue
        doc = build_doc(s, lic, manifest, args.out, args.date)
        (args.out / f"{s.name}.json").write_text(render(doc), encoding="ascii")
        ok += 1
        log(f"ok   {s.name:34} {counts(manifest)}  [{lic}] {time.monotonic() - t0:.1f}s")

    total = time.monotonic() - t_start
    log(f"\ncaptured {ok}/{len(selected)} in {total:.0f}s "
        f"(installs {t_install:.0f}s, launches {total - t_install:.0f}s)")
    if failures:
        log("failed: " + ", ".join(sorted(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
