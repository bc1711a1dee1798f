//! The misère wrapper's protocol hooks: everything is the inner game's (colours, moves, action
//! strings, `boardsize`, stones out of turn), on the inner position; only the OpenSpiel name
//! (`misere(game=...)`, OpenSpiel's wrapper) and the winner in `final_score` change.
//!
//! OpenSpiel's `misere` game (`game_transforms/misere.cc`) likewise keeps the inner game's
//! actions and action strings (`x3` in `misere(game=connect_four())`) and negates the returns.

use super::{Dialect, ProtocolGame, ProtocolHooks};
use poda_core::{MoveParseError, Player};
use poda_games::misere::Misere;
use std::marker::PhantomData;

/// The hooks of `Misere<G>`, built on `G`'s ([`ProtocolGame::protocol`]).
pub struct MisereHooks<G>(pub PhantomData<fn() -> G>);

impl<G> MisereHooks<G> {
    pub const fn new() -> Self {
        MisereHooks(PhantomData)
    }
}

impl<G> Default for MisereHooks<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// OpenSpiel's string for the misère version of the OpenSpiel game `inner`: its wrapper takes
/// the inner game as a parameter, with parentheses (`misere(game=connect_four())`).
pub fn openspiel_misere(inner: &str) -> String {
    if inner.contains('(') {
        format!("misere(game={inner})")
    } else {
        format!("misere(game={inner}())")
    }
}

/// A `final_score` answer with the winner exchanged (`B+...` and `W+...`; a draw stays).
fn swap_winner_text(answer: String) -> String {
    if let Some(rest) = answer.strip_prefix("B+") {
        format!("W+{rest}")
    } else if let Some(rest) = answer.strip_prefix("W+") {
        format!("B+{rest}")
    } else {
        answer
    }
}

/// A misère game speaks the inner game's notation.
impl<G: ProtocolGame> ProtocolGame for Misere<G> {
    fn protocol() -> &'static dyn ProtocolHooks<Self> {
        &MisereHooks::<G>(PhantomData)
    }
}

impl<G: ProtocolGame> ProtocolHooks<Misere<G>> for MisereHooks<G> {
    fn parse_colour(&self, game: &Misere<G>, dialect: Dialect, text: &str) -> Option<Player> {
        G::protocol().parse_colour(game.inner(), dialect, text)
    }

    fn colour_name(&self, game: &Misere<G>, dialect: Dialect, player: Player) -> String {
        G::protocol().colour_name(game.inner(), dialect, player)
    }

    fn openspiel_game(&self, game: &Misere<G>) -> Option<String> {
        G::protocol()
            .openspiel_game(game.inner())
            .map(|inner| openspiel_misere(&inner))
    }

    fn openspiel_action(&self, game: &Misere<G>, mv: G::Move) -> Option<i64> {
        G::protocol().openspiel_action(game.inner(), mv)
    }

    fn openspiel_action_string(
        &self,
        game: &Misere<G>,
        player: Player,
        mv: G::Move,
    ) -> Option<String> {
        G::protocol().openspiel_action_string(game.inner(), player, mv)
    }

    fn read_move(
        &self,
        game: &Misere<G>,
        dialect: Dialect,
        player: Player,
        text: &str,
    ) -> Result<G::Move, MoveParseError> {
        G::protocol().read_move(game.inner(), dialect, player, text)
    }

    fn write_move(
        &self,
        game: &Misere<G>,
        dialect: Dialect,
        player: Player,
        mv: G::Move,
    ) -> String {
        G::protocol().write_move(game.inner(), dialect, player, mv)
    }

    fn boardsize_command(&self, game: &Misere<G>) -> Option<String> {
        G::protocol().boardsize_command(game.inner())
    }

    fn boardsize(&self, game: &Misere<G>, dims: &[u32]) -> Result<Misere<G>, String> {
        G::protocol().boardsize(game.inner(), dims).map(Misere::new)
    }

    fn place_out_of_turn(
        &self,
        game: &mut Misere<G>,
        player: Player,
        mv: G::Move,
    ) -> Result<(), String> {
        let mut inner = game.inner().clone();
        G::protocol().place_out_of_turn(&mut inner, player, mv)?;
        *game = Misere::new(inner);
        Ok(())
    }

    /// The inner game's answer (in its colours) with the winner exchanged.
    fn final_score(&self, game: &Misere<G>, dialect: Dialect) -> Option<String> {
        G::protocol()
            .final_score(game.inner(), dialect)
            .map(swap_winner_text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poda_core::{Game, Outcome};
    use poda_games::connect4::Connect4;

    fn hooks() -> &'static dyn ProtocolHooks<Misere<Connect4>> {
        <Misere<Connect4> as ProtocolGame>::protocol()
    }

    #[test]
    fn names() {
        assert_eq!(
            openspiel_misere("connect_four"),
            "misere(game=connect_four())"
        );
        assert_eq!(
            openspiel_misere("hex(board_size=7)"),
            "misere(game=hex(board_size=7))"
        );
        let game = Misere::new(Connect4::default());
        assert_eq!(
            hooks().openspiel_game(&game).as_deref(),
            Some("misere(game=connect_four())")
        );
        let wide = Misere::new(Connect4::with_size(8, 7).unwrap());
        assert_eq!(hooks().openspiel_game(&wide), None);
        // The name poda gives reads back as the same game, in OpenSpiel's dialect.
        let (back, dialect) =
            crate::gtp::hooks::openspiel::resolve_game("misere(game=connect_four())").unwrap();
        let poda_games::AnyGame::MisereConnect4(back) = back else {
            panic!("not misère Connect 4");
        };
        assert_eq!(back.spec(), game.spec());
        assert_eq!(dialect, Dialect::OpenSpiel);
    }

    /// Connect 4's action strings (`x3`, `o3`) and ids, both ways, in seeded random games; the
    /// other player's mark is refused.
    #[test]
    fn action_strings_round_trip_in_random_games() {
        let mut rng = poda_core::Rng::new(11);
        for _ in 0..100 {
            let mut game = Misere::new(Connect4::default());
            while !game.outcome().is_over() {
                let me = game.to_move();
                let (mine, theirs) = match me {
                    Player::First => ('x', 'o'),
                    Player::Second => ('o', 'x'),
                };
                let legal = game.legal_move_list();
                for &mv in &legal {
                    let text = hooks().write_move(&game, Dialect::OpenSpiel, me, mv);
                    let id = hooks().openspiel_action(&game, mv).unwrap();
                    assert_eq!(text, format!("{mine}{id}"));
                    let read = |t: &str| hooks().read_move(&game, Dialect::OpenSpiel, me, t);
                    assert_eq!(read(&text), Ok(mv));
                    assert_eq!(read(&id.to_string()), Ok(mv));
                    assert!(read(&format!("{theirs}{id}")).is_err());
                    // poda's notation: the 1-based column.
                    assert_eq!(
                        hooks().write_move(&game, Dialect::Native, me, mv),
                        (id + 1).to_string()
                    );
                }
                let mv = legal[rng.below(legal.len() as u64) as usize];
                game.play(mv).unwrap();
            }
        }
    }

    #[test]
    fn final_score_names_the_misere_winner() {
        // The first player completes four in column 1 and so loses.
        let mut game = Misere::new(Connect4::default());
        for col in [0u8, 1, 0, 1, 0, 1, 0] {
            assert_eq!(hooks().final_score(&game, Dialect::OpenSpiel), None);
            let mv = hooks()
                .read_move(&game, Dialect::OpenSpiel, game.to_move(), &col.to_string())
                .unwrap();
            game.play(mv).unwrap();
        }
        assert_eq!(game.outcome(), Outcome::Win(Player::Second));
        assert_eq!(
            hooks().final_score(&game, Dialect::OpenSpiel).as_deref(),
            Some("W+")
        );
        assert_eq!(swap_winner_text("0".into()), "0");
        assert_eq!(swap_winner_text("W+".into()), "B+");
    }

    #[test]
    fn boardsize_keeps_the_wrapper() {
        let game = Misere::new(Connect4::default());
        let resized = hooks().boardsize(&game, &[8, 7]).unwrap();
        assert_eq!(resized.spec(), "misere(connect4(width=8,height=7))");
        assert!(hooks().boardsize(&game, &[8]).is_err());
        let mut g = game;
        assert!(hooks()
            .place_out_of_turn(&mut g, Player::Second, 3)
            .is_err());
    }
}
