#!/usr/bin/env bash
# Interop tests against OpenSpiel (run by .ci/run):
#  1. rules cross-check: >= 1,000 seeded random games per game, poda and OpenSpiel compared on
#     the legal moves, the terminal flag and the returns at every ply;
#  2. OpenSpiel's own example driver (open_spiel.python.examples.mcts) refereeing poda through
#     its GTP bot against its MCTS bot;
#  3. poda against OpenSpiel's C++ MCTS bot (pyspiel.MCTSBot), refereed by OpenSpiel's
#     evaluate_bots, colours swapped.
# Games this poda build does not have yet are skipped with a notice.
set -euo pipefail
cd "$(dirname "$0")/.."

PY="$(bash scripts/openspiel-setup.sh)"
# The test profile is optimised and is what `cargo test --workspace` already built (a release
# build, with its whole-program optimisation, would cost CI minutes for nothing checked here).
cargo build --quiet --profile test -p poda-cli --bin poda
PODA="target/debug/poda"
GAMES="${OPENSPIEL_CROSSCHECK_GAMES:-1000}"

echo "-- rules cross-check ($GAMES games per game)"
"$PY" scripts/openspiel/crosscheck.py --poda "$PODA" --games "$GAMES" --jobs 2

echo "-- OpenSpiel's example driver: poda (GTP) against OpenSpiel's MCTS"
out="$(PODA_BIN="$PWD/$PODA" PODA_GAME=connect_four PODA_AGENT='best(movetime=50ms)' "$PY" -m open_spiel.python.examples.mcts \
    --game=connect_four --player1=gtp --gtp_path=scripts/poda-gtp.sh --player2=mcts \
    --max_simulations=500 --num_games=2 --seed=1 --quiet)"
echo "$out" | tail -4
echo "$out" | grep -q "^Number of games played: 2$" || { echo "the driver did not finish 2 games"; exit 1; }
[ "$(echo "$out" | grep -c '^Returns:')" = 2 ] || { echo "missing game results"; exit 1; }

echo "-- poda against OpenSpiel's C++ MCTS, refereed by evaluate_bots"
for game in connect_four "hex(board_size=7)" mancala; do
    summary="$("$PY" scripts/openspiel/match.py --poda "$PODA" --game "$game" --skip-unknown \
        --movetime 0.05 --mcts-sims 1000 --pairs 1)"
    [ -z "$summary" ] && continue
    echo "$summary"
    echo "$summary" | "$PY" -c 'import json,sys; s=json.load(sys.stdin); assert s["games"]==2, s'
done
echo "OpenSpiel interop passed."
