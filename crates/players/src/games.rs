//! The agents this crate adds to each concrete game (solver-backed ones live here because the
//! games crate cannot depend on the solvers).

use crate::factory::PlayerGame;
use crate::hex_agents::{hexmcts, HexEngineAgent};
use crate::hexmc::HexMc;
use crate::hybrid::HybridAgent;
use crate::kalah_hybrid::Hybrid;
use crate::kalah_perfect::KalahPerfect;
use crate::misere_hybrid::MisereHybrid;
use crate::perfect::PerfectAgent;
use crate::ugr_bot::UgrBot;
use poda_core::spec::parse_duration;
use poda_core::{AgentEntry, AgentRecipe, Spec};
use poda_games::connect4::Connect4;
use poda_games::desconecta::DesConecta;
use poda_games::hex::Hex;
use poda_games::kalah::Kalah;
use poda_games::misere::Misere;
use std::time::Duration;

impl PlayerGame for Connect4 {
    fn extra_agents() -> Vec<AgentEntry<Self>> {
        vec![
            AgentEntry {
                name: "perfect",
                help: "perfect(random=false,tt=64): the exact solver's best move (7x6 only)",
                build: |game, spec| {
                    Ok(AgentRecipe::Agent(Box::new(PerfectAgent::from_spec(
                        game, spec,
                    )?)))
                },
            },
            AgentEntry {
                name: "hybrid",
                help:
                    "hybrid(movetime=1s,eval=NAME,tt=64): the perfect move if the solver finds it \
                       in time, else a move that keeps a win or draw the solver proves, else \
                       the engine (7x6 only); best",
                build: |game, spec| {
                    Ok(AgentRecipe::Agent(Box::new(HybridAgent::from_spec(
                        game, spec,
                    )?)))
                },
            },
        ]
    }

    fn misere_agents() -> Vec<AgentEntry<Misere<Connect4>>> {
        vec![AgentEntry {
            name: "hybrid",
            help: "hybrid(movetime=1s,c=1.41,tt=64): a win the misère solver proves in time, \
                   else MCTS among the moves it has not proven to lose (7x6 only); best",
            build: |game, spec| {
                Ok(AgentRecipe::Agent(Box::new(MisereHybrid::from_spec(
                    game, spec,
                )?)))
            },
        }]
    }

    /// The misère solver, then MCTS, on the standard board: against OpenSpiel's MCTS at
    /// 0.1 s it won all 50 games as the second player, 65% in all (the game is a
    /// second-player win; BENCHMARKS.md), where the plain MCTS won 59% on the same openings.
    /// Elsewhere the plain MCTS, which beat the engine with negated evaluations (71.5% against
    /// 55%, 100 games at 0.1 s).
    fn misere_best_agent(game: &Misere<Connect4>, movetime: &str) -> Spec {
        let name = if game.inner().width() == 7 && game.inner().height() == 6 {
            "hybrid"
        } else {
            "mcts"
        };
        Spec::parse(&format!("{name}(movetime={movetime})")).expect("a valid spec")
    }

    /// The solver-then-engine player on the standard board (it plays every position the
    /// solver proves in time perfectly); the engine on other sizes.
    fn best_agent(&self, movetime: &str) -> Spec {
        let name = if self.width() == 7 && self.height() == 6 {
            "hybrid"
        } else {
            "engine"
        };
        Spec::parse(&format!("{name}(movetime={movetime})")).expect("a valid spec")
    }
}

/// MoHex 2.0's tree settings (from benzene's `MoHexSearch` constructor) between the
/// knowledge nodes' and the policy net's visit counts, in `hexmc`'s option order: one list for
/// both of `best`'s option sets below, as a literal so that `concat!` can build them.
macro_rules! mohex_tree_between {
    ($knowledge:literal, $net:literal) => {
        concat!(
            "knowledge=",
            $knowledge,
            ",c=0,cin=0.22,ravei=2.12,rave=0.0012,ravep=8,prior=2.47,expand=10,fpu=0.35,net=",
            $net
        )
    };
}

/// `hexmc`'s options of `best` on 9x9, 11x11 and 13x13: MoHex 2.0's tree settings, knowledge
/// nodes from 256 visits, the policy net's priors from 100.
pub const MOHEX_TREE_WITH_NET: &str = mohex_tree_between!(256, 100);

/// `best`'s options on 13x13, and on 9x9 with threads, from [`MORE_KNOWLEDGE_FROM`] a move:
/// [`MOHEX_TREE_WITH_NET`] with more knowledge per simulation, knowledge nodes from 64 visits
/// and the policy net's priors from 30 (about a third of the simulations a second, still
/// about twice MoHex 2.0's; docs/benchmarks/hex.md, "More knowledge per simulation on
/// 13x13").
pub const MORE_KNOWLEDGE: &str = mohex_tree_between!(64, 30);

/// From this move time up `best` on 13x13 (and on 9x9 with threads) takes
/// [`MORE_KNOWLEDGE`], below it [`MOHEX_TREE_WITH_NET`]: measured at 1 s and 5 s a move only,
/// the switch lies between.
pub const MORE_KNOWLEDGE_FROM: Duration = Duration::from_secs(3);

/// The root prover on late 11x11 positions, added to `best` there: 0.4 of each move's time on
/// positions with at most 95 empty cells (docs/benchmarks/hex.md, "Won positions thrown away
/// late at 5 s").
pub const LATE_PROVER_11: &str = "solve=0.4,solveat=95";

impl PlayerGame for Hex {
    fn extra_agents() -> Vec<AgentEntry<Hex>> {
        vec![
            AgentEntry {
                name: "hexengine",
                help: "hexengine(movetime=1s|depth=N|nodes=N,eval=NAME,tt=64): the engine on \
                       Hex's candidate moves (wins, must-play cells, no dead cells); best \
                       up to 6x6",
                build: |game, spec| {
                    Ok(AgentRecipe::Agent(Box::new(HexEngineAgent::from_spec(
                        game, spec,
                    )?)))
                },
            },
            AgentEntry {
                name: "hexmcts",
                help: "hexmcts(movetime=1s|sims=N,c=0.2,rave=true,k=1000): MCTS with RAVE, \
                       Hex's candidate moves in the tree and random-fill playouts",
                build: |_, spec| Ok(AgentRecipe::Agent(Box::new(hexmcts(spec)?))),
            },
            AgentEntry {
                name: "hexmc",
                help: "hexmc(movetime=1s|mirror|playouts=N,threads=1,c=0.1,cin=0,rave=0.001,\
                       ravei=1,ravep=0,raveoff=0,fpu=1,prior=0,expand=8,nodes=4000000,vc=true,knowledge=0,\
                       kvc=true,kfill=false,fillin=false,pcap=0,plocal=0,solve=S,solveat=E,rootinf=false,\
                       patterns=FILE,net=0,netfile=FILE,puct=0,nettop=0,value=0,valueat=100,\
                       valuefile=FILE,prune=true,early=1,extend=0): MCTS written for Hex (movetime=mirror: \
                       each move the opponent's time at this game's plies so far plus its usual time at \
                       the next ply, less ours; bridge-save \
                       playouts, pattern-weighted with pcap>0, answering the last move with \
                       plocal>0 (both: MoHex 2.0's policy; by a pattern file's local-reply \
                       weights when it has them), RAVE (cin: UCT inside its mix; raveoff=N: every Nth step without it), pattern \
                       priors, virtual connections at the root, per-node knowledge \
                       (kvc=false: its inferior cells without its connections; kfill=true: less what \
                       its connections fill, decompositions and pockets) and its \
                       fill-in, proven wins, the root prover (solve: its share of the \
                       move's time, 0.3 up to 9x9; solveat=E: only at most E empty cells, \
                       on any size), \
                       lock-free threads; locally captured, vulnerable and dominated cells \
                       left out of every expansion (prune=false: kept); net=N with prior>0 or \
                       puct>0: a policy net's priors at the root and at nodes visited N \
                       times; nettop=K: only the net's K likeliest root moves; value=W: W \
                       virtual results at a value net's chance for each node visited valueat \
                       times; early=S: stop once the move would stay ahead if the runner-up took S of the playouts \
                       left (1: cannot change; false: never); extend=X: X times the move's time more \
                       when the most visited move is not the best valued); best from 7x7",
                build: |_, spec| Ok(AgentRecipe::Agent(Box::new(HexMc::from_spec(spec)?))),
            },
        ]
    }

    /// From docs/benchmarks/hex.md, at 1 s per move, 20 games with paired openings per size:
    /// `hexmc` beat `hexengine` 13-7 on 7x7, 16-4 on 9x9, 17-3 on 11x11 and 16-4 on 13x13,
    /// so it is `best` from 7x7 up; on 5x5 and 6x6 they tied 11-9 (the opening decides), and
    /// `hexengine` stays there. On 9x9, 11x11 and 13x13 `best` is MoHex 2.0's own tree (no
    /// UCB term outside the RAVE mix, 0.22 inside, its RAVE schedule and 8 virtual RAVE
    /// results, first-play urgency 0.35, expansion after 10 visits, progressive bias 2.47)
    /// with knowledge nodes at 256 visits and the policy net's priors from 100 visits
    /// ([`MOHEX_TREE_WITH_NET`]). Against MoHex 2.0 at 1 s, one thread each, it won on 11x11
    /// 17 of 30 where the `best` before (`knowledge=256`) won 2 of 18 on the same openings
    /// (of the games only one of the two won, 10 against 0), and 7 of 20 on a harder set
    /// where that one won 6 (31 of 70 over three sets); on 13x13 19 of 32 where the `best`
    /// before (`net=100,prior=30`) won 10 (13 against 4); on 9x9 20 of 40, 11 of 20 where the
    /// defaults won 8 (4 against 1). Other sizes were not measured. On 11x11 `best` (one
    /// thread) adds the late root prover ([`LATE_PROVER_11`]): against MoHex 2.0, one thread
    /// each, on the same 40 openings it won 19 where the settings alone won 14 at 5 s a move,
    /// and 23 where they won 20 at 1 s. With two threads the prover cost games (20 and 19
    /// of 40 against 22 and 22), so `threads=2` goes with [`MOHEX_TREE_WITH_NET`] alone.
    /// On 13x13 from [`MORE_KNOWLEDGE_FROM`] a move `best` takes more knowledge per
    /// simulation ([`MORE_KNOWLEDGE`]): against MoHex 2.0 at 5 s a move, on the same 40
    /// openings, it won 18 where the settings above won 13 with one thread each, and 20 where
    /// they won 13 with two; at 1 s it won fewer, 16 of 40 where they won 20.
    fn best_agent(&self, movetime: &str) -> Spec {
        hex_best(self.size(), movetime, 1).expect("one thread always has a best agent")
    }

    /// With two threads each against MoHex 2.0 (docs/benchmarks/hex.md) the late prover cost
    /// games on 11x11 (20 and 19 of 40 where the settings alone won 22 and 22), so there
    /// `best` with threads is [`MOHEX_TREE_WITH_NET`] alone. From [`MORE_KNOWLEDGE_FROM`]
    /// a move [`MORE_KNOWLEDGE`] won, at 5 s, 20 of 40 on 13x13 where the settings won 13,
    /// and 25 of 48 on 9x9 where they won 22, on the same openings. Below 7x7 `hexengine`
    /// searches with one thread: `None`.
    fn best_agent_threads(&self, movetime: &str, threads: usize) -> Option<Spec> {
        hex_best(self.size(), movetime, threads)
    }
}

/// `best` on Hex of this size with this many threads (the choices and their measurements:
/// [`PlayerGame::best_agent`] and [`PlayerGame::best_agent_threads`] of [`Hex`]); `None`
/// where the best agent searches with one thread and more were asked for.
fn hex_best(size: u32, movetime: &str, threads: usize) -> Option<Spec> {
    let one = threads == 1;
    if size < 7 {
        let spec = format!("hexengine(movetime={movetime})");
        return one.then(|| Spec::parse(&spec).expect("a valid spec"));
    }
    let long = parse_duration(movetime).is_ok_and(|time| time >= MORE_KNOWLEDGE_FROM);
    let options = match size {
        11 if one => format!(",{MOHEX_TREE_WITH_NET},{LATE_PROVER_11}"),
        13 if long => format!(",{MORE_KNOWLEDGE}"),
        9 if long && !one => format!(",{MORE_KNOWLEDGE}"),
        9 | 11 | 13 => format!(",{MOHEX_TREE_WITH_NET}"),
        _ => String::new(),
    };
    let threads = if one {
        String::new()
    } else {
        format!(",threads={threads}")
    };
    let spec = format!("hexmc(movetime={movetime}{options}{threads})");
    Some(Spec::parse(&spec).expect("a valid spec"))
}

/// The strongest DesConecta-4 BOOM player is the engine with the default evaluation `squeeze`
/// (measured against the ninjas and the seed players in `docs/benchmarks/desconecta.md`).
impl PlayerGame for DesConecta {
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("engine(movetime={movetime},eval=squeeze)")).expect("a valid spec")
    }
}

/// A misère game plays with the generic agents, the inner game's evaluators negated and the
/// agents the inner game adds for its misère version.
impl<G: PlayerGame> PlayerGame for Misere<G> {
    fn extra_agents() -> Vec<AgentEntry<Self>> {
        G::misere_agents()
    }

    fn best_agent(&self, movetime: &str) -> Spec {
        G::misere_best_agent(self, movetime)
    }
}

impl PlayerGame for Kalah {
    fn extra_agents() -> Vec<AgentEntry<Kalah>> {
        vec![
            AgentEntry {
                name: "perfect",
                help: "perfect(tt=64,book=true,db=true): a move keeping the game's value (largest \
                       final margin; among equals the quickest win or slowest loss), from the \
                       opening book and the exact solver (up to 6 pits and 4 seeds a pit)",
                build: |g, spec| {
                    Ok(AgentRecipe::Agent(Box::new(KalahPerfect::from_spec(
                        g, spec,
                    )?)))
                },
            },
            AgentEntry {
                name: "hybrid",
                help: "hybrid(movetime=1s,eval=positional,solve=N,tt=64,extend=true): the \
                       perfect player's move from its book, or from the exact solver when it \
                       answers in time (at most `solve` seeds in the pits: by default 30, or \
                       every position with the endgame database of `poda endgame`), else the \
                       engine; best",
                build: |g, spec| Ok(AgentRecipe::Agent(Box::new(Hybrid::from_spec(g, spec)?))),
            },
            AgentEntry {
                name: "ugr-bot",
                help:
                    "ugr-bot(cmd=\"./MyBot\",timeout=2s,startup=10s,stderr=tail|show): a bot built \
                   with the course's kit, run as a child process (crash, timeout or bad move: \
                   the game is lost)",
                build: |_, spec| Ok(AgentRecipe::Agent(Box::new(UgrBot::from_spec(spec)?))),
            },
        ]
    }

    /// The perfect player's move where its book has the position or the solver finds it in
    /// time, else the engine with the default evaluator (exact in the endgame), extra turns
    /// costing no depth: the `hybrid` agent with the engine it falls back on set to
    /// `extend=true` (docs/benchmarks/kalah.md, sections 2, 7, 9 and 11).
    fn best_agent(&self, movetime: &str) -> Spec {
        Spec::parse(&format!("hybrid(movetime={movetime})")).expect("a valid spec")
    }

    /// The perfect player answers within a second only with an endgame database of 20 seeds
    /// or more (docs/benchmarks/kalah.md section 13). `best` (`hybrid`) keeps to its move
    /// time whatever it has: without a database it falls back on its engine more often.
    fn setup_hint(&self, agent: &Spec) -> Option<String> {
        if agent.name != "perfect" || agent.bool_or("db", true) == Ok(false) {
            return None;
        }
        // Up to 32 seeds the lazily filled table is enough: Kalah(4,4) and (5,3) took at most
        // 0.12 s a move without a database (docs/benchmarks/kalah.md section 13).
        if self.pits() > crate::kalah_perfect::MAX_PITS
            || self.initial_seeds() > crate::kalah_perfect::MAX_SEEDS
            || self.total_seeds() <= 32
            || poda_solve::kalah::perfect::has_database(self.pits(), self.empty_capture())
        {
            return None;
        }
        let rule = match (self.pits(), self.empty_capture()) {
            (6, false) => "kalah".to_string(),
            (6, true) => "\"kalah(empty_capture=true)\"".to_string(),
            (p, false) => format!("\"kalah(pits={p})\""),
            (p, true) => format!("\"kalah(pits={p},empty_capture=true)\""),
        };
        let cost = if self.pits() == 6 {
            "0.23 GB, about a minute; 24 seeds take 1.25 GB and about 7 minutes"
        } else {
            "seconds"
        };
        Some(format!(
            "note: no Kalah endgame database of 20 seeds or more here, so perfect may take \
             several seconds a move; \
             build one once with `poda endgame {rule} --seeds 20` ({cost})"
        ))
    }
}
