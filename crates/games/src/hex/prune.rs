//! Move pruning that Hex needs and that loses nothing: immediate wins, the must-play cells
//! when the opponent threatens to win at once, and provably dead cells.
//!
//! - **Winning cells**: empty cells joining a chain (or edge) on each of the player's edges.
//! - **Must-play**: if the opponent has a winning cell, every other move loses at once, so
//!   only the opponent's winning cells are worth trying (two or more of them: lost anyway).
//! - **Dead cells** (Hayward, Björnsson, Johanson et al., "Dead cell analysis in Hex and the
//!   Shannon game", 2006): an empty cell with four consecutive neighbours of one colour (an
//!   edge counting as a stone of its owner) belongs to no minimal winning chain of either
//!   player: the four same-coloured neighbours already touch each other in a ring, and the
//!   two others touch each other. Filling it is a pass, and by monotonicity a pass is never
//!   better than a stone anywhere else, so a dead cell need not be tried while another move
//!   exists.

use super::cellset::CellSet;
use super::geometry::Geometry;
use super::notation::HexMove;
use super::position::Hex;
use poda_core::Player;

/// The six directions in cyclic order around a cell: each is adjacent to the next.
const RING: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The empty cells where `player` would join their two edges with one stone.
pub fn winning_cells(game: &Hex, player: Player) -> CellSet {
    let geo = game.geometry();
    let own = game.stones(player);
    let (first, second) = match player {
        Player::First => (geo.top, geo.bottom),
        Player::Second => (geo.left, geo.right),
    };
    // Own stones connected to each edge, then the cells next to those chains or the edge.
    let reach1 = geo.flood(&first.and(own), own);
    let reach2 = geo.flood(&second.and(own), own);
    let near1 = geo.expand(&reach1).or(&first);
    let near2 = geo.expand(&reach2).or(&second);
    near1.and(&near2).and(&game.empty_cells())
}

/// The colour an off-board direction stands for: Black beyond rows 1 and N, White beyond the
/// first and last columns, nobody beyond a corner.
fn off_board_colour(geo: &Geometry, x: i32, y: i32) -> Option<Player> {
    let n = geo.size as i32;
    let x_out = x < 0 || x >= n;
    let y_out = y < 0 || y >= n;
    match (x_out, y_out) {
        (false, true) => Some(Player::First),
        (true, false) => Some(Player::Second),
        _ => None,
    }
}

/// True if the empty cell `i` has four consecutive neighbours of one colour.
pub fn is_dead(game: &Hex, i: usize) -> bool {
    let geo = game.geometry();
    let (x, y) = geo.xy[i];
    let (x, y) = (x as i32, y as i32);
    let colours: [Option<Player>; 6] = RING.map(|(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        match geo.index(nx as u32, ny as u32) {
            Some(j) if nx >= 0 && ny >= 0 => game.stone(j),
            _ => off_board_colour(geo, nx, ny),
        }
    });
    (0..6).any(|start| {
        let c = colours[start];
        c.is_some() && (1..4).all(|k| colours[(start + k) % 6] == c)
    })
}

/// The empty cells that are dead (see the module doc).
pub fn dead_cells(game: &Hex) -> CellSet {
    game.empty_cells()
        .iter()
        .filter(|&i| is_dead(game, i))
        .collect()
}

/// The moves worth searching: a winning move alone if there is one; else the opponent's
/// winning cells if any; else every legal move except dead cells (all of them if every
/// cell is dead). Empty only when the game is over. The swap is kept when legal.
pub fn candidate_moves(game: &Hex, out: &mut Vec<HexMove>) {
    out.clear();
    if game.winner().is_some() {
        return;
    }
    let me = game.side_to_move();
    let empty = game.empty_cells();
    if let Some(win) = winning_cells(game, me).lowest() {
        out.push(HexMove::Cell(win as u16));
        return;
    }
    let threats = winning_cells(game, me.opponent());
    let cells = if !threats.is_empty() {
        threats
    } else {
        let live = empty.minus(&dead_cells(game));
        if live.is_empty() {
            empty
        } else {
            live
        }
    };
    out.extend(cells.iter().map(|i| HexMove::Cell(i as u16)));
    if game.swap_available() {
        out.push(HexMove::Swap);
    }
}
