//! The games the page can choose, with their parameters, and the agents of a game.

use crate::error::ApiError;
use crate::limits::{ServerLimits, REFUSED_AGENTS};
use poda_games::{with_game, AnyGame, GAME_NAMES};
use poda_players::{agent_names, build_agent, PlayerGame};
use serde_json::{json, Value};

/// The page's game chooser: every registered game, its parameters (name, kind, range,
/// default) and a few example specs.
pub fn games() -> Value {
    let int = |key: &str, min: u32, max: u32, default: u32| json!({"key": key, "kind": "int", "min": min, "max": max, "default": default});
    let flag = |key: &str, default: bool| json!({"key": key, "kind": "bool", "default": default});
    let params = |name: &str| -> Vec<Value> {
        match name {
            "connect4" | "misere" => vec![int("width", 4, 9, 7), int("height", 4, 9, 6)],
            "hex" => vec![int("size", 1, 19, 11), flag("swap", false)],
            "kalah" => vec![
                int("pits", 1, 12, 6),
                int("seeds", 1, 24, 4),
                flag("empty_capture", false),
            ],
            _ => Vec::new(),
        }
    };
    let examples = |name: &str| -> Vec<&str> {
        match name {
            "connect4" => vec!["connect4", "connect4(width=8,height=7)"],
            "hex" => vec!["hex", "hex(size=9,swap=true)", "hex(size=5)"],
            "desconecta4boom" => vec!["desconecta4boom"],
            "misere" => vec!["misere(connect4)"],
            "kalah" => vec![
                "kalah",
                "kalah(pits=4,seeds=3)",
                "kalah(empty_capture=true)",
            ],
            _ => Vec::new(),
        }
    };
    let list: Vec<Value> = GAME_NAMES
        .iter()
        .map(|&(name, help)| {
            json!({
                "name": name,
                "help": help,
                "params": params(name),
                "examples": examples(name),
                // The spec the page builds: misère wraps Connect 4's parameters.
                "template": if name == "misere" { "misere(connect4(PARAMS))" } else { "NAME(PARAMS)" },
            })
        })
        .collect();
    json!({ "games": list })
}

/// `{"game","best","agents":[{"name","help"}],"evaluators":[{"name","help"}]}`: every agent
/// the server can build for a game (those that run programs are left out), what `best`
/// stands for, and the game's evaluators (`eval=NAME`; the default first).
pub fn agents(game: &AnyGame) -> Value {
    with_game!(game, g => agents_of(g))
}

fn agents_of<G: PlayerGame>(game: &G) -> Value {
    let list: Vec<Value> = agent_names::<G>()
        .into_iter()
        .filter(|(name, _)| !REFUSED_AGENTS.contains(&name.as_str()))
        .map(|(name, help)| json!({"name": name, "help": help}))
        .collect();
    let evaluators: Vec<Value> = G::evaluators()
        .iter()
        .map(|e| json!({"name": e.name, "help": e.help}))
        .collect();
    json!({
        "game": game.spec(),
        "default": "best",
        "best": game.best_agent("1s").to_string(),
        "agents": list,
        "evaluators": evaluators,
    })
}

/// Checks an agent spec for a game as `POST /api/think` would (the server's caps, then the
/// factory builds it): `{"agent","name"}`, or the one-line error the think would give.
pub fn check_agent(limits: &ServerLimits, game: &AnyGame, spec: &str) -> Result<Value, ApiError> {
    limits.check_agent(spec)?;
    with_game!(game, g => {
        let agent = build_agent(g, spec).map_err(|e| ApiError::bad(format!("agent '{spec}': {e}")))?;
        Ok(json!({"agent": spec, "name": agent.name()}))
    })
}
