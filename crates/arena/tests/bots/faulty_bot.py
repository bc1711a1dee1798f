#!/usr/bin/env python3
"""A test fixture: the example random bot, failing on purpose at its N-th genmove.

    faulty_bot.py MODE N      MODE: crash | hang | illegal | offboard | garbage | resign |
                                    flood | stderr-flood | exit | none

The count restarts with each process, so a restarted bot fails again at its N-th genmove.
`flood` writes lines without end instead of an answer; `stderr-flood` writes 64 MiB to
stderr, then plays on; `exit` quits before reading anything (N is ignored).
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..",
                                "examples", "bots"))
import random_bot  # noqa: E402


class Faulty(random_bot.Bot):
    name = "faulty_bot"

    def __init__(self, mode, at):
        super().__init__(seed=1)
        self.mode, self.at, self.genmoves = mode, at, 0

    def handle(self, name, args):
        if name == "genmove":
            self.genmoves += 1
            if self.genmoves == self.at:
                print("failing now: %s" % self.mode, file=sys.stderr, flush=True)
                if self.mode == "crash":
                    sys.exit(3)
                if self.mode == "hang":
                    time.sleep(60)
                if self.mode == "illegal":
                    return "1"  # whether or not column 1 is full
                if self.mode == "offboard":
                    return "99"
                if self.mode == "garbage":
                    sys.stdout.write("I think the best move is 4\n")
                    sys.stdout.flush()
                if self.mode == "resign":
                    return "resign"
                if self.mode == "flood":
                    line = "flood " * 20 + "\n"
                    try:
                        while True:
                            sys.stdout.write(line)
                    except (BrokenPipeError, OSError):
                        sys.exit(0)
                if self.mode == "stderr-flood":
                    chunk = "e" * 65535 + "\n"
                    for _ in range(1024):
                        sys.stderr.write(chunk)
                    sys.stderr.flush()
        return super().handle(name, args)


if __name__ == "__main__":
    if sys.argv[1] == "exit":
        sys.exit(0)
    random_bot.serve(Faulty(sys.argv[1], int(sys.argv[2])))
