"""Rules cross-check: poda against OpenSpiel, ply by ply, over seeded random games.

For each case, poda runs as `poda engine --game <OpenSpiel string>` (so it reads and writes
OpenSpiel's action strings) and OpenSpiel plays the same game in-process. At every ply both
must agree on the legal moves (as action strings), on whether the game is over, and on the
returns; for mancala also on the seeds in every pit and store (read from poda's `showboard`),
so a difference in sowing, captures or the end-of-game count shows at the ply it happens. The random move is sent to poda as its action string or, one time in five, as its
plain action id. A case whose game this poda build does not have yet is skipped with a
notice; any other disagreement or error fails the run.

    python crosscheck.py --poda target/release/poda --games 1000 [--only connect_four] [--jobs 2]
"""

import argparse
import concurrent.futures
import random
import subprocess
import sys
import time

import pyspiel

# One line per game: (OpenSpiel game string, games to play; None = --games).
CASES = [
    ("connect_four", None),
    ("misere(game=connect_four())", None),
    ("mancala", None),
] + [("hex(board_size=%d)" % n, None) for n in range(3, 12)]
# OpenSpiel 1.6.1's hex has no swap parameter, so hex with swap cannot be cross-checked here.


class Engine:
    """poda engine spoken to over the protocol, with pipelined commands."""

    def __init__(self, poda):
        self.proc = subprocess.Popen(
            [poda, "engine", "--agent", "random"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, *commands):
        self.proc.stdin.write("".join(c + "\n" for c in commands))
        self.proc.stdin.flush()
        replies = []
        for _ in commands:
            lines = []
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    raise RuntimeError("poda engine closed its output")
                if line == "\n":
                    if lines:
                        break
                    continue
                lines.append(line.rstrip("\n"))
            first = lines[0]
            ok = first.startswith("=")
            text = "\n".join([first[1:].strip()] + lines[1:]).strip()
            replies.append((ok, text))
        return replies

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=5)


def mancala_cells(board):
    """OpenSpiel's 14 mancala cells from poda's Kalah(6,4) drawing: the line with the second
    player's store and pits P1..P6 (cells 0, 13..8), then the line with the first player's
    pits P6..P1 and store (cells 1..6, 7)."""
    rows = [[int(t) for t in line.replace("[", " ").replace("]", " ").replace("|", " ").split()]
            for line in board.splitlines() if "|" in line]
    if len(rows) != 2 or len(rows[0]) != 7 or len(rows[1]) != 7:
        raise AssertionError("cannot read poda's mancala board:\n" + board)
    top, bottom = rows
    return [top[0]] + bottom + list(reversed(top[1:]))


def openspiel_mancala_cells(state):
    return [int(v) for v in list(state.observation_tensor(0))[:14]]


def mancala_sides(cells):
    """Each player's seeds, pits and store: at the end poda moves the seeds left in the pits
    to their owners' stores and OpenSpiel leaves them there (its returns count them)."""
    return [sum(cells[1:8]), sum(cells[8:14]) + cells[0]]


# Games whose whole position is compared at every ply: (poda's showboard -> cells,
# OpenSpiel state -> cells, cells -> what is compared once the game is over).
BOARD_CHECKS = {"mancala": (mancala_cells, openspiel_mancala_cells, mancala_sides)}

RETURNS = {"B+": [1.0, -1.0], "W+": [-1.0, 1.0], "0": [0.0, 0.0]}
COLOURS = ["b", "w"]


def check_game(engine, game, rng, label, board_check):
    state = game.new_initial_state()
    engine.ask("clear_board")
    ply = 0
    while True:
        (ok_l, legal), (ok_s, score), (ok_b, board) = engine.ask(
            "legal_moves", "final_score", "showboard")
        if board_check:
            ours_cells, theirs_cells = board_check[0](board), board_check[1](state)
            if state.is_terminal():
                ours_cells, theirs_cells = board_check[2](ours_cells), board_check[2](theirs_cells)
            if ours_cells != theirs_cells:
                raise AssertionError("%s ply %d: boards differ\n poda: %s\n openspiel: %s\n"
                                     " history: %s" % (label, ply, ours_cells, theirs_cells,
                                                       state.history()))
        if not ok_l:
            raise AssertionError("%s ply %d: legal_moves failed: %s" % (label, ply, legal))
        ours = sorted(legal.split())
        theirs = sorted(state.action_to_string(state.current_player(), a)
                        for a in state.legal_actions()) if not state.is_terminal() else []
        if ours != theirs:
            raise AssertionError("%s ply %d: legal moves differ\n poda: %s\n openspiel: %s\n"
                                 " history: %s" % (label, ply, ours, theirs, state.history()))
        if ok_s != state.is_terminal():
            raise AssertionError("%s ply %d: terminal flag differs (poda %s, openspiel %s), "
                                 "history %s" % (label, ply, ok_s, state.is_terminal(),
                                                 state.history()))
        returns = RETURNS.get(score) if ok_s else [0.0, 0.0]
        if returns is None or list(returns) != list(state.returns()):
            raise AssertionError("%s ply %d: returns differ (poda %r, openspiel %s)"
                                 % (label, ply, score, state.returns()))
        if state.is_terminal():
            return ply
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        text = (str(action) if rng.random() < 0.2
                else state.action_to_string(player, action))
        (ok, msg), = engine.ask("play %s %s" % (COLOURS[player], text))
        if not ok:
            raise AssertionError("%s ply %d: poda refused %s: %s" % (label, ply, text, msg))
        state.apply_action(action)
        ply += 1


def run_case(poda, name, games, seed):
    """Checks one case; returns (its report line, whether it was checked)."""
    engine = Engine(poda)
    (ok, reply), = engine.ask("game " + name)
    if not ok:
        engine.close()
        # A game this build lacks, or one whose protocol hooks do not map OpenSpiel's
        # actions yet (ArenaGame::protocol), is reported and skipped.
        if "unknown game" in reply or "no OpenSpiel counterpart" in reply:
            return "SKIP %-30s not in this poda build yet (%s)" % (name, reply), False
        raise AssertionError("%s: poda cannot start it: %s" % (name, reply))
    game = pyspiel.load_game(name)
    rng = random.Random("%s/%d" % (name, seed))
    began = time.time()
    plies = longest = 0
    for g in range(games):
        length = check_game(engine, game, rng, "%s game %d" % (name, g),
                            BOARD_CHECKS.get(name))
        plies += length
        longest = max(longest, length)
    engine.close()
    return ("ok   %-30s %5d games, %7d plies agree, longest %4d (%.1f s)%s"
            % (name, games, plies, longest, time.time() - began,
               ", boards compared" if name in BOARD_CHECKS else "")), True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--poda", required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", help="run only these cases")
    parser.add_argument("--jobs", type=int, default=1,
                        help="cases checked at once (each has its own seed, so the results "
                             "do not depend on it)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    cases = [(name, games or args.games) for name, games in CASES
             if not args.only or name in args.only]
    checked = 0
    # The largest cases (last in CASES) first, so that two workers finish close together;
    # reports are printed in the order of CASES, each as soon as it and the ones before it
    # are done.
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {i: pool.submit(run_case, args.poda, cases[i][0], cases[i][1], args.seed)
                   for i in reversed(range(len(cases)))}
        for i in range(len(cases)):
            line, was_checked = futures[i].result()
            print(line, flush=True)
            checked += was_checked
    if checked == 0:
        sys.exit("no case was checked")


if __name__ == "__main__":
    main()
