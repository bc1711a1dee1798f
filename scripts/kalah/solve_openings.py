"""Solves Kalah(6,4) opening lines exactly, stopping early where the value is not balanced.

Usage: PODA=target/release/poda python3 solve_openings.py POSITIONS OUT.jsonl [reverse]

POSITIONS is the output of enumerate_openings.py (`<moves> <board> <to move>` a line). For
each line not yet in OUT.jsonl: `poda solve "kalah(pits=6,seeds=4)" <moves> --json --stats`,
reading the MTD(f) bounds it proves on stderr; the solve is stopped as soon as a proven bound
puts the value outside [-2, +2] ("outside"), as soon as the bounds meet inside it ("bounds":
the value is exact; the solver would go on to find every best move, which is not needed), or
after TIMEOUT s ("timeout"). One JSON line per position is appended to OUT.jsonl; `score` is
the side to move's value, `first_player_value` J1's final store margin. Two processes can
share OUT.jsonl, one with `reverse` (it is re-read before each position).
Used to make crates/arena/data/openings/kalah-balanced.txt (see its header)."""
import subprocess, sys, json, re, time, os, signal, threading
POD = os.environ.get("PODA", "poda"); GAME = "kalah(pits=6,seeds=4)"; TIMEOUT = 120; LIMIT = 2
src, out = sys.argv[1], sys.argv[2]
done = set()
if os.path.exists(out):
    for l in open(out): done.add(json.loads(l)["line"])
bound_re = re.compile(r"score in \[([+-]?\d+), ([+-]?\d+)\]")
rows = list(open(src))
if len(sys.argv) > 3 and sys.argv[3] == "reverse": rows.reverse()
for row in rows:
    line, board, to_move = row.split()
    if os.path.exists(out):
        done = {json.loads(l)["line"] for l in open(out)}
    if line in done: continue
    t0 = time.time()
    p = subprocess.Popen([POD, "solve", GAME, line, "--json", "--stats"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    status, lo, hi, last = "exact", None, None, ""
    timer = threading.Timer(TIMEOUT, p.kill); timer.start()
    for err in p.stderr:
        m = bound_re.search(err)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2)); last = err.strip()
            if lo > LIMIT or hi < -LIMIT:
                status = "outside"; p.kill(); break
            if lo == hi:
                status = "bounds"; p.kill(); break
        if time.time() - t0 > TIMEOUT:
            status = "timeout"; p.kill(); break
    stdout = p.stdout.read(); p.wait(); timer.cancel()
    if status == "exact" and p.returncode != 0: status = "timeout"
    if status == "bounds":
        rec_extra = {"score": lo, "first_player_value": lo if int(to_move) == 1 else -lo}
    else:
        rec_extra = {}
    rec = {"line": line, "board": board, "to_move": int(to_move), "status": status,
           "lo": lo, "hi": hi, "secs": round(time.time() - t0, 2), "last": last}
    rec.update(rec_extra)
    if status == "exact":
        try:
            j = json.loads(stdout); rec["score"] = j["score"]; rec["best"] = j["best"]; rec["nodes"] = j["nodes"]
            rec["first_player_value"] = j["score"] if j["to_move"] == 1 else -j["score"]
        except Exception as e:
            rec["status"] = "error"; rec["stdout"] = stdout
    with open(out, "a") as f: f.write(json.dumps(rec) + "\n")
