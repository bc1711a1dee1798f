//! The golden game: one seeded random game on `hex(size=7,swap=true)` whose second move is
//! the swap, printed move by move (move, board string, drawing, outcome;
//! `poda_core::testing::golden_transcript`) and compared with `tests/golden/hex.txt`, so any
//! change to the rules or the drawings shows as a diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test hex golden`.

use poda_core::testing::{check_golden, golden_transcript};
use poda_core::{Game, Rng};
use poda_games::hex::{Hex, HexMove};

const GOLDEN_SEED: u64 = 20_240_605;

#[test]
fn golden_game() {
    let start = Hex::with_size(7, true).unwrap();
    let mut rng = Rng::new(GOLDEN_SEED);
    let actual = golden_transcript(
        &start,
        &format!(
            "{} random game, seed {GOLDEN_SEED}, swap at ply 2",
            start.spec()
        ),
        |game| {
            if game.ply() == 1 {
                return HexMove::Swap;
            }
            let legal = game.legal_move_list();
            legal[rng.index(legal.len())]
        },
        |_, _| String::new(),
    );
    check_golden(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/hex.txt"),
        &actual,
    );
}
