"""Fits hexmc's value net (crates/players/src/hexmc/value.rs): a trunk of the policy net's
form, started from the policy net, and a head that gives the chance that the side to move
wins; writes the weights file hexmc reads.

    pip install torch numpy
    cargo run --release -p poda-players --example hex_net_games -- 11 20000 1 0.5 4 3 > GAMES.jsonl
    python3 tools/hexnet/train_value.py --net crates/players/data/hex-net.txt --out VALUE.txt
        [--epochs 4] [--hidden 32] [--seed 1] [--threads 1] [--test MOHEX.jsonl] GAMES.jsonl...

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

from data import cell, planes, rotate
from fitting import file_lines, fit, read_convs, write_conv


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


class ValueNet(nn.Module):
    """The policy net's trunk (its 1x1 move head kept as it was, unused) and a value head."""

    def __init__(self, layers, units):
        super().__init__()
        self.convs = nn.ModuleList()
        for w, b in layers[:-1]:
            conv = nn.Conv2d(w.shape[1], w.shape[0], w.shape[2], padding=w.shape[2] // 2)
            with torch.no_grad():
                conv.weight.copy_(w)
                conv.bias.copy_(b)
            self.convs.append(conv)
        self.move_head = layers[-1]
        self.head = Head(layers[-1][0].shape[1], units)

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
    ap.add_argument('games', nargs='+')
    ap.add_argument('--net', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--hidden', type=int, default=32)
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--lr', type=float, default=1e-3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--test', action='append', default=[])
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    torch.set_num_threads(a.threads)
    # Denormal numbers appear as the fit goes on and slow every epoch down several times.
    torch.set_flush_denormal(True)
    layers = read_convs(file_lines(a.net))

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

    games = read(a.games)
    train = tensors([g for g in games if not held_out(g)], True)
    held = tensors([g for g in games if held_out(g)], False)
    tests = tensors(read(a.test), False) if a.test else {}
    print(f'{len(games)} lines; positions by size (with rotations): train',
          {n: len(v[1]) for n, v in sorted(train.items())},
          'held out', {n: len(v[1]) for n, v in sorted(held.items())}, flush=True)

    net = ValueNet(layers, a.hidden)

    def report(epoch, loss, seconds):
        print(f'epoch {epoch}: loss {loss:.4f}, held out {score(net, held, False)}, '
              f'{seconds:.0f} s', flush=True)
        if tests:
            print(f'    test {score(net, tests, True)}', flush=True)

    batches = {n: (x, torch.from_numpy(v)) for n, (x, v, _) in train.items()}
    fit(net, batches, lambda net, x, y: F.binary_cross_entropy_with_logits(net(x), y),
        a.epochs, a.batch, a.lr, rng, report)
    header = (f'hexmc value net: the trunk of {a.net} fitted further with a head of {a.hidden} units '
              f'by tools/hexnet/train_value.py on {len(games)} positions, held out '
              f'{score(net, held, False)}' + (f', test {score(net, tests, True)}' if tests else ''))
    write(net, a.out, header)
    print('written', a.out)


if __name__ == '__main__':
    try:
        main()
    except (OSError, ValueError, KeyError, IndexError) as e:
        print(f'train_value.py: {type(e).__name__}: {e}', file=sys.stderr)
        sys.exit(2)
