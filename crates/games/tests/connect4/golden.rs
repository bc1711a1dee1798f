//! The golden game: one seeded random game on 7x6, printed move by move (move, board string,
//! drawing, outcome; `poda_core::testing::golden_transcript`), compared with
//! `tests/golden/connect4.txt`, so any change to the rules or the drawings shows as a diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test connect4 golden`.

use poda_core::testing::{check_golden, golden_transcript};
use poda_core::{Game, Rng};
use poda_games::connect4::Connect4;

const GOLDEN_SEED: u64 = 20_240_601;

#[test]
fn golden_game() {
    let start = Connect4::new();
    let mut rng = Rng::new(GOLDEN_SEED);
    let actual = golden_transcript(
        &start,
        &format!("{} random game, seed {GOLDEN_SEED}", start.spec()),
        |game| {
            let legal = game.legal_move_list();
            legal[rng.index(legal.len())]
        },
        |_, _| String::new(),
    );
    check_golden(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/connect4.txt"),
        &actual,
    );
}
