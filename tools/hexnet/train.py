"""Fits hexmc's policy net (crates/players/src/hexmc/net.rs) on the moves of a player in
recorded games, and writes the weights file hexmc reads.

    pip install torch numpy
    python3 tools/hexnet/train.py --out NET.txt [--player mohex] [--layers 6] [--filters 32]
        [--init NET0.txt] [--epochs 6] [--seed 1] [--exclude LABELS.jsonl] RECORDS.jsonl...

RECORDS are `poda match --record` files; the moves of every player whose name holds
`--player` are learned (both sides of a self-play game). One game in ten, chosen by its
opening, is held out, and the top-1 accuracy and mean log-likelihood on its positions are
printed per board size after each epoch (and written in the weights file's header).
`--exclude` leaves out the games that pass through the positions of a labels file (so that
an oracle built on those positions stays unseen). `--init` starts from a policy net file
(its layers and filters replace `--layers` and `--filters`); `--epochs 0` only scores it on
the held-out games and writes nothing.

The model: `--layers` 3x3 convolutions of `--filters` channels with ReLU, then a 1x1
convolution to one logit per cell; softmax over the empty cells; cross-entropy on the played
move; Adam with a one-cycle schedule; each position also in its 180-degree rotation.
"""
import argparse
import json
import sys
import zlib

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from data import PLANES, read_records, rotate, samples
from fitting import conv_of, file_lines, fit, read_convs, write_conv


class Net(nn.Module):
    def __init__(self, layers, filters):
        super().__init__()
        self.convs = nn.ModuleList(
            [nn.Conv2d(PLANES if i == 0 else filters, filters, 3, padding=1) for i in range(layers)])
        self.head = nn.Conv2d(filters, 1, 1)

    @staticmethod
    def read(path):
        """A policy net file's net (ValueError if it is not one this class can hold)."""
        layers = read_convs(file_lines(path))
        if len(layers) < 2:
            raise ValueError(f'{path}: a policy net has at least two convolutions')
        net = Net(len(layers) - 1, layers[0][0].shape[0])
        for conv, (w, _) in zip(list(net.convs) + [net.head], layers):
            if w.shape != conv.weight.shape:
                raise ValueError(f'{path}: a convolution of shape {tuple(w.shape)} where '
                                 f'{tuple(conv.weight.shape)} was expected')
        net.convs = nn.ModuleList([conv_of(w, b) for w, b in layers[:-1]])
        net.head = conv_of(*layers[-1])
        return net

    def forward(self, x):
        for conv in self.convs:
            x = F.relu(conv(x))
        z = self.head(x)[:, 0, 1:-1, 1:-1]
        return z.reshape(z.shape[0], -1)


def masked_logits(net, x):
    z = net(x)
    empty = x[:, 2, 1:-1, 1:-1].reshape(z.shape[0], -1)
    return z.masked_fill(empty < 0.5, -1e9)


def evaluate(net, held):
    net.eval()
    result = {}
    with torch.no_grad():
        for n, (xs, ys) in sorted(held.items()):
            hits, ll = 0, 0.0
            for i in range(0, len(ys), 512):
                z, y = masked_logits(net, xs[i:i + 512]), ys[i:i + 512]
                hits += (z.argmax(1) == y).sum().item()
                ll -= F.cross_entropy(z, y, reduction='sum').item()
            result[n] = (round(hits / len(ys), 4), round(ll / len(ys), 3))
    net.train()
    return result


def write(net, path, header):
    with open(path, 'w') as f:
        f.write(f'# {header}\n')
        for conv in list(net.convs) + [net.head]:
            write_conv(f, conv.weight, conv.bias)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('records', nargs='+')
    ap.add_argument('--out', required=True)
    ap.add_argument('--player', default='mohex')
    ap.add_argument('--layers', type=int, default=6)
    ap.add_argument('--filters', type=int, default=32)
    ap.add_argument('--epochs', type=int, default=6)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=1)
    ap.add_argument('--exclude')
    ap.add_argument('--init')
    a = ap.parse_args()
    if a.epochs < 0:
        ap.error('--epochs must be 0 or more')
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    torch.set_num_threads(a.threads)
    # Denormal numbers appear as the fit goes on and slow every epoch down several times.
    torch.set_flush_denormal(True)

    games = read_records(a.records, a.player.lower())
    if a.exclude:
        rows = [json.loads(l) for l in open(a.exclude) if l.strip()]
        labelled = {(row.get('size', 11), tuple(row['moves'])) for row in rows}
        lengths = {len(m) for _, m in labelled}
        before = len(games)
        games = [g for g in games
                 if not any((g['size'], tuple(g['moves'][:k])) in labelled for k in lengths)]
        print(f'left out {before - len(games)} games through the labelled positions')

    if not games:
        raise ValueError('no games with moves of the player ' + repr(a.player))

    def held_out(g):
        return zlib.crc32(f"{g['size']} {' '.join(g['moves'][:2])}".encode()) % 10 == 0

    train = samples([g for g in games if not held_out(g)])
    held = samples([g for g in games if held_out(g)])
    for n in list(train):
        xs, ys = train[n]
        xr, yr = rotate(xs, ys, n)
        train[n] = (np.concatenate([xs, xr]), np.concatenate([ys, yr]))
    print(f'{len(games)} games; positions (with rotations) by size: train',
          {n: len(v[1]) for n, v in sorted(train.items())},
          'held out', {n: len(v[1]) for n, v in sorted(held.items())}, flush=True)
    train = {n: (torch.from_numpy(x), torch.from_numpy(y)) for n, (x, y) in train.items()}
    held = {n: (torch.from_numpy(x), torch.from_numpy(y)) for n, (x, y) in held.items()}

    net = Net.read(a.init) if a.init else Net(a.layers, a.filters)
    if a.epochs == 0:
        print('held out (top-1, log-likelihood)', evaluate(net, held))
        return

    def report(epoch, loss, seconds):
        print(f'epoch {epoch}: loss {loss:.3f}, held out (top-1, log-likelihood) '
              f'{evaluate(net, held)}, {seconds:.0f} s', flush=True)

    fit(net, train, lambda net, x, y: F.cross_entropy(masked_logits(net, x), y),
        a.epochs, a.batch, a.lr, rng, report)
    start = f', from {a.init}' if a.init else ''
    header = (f'hexmc policy net: {len(net.convs)} layers of {net.head.in_channels} filters, '
              f'fitted by tools/hexnet/train.py on {len(games)} games ({a.player}){start}, held out '
              f'(top-1, log-likelihood) {evaluate(net, held)}')
    write(net, a.out, header)
    print('written', a.out)


if __name__ == '__main__':
    try:
        main()
    except (OSError, ValueError, KeyError, IndexError) as e:
        # An unreadable file or a malformed record or label: one line, exit 2.
        print(f'train.py: {type(e).__name__}: {e}', file=sys.stderr)
        sys.exit(2)
