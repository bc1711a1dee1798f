#!/usr/bin/env python3
"""A test fixture that speaks HTP the way MoHex 2.0 does: no `game` and no `time_settings`
(unknown commands), `boardsize N N` sets the board, `param_mohex` and `param_game` settings,
`genmove` plays the first empty cell on its own board, and from the FAIL-th genmove of a
process on it answers `? ...` as MoHex does in some lost positions.

    htp_bot.py FAIL      (0: never fail)

Every command it reads goes to stderr (the agent's log), after a line `started`.
"""

import sys

FAIL = int(sys.argv[1])


def main():
    print("started", file=sys.stderr, flush=True)
    size, stones, genmoves = 0, {}, 0
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        print(line, file=sys.stderr, flush=True)
        words = line.split()
        name, args = words[0], words[1:]
        answer, ok = "", True
        if name in ("protocol_version",):
            answer = "2"
        elif name == "name":
            answer = "htp_bot"
        elif name == "known_command":
            answer = "true" if args and args[0] in ("boardsize", "play", "genmove") else "false"
        elif name == "boardsize" and len(args) == 2 and args[0] == args[1]:
            size, stones = int(args[0]), {}
        elif name in ("param_mohex", "param_game"):
            pass
        elif name == "clear_board":
            stones = {}
        elif name == "play" and len(args) == 2 and size:
            if args[1] in stones:
                answer, ok = "illegal move: %s (occupied)" % args[1], False
            else:
                stones[args[1]] = args[0]
        elif name == "genmove" and size:
            genmoves += 1
            if FAIL and genmoves >= FAIL:
                answer, ok = "no move: the game is lost", False
            else:
                cells = ["%s%d" % (chr(ord("a") + x), y + 1)
                         for y in range(size) for x in range(size)]
                answer = next(c for c in cells if c not in stones)
                stones[answer] = args[0]
        elif name == "quit":
            print("= \n", flush=True)
            return
        else:
            answer, ok = "unknown command: %s" % name, False
        print("%s %s\n" % ("=" if ok else "?", answer), flush=True)


main()
