#!/usr/bin/env python3
"""A course bot for tests, reading the referee's messages word by word as the course's kit
does (SimulatorLink: `cin >> word`, TIMEOUT answered with the previous answer again).

    kit_bot.py first-pit            plays its first non-empty pit
    kit_bot.py crash                dies when asked for a move
    kit_bot.py sleepy               never answers GETMOVE
    kit_bot.py garbage              answers GETMOVE with words
    kit_bot.py stubborn             always answers pit 6 (soon empty)
    kit_bot.py replay FILE PROC LOG answers as the bot of a recorded transcript (FILE, process
                                    PROC) did, and writes every byte it reads to LOG
"""

import json
import os
import sys
import time


class Words:
    """Whitespace-separated words from stdin, read with os.read so that LOG sees the bytes."""

    def __init__(self, log):
        self.buffer = b""
        self.log = log

    def next(self):
        while True:
            stripped = self.buffer.lstrip()
            end = next((i for i, b in enumerate(stripped) if chr(b).isspace()), None)
            if end is not None:
                self.buffer = stripped[end:]
                return stripped[:end].decode("utf-8", "replace")
            chunk = os.read(0, 4096)
            if not chunk:
                word = stripped.decode("utf-8", "replace")
                self.buffer = b""
                return word or None
            if self.log:
                self.log.write(chunk)
                self.log.flush()
            self.buffer = stripped + chunk


def first_pit(numbers):
    n = numbers[0]
    turn = numbers[1 + n]
    side = numbers[2 + n + 7 * turn:2 + n + 7 * turn + 7]
    for k in range(1, 7):
        if side[k] > 0:
            return str(k)
    return "1"


def main():
    mode = sys.argv[1]
    log = open(sys.argv[4], "ab") if mode == "replay" else None
    answers = []
    if mode == "replay":
        with open(sys.argv[2]) as f:
            for line in f:
                entry = json.loads(line)
                if entry.get("proc") == int(sys.argv[3]) and entry.get("from") == "bot" and "data" in entry:
                    answers.append(entry["data"].rstrip("\n"))
        answers.reverse()
    words = Words(log)
    previous = ""
    while True:
        word = words.next()
        if word is None:
            return
        if word == "END":
            print("OK", flush=True)
            return
        if word in ("SETPLAYER", "TIMEOUT"):
            words.next()
        if word == "GETMOVE":
            n = int(words.next())
            numbers = [n] + [int(words.next()) for _ in range(n + 15)]
            if mode == "crash":
                print("segmentation fault (pretend)", file=sys.stderr, flush=True)
                sys.exit(139)
            if mode == "sleepy":
                time.sleep(30)
            previous = {
                "garbage": "M3 please",
                "stubborn": "6",
            }.get(mode) or first_pit(numbers)
        elif word == "PING":
            previous = "PONG"
        elif word == "GETNAME":
            previous = "KitBot"
        elif word == "SETPLAYER":
            previous = "OK"
        if mode == "replay":
            previous = answers.pop() if answers else ""
        print(previous, flush=True)


main()
