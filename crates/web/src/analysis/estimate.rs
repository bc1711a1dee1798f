//! The engine's estimate of every legal move: [`Engine::analyze`] (each move searched with a
//! full window, so every score is exact at its depth) at depth 1, 2, ... until the time is
//! up; the last depth that finished for every move is the answer.

use super::exact::ExactGame;
use poda_core::Score;
use poda_search::Engine;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The deepest iteration.
const MAX_DEPTH: u32 = 64;
/// How often the time keeper looks at the clock.
const TICK: Duration = Duration::from_millis(5);

/// The engine's scores, best first, each with its principal variation.
pub struct Estimate<M> {
    pub scores: Vec<(M, Score, Vec<M>)>,
    pub depth: u32,
}

/// Runs the engine on `game` for `time` (or until `stop`); `start` and `moves` give the
/// game's history, for the engine's repetition rule in games that can cycle.
pub fn run<G: ExactGame>(
    start: &G,
    game: &G,
    moves: &[G::Move],
    time: Duration,
    stop: &AtomicBool,
) -> Estimate<G::Move> {
    let eval = match game.evaluator(G::default_evaluator()) {
        Ok(eval) => eval,
        Err(_) => {
            return Estimate {
                scores: Vec::new(),
                depth: 0,
            }
        }
    };
    let mut engine = Engine::new(eval, G::engine_config());
    let mut before = start.clone();
    for &mv in moves {
        engine.note_position(&before);
        before.play_unchecked(mv);
    }
    // The engine's analysis takes one stop flag: this one is set at the deadline or when the
    // request's own flag is set.
    let local = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let deadline = Instant::now() + time;
    let keeper = {
        let (local, done) = (local.clone(), done.clone());
        let outer = stop.load(Ordering::Relaxed);
        move |outer_now: &dyn Fn() -> bool| {
            while !done.load(Ordering::Relaxed) {
                if outer || outer_now() || Instant::now() >= deadline {
                    local.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(TICK);
            }
        }
    };
    let legal = game.legal_move_list().len();
    let mut best = Estimate {
        scores: Vec::new(),
        depth: 0,
    };
    std::thread::scope(|scope| {
        scope.spawn(|| keeper(&|| stop.load(Ordering::Relaxed)));
        for depth in 1..=MAX_DEPTH {
            let scores = engine.analyze(game, depth, Some(&local));
            if local.load(Ordering::Relaxed) || scores.len() < legal {
                break;
            }
            let proven = scores.iter().all(|(_, s, _)| s.is_decisive());
            best.scores = scores;
            best.depth = depth;
            if proven {
                break;
            }
        }
        done.store(true, Ordering::Relaxed);
    });
    best
}
