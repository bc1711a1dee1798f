//! The misère version of any game: the player who would win loses (and the other way round),
//! everything else is the inner game's. OpenSpiel builds its misère games the same way, as a
//! wrapper (`misere(game=...)`).
//!
//! Spec strings: `misere(connect4)`, `misere(game=connect_four())`,
//! `misere(connect4(width=8,height=7))`. The registry ([`AnyGame`](crate::AnyGame)) knows the
//! inner games it can wrap (Connect 4 for now). DesConecta-4 BOOM is a game of its own, not a
//! wrapped one, because its moves differ from Connect 4's (bombs, BOOM).
//!
//! Evaluators: every evaluator of the inner game, under the same name, NEGATED: what was good
//! for a player in the inner game is bad for it in the misère one. That is a reasonable start,
//! not a strong misère evaluation (a misère game is about being forced, which a negated
//! normal-play heuristic only partly sees). Move-ordering hints are the inner ones. The inner
//! game's own agents are not carried over (they play the inner game); the arena adds
//! solver-backed ones per inner game (misère Connect 4's `hybrid`, on poda-solve's misère
//! solver).

use poda_core::notation::MoveParseError;
use poda_core::{Catalog, Evaluator, EvaluatorEntry, Game, IllegalMove, Outcome, Player};
use poda_core::{Spec, SpecError};
use std::sync::Arc;

/// The misère version of `G`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Misere<G> {
    inner: G,
}

impl<G: Game> Misere<G> {
    /// The misère version of a position of `G`.
    pub fn new(inner: G) -> Misere<G> {
        Misere { inner }
    }

    /// The position in the inner game.
    pub fn inner(&self) -> &G {
        &self.inner
    }
}

/// The result of the misère game given the inner game's result: the winner becomes the loser.
pub fn swap_winner(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Win(p) => Outcome::Win(p.opponent()),
        other => other,
    }
}

impl<G: Game> Game for Misere<G> {
    type Move = G::Move;

    fn spec(&self) -> String {
        format!("misere({})", self.inner.spec())
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.inner.to_move()
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        swap_winner(self.inner.outcome())
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        self.inner.legal_moves(moves);
    }

    #[inline]
    fn play_unchecked(&mut self, mv: G::Move) {
        self.inner.play_unchecked(mv);
    }

    /// The inner hash: the positions are the inner game's, only their results differ.
    #[inline]
    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.inner.ply()
    }

    fn max_plies(&self) -> Option<u32> {
        self.inner.max_plies()
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, MoveParseError> {
        self.inner.parse_move(text)
    }

    fn format_move(&self, mv: G::Move) -> String {
        self.inner.format_move(mv)
    }

    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        self.inner.split_moves(text)
    }

    fn format_moves(&self, moves: &[G::Move]) -> String {
        self.inner.format_moves(moves)
    }

    fn board_string(&self) -> String {
        self.inner.board_string()
    }

    fn render(&self) -> String {
        format!(
            "{}(misère: whoever would win {} loses)\n",
            self.inner.render(),
            self.inner.spec()
        )
    }

    #[inline]
    fn is_legal(&self, mv: G::Move) -> bool {
        self.inner.is_legal(mv)
    }

    fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        self.inner.play(mv)
    }
}

/// An inner evaluator, negated.
pub struct Negated<G: Game> {
    inner: Arc<dyn Evaluator<G>>,
}

impl<G: Game> Negated<G> {
    pub fn new(inner: Arc<dyn Evaluator<G>>) -> Self {
        Negated { inner }
    }
}

impl<G: Game> Evaluator<Misere<G>> for Negated<G> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn evaluate(&self, state: &Misere<G>, player: Player) -> i64 {
        -self.inner.evaluate(&state.inner, player)
    }

    fn move_hint(&self, state: &Misere<G>, mv: G::Move) -> i32 {
        self.inner.move_hint(&state.inner, mv)
    }
}

/// Most inner evaluators [`Catalog::evaluators`] lists for a misère game (each needs its own
/// `fn` to build it); every inner evaluator stays reachable by name through
/// [`Catalog::evaluator`] whatever their number.
pub const MAX_LISTED_EVALUATORS: usize = 16;

/// Builds the negated `N`-th evaluator of the inner game.
fn negated_nth<G: Catalog, const N: usize>(game: &Misere<G>) -> Arc<dyn Evaluator<Misere<G>>> {
    let entry = G::evaluators()
        .into_iter()
        .nth(N)
        .expect("only listed evaluators get a builder");
    Arc::new(Negated::new((entry.build)(&game.inner)))
}

type Builder<G> = fn(&Misere<G>) -> Arc<dyn Evaluator<Misere<G>>>;

/// The builder of the `index`-th inner evaluator, for `index < MAX_LISTED_EVALUATORS`.
fn builder<G: Catalog>(index: usize) -> Option<Builder<G>> {
    macro_rules! table {
        ($($n:literal)*) => {
            match index {
                $($n => Some(negated_nth::<G, $n> as Builder<G>),)*
                _ => None,
            }
        };
    }
    table!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
}

impl<G: Catalog> Catalog for Misere<G> {
    fn evaluators() -> Vec<EvaluatorEntry<Misere<G>>> {
        G::evaluators()
            .into_iter()
            .enumerate()
            .filter_map(|(i, e)| {
                builder::<G>(i).map(|build| EvaluatorEntry {
                    name: e.name,
                    help: e.help,
                    build,
                })
            })
            .collect()
    }

    fn evaluator(&self, name: &str) -> Result<Arc<dyn Evaluator<Self>>, SpecError> {
        let inner = self.inner.evaluator(name)?;
        Ok(Arc::new(Negated::new(inner)))
    }
}

/// The inner game's spec of a `misere(...)` spec: its one positional argument or its `game=`
/// option.
pub fn inner_spec(spec: &Spec) -> Result<Spec, SpecError> {
    if let Some(key) = spec
        .args
        .iter()
        .find_map(|a| a.key.as_deref().filter(|&k| k != "game"))
    {
        return Err(SpecError::UnknownOption {
            owner: spec.name.clone(),
            key: key.to_string(),
            valid: vec!["game".to_string()],
        });
    }
    let positional: Vec<&str> = spec.positional().collect();
    let keyed = spec.get("game");
    let text = match (positional.as_slice(), keyed) {
        ([one], None) => *one,
        ([], Some(game)) => game,
        _ => {
            return Err(spec.bad_value(
                "game",
                &spec.to_string(),
                "give the inner game once: misere(connect4) or misere(game=connect_four())",
            ))
        }
    };
    Spec::parse(text)
}
