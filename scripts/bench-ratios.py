#!/usr/bin/env python3
"""Reads the `dense` group of the last `cargo bench --bench scan` run from criterion's output
and prints, for each family, the time at twice the size over the time at the size (fastest
iteration of each), checking
the bar: time grows linearly, at most 2.3x for twice the input.

    cargo bench --bench scan -- dense && scripts/bench-ratios.py

Exit 1 when a family is over the bar, 2 when the results are missing.
"""
import json
import pathlib
import sys

BAR = 2.3
# Criterion keeps each benchmark as target/criterion/<group>/<id with / as _>/new/.
GROUP = pathlib.Path(__file__).resolve().parent.parent / "target" / "criterion" / "dense"
PAIRS = {"64k": "128k", "10k": "20k", "40k": "80k"}


def fastest_ns(directory):
    """The fastest iteration of the run: on a shared machine whose speed drifts, the one least
    disturbed, which makes the ratio of two runs steadier than their medians'."""
    sample = json.loads((directory / "new" / "sample.json").read_text())
    return min(time / iters for time, iters in zip(sample["times"], sample["iters"]))


def main():
    if not GROUP.is_dir():
        print(f"bench-ratios: no results in {GROUP}: run cargo bench --bench scan -- dense",
              file=sys.stderr)
        return 2
    rows = []
    for small_dir in sorted(GROUP.iterdir()):
        family, _, size = small_dir.name.rpartition("_")
        if size not in PAIRS:
            continue
        large_dir = GROUP / f"{family}_{PAIRS[size]}"
        if not (small_dir / "new").is_dir() or not (large_dir / "new").is_dir():
            print(f"bench-ratios: {family}: one of the two sizes is missing", file=sys.stderr)
            return 2
        small, large = fastest_ns(small_dir), fastest_ns(large_dir)
        rows.append((family, size, PAIRS[size], small, large, large / small))
    if not rows:
        print(f"bench-ratios: no pairs in {GROUP}", file=sys.stderr)
        return 2
    print(f"| family | sizes | time | time at twice | ratio |")
    print("| --- | --- | --- | --- | --- |")
    over = []
    for family, small_size, large_size, small, large, ratio in rows:
        print(f"| `{family}` | {small_size} → {large_size} | {small / 1e6:.1f} ms "
              f"| {large / 1e6:.1f} ms | {ratio:.2f}× |")
        if ratio > BAR:
            over.append(family)
    if over:
        print(f"bench-ratios: over {BAR}x for twice the input: {', '.join(over)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
