#!/usr/bin/env bash
# Starts `poda engine` for programs that take a bare executable path, such as OpenSpiel's GTP
# bot (`--gtp_path=scripts/poda-gtp.sh`). Settings come from the environment:
#   PODA_BIN    the poda binary            (default: target/release/poda of this checkout)
#   PODA_GAME   the game, OpenSpiel's name (default: connect_four)
#   PODA_AGENT  the agent                  (default: best(movetime=100ms))
#   PODA_SEED   the agent's seed           (default: 1)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "${PODA_BIN:-$root/target/release/poda}" engine \
    --game "${PODA_GAME:-connect_four}" \
    --agent "${PODA_AGENT:-best(movetime=100ms)}" \
    --seed "${PODA_SEED:-1}"
