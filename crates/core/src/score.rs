//! Side-to-move scores with win/loss-in-N-plies encoding.
//!
//! A [`Score`] is an `i32` seen from the side to move (the negamax view). Decisive values sit
//! at the ends of the range: a win in `n` plies is `WIN - n`, a loss in `n` plies is
//! `-(WIN - n)`. So a quicker win is a larger number and a slower loss is a larger number too:
//! maximising the score prefers the quickest win and the slowest loss by construction.
//! Heuristic values are clamped into `±MAX_HEURISTIC`, well below any decisive value.

use std::fmt;
use std::ops::Neg;

/// A side-to-move score: heuristic, draw (0) or decisive (win/loss in N plies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// The base of decisive scores: a win "in 0 plies" (an already won position).
    pub const WIN: i32 = 1_000_000_000;
    /// Longest distance to the end that the encoding can hold.
    pub const MAX_PLIES: i32 = 1_000_000;
    /// Largest magnitude of a heuristic value.
    pub const MAX_HEURISTIC: i32 = Self::WIN - Self::MAX_PLIES - 1;
    /// Above every score: the open bound of a full alpha-beta window.
    pub const INFINITY: Score = Score(Self::WIN + 1);
    pub const DRAW: Score = Score(0);
    pub const ZERO: Score = Score(0);

    /// The side to move wins, the winning move being the `plies`-th ply from now.
    #[inline]
    pub fn win_in(plies: u32) -> Score {
        Score(Self::WIN - (plies as i32).min(Self::MAX_PLIES))
    }

    /// The side to move loses, the opponent's winning move being the `plies`-th ply from now.
    #[inline]
    pub fn loss_in(plies: u32) -> Score {
        -Score::win_in(plies)
    }

    /// A heuristic value, clamped so it never looks decisive.
    #[inline]
    pub fn heuristic(value: i64) -> Score {
        let max = Self::MAX_HEURISTIC as i64;
        Score(value.clamp(-max, max) as i32)
    }

    #[inline]
    pub fn value(self) -> i32 {
        self.0
    }

    #[inline]
    pub fn is_win(self) -> bool {
        self.0 > Self::MAX_HEURISTIC && self.0 <= Self::WIN
    }

    #[inline]
    pub fn is_loss(self) -> bool {
        self.0 < -Self::MAX_HEURISTIC && self.0 >= -Self::WIN
    }

    #[inline]
    pub fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// For a decisive score, the number of plies to the end of the game.
    pub fn plies_to_end(self) -> Option<u32> {
        if self.is_decisive() {
            Some((Self::WIN - self.0.abs()) as u32)
        } else {
            None
        }
    }

    /// The same score seen from one ply further from the root: a decisive score gets one ply
    /// longer. Used when a value found at a child is reported at its parent *without* the
    /// usual negation (extra turns, where the same player moves again).
    #[inline]
    pub fn one_ply_later(self) -> Score {
        if self.is_win() {
            Score(self.0 - 1)
        } else if self.is_loss() {
            Score(self.0 + 1)
        } else {
            self
        }
    }

    /// Converts a score measured from the root to one measured from a node `ply` plies below
    /// it (for storing in a transposition table).
    #[inline]
    pub fn to_node_relative(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// Inverse of [`Score::to_node_relative`].
    #[inline]
    pub fn from_node_relative(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// `+12`, `-3`, `0` for heuristic values; `W5` (wins in 5 plies) and `L4` (loses in 4 plies)
/// for decisive ones; `inf`/`-inf` for the window bounds.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 > Self::WIN {
            f.pad("inf")
        } else if self.0 < -Self::WIN {
            f.pad("-inf")
        } else if self.is_win() {
            f.pad(&format!("W{}", Self::WIN - self.0))
        } else if self.is_loss() {
            f.pad(&format!("L{}", Self::WIN + self.0))
        } else if self.0 > 0 {
            f.pad(&format!("+{}", self.0))
        } else {
            f.pad(&self.0.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quickest_win_and_slowest_loss_are_largest() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::win_in(41) > Score::heuristic(i64::MAX));
        assert!(Score::loss_in(10) > Score::loss_in(2));
        assert!(Score::loss_in(2) < Score::heuristic(i64::MIN));
        assert!(Score::INFINITY > Score::win_in(0));
        assert!(-Score::INFINITY < Score::loss_in(0));
    }

    #[test]
    fn display() {
        assert_eq!(Score(12).to_string(), "+12");
        assert_eq!(Score(-3).to_string(), "-3");
        assert_eq!(Score(0).to_string(), "0");
        assert_eq!(Score::win_in(5).to_string(), "W5");
        assert_eq!(Score::loss_in(4).to_string(), "L4");
        assert_eq!(Score::INFINITY.to_string(), "inf");
        assert_eq!(format!("{:>4}", Score::win_in(5)), "  W5");
    }

    #[test]
    fn classification_and_distance() {
        assert!(Score::win_in(7).is_win());
        assert!(!Score::win_in(7).is_loss());
        assert!(Score::loss_in(7).is_loss());
        assert!(!Score(5).is_decisive());
        assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
        assert_eq!(Score::loss_in(2).plies_to_end(), Some(2));
        assert_eq!(Score(1).plies_to_end(), None);
        assert_eq!(-Score::win_in(3), Score::loss_in(3));
    }

    #[test]
    fn node_relative_round_trip() {
        for s in [Score::win_in(9), Score::loss_in(8), Score(77), Score::DRAW] {
            assert_eq!(s.to_node_relative(5).from_node_relative(5), s);
        }
        // A win in 9 plies from the root is a win in 4 plies from a node 5 plies down.
        assert_eq!(Score::win_in(9).to_node_relative(5), Score::win_in(4));
        assert_eq!(Score::win_in(2).one_ply_later(), Score::win_in(3));
        assert_eq!(Score::loss_in(2).one_ply_later(), Score::loss_in(3));
    }
}
