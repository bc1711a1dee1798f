//! The moves of a position, or one position alone, proved on several threads
//! ([`super::HexSolver::analyze_with`], [`super::HexSolver::solve_with`]).
//!
//! Each thread has a prover and a table of its own and takes the next move not yet taken
//! from a queue. When the queue is empty, a thread helps a move still being proved: it
//! lists that position's replies as the prover orders them and proves them one by one from
//! the back of the list (the other thread's depth-first proof-number search works from the
//! front), publishing what it proves in a [`SharedProofs`] that every prover consults. A
//! proof holds whoever found it, so the answers are those of one thread; the helping only
//! evens out the load, which the queue alone cannot: on 7x7 two openings (a4, g2) take
//! half of the one-thread time, and the thread that draws the last of them used to finish
//! it alone. (MoHex's parallel DFPN shares one tree between its threads instead; this keeps
//! the single-thread prover unchanged.)

use super::board::Board;
use super::prover::{Prover, Verdict};
use super::shared::SharedProofs;
use super::Settings;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// The most threads [`prove_all`] runs (each has a prover and a table of its own).
pub const MAX_THREADS: usize = 64;

/// A position to prove and how far its proof has gone.
struct Task {
    board: Board,
    /// Set when its proof ends: the helpers stop.
    finished: Arc<AtomicBool>,
    /// Replies handed to helpers, counted from the back of the reply list.
    taken: AtomicUsize,
}

/// What the threads found: for each position (in the order given), whether the player to
/// move loses in it; and the nodes spent by the provers made here.
pub(super) struct Found {
    pub lost: Vec<bool>,
    pub helper_nodes: u64,
}

/// Proves `positions` on `threads` threads (at most [`MAX_THREADS`]), `own` being the first thread's prover (kept
/// with its table afterwards); the others are made with `settings`. `progress` is called
/// after each position proved with the count done and the count to do.
pub(super) fn prove_all(
    own: &mut Prover,
    positions: &[Board],
    threads: usize,
    settings: Settings,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Found {
    let size = own.masks().size;
    let tasks: Vec<Task> = positions
        .iter()
        .map(|&board| Task {
            board,
            finished: Arc::new(AtomicBool::new(false)),
            taken: AtomicUsize::new(0),
        })
        .collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let threads = threads.clamp(1, MAX_THREADS);
    let shared = (threads > 1).then(|| Arc::new(SharedProofs::new()));
    let work = |prover: &mut Prover| -> Vec<(usize, bool)> {
        prover.set_shared(shared.clone());
        let mut out = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(k) else { break };
            let verdict = prover.prove(&task.board, None);
            task.finished.store(true, Ordering::Release);
            out.push((k, verdict == Verdict::Loss));
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, tasks.len());
        }
        if shared.is_some() {
            let mut helped = vec![false; tasks.len()];
            while let Some(k) = (0..tasks.len()).find(|&k| {
                // Every task is taken (the queue is empty): those not finished are running.
                !helped[k] && !tasks[k].finished.load(Ordering::Acquire)
            }) {
                helped[k] = true;
                help(prover, &tasks[k]);
            }
        }
        prover.set_shared(None);
        out
    };
    let (mine, others) = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut p = Prover::new(size);
                    p.settings = settings;
                    let found = work(&mut p);
                    (found, p.nodes)
                })
            })
            .collect();
        let mine = work(own);
        let others: Vec<(Vec<(usize, bool)>, u64)> = handles
            .into_iter()
            .map(|h| h.join().expect("a helper prover panicked"))
            .collect();
        (mine, others)
    });
    let mut lost = vec![None; tasks.len()];
    let mut helper_nodes = 0;
    for (k, l) in mine {
        lost[k] = Some(l);
    }
    for (found, nodes) in others {
        helper_nodes += nodes;
        for (k, l) in found {
            lost[k] = Some(l);
        }
    }
    Found {
        lost: lost
            .into_iter()
            .map(|l| l.expect("every position is proved"))
            .collect(),
        helper_nodes,
    }
}

/// Proves `task`'s replies from the back of its list until the list is used up or the
/// task's own proof ends.
fn help(prover: &mut Prover, task: &Task) {
    let before = prover.set_stop(Some(task.finished.clone()));
    if let Some(replies) = prover.moves_of(&task.board) {
        loop {
            let t = task.taken.fetch_add(1, Ordering::Relaxed);
            if t >= replies.len() || task.finished.load(Ordering::Acquire) {
                break;
            }
            prover.prove(&replies[replies.len() - 1 - t].1, None);
        }
    }
    prover.set_stop(before);
}

#[cfg(test)]
mod tests {
    use super::*;
    use poda_games::hex::Hex;

    fn position(size: u32, moves: &str) -> Board {
        let game = Hex::with_size(size, false)
            .unwrap()
            .play_moves(moves)
            .unwrap();
        Board::from_hex(&game).unwrap()
    }

    /// A prover that finds the replies of a position already proved by another (published
    /// in their shared proofs) proves it with fewer nodes, and to the same verdict.
    #[test]
    fn published_replies_spare_work_and_keep_the_verdict() {
        // 6x6 a3: Black wins, White's every reply refuted (about 3,000 nodes alone).
        let opening = position(6, "a3");
        let mut alone = Prover::new(6);
        let verdict = alone.prove(&opening, None);
        assert_eq!(verdict, Verdict::Loss);

        let shared = Arc::new(SharedProofs::new());
        let mut helper = Prover::new(6);
        helper.set_shared(Some(shared.clone()));
        let replies = helper.moves_of(&opening).expect("an open position");
        assert!(replies.len() > 1);
        for (_, reply) in &replies {
            assert_eq!(helper.prove(reply, None), Verdict::Win);
        }
        assert!(!shared.is_empty());

        let mut helped = Prover::new(6);
        helped.set_shared(Some(shared));
        assert_eq!(helped.prove(&opening, None), verdict);
        assert!(
            helped.nodes < alone.nodes / 4,
            "{} nodes with the replies published, {} alone",
            helped.nodes,
            alone.nodes
        );
    }

    /// A set stop flag ends a proof at once, unfinished.
    #[test]
    fn the_stop_flag_ends_a_proof() {
        let mut prover = Prover::new(6);
        prover.set_stop(Some(Arc::new(AtomicBool::new(true))));
        assert_eq!(prover.prove(&position(6, "a3"), None), Verdict::Unknown);
        prover.set_stop(None);
        assert_eq!(prover.prove(&position(6, "a3"), None), Verdict::Loss);
    }

    /// Two and three threads, helping each other, find what one thread finds: every 6x6
    /// opening, and a single position (where the second thread only ever helps).
    #[test]
    fn helping_threads_give_one_threads_answers() {
        let openings: Vec<Board> = ["a1", "f1", "a2", "b2", "f2", "a3", "c3", "e3", "f3"]
            .iter()
            .map(|m| position(6, m))
            .collect();
        let one = prove_all(
            &mut Prover::new(6),
            &openings,
            1,
            Settings::default(),
            &|_, _| {},
        );
        assert_eq!(one.helper_nodes, 0);
        for threads in [2, 3] {
            let many = prove_all(
                &mut Prover::new(6),
                &openings,
                threads,
                Settings::default(),
                &|_, _| {},
            );
            assert_eq!(many.lost, one.lost, "{threads} threads");
        }
        let single = [position(6, "a3")];
        let mut own = Prover::new(6);
        let two = prove_all(&mut own, &single, 2, Settings::default(), &|_, _| {});
        assert_eq!(two.lost, vec![true]);
        // The second thread is not dropped for lack of whole moves: it helps.
        assert!(two.helper_nodes > 0);
    }
}
