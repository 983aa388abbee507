#!/usr/bin/env bash
# Runs every fuzz target (fuzz/fuzz_targets/) for SECONDS each (default 60), one at a time, and
# prints how many inputs each ran. Needs the nightly toolchain; installs cargo-fuzz if missing
# and seeds the corpora (scripts/fuzz-seeds.py) on the first run.
#
# A crash, a broken invariant or an input slower than 10 s stops the script with libFuzzer's
# report; the input is kept in fuzz/artifacts/TARGET/. Reproduce it with
#   cargo +nightly fuzz run -s none TARGET fuzz/artifacts/TARGET/<file>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz.sh: the nightly toolchain is missing: rustup toolchain install nightly" >&2
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz@0.13.2 --locked
fi
if [ ! -d fuzz/corpus ]; then
  scripts/fuzz-seeds.py
fi

# No sanitizer: rune forbids unsafe code, so what a fuzzer finds is a panic or a broken
# invariant, and without AddressSanitizer a target runs about twice the inputs. rune's own code
# keeps debug assertions and overflow checks (fuzz/Cargo.toml).
flags=(-s none)
cargo +nightly fuzz build "${flags[@]}"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
report=()
for target in $(cargo +nightly fuzz list); do
  echo "fuzz.sh: $target for ${seconds}s"
  # scan_strings puts each input in ~30 fields: the largest real-server seeds (13 KB) take
  # several seconds under coverage instrumentation, so a hang is an input slower than 30 s.
  if ! cargo +nightly fuzz run "${flags[@]}" "$target" -- \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz.sh: $target FAILED; the input is in fuzz/artifacts/$target/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  report+=("$target: ${runs:-?} inputs in ${seconds}s")
done
printf 'fuzz.sh: %s\n' "${report[@]}"
