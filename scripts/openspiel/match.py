"""poda against OpenSpiel's C++ MCTS bot, refereed by OpenSpiel.

poda plays through OpenSpiel's own GTP bot (open_spiel.python.bots.gtp) running
`poda engine`; the opponent is pyspiel.MCTSBot (C++, random-rollout evaluator, MCTS-Solver);
each game is played by open_spiel.python.algorithms.evaluate_bots from a seeded random opening
of --opening-plies plies, or from the openings of a file (--openings, in poda's notation:
Kalah pit numbers of the mover, Connect 4 columns 1..7; pair k plays line k mod n), and every
opening is played twice with the colours swapped.

"Same wall time per move": poda gets --movetime per move; the C++ MCTS takes a number of
simulations, so by default (--mcts-sims adaptive) its budget is set before every move from its
measured simulations per second to last --movetime. The mean time per move of both sides is
measured and reported, so the comparison can be checked.

    python match.py --poda target/release/poda --game connect_four --movetime 0.1 --pairs 50
"""

import argparse
import json
import random
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots
from open_spiel.python.bots import gtp

UCT_C = 2.0  # OpenSpiel's examples' exploration constant.
MCTS_MEMORY_MB = 1000
CALIBRATION_POSITIONS = 12
CALIBRATION_SIMS = 2000


class PodaBot(gtp.GTPBot):
    """OpenSpiel's GTP bot, with a restart_at that replays a game's history correctly
    (1.6.1's passes an action string where an action id is expected)."""

    def restart_at(self, state):
        self.restart()
        replay = self._game.new_initial_state()
        for action in state.history():
            self.inform_action(replay, replay.current_player(), action)
            replay.apply_action(action)


class Timed(pyspiel.Bot):
    """Measures the wall time of another bot's moves."""

    def __init__(self, bot):
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.moves = 0
        self.seconds = 0.0

    def step(self, state):
        began = time.perf_counter()
        action = self.bot.step(state)
        self.seconds += time.perf_counter() - began
        self.moves += 1
        return action

    def inform_action(self, state, player, action):
        self.bot.inform_action(state, player, action)

    def restart(self):
        self.bot.restart()

    def restart_at(self, state):
        self.bot.restart_at(state)


class TimedMcts(pyspiel.Bot):
    """pyspiel.MCTSBot (C++) held to a wall time per move: its simulation budget is set
    before each move from its measured simulations per second (a running average), since the
    C++ bot itself only takes a number of simulations."""

    SMOOTHING = 0.3

    def __init__(self, game, movetime, rate, seed):
        pyspiel.Bot.__init__(self)
        self.game, self.movetime, self.rate, self.seed = game, movetime, rate, seed
        self.moves = 0
        self.sims_total = 0

    def step(self, state):
        sims = max(10, int(self.rate * self.movetime))
        bot = pyspiel.MCTSBot(self.game, pyspiel.RandomRolloutEvaluator(1, self.seed + self.moves),
                              UCT_C, sims, MCTS_MEMORY_MB, True, self.seed + self.moves, False)
        began = time.perf_counter()
        action = bot.step(state)
        elapsed = time.perf_counter() - began
        # A search cut short (the solver proved the position) says nothing about the speed.
        if elapsed > self.movetime / 4:
            rate = sims / elapsed
            self.rate += self.SMOOTHING * (min(rate, 4 * self.rate) - self.rate)
        self.moves += 1
        self.sims_total += sims
        return action

    def inform_action(self, state, player, action):
        pass

    def restart(self):
        pass

    def restart_at(self, state):
        pass


def random_opening(game, plies, rng):
    """A seeded random opening that does not end the game."""
    for _ in range(100):
        state = game.new_initial_state()
        for _ in range(plies):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
        if not state.is_terminal():
            return state
    return game.new_initial_state()


def poda_move_to_action(game, state, move):
    """OpenSpiel's action for a move in poda's notation (docs of crates/arena/src/protocol):
    mancala: the mover's pit k (P1 next to its store) is cell 7 - k for the first player and
    14 - k for the second; connect_four: column c (1..7) is action c - 1."""
    name = game.get_type().short_name
    if not move.isdigit():
        raise ValueError("'%s' is not a move number" % move)
    k = int(move)
    if name == "mancala":
        if not 1 <= k <= 6:
            raise ValueError("'%s' is not a pit 1..6" % move)
        return (7 if state.current_player() == 0 else 14) - k
    if name == "connect_four":
        return k - 1
    raise ValueError("--openings is not supported for %s" % name)


def read_openings(path, game):
    """The openings of a file (one a line, moves separated by spaces or written together, '#'
    starts a comment), each as an OpenSpiel state. A bad line (not a move, an illegal move, a
    game already over) or an unreadable file raises ValueError naming the file and line."""
    openings = []
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as e:
        raise ValueError("%s: %s" % (path, e.strerror))
    for number, line in enumerate(lines, 1):
        # Moves are single digits in both games, so `4453` is `4 4 5 3` (as in poda).
        moves = [c for token in line.split("#")[0].split()
                 for c in (token if token.isdigit() else [token])]
        if not moves:
            continue
        state = game.new_initial_state()
        for move in moves:
            try:
                action = poda_move_to_action(game, state, move)
            except ValueError as e:
                raise ValueError("%s:%d: %s" % (path, number, e))
            if state.is_terminal() or action not in state.legal_actions():
                raise ValueError("%s:%d: illegal move '%s'" % (path, number, move))
            state.apply_action(action)
        if state.is_terminal():
            raise ValueError("%s:%d: the opening ends the game" % (path, number))
        openings.append((" ".join(moves), state))
    if not openings:
        raise ValueError("%s: no openings" % path)
    return openings


def calibrate(game, rng, movetime):
    """MCTS simulations per second on positions from random openings."""
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 7), UCT_C,
                          CALIBRATION_SIMS, MCTS_MEMORY_MB, True, 7, False)
    rates = []
    for i in range(CALIBRATION_POSITIONS):
        state = random_opening(game, 2 * (i % 6), rng)
        began = time.perf_counter()
        bot.step(state)
        rates.append(CALIBRATION_SIMS / (time.perf_counter() - began))
    rate = float(np.median(rates))
    return max(1, int(rate * movetime)), rate


def poda_knows(poda, game):
    """Whether this poda build plays `game` with OpenSpiel's actions (its answer to `game`)."""
    out = subprocess.run([poda, "engine", "--agent", "random"], input="game %s\nquit\n" % game,
                         capture_output=True, text=True, timeout=60).stdout
    return out.startswith("="), out.split("\n\n")[0]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--poda", required=True)
    p.add_argument("--game", default="connect_four")
    p.add_argument("--agent", help="poda agent (default best(movetime=MOVETIME))")
    p.add_argument("--movetime", type=float, default=0.1, help="seconds per move")
    p.add_argument("--mcts-sims", default="adaptive",
                   help="adaptive (held to --movetime per move), auto (fixed, calibrated "
                        "once) or a number")
    p.add_argument("--pairs", type=int, default=1)
    p.add_argument("--opening-plies", type=int, default=2)
    p.add_argument("--openings", help="file of openings in poda's notation (instead of random "
                                      "ones; pair k plays line k mod n)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--record", help="append one JSON line per game")
    p.add_argument("--skip-unknown", action="store_true",
                   help="exit quietly if this poda build lacks the game")
    args = p.parse_args()

    known, answer = poda_knows(args.poda, args.game)
    if not known:
        if args.skip_unknown:
            print("SKIP %s: %s" % (args.game, answer), file=sys.stderr)
            return
        sys.exit("poda cannot play %s: %s" % (args.game, answer))

    game = pyspiel.load_game(args.game)
    try:
        openings = read_openings(args.openings, game) if args.openings else None
    except ValueError as e:
        p.error(str(e))
    rng = random.Random(args.seed)
    if args.mcts_sims in ("auto", "adaptive"):
        sims, rate = calibrate(game, rng, args.movetime)
    else:
        sims, rate = int(args.mcts_sims), None
    agent = args.agent or "best(movetime=%gms)" % (args.movetime * 1000)
    poda = Timed(PodaBot(game, [args.poda, "engine", "--game", args.game, "--agent", agent],
                         suppress_stderr=False))
    if args.mcts_sims == "adaptive":
        adaptive = TimedMcts(game, args.movetime, rate, args.seed)
        mcts = Timed(adaptive)
        budget = "simulations set per move to last %.3f s (start %d)" % (args.movetime, sims)
    else:
        adaptive = None
        mcts = Timed(pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, args.seed), UCT_C,
                                     sims, MCTS_MEMORY_MB, True, args.seed, False))
        budget = "%d simulations/move" % sims
    print("poda: %s | OpenSpiel C++ MCTS: %s%s, uct_c %.1f, solver on"
          % (agent, budget, " (%.0f sims/s measured)" % rate if rate else "", UCT_C),
          file=sys.stderr)
    record = open(args.record, "a") if args.record else None
    score = {"wins": 0, "draws": 0, "losses": 0}
    for pair in range(args.pairs):
        if openings:
            opening_text, opening = openings[pair % len(openings)]
        else:
            opening = random_opening(game, args.opening_plies, rng)
            opening_text = None
        for poda_seat in (0, 1):
            state = opening.clone()
            bots = [poda, mcts] if poda_seat == 0 else [mcts, poda]
            returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(pair))
            r = returns[poda_seat]
            key = "wins" if r > 0 else "losses" if r < 0 else "draws"
            score[key] += 1
            line = {"pair": pair, "poda_seat": poda_seat, "poda_return": r,
                    "opening": opening_text,
                    "actions": [int(a) for a in state.history()]}
            if record:
                record.write(json.dumps(line) + "\n")
                record.flush()
            print("pair %d poda %s: %s  (%d-%d-%d)" % (pair, "first" if poda_seat == 0
                  else "second", {"wins": "win", "draws": "draw", "losses": "loss"}[key], score["wins"], score["draws"], score["losses"]),
                  file=sys.stderr)
    games = sum(score.values())
    summary = dict(score, games=games, game=args.game, poda_agent=agent, mcts_sims=sims,
                   mcts_sims_per_second=rate, movetime=args.movetime,
                   opening_plies=None if openings else args.opening_plies,
                   openings=args.openings,
                   poda_score=(score["wins"] + 0.5 * score["draws"]) / games,
                   mcts_mean_sims=(adaptive.sims_total / max(1, adaptive.moves)
                                   if adaptive else sims),
                   poda_seconds_per_move=poda.seconds / max(1, poda.moves),
                   mcts_seconds_per_move=mcts.seconds / max(1, mcts.moves))
    print(json.dumps(summary))
    poda.bot.close()


if __name__ == "__main__":
    main()
