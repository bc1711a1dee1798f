"""Where poda lost its Connect 4 games against OpenSpiel (records of match.py --record).

For each lost game, walks back over poda's decisions from the end and weak-solves the
position before each (`poda solve connect4 MOVES --weak --json`, positive = the side to move
wins) until one is not lost for poda: that decision is where the game was thrown away.

    python3 scripts/openspiel/c4_losses.py --poda target/release/poda c4_100ms.jsonl ...
"""

import argparse
import json
import subprocess


def weak_value(poda, moves, timeout):
    """The weak value for the side to move (1, 0, -1), or None if not solved in time."""
    try:
        out = subprocess.run([poda, "solve", "connect4", moves, "--weak", "--json"],
                             capture_output=True, text=True, timeout=timeout).stdout
        return json.loads(out)["score"]
    except (subprocess.TimeoutExpired, ValueError, KeyError):
        return None


def last_good_decision(poda, moves, seat, opening_plies, timeout):
    """(ply, 'win'|'draw') of poda's last decision (after the opening) in a non-lost position,
    (ply, 'unsolved') if a position did not solve in time, or None if poda was lost at every
    decision."""
    for ply in range(len(moves) - 1, opening_plies - 1, -1):
        if ply % 2 != seat:
            continue
        value = weak_value(poda, moves[:ply], timeout)
        if value is None:
            return ply, "unsolved"
        if value >= 0:
            return ply, "win" if value > 0 else "draw"
    return None


RECORD_KEYS = ("pair", "poda_seat", "poda_return", "actions")


def read_records(parser, path):
    """The games of a match.py record file; a missing file or a line that is not a record is
    a one-line error (exit 2)."""
    try:
        with open(path) as f:
            games = [json.loads(line) for line in f if line.strip()]
    except OSError as e:
        parser.error("%s: %s" % (path, e.strerror))
    except ValueError as e:
        parser.error("%s: not JSON lines: %s" % (path, e))
    for number, game in enumerate(games, 1):
        if not isinstance(game, dict) or any(k not in game for k in RECORD_KEYS):
            parser.error("%s: game %d is not a match.py record (it needs %s)"
                         % (path, number, ", ".join(RECORD_KEYS)))
    return games


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--poda", required=True)
    p.add_argument("--timeout", type=float, default=30, help="seconds per position")
    p.add_argument("--opening-plies", type=int, default=2,
                   help="plies of the opening (not poda's decisions)")
    p.add_argument("records", nargs="+")
    args = p.parse_args()
    for path in args.records:
        for game in read_records(p, path):
            if game["poda_return"] >= 0:
                continue
            moves = "".join(str(a + 1) for a in game["actions"])
            found = last_good_decision(args.poda, moves, game["poda_seat"],
                                       args.opening_plies, args.timeout)
            print("%s pair %d poda %s %s: %s" % (
                path, game["pair"], "first" if game["poda_seat"] == 0 else "second", moves,
                "lost from the opening" if found is None
                else "last not-lost decision at ply %d (%s)" % found), flush=True)


if __name__ == "__main__":
    main()
