#!/usr/bin/env bash
# The cluster driver's tests on a local Ray cluster (scripts/cluster/tests/): installs Ray into
# .venv (scripts/cluster-setup.sh), builds poda with the test profile (optimised, as
# `cargo test` builds it) and runs them. A few minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="$(bash scripts/cluster-setup.sh)"
cargo build --quiet --profile test -p poda-cli --bin poda
export PODA="$PWD/target/debug/poda"
"$PY" -m unittest discover -s scripts/cluster/tests -v
