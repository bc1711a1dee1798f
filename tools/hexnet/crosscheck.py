"""Prints a weights file's logits on one position, computed by PyTorch: the reference values
of the Rust forward pass's test (crates/players/src/hexmc/net.rs, `logits_match_pytorch`).
With `--value`, NET.txt is a value net file and the chance that the side to move wins is
printed instead (crates/players/src/hexmc/value.rs, `value_matches_pytorch`).

    python3 tools/hexnet/crosscheck.py [--value] NET.txt SIZE MOVE...
"""
import sys

import torch
import torch.nn.functional as F

from data import cell, planes
from fitting import file_lines, read_convs


def position(n, moves):
    """The net's input after `moves` (Black first), and its stones and side to move."""
    stones, last = {}, None
    for ply, text in enumerate(moves):
        stones[cell(text)] = ply % 2
        last = cell(text)
    to_move = len(moves) % 2
    return torch.from_numpy(planes(n, stones, to_move, last))[None], stones, to_move


def value(path, n, moves):
    """The value net's chance that the side to move after `moves` wins."""
    from train_value import read_value
    layers, head = read_value(path)
    with torch.no_grad():
        x, _, _ = position(n, moves)
        for w, b in layers[:-1]:
            x = F.relu(F.conv2d(x, w, b, padding=w.shape[-1] // 2))
        return float(torch.sigmoid(head(x))[0])


def logits(layers, n, moves):
    """{cell: logit} for the empty cells after `moves` (Black first)."""
    x, stones, to_move = position(n, moves)
    for j, (w, b) in enumerate(layers):
        x = F.conv2d(x, w, b, padding=w.shape[-1] // 2)
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
    args = sys.argv[1:]
    as_value = args[:1] == ['--value']
    if as_value:
        args = args[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    try:
        if as_value:
            print(f'{value(args[0], int(args[1]), args[2:]):.6f}')
        else:
            result = logits(read_convs(file_lines(args[0])), int(args[1]), args[2:])
            print(' '.join(f'{k} {v:.5f}' for k, v in sorted(result.items())))
    except (OSError, ValueError, RuntimeError, IndexError) as e:
        print(f'crosscheck.py: {type(e).__name__}: {e}', file=sys.stderr)
        sys.exit(2)
