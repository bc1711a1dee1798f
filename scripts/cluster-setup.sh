#!/usr/bin/env bash
# Puts Ray (PyPI `ray`, pinned) into .venv (git-ignored, shared with scripts/openspiel-setup.sh)
# for scripts/cluster/, the driver that spreads poda's tournaments, book builds and solves over
# a Ray cluster. Idempotent: a venv that already imports ray at the pinned version is kept.
# Every machine of a cluster needs the same Ray and Python versions (Ray refuses a mix).
#
#   bash scripts/cluster-setup.sh            # prints the path of the venv's python
set -euo pipefail
cd "$(dirname "$0")/.."

RAY_VERSION="2.60.0"
VENV=".venv"
PY="$VENV/bin/python"

have_it() {
    [ -x "$PY" ] && "$PY" - "$RAY_VERSION" <<'PYEOF' >/dev/null 2>&1
import sys
import ray
sys.exit(0 if ray.__version__ == sys.argv[1] else 1)
PYEOF
}

if ! have_it; then
    echo "cluster-setup: installing ray==$RAY_VERSION into $VENV" >&2
    [ -x "$PY" ] || python3 -m venv "$VENV"
    "$PY" -m pip install --quiet --disable-pip-version-check "ray==$RAY_VERSION" >&2
    have_it || { echo "cluster-setup: ray does not import after install" >&2; exit 1; }
fi
echo "$PY"
