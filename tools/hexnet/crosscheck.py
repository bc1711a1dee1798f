"""Prints a weights file's logits on one position, computed by PyTorch: the reference values
of the Rust forward pass's test (crates/players/src/hexmc/net.rs, `logits_match_pytorch`).

    python3 tools/hexnet/crosscheck.py NET.txt SIZE MOVE...
"""
import sys

import torch
import torch.nn.functional as F

from data import cell, planes


def load(path):
    lines = [l for l in open(path) if l.strip() and not l.startswith('#')]
    layers = []
    for i in range(0, len(lines), 3):
        _, ci, co, k = lines[i].split()
        ci, co, k = int(ci), int(co), int(k)
        w = torch.tensor([float(v) for v in lines[i + 1].split()]).reshape(co, ci, k, k)
        b = torch.tensor([float(v) for v in lines[i + 2].split()])
        layers.append((w, b, k))
    return layers


def logits(layers, n, moves):
    """{cell: logit} for the empty cells after `moves` (Black first)."""
    stones, last = {}, None
    for ply, text in enumerate(moves):
        stones[cell(text)] = ply % 2
        last = cell(text)
    to_move = len(moves) % 2
    x = torch.from_numpy(planes(n, stones, to_move, last))[None]
    for j, (w, b, k) in enumerate(layers):
        x = F.conv2d(x, w, b, padding=k // 2)
        if j + 1 < len(layers):
            x = F.relu(x)
    z = x[0, 0, 1:-1, 1:-1].numpy()
    out = {}
    for gy in range(n):
        for gx in range(n):
            # The grid is the board for Black to move, its transpose for White.
            bx, by = (gx, gy) if to_move == 0 else (gy, gx)
            if (bx, by) not in stones:
                out[f'{chr(97 + bx)}{by + 1}'] = float(z[gy, gx])
    return out


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    try:
        result = logits(load(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])
    except (OSError, ValueError, RuntimeError, IndexError) as e:
        print(f'crosscheck.py: {type(e).__name__}: {e}', file=sys.stderr)
        sys.exit(2)
    print(' '.join(f'{k} {v:.5f}' for k, v in sorted(result.items())))
