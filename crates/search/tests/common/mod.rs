//! A synthetic game for testing search: a seeded random game graph with transpositions,
//! extra turns (the same player moving again), early ends and a pseudo-random evaluator.
//! Its whole state is (seed, ply, node value, side to move), so the future depends only on it.

#![allow(dead_code)]

use poda_core::notation::MoveParseError;
use poda_core::{Evaluator, Game, Outcome, Player};

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Number of distinct node values per ply: small, so transpositions are frequent.
const VALUES: u64 = 24;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeGame {
    pub seed: u64,
    pub ply: u32,
    pub value: u64,
    pub mover: Player,
    pub length: u32,
    /// Percent chance that a move gives an extra turn.
    pub extra_turns: u64,
}

impl TreeGame {
    pub fn new(seed: u64, length: u32, extra_turns: u64) -> Self {
        TreeGame {
            seed,
            ply: 0,
            value: 0,
            mover: Player::First,
            length,
            extra_turns,
        }
    }

    fn key(&self) -> u64 {
        mix(self.seed
            ^ mix(self.ply as u64 * 1000 + self.value)
            ^ (self.mover.index() as u64) << 63)
    }
}

impl Game for TreeGame {
    type Move = u8;

    fn spec(&self) -> String {
        format!("tree(seed={})", self.seed)
    }
    fn to_move(&self) -> Player {
        self.mover
    }
    fn outcome(&self) -> Outcome {
        let k = self.key();
        let ends_early = self.ply >= 2 && k % 100 < 8;
        if self.ply >= self.length || ends_early {
            match (k >> 8) % 3 {
                0 => Outcome::Win(Player::First),
                1 => Outcome::Win(Player::Second),
                _ => Outcome::Draw,
            }
        } else {
            Outcome::Ongoing
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_over() {
            return;
        }
        let n = 1 + (self.key() >> 16) % 4;
        moves.extend(0..n as u8);
    }
    fn play_unchecked(&mut self, mv: u8) {
        let k = mix(self.key() ^ mv as u64);
        self.value = (self.value * 5 + mv as u64 + (k % 3)) % VALUES;
        if (k >> 20) % 100 >= self.extra_turns {
            self.mover = self.mover.opponent();
        }
        self.ply += 1;
    }
    fn hash(&self) -> u64 {
        self.key()
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn max_plies(&self) -> Option<u32> {
        Some(self.length)
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        text.parse()
            .map_err(|_| MoveParseError::new(text, "not a number"))
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn board_string(&self) -> String {
        format!("{}:{}:{}", self.ply, self.value, self.mover.number())
    }
    fn render(&self) -> String {
        self.board_string()
    }
}

/// A pseudo-random evaluator keyed by the position and a salt. `zero_sum` makes the value for
/// the second player the negation of the first's; otherwise the two views are unrelated (as
/// with a one-sided course heuristic).
pub struct RandomEval {
    pub salt: u64,
    pub zero_sum: bool,
}

impl Evaluator<TreeGame> for RandomEval {
    fn name(&self) -> &str {
        "random-eval"
    }
    fn evaluate(&self, state: &TreeGame, player: Player) -> i64 {
        let v = (mix(state.key() ^ self.salt) % 201) as i64 - 100;
        if self.zero_sum {
            if player == Player::First {
                v
            } else {
                -v
            }
        } else {
            (mix(state.key() ^ self.salt ^ (player.index() as u64 + 7)) % 201) as i64 - 100
        }
    }
}
