//! Depth-first proof-number search (Nagai 2002; Kishimoto and Müller's use in Hex, "A
//! solution to the GHI problem...", and Arneson, Hayward and Henderson, "Solving Hex: beyond
//! humans", CG 2010) with virtual-connection pruning.
//!
//! Numbers are in the negamax form: at a node, `pn` is the effort to prove that the side to
//! move wins and `dn` the effort to prove that it loses; `pn(n) = min dn(child)` and
//! `dn(n) = sum pn(child)`. The search descends into the child with the smallest `dn` with
//! thresholds `th_pn(child) = th_dn(n) - dn(n) + pn(child)` and `th_dn(child) = min(th_pn(n),
//! dn2 + 1)` (`dn2`: the second smallest), and returns when a threshold is reached. Hex has
//! no cycles, so there is no graph-history interaction to fear.
//!
//! When a node is first expanded, H-search runs for both players: the side to move wins
//! outright with an edge-to-edge full or semi connection; it loses when the opponent has a
//! full one; when the opponent has semis, only the cells in the intersection of their
//! carriers are tried (the must-play region); dead cells are never tried while another move
//! exists (the swap, when legal, is always tried: it escapes every connection). The moves of
//! a node are kept in the table with its numbers. A position and its 180-degree rotation are
//! the same game and share one table entry.

use super::board::{cells, Board, Masks};
use super::vc::Connections;
use poda_core::Player;
use std::collections::HashMap;

/// "Infinite" proof and disproof numbers.
pub const INF: u32 = u32::MAX / 4;

#[derive(Clone, Debug)]
struct Entry {
    pn: u32,
    dn: u32,
    /// The moves to try (cells; `SWAP` for the swap), set at the first expansion.
    moves: Option<Box<[u8]>>,
}

/// The swap in a move list.
pub const SWAP: u8 = 255;

/// A proof-number searcher for one board size; its table lives across searches.
pub struct Dfpn {
    masks: Masks,
    table: HashMap<Board, Entry>,
    pub nodes: u64,
    pub expansions: u64,
}

impl Dfpn {
    pub fn new(size: u32) -> Dfpn {
        Dfpn {
            masks: Masks::new(size),
            table: HashMap::new(),
            nodes: 0,
            expansions: 0,
        }
    }

    pub fn masks(&self) -> &Masks {
        &self.masks
    }

    /// True if the side to move wins `board` with perfect play.
    pub fn solve(&mut self, board: &Board) -> bool {
        loop {
            let (pn, dn) = self.mid(board, INF, INF);
            if pn == 0 {
                return true;
            }
            if dn == 0 {
                return false;
            }
        }
    }

    /// The position after a move of the move list.
    pub fn child(&self, board: &Board, mv: u8) -> Board {
        if mv == SWAP {
            board.play_swap(&self.masks)
        } else {
            board.play(mv as u32)
        }
    }

    /// The table key of a position: the smaller of it and its 180-degree rotation (the same
    /// game), and whether the key is the rotation.
    fn canonical(&self, board: &Board) -> (Board, bool) {
        let turned = board.rotated(&self.masks);
        let key = |b: &Board| (b.stones[0], b.stones[1]);
        if key(&turned) < key(board) {
            (turned, true)
        } else {
            (*board, false)
        }
    }

    /// A move of a list stored for the rotated position.
    fn turn_move(&self, mv: u8) -> u8 {
        if mv == SWAP {
            SWAP
        } else {
            (self.masks.size * self.masks.size - 1) as u8 - mv
        }
    }

    fn lookup(&self, board: &Board) -> (u32, u32) {
        let (key, _) = self.canonical(board);
        self.table.get(&key).map_or((1, 1), |e| (e.pn, e.dn))
    }

    fn store(&mut self, board: &Board, pn: u32, dn: u32) {
        let (board, _) = self.canonical(board);
        let board = &board;
        match self.table.get_mut(board) {
            Some(e) => {
                e.pn = pn;
                e.dn = dn;
            }
            None => {
                self.table.insert(
                    *board,
                    Entry {
                        pn,
                        dn,
                        moves: None,
                    },
                );
            }
        }
    }

    /// The moves of a node, expanding it on first sight; `Err(win)` for a node decided by
    /// its connections (or a finished game).
    fn moves(&mut self, board: &Board) -> Result<Box<[u8]>, bool> {
        let (key, turned) = self.canonical(board);
        if let Some(Some(m)) = self.table.get(&key).map(|e| e.moves.clone()) {
            if turned {
                return Ok(m.iter().map(|&mv| self.turn_move(mv)).collect());
            }
            return Ok(m);
        }
        self.expansions += 1;
        let me = board.to_move;
        let masks = self.masks;
        if board.has_won(&masks, me.opponent()) {
            return Err(false);
        }
        if board.has_won(&masks, me) {
            return Err(true);
        }
        // On the empty board of a swap game, any connection the first stone makes can be
        // swapped away: connections decide nothing yet.
        let opening = board.swap_rule && board.stones == [0, 0];
        let mine = Connections::compute(board, &masks, me).edges();
        if (mine.full || mine.semi_must.is_some()) && !opening {
            return Err(true);
        }
        let theirs = Connections::compute(board, &masks, me.opponent()).edges();
        // The swap escapes the opponent's connections: with it on the table, a full
        // connection only means that every cell loses.
        let swap = board.swap_available();
        if theirs.full && !swap && !opening {
            return Err(false);
        }
        let empty = board.empty(&masks);
        let mut region = if opening {
            empty
        } else if theirs.full {
            0
        } else {
            theirs.semi_must.map_or(empty, |m| m & empty)
        };
        let live = region & !dead_cells(board, &masks);
        if live != 0 {
            region = live;
        }
        let mut moves: Vec<u8> = cells(region).map(|c| c as u8).collect();
        if swap {
            moves.push(SWAP);
        }
        if moves.is_empty() {
            return Err(false);
        }
        // Centre first: a cheap order that helps the first iterations.
        let n = masks.size as i32;
        moves.sort_by_key(|&m| {
            if m == SWAP {
                return 0;
            }
            let (x, y) = (m as i32 % n, m as i32 / n);
            let (dx, dy) = (2 * x - (n - 1), 2 * y - (n - 1));
            dx.abs().max(dy.abs()).max((dx + dy).abs())
        });
        let moves: Box<[u8]> = moves.into_boxed_slice();
        let stored: Box<[u8]> = if turned {
            moves.iter().map(|&mv| self.turn_move(mv)).collect()
        } else {
            moves.clone()
        };
        let entry = self.table.entry(key).or_insert(Entry {
            pn: 1,
            dn: 1,
            moves: None,
        });
        entry.moves = Some(stored);
        Ok(moves)
    }

    /// Searches `board` until its numbers reach a threshold; returns them.
    fn mid(&mut self, board: &Board, th_pn: u32, th_dn: u32) -> (u32, u32) {
        self.nodes += 1;
        let moves = match self.moves(board) {
            Ok(m) => m,
            Err(win) => {
                let (pn, dn) = if win { (0, INF) } else { (INF, 0) };
                self.store(board, pn, dn);
                return (pn, dn);
            }
        };
        let children: Vec<Board> = moves.iter().map(|&m| self.child(board, m)).collect();
        loop {
            let mut pn = INF;
            let mut dn: u32 = 0;
            let mut best = 0;
            let mut best_dn = INF;
            let mut second_dn = INF;
            for (i, child) in children.iter().enumerate() {
                let (cpn, cdn) = self.lookup(child);
                pn = pn.min(cdn);
                dn = dn.saturating_add(cpn).min(INF);
                if cdn < best_dn {
                    second_dn = best_dn;
                    best_dn = cdn;
                    best = i;
                } else if cdn < second_dn {
                    second_dn = cdn;
                }
            }
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                self.store(board, pn, dn);
                return (pn, dn);
            }
            let (cpn, _) = self.lookup(&children[best]);
            let child_th_pn = (th_dn - dn).saturating_add(cpn).min(INF);
            let child_th_dn = th_pn.min(second_dn.saturating_add(1));
            self.mid(&children[best], child_th_pn, child_th_dn);
        }
    }
}

/// Empty cells with four consecutive neighbours of one colour (an edge counting as its
/// owner's stone): they belong to no minimal winning chain (see poda-games' `prune`).
pub fn dead_cells(board: &Board, masks: &Masks) -> u128 {
    const RING: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
    let n = masks.size as i32;
    let mut dead = 0u128;
    for c in cells(board.empty(masks)) {
        let (x, y) = (c as i32 % n, c as i32 / n);
        let colours = RING.map(|(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let x_out = nx < 0 || nx >= n;
            let y_out = ny < 0 || ny >= n;
            match (x_out, y_out) {
                (false, false) => {
                    let bit = 1u128 << (ny * n + nx);
                    if board.stones[0] & bit != 0 {
                        Some(Player::First)
                    } else if board.stones[1] & bit != 0 {
                        Some(Player::Second)
                    } else {
                        None
                    }
                }
                (false, true) => Some(Player::First),
                (true, false) => Some(Player::Second),
                (true, true) => None,
            }
        });
        let is_dead = (0..6).any(|s| {
            let col = colours[s];
            col.is_some() && (1..4).all(|k| colours[(s + k) % 6] == col)
        });
        if is_dead {
            dead |= 1 << c;
        }
    }
    dead
}
