#!/usr/bin/env bash
# End-to-end tests of the web workbench in a real browser: builds `poda`, sets up Debian's
# chromium and Playwright (scripts/browser-setup.sh) and runs tests/browser with pytest.
# Each test starts from the page of a `poda serve` on a free port of 127.0.0.1.
#
#   bash scripts/browser-tests.sh                                   # the tests
#   PODA_SCREENSHOTS=docs/screenshots bash scripts/browser-tests.sh # and refresh the screenshots
set -euo pipefail
cd "$(dirname "$0")/.."

PY="$(bash scripts/browser-setup.sh)"
# The test profile is optimised and is what `cargo test --workspace` already built.
cargo build --profile test -p poda-cli --quiet
export PODA_BIN="$PWD/target/debug/poda"
exec "$PY" -m pytest -q -p no:cacheprovider tests/browser "$@"
