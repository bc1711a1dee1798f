//! The evaluators against naive versions of their definitions on random positions, plus
//! their symmetries.

use poda_core::{Evaluator, Game, Player, Rng};
use poda_games::hex::{resistance, shortest_distance, Hex, Resistance, ShortestPath, TwoDistance};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

const DIRS: [(i32, i32); 6] = super::naive::DIRECTIONS;

/// A random position that is not over, on a `size` board, with `stones` stones or fewer.
fn random_position(rng: &mut Rng, size: u32, stones: usize) -> Hex {
    loop {
        let mut game = Hex::with_size(size, false).unwrap();
        for _ in 0..stones {
            let moves = game.legal_move_list();
            let mv = moves[rng.index(moves.len())];
            let next = game.after(mv);
            if next.outcome().is_over() {
                break;
            }
            game = next;
        }
        if !game.outcome().is_over() {
            return game;
        }
    }
}

fn cell(game: &Hex, x: i32, y: i32) -> Option<Option<Player>> {
    let n = game.size() as i32;
    (x >= 0 && y >= 0 && x < n && y < n).then(|| game.stone_at(x as u32, y as u32))
}

/// The seed's uniform-cost search with a priority queue, from a virtual source node.
fn naive_shortest(game: &Hex, player: Player) -> u32 {
    let n = game.size() as i32;
    let mut best = vec![u32::MAX; (n * n) as usize];
    let mut heap = BinaryHeap::new();
    let cost = |s: Option<Player>| if s == Some(player) { 0 } else { 1 };
    for k in 0..n {
        let (x, y) = if player == Player::First {
            (k, 0)
        } else {
            (0, k)
        };
        let s = game.stone_at(x as u32, y as u32);
        if s != Some(player.opponent()) {
            heap.push(Reverse((cost(s), x, y)));
        }
    }
    while let Some(Reverse((d, x, y))) = heap.pop() {
        let i = (y * n + x) as usize;
        if d >= best[i] {
            continue;
        }
        best[i] = d;
        if (player == Player::First && y == n - 1) || (player == Player::Second && x == n - 1) {
            return d;
        }
        for (dx, dy) in DIRS {
            if let Some(s) = cell(game, x + dx, y + dy) {
                if s != Some(player.opponent()) {
                    heap.push(Reverse((d + cost(s), x + dx, y + dy)));
                }
            }
        }
    }
    1000
}

#[test]
fn shortest_path_is_the_seeds_uniform_cost_search() {
    let mut rng = Rng::new(3);
    for round in 0..3000 {
        let size = 1 + round % 11;
        let stones = rng.index((size * size) as usize);
        let game = random_position(&mut rng, size as u32, stones);
        for p in Player::BOTH {
            assert_eq!(
                shortest_distance(&game, p),
                naive_shortest(&game, p),
                "{} {p}",
                game.board_string()
            );
        }
        let v = ShortestPath.evaluate(&game, Player::First);
        assert_eq!(v, -ShortestPath.evaluate(&game, Player::Second));
    }
    let empty = Hex::with_size(7, false).unwrap();
    assert_eq!(shortest_distance(&empty, Player::First), 7);
    let g = empty.play_moves("d1 a1 d2 a2 d3").unwrap();
    assert_eq!(shortest_distance(&g, Player::First), 4);
    // White must cross column d below row 3: a4..g4 is the cheapest, 7 cells.
    assert_eq!(shortest_distance(&g, Player::Second), 7);
    assert_eq!(ShortestPath.evaluate(&g, Player::First), 3);
}

/// Two-distance by its definition, iterated to a fixed point: the neighbours of an empty cell
/// are the empty cells next to it or next to an own chain it touches (found by flood fill);
/// a cell on the edge or touching a chain on the edge is at 1.
fn naive_two_distance(game: &Hex, player: Player, first_edge: bool) -> Vec<u32> {
    let n = game.size() as i32;
    let on_edge = |x: i32, y: i32| match (player, first_edge) {
        (Player::First, true) => y == 0,
        (Player::First, false) => y == n - 1,
        (Player::Second, true) => x == 0,
        (Player::Second, false) => x == n - 1,
    };
    let cells = (n * n) as usize;
    let mut nbrs: Vec<Vec<usize>> = vec![Vec::new(); cells];
    let mut edge_cell = vec![false; cells];
    for y in 0..n {
        for x in 0..n {
            if game.stone_at(x as u32, y as u32).is_some() {
                continue;
            }
            let i = (y * n + x) as usize;
            edge_cell[i] = on_edge(x, y);
            // Flood the own stones touching (x, y), collecting the empty cells around them.
            let mut seen = vec![false; cells];
            let mut stack = vec![(x, y)];
            seen[i] = true;
            while let Some((cx, cy)) = stack.pop() {
                for (dx, dy) in DIRS {
                    let (nx, ny) = (cx + dx, cy + dy);
                    let Some(s) = cell(game, nx, ny) else {
                        continue;
                    };
                    let j = (ny * n + nx) as usize;
                    if seen[j] {
                        continue;
                    }
                    seen[j] = true;
                    if s == Some(player) {
                        if on_edge(nx, ny) {
                            edge_cell[i] = true;
                        }
                        stack.push((nx, ny));
                    } else if s.is_none() {
                        nbrs[i].push(j);
                    }
                }
            }
        }
    }
    let mut d = vec![u32::MAX; cells];
    loop {
        let mut changed = false;
        for i in 0..cells {
            if game.stone(i).is_some() {
                continue;
            }
            let v = if edge_cell[i] {
                1
            } else {
                let mut vals: Vec<u32> = nbrs[i].iter().map(|&j| d[j]).collect();
                vals.sort();
                vals.get(1).map_or(u32::MAX, |&s| s.saturating_add(1))
            };
            if v != d[i] {
                d[i] = v;
                changed = true;
            }
        }
        if !changed {
            return d;
        }
    }
}

fn naive_potential(game: &Hex, player: Player) -> (u32, u32) {
    let a = naive_two_distance(game, player, true);
    let b = naive_two_distance(game, player, false);
    let pots: Vec<u32> = (0..a.len())
        .filter(|&i| game.stone(i).is_none() && a[i] != u32::MAX && b[i] != u32::MAX)
        .map(|i| (a[i] + b[i]).min(1000))
        .collect();
    match pots.iter().min() {
        Some(&m) if m < 1000 => (m, pots.iter().filter(|&&p| p == m).count() as u32),
        _ => (1000, 0),
    }
}

#[test]
fn two_distance_matches_its_definition() {
    let mut rng = Rng::new(4);
    for round in 0..1500 {
        let size = 1 + round % 9;
        let stones = rng.index((size * size) as usize);
        let game = random_position(&mut rng, size as u32, stones);
        for p in Player::BOTH {
            assert_eq!(
                poda_games::hex::two_distance_potential(&game, p),
                naive_potential(&game, p),
                "{} {p}",
                game.board_string()
            );
        }
        let v = TwoDistance.evaluate(&game, Player::First);
        assert_eq!(v, -TwoDistance.evaluate(&game, Player::Second));
    }
}

/// The resistance of the uncontracted network (own stones a tiny resistance), by dense
/// Gaussian elimination with partial pivoting.
fn naive_resistance(game: &Hex, player: Player) -> f64 {
    const TINY: f64 = 1e-9;
    let n = game.size() as i32;
    let cells = (n * n) as usize;
    let r = |i: usize| match game.stone(i) {
        Some(p) if p == player => Some(TINY),
        Some(_) => None,
        None => Some(1.0),
    };
    let on = |x: i32, y: i32, first: bool| {
        if player == Player::First {
            y == if first { 0 } else { n - 1 }
        } else {
            x == if first { 0 } else { n - 1 }
        }
    };
    // Cells a current from the first edge can reach; the others get identity rows.
    let mut reach = vec![false; cells];
    let mut stack: Vec<(i32, i32)> = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let i = (y * n + x) as usize;
            if on(x, y, true) && r(i).is_some() {
                reach[i] = true;
                stack.push((x, y));
            }
        }
    }
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in DIRS {
            if cell(game, x + dx, y + dy).is_none() {
                continue;
            }
            let j = ((y + dy) * n + x + dx) as usize;
            if !reach[j] && r(j).is_some() {
                reach[j] = true;
                stack.push((x + dx, y + dy));
            }
        }
    }
    // Unknowns: every reachable cell; rows of the Laplacian plus the edges.
    let mut a = vec![vec![0.0f64; cells]; cells];
    let mut b = vec![0.0f64; cells];
    for y in 0..n {
        for x in 0..n {
            let i = (y * n + x) as usize;
            let Some(ri) = r(i).filter(|_| reach[i]) else {
                a[i][i] = 1.0;
                continue;
            };
            for (dx, dy) in DIRS {
                let Some(_) = cell(game, x + dx, y + dy) else {
                    continue;
                };
                let j = ((y + dy) * n + x + dx) as usize;
                if let Some(rj) = r(j) {
                    let g = 1.0 / (ri + rj);
                    a[i][i] += g;
                    a[i][j] -= g;
                }
            }
            if on(x, y, true) {
                a[i][i] += 1.0 / ri;
                b[i] += 1.0 / ri;
            }
            if on(x, y, false) {
                a[i][i] += 1.0 / ri;
            }
            if a[i][i] == 0.0 {
                a[i][i] = 1.0;
            }
        }
    }
    // Gaussian elimination.
    for col in 0..cells {
        let pivot = (col..cells)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..cells {
            let f = a[row][col] / a[col][col];
            if f != 0.0 {
                for k in col..cells {
                    a[row][k] -= f * a[col][k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut v = vec![0.0; cells];
    for row in (0..cells).rev() {
        let s: f64 = (row + 1..cells).map(|k| a[row][k] * v[k]).sum();
        v[row] = (b[row] - s) / a[row][row];
    }
    let mut current = 0.0;
    for y in 0..n {
        for x in 0..n {
            let i = (y * n + x) as usize;
            if let (true, true, Some(ri)) = (on(x, y, false), reach[i], r(i)) {
                current += v[i] / ri;
            }
        }
    }
    1.0 / current
}

#[test]
fn resistance_matches_a_dense_solve_of_the_whole_network() {
    let mut rng = Rng::new(5);
    for round in 0..300 {
        let size = 1 + round % 7;
        let stones = rng.index((size * size) as usize);
        let game = random_position(&mut rng, size as u32, stones);
        for p in Player::BOTH {
            let fast = resistance(&game, p);
            let slow = naive_resistance(&game, p);
            if slow > 1e6 {
                assert!(
                    fast.is_infinite() || fast > 1e6,
                    "{} {p}",
                    game.board_string()
                );
                continue;
            }
            let rel = (fast - slow).abs() / slow.max(1e-9);
            assert!(rel < 1e-4, "{} {p}: {fast} vs {slow}", game.board_string());
        }
        let v = Resistance.evaluate(&game, Player::First);
        assert_eq!(v, -Resistance.evaluate(&game, Player::Second));
    }
    // One empty cell between the edges: 1 ohm to each edge.
    let one = Hex::with_size(1, false).unwrap();
    assert!((resistance(&one, Player::First) - 2.0).abs() < 1e-9);
}

/// The 180-degree rotation keeps both goals; the transpose with colours exchanged swaps them.
#[test]
fn evaluations_respect_the_board_symmetries() {
    let mut rng = Rng::new(6);
    let evals: [&dyn Evaluator<Hex>; 3] = [&ShortestPath, &TwoDistance, &Resistance];
    for round in 0..300 {
        let size = 2 + round % 9;
        let stones = rng.index((size * size) as usize / 2);
        let game = random_position(&mut rng, size, stones);
        let n = size;
        let (mut black, mut white) = (Vec::new(), Vec::new());
        let (mut tb, mut tw) = (Vec::new(), Vec::new());
        for y in 0..n {
            for x in 0..n {
                match game.stone_at(x, y) {
                    Some(Player::First) => {
                        black.push((n - 1 - x, n - 1 - y));
                        tw.push((y, x));
                    }
                    Some(Player::Second) => {
                        white.push((n - 1 - x, n - 1 - y));
                        tb.push((y, x));
                    }
                    None => {}
                }
            }
        }
        let rotated = Hex::from_stones(n, false, &black, &white, game.to_move()).unwrap();
        let mirrored = Hex::from_stones(n, false, &tb, &tw, game.to_move().opponent()).unwrap();
        for e in evals {
            let v = e.evaluate(&game, Player::First);
            let tol = if e.name() == "resistance" { 2 } else { 0 };
            assert!(
                (e.evaluate(&rotated, Player::First) - v).abs() <= tol,
                "{}",
                e.name()
            );
            assert!(
                (e.evaluate(&mirrored, Player::Second) - v).abs() <= tol,
                "{}",
                e.name()
            );
        }
    }
}
