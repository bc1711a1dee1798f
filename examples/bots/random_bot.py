#!/usr/bin/env python3
"""A Connect 4 bot that speaks poda's engine protocol (GTP framing) and plays random moves.

A starting point for your own bot: keep the protocol loop, replace choose_move. Join a
tournament with it:

    poda tournament connect4 random greedy 'external(cmd="python3 examples/bots/random_bot.py")'

Protocol: one command per line, `[id] name args`; answer `=[id] result` or `?[id] message`,
then an empty line. poda sends `known_command`, `game connect4(width=W,height=H)`,
`time_settings 0 SECONDS 1`, `clear_board`, `play b|w COLUMN` for every move (its own
included: the bot must keep its board up to date), and `genmove b|w` when it is the bot's turn
(the bot plays the move it answers). Columns are 1..W. Everything on stderr goes to the log.
"""

import random
import re
import sys

COMMANDS = ["protocol_version", "name", "version", "known_command", "list_commands", "game",
            "boardsize", "clear_board", "play", "genmove", "undo", "time_settings",
            "time_left", "quit"]
COLOURS = {"b": 0, "black": 0, "x": 0, "w": 1, "white": 1, "o": 1}


class Board:
    def __init__(self, width=7, height=6):
        self.width, self.height = width, height
        self.heights = [0] * width
        self.history = []

    def legal(self):
        return [c for c in range(self.width) if self.heights[c] < self.height]

    def play(self, column):
        if column not in self.legal():
            raise ValueError("column %d is full or off the board" % (column + 1))
        self.heights[column] += 1
        self.history.append(column)

    def undo(self):
        if not self.history:
            raise ValueError("no move to undo")
        self.heights[self.history.pop()] -= 1


class Bot:
    name = "random_bot"

    def __init__(self, seed=None):
        self.board = Board()
        self.rng = random.Random(seed)
        self.seconds_per_move = None

    def choose_move(self):
        """The column (0-based) to play: replace this with your own player."""
        return self.rng.choice(self.board.legal())

    def handle(self, name, args):
        """Runs one command; returns its answer, or raises ValueError for a failure."""
        if name == "protocol_version":
            return "2"
        if name == "name":
            return self.name
        if name == "version":
            return "1.0"
        if name == "known_command":
            return "true" if args and args[0] in COMMANDS else "false"
        if name == "list_commands":
            return "\n".join(COMMANDS)
        if name == "game":
            spec = " ".join(args)
            m = re.fullmatch(r"connect4(?:\(width=(\d+),height=(\d+)\))?", spec)
            if not m:
                raise ValueError("this bot plays only connect4, not %s" % spec)
            self.board = Board(int(m.group(1) or 7), int(m.group(2) or 6))
            return "connect4"
        if name == "boardsize":
            if len(args) != 2:
                raise ValueError("boardsize WIDTH HEIGHT")
            self.board = Board(int(args[0]), int(args[1]))
            return ""
        if name == "clear_board":
            self.board = Board(self.board.width, self.board.height)
            return ""
        if name == "play":
            if len(args) != 2 or args[0].lower() not in COLOURS:
                raise ValueError("play COLOUR COLUMN")
            self.board.play(int(args[1]) - 1)
            return ""
        if name == "genmove":
            column = self.choose_move()
            self.board.play(column)
            return str(column + 1)
        if name == "undo":
            self.board.undo()
            return ""
        if name == "time_settings":
            self.seconds_per_move = float(args[1])
            return ""
        if name in ("time_left", "quit"):
            return ""
        raise ValueError("unknown command")


def serve(bot, stdin=sys.stdin, stdout=sys.stdout):
    """The protocol loop."""
    print("%s started" % bot.name, file=sys.stderr, flush=True)
    for line in stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
        if not words:
            continue
        name, args = words[0], words[1:]
        try:
            stdout.write("=%s %s\n\n" % (ident, bot.handle(name, args)))
        except (ValueError, IndexError) as e:
            stdout.write("?%s %s\n\n" % (ident, e))
        stdout.flush()
        if name == "quit":
            break


if __name__ == "__main__":
    serve(Bot(int(sys.argv[1]) if len(sys.argv) > 1 else None))
