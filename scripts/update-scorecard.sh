#!/usr/bin/env bash
# Regenerates the committed scorecard (eval/scorecard.json) and the README's table from corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --bin scan-eval
target/debug/scan-eval --corpus corpus > eval/scorecard.json
target/debug/scan-eval --corpus corpus --format markdown > target/scorecard.md
python3 - <<'PY'
import re
readme = open("README.md", encoding="utf-8").read()
table = open("target/scorecard.md", encoding="utf-8").read()
start, end = "<!-- scorecard:start -->\n", "<!-- scorecard:end -->"
head, rest = readme.split(start, 1)
_, tail = rest.split(end, 1)
open("README.md", "w", encoding="utf-8").write(head + start + table + end + tail)
PY
