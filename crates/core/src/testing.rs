//! The conformance kit: checks every game must pass (feature `testing`), and the golden-game
//! helpers ([`golden_transcript`], [`check_golden`]).
//!
//! Over seeded random games it checks, at every ply:
//! - legal moves are empty if and only if the game is over;
//! - the incremental hash equals the hash of the same position rebuilt from scratch, and the
//!   rebuilt position draws the same board;
//! - every move outside the legal list is rejected by [`Game::play`] and [`Game::is_legal`],
//!   and every move is rejected once the game is over;
//! - each legal move's notation parses back to the same move, and replaying the whole game
//!   from its written form reaches the same position;
//! - the game ends within [`Game::max_plies`] (or the configured cap for unbounded games);
//! - the ply counter counts the moves played.
//!
//! It panics with a message naming the game, the seed and the moves, so a failure can be
//! replayed.

use crate::{notation::play_line, Game, Rng};

/// Rebuilds a position from scratch (from its board, say), to check the incremental hash.
pub type Rebuild<G> = Box<dyn Fn(&G) -> G>;
/// Every move that is syntactically possible in a position, legal or not.
pub type AllMoves<G> = Box<dyn Fn(&G) -> Vec<<G as Game>::Move>>;

/// What the kit needs to know about a game.
pub struct Conformance<G: Game> {
    /// The start position.
    pub start: G,
    /// Number of seeded random games to play.
    pub games: usize,
    pub seed: u64,
    /// Rebuilds a position from scratch; `None` skips the fresh-hash check (say why).
    pub rebuild: Option<Rebuild<G>>,
    /// All candidate moves, legal or not; `None` skips the illegal-move check (say why).
    pub all_moves: Option<AllMoves<G>>,
    /// For games without `max_plies` (they can cycle): stop a random game after this many
    /// plies without failing.
    pub unbounded_cap: u32,
}

impl<G: Game> Conformance<G> {
    /// A kit with 200 games, seed 1, no rebuild and no candidate moves.
    pub fn new(start: G) -> Self {
        Conformance {
            start,
            games: 200,
            seed: 1,
            rebuild: None,
            all_moves: None,
            unbounded_cap: 2000,
        }
    }

    /// Runs every check; panics on the first failure.
    pub fn run(&self) {
        let mut rng = Rng::new(self.seed);
        let mut legal = Vec::new();
        for game_index in 0..self.games {
            let mut game = self.start.clone();
            let mut history = Vec::new();
            loop {
                let context = || {
                    format!(
                        "{} (seed {}, game {game_index}), after '{}'",
                        self.start.spec(),
                        self.seed,
                        self.start.format_moves(&history)
                    )
                };
                game.legal_moves(&mut legal);
                let over = game.outcome().is_over();
                assert_eq!(
                    legal.is_empty(),
                    over,
                    "{}: legal moves {:?} but outcome {:?}",
                    context(),
                    legal,
                    game.outcome()
                );
                assert_eq!(
                    game.ply() as usize,
                    self.start.ply() as usize + history.len(),
                    "{}: ply counter",
                    context()
                );
                self.check_rebuild(&game, &context);
                self.check_illegal(&game, &legal, &context);
                for &mv in &legal {
                    let text = game.format_move(mv);
                    let back = game.parse_move(&text);
                    assert_eq!(
                        back,
                        Ok(mv),
                        "{}: move {mv:?} written as '{text}'",
                        context()
                    );
                    assert!(
                        game.is_legal(mv),
                        "{}: is_legal({text}) is false",
                        context()
                    );
                }
                if over {
                    break;
                }
                match game.max_plies() {
                    Some(max) => assert!(
                        game.ply() < max,
                        "{}: longer than max_plies {max}",
                        context()
                    ),
                    None if history.len() as u32 >= self.unbounded_cap => break,
                    None => {}
                }
                let mv = legal[rng.index(legal.len())];
                let mut checked = game.clone();
                checked
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{}: play({mv:?}) failed: {e}", context()));
                game.play_unchecked(mv);
                assert_eq!(
                    checked.hash(),
                    game.hash(),
                    "{}: play and play_unchecked differ",
                    context()
                );
                history.push(mv);
            }
            self.check_replay(&game, &history);
        }
    }

    fn check_rebuild(&self, game: &G, context: &dyn Fn() -> String) {
        if let Some(rebuild) = &self.rebuild {
            let fresh = rebuild(game);
            assert_eq!(
                fresh.hash(),
                game.hash(),
                "{}: incremental hash differs from a fresh one",
                context()
            );
            assert_eq!(
                fresh.board_string(),
                game.board_string(),
                "{}: rebuilt board differs",
                context()
            );
            assert_eq!(
                fresh.to_move(),
                game.to_move(),
                "{}: rebuilt side to move differs",
                context()
            );
            assert_eq!(
                fresh.outcome(),
                game.outcome(),
                "{}: rebuilt outcome differs",
                context()
            );
        }
    }

    fn check_illegal(&self, game: &G, legal: &[G::Move], context: &dyn Fn() -> String) {
        let Some(all_moves) = &self.all_moves else {
            return;
        };
        for mv in all_moves(game) {
            if legal.contains(&mv) {
                continue;
            }
            assert!(
                !game.is_legal(mv),
                "{}: is_legal({mv:?}) should be false",
                context()
            );
            let mut copy = game.clone();
            assert!(
                copy.play(mv).is_err(),
                "{}: play({mv:?}) should fail",
                context()
            );
            assert_eq!(
                copy.hash(),
                game.hash(),
                "{}: a rejected move changed the position",
                context()
            );
        }
    }

    fn check_replay(&self, end: &G, history: &[G::Move]) {
        let written = self.start.format_moves(history);
        let (replayed, moves) = play_line(&self.start, &written)
            .unwrap_or_else(|e| panic!("{}: replaying '{written}' failed: {e}", self.start.spec()));
        assert_eq!(
            moves,
            history,
            "{}: '{written}' read back differently",
            self.start.spec()
        );
        assert_eq!(
            replayed.hash(),
            end.hash(),
            "{}: replay of '{written}' differs",
            self.start.spec()
        );
        assert_eq!(replayed.board_string(), end.board_string());
        assert_eq!(replayed.outcome(), end.outcome());
    }
}

/// Asserts that `perft` at each depth equals `expected[depth - 1]` and that perft_divide sums
/// to it.
pub fn assert_perft<G: Game>(game: &G, expected: &[u64]) {
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        let got = crate::perft(game, depth);
        assert_eq!(got, want, "{}: perft({depth})", game.spec());
        let divided: u64 = crate::perft_divide(game, depth)
            .iter()
            .map(|&(_, n)| n)
            .sum();
        assert_eq!(divided, want, "{}: perft_divide({depth}) sum", game.spec());
    }
}

/// The transcript of a golden game: a header, the start position, then for every ply the
/// move and its mover, the board string, the drawing and the outcome, and at the end the
/// whole game in the game's notation. `choose` picks each move (from the game's own seeded
/// [`Rng`], say); `note` may add a remark after a move (it sees the positions before and
/// after). Every game's golden test compares this text with a file (see [`check_golden`]), so
/// any change to the rules or the drawings shows as a diff.
pub fn golden_transcript<G: Game>(
    start: &G,
    header: &str,
    mut choose: impl FnMut(&G) -> G::Move,
    note: impl Fn(&G, &G) -> String,
) -> String {
    let mut game = start.clone();
    let mut out = format!(
        "# {header}\nstart: {}\n{}",
        game.board_string(),
        game.render()
    );
    let mut moves = Vec::new();
    while !game.outcome().is_over() {
        let mv = choose(&game);
        let before = game.clone();
        game.play(mv).expect("a legal move");
        moves.push(mv);
        out.push_str(&format!(
            "\nply {}: {} plays {}{}\n{}\n{}outcome: {} ({})\n",
            game.ply(),
            before.to_move(),
            before.format_move(mv),
            note(&before, &game),
            game.board_string(),
            game.render(),
            game.outcome(),
            game.outcome().result_string()
        ));
    }
    out.push_str(&format!("\nmoves: {}\n", game.format_moves(&moves)));
    out
}

/// Compares `actual` with the golden file at `path`, or rewrites the file when the
/// environment variable `UPDATE_GOLDEN` is `1` (then review the diff before committing). On a
/// difference it panics naming the first line that differs.
pub fn check_golden(path: &str, actual: &str) {
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(path, actual).expect("write the golden file");
        return;
    }
    let expected = std::fs::read_to_string(path)
        .expect("golden file missing: run with UPDATE_GOLDEN=1 to create it");
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .map_or(expected.lines().count().min(actual.lines().count()), |i| i)
            + 1;
        panic!("{path} differs from this build's game from line {line}; if the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff");
    }
}
