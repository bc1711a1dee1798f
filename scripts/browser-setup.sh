#!/usr/bin/env bash
# Sets up the end-to-end browser tests of `poda serve`: Debian's `chromium` (installed with
# apt-get when missing; needs root, as on CI) and .venv (git-ignored) with Playwright for
# Python and pytest from the Python package index. Playwright drives the system browser
# (/usr/bin/chromium); it downloads no browser of its own. Idempotent.
#
#   bash scripts/browser-setup.sh          # prints the path of the venv's python
set -euo pipefail
cd "$(dirname "$0")/.."

PLAYWRIGHT_VERSION="1.65.2"
PYTEST_VERSION="8.4.2"
VENV=".venv"
PY="$VENV/bin/python"
CHROMIUM="/usr/bin/chromium"

if [ ! -x "$CHROMIUM" ]; then
    echo "browser-setup: installing Debian's chromium" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq chromium >&2
fi

have_it() {
    [ -x "$PY" ] && "$PY" - "$PLAYWRIGHT_VERSION" <<'PYEOF' >/dev/null 2>&1
import sys
from importlib.metadata import version
import playwright.sync_api  # noqa: F401
import pytest  # noqa: F401
sys.exit(0 if version("playwright") == sys.argv[1] else 1)
PYEOF
}

if ! have_it; then
    echo "browser-setup: installing playwright==$PLAYWRIGHT_VERSION and pytest into $VENV" >&2
    [ -x "$PY" ] || python3 -m venv "$VENV"
    "$PY" -m pip install --quiet --disable-pip-version-check \
        "playwright==$PLAYWRIGHT_VERSION" "pytest==$PYTEST_VERSION" >&2
    have_it || { echo "browser-setup: playwright does not import after install" >&2; exit 1; }
fi
echo "$PY"
