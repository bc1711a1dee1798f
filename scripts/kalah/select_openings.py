"""Writes the balanced-openings file from solve_openings.py's results.

Usage: python3 select_openings.py POSITIONS RESULTS.jsonl > kalah-balanced.txt

Keeps, in the order of POSITIONS, every line whose exact value (J1's final store margin under
perfect play) is 0 or +-2, i.e. proven by the solver's bounds meeting inside [-2, +2] (a
timed-out solve counts when its last proven bounds had already met). Each line of the output is
`<moves>   # <value> ...`; the header says how many positions fell where."""
import json, sys
from collections import Counter

positions, results = sys.argv[1], sys.argv[2]
by_line = {}
for l in open(results):
    r = json.loads(l)
    by_line[r["line"]] = r
kept, counts = [], Counter()
for row in open(positions):
    line, board, to_move = row.split()
    r = by_line.get(line)
    if r is None:
        counts["not run"] += 1
        continue
    lo, hi = r["lo"], r["hi"]
    if lo is not None and lo == hi and abs(lo) <= 2:
        value = lo if int(to_move) == 1 else -lo
        counts[f"value {value:+d}"] += 1
        kept.append((line, board, int(to_move), value, r))
    elif r["status"] == "outside":
        counts["|value| >= 4"] += 1
    else:
        counts["not decided in the time limit"] += 1
print(json.dumps(dict(sorted(counts.items()))), file=sys.stderr)
for line, board, to_move, value, r in kept:
    moves = " ".join(line)
    print(f"{moves:<8} # {value:+d}  (board {board}, J{to_move} to move)")
