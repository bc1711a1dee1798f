//! Move ordering for the engine: TT move, killer moves, history heuristic, evaluator hints.
//!
//! - The TT move (best move stored for the position) is tried first.
//! - Killers: two quiet moves per ply that caused a beta cut-off recently (Akl and Newborn,
//!   "The principal continuation and the killer heuristic", 1977).
//! - History: a counter per (player, move) raised by depth² on each cut-off (Schaeffer, "The
//!   history heuristic and alpha-beta search enhancements in practice", IEEE PAMI 11, 1989).
//!   Moves are generic, so they are hashed into a fixed array; a collision only blurs the order.
//! - Evaluator hints break the remaining ties (centre columns first in Connect 4, say).

use poda_core::{Evaluator, Game, Player};
use std::hash::{Hash, Hasher};

/// Size of the history array per player (a power of two).
const HISTORY_SIZE: usize = 4096;
/// History values are halved when one reaches this, to keep recent information relevant.
const HISTORY_MAX: u32 = 1 << 24;

/// Sort keys, highest first: a class (TT move, killers, the rest) in the top bits, then the
/// history score (below 2^24), then the evaluator hint (20 bits); the low 16 bits hold the
/// move's index in the generated order (inverted, so equal keys keep that order), which the
/// transposition table stores instead of the move itself.
const CLASS_SHIFT: u32 = 44;
const HISTORY_SHIFT: u32 = 20;
const HINT_BIAS: i64 = 1 << 19;
const INDEX_BITS: u32 = 16;
const INDEX_MASK: i64 = (1 << INDEX_BITS) - 1;
const TT_MOVE_CLASS: i64 = 3;
const KILLER1_CLASS: i64 = 2;
const KILLER2_CLASS: i64 = 1;

/// The index in the generated move order of the move sorted with this key.
#[inline]
pub fn generated_index(key: i64) -> u16 {
    (INDEX_MASK - (key & INDEX_MASK)) as u16
}

/// A tiny multiplicative hasher for moves (FxHash style); moves are a few bytes.
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

fn move_slot<M: Hash>(mv: &M) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    (h.finish() >> 32) as usize & (HISTORY_SIZE - 1)
}

/// Killers and history, kept across the iterations of a search.
#[derive(Debug)]
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    pub use_killers: bool,
    pub use_history: bool,
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    pub fn new(use_killers: bool, use_history: bool) -> Self {
        Ordering {
            killers: Vec::new(),
            history: vec![0; 2 * HISTORY_SIZE],
            use_killers,
            use_history,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.fill(0);
    }

    /// Sorts `moves` best-first for the node at `ply`; `keys` receives the sort keys, from
    /// which [`generated_index`] recovers each move's index in the generated order.
    pub fn order<G: Game<Move = M>, E: Evaluator<G> + ?Sized>(
        &self,
        game: &G,
        moves: &mut [M],
        tt_move: Option<M>,
        ply: usize,
        eval: &E,
        keys: &mut Vec<i64>,
    ) {
        let player = game.to_move();
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        keys.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let key = if Some(mv) == tt_move {
                TT_MOVE_CLASS << CLASS_SHIFT
            } else if self.use_killers && Some(mv) == killers[0] {
                KILLER1_CLASS << CLASS_SHIFT
            } else if self.use_killers && Some(mv) == killers[1] {
                KILLER2_CLASS << CLASS_SHIFT
            } else {
                let history = if self.use_history {
                    self.history[Self::index(player, &mv)].min(HISTORY_MAX - 1) as i64
                } else {
                    0
                };
                let hint = eval.move_hint(game, mv) as i64;
                (history << HISTORY_SHIFT) + hint.clamp(-HINT_BIAS, HINT_BIAS - 1) + HINT_BIAS
            };
            keys.push(key << INDEX_BITS | (INDEX_MASK - (i as i64).min(INDEX_MASK)));
        }
        // Insertion sort, stable: lists are short and often nearly sorted.
        for i in 1..moves.len() {
            let (mv, key) = (moves[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < key {
                moves[j] = moves[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            moves[j] = mv;
            keys[j] = key;
        }
    }

    /// Records that `mv` caused a beta cut-off at `ply` with `depth` plies left.
    pub fn record_cutoff(&mut self, player: Player, mv: M, ply: usize, depth: u32) {
        if self.use_killers {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if self.use_history {
            let i = Self::index(player, &mv);
            self.history[i] = self.history[i].saturating_add(depth * depth);
            if self.history[i] >= HISTORY_MAX {
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }

    #[inline]
    fn index(player: Player, mv: &M) -> usize {
        player.index() * HISTORY_SIZE + move_slot(mv)
    }
}
