"""What the policy net's and the value net's fits share (train.py, train_value.py): the weights
file's convolution lines, read and written, and the training loop.

A weights file holds per convolution a line `conv IN OUT K`, a line of its `OUT x IN x K x K`
weights in PyTorch's order and a line of its `OUT` biases (crates/players/src/hexmc/net.rs);
lines starting with `#` are comments.
"""
import time

import numpy as np
import torch
import torch.nn as nn


def read_convs(lines, more=False):
    """The convolutions of a weights file's lines (comments left out) as (weight, bias)
    tensors, in order. With `more`, lines after the last convolution (a value head's) are
    left for the caller; without, they are an error (ValueError), as is a convolution whose
    lines are missing or malformed."""
    layers = []
    i = 0
    while i < len(lines) and lines[i].split()[0] == 'conv':
        if i + 2 >= len(lines):
            raise ValueError(f'the weights of {lines[i]!r} are missing')
        _, ci, co, k = lines[i].split()
        w = torch.tensor([float(v) for v in lines[i + 1].split()]).reshape(
            int(co), int(ci), int(k), int(k))
        b = torch.tensor([float(v) for v in lines[i + 2].split()])
        layers.append((w, b))
        i += 3
    if i < len(lines) and not more:
        raise ValueError(f'{lines[i][:40]!r} is not a convolution line')
    return layers


def file_lines(path):
    """A weights file's lines, comments and blank lines left out."""
    return [l.strip() for l in open(path) if l.strip() and not l.startswith('#')]


def conv_of(weight, bias):
    """A convolution (padded to keep the board's size) holding a file's weights and biases,
    as read_convs gives them."""
    k = weight.shape[2]
    conv = nn.Conv2d(weight.shape[1], weight.shape[0], k, padding=k // 2)
    with torch.no_grad():
        conv.weight.copy_(weight)
        conv.bias.copy_(bias)
    return conv


def write_conv(f, weight, bias):
    """One convolution's three lines."""
    w, b = weight.detach().numpy(), bias.detach().numpy()
    f.write(f'conv {w.shape[1]} {w.shape[0]} {w.shape[2]}\n')
    f.write(' '.join(f'{v:.6g}' for v in w.reshape(-1)) + '\n')
    f.write(' '.join(f'{v:.6g}' for v in b.reshape(-1)) + '\n')


def fit(net, train, loss_of, epochs, batch, lr, rng, after_epoch):
    """Adam with a one-cycle schedule over `epochs` passes of `train` ({size: (inputs,
    targets)} tensors): each batch is drawn from one board size, the sizes in proportion to
    their positions. `loss_of(net, inputs, targets)` is the batch's loss; `after_epoch(epoch,
    mean loss, seconds)` reports."""
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-5)
    sizes = sorted(train)
    share = np.array([len(train[n][1]) for n in sizes], float)
    share /= share.sum()
    steps = int(sum(len(v[1]) for v in train.values()) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=epochs * steps)
    began = time.time()
    for epoch in range(epochs):
        order = {n: torch.randperm(len(train[n][1])) for n in sizes}
        at = {n: 0 for n in sizes}
        total = 0.0
        for _ in range(steps):
            n = sizes[rng.choice(len(sizes), p=share)]
            if at[n] + batch > len(order[n]):
                order[n], at[n] = torch.randperm(len(train[n][1])), 0
            idx = order[n][at[n]:at[n] + batch]
            at[n] += batch
            loss = loss_of(net, train[n][0][idx], train[n][1][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            schedule.step()
            total += loss.item()
        after_epoch(epoch, total / steps, time.time() - began)
