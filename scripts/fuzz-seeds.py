#!/usr/bin/env python3
"""Seeds the fuzz corpora (fuzz/corpus/TARGET/) from corpus/, examples/ and the tests.

Python 3 standard library only; the baseline and pin seeds are written by rune itself (the
debug binary, built if missing). Each seed is named by the SHA-1 of its bytes, as libFuzzer
names what it finds, so running this again adds nothing twice.

    manifest         every corpus case's manifest, in every shape the loader reads (listing
                     object, bare tool list, JSON-RPC reply, captured event stream), the
                     examples, and the manifests quoted in the tests
    sse              event streams of 400 of those replies (LF, CRLF, CR, comments, multi-line
                     data), and the streams quoted in src/source/sse.rs; the first byte of
                     each seed is the chunk size the target cuts the stream into
    config           tests/fixtures/real-servers.mcp.json and the configs quoted in the tests
    baseline, pin    written by rune over 48 corpus cases spread over the corpus, several
                     sources too
    scan_strings     2,000 of the distinct strings of the corpus cases, the longer ones,
                     spread over the corpus
    scan_structured  500 of those, as raw bytes for the arbitrary crate to read
"""

import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "corpus"


def write(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = OUT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def corpus_manifests():
    for path in sorted((ROOT / "corpus").rglob("*.json")):
        document = json.loads(path.read_text())
        for case in document.get("cases", []):
            if "manifest" in case:
                yield case["manifest"]


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)


RUST_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0"}


def unescape(body):
    """A Rust string literal's body as the string it denotes."""
    out, at = [], 0
    while at < len(body):
        c = body[at]
        if c != "\\":
            out.append(c)
            at += 1
            continue
        following = body[at + 1 : at + 2]
        if following == "\n":  # a line continuation skips the newline and the indent
            at += 2
            while at < len(body) and body[at] in " \t\n":
                at += 1
        elif following == "u":
            end = body.index("}", at)
            out.append(chr(int(body[at + 3 : end], 16)))
            at = end + 1
        elif following == "x":
            out.append(chr(int(body[at + 2 : at + 4], 16)))
            at += 4
        else:
            out.append(RUST_ESCAPES.get(following, following))
            at += 2
    return "".join(out)


def literals(path):
    """Every string literal of a Rust source file: raw ones and ordinary ones."""
    text = path.read_text()
    found = [match.group(2) for match in re.finditer(r'r(#+)"(.*?)"\1', text, re.S)]
    without_raw = re.sub(r'r(#+)".*?"\1', "", text, flags=re.S)
    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"', without_raw, re.S):
        try:
            found.append(unescape(match.group(1)))
        except (ValueError, IndexError):
            pass
    return found


def rune_binary():
    binary = ROOT / "target" / "debug" / "rune"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-q", "--bin", "rune"], cwd=ROOT, check=True)
    return binary


def seed_manifests(manifests):
    for at, manifest in enumerate(manifests):
        write("manifest", json.dumps(manifest, indent=2, ensure_ascii=False))
        # Every case as written; a quarter of them in the other shapes too, so a short run
        # gets past reading its seeds.
        if at % 4:
            continue
        reply = {"jsonrpc": "2.0", "id": 1, "result": manifest}
        write("manifest", json.dumps(reply))
        write("manifest", f"event: message\ndata: {json.dumps(reply)}\n\n")
        tools = manifest.get("tools") if isinstance(manifest, dict) else manifest
        if isinstance(tools, list) and tools:
            write("manifest", json.dumps(tools))
            write("manifest", json.dumps(tools[0]))
    write("manifest", (ROOT / "examples" / "tools.json").read_text())
    for path in [ROOT / "src/source/manifest.rs", ROOT / "tests/cli.rs", ROOT / "src/json/mod.rs"]:
        for literal in literals(path):
            if literal.lstrip().startswith(("{", "[", "event:", "data:")):
                write("manifest", literal)


def seed_streams(manifests):
    for at, manifest in enumerate(spread(manifests, 400)):
        data = json.dumps({"jsonrpc": "2.0", "id": 1, "result": manifest})
        step = bytes([at % 8])
        write("sse", step + f"event: message\ndata: {data}\n\n".encode())
        write("sse", step + f": hello\r\nid: 0\r\ndata: \r\n\r\nevent: message\r\nid: 1\r\ndata: {data}\r\n\r\n".encode())
        write("sse", step + f"retry: 10\rdata: {data[:40]}\rdata: {data[40:]}\r".encode())
    for literal in literals(ROOT / "src/source/sse.rs"):
        if "data" in literal or "event" in literal or "id:" in literal:
            write("sse", b"\x02" + literal.encode())


def seed_configs():
    write("config", (ROOT / "tests/fixtures/real-servers.mcp.json").read_text())
    for path in [ROOT / "tests/config.rs", ROOT / "src/source/config.rs"]:
        for literal in literals(path):
            if "servers" in literal or "mcpServers" in literal:
                write("config", literal)


def seed_memories(manifests):
    binary = rune_binary()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        # rune runs twice per manifest here, so the sample is a fixed number of cases spread
        # over the corpus, not a share of it: the corpus grows every round.
        sample = spread(manifests, 48)
        for at, manifest in enumerate(sample):
            path = scratch / f"m{at}.json"
            path.write_text(json.dumps(manifest))
            for flag, target in [("--write-baseline", "baseline"), ("--write-pin", "pin")]:
                out = scratch / f"{target}.json"
                subprocess.run([binary, path, flag, out], cwd=ROOT, capture_output=True)
                if out.exists():
                    write(target, out.read_bytes())
                    out.unlink()
        # Several sources at once: the pin and baseline name each.
        several = [scratch / f"m{at}.json" for at in range(min(4, len(sample)))]
        for flag, target in [("--write-baseline", "baseline"), ("--write-pin", "pin")]:
            out = scratch / f"{target}.json"
            subprocess.run([binary, *several, flag, out], cwd=ROOT, capture_output=True)
            if out.exists():
                write(target, out.read_bytes())


def spread(items, most):
    """At most `most` of `items`, evenly spaced over the whole list."""
    if len(items) <= most:
        return list(items)
    return [items[at * len(items) // most] for at in range(most)]


def seed_strings(manifests):
    # Each scan builds a whole manifest around its string, and libFuzzer reads every seed
    # before its clock starts, so a short run would spend its time reading: the longer strings,
    # where the rules have most to read, a fixed number of them spread over the corpus.
    seen = {}
    for manifest in manifests:
        for text in strings(manifest):
            if len(text) >= 24:
                seen.setdefault(text, None)
    found = list(seen)
    for text in spread(found, 2000):
        write("scan_strings", text)
    for text in spread(found[1::2], 500):
        write("scan_structured", text)


def main():
    manifests = list(corpus_manifests())
    if not manifests:
        sys.exit("fuzz-seeds: no cases found under corpus/")
    seed_manifests(manifests)
    seed_streams(manifests)
    seed_configs()
    seed_memories(manifests)
    seed_strings(manifests)
    for folder in sorted(OUT.iterdir()):
        print(f"fuzz-seeds: {folder.name}: {len(os.listdir(folder))} seeds")


if __name__ == "__main__":
    main()
