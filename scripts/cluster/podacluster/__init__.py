"""poda on a Ray cluster: a tournament, a Connect 4 book build or a Kalah / Connect 4 solve
split into poda's units (`poda units`), run as Ray tasks on every machine of a cluster (or on
local processes without Ray), and merged (`poda merge`) into what one machine would give.

- `driver`: the job directory, the loop over the units, progress, resuming, the merge.
- `backends`: where units run: Ray tasks (retried when a worker dies) or local processes.
- `task`: what a worker does with one unit (runs `poda run-unit`).

Command line: `python scripts/cluster/cluster.py --help`.
"""
