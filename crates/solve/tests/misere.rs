//! The misère solver against a plain alpha-beta over the games crate's `misere(connect4)`
//! (its own board, its own four-in-a-row check, every legal move including the ones that
//! complete a four): exact scores, weak scores and the moves that keep a score agree on
//! random end-game positions.

use poda_core::{Game, Outcome, Rng};
use poda_games::connect4::Connect4;
use poda_games::misere::Misere;
use poda_solve::misere::{random_safe_line, safe_moves};
use poda_solve::{MisereSolver, Position};

const SIZE: i32 = 42;

/// The exact score of `g` (not over) for the side to move, misère convention: completing a
/// four with the stone of ply `n + 1` scores `-(SIZE + 1 - n) / 2`, a full board 0.
fn reference(g: &Misere<Connect4>, mut alpha: i32, beta: i32) -> i32 {
    let mover = g.to_move();
    let n = g.ply() as i32;
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *g;
        child.play_unchecked(mv);
        let score = match child.outcome() {
            Outcome::Win(p) => {
                assert_ne!(p, mover, "a stone can only complete the mover's four");
                -((SIZE + 1 - n) / 2)
            }
            Outcome::Draw => 0,
            Outcome::Ongoing => -reference(&child, -beta, -alpha),
        };
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn exact(g: &Misere<Connect4>) -> i32 {
    reference(g, -SIZE, SIZE)
}

/// A random game of `misere(connect4)` that avoids completing fours while it can, stopped
/// with `empty` cells left; `None` if it ended first.
fn random_position(rng: &mut Rng, empty: i32) -> Option<(Misere<Connect4>, Position)> {
    let mut g = Misere::new(Connect4::new());
    let mut p = Position::new();
    for col in random_safe_line(rng, empty)? {
        g.play_unchecked(col as u8);
        p.play_col(col);
        if g.outcome().is_over() {
            return None;
        }
    }
    Some((g, p))
}

fn positions(
    seed: u64,
    count: usize,
    empties: std::ops::RangeInclusive<i32>,
) -> Vec<(Misere<Connect4>, Position)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let empty =
            *empties.start() + rng.index((empties.end() - empties.start() + 1) as usize) as i32;
        if let Some(pair) = random_position(&mut rng, empty) {
            out.push(pair);
        }
    }
    out
}

#[test]
fn exact_and_weak_scores_match_plain_alpha_beta() {
    let mut solver = MisereSolver::new(4);
    let mut signs = [0usize; 3];
    for (g, p) in positions(7, 300, 4..=11) {
        let want = exact(&g);
        solver.reset();
        assert_eq!(solver.solve(&p), want, "{}", g.board_string());
        assert_eq!(solver.solve_weak(&p), want.signum(), "{}", g.board_string());
        signs[(want.signum() + 1) as usize] += 1;
    }
    // The sample holds losses, draws and wins, so each kind of answer was checked.
    assert!(signs.iter().all(|&k| k >= 10), "{signs:?}");
}

#[test]
fn move_scores_keeping_moves_and_the_race_match_plain_alpha_beta() {
    let mut solver = MisereSolver::new(4);
    for (g, p) in positions(11, 60, 4..=9) {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut want = Vec::new();
        for &mv in &moves {
            let mut child = g;
            child.play_unchecked(mv);
            let score = match child.outcome() {
                Outcome::Win(_) => -((SIZE + 1 - p.moves()) / 2),
                Outcome::Draw => 0,
                Outcome::Ongoing => -exact(&child),
            };
            assert_eq!(
                solver.move_score(&p, mv as usize),
                score,
                "{}",
                g.board_string()
            );
            want.push((mv as usize, score));
        }
        let raced = solver.race(
            &p,
            std::time::Instant::now() + std::time::Duration::from_secs(60),
        );
        let safe = safe_moves(&p);
        let best_sign = want.iter().map(|w| w.1.signum()).max().unwrap();
        for (col, value) in &raced {
            assert!(safe & p.move_in(*col) != 0, "{}", g.board_string());
            let score = want.iter().find(|w| w.0 == *col).unwrap().1;
            // Every value is found, unless a winning move ended the race first.
            match value {
                Some(v) => assert_eq!(*v, score.signum(), "{}", g.board_string()),
                None => assert_eq!(best_sign, 1, "{}", g.board_string()),
            }
        }
        let unsafe_moves = want.iter().filter(|w| safe & p.move_in(w.0) == 0).count();
        assert_eq!(raced.len() + unsafe_moves, want.len());
        let best = want.iter().map(|w| w.1).max().unwrap();
        let mut keepers = solver.moves_scoring_at_least(&p, best);
        keepers.sort_unstable();
        let mut expected: Vec<usize> = want.iter().filter(|w| w.1 >= best).map(|w| w.0).collect();
        expected.sort_unstable();
        assert_eq!(keepers, expected, "{}", g.board_string());
    }
}

/// Deeper than the plain search can go: the score equals the best move's score (each child
/// solved with its own windows through the shared table) and the weak solve gives its sign,
/// with the table kept between searches and cleared.
#[test]
fn deeper_scores_agree_with_their_moves_and_the_weak_solve() {
    let mut solver = MisereSolver::new(16);
    for (i, (_, p)) in positions(13, 30, 14..=20).into_iter().enumerate() {
        if i % 2 == 0 {
            solver.reset();
        }
        let score = solver.solve(&p);
        let best = (0..7)
            .filter(|&c| p.can_play(c))
            .map(|c| solver.move_score(&p, c))
            .max()
            .unwrap();
        assert_eq!(score, best, "{}", p.render());
        solver.reset();
        assert_eq!(solver.solve_weak(&p), score.signum(), "{}", p.render());
    }
}
