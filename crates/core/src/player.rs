//! The two players.

use std::fmt;

/// One of the two players. `First` moves first in every game (Black in Hex, J1 in Kalah).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// Both players, first one first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second (for indexing arrays).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2, as players are numbered in the user interfaces and JSON.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player of index 0 or 1; `None` for anything else.
    pub fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for p in Player::BOTH {
            assert_ne!(p, p.opponent());
            assert_eq!(p, p.opponent().opponent());
            assert_eq!(Player::from_index(p.index()), Some(p));
        }
        assert_eq!(Player::from_index(2), None);
        assert_eq!(Player::Second.number(), 2);
    }
}
