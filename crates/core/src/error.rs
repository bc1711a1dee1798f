//! Small typed errors shared by every game.

use thiserror::Error;

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("move {0} is not legal here")]
    NotLegal(String),
}
