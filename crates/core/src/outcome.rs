//! The state of a game's result.

use crate::Player;
use std::fmt;

/// Whether the game goes on, and if not who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Ongoing,
    Win(Player),
    Draw,
}

impl Outcome {
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The winner, if there is one.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            _ => None,
        }
    }

    /// The result in PGN style: `*` (ongoing), `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_string(self) -> &'static str {
        match self {
            Outcome::Ongoing => "*",
            Outcome::Win(Player::First) => "1-0",
            Outcome::Win(Player::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Points earned by `player`: 1 for a win, 0.5 for a draw, 0 for a loss (or an ongoing game).
    pub fn points_for(self, player: Player) -> f64 {
        match self {
            Outcome::Win(p) if p == player => 1.0,
            Outcome::Draw => 0.5,
            _ => 0.0,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_strings_and_points() {
        assert_eq!(Outcome::Ongoing.result_string(), "*");
        assert_eq!(Outcome::Win(Player::First).result_string(), "1-0");
        assert_eq!(Outcome::Win(Player::Second).result_string(), "0-1");
        assert_eq!(Outcome::Draw.result_string(), "1/2-1/2");
        assert_eq!(Outcome::Win(Player::Second).points_for(Player::Second), 1.0);
        assert_eq!(Outcome::Win(Player::Second).points_for(Player::First), 0.0);
        assert_eq!(Outcome::Draw.points_for(Player::First), 0.5);
        assert!(!Outcome::Ongoing.is_over());
        assert_eq!(Outcome::Win(Player::First).winner(), Some(Player::First));
    }
}
