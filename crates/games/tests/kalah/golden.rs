//! The golden game: one seeded random game of Kalah(6,4), printed move by move (move, board
//! string, drawing, outcome, extra turns; `poda_core::testing::golden_transcript`), compared
//! with `tests/golden/kalah.txt`, so any change to the rules or the drawing shows as a diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test kalah golden`.

use poda_core::testing::{check_golden, golden_transcript};
use poda_core::{Game, Rng};
use poda_games::kalah::Kalah;

const GOLDEN_SEED: u64 = 20_180_115;

#[test]
fn golden_game() {
    let start = Kalah::default();
    let mut rng = Rng::new(GOLDEN_SEED);
    let actual = golden_transcript(
        &start,
        &format!("{} random game, seed {GOLDEN_SEED}", start.spec()),
        |game| {
            let legal = game.legal_move_list();
            legal[rng.index(legal.len())]
        },
        |_, after| {
            if after.last_was_extra_turn() {
                " (extra turn)".to_string()
            } else {
                String::new()
            }
        },
    );
    check_golden(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/kalah.txt"),
        &actual,
    );
}
