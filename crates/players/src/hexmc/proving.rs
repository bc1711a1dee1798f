//! The root prover: poda-solve's depth-first proof-number search ([`HexSolver`]) gets a share
//! of each move's time before the tree search, and a proven win is played at once. MoHex
//! runs its DFPN solver beside its search for the same end (Arneson, Hayward, Henderson,
//! "Monte Carlo tree search in Hex", IEEE TCIAIG 2010, "parallel solver").
//!
//! On 9x9 the solver proves positions with 60-70 empty cells within seconds, often well
//! before the tree search sees the win (docs/benchmarks/hex.md), and its table lives through
//! the game: what one move's share proved is there for the next. When the root stays open,
//! the moves the table proves lost are left out of the tree search. With two threads or more
//! the prover runs beside the tree search for the whole move instead, on one of them, as
//! MoHex's does.

use poda_games::hex::{Hex, HexMove};
use poda_solve::hex::board::MAX_SOLVER_SIZE;
use poda_solve::hex::HexSolver;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Table entries past which the prover starts again (about 100 MB).
const TABLE_MAX: usize = 1 << 20;

/// The share of a move's time the prover takes by default, and the largest board it runs on
/// by default. On 9x9 against MoHex 2.0, 40 games on two sets of openings: 13 wins against
/// 10 without it (0.5 scored as 0.3); on 11x11, where positions are rarely proved in a
/// game's time, 1 win in 10 against 2 without it (docs/benchmarks/hex.md).
pub const DEFAULT_SHARE: f64 = 0.3;
pub const DEFAULT_MAX_SIZE: u32 = 9;

/// What the prover found at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The side to move wins with this move.
    Win(HexMove),
    /// The side to move loses against best play.
    Loss,
    /// Not proven within its share; these moves are (they lose).
    Open(Vec<HexMove>),
}

/// The prover of one agent.
pub struct RootProver {
    solver: HexSolver,
    /// The share of the move's time it takes (0: off); `None`: [`DEFAULT_SHARE`] on boards
    /// up to [`DEFAULT_MAX_SIZE`] or with a gate, off above.
    share: Option<f64>,
    /// The most empty cells a position it tries may have (`None`: any).
    max_empty: Option<u32>,
}

impl RootProver {
    pub fn new(share: Option<f64>) -> RootProver {
        RootProver::with_gate(share, None)
    }

    /// A prover that tries only positions with at most `max_empty` empty cells: on 11x11
    /// the early positions are not proved in a move's time, and their share is lost to the
    /// tree search, while late won positions of 77-94 empty cells that hexmc threw away
    /// against MoHex were proved in 0.2-0.9 s each (docs/benchmarks/hex.md).
    pub fn with_gate(share: Option<f64>, max_empty: Option<u32>) -> RootProver {
        RootProver {
            solver: HexSolver::new(),
            share,
            max_empty,
        }
    }

    /// Whether it has a gate (`solveat`).
    pub fn is_gated(&self) -> bool {
        self.max_empty.is_some()
    }

    /// Its share of the move's time in `game`: 0 when the position has more empty cells
    /// than its gate lets through, else its own share or the default one.
    pub fn share(&self, game: &Hex) -> f64 {
        if self
            .max_empty
            .is_some_and(|most| game.empty_cells().len() > most)
        {
            return 0.0;
        }
        match self.share {
            Some(s) => s.min(1.0),
            None if game.size() <= DEFAULT_MAX_SIZE || self.max_empty.is_some() => DEFAULT_SHARE,
            None => 0.0,
        }
    }

    /// Proves `game` within its share of `movetime`.
    pub fn prove(&mut self, game: &Hex, movetime: Duration) -> Proven {
        let share = self.share(game);
        if share == 0.0 {
            return Proven::Open(Vec::new());
        }
        self.prove_within(game, movetime.mul_f64(share))
    }

    /// Proves `game` within `limit` (the whole time, when it runs beside the tree search).
    pub fn prove_within(&mut self, game: &Hex, limit: Duration) -> Proven {
        if game.size() > MAX_SOLVER_SIZE || game.winner().is_some() {
            return Proven::Open(Vec::new());
        }
        if self.solver.table_len() > TABLE_MAX {
            self.solver.forget();
        }
        match self.solver.solve_within(game, Some(limit)) {
            Ok(Some(proof)) if proof.winner == game.side_to_move() => self
                .solver
                .winning_move(game)
                .map_or(Proven::Open(Vec::new()), Proven::Win),
            Ok(Some(_)) => Proven::Loss,
            _ => Proven::Open(self.solver.losing_moves(game)),
        }
    }

    /// A flag that ends a proof under way when set (the tree search proved the root first).
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.solver.set_stop(stop);
    }

    /// A new game: the table goes (it stays bounded over a match).
    pub fn new_game(&mut self) {
        self.solver.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poda_core::{Game, Player};

    fn position(size: u32, moves: &str) -> Hex {
        let mut game = Hex::with_size(size, false).unwrap();
        for m in moves.split_whitespace() {
            let mv = game.parse_move(m).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    /// A set stop flag ends the proof at once, whatever its time limit; cleared, the same
    /// prover proves the position.
    #[test]
    fn a_stop_flag_ends_the_proof() {
        let game = position(6, "a3");
        let mut prover = RootProver::new(Some(1.0));
        let flag = Arc::new(AtomicBool::new(true));
        prover.set_stop(Some(flag.clone()));
        let began = std::time::Instant::now();
        assert!(matches!(
            prover.prove_within(&game, Duration::from_secs(600)),
            Proven::Open(_)
        ));
        assert!(began.elapsed() < Duration::from_secs(60));
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            prover.prove_within(&game, Duration::from_secs(600)),
            Proven::Loss
        );
    }

    /// Every 4x4 opening: the prover's verdict is the solver's, and its winning move wins
    /// (the solver, run afresh on the position after it, as the oracle).
    #[test]
    fn proves_small_positions_and_its_winning_moves_win() {
        let mut oracle = HexSolver::new();
        let mut wins = 0;
        for c in 0..16u16 {
            let game = Hex::with_size(4, false).unwrap().after(HexMove::Cell(c));
            let mut prover = RootProver::new(Some(1.0));
            let verdict = prover.prove(&game, Duration::from_secs(60));
            let truth = oracle.solve(&game).unwrap().winner;
            match verdict {
                Proven::Win(mv) => {
                    assert_eq!(truth, Player::Second, "opening {c}");
                    let after = game.after(mv);
                    assert_eq!(oracle.solve(&after).unwrap().winner, Player::Second);
                    wins += 1;
                }
                Proven::Loss => assert_eq!(truth, Player::First, "opening {c}"),
                Proven::Open(_) => panic!("4x4 opening {c} not proved in a minute ({truth:?})"),
            }
        }
        // The rules file: White wins after 12 of the 16 openings.
        assert_eq!(wins, 12);
    }

    /// Off, or on a board larger than the solver takes, it proves nothing.
    #[test]
    fn off_and_large_boards_leave_the_root_open() {
        let game = position(4, "a1");
        assert_eq!(
            RootProver::new(Some(0.0)).prove(&game, Duration::from_secs(1)),
            Proven::Open(Vec::new())
        );
        let big = position(13, "g7");
        assert_eq!(
            RootProver::new(Some(0.5)).prove(&big, Duration::from_millis(50)),
            Proven::Open(Vec::new())
        );
    }
}

/// The gate: a position with more empty cells than it lets through gets no share; one with
/// as many or fewer gets the prover's share, on 11x11 too, where it is off by default; and
/// a gated prover proves (or disproves) a small position it is let at.
#[cfg(test)]
mod gate {
    use super::*;
    use poda_core::{Game, Player};

    #[test]
    fn the_gate_counts_the_empty_cells() {
        let early = Hex::with_size(11, false)
            .unwrap()
            .play_moves("f6 e5")
            .unwrap();
        let prover = RootProver::with_gate(None, Some(119));
        assert_eq!(prover.share(&early), DEFAULT_SHARE);
        let prover = RootProver::with_gate(None, Some(118));
        assert_eq!(prover.share(&early), 0.0);
        assert_eq!(
            RootProver::with_gate(Some(0.5), Some(119)).share(&early),
            0.5
        );
        assert_eq!(RootProver::new(None).share(&early), 0.0);
        let mut small = Hex::with_size(4, false).unwrap();
        small.play(small.parse_move("a1").unwrap()).unwrap();
        let mut gated = RootProver::with_gate(Some(1.0), Some(15));
        assert!(!matches!(
            gated.prove(&small, Duration::from_secs(30)),
            Proven::Open(_)
        ));
        let mut shut = RootProver::with_gate(Some(1.0), Some(14));
        assert_eq!(
            shut.prove(&small, Duration::from_secs(30)),
            Proven::Open(Vec::new())
        );
    }

    /// A late 11x11 position hexmc lost against MoHex 2.0 at 5 s a move (Black to move, 77
    /// empty cells; it played k4, which loses): the prover of `solve=0.4,solveat=95` proves
    /// it won and names a move that wins (the solver, run afresh on the position after it,
    /// as the oracle), and k4 loses.
    #[test]
    fn proves_a_late_win_the_tree_search_missed() {
        let game = Hex::with_size(11, false)
            .unwrap()
            .play_moves(
                "e7 f4 g4 f6 e6 f5 d5 e3 c4 e8 d8 c10 f7 f8 g7 g8 b10 c9 b9 c8 b8 c3 h5 h2 c7 \
                 e2 d2 d3 i2 h4 f3 g1 j3 h6 b2 h7 a4 b4 a5 b5 a6 b7 g6 i4",
            )
            .unwrap();
        assert_eq!(game.empty_cells().len(), 77);
        let mut prover = RootProver::with_gate(Some(0.4), Some(95));
        let mut oracle = HexSolver::new();
        match prover.prove(&game, Duration::from_secs(150)) {
            Proven::Win(mv) => {
                let after = game.after(mv);
                assert_eq!(oracle.solve(&after).unwrap().winner, Player::First);
            }
            other => panic!("not proved a win in 60 s: {other:?}"),
        }
        let k4 = game.parse_move("k4").unwrap();
        assert_eq!(
            oracle.solve(&game.after(k4)).unwrap().winner,
            Player::Second
        );
    }
}

#[cfg(test)]
mod losing {
    use super::*;
    use poda_core::{Game, Player};

    /// With no time left, the root stays open and the moves named lost are those the table
    /// already proves: the replies solved before (each a loss for the side to move, by a
    /// fresh solver) are named, and nothing else is. (Cells of the root's fill-in, such as
    /// b1 here, are not named: the tree search has its own inferior-cell analysis.)
    #[test]
    fn moves_named_lost_are_the_proven_losses() {
        let mut game = Hex::with_size(6, false).unwrap();
        // After Black's a1 White to move wins, but not with every move.
        game.play(game.parse_move("a1").unwrap()).unwrap();
        let mut prover = RootProver::new(Some(1.0));
        let mut oracle = HexSolver::new();
        let mut expected = Vec::new();
        for m in ["f6", "a6", "f1", "b1"] {
            let mv = game.parse_move(m).unwrap();
            let after = game.after(mv);
            let winner = prover.solver.solve(&after).unwrap().winner;
            assert_eq!(winner, oracle.solve(&after).unwrap().winner, "{m}");
            // b1 is in the root's fill-in (not named).
            if winner == Player::First && m != "b1" {
                expected.push(mv);
            }
        }
        assert!(!expected.is_empty());
        match prover.prove(&game, Duration::ZERO) {
            Proven::Open(mut lost) => {
                lost.sort_by_key(|m| format!("{m:?}"));
                expected.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(lost, expected);
            }
            other => panic!("{other:?}"),
        }
    }
}
