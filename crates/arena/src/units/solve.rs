//! A solve's units: the position split a chosen number of plies deep into sub-positions
//! (the leaves of the top tree), each solved with a window by the game's exact solver, and
//! the value combined by minimax over the top tree.
//!
//! **Top tree.** Every line of `split_ply` plies from the position (Kalah's extra turns are
//! plies too); a line that ends the game earlier is scored at once. Leaves are merged by
//! position (Connect 4: mirror images too), so a transposition is solved once.
//!
//! **Windows.** Without a window every leaf is solved exactly. With `--window LO,HI` (the
//! value is believed to lie in `[LO, HI]`) each leaf only needs its value clamped to the
//! root's window `[LO-1, HI+1]`, seen from the leaf's side to move (flipped when the other
//! player moves there): fewer null-window searches. Clamping commutes with max and with
//! negation (`-clamp(v, l, h) = clamp(-v, -h, -l)`), so minimax over clamped leaves, with
//! every node's values clamped to its own window, gives the root's value clamped: exact when
//! strictly inside, and then every move that reaches it is exact too. A value on the edge
//! (the guess was wrong) starts a second stage: the leaves whose result was a bound are
//! solved again without a window, and the value is then exact.
//!
//! A leaf's value is Connect 4's score (Pons' convention) or Kalah's final store difference,
//! for its side to move, from the solvers' public entry points (`solve`, and the null-window
//! tests `score_at_least` / `future_at_least` for a clamped value).

use super::{bad, chunks, read_result, Done, Listing, Unit, UnitError, Work};
use poda_core::{notation::play_line, Game, Outcome, Player};
use poda_games::connect4::Connect4;
use poda_games::kalah::Kalah;
use poda_games::AnyGame;
use poda_solve::kalah::{KalahSolver, SolverConfig};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

/// Memory of a unit besides its tables (MiB).
const UNIT_OVERHEAD_MB: u64 = 64;
/// Default table of a Connect 4 unit (the solver's own default, MiB).
pub const CONNECT4_TT_MIB: usize = 64;

/// A solve to split.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveJob {
    /// The game's canonical spec: `connect4` or a Kalah.
    pub game: String,
    /// The position, as moves from the start (compact notation).
    pub moves: String,
    pub split_ply: u32,
    /// The value is believed to lie in `[lo, hi]` (for the side to move at the position).
    pub window: Option<(i32, i32)>,
    pub leaves_per_unit: usize,
    pub tt_mib: usize,
    /// Kalah: seeds covered by the endgame table (`None`: the solver's default).
    pub endgame_seeds: Option<u32>,
}

/// One leaf to solve: its moves from the start and its clamp window (`None`: exact).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeafWork {
    pub moves: String,
    pub window: Option<(i32, i32)>,
}

/// A unit's work: some leaves of one stage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveWork {
    pub solve: SolveJob,
    pub stage: u32,
    pub leaves: Vec<LeafWork>,
}

/// How a game's top tree and leaves are handled.
trait Split: Game {
    /// The value, for the side to move here, of the finished game `after` (one move on).
    fn final_value(&self, after: &Self) -> i32;
    /// Leaves with the same key are the same position (for the side to move).
    fn leaf_key(&self, moves: &str) -> String;
}

impl Split for Kalah {
    fn final_value(&self, after: &Self) -> i32 {
        after.store_difference(self.to_move())
    }
    fn leaf_key(&self, _: &str) -> String {
        format!("{}/{}", self.board_string(), self.to_move().number())
    }
}

impl Split for Connect4 {
    fn final_value(&self, after: &Self) -> i32 {
        match after.outcome() {
            Outcome::Win(p) => {
                let v = (poda_solve::position::SIZE + 1 - self.ply() as i32) / 2;
                if p == self.to_move() {
                    v
                } else {
                    -v
                }
            }
            _ => 0,
        }
    }
    fn leaf_key(&self, moves: &str) -> String {
        poda_solve::Position::parse(moves)
            .map(|p| poda_solve::book::canonical_key(&p).to_string())
            .unwrap_or_else(|_| moves.to_string())
    }
}

/// A child in the top tree: a finished game's value (for the parent's mover), an inner
/// node or a leaf, with whether the parent's mover moves there too.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Final(i32),
    Node(usize, bool),
    Leaf(usize, bool),
}

/// The top tree: nodes (the root first) with their moves and children, and the leaves.
struct Top {
    nodes: Vec<Vec<(String, Edge)>>,
    leaves: Vec<TopLeaf>,
}

struct TopLeaf {
    moves: String,
    /// The root's mover is to move at the leaf.
    same_as_root: bool,
}

fn build_top<G: Split>(start: &G, job: &SolveJob) -> Result<Top, UnitError> {
    if job.split_ply == 0 {
        return Err(bad("--split-ply must be at least 1"));
    }
    let (root, line) =
        play_line(start, &job.moves).map_err(|e| bad(format!("moves '{}': {e}", job.moves)))?;
    if root.outcome().is_over() {
        return Err(bad(format!("the game is over after '{}'", job.moves)));
    }
    let mut top = Top {
        nodes: Vec::new(),
        leaves: Vec::new(),
    };
    let mut keys = HashMap::new();
    let mut path = line;
    expand(
        start,
        &root,
        root.to_move(),
        job.split_ply,
        &mut path,
        &mut top,
        &mut keys,
    );
    Ok(top)
}

/// Adds `node` (with `depth` plies still to go) and its subtree; returns its index.
fn expand<G: Split>(
    start: &G,
    node: &G,
    root_mover: Player,
    depth: u32,
    path: &mut Vec<G::Move>,
    top: &mut Top,
    keys: &mut HashMap<String, usize>,
) -> usize {
    let index = top.nodes.len();
    top.nodes.push(Vec::new());
    let mut children = Vec::new();
    for mv in node.legal_move_list() {
        let child = node.after(mv);
        let same = child.to_move() == node.to_move();
        path.push(mv);
        let edge = if child.outcome().is_over() {
            Edge::Final(node.final_value(&child))
        } else if depth == 1 {
            let moves = start.format_moves(path);
            let key = child.leaf_key(&moves);
            let next = top.leaves.len();
            let leaf = *keys.entry(key).or_insert(next);
            if leaf == next {
                top.leaves.push(TopLeaf {
                    moves,
                    same_as_root: child.to_move() == root_mover,
                });
            }
            Edge::Leaf(leaf, same)
        } else {
            Edge::Node(
                expand(start, &child, root_mover, depth - 1, path, top, keys),
                same,
            )
        };
        path.pop();
        children.push((node.format_move(mv), edge));
    }
    top.nodes[index] = children;
    index
}

fn flip(window: Option<(i32, i32)>) -> Option<(i32, i32)> {
    window.map(|(lo, hi)| (-hi, -lo))
}

fn clamp(v: i32, window: Option<(i32, i32)>) -> i32 {
    window.map_or(v, |(lo, hi)| v.clamp(lo, hi))
}

/// The value of node `index` for its mover, clamped to its `window`; `leaf` gives each
/// leaf's value for its own mover (clamped to its window).
fn evaluate(top: &Top, index: usize, window: Option<(i32, i32)>, leaf: &[i32]) -> i32 {
    top.nodes[index]
        .iter()
        .map(|&(_, edge)| edge_value(top, edge, window, leaf))
        .max()
        .expect("a node of the top tree has moves")
}

/// A child's value for the parent's mover, clamped to the parent's `window`.
fn edge_value(top: &Top, edge: Edge, window: Option<(i32, i32)>, leaf: &[i32]) -> i32 {
    let v = match edge {
        Edge::Final(v) => v,
        Edge::Node(i, true) => evaluate(top, i, window, leaf),
        Edge::Node(i, false) => -evaluate(top, i, flip(window), leaf),
        Edge::Leaf(i, true) => leaf[i],
        Edge::Leaf(i, false) => -leaf[i],
    };
    clamp(v, window)
}

/// The root's clamp window of a guess `[lo, hi]`: a value inside it is exact.
fn root_window(job: &SolveJob) -> Option<(i32, i32)> {
    job.window.map(|(lo, hi)| (lo - 1, hi + 1))
}

fn leaf_window(job: &SolveJob, leaf: &TopLeaf) -> Option<(i32, i32)> {
    let w = root_window(job);
    if leaf.same_as_root {
        w
    } else {
        flip(w)
    }
}

/// Where a listing got to: the units, the leaves' values known, whether stage 2 ran.
struct Stages {
    listing: Listing,
    top: Top,
    /// Each leaf's value for its mover (clamped to its window where stage 1 used one).
    values: Vec<Option<i32>>,
    /// True once stage 2 solved again every leaf whose result was a bound.
    widened: bool,
}

fn top_of(job: &SolveJob) -> Result<Top, UnitError> {
    let game = AnyGame::parse(&job.game).map_err(|e| bad(format!("game '{}': {e}", job.game)))?;
    match game {
        AnyGame::Kalah(g) => build_top(&g, job),
        AnyGame::Connect4(g) if g.width() == 7 && g.height() == 6 => build_top(&g, job),
        _ => Err(bad(format!(
            "split solves exist for kalah and the standard 7x6 connect4, not '{}'",
            job.game
        ))),
    }
}

fn memory_mb(job: &SolveJob) -> Result<u64, UnitError> {
    let game = AnyGame::parse(&job.game).map_err(|e| bad(format!("game '{}': {e}", job.game)))?;
    let endgame = match game {
        AnyGame::Kalah(_) => poda_solve::kalah::DEFAULT_ENDGAME_ENTRIES >> 20,
        _ => 0,
    };
    Ok(job.tt_mib as u64 + endgame + UNIT_OVERHEAD_MB)
}

/// Lists the stages with the results in `results`.
fn stages(job: &SolveJob, results: Option<&Path>) -> Result<Stages, UnitError> {
    if let Some((lo, hi)) = job.window {
        if lo > hi {
            return Err(bad(format!(
                "--window {lo},{hi}: the low end is above the high end"
            )));
        }
    }
    let top = top_of(job)?;
    let memory_mb = memory_mb(job)?;
    let make = |stage: u32, k: usize, leaves: Vec<LeafWork>| Unit {
        id: format!("s{stage}-{k:06}"),
        memory_mb,
        work: Work::Solve(SolveWork {
            solve: job.clone(),
            stage,
            leaves,
        }),
    };
    let indices: Vec<usize> = (0..top.leaves.len()).collect();
    let mut listing = Listing::default();
    let mut values: Vec<Option<i32>> = vec![None; top.leaves.len()];
    let missing = read_stage(
        job,
        &top,
        1,
        &indices,
        &make,
        results,
        &mut listing,
        &mut values,
    )?;
    listing.stage = format!(
        "{} leaves {} plies below the position",
        top.leaves.len(),
        job.split_ply
    );
    // Without a window no second stage can follow.
    listing.complete = job.window.is_none() || missing == 0;
    let mut widened = false;
    if missing == 0 && !root_exact(job, &top, &values) {
        // The guess was wrong: solve the leaves whose result is a bound again, exactly.
        let bounded: Vec<usize> = indices
            .iter()
            .copied()
            .filter(|&i| {
                let v = values[i].expect("every stage 1 value is known");
                leaf_window(job, &top.leaves[i]).is_some_and(|(lo, hi)| v <= lo || v >= hi)
            })
            .collect();
        read_stage(
            job,
            &top,
            2,
            &bounded,
            &make,
            results,
            &mut listing,
            &mut values,
        )?;
        listing.stage = format!(
            "the value is outside the window: {} leaves solved again without it",
            bounded.len()
        );
        widened = true;
    }
    Ok(Stages {
        listing,
        top,
        values,
        widened,
    })
}

/// Adds one stage's units for `leaves` and reads their results into `values`; returns how
/// many units have none.
#[allow(clippy::too_many_arguments)]
fn read_stage(
    job: &SolveJob,
    top: &Top,
    stage: u32,
    leaves: &[usize],
    make: &dyn Fn(u32, usize, Vec<LeafWork>) -> Unit,
    results: Option<&Path>,
    listing: &mut Listing,
    values: &mut [Option<i32>],
) -> Result<usize, UnitError> {
    let mut missing = 0;
    for (k, batch) in chunks(leaves, job.leaves_per_unit).into_iter().enumerate() {
        let work = batch
            .iter()
            .map(|&i| LeafWork {
                moves: top.leaves[i].moves.clone(),
                window: if stage == 1 {
                    leaf_window(job, &top.leaves[i])
                } else {
                    None
                },
            })
            .collect();
        let unit = make(stage, k, work);
        match read_result(results, &unit)? {
            Some(result) => {
                let got = result["values"]
                    .as_array()
                    .filter(|a| a.len() == batch.len())
                    .ok_or_else(|| bad(format!("the result of {} has no values", unit.id)))?;
                for (&i, v) in batch.iter().zip(got) {
                    let v = v.as_i64().ok_or_else(|| bad("a value is not a number"))?;
                    values[i] = Some(v as i32);
                }
            }
            None => missing += 1,
        }
        listing.units.push(unit);
    }
    Ok(missing)
}

fn root_exact(job: &SolveJob, top: &Top, values: &[Option<i32>]) -> bool {
    let leaf: Vec<i32> = values.iter().map(|v| v.unwrap_or(0)).collect();
    let window = root_window(job);
    let v = evaluate(top, 0, window, &leaf);
    window.is_none_or(|(lo, hi)| lo < v && v < hi)
}

/// The units listed so far.
pub fn list(job: &SolveJob, results: Option<&Path>) -> Result<Listing, UnitError> {
    stages(job, results).map(|s| s.listing)
}

/// Solves the unit's leaves with one solver (its table is shared by the leaves); the
/// seconds each leaf took go beside the result (`{"seconds": [...]}`).
pub(crate) fn run(work: &SolveWork) -> Result<Done, UnitError> {
    let job = &work.solve;
    let game = AnyGame::parse(&job.game).map_err(|e| bad(format!("game '{}': {e}", job.game)))?;
    let solved = match game {
        AnyGame::Kalah(g) => run_kalah(&g, job, &work.leaves)?,
        AnyGame::Connect4(_) => run_connect4(job, &work.leaves)?,
        _ => return Err(bad(format!("no split solve for '{}'", job.game))),
    };
    Ok(Done {
        result: serde_json::json!({ "values": solved.values, "nodes": solved.nodes }),
        times: Some(serde_json::json!({ "seconds": solved.seconds })),
        items: work.leaves.len(),
        nodes: solved.nodes.iter().sum(),
    })
}

/// The value of `v` clamped to `[lo, hi]`, for a value known to lie in `[min, max]`, by
/// bisection with the null-window test `at_least(t)` ("is the value at least t?").
pub fn clamp_search(
    (lo, hi): (i32, i32),
    (min, max): (i32, i32),
    mut at_least: impl FnMut(i32) -> bool,
) -> i32 {
    if hi <= min {
        return hi;
    }
    if lo >= max {
        return lo;
    }
    let (mut a, mut z) = (lo.max(min), hi.min(max));
    while a < z {
        let t = a + (z - a + 1) / 2;
        if at_least(t) {
            a = t;
        } else {
            z = t - 1;
        }
    }
    a
}

/// Each leaf's value, nodes and seconds.
#[derive(Default)]
struct Solved {
    values: Vec<i32>,
    nodes: Vec<u64>,
    seconds: Vec<f64>,
}

fn run_kalah(start: &Kalah, job: &SolveJob, leaves: &[LeafWork]) -> Result<Solved, UnitError> {
    let mut config = SolverConfig {
        tt_mib: job.tt_mib,
        ..SolverConfig::default()
    };
    if let Some(seeds) = job.endgame_seeds {
        config.endgame_seeds = seeds;
    }
    let mut solver = KalahSolver::new(start, &config).map_err(|e| bad(e.to_string()))?;
    let mut solved = Solved::default();
    for leaf in leaves {
        let began = Instant::now();
        let (g, _) = play_line(start, &leaf.moves)
            .map_err(|e| bad(format!("leaf '{}': {e}", leaf.moves)))?;
        if g.outcome().is_over() {
            return Err(bad(format!("leaf '{}': the game is over", leaf.moves)));
        }
        let before = solver.nodes();
        let b = *g.board();
        let (margin, seeds) = (b.margin(), b.seeds_in_pits() as i32);
        let v = match leaf.window {
            None => solver.solve(&g),
            Some(w) => clamp_search(w, (margin - seeds, margin + seeds), |t| {
                solver.future_at_least(&b, t - margin)
            }),
        };
        solved.values.push(v);
        solved.nodes.push(solver.nodes() - before);
        solved.seconds.push(began.elapsed().as_secs_f64());
    }
    Ok(solved)
}

fn run_connect4(job: &SolveJob, leaves: &[LeafWork]) -> Result<Solved, UnitError> {
    use poda_solve::position::SIZE;
    let mut solver = poda_solve::Solver::with_book(job.tt_mib);
    let mut solved = Solved::default();
    for leaf in leaves {
        let began = Instant::now();
        let p = poda_solve::Position::parse(&leaf.moves)
            .map_err(|e| bad(format!("leaf '{}': {e}", leaf.moves)))?;
        solver.reset_nodes();
        let range = (-(SIZE - p.moves()) / 2, (SIZE + 1 - p.moves()) / 2);
        let v = match leaf.window {
            None => solver.solve(&p),
            Some(w) => clamp_search(w, range, |t| solver.score_at_least(&p, t)),
        };
        solved.values.push(v);
        solved.nodes.push(solver.nodes());
        solved.seconds.push(began.elapsed().as_secs_f64());
    }
    Ok(solved)
}

/// A root move's value: exact, or a bound when the window cut it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<i32>,
}

/// The merged answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Answer {
    pub game: String,
    pub moves: String,
    /// The exact value for the side to move (Connect 4: Pons' score; Kalah: the final store
    /// difference).
    pub score: i32,
    /// Every move that reaches it, in the game's move order.
    pub best: Vec<String>,
    pub analysis: Vec<MoveValue>,
    pub split_ply: u32,
    pub leaves: usize,
    pub units: usize,
    /// Solver nodes over every unit.
    pub nodes: u64,
}

/// The value, from every unit's result.
pub fn merge(job: &SolveJob, results: &Path) -> Result<Answer, UnitError> {
    let stages = stages(job, Some(results))?;
    let mut nodes = 0;
    for r in super::all_results(results, &stages.listing.units)? {
        nodes += r["nodes"]
            .as_array()
            .map_or(0, |a| a.iter().filter_map(|n| n.as_u64()).sum::<u64>());
    }
    if !stages.listing.complete {
        return Err(bad(
            "the solve's second stage is not listed yet: list the units again",
        ));
    }
    let leaf: Vec<i32> = stages.values.iter().map(|v| v.unwrap_or(0)).collect();
    // After stage 2 every leaf is exact; before, values are clamped to the windows.
    let window = if stages.widened {
        None
    } else {
        root_window(job)
    };
    let top = &stages.top;
    let score = evaluate(top, 0, window, &leaf);
    let mut best = Vec::new();
    let mut analysis = Vec::new();
    for (mv, edge) in &top.nodes[0] {
        let v = edge_value(top, *edge, window, &leaf);
        if v == score {
            best.push(mv.clone());
        }
        let (low, high) = window.map_or((false, false), |(lo, hi)| (v <= lo, v >= hi));
        analysis.push(MoveValue {
            mv: mv.clone(),
            score: (!low && !high).then_some(v),
            at_most: low.then_some(v),
            at_least: high.then_some(v),
        });
    }
    Ok(Answer {
        game: job.game.clone(),
        moves: job.moves.clone(),
        score,
        best,
        analysis,
        split_ply: job.split_ply,
        leaves: top.leaves.len(),
        units: stages.listing.units.len(),
        nodes,
    })
}
