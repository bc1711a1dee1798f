//! The golden game: one seeded random game (BOOM taken whenever the coin says so), printed
//! move by move (move, board string, drawing, outcome;
//! `poda_core::testing::golden_transcript`), compared with `tests/golden/desconecta4boom.txt`,
//! so any change to the rules or the drawings shows as a diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test desconecta golden`.

use poda_core::testing::{check_golden, golden_transcript};
use poda_core::{Game, Rng};
use poda_games::desconecta::{Action, DesConecta};

/// A seed whose game has bombs, BOOMs and a few dozen plies.
const GOLDEN_SEED: u64 = 20_160_418;
/// When BOOM is legal, it is chosen with this probability.
const BOOM_PROBABILITY: f64 = 0.3;

#[test]
fn golden_game() {
    let start = DesConecta::new();
    let mut rng = Rng::new(GOLDEN_SEED);
    let actual = golden_transcript(
        &start,
        &format!("{} random game, seed {GOLDEN_SEED}", start.spec()),
        |game| {
            let legal = game.legal_move_list();
            let puts = legal.iter().filter(|a| **a != Action::Boom).count();
            let boom = legal.contains(&Action::Boom) && rng.unit_f64() < BOOM_PROBABILITY;
            if boom || puts == 0 {
                Action::Boom
            } else {
                legal[rng.index(puts)]
            }
        },
        |_, _| String::new(),
    );
    assert!(actual.contains(" plays b\n"), "the golden game has a BOOM");
    check_golden(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/golden/desconecta4boom.txt"
        ),
        &actual,
    );
}
