"""Fits hexmc's value net (crates/players/src/hexmc/value.rs): a trunk of the policy net's
form, started from the policy net, and a head that gives the chance that the side to move
wins; writes the weights file hexmc reads.

    pip install torch numpy
    cargo run --release -p poda-players --example hex_net_games -- 11 20000 1 0.5 4 3 > GAMES.jsonl
    python3 tools/hexnet/train_value.py --net crates/players/data/hex-net.txt --out VALUE.txt
        [--init VALUE0.txt instead of --net] [--epochs 4] [--scale 1] [--hidden 32]
        [--seed 1] [--threads 1] [--test MOHEX.jsonl] [--records MATCH.jsonl --per-game 8]
        GAMES.jsonl...

GAMES are JSON lines `{"size": N, "moves": ["e5", ...], "values": [null, ..., 1], "winner":
0 or 1}`: moves from the empty board; `values[i]`, where not null, the target for the position
before move `i` (Black moves at even `i`), its side to move's chance to win: 1 or 0 for a
result (`hex_net_games` writes one such position per line), a searcher's win rate in a test
file. `winner` is the side that won (0 Black, 1 White); a game without one is skipped. Every
position is learned also in its 180-degree rotation. One game in twenty, chosen by its
opening, is held out. `--test` files (a strong searcher's win rates along its own games, as
MoHex 2.0's self-play with `mohex-values` gives them) are scored after every epoch on their
open positions (values strictly between 0 and 1): the mean squared error against the
searcher's value (and that of a constant, the mean), and the share of positions whose game's
winner the net and the searcher each foretell (a value above 1/2).

`--records` files are `poda match --record` lines (games of searchers such as hexmc against
each other): `--per-game` positions of each game after its random opening are learned with
the game's result. `--init` starts from a value net file (trunk and head; `--hidden` is then
the file's) instead of a policy net; `--epochs 0` scores it and writes nothing. `--scale S`
multiplies the output logit by S at the end: S below 1 makes the net less sure (the playouts'
and MoHex's win rates, averages of a search, are less extreme than a game's result).

The head: a 1x1 convolution of the trunk's last hidden layer with ReLU, the mean and the
maximum of each channel over the board's cells, a dense layer of `--hidden` units with ReLU,
one output through the logistic function. Cross-entropy; Adam with a one-cycle schedule.
"""
import argparse
import json
import sys
import zlib

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from data import cell, planes, result_games, rotate
from fitting import conv_of, file_lines, fit, read_convs, write_conv


class Head(nn.Module):
    def __init__(self, channels, units):
        super().__init__()
        self.mix = nn.Conv2d(channels, channels, 1)
        self.dense = nn.Linear(2 * channels, units)
        self.out = nn.Linear(units, 1)

    def forward(self, h):
        """h: the hidden layer on the framed grid; the pools run over the board's cells."""
        z = F.relu(self.mix(h))[:, :, 1:-1, 1:-1].flatten(2)
        pooled = torch.cat([z.mean(2), z.amax(2)], 1)
        return self.out(F.relu(self.dense(pooled)))[:, 0]


def read_value(path):
    """A value net file's trunk (its convolutions, as read_convs gives them) and head."""
    lines = file_lines(path)
    layers = read_convs(lines, more=True)
    lines = lines[3 * len(layers):]
    if not lines or lines[0].split()[0] != 'value' or len(lines[0].split()) != 3:
        raise ValueError(f'{path}: no `value C U` line after the convolutions')
    c, u = (int(v) for v in lines[0].split()[1:])
    head = Head(c, u)
    params = [head.mix.weight, head.mix.bias, head.dense.weight, head.dense.bias,
              head.out.weight, head.out.bias]
    if len(lines) != 1 + len(params):
        raise ValueError(f'{path}: {len(lines) - 1} lines after `value`, expected {len(params)}')
    with torch.no_grad():
        for t, line in zip(params, lines[1:]):
            t.copy_(torch.tensor([float(v) for v in line.split()]).reshape(t.shape))
    return layers, head


class ValueNet(nn.Module):
    """The policy net's trunk (its 1x1 move head kept as it was, unused) and a value head."""

    def __init__(self, layers, units, head=None):
        super().__init__()
        self.convs = nn.ModuleList([conv_of(w, b) for w, b in layers[:-1]])
        self.move_head = layers[-1]
        self.head = head or Head(layers[-1][0].shape[1], units)

    def forward(self, x):
        for conv in self.convs:
            x = F.relu(conv(x))
        return self.head(x)


def positions(games):
    """Per board size: planes, targets, and whether the side to move won."""
    out = {}
    for g in games:
        n, stones, last = g['size'], {}, None
        for i, text in enumerate(g['moves']):
            v = g['values'][i] if i < len(g['values']) else None
            if v is not None:
                rows = out.setdefault(n, ([], [], []))
                rows[0].append(planes(n, stones, i % 2, last))
                rows[1].append(v)
                rows[2].append(float(g['winner'] == i % 2))
            move = cell(text)
            stones[move] = i % 2
            last = move
    return {n: tuple(np.array(r, np.float32) for r in rows) for n, rows in out.items()}


def write(net, path, header):
    with open(path, 'w') as f:
        f.write(f'# {header}\n')
        for w, b in [(c.weight, c.bias) for c in net.convs] + [net.move_head]:
            write_conv(f, w, b)
        h = net.head
        f.write(f'value {h.mix.weight.shape[0]} {h.dense.weight.shape[0]}\n')
        for t in [h.mix.weight, h.mix.bias, h.dense.weight, h.dense.bias, h.out.weight,
                  h.out.bias]:
            f.write(' '.join(f'{v:.6g}' for v in t.detach().numpy().reshape(-1)) + '\n')


def score(net, sets, open_only):
    net.eval()
    out = {}
    with torch.no_grad():
        for n, (x, v, won) in sorted(sets.items()):
            keep = (v > 0) & (v < 1) if open_only else np.ones(len(v), bool)
            if not keep.any():
                continue
            p = torch.cat([torch.sigmoid(net(x[i:i + 512])) for i in range(0, len(x), 512)])
            p, v, won = p.numpy()[keep], v[keep], won[keep]
            out[n] = {'positions': int(keep.sum()),
                      'mse': round(float(((p - v) ** 2).mean()), 4),
                      'mse_of_mean': round(float(((v.mean() - v) ** 2).mean()), 4),
                      'winner_net': round(float(((p > 0.5) == (won > 0.5)).mean()), 3),
                      'winner_values': round(float(((v > 0.5) == (won > 0.5)).mean()), 3)}
    net.train()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('games', nargs='*')
    ap.add_argument('--net')
    ap.add_argument('--init')
    ap.add_argument('--out', required=True)
    ap.add_argument('--hidden', type=int, default=32)
    ap.add_argument('--epochs', type=int, default=4, help='0: only score the start')
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--lr', type=float, default=1e-3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--test', action='append', default=[])
    ap.add_argument('--records', action='append', default=[])
    ap.add_argument('--scale', type=float, default=1.0,
                    help='multiply the output logit by this before writing (below 1: less sure)')
    ap.add_argument('--per-game', type=int, default=8)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    torch.set_num_threads(a.threads)
    # Denormal numbers appear as the fit goes on and slow every epoch down several times.
    torch.set_flush_denormal(True)
    if (a.net is None) == (a.init is None):
        ap.error('give one of --net (a policy net to start from) and --init (a value net)')
    if a.init:
        layers, head = read_value(a.init)
    else:
        layers, head = read_convs(file_lines(a.net)), None

    def read(paths):
        games = [json.loads(l) for p in paths for l in open(p) if l.strip()]
        return [g for g in games if g.get('winner') in (0, 1)]

    def held_out(g):
        return zlib.crc32(f"{g['size']} {' '.join(g['moves'][:2])}".encode()) % 20 == 0

    def tensors(games, both):
        out = {}
        for n, (x, v, won) in positions(games).items():
            if both:
                x = np.concatenate([x, rotate(x, np.zeros(len(x), np.int64), n)[0]])
                v, won = np.tile(v, 2), np.tile(won, 2)
            out[n] = (torch.from_numpy(x), v, won)
        return out

    if not a.games and not a.records:
        ap.error('no games: give GAMES files or --records')
    if not 0 < a.scale < float('inf'):
        ap.error('--scale must be above 0')
    if a.per_game < 1 or a.epochs < 0:
        ap.error('--per-game must be at least 1, --epochs at least 0')
    games = read(a.games) + result_games(a.records, a.per_game, rng)
    train = tensors([g for g in games if not held_out(g)], True)
    held = tensors([g for g in games if held_out(g)], False)
    tests = tensors(read(a.test), False) if a.test else {}
    count = sum(v is not None for g in games for v in g['values'])
    print(f'{len(games)} games, {count} positions; by size (with rotations): train',
          {n: len(v[1]) for n, v in sorted(train.items())},
          'held out', {n: len(v[1]) for n, v in sorted(held.items())}, flush=True)

    net = ValueNet(layers, a.hidden, head)

    def report(epoch, loss, seconds):
        print(f'epoch {epoch}: loss {loss:.4f}, held out {score(net, held, False)}, '
              f'{seconds:.0f} s', flush=True)
        if tests:
            print(f'    test {score(net, tests, True)}', flush=True)

    batches = {n: (x, torch.from_numpy(v)) for n, (x, v, _) in train.items()}
    if a.epochs > 0:
        fit(net, batches, lambda net, x, y: F.binary_cross_entropy_with_logits(net(x), y),
            a.epochs, a.batch, a.lr, rng, report)
    else:
        report('- (no fit)', float('nan'), 0)
    if a.scale != 1:
        with torch.no_grad():
            net.head.out.weight.mul_(a.scale)
            net.head.out.bias.mul_(a.scale)
        report(f'- (output logit times {a.scale})', float('nan'), 0)
    if a.epochs == 0 and a.scale == 1:
        return
    start = f'the trunk of {a.net}' if a.net else f'{a.init}'
    scaled = f', its output logit times {a.scale}' if a.scale != 1 else ''
    header = (f'hexmc value net: {start} fitted {a.epochs} epochs with a head of {net.head.dense.weight.shape[0]} units{scaled} '
              f'by tools/hexnet/train_value.py on {count} positions of {len(games)} games, held out '
              f'{score(net, held, False)}' + (f', test {score(net, tests, True)}' if tests else ''))
    write(net, a.out, header)
    print('written', a.out)


if __name__ == '__main__':
    try:
        main()
    except (OSError, ValueError, KeyError, IndexError) as e:
        print(f'train_value.py: {type(e).__name__}: {e}', file=sys.stderr)
        sys.exit(2)
