//! The electrical-resistance evaluator (Anshelevich's Hexy, "The game of Hex: an automatic
//! theorem proving approach to game programming", AAAI 2000; also benzene's Wolve).
//!
//! Each player's board is a resistor network: a cell has resistance 0 if it holds the
//! player's stone, 1 if empty, and is cut out if it holds an opponent stone; two adjacent
//! cells are joined by the sum of their resistances, and each cell of a player's edge is
//! joined to that edge by its own resistance. Chains of own stones are therefore single
//! nodes (see [`eval_groups`](super::eval_groups)). With 1 volt between the player's two
//! edges, the current `I` gives the edge-to-edge resistance `R = 1 / I`; a small `R` means
//! many short, hard-to-cut routes. Value: `RES_SCALE * ln(R_opponent / R_own)`.
//!
//! The node voltages solve a sparse, symmetric positive definite system (a grounded graph
//! Laplacian with at most six off-diagonal entries per row and about N^2 rows). It is solved
//! by hand with conjugate gradients and a Jacobi (diagonal) preconditioner: no dense matrix,
//! no factorisation, no dependency, and it converges in a few dozen products for an 11x11
//! board. Nodes that no route from the edges reaches are left out, which keeps the system
//! non-singular.

use super::eval_groups::PlayerGraph;
use super::position::Hex;
use poda_core::{Evaluator, Player};

/// Scale of the log-ratio of resistances.
pub const RES_SCALE: f64 = 1000.0;
/// Resistances are clamped into `[1 / RES_CLAMP, RES_CLAMP]` (0 for a joined chain,
/// infinity for a cut player).
pub const RES_CLAMP: f64 = 1e6;
/// Conjugate gradients stop when the residual falls below this fraction of the right side.
const CG_TOLERANCE: f64 = 1e-9;
/// Conductance of a contact: empty-empty cells are 1 + 1 ohms apart, a chain (0 ohms) and an
/// empty cell 1 ohm, a cell and its edge the cell's own resistance.
const EMPTY_EMPTY: f64 = 0.5;
const WITH_CHAIN: f64 = 1.0;

/// The resistance evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resistance;

impl Evaluator<Hex> for Resistance {
    fn name(&self) -> &str {
        "resistance"
    }
    fn evaluate(&self, game: &Hex, player: Player) -> i64 {
        let own = resistance(game, player).clamp(1.0 / RES_CLAMP, RES_CLAMP);
        let opp = resistance(game, player.opponent()).clamp(1.0 / RES_CLAMP, RES_CLAMP);
        (RES_SCALE * (opp / own).ln()).round() as i64
    }
    fn move_hint(&self, game: &Hex, mv: super::HexMove) -> i32 {
        super::centre_hint(game, mv)
    }
}

/// The resistance between `player`'s two edges: 0 if a chain joins them, infinity if the
/// opponent cuts them apart.
pub fn resistance(game: &Hex, player: Player) -> f64 {
    let graph = PlayerGraph::new(game, player);
    let cells = graph.rep.len();
    // Fixed voltages: chains on the first edge at 1, on the second at 0.
    let mut fixed = vec![f64::NAN; cells];
    for u in graph.source.iter() {
        if graph.is_chain[u] {
            if graph.sink.contains(u) {
                return 0.0;
            }
            fixed[u] = 1.0;
        }
    }
    for u in graph.sink.iter() {
        if graph.is_chain[u] {
            fixed[u] = 0.0;
        }
    }
    // The nodes a current from the first edge can reach; the unknowns among them.
    let reach = reachable(&graph);
    if !graph.sink.iter().any(|u| reach[u]) {
        return f64::INFINITY;
    }
    let mut index = vec![u32::MAX; cells];
    let mut unknowns: Vec<u16> = Vec::new();
    for &u in &graph.nodes {
        if reach[u as usize] && fixed[u as usize].is_nan() {
            index[u as usize] = unknowns.len() as u32;
            unknowns.push(u);
        }
    }
    let system = System::build(&graph, &unknowns, &index, &fixed);
    let volts = system.solve();
    // Current into the second edge: from its empty cells directly, and from the cells
    // around its chains.
    let voltage = |v: usize| -> f64 {
        if !fixed[v].is_nan() {
            fixed[v]
        } else if index[v] != u32::MAX {
            volts[index[v] as usize]
        } else {
            0.0
        }
    };
    let mut current = 0.0;
    for u in graph.sink.iter() {
        if !reach[u] {
            continue;
        }
        if graph.is_chain[u] {
            for &(v, n) in graph.neighbours(u) {
                current += WITH_CHAIN * n as f64 * voltage(v as usize);
            }
        } else {
            current += voltage(u);
        }
    }
    if current <= 0.0 {
        f64::INFINITY
    } else {
        1.0 / current
    }
}

/// Nodes connected to the first edge.
fn reachable(graph: &PlayerGraph) -> Vec<bool> {
    let mut reach = vec![false; graph.rep.len()];
    let mut stack: Vec<u16> = graph.source.iter().map(|u| u as u16).collect();
    for &u in &stack {
        reach[u as usize] = true;
    }
    while let Some(u) = stack.pop() {
        for &(v, _) in graph.neighbours(u as usize) {
            if !reach[v as usize] {
                reach[v as usize] = true;
                stack.push(v);
            }
        }
    }
    reach
}

fn conductance(graph: &PlayerGraph, u: usize, v: usize, contacts: u8) -> f64 {
    if graph.is_chain[u] || graph.is_chain[v] {
        WITH_CHAIN * contacts as f64
    } else {
        EMPTY_EMPTY
    }
}

/// `A x = b` for the unknown voltages, `A` in compressed rows without its diagonal.
struct System {
    diag: Vec<f64>,
    start: Vec<u32>,
    cols: Vec<(u32, f64)>,
    rhs: Vec<f64>,
}

impl System {
    fn build(graph: &PlayerGraph, unknowns: &[u16], index: &[u32], fixed: &[f64]) -> System {
        let m = unknowns.len();
        let mut sys = System {
            diag: vec![0.0; m],
            start: Vec::with_capacity(m + 1),
            cols: Vec::with_capacity(6 * m),
            rhs: vec![0.0; m],
        };
        for (row, &u) in unknowns.iter().enumerate() {
            let u = u as usize;
            sys.start.push(sys.cols.len() as u32);
            // An empty cell on an edge is joined to it by its own 1 ohm.
            if graph.source.contains(u) {
                sys.diag[row] += 1.0;
                sys.rhs[row] += 1.0;
            }
            if graph.sink.contains(u) {
                sys.diag[row] += 1.0;
            }
            for &(v, n) in graph.neighbours(u) {
                let v = v as usize;
                let g = conductance(graph, u, v, n);
                sys.diag[row] += g;
                if !fixed[v].is_nan() {
                    sys.rhs[row] += g * fixed[v];
                } else if index[v] != u32::MAX {
                    sys.cols.push((index[v], g));
                }
            }
        }
        sys.start.push(sys.cols.len() as u32);
        sys
    }

    fn multiply(&self, x: &[f64], out: &mut [f64]) {
        for (row, o) in out.iter_mut().enumerate() {
            let mut s = self.diag[row] * x[row];
            for &(c, g) in &self.cols[self.start[row] as usize..self.start[row + 1] as usize] {
                s -= g * x[c as usize];
            }
            *o = s;
        }
    }

    /// Preconditioned conjugate gradients (Hestenes and Stiefel 1952; Jacobi
    /// preconditioner), from the diagonal estimate `b / diag`.
    fn solve(&self) -> Vec<f64> {
        let m = self.rhs.len();
        let mut x: Vec<f64> = (0..m).map(|i| self.rhs[i] / self.diag[i]).collect();
        let mut r = vec![0.0; m];
        self.multiply(&x, &mut r);
        for i in 0..m {
            r[i] = self.rhs[i] - r[i];
        }
        let mut z: Vec<f64> = (0..m).map(|i| r[i] / self.diag[i]).collect();
        let mut p = z.clone();
        let mut rz: f64 = dot(&r, &z);
        let limit = CG_TOLERANCE * dot(&self.rhs, &self.rhs).sqrt().max(1e-300);
        let mut ap = vec![0.0; m];
        for _ in 0..(2 * m + 10) {
            if dot(&r, &r).sqrt() <= limit {
                break;
            }
            self.multiply(&p, &mut ap);
            let pap = dot(&p, &ap);
            if pap <= 0.0 {
                break;
            }
            let alpha = rz / pap;
            for i in 0..m {
                x[i] += alpha * p[i];
                r[i] -= alpha * ap[i];
                z[i] = r[i] / self.diag[i];
            }
            let rz_next = dot(&r, &z);
            let beta = rz_next / rz;
            rz = rz_next;
            for i in 0..m {
                p[i] = z[i] + beta * p[i];
            }
        }
        x
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}
