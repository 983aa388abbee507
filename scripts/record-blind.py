#!/usr/bin/env python3
"""Records a blind round's first score in eval/blind.json.

Usage: scripts/record-blind.py ROUND SCORECARD.json COMMIT [NOTE]

SCORECARD.json is `scan-eval --corpus corpus/blind/round-ROUND` output, produced with the rules
as they stood at COMMIT, before anyone read the round's misses. A round is recorded once: its
first score is the figure that measures the rules from outside, so re-recording is refused.
"""
import datetime
import json
import sys
from pathlib import Path

LOG = Path(__file__).resolve().parent.parent / "eval" / "blind.json"


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    round_no, card_path, commit = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    note = sys.argv[4] if len(sys.argv) == 5 else ""
    card = json.loads(Path(card_path).read_text())
    rounds = [r for r in card["blind"] if r["round"] == round_no]
    if len(rounds) != 1:
        print(f"{card_path} holds no blind round {round_no}", file=sys.stderr)
        return 2
    scored = rounds[0]
    log = json.loads(LOG.read_text()) if LOG.exists() else {"version": 1, "rounds": []}
    if any(r["round"] == round_no for r in log["rounds"]):
        print(f"round {round_no} is already recorded in {LOG}", file=sys.stderr)
        return 2

    def figures(score):
        return {
            "malicious": score["malicious"],
            "caught": score["tp"],
            "recall": float(score["recall"]),
            "hard_negatives": score["hard_negatives"],
            "false_alarms": score["fp"],
            "fp_rate": float(score["fp_rate"]),
        }

    entry = {
        "round": round_no,
        "scored": datetime.date.today().isoformat(),
        "commit": commit,
        "note": note,
        **figures(scored["overall"]),
        "families": {f["category"]: figures(f) for f in scored["families"]},
    }
    log["rounds"].append(entry)
    log["rounds"].sort(key=lambda r: r["round"])
    LOG.write_text(json.dumps(log, indent=2) + "\n")
    print(f"recorded round {round_no}: recall {entry['recall']:.3f}, fp {entry['fp_rate']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
