//! Kalah's protocol hooks: OpenSpiel's `mancala` (OpenSpiel 1.6, `games/mancala/mancala.cc`).
//!
//! OpenSpiel's board is one array of 14 cells: cell 0 is the second player's store, cells
//! 1..6 the first player's pits in sowing order (cell 6 next to its store), cell 7 the first
//! player's store, cells 8..13 the second player's pits (cell 13 next to its store). An action
//! is the cell sown; its string is the cell number (`1`..`6` for the first player, `8`..`13`
//! for the second). poda's move is the course's pit number `k` (P1 next to the mover's store),
//! so the first player's Pk is cell `7 - k` and the second's is cell `14 - k`.
//!
//! The rules agree with poda's default Kalah(6,4) (checked by `scripts/openspiel/crosscheck.py`):
//! the opponent's store is skipped, the origin pit is not; a last seed in the own store gives
//! an extra turn; a last seed in an empty own pit captures only if the opposite pit holds
//! seeds (the standard rule, not `empty_capture`), and a capture gives no extra turn; the game
//! ends when either side's pits are empty, each side keeping its own remaining seeds; more
//! seeds wins (returns ±1, 0 for a draw). One difference, never met in practice: OpenSpiel
//! also stops a game after 1,000 moves and calls it a draw, while poda plays on (Kalah(6,4)
//! games last well under 100 plies; the longest of the cross-check's random games is printed
//! by it).
//!
//! OpenSpiel has no other sizes, nor the empty-capture rule: only `kalah(pits=6,seeds=4)` has
//! an OpenSpiel name.

use super::{ProtocolGame, ProtocolHooks};
use poda_core::{Game, Player};
use poda_games::kalah::{Kalah, DEFAULT_PITS, DEFAULT_SEEDS};

/// OpenSpiel's name of Kalah(6,4).
pub const OPENSPIEL_MANCALA: &str = "mancala";

/// See the module doc.
#[derive(Clone, Copy, Debug, Default)]
pub struct KalahHooks;

impl ProtocolGame for Kalah {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &KalahHooks
    }
}

/// OpenSpiel's cell of pit `k` (P1 next to the store) of `player` on a board of `pits` pits a
/// side: the first player's pits are cells `1..=pits`, its store `pits + 1`, the second
/// player's pits the cells after it.
pub fn openspiel_cell(pits: usize, player: Player, k: u8) -> i64 {
    let store = match player {
        Player::First => pits as i64 + 1,
        Player::Second => 2 * (pits as i64 + 1),
    };
    store - k as i64
}

impl ProtocolHooks<Kalah> for KalahHooks {
    fn openspiel_game(&self, game: &Kalah) -> Option<String> {
        let standard = game.pits() == DEFAULT_PITS
            && game.initial_seeds() == DEFAULT_SEEDS
            && !game.empty_capture();
        standard.then(|| OPENSPIEL_MANCALA.to_string())
    }

    /// The cell of the mover's pit (the move is played by the side to move).
    fn openspiel_action(&self, game: &Kalah, mv: u8) -> Option<i64> {
        Some(openspiel_cell(game.pits(), game.to_move(), mv))
    }

    /// OpenSpiel writes the action id, whoever asks.
    fn openspiel_action_string(&self, game: &Kalah, _player: Player, mv: u8) -> Option<String> {
        self.openspiel_action(game, mv).map(|id| id.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::hooks::Dialect;

    #[test]
    fn cells_of_both_players() {
        let first: Vec<i64> = (1..=6)
            .map(|k| openspiel_cell(6, Player::First, k))
            .collect();
        assert_eq!(first, [6, 5, 4, 3, 2, 1]);
        let second: Vec<i64> = (1..=6)
            .map(|k| openspiel_cell(6, Player::Second, k))
            .collect();
        assert_eq!(second, [13, 12, 11, 10, 9, 8]);
    }

    #[test]
    fn only_the_standard_game_has_an_openspiel_name() {
        let h = KalahHooks;
        assert_eq!(
            h.openspiel_game(&Kalah::default()).as_deref(),
            Some("mancala")
        );
        for (pits, seeds, empty) in [(6, 5, false), (4, 4, false), (6, 4, true)] {
            let g = Kalah::new(pits, seeds, empty).unwrap();
            assert_eq!(h.openspiel_game(&g), None, "{}", g.spec());
        }
    }

    /// Every legal move of both players, in seeded random games, is written as OpenSpiel's
    /// action string and read back (as that string and as the plain id); the other player's
    /// cells and the stores are refused.
    #[test]
    fn action_strings_round_trip_in_random_games() {
        let h = KalahHooks;
        let mut rng = poda_core::Rng::new(7);
        let mut seen = [false; 2];
        for _ in 0..200 {
            let mut game = Kalah::default();
            while !game.outcome().is_over() {
                let me = game.to_move();
                seen[me.index()] = true;
                let legal = game.legal_move_list();
                for &mv in &legal {
                    let text = h.write_move(&game, Dialect::OpenSpiel, me, mv);
                    let id: i64 = text.parse().expect("a number");
                    let own = match me {
                        Player::First => 1..=6,
                        Player::Second => 8..=13,
                    };
                    assert!(own.contains(&id), "{text} for {me:?}");
                    assert_eq!(h.read_move(&game, Dialect::OpenSpiel, me, &text), Ok(mv));
                }
                for id in [0, 7, 14, -1] {
                    let text = id.to_string();
                    assert!(h.read_move(&game, Dialect::OpenSpiel, me, &text).is_err());
                }
                let theirs = match me {
                    Player::First => 8..=13,
                    Player::Second => 1..=6,
                };
                for id in theirs {
                    let text = id.to_string();
                    assert!(h.read_move(&game, Dialect::OpenSpiel, me, &text).is_err());
                }
                let mv = legal[rng.below(legal.len() as u64) as usize];
                game.play(mv).unwrap();
            }
        }
        assert_eq!(seen, [true, true]);
    }

    #[test]
    fn native_notation_is_the_pit_number() {
        let h = KalahHooks;
        let game = Kalah::default();
        assert_eq!(h.write_move(&game, Dialect::Native, Player::First, 6), "6");
        assert_eq!(
            h.read_move(&game, Dialect::Native, Player::First, "6"),
            Ok(6)
        );
    }
}
