//! Playing one game between two agents, with openings, adjudication and forfeits.

use poda_core::{Agent, Game, Outcome, Player, Rng, SearchInfo, Turn};
use serde::Serialize;
use std::time::{Duration, Instant};

/// How many times a random opening is redrawn when it would end the game.
const OPENING_ATTEMPTS: usize = 100;

/// A finished game, as written to a record file (one JSON line).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// Index of the game in its match or tournament.
    pub index: usize,
    pub game: String,
    /// Agent spec of the first and second player.
    pub first: String,
    pub second: String,
    pub seed: u64,
    /// Number of opening plies (at the start of `moves`) chosen at random, not by the agents.
    pub opening_plies: usize,
    pub moves: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended if not by the rules: `max plies` (a draw) or an agent's failure.
    pub reason: Option<String>,
    pub adjudicated: bool,
    /// Wall time used by the first and second player, in milliseconds.
    pub time_ms: [f64; 2],
    #[serde(skip)]
    pub outcome: Outcome,
}

/// Seeded random opening of `plies` plies that does not end the game (or shorter if every
/// attempt would).
pub fn random_opening<G: Game>(start: &G, plies: usize, seed: u64) -> Vec<G::Move> {
    let mut rng = Rng::new(seed);
    for _ in 0..OPENING_ATTEMPTS {
        let mut game = start.clone();
        let mut line = Vec::with_capacity(plies);
        while line.len() < plies {
            let moves = game.legal_move_list();
            let Some(&mv) = rng.choose(&moves) else { break };
            game.play_unchecked(mv);
            line.push(mv);
            if game.outcome().is_over() {
                break;
            }
        }
        if !game.outcome().is_over() {
            return line;
        }
    }
    Vec::new()
}

/// Called with the position, the move chosen in it and the mover's search report.
pub type OnMove<'a, G> =
    &'a mut dyn FnMut(&G, <G as Game>::Move, Option<&SearchInfo<<G as Game>::Move>>);

/// What a game needs besides the agents.
#[derive(Clone, Debug)]
pub struct GameSetup<M> {
    pub index: usize,
    pub opening: Vec<M>,
    /// Plies after which an unfinished game is adjudicated a draw.
    pub max_plies: Option<u32>,
    /// Seed handed to both agents' `new_game`.
    pub seed: u64,
}

/// Plays a game from `start`; `agents[0]` plays first. `on_move` sees each agent's move and
/// its search report.
pub fn play_game<G: Game>(
    start: &G,
    agents: [&mut dyn Agent<G>; 2],
    setup: &GameSetup<G::Move>,
    on_move: OnMove<G>,
) -> GameRecord {
    let names = [agents[0].name(), agents[1].name()];
    let [a, b] = agents;
    let mut agents = [a, b];
    for (i, agent) in agents.iter_mut().enumerate() {
        agent.new_game(setup.seed.wrapping_add(i as u64));
    }
    let mut game = start.clone();
    let mut moves = Vec::new();
    for &mv in &setup.opening {
        moves.push(game.format_move(mv));
        for agent in agents.iter_mut() {
            agent.observe(&game, mv);
        }
        game.play_unchecked(mv);
    }
    let mut time = [Duration::ZERO; 2];
    let mut reason = None;
    let mut forfeit = None;
    let mut adjudicated = false;
    while !game.outcome().is_over() {
        if setup.max_plies.is_some_and(|m| game.ply() >= m) {
            adjudicated = true;
            reason = Some(format!(
                "draw by the {}-ply cap",
                setup.max_plies.unwrap_or(0)
            ));
            break;
        }
        let mover = game.to_move();
        let agent = &mut agents[mover.index()];
        let began = Instant::now();
        let answer = agent.choose(&game, &mut Turn::new());
        time[mover.index()] += began.elapsed();
        let choice = match answer {
            Ok(c) => c,
            Err(e) => {
                reason = Some(format!("{} ({}) failed: {e}", names[mover.index()], mover));
                forfeit = Some(mover);
                break;
            }
        };
        if !game.is_legal(choice.mv) {
            let text = game.format_move(choice.mv);
            reason = Some(format!(
                "{} ({}) played the illegal move '{text}'",
                names[mover.index()],
                mover
            ));
            forfeit = Some(mover);
            break;
        }
        on_move(&game, choice.mv, choice.info.as_ref());
        for agent in agents.iter_mut() {
            agent.observe(&game, choice.mv);
        }
        moves.push(game.format_move(choice.mv));
        game.play_unchecked(choice.mv);
    }
    let outcome = match forfeit {
        Some(loser) => Outcome::Win(loser.opponent()),
        None if adjudicated => Outcome::Draw,
        None => game.outcome(),
    };
    GameRecord {
        index: setup.index,
        game: start.spec(),
        first: names[0].clone(),
        second: names[1].clone(),
        seed: setup.seed,
        opening_plies: setup.opening.len(),
        moves,
        result: outcome.result_string().to_string(),
        reason,
        adjudicated,
        time_ms: time.map(|t| t.as_secs_f64() * 1000.0),
        outcome,
    }
}

/// The player that a game's agent `seat` (0 = first) plays.
pub fn seat_player(seat: usize) -> Player {
    if seat == 0 {
        Player::First
    } else {
        Player::Second
    }
}
