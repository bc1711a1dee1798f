#!/usr/bin/env bash
# Starts `poda ugr-bot` for the course's Mancala referee, which runs each bot as a bare program
# without arguments (`java -jar MancalaNoGUI.jar -p1 scripts/poda-ugr-bot.sh -p2 ...`).
# Settings come from the environment:
#   PODA_BIN    the poda binary    (default: target/release/poda of this checkout)
#   PODA_AGENT  the agent          (default: best(movetime=1s); keep it under the referee's -t)
#   PODA_NAME   the name it gives  (default: poda)
#   PODA_SEED   the agent's seed   (default: 1)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "${PODA_BIN:-$root/target/release/poda}" ugr-bot "${PODA_AGENT:-best(movetime=1s)}" \
    --name "${PODA_NAME:-poda}" --seed "${PODA_SEED:-1}"
