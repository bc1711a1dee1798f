//! The golden game: one seeded random game (BOOM taken whenever the coin says so), printed
//! move by move (move, board string, drawing, outcome), compared with
//! `tests/golden/desconecta4boom.txt`, so any change to the rules or the drawings shows as a
//! diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test desconecta golden`.

use poda_core::{Game, Rng};
use poda_games::desconecta::{Action, DesConecta};

/// A seed whose game has bombs, BOOMs and a few dozen plies.
const GOLDEN_SEED: u64 = 20_160_418;
/// When BOOM is legal, it is chosen with this probability.
const BOOM_PROBABILITY: f64 = 0.3;

fn golden_transcript() -> String {
    let mut rng = Rng::new(GOLDEN_SEED);
    let mut game = DesConecta::new();
    let mut out = format!("# {} random game, seed {GOLDEN_SEED}\n", game.spec());
    out.push_str(&format!(
        "start: {}\n{}",
        game.board_string(),
        game.render()
    ));
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        let legal = game.legal_move_list();
        let puts = legal.iter().filter(|a| **a != Action::Boom).count();
        let boom = legal.contains(&Action::Boom) && rng.unit_f64() < BOOM_PROBABILITY;
        let mv = if boom || puts == 0 {
            Action::Boom
        } else {
            legal[rng.index(puts)]
        };
        let text = game.format_move(mv);
        game.play(mv).expect("a legal move");
        moves.push(mv);
        out.push_str(&format!(
            "\nply {}: {} plays {text}\n{}\n{}outcome: {} ({})\n",
            game.ply(),
            game.to_move().opponent(),
            game.board_string(),
            game.render(),
            game.outcome(),
            game.outcome().result_string()
        ));
    }
    out.push_str(&format!("\nmoves: {}\n", game.format_moves(&moves)));
    out
}

#[test]
fn golden_game() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/desconecta4boom.txt"
    );
    let actual = golden_transcript();
    assert!(actual.contains(" plays b\n"), "the golden game has a BOOM");
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(path, &actual).expect("write the golden file");
        return;
    }
    let expected = std::fs::read_to_string(path)
        .expect("golden file missing: run with UPDATE_GOLDEN=1 to create it");
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or(expected.lines().count().min(actual.lines().count()), |i| i)
            + 1;
        panic!("{path} differs from this build's game from line {line}; if the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff");
    }
}
