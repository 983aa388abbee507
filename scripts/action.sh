#!/usr/bin/env bash
# The rune GitHub Action (action.yml): checks the inputs, installs rune, runs ONE scan that prints
# the text report to the log and writes SARIF, JSON and a Markdown summary, then records the
# outputs. rune's own exit code becomes the `exit-code` output instead of failing this step, so
# the SARIF upload still runs; the action's last step fails with it.
#
# Every input arrives through the environment (action.yml never interpolates one into a script):
#   RUNE_MANIFEST, RUNE_CONFIG, RUNE_DISCOVER, RUNE_SERVER, RUNE_BASELINE, RUNE_PIN, RUNE_FAIL_ON, RUNE_TIMEOUT,
#   RUNE_SARIF_FILE, RUNE_UPLOAD_SARIF, RUNE_COMMENT, RUNE_GITHUB_TOKEN, RUNE_VERSION,
#   RUNE_RELEASE_REPOSITORY (the action's own owner/name).
# RUNE_BIN names a rune binary to use instead of installing one (the tests point it at the build).
# RUNE_RELEASE_BASE_URL replaces https://github.com/OWNER/NAME/releases/download (tests use file://).
#
# Exit codes: 0 when the scan ran, whatever rune found (see the exit-code output); 2 when an
# input is invalid or rune could not be installed.
#
# Written for bash 3.2 too (macOS runners): no namerefs, no mapfile, no empty-array expansion.
set -euo pipefail

# Escapes a workflow command's message so user-supplied text cannot start a new command.
escape_data() {
  local text=$1
  text=${text//'%'/%25}
  text=${text//$'\r'/%0D}
  text=${text//$'\n'/%0A}
  printf '%s' "$text"
}

die() {
  printf '::error title=rune action::%s\n' "$(escape_data "$1")" >&2
  printf 'rune action: %s\n' "$1" >&2
  exit 2
}

warn() {
  printf '::warning title=rune action::%s\n' "$(escape_data "$1")" >&2
}

set_output() {
  printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
}

# A value rune will receive as a flag's argument: a leading '-' would make it a flag of its own
# (flag injection), and a newline would forge a line in $GITHUB_OUTPUT. Empty means unset.
check_value() {
  local input=$1 value=$2
  case $value in
    -*) die "$input: \"$value\" starts with '-'; rune would read it as a flag (write ./$value for a file named so)" ;;
    *$'\n'* | *$'\r'*) die "$input: one value expected, got several lines" ;;
  esac
}

# Splits a whitespace-separated input into WORDS, without glob expansion, checking each word.
split_words() {
  local input=$1 value=$2 word
  WORDS=()
  set -f
  # shellcheck disable=SC2086 # word splitting is the point; globbing is off
  for word in $value; do
    check_value "$input" "$word"
    WORDS+=("$word")
  done
  set +f
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

# The Rust target of the release binary for this runner, or nothing when none is built for it.
release_target() {
  case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
    Linux/X64) echo x86_64-unknown-linux-gnu ;;
    Linux/ARM64) echo aarch64-unknown-linux-gnu ;;
    macOS/X64) echo x86_64-apple-darwin ;;
    macOS/ARM64) echo aarch64-apple-darwin ;;
    Windows/X64) echo x86_64-pc-windows-msvc ;;
  esac
}

fetch() {
  curl --fail --silent --show-error --location --retry 3 --proto '=https,file' --proto-redir '=https' \
    --output "$2" "$1"
}

# Sets RUNE_PATH to the release binary for TAG, downloaded into $RUNNER_TEMP. Returns 1 when the
# release has no binary for this runner (the caller builds from source instead). A binary whose
# SHA-256 is not the one SHA256SUMS lists is never run and never replaced by a build: exit 2.
# Called as an `if` condition, where errexit is off: every step checks its own status.
download_release() {
  local tag=$1 target archive exe='' base dir listed expected actual
  target=$(release_target)
  if [ -z "$target" ]; then
    warn "no release binary is built for ${RUNNER_OS:-?}/${RUNNER_ARCH:-?}"
    return 1
  fi
  archive="rune-$tag-$target.tar.gz"
  if [ "$target" = x86_64-pc-windows-msvc ]; then
    archive="rune-$tag-$target.zip"
    exe=.exe
  fi
  base="${RUNE_RELEASE_BASE_URL:-https://github.com/${RUNE_RELEASE_REPOSITORY:-marcusikk/rune}/releases/download}/$tag"
  dir="$RUNNER_TEMP/rune-$tag"
  rm -rf "$dir"
  mkdir -p "$dir" || die "cannot create $dir"
  if ! fetch "$base/SHA256SUMS" "$dir/SHA256SUMS" || ! fetch "$base/$archive" "$dir/$archive"; then
    warn "could not download $archive and SHA256SUMS of release $tag"
    return 1
  fi
  listed=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1 }' "$dir/SHA256SUMS")
  [ -n "$listed" ] || die "SHA256SUMS of release $tag does not list $archive; refusing to run an unverified binary"
  expected=$(printf '%s' "$listed" | tr 'A-F' 'a-f')
  if ! [[ $expected =~ ^[0-9a-f]{64}$ ]]; then
    die "SHA256SUMS of release $tag lists $archive more than once or not as a SHA-256"
  fi
  actual=$(sha256_of "$dir/$archive")
  if [ "$actual" != "$expected" ]; then
    die "checksum mismatch for $archive of release $tag: SHA256SUMS says $expected, the download is $actual; refusing to run it"
  fi
  case $archive in
    *.zip) unzip -q "$dir/$archive" -d "$dir" || die "cannot unpack $archive" ;;
    *) tar -xzf "$dir/$archive" -C "$dir" || die "cannot unpack $archive" ;;
  esac
  RUNE_PATH="$dir/rune-$tag-$target/rune$exe"
  [ -f "$RUNE_PATH" ] || die "$archive holds no rune-$tag-$target/rune$exe"
  echo "verified $archive against SHA256SUMS (sha256 $actual)"
}

# Sets RUNE_PATH to rune built from the action's own checkout, on the quick-to-build release
# profile (the shipped binaries use `dist`).
build_from_source() {
  local root="$RUNNER_TEMP/rune-source" exe=''
  command -v cargo >/dev/null 2>&1 ||
    die "cargo is not installed: set up a Rust toolchain before this action, or set version to a released tag"
  if [ "${RUNNER_OS:-}" = Windows ]; then
    exe=.exe
  fi
  cargo install --locked --path "${GITHUB_ACTION_PATH:?}" --root "$root" --bin rune --force ||
    die "building rune from $GITHUB_ACTION_PATH failed"
  RUNE_PATH="$root/bin/rune$exe"
}

# Sets RUNE_PATH to the rune binary to run.
install_rune() {
  local tag
  if [ -n "${RUNE_BIN:-}" ]; then
    RUNE_PATH=$RUNE_BIN
    return
  fi
  echo "::group::Installing rune"
  if [ -n "$version" ]; then
    tag="v${version#v}"
    if ! download_release "$tag"; then
      warn "building rune from the action's own checkout instead of release $tag"
      build_from_source
    fi
  else
    build_from_source
  fi
  echo "::endgroup::"
}

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is unset: this script runs inside GitHub Actions}"
: "${RUNNER_TEMP:?RUNNER_TEMP is unset: this script runs inside GitHub Actions}"

# The token reaches rune only as GITHUB_TOKEN, and only when rune posts the comment.
token=${RUNE_GITHUB_TOKEN:-}
unset RUNE_GITHUB_TOKEN

# Every input is checked before anything is installed, so a typo fails in seconds.
split_words manifest "${RUNE_MANIFEST:-}"
manifests=(${WORDS[@]+"${WORDS[@]}"})
split_words server "${RUNE_SERVER:-}"
servers=(${WORDS[@]+"${WORDS[@]}"})
config=${RUNE_CONFIG:-}
baseline=${RUNE_BASELINE:-}
pin=${RUNE_PIN:-}
sarif_file=${RUNE_SARIF_FILE:-"$RUNNER_TEMP/rune.sarif"}
fail_on=${RUNE_FAIL_ON:-medium}
timeout=${RUNE_TIMEOUT:-}
version=${RUNE_VERSION:-}
discover=${RUNE_DISCOVER:-false}
check_value config "$config"
check_value baseline "$baseline"
check_value pin "$pin"
check_value sarif-file "$sarif_file"

case $discover in
  true | false) ;;
  *) die "discover must be true or false, got \"$discover\"" ;;
esac
sources=0
[ ${#manifests[@]} -gt 0 ] && sources=$((sources + 1))
[ -n "$config" ] && sources=$((sources + 1))
[ "$discover" = true ] && sources=$((sources + 1))
if [ "$sources" -gt 1 ]; then
  die "manifest, config and discover are exclusive: set one"
fi
if [ "$sources" -eq 0 ]; then
  die "nothing to scan: set manifest (files), config (an MCP client config) or discover: true (every config in the repository)"
fi
live=$config
[ "$discover" = true ] && live=discover
if [ ${#servers[@]} -gt 0 ] && [ -z "$live" ]; then
  die "server picks servers of a config: set config or discover too"
fi
case $fail_on in
  low | medium | high) ;;
  *) die "fail-on must be low, medium or high, got \"$fail_on\"" ;;
esac
if [ -n "$timeout" ]; then
  if ! [[ $timeout =~ ^[1-9][0-9]{0,5}$ ]]; then
    die "timeout must be a whole number of seconds from 1 to 999999, got \"$timeout\""
  fi
  [ -n "$live" ] || die "timeout limits the live servers of a config; it does not apply to manifest"
fi
case ${RUNE_UPLOAD_SARIF:-true} in
  true | false) ;;
  *) die "upload-sarif must be true or false, got \"$RUNE_UPLOAD_SARIF\"" ;;
esac
release_pattern='^v?[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$'
if [ -n "$version" ] && ! [[ $version =~ $release_pattern ]]; then
  die "version must be a release such as v0.1.0, or empty to build the action's own checkout; got \"$version\""
fi

comment=false
case ${RUNE_COMMENT:-auto} in
  auto | true)
    case ${GITHUB_EVENT_NAME:-} in
      pull_request | pull_request_target) comment=true ;;
      *)
        if [ "${RUNE_COMMENT:-auto}" = true ]; then
          warn "comment: a ${GITHUB_EVENT_NAME:-non-pull-request} event has no pull request to comment on"
        fi
        ;;
    esac
    ;;
  false) ;;
  *) die "comment must be auto, true or false, got \"$RUNE_COMMENT\"" ;;
esac
if [ "$comment" = true ] && [ -z "$token" ]; then
  warn "comment: github-token is empty, so no pull request comment is posted"
  comment=false
fi

install_rune

json_file="$RUNNER_TEMP/rune.json"
markdown_file="$RUNNER_TEMP/rune.md"
# A report left by an earlier run must never pass for this one's.
rm -f "$sarif_file" "$json_file" "$markdown_file"

args=("$RUNE_PATH")
for manifest in ${manifests[@]+"${manifests[@]}"}; do
  args+=("--manifest=$manifest")
done
if [ -n "$config" ]; then
  args+=("--config=$config")
fi
if [ "$discover" = true ]; then
  # The repository's committed configs only (never the runner's home folder), started
  # without a question: CI has no one to answer it.
  args+=("--discover" "--project=." "--scan" "--yes")
fi
for server in ${servers[@]+"${servers[@]}"}; do
  args+=("--server=$server")
done
if [ -n "$baseline" ]; then
  args+=("--baseline=$baseline")
fi
if [ -n "$pin" ]; then
  args+=("--pin=$pin")
fi
args+=("--fail-on=$fail_on")
if [ -n "$timeout" ]; then
  args+=("--timeout=$timeout")
fi
args+=("--output-sarif=$sarif_file" "--output-json=$json_file" "--output-markdown=$markdown_file")

exit_code=0
if [ "$comment" = true ]; then
  GITHUB_TOKEN=$token "${args[@]}" --github-comment || exit_code=$?
else
  "${args[@]}" || exit_code=$?
fi

set_output exit-code "$exit_code"
if [ -f "$sarif_file" ]; then
  set_output sarif-file "$sarif_file"
fi
if [ -f "$json_file" ]; then
  if command -v jq >/dev/null 2>&1; then
    # tr: jq on Windows ends its lines with CRLF.
    set_output findings "$(jq -r '.summary.findings // empty' "$json_file" | tr -d '\r')"
    set_output drift "$(jq -r '.summary.pinDrift // empty' "$json_file" | tr -d '\r')"
  else
    warn "jq is not installed, so the findings and drift outputs are empty"
  fi
fi
if [ -f "$markdown_file" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$markdown_file" >>"$GITHUB_STEP_SUMMARY"
fi

case $exit_code in
  0) echo "rune passed: nothing at or above $fail_on" ;;
  1) echo "rune failed the gate (exit 1); the job fails after the SARIF upload" ;;
  *) echo "rune could not finish (exit $exit_code); the job fails after the SARIF upload" ;;
esac
