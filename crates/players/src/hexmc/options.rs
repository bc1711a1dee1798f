//! `hexmc(...)`'s options: the spec read into checked values (each bad value is the spec's
//! error, named by its key), and the tree sized to the budget when `nodes=` is not given.

use super::net::PolicyNet;
use super::patterns::Patterns;
use super::search::Params;
use super::value::ValueNet;
use crate::factory::MAX_AGENT_THREADS;
use poda_core::{Spec, SpecError};
use std::time::Duration;

/// Default time per move.
pub(super) const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);
/// Default tree size in nodes (40 bytes each), the most for a search given no `nodes=`.
const DEFAULT_NODES: u64 = 4_000_000;
/// Tree nodes per second of `movetime` given no `nodes=`.
const PER_SECOND: f64 = 1_000_000.0;
/// The least for a search given no `nodes=`.
const MIN_DEFAULT_NODES: u64 = 100_000;

/// The options of `hexmc(movetime=1s|mirror|playouts=N,threads=1,c=..,cin=..,rave=..,ravei=1,
/// ravep=0,raveoff=0,fpu=..,prior=..,expand=..,nodes=..,patterns=FILE,vc=true,knowledge=0,
/// kvc=true,kfill=false,fillin=false,pcap=0,plocal=0,solve=S,solveat=E,rootinf=false,net=0,netfile=FILE,puct=0,nettop=0,
/// value=0,valueat=100,valuefile=FILE,prune=true,early=1,extend=0)`:
/// - `cin` is an exploration term inside the RAVE mix ([`Params::exploration_inside`]);
/// - `ravei` and `ravep` are MoHex's RAVE schedule ([`Params::rave_initial`],
///   [`Params::rave_prior`]); `raveoff=N` chooses every Nth step without RAVE
///   ([`Params::rave_off_every`]);
/// - `kvc=false` gives knowledge nodes their inferior cells without their connections;
///   `kfill=true` lets them leave out what the connections fill ([`Params::knowledge_fill`]);
/// - `fillin` (with `knowledge`) plays a knowledge node's fill-in on the boards below it;
/// - `pcap` > 0 draws the playouts' moves (with `plocal`, those away from the last move) by
///   their pattern weights capped there; `plocal` > 0 answers the last move near it by
///   pattern weight against that much for each empty cell;
/// - `solve` is the root prover's share of each move's time
///   ([`RootProver`](super::proving::RootProver): 0.3 up to 9x9, off above by default);
///   `solveat=E` lets it try only positions with at most E empty cells (on any board, at
///   the share of `solve`, else 0.3; with two threads or more it runs for its share beside
///   the search, which then goes on with every thread, where an ungated one runs beside
///   the search for the whole move);
/// - `rootinf` leaves the root's inferior cells out of the search;
/// - `net=N` gives the children of the root and of every node visited `N` times the policy
///   net's priors (the shipped net, or `netfile=FILE`'s; weighed by `prior`, or by `puct`,
///   the weight of AlphaZero's prior term [`Params::puct`]); `nettop=K` searches only the
///   net's `K` likeliest root moves;
/// - `value=W` gives every node but the root, once visited `valueat` times, `W` virtual
///   results at the value net's chance (the shipped net, or `valuefile=FILE`'s);
/// - `prune=false` keeps the locally captured, vulnerable and dominated cells in every
///   expansion ([`Params::prune_local`]);
/// - `early=S` (`true`: 1) stops a timed search once the most visited root move would stay
///   ahead if the runner-up took S of the playouts the time left would give, and
///   `early=false` (0) searches every move to its deadline ([`Params::early_stop`]); `extend=X` searches X times the move's
///   time more, once, when the most visited root move is not the best valued
///   ([`Params::extend`]; 0: never).
pub struct Options {
    pub params: Params,
    /// The time a move (`None`: a playout budget alone, or `mirror`).
    pub movetime: Option<Duration>,
    /// `movetime=mirror`.
    pub mirror: bool,
    pub playouts: Option<u64>,
    /// The tree's size in nodes.
    pub nodes: usize,
    pub patterns: &'static Patterns,
    /// The policy net of `net=` or `nettop=` (the shipped one, or `netfile=`).
    pub net: Option<&'static PolicyNet>,
    /// `nettop=K` (0: all root moves).
    pub net_top: usize,
    /// The value net of `value=` (the shipped one, or `valuefile=`).
    pub value: Option<&'static ValueNet>,
    /// `vc=`: whether the root's connections are used.
    pub use_vc: bool,
    /// `rootinf=`: whether the root's inferior cells are left out.
    pub root_inferior: bool,
    /// `solve=`: the root prover's share of each move's time (`None`: its default).
    pub prover_share: Option<f64>,
    /// `solveat=E`: the root prover tries only positions with at most E empty cells
    /// (`None`: any).
    pub prover_max_empty: Option<u32>,
}

impl Options {
    /// Reads and checks the options of `spec`.
    pub fn parse(spec: &Spec) -> Result<Options, SpecError> {
        spec.expect_keys(&[
            "movetime",
            "time",
            "playouts",
            "threads",
            "c",
            "cin",
            "rave",
            "ravei",
            "ravep",
            "raveoff",
            "fpu",
            "prior",
            "expand",
            "nodes",
            "patterns",
            "vc",
            "knowledge",
            "kvc",
            "kfill",
            "pcap",
            "plocal",
            "fillin",
            "solve",
            "solveat",
            "rootinf",
            "net",
            "netfile",
            "puct",
            "nettop",
            "value",
            "valueat",
            "valuefile",
            "prune",
            "early",
            "extend",
        ])?;
        let d = Params::default();
        let float = |key: &str, default: f32| -> Result<f32, SpecError> {
            let v: f32 = spec.parse_or(key, default)?;
            if !(v.is_finite() && v >= 0.0) {
                return Err(spec.bad_value(key, &v.to_string(), "must be a number >= 0"));
            }
            Ok(v)
        };
        let params = Params {
            exploration: float("c", d.exploration)?,
            exploration_inside: float("cin", d.exploration_inside)?,
            rave_bias: float("rave", d.rave_bias)?,
            rave_initial: match float("ravei", d.rave_initial)? {
                v if v > 0.0 => v,
                v => return Err(spec.bad_value("ravei", &v.to_string(), "must be > 0")),
            },
            rave_prior: float("ravep", d.rave_prior)?,
            rave_off_every: spec.int_in("raveoff", d.rave_off_every as u64, 0, 1 << 30)? as u32,
            first_play_urgency: float("fpu", d.first_play_urgency)?,
            prior_weight: float("prior", d.prior_weight)?,
            puct: float("puct", d.puct)?,
            expand_after: spec.int_in("expand", d.expand_after as u64, 1, 1_000_000)? as u32,
            threads: spec.int_in("threads", 1, 1, MAX_AGENT_THREADS)? as usize,
            knowledge: spec.int_in("knowledge", d.knowledge as u64, 0, 1 << 30)? as u32,
            knowledge_vc: spec.bool_or("kvc", d.knowledge_vc)?,
            knowledge_fill: spec.bool_or("kfill", d.knowledge_fill)?,
            playout_cap: float("pcap", d.playout_cap)?,
            playout_local: float("plocal", d.playout_local)?,
            fill_in: spec.bool_or("fillin", d.fill_in)?,
            prune_local: spec.bool_or("prune", d.prune_local)?,
            net_after: spec.int_in("net", d.net_after as u64, 0, 1 << 30)? as u32,
            value_weight: spec.int_in("value", d.value_weight as u64, 0, 1 << 20)? as u32,
            value_after: spec.int_in("valueat", d.value_after as u64, 1, 1 << 30)? as u32,
            early_stop: match spec.get("early") {
                Some("true") => 1.0,
                Some("false") => 0.0,
                _ => match float("early", d.early_stop)? {
                    v if v <= 1.0 => v,
                    v => return Err(spec.bad_value("early", &v.to_string(), "must be in 0..=1")),
                },
            },
            extend: float("extend", d.extend)?,
        };
        if params.net_after > 0 && params.prior_weight == 0.0 && params.puct == 0.0 {
            let n = params.net_after.to_string();
            return Err(spec.bad_value("net", &n, "needs prior= or puct= above 0"));
        }
        let net_top = spec.int_in("nettop", 0, 0, 1 << 16)? as usize;
        let net_used = params.net_after.max(net_top as u32);
        let net = match (net_used, spec.get("netfile")) {
            (0, None) => None,
            (0, Some(path)) => {
                return Err(spec.bad_value("netfile", path, "needs net= or nettop= above 0"))
            }
            (_, None) => Some(PolicyNet::shipped()),
            (_, Some(path)) => Some(load_for_life(spec, "netfile", path, PolicyNet::parse)?),
        };
        let value = match (params.value_weight, spec.get("valuefile")) {
            (0, None) => None,
            (0, Some(path)) => {
                return Err(spec.bad_value("valuefile", path, "needs value= above 0"))
            }
            (_, None) => Some(ValueNet::shipped()),
            (_, Some(path)) => Some(load_for_life(spec, "valuefile", path, ValueNet::parse)?),
        };
        if !params.knowledge_vc && params.knowledge == 0 {
            return Err(spec.bad_value("kvc", "false", "needs knowledge= above 0"));
        }
        if params.fill_in && params.knowledge == 0 {
            return Err(spec.bad_value("fillin", "true", "needs knowledge= above 0"));
        }
        let playouts = spec.parse_opt::<u64>("playouts")?;
        let mirror = spec.get("movetime") == Some("mirror");
        let movetime = if mirror { None } else { spec.movetime_opt()? };
        if playouts == Some(0) {
            return Err(spec.bad_value("playouts", "0", "must be at least 1"));
        }
        // Without nodes=, the tree is sized to what the budget can fill (about 400,000 new
        // nodes a second on one thread at 7x7-13x13 with an idle core, three a playout; the
        // rest is room for the reused subtree), so a short search does not allocate and
        // clear two 160 MB arenas.
        let fill = match (playouts, movetime) {
            (Some(p), None) => p.saturating_mul(8),
            (_, Some(t)) => (t.as_secs_f64() * PER_SECOND) as u64,
            (None, None) if mirror => DEFAULT_NODES,
            (None, None) => (DEFAULT_MOVETIME.as_secs_f64() * PER_SECOND) as u64,
        };
        let fill = fill.clamp(MIN_DEFAULT_NODES, DEFAULT_NODES);
        let nodes = spec.int_in("nodes", fill, 1000, 1 << 31)? as usize;
        let patterns = match spec.get("patterns") {
            None => Patterns::shipped(),
            Some(path) => load_for_life(spec, "patterns", path, Patterns::parse)?,
        };
        let prover_share = match spec.get("solve") {
            None => None,
            Some(text) => match float("solve", 0.0)? {
                s if s > 1.0 => return Err(spec.bad_value("solve", text, "must be in 0..=1")),
                s => Some(f64::from(s)),
            },
        };
        let prover_max_empty = match spec.get("solveat") {
            None => None,
            Some(_) => Some(spec.int_in("solveat", 0, 1, 1 << 20)? as u32),
        };
        Ok(Options {
            params,
            movetime: if playouts.is_some() && movetime.is_none() {
                None
            } else {
                Some(movetime.unwrap_or(DEFAULT_MOVETIME))
            },
            mirror,
            playouts,
            nodes,
            patterns,
            net,
            net_top,
            value,
            use_vc: spec.bool_or("vc", true)?,
            root_inferior: spec.bool_or("rootinf", false)?,
            prover_share,
            prover_max_empty,
        })
    }
}

/// Reads and parses the file of option `key` (patterns, a policy net, a value net): one per
/// agent for its whole life, leaked so that the searcher's reference stays simple. An
/// unreadable or malformed file is the option's error.
fn load_for_life<T>(
    spec: &Spec,
    key: &str,
    path: &str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<&'static T, SpecError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| spec.bad_value(key, path, e.to_string()))?;
    let value = parse(&text).map_err(|e| spec.bad_value(key, path, e))?;
    Ok(Box::leak(Box::new(value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(spec: &str) -> Result<Options, SpecError> {
        Options::parse(&Spec::parse(spec).unwrap())
    }

    /// The tree is sized to the budget unless `nodes=` says otherwise.
    #[test]
    fn the_tree_fits_the_budget() {
        assert_eq!(parsed("hexmc(movetime=100ms)").unwrap().nodes, 100_000);
        assert_eq!(parsed("hexmc(movetime=1s)").unwrap().nodes, 1_000_000);
        assert_eq!(parsed("hexmc").unwrap().nodes, 1_000_000);
        assert_eq!(parsed("hexmc(movetime=60s)").unwrap().nodes, 4_000_000);
        assert_eq!(parsed("hexmc(movetime=mirror)").unwrap().nodes, 4_000_000);
        assert_eq!(parsed("hexmc(playouts=1000)").unwrap().nodes, 100_000);
        assert_eq!(parsed("hexmc(playouts=200000)").unwrap().nodes, 1_600_000);
        assert_eq!(
            parsed("hexmc(movetime=10ms,nodes=5000)").unwrap().nodes,
            5000
        );
    }

    #[test]
    fn options_are_checked() {
        for bad in [
            "hexmc(c=-1)",
            "hexmc(cin=-0.1)",
            "hexmc(threads=0)",
            "hexmc(playouts=0)",
            "hexmc(expand=0)",
            "hexmc(foo=1)",
            "hexmc(movetime=abc)",
            "hexmc(patterns=/nonexistent/file)",
            "hexmc(pcap=-1)",
            "hexmc(pcap=x)",
            "hexmc(rootinf=maybe)",
            "hexmc(solve=1.5)",
            "hexmc(solve=-0.1)",
            "hexmc(solveat=0)",
            "hexmc(solveat=many)",
            "hexmc(ravei=0)",
            "hexmc(ravep=-8)",
            "hexmc(raveoff=-1)",
            "hexmc(raveoff=x)",
            "hexmc(kfill=maybe)",
            "hexmc(early=soon)",
            "hexmc(early=1.5)",
            "hexmc(early=-1)",
            "hexmc(extend=-0.5)",
            "hexmc(extend=x)",
            "hexmc(plocal=-1)",
            "hexmc(fillin=true)",
            "hexmc(knowledge=16,fillin=maybe)",
            "hexmc(kvc=false)",
            "hexmc(knowledge=16,kvc=perhaps)",
            "hexmc(net=100)",
            "hexmc(netfile=/nonexistent/file)",
            "hexmc(net=100,prior=30,netfile=/nonexistent/file)",
            "hexmc(net=-1,prior=30)",
            "hexmc(net=100,puct=-1)",
            "hexmc(valuefile=x)",
            "hexmc(value=-1)",
            "hexmc(value=100,valueat=0)",
            "hexmc(value=100,valuefile=/nonexistent/file)",
            // A policy net, not a value net.
            concat!(
                "hexmc(value=100,valuefile=",
                env!("CARGO_MANIFEST_DIR"),
                "/data/hex-net-test.txt)"
            ),
        ] {
            assert!(parsed(bad).is_err(), "{bad}");
        }
        for good in [
            "hexmc(net=100,prior=30)",
            "hexmc(net=1,puct=1)",
            "hexmc(value=100)",
            "hexmc(net=100,prior=30,value=100,valueat=30)",
            "hexmc(raveoff=30,fpu=0.35)",
            "hexmc(knowledge=256,kfill=true)",
            "hexmc(movetime=mirror,early=false,extend=0)",
            "hexmc(early=true)",
            "hexmc(early=0.5)",
            "hexmc(solve=0.2,solveat=80)",
        ] {
            assert!(parsed(good).is_ok(), "{good}");
        }
        assert_eq!(
            parsed("hexmc(solveat=80)").unwrap().prover_max_empty,
            Some(80)
        );
        assert_eq!(parsed("hexmc").unwrap().prover_max_empty, None);
    }
}
