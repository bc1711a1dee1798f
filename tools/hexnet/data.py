"""Training positions for hexmc's policy net from poda match records.

The net's input (crates/players/src/hexmc/net.rs, which must agree with this file): the
position is normalised so that the side to move is Black (joins the top and bottom edges);
for White to move the board is transposed (x, y) -> (y, x) and the colours swapped. A grid of
(N+2)^2 cells frames the board: rows 0 and N+1 hold the mover's edge stones, columns 0 and N+1
the opponent's, the corners neither. Planes: 0 the mover's stones, 1 the opponent's, 2 the
empty cells of the board, 3 ones on the whole grid, 4 the opponent's last move.
"""
import json
import re

import numpy as np

PLANES = 5


def cell(move):
    """(x, y) of a cell such as 'c4' (column letter, row number)."""
    return ord(move[0]) - 97, int(move[1:]) - 1


def planes(n, stones, to_move, last):
    """stones: {(x, y): colour} with 0 Black, 1 White. Returns (PLANES, n+2, n+2) float32."""
    g = np.zeros((PLANES, n + 2, n + 2), np.float32)
    g[3] = 1.0
    g[2, 1:n + 1, 1:n + 1] = 1.0
    g[0, 0, 1:n + 1] = 1.0
    g[0, n + 1, 1:n + 1] = 1.0
    g[1, 1:n + 1, 0] = 1.0
    g[1, 1:n + 1, n + 1] = 1.0
    for (x, y), colour in stones.items():
        if to_move == 1:
            x, y = y, x
        g[0 if colour == to_move else 1, y + 1, x + 1] = 1.0
        g[2, y + 1, x + 1] = 0.0
    if last is not None:
        x, y = last
        if to_move == 1:
            x, y = y, x
        g[4, y + 1, x + 1] = 1.0
    return g


def target(n, move, to_move):
    """The index of the played cell in the normalised board, y * n + x."""
    x, y = move
    if to_move == 1:
        x, y = y, x
    return y * n + x


def hex_records(paths):
    """The Hex games of poda match records (JSON lines; other lines skipped), each with its
    board size (11 where the game's spec gives none)."""
    for path in paths:
        for line in open(path):
            line = line.strip()
            if not line.startswith('{'):
                continue
            g = json.loads(line)
            spec = str(g.get('game', ''))
            if spec.startswith('hex'):
                found = re.search(r'size=(\d+)', spec)
                yield g, int(found.group(1)) if found else 11


def read_records(paths, player):
    """Games of poda match records (JSON lines) where a player's name holds `player`: a list
    of {'size', 'moves', 'learn': (first?, second?)}, one per distinct game."""
    seen, games = set(), []
    for g, size in hex_records(paths):
        if not {'moves', 'first', 'second'} <= g.keys():
            continue
        learn = (player in g['first'].lower(), player in g['second'].lower())
        key = (size, tuple(g['moves']), learn)
        if any(learn) and key not in seen:
            seen.add(key)
            games.append({'size': size, 'moves': g['moves'], 'learn': learn,
                          'opening': g.get('opening_plies', 0)})
    return games


def samples(games):
    """Per board size, (X, Y): the positions where a learned player moved, and its move."""
    out = {}
    for g in games:
        n = g['size']
        stones, last = {}, None
        for ply, text in enumerate(g['moves']):
            move = cell(text)
            to_move = ply % 2
            if ply >= g['opening'] and g['learn'][to_move] and move not in stones:
                xs, ys = out.setdefault(n, ([], []))
                xs.append(planes(n, stones, to_move, last))
                ys.append(target(n, move, to_move))
            stones[move] = to_move
            last = move
    return {n: (np.stack(x), np.array(y, np.int64)) for n, (x, y) in out.items()}


def rotate(xs, ys, n):
    """The 180-degree rotation, which keeps both players' goals: both grid axes flipped."""
    rows, cols = ys // n, ys % n
    return xs[:, :, ::-1, ::-1].copy(), (n - 1 - rows) * n + (n - 1 - cols)


def result_games(paths, per_game, rng):
    """Games of poda match records, for the value net: a list of {'size', 'moves', 'values',
    'winner'} (train_value.py's lines), `per_game` positions of each game after its opening
    (drawn by `rng`; all of them if it has fewer) labelled 1 where their side to move won.
    A game without a winner (adjudicated, or a forfeit's record without moves) is skipped."""
    out = []
    for g, size in hex_records(paths):
        winner = {'1-0': 0, '0-1': 1}.get(g.get('result'))
        if winner is None or g.get('adjudicated'):
            continue
        moves, opening = g['moves'], g.get('opening_plies', 0)
        open_plies = list(range(opening, len(moves)))
        if not open_plies:
            continue
        drawn = set(rng.choice(open_plies, min(per_game, len(open_plies)), replace=False))
        values = [float(i % 2 == winner) if i in drawn else None for i in range(len(moves))]
        out.append({'size': size, 'moves': moves, 'values': values, 'winner': winner})
    return out
