//! Building agents from spec strings, for any game.
//!
//! A name is looked up in this order: the game's own agents (its [`Catalog`], e.g.
//! `ninja(level=2)`), the agents this crate adds for that game type ([`PlayerGame`], e.g.
//! solver-backed `perfect`), `external(cmd=...)` (another program speaking the engine
//! protocol), then the generic agents of poda-search. A game agent may be an alias for another
//! spec; aliases are followed a bounded number of times.

use poda_core::{Agent, AgentEntry, AgentRecipe, Catalog, Spec, SpecError};
use poda_games::misere::Misere;
use poda_proto::ProtocolGame;
use poda_search::agents::{build_generic, GENERIC_AGENTS};

/// How many alias hops are followed before giving up (a loop in a catalog).
const MAX_ALIAS_HOPS: usize = 8;

/// The most threads an agent spec may ask for (`best(threads=N)`, `hexmc(threads=N)`).
pub const MAX_AGENT_THREADS: u64 = 64;

/// Agents this crate adds for a game type, beyond its catalog (for example those backed by a
/// solver, which the games crate cannot depend on). A player game also speaks the engine
/// protocol ([`ProtocolGame`]), so that `external(cmd=...)` can play it.
pub trait PlayerGame: Catalog + ProtocolGame {
    fn extra_agents() -> Vec<AgentEntry<Self>> {
        Vec::new()
    }

    /// The spec `best(movetime=T)` stands for: the strongest agent for this game and size,
    /// chosen from measurements. The default is the engine with the default evaluator.
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("engine(movetime={movetime})")).expect("a valid spec")
    }

    /// The spec `best(movetime=T,threads=N)` stands for with `threads` > 1, chosen from
    /// measurements with that many threads; `None` (the default) where this game's strongest
    /// agent searches with one thread only.
    fn best_agent_threads(&self, _movetime: &str, _threads: usize) -> Option<Spec> {
        None
    }

    /// What the user should know before an agent of this spec plays this game, for example a
    /// file it would be much faster with (printed by `poda play`); `None` by default.
    fn setup_hint(&self, _agent: &Spec) -> Option<String> {
        None
    }

    /// The agents this crate adds to the misère version of this game (`misere(...)`).
    fn misere_agents() -> Vec<AgentEntry<Misere<Self>>> {
        Vec::new()
    }

    /// The spec `best(movetime=T)` stands for in the misère version of this game. The
    /// default is the MCTS, whose random playouts follow the misère rule (a negated
    /// evaluation is no misère evaluation).
    fn misere_best_agent(_game: &Misere<Self>, movetime: &str) -> Spec {
        Spec::parse(&format!("mcts(movetime={movetime})")).expect("a valid spec")
    }
}

/// Every agent name usable for this game, with a line of help each.
pub fn agent_names<G: PlayerGame>() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = G::agents()
        .into_iter()
        .chain(G::extra_agents())
        .map(|e| (e.name.to_string(), e.help.to_string()))
        .collect();
    out.extend(
        GENERIC_AGENTS
            .iter()
            .map(|(n, h)| (n.to_string(), h.to_string())),
    );
    out.push((
        "external".into(),
        "external(cmd=\"PROGRAM ARGS\",movetime=5s,log=FILE,dialect=native|openspiel): \
         another program speaking the engine protocol"
            .into(),
    ));
    out.push((
        "best".into(),
        "best(movetime=1s,threads=1): the strongest agent for this game (threads>1 where it \
         searches with threads: Hex from 7x7)"
            .into(),
    ));
    out
}

/// Builds the agent a spec string names, for the game `game`.
pub fn build_agent<G: PlayerGame>(game: &G, text: &str) -> Result<Box<dyn Agent<G>>, SpecError> {
    let mut spec = Spec::parse(text)?;
    for _ in 0..MAX_ALIAS_HOPS {
        if spec.name == "best" {
            spec.expect_keys(&["movetime", "threads"])?;
            let movetime = spec.get("movetime").unwrap_or("1s").to_string();
            poda_core::spec::parse_duration(&movetime)
                .map_err(|m| spec.bad_value("movetime", &movetime, m))?;
            let threads = spec.int_in("threads", 1, 1, MAX_AGENT_THREADS)? as usize;
            spec = if threads == 1 {
                game.best_agent(&movetime)
            } else {
                game.best_agent_threads(&movetime, threads).ok_or_else(|| {
                    spec.bad_value(
                        "threads",
                        &threads.to_string(),
                        "this game's best agent searches with one thread (threads=1)",
                    )
                })?
            };
            continue;
        }
        let entry = G::agents()
            .into_iter()
            .chain(G::extra_agents())
            .find(|e| e.name == spec.name);
        if let Some(entry) = entry {
            match (entry.build)(game, &spec)? {
                AgentRecipe::Agent(agent) => return Ok(agent),
                AgentRecipe::Alias(next) => {
                    spec = next;
                    continue;
                }
            }
        }
        if spec.name == "external" {
            return crate::external::build_external(&spec);
        }
        let lookup = |name: &str| game.evaluator(name);
        return match build_generic(&spec, &lookup, G::default_evaluator()) {
            Some(built) => built,
            None => Err(SpecError::UnknownName {
                kind: "agent".into(),
                name: spec.name.clone(),
                valid: agent_names::<G>().into_iter().map(|(n, _)| n).collect(),
            }),
        };
    }
    Err(SpecError::Syntax {
        text: text.to_string(),
        position: 1,
        message: "agent aliases loop".into(),
    })
}
