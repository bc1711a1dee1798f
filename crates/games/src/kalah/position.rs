//! [`Kalah`]: a position of Kalah(m,n) with its parameters, built on the mover-view
//! [`Board`].

use super::board::{mix64, Board, Sown, MAX_PITS};
use poda_core::{Outcome, Player, Spec, SpecError};

/// Default pits per side and seeds per pit: the course's Mancala, Kalah(6,4).
pub const DEFAULT_PITS: usize = 6;
pub const DEFAULT_SEEDS: u16 = 4;
/// Most seeds per pit at the start.
pub const MAX_SEEDS: u16 = 24;

/// A Kalah position: the board from the mover's view, who the mover is, and the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    pub(super) board: Board,
    pub(super) mover: Player,
    pub(super) seeds: u16,
    pub(super) empty_capture: bool,
    pub(super) over: bool,
    /// The last move gave an extra turn (kept after the game ends, as the course's engine
    /// does: its current player does not change then).
    pub(super) extra_turn: bool,
    pub(super) ply: u32,
}

impl Default for Kalah {
    fn default() -> Self {
        Kalah::new(DEFAULT_PITS, DEFAULT_SEEDS, false).expect("the default size is valid")
    }
}

impl Kalah {
    /// Kalah(`pits`, `seeds`) at the start; `empty_capture` captures even when the opposite
    /// pit is empty.
    pub fn new(pits: usize, seeds: u16, empty_capture: bool) -> Result<Kalah, String> {
        if !(1..=MAX_PITS).contains(&pits) {
            return Err(format!("pits must be 1..={MAX_PITS}, not {pits}"));
        }
        if !(1..=MAX_SEEDS).contains(&seeds) {
            return Err(format!("seeds must be 1..={MAX_SEEDS}, not {seeds}"));
        }
        Ok(Kalah {
            board: Board::new(pits, seeds),
            mover: Player::First,
            seeds,
            empty_capture,
            over: false,
            extra_turn: false,
            ply: 0,
        })
    }

    /// The game a spec names: `kalah(pits=6,seeds=4,empty_capture=false)` (or `mancala`).
    pub fn from_spec(spec: &Spec) -> Result<Kalah, SpecError> {
        spec.expect_keys(&["pits", "seeds", "empty_capture"])?;
        let pits = spec.int_in("pits", DEFAULT_PITS as u64, 1, MAX_PITS as u64)? as usize;
        let seeds = spec.int_in("seeds", DEFAULT_SEEDS as u64, 1, MAX_SEEDS as u64)? as u16;
        let empty_capture = spec.bool_or("empty_capture", false)?;
        Kalah::new(pits, seeds, empty_capture).map_err(|m| spec.bad_value("pits", "", m))
    }

    /// Pits per side.
    #[inline]
    pub fn pits(&self) -> usize {
        self.board.pits()
    }

    /// Seeds per pit at the start.
    pub fn initial_seeds(&self) -> u16 {
        self.seeds
    }

    /// Whether a capture takes place even when the opposite pit is empty.
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Every seed in the game.
    pub fn total_seeds(&self) -> u32 {
        2 * self.pits() as u32 * self.seeds as u32
    }

    /// The board from the side to move's view.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move (after the game ends: the one who would have moved next).
    #[inline]
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// Seeds in `player`'s pit `Pk` (`k` in 1..=m; P1 is next to the player's store).
    pub fn pit(&self, player: Player, k: usize) -> u16 {
        if player == self.mover {
            self.board.own_pit(k)
        } else {
            self.board.opp_pit(k)
        }
    }

    /// Seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u16 {
        if player == self.mover {
            self.board.own_store()
        } else {
            self.board.opp_store()
        }
    }

    /// Seeds in `player`'s pits.
    pub fn side_seeds(&self, player: Player) -> u32 {
        let (own, opp) = self.board.side_seeds();
        if player == self.mover {
            own
        } else {
            opp
        }
    }

    /// `player`'s store minus the other's.
    pub fn store_difference(&self, player: Player) -> i32 {
        let margin = self.board.margin();
        if player == self.mover {
            margin
        } else {
            -margin
        }
    }

    /// Did the last move end in the mover's store?
    pub fn last_was_extra_turn(&self) -> bool {
        self.extra_turn
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The result once over: the larger store wins.
    #[inline]
    pub fn result(&self) -> Outcome {
        if !self.over {
            return Outcome::Ongoing;
        }
        match self.board.margin() {
            0 => Outcome::Draw,
            d if d > 0 => Outcome::Win(self.mover),
            _ => Outcome::Win(self.mover.opponent()),
        }
    }

    /// Plays pit `Pk` of the mover (non-empty, game not over).
    #[inline]
    pub fn sow(&mut self, k: usize) -> Sown {
        let sown = self.board.sow(k, self.empty_capture);
        if !sown.extra_turn {
            self.mover = self.mover.opponent();
        }
        self.over = sown.over;
        self.extra_turn = sown.extra_turn;
        self.ply += 1;
        sown
    }

    /// Hash of the pits, stores and side to move (the rules are the same for every position
    /// of one game).
    #[inline]
    pub fn position_hash(&self) -> u64 {
        let side = match self.mover {
            Player::First => 0,
            Player::Second => 0x6A09_E667_F3BC_C909,
        };
        mix64(self.board.hash() ^ side)
    }

    /// The most plies a game can last from a position with `total` seeds on `pits` pits a
    /// side. Every ply either adds a seed to a store, which happens at most `total` times, or
    /// keeps every seed on the mover's side and moves them nearer the store, lowering the sum
    /// of the seeds' distances to their stores (at most `pits * total`) by at least one.
    pub fn ply_bound(pits: usize, total: u32) -> u32 {
        let (m, t) = (pits as u64, total as u64);
        ((t + 1) * (m * t + 1)).min(u32::MAX as u64) as u32
    }
}
