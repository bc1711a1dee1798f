//! The golden game: one seeded random game of Kalah(6,4), printed move by move (move, board
//! string, drawing, outcome), compared with `tests/golden/kalah.txt`, so any change to the
//! rules or the drawing shows as a diff.
//!
//! To accept an intended change, regenerate the file and review the diff:
//! `UPDATE_GOLDEN=1 cargo test -p poda-games --test kalah golden`.

use poda_core::{Game, Rng};
use poda_games::kalah::Kalah;

const GOLDEN_SEED: u64 = 20_180_115;

fn golden_transcript() -> String {
    let mut rng = Rng::new(GOLDEN_SEED);
    let mut game = Kalah::default();
    let mut out = format!("# {} random game, seed {GOLDEN_SEED}\n", game.spec());
    out.push_str(&format!(
        "start: {}\n{}",
        game.board_string(),
        game.render()
    ));
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        let legal = game.legal_move_list();
        let mv = legal[rng.index(legal.len())];
        let mover = game.to_move();
        game.play(mv).expect("a legal move");
        moves.push(mv);
        let extra = if game.last_was_extra_turn() {
            " (extra turn)"
        } else {
            ""
        };
        out.push_str(&format!(
            "\nply {}: {mover} plays {mv}{extra}\n{}\n{}outcome: {} ({})\n",
            game.ply(),
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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/kalah.txt");
    let actual = golden_transcript();
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
