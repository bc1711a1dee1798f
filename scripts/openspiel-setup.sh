#!/usr/bin/env bash
# Creates .venv (git-ignored) at the repository root with OpenSpiel from the Python package
# index, for the interop tests (scripts/openspiel-interop.sh) and the benchmarks against
# OpenSpiel. Idempotent: a venv that already imports pyspiel at the pinned version is kept.
#
#   bash scripts/openspiel-setup.sh          # prints the path of the venv's python
set -euo pipefail
cd "$(dirname "$0")/.."

OPENSPIEL_VERSION="1.6.1"
VENV=".venv"
PY="$VENV/bin/python"

have_it() {
    [ -x "$PY" ] && "$PY" - "$OPENSPIEL_VERSION" <<'PYEOF' >/dev/null 2>&1
import sys
from importlib.metadata import version
import pyspiel  # noqa: F401  (the C++ extension must load)
sys.exit(0 if version("open_spiel") == sys.argv[1] else 1)
PYEOF
}

if ! have_it; then
    echo "openspiel-setup: creating $VENV with open_spiel==$OPENSPIEL_VERSION" >&2
    python3 -m venv "$VENV"
    "$PY" -m pip install --quiet --disable-pip-version-check "open_spiel==$OPENSPIEL_VERSION" >&2
    have_it || { echo "openspiel-setup: pyspiel does not import after install" >&2; exit 1; }
fi
echo "$PY"
