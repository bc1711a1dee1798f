//! Depth-first proof-number search (Nagai 2002) for Hex with H-search knowledge at every
//! node, as in the solvers that proved 7x7 to 9x9 (Arneson, Hayward, Henderson, "Solving
//! Hex: beyond humans", CG 2010; Henderson, Arneson, Hayward, "Solving 8x8 Hex", IJCAI 2009).
//!
//! Numbers are in negamax form: `pn` is the effort to prove that the player to move wins,
//! `dn` that it loses; `pn(n) = min dn(child)`, `dn(n) = sum pn(child)`. The child with the
//! smallest `dn` is searched with `th_pn(c) = th_dn - dn + pn(c)` and
//! `th_dn(c) = min(th_pn, ceil((1 + eps) * dn2))`, `dn2` the second smallest (the 1+eps
//! trick, Pawlewicz and Lew, "Improving depth-first PN-search: 1+eps trick", CG 2006), which
//! cuts the switching between siblings.
//!
//! Expanding a node builds the virtual connections of both players:
//! - the player to move has an edge-to-edge full or semi connection: a win;
//! - the opponent has a full one: a loss;
//! - the opponent has semi ones: only the cells in the intersection of their carriers can
//!   save the game (the must-play region);
//! - dead cells are never tried while another move exists, nor a cell that one stone of the
//!   opponent would make dead (vulnerable), nor a cell that a stone of the player to move on
//!   another candidate would put in the fill-in (that candidate dominates it; Henderson,
//!   "Playing and solving Hex", 2010, chapter 4);
//! - a move that leaves the position symmetric for the opponent is lost (strategy stealing,
//!   [`super::stealing`]).
//!
//! A new node starts at `pn = 1`, `dn = number of moves` (Allis' initialisation: a loss must
//! refute every move), so the search prefers the lines where the opponent has the fewest
//! replies.
//!
//! Proven nodes carry a *proof*: a set of empty cells outside which the loser may own every
//! cell without changing the result (a winning connection's carrier; a won node adds its
//! winning move to the child's proof; a lost node unites its children's proofs, its moves
//! and the carriers behind its must-play region). When a move is proven to lose with proof
//! `P`, every move outside `P` loses the same way (the winner's strategy never looks
//! outside `P`), so those siblings are dropped unsearched (the proof-based pruning of
//! Henderson, Arneson and Hayward's Hex solvers). Proofs are not used with the swap rule. The table keeps every node's numbers and moves (proofs are never dropped); a
//! position and its 180-degree rotation share one entry. Hex has no cycles, so there is no
//! graph-history interaction.

use super::board::{cells, Board, Masks};
use super::decompose::{fill_pockets, Pockets};
use super::engine::Engine;
use super::hsearch::{Lists, VcEnd, EMPTY_PAIR_MAX};
use super::ice::{connected, Fill, Rings};
use super::order::{cell_currents, cell_currents_with};
use super::shared::SharedProofs;
use super::stealing::stealing_losses;
use poda_core::Player;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The swap in a move list.
pub const SWAP: u8 = 255;

/// Positions whose fill-in the prover keeps ([`Prover::fills`]); the memo is emptied when it
/// holds this many (about 130 MB).
const FILL_MEMO_MAX: usize = 1 << 20;

/// "Infinite" numbers.
pub const INF: u32 = u32::MAX / 4;
/// The `eps` of the 1+eps trick.
const EPSILON: f64 = 0.25;

#[derive(Clone, Debug)]
struct Entry {
    pn: u32,
    dn: u32,
    /// The moves (cells, [`SWAP`]) in the stored orientation; empty for a decided node.
    moves: Box<[u8]>,
    /// A winning move for a node proven won by its connections (the semi's key).
    key: u8,
    /// For a proven node, its proof: empty cells outside which the loser may own everything
    /// without changing the result. For an open node, the cells that justify the moves left
    /// out (the opponent's semi carriers behind the must-play region, the proofs of the
    /// children that pruned their siblings).
    proof: u128,
}

/// The outcome of a bounded proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Loss,
    /// The budget ran out.
    Unknown,
}

/// How the prover orders and focuses its search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Whether a node's moves are ordered by [`cell_currents`] (else centre first).
    pub order_by_current: bool,
    /// Focused search (benzene's DFPN widening): a node looks at its first
    /// `base + ceil(factor * n)` moves not yet proven to lose, `n` those moves; `None`
    /// looks at all of them. Benzene's default is `(1, 0.25)`; with vulnerable and dominated
    /// cells left out, the fuller fill-in and the ordering wired with the full connections,
    /// `(0, 0.5)` proves the 7x7 and 8x8 openings in the fewest nodes (docs/benchmarks/hex.md).
    pub widening: Option<(usize, f64)>,
    /// Whether moves the opponent can kill are left out ([`Rings::vulnerable`]).
    pub vulnerable: bool,
    /// Whether moves dominated through the fill-in are left out ([`Rings::dominated`]).
    pub dominated: bool,
    /// Whether H-search starts from the edge templates ([`super::templates`]).
    pub templates: bool,
    /// Whether moves lost by strategy stealing are left out ([`super::stealing`]).
    pub stealing: bool,
    /// Whether the fill-in takes permanently inferior cells
    /// ([`Rings::permanently_inferior`]).
    pub inferior: bool,
    /// Whether the fill-in takes dead regions ([`Rings::dead_regions`]).
    pub regions: bool,
    /// Whether the move ordering's networks wire the full connections in.
    pub vc_wires: bool,
    /// The largest carrier the connection builder keeps between two empty cells in the
    /// mover's build and in the opponent's ([`super::hsearch::EMPTY_PAIR_MAX`] and no limit
    /// by default; H-search wants [`super::hsearch::EMPTY_PAIR_MAX`] for both).
    pub pair_max: (u32, u32),
    /// H-search's list lengths ([`Lists::LONG`] by default).
    pub lists: Lists,
    /// Whether pockets spanned by a full connection are filled ([`super::decompose`]).
    pub pockets: bool,
    /// Whether the connections come from FastVC search ([`super::fastvc`], the default)
    /// instead of H-search ([`super::hsearch`]).
    pub fastvc: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            order_by_current: true,
            widening: Some((0, 0.5)),
            vulnerable: true,
            dominated: true,
            templates: true,
            stealing: true,
            inferior: true,
            regions: true,
            vc_wires: true,
            pair_max: (EMPTY_PAIR_MAX, u32::MAX),
            lists: Lists::LONG,
            fastvc: true,
            pockets: true,
        }
    }
}

/// A DFPN prover for one board size; its table lives across calls.
pub struct Prover {
    masks: Masks,
    rings: Rings,
    /// Whether inferior cells are filled in (on by default; off with the swap
    /// rule, whose swap needs the lone first stone).
    pub fill: bool,
    /// Move ordering and focus.
    pub settings: Settings,
    hs: Engine,
    table: HashMap<(u128, u128), Entry>,
    /// The fill-in of the positions met (a node's children), by their stones before it:
    /// computed once for the domination test at the node's expansion and reused at every
    /// visit of the node, instead of at each.
    fills: HashMap<[u128; 2], ([u128; 2], Fill)>,
    /// The full connections of the node being expanded, for each player (by index): the
    /// move ordering's extra wires.
    wires: [Vec<(VcEnd, VcEnd, u32)>; 2],
    /// The full connections between stone points of the last build (for the pockets).
    links: Vec<(VcEnd, VcEnd, u128)>,
    /// Nodes entered and expansions (two H-searches each).
    pub nodes: u64,
    pub expansions: u64,
    /// Moves given to the open nodes expanded (their mean is the search's branching).
    pub moves_given: u64,
    /// Open nodes expanded.
    pub open_expansions: u64,
    deadline: Option<Instant>,
    /// Set by another thread to end the current proof (as the deadline does).
    stop: Option<Arc<AtomicBool>>,
    /// Proofs published by provers running beside this one ([`SharedProofs`]).
    shared: Option<Arc<SharedProofs>>,
    out_of_time: bool,
}

impl Prover {
    pub fn new(size: u32) -> Prover {
        Prover {
            masks: Masks::new(size),
            rings: Rings::new(size),
            fill: true,
            settings: Settings::default(),
            hs: Engine::fast(size as usize),
            table: HashMap::new(),
            fills: HashMap::new(),
            wires: [Vec::new(), Vec::new()],
            links: Vec::new(),
            nodes: 0,
            expansions: 0,
            moves_given: 0,
            open_expansions: 0,
            deadline: None,
            stop: None,
            shared: None,
            out_of_time: false,
        }
    }

    /// Shares proofs with the provers given the same [`SharedProofs`] (`None`: this
    /// prover's table alone).
    pub fn set_shared(&mut self, shared: Option<Arc<SharedProofs>>) {
        self.shared = shared;
    }

    /// A flag that ends the proofs under way when set, as their deadline would (`None`: no
    /// such flag); returns the flag it replaces.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) -> Option<Arc<AtomicBool>> {
        std::mem::replace(&mut self.stop, stop)
    }

    /// The verdict and proof (in the key's orientation) that other provers published for a
    /// position.
    #[inline]
    fn published(&self, key: &(u128, u128)) -> Option<(bool, u128)> {
        self.shared.as_ref().and_then(|s| s.get(key))
    }

    pub fn masks(&self) -> &Masks {
        &self.masks
    }

    /// Entries in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The position with its dead, captured and permanently inferior cells filled, and the
    /// cells filled with the empty cells the fill rests on.
    pub fn normalize(&self, board: &Board) -> (Board, u128) {
        let mut b = *board;
        if !self.fill || board.swap_rule {
            return (b, 0);
        }
        let filled = self.rings.fill_in(&mut b, &self.masks);
        (b, filled)
    }

    /// [`Prover::normalize`] through the fill-in memo.
    fn normalized(&mut self, board: &Board) -> (Board, u128) {
        if !self.fill || board.swap_rule {
            return (*board, 0);
        }
        let (b, fill) = filled(&self.rings, &self.masks, &mut self.fills, board);
        (b, fill.filled | fill.support)
    }

    /// Proves whether the player to move in `board` wins, within `deadline` if given.
    pub fn prove(&mut self, board: &Board, deadline: Option<Instant>) -> Verdict {
        self.deadline = deadline;
        self.out_of_time = false;
        self.sync_settings();
        let (board, _) = self.normalize(board);
        if let Some(w) = connected(&board, &self.masks) {
            return if w == board.to_move {
                Verdict::Win
            } else {
                Verdict::Loss
            };
        }
        let board = &board;
        loop {
            let (pn, dn) = self.mid(board, INF, INF);
            if pn == 0 {
                return Verdict::Win;
            }
            if dn == 0 {
                return Verdict::Loss;
            }
            if self.out_of_time {
                return Verdict::Unknown;
            }
        }
    }

    /// The fill-in follows the settings (which may have changed since the last proof).
    fn sync_settings(&mut self) {
        if (self.rings.inferior, self.rings.regions)
            != (self.settings.inferior, self.settings.regions)
        {
            // The kept fill-ins were made with the other settings.
            self.fills.clear();
        }
        self.rings.inferior = self.settings.inferior;
        self.rings.regions = self.settings.regions;
        if self.hs.is_fast() != self.settings.fastvc {
            let size = self.masks.size as usize;
            self.hs = if self.settings.fastvc {
                Engine::fast(size)
            } else {
                Engine::new(size)
            };
        }
        self.hs.set_lists(self.settings.lists);
    }

    /// The moves a proof of `board` would search (expanding it if new), in the prover's
    /// order, each with the position it leads to (its fill-in done); `None` if `board` is
    /// decided by its connections or its table entry.
    pub fn moves_of(&mut self, board: &Board) -> Option<Vec<(u8, Board)>> {
        self.sync_settings();
        let (board, _) = self.normalize(board);
        if connected(&board, &self.masks).is_some() {
            return None;
        }
        let moves = self.expand(&board).ok()?;
        Some(
            moves
                .into_iter()
                .map(|m| (m, self.normalize(&self.child(&board, m)).0))
                .collect(),
        )
    }

    /// The position after a move of a move list.
    pub fn child(&self, board: &Board, mv: u8) -> Board {
        if mv == SWAP {
            board.play_swap(&self.masks)
        } else {
            board.play(mv as u32)
        }
    }

    /// The table key (the smaller of the position and its rotation, and the swap rule; the
    /// side to move follows from the stone counts) and whether the key is the rotation.
    #[inline]
    fn key(&self, board: &Board) -> ((u128, u128), bool) {
        let turned = board.rotated(&self.masks);
        // Boards have at most 121 cells: bit 127 tells the swap rule, bit 126 the player to
        // move (fill-in breaks the link between stone counts and turns).
        let rule = (board.swap_rule as u128) << 127 | (board.to_move.index() as u128) << 126;
        let a = (board.stones[0], board.stones[1] | rule);
        let b = (turned.stones[0], turned.stones[1] | rule);
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }

    #[inline]
    fn turn_move(&self, mv: u8) -> u8 {
        if mv == SWAP {
            SWAP
        } else {
            (self.masks.size * self.masks.size - 1) as u8 - mv
        }
    }

    /// A cell set turned by 180 degrees.
    #[inline]
    fn turn_set(&self, set: u128) -> u128 {
        let cells = self.masks.size * self.masks.size;
        set.reverse_bits() >> (128 - cells)
    }

    /// The proof of a proven position, in its own orientation.
    fn proof_of(&self, board: &Board) -> u128 {
        let (key, turned) = self.key(board);
        let p = match self.table.get(&key) {
            Some(e) if e.pn == 0 || e.dn == 0 => e.proof,
            local => match self.published(&key) {
                Some((_, proof)) => proof,
                None => local.map_or(self.masks.board, |e| e.proof),
            },
        };
        if turned {
            self.turn_set(p)
        } else {
            p
        }
    }

    #[inline]
    fn numbers(&self, board: &Board) -> (u32, u32) {
        let key = self.key(board).0;
        match self.table.get(&key) {
            Some(e) if e.pn == 0 || e.dn == 0 => (e.pn, e.dn),
            local => match self.published(&key) {
                Some((true, _)) => (0, INF),
                Some((false, _)) => (INF, 0),
                None => local.map_or((1, 1), |e| (e.pn, e.dn)),
            },
        }
    }

    /// A winning move of a proven-won position found in the table, if any (`board` with
    /// its fill-in done, as [`Prover::normalize`] gives it).
    pub fn winning_move(&self, board: &Board) -> Option<u8> {
        let (key, turned) = self.key(board);
        let e = self.table.get(&key)?;
        if e.pn != 0 {
            return None;
        }
        if e.moves.is_empty() {
            let k = e.key;
            return Some(if turned { self.turn_move(k) } else { k });
        }
        let moves: Vec<u8> = e.moves.to_vec();
        moves
            .into_iter()
            .map(|m| if turned { self.turn_move(m) } else { m })
            .find(|&m| {
                // Children are kept in the table with their fill-in done.
                let (c, _) = self.normalize(&self.child(board, m));
                self.numbers(&c).1 == 0
            })
    }

    /// The empty cells of `board` (its fill-in done) where a stone of the player to move
    /// is proven, in the table, to lose.
    pub fn losing_moves(&self, board: &Board) -> u128 {
        let mut out = 0;
        for c in cells(board.empty(&self.masks)) {
            let (child, _) = self.normalize(&board.play(c));
            let lost = match connected(&child, &self.masks) {
                Some(w) => w != board.to_move,
                None => self.numbers(&child).0 == 0,
            };
            if lost {
                out |= 1u128 << c;
            }
        }
        out
    }

    /// The moves of a node (expanding it on first sight), or its value if decided.
    fn expand(&mut self, board: &Board) -> Result<Vec<u8>, bool> {
        let (key, turned) = self.key(board);
        if let Some(e) = self.table.get(&key) {
            if e.pn == 0 || e.dn == 0 {
                return Err(e.pn == 0);
            }
        }
        if let Some((win, proof)) = self.published(&key) {
            // Proven by another prover: its numbers join this table's entry (a new
            // position stays out of it; the lookups find it published).
            if let Some(e) = self.table.get_mut(&key) {
                (e.pn, e.dn) = if win { (0, INF) } else { (INF, 0) };
                e.proof = proof;
            }
            return Err(win);
        }
        if let Some(e) = self.table.get(&key) {
            if !e.moves.is_empty() {
                return Ok(e
                    .moves
                    .iter()
                    .map(|&m| if turned { self.turn_move(m) } else { m })
                    .collect());
            }
        }
        self.expansions += 1;
        let (verdict, moves, proof) = self.generate(board);
        let stored: Box<[u8]> = moves
            .iter()
            .map(|&m| if turned { self.turn_move(m) } else { m })
            .collect();
        let proof = if turned { self.turn_set(proof) } else { proof };
        let (pn, dn, win_key) = match verdict {
            Some((true, k)) => (0, INF, if turned { self.turn_move(k) } else { k }),
            Some((false, _)) => (INF, 0, 0),
            None => {
                self.moves_given += moves.len() as u64;
                self.open_expansions += 1;
                (1, moves.len() as u32, 0)
            }
        };
        self.table.insert(
            key,
            Entry {
                pn,
                dn,
                moves: stored,
                key: win_key,
                proof,
            },
        );
        match verdict {
            Some((win, _)) => Err(win),
            None => Ok(moves),
        }
    }

    /// The knowledge of a fresh node: `Some((win, winning move))` if decided, else the moves;
    /// and the proof of a decided node or the justification of the moves left out.
    fn generate(&mut self, board: &Board) -> Knowledge {
        let masks = self.masks;
        let me = board.to_move;
        let (m1, m2) = masks.edges(me);
        let (o1, o2) = masks.edges(me.opponent());
        let own = board.stones[me.index()];
        let opp = board.stones[me.opponent().index()];
        let swap = board.swap_available();
        // With the swap rule, the first stone's value is decided by the swap: connections
        // on the empty board say nothing.
        let opening = board.swap_rule && (own | opp) == 0;
        let all = masks.board;
        if opening {
            return (
                None,
                cells(board.empty(&masks)).map(|c| c as u8).collect(),
                all,
            );
        }
        let templates = self.settings.templates;
        self.hs.set_empty_pair_max(self.settings.pair_max.0);
        let mine = self.hs.build(own, opp, m1, m2, templates);
        if mine.connected {
            return (Some((true, 0)), Vec::new(), 0);
        }
        if let Some((carrier, k)) = mine.semi {
            return (Some((true, k as u8)), Vec::new(), carrier);
        }
        if let Some(full) = mine.full {
            // Moving first with a full connection: any cell of it (or any cell) keeps it.
            let k = cells(full)
                .next()
                .or_else(|| cells(board.empty(&masks)).next());
            return (Some((true, k.unwrap_or(0) as u8)), Vec::new(), full);
        }
        let use_pockets = self.settings.pockets && !board.swap_rule;
        let mine_pockets = if use_pockets {
            self.pockets_of(board, me)
        } else {
            0
        };
        // The ordering's wires, only when the ordering uses them.
        let wired = self.settings.order_by_current && self.settings.vc_wires;
        if wired {
            self.hs.fulls(&mut self.wires[me.index()]);
        }
        self.hs.set_empty_pair_max(self.settings.pair_max.1);
        let theirs = self.hs.build(opp, own, o1, o2, templates);
        if wired {
            self.hs.fulls(&mut self.wires[me.opponent().index()]);
        }
        if theirs.connected {
            return (Some((false, 0)), Vec::new(), 0);
        }
        if let (Some(full), false) = (theirs.full, swap) {
            return (Some((false, 0)), Vec::new(), full);
        }
        if use_pockets {
            let their_pockets = self.pockets_of(board, me.opponent());
            let mut by_player = [0; 2];
            by_player[me.index()] = mine_pockets;
            by_player[me.opponent().index()] = their_pockets;
            if let Some(found) = self.pocket_fill(board, by_player) {
                return found;
            }
        }
        let empty = board.empty(&masks);
        let mut region = if swap {
            empty
        } else {
            theirs.must_play.map_or(empty, |m| m & empty)
        };
        let live = region & !self.rings.dead(board, &masks);
        if live != 0 {
            region = live;
        }
        let mut justification = if board.swap_rule {
            all
        } else {
            theirs.semi_union
        };
        // Vulnerable cells go first: the dominations below must end at moves that stay.
        if self.settings.vulnerable && !board.swap_rule {
            let (beaten, killers) = self.rings.vulnerable(board, &masks, region);
            region &= !beaten;
            justification |= beaten | killers;
        }
        if self.settings.stealing && !board.swap_rule {
            // A move lost by strategy stealing rests on the whole position.
            let stolen = stealing_losses(&masks, own, opp) & region;
            if stolen != 0 {
                region &= !stolen;
                justification = all;
            }
        }
        let mut moves: Vec<u8> = cells(region).map(|c| c as u8).collect();
        if swap {
            moves.push(SWAP);
        }
        if moves.is_empty() {
            return (Some((false, 0)), Vec::new(), justification);
        }
        self.order(board, &mut moves);
        if self.settings.dominated && !board.swap_rule {
            // The better-ordered of two equivalent moves stays.
            let list: Vec<u32> = moves.iter().map(|&m| m as u32).collect();
            let (rings, memo) = (&self.rings, &mut self.fills);
            let (beaten, why) = Rings::dominated_with(board, &list, |k| {
                filled(rings, &masks, memo, &board.play(k))
            });
            moves.retain(|&m| beaten >> m & 1 == 0);
            justification |= why;
        }
        (None, moves, justification)
    }

    /// The pockets `player` may fill in `board`, H-search's last build being his.
    fn pockets_of(&mut self, board: &Board, player: Player) -> u128 {
        let found = Pockets::new(board, &self.masks, player);
        if found.needs_connections() {
            self.hs.stone_fulls(&mut self.links);
        } else {
            self.links.clear();
        }
        found.fill(&self.links)
    }

    /// The knowledge of `board` found on the board with both players' pockets filled
    /// (`found`, by player index; `None` when there are none): the moves are the filled
    /// board's, and the proof or justification holds the pockets and what the fill-in took
    /// after them.
    fn pocket_fill(&mut self, board: &Board, found: [u128; 2]) -> Option<Knowledge> {
        if found[0] | found[1] == 0 {
            return None;
        }
        let masks = self.masks;
        let (with_pockets, pockets) = fill_pockets(board, found, board.to_move);
        let (filled, fill) = filled(&self.rings, &masks, &mut self.fills, &with_pockets);
        let (verdict, moves, proof) = self.generate(&filled);
        let rests_on = pockets | fill.filled | fill.support;
        let verdict = verdict.map(|(win, k)| {
            // The filled board's winning move is an empty cell outside the pockets, except
            // when the fill joins the mover's edges: then any empty cell wins.
            let empty = board.empty(&masks);
            let key = if win && empty >> k & 1 == 0 {
                cells(empty).next().unwrap_or(0) as u8
            } else {
                k
            };
            (win, key)
        });
        Some((verdict, moves, proof | rests_on))
    }

    /// Sorts a fresh node's moves, most promising first: by the current through each cell
    /// ([`cell_currents`]) when [`Settings::order_by_current`] is on, else centre first; the swap first.
    fn order(&self, board: &Board, moves: &mut [u8]) {
        let n = self.masks.size as i32;
        let centre = |m: u8| {
            let (x, y) = (m as i32 % n, m as i32 / n);
            let (dx, dy) = (2 * x - (n - 1), 2 * y - (n - 1));
            dx.abs().max(dy.abs()).max((dx + dy).abs())
        };
        if !self.settings.order_by_current {
            moves.sort_by_key(|&m| if m == SWAP { -1 } else { centre(m) });
            return;
        }
        let current = if self.settings.vc_wires {
            cell_currents_with(board, &self.masks, [&self.wires[0], &self.wires[1]])
        } else {
            cell_currents(board, &self.masks)
        };
        let score = |m: u8| {
            if m == SWAP {
                f64::INFINITY
            } else {
                current[m as usize]
            }
        };
        moves.sort_by(|&a, &b| {
            score(b)
                .total_cmp(&score(a))
                .then(centre(a).cmp(&centre(b)))
        });
    }

    /// Stores a node's numbers, its proof (when proven: in the board's orientation), and
    /// its move list when pruning shortened it.
    fn store(
        &mut self,
        board: &Board,
        pn: u32,
        dn: u32,
        proof: Option<u128>,
        moves: Option<&[u8]>,
    ) {
        let (key, turned) = self.key(board);
        let proof = proof.map(|p| if turned { self.turn_set(p) } else { p });
        let moves: Option<Box<[u8]>> = moves.map(|m| {
            m.iter()
                .map(|&mv| if turned { self.turn_move(mv) } else { mv })
                .collect()
        });
        if let (Some(shared), Some(p), true) = (&self.shared, proof, pn == 0 || dn == 0) {
            shared.publish(key, pn == 0, p);
        }
        if let Some(e) = self.table.get_mut(&key) {
            e.pn = pn;
            e.dn = dn;
            if let Some(p) = proof {
                e.proof = p;
            }
            if let Some(m) = moves {
                e.moves = m;
            }
        }
    }

    /// The justification stored with an open node (in the board's orientation).
    fn justification(&self, board: &Board) -> u128 {
        self.proof_of(board)
    }

    /// How many of a node's children (in order) the search looks at: all of them without
    /// widening or with fewer than two moves left that are not proven to lose, else enough
    /// to see `base + ceil(factor * n)` such moves.
    fn focus(&self, numbers: &[(u32, u32)]) -> usize {
        let Some((base, factor)) = self.settings.widening else {
            return numbers.len();
        };
        let open = numbers.iter().filter(|&&(cpn, _)| cpn != 0).count();
        if open < 2 {
            return numbers.len();
        }
        let wanted = base + (open as f64 * factor).ceil() as usize;
        let mut seen = 0;
        for (i, &(cpn, _)) in numbers.iter().enumerate() {
            if seen == wanted {
                return i;
            }
            if cpn != 0 {
                seen += 1;
            }
        }
        numbers.len()
    }

    /// Searches `board` until its numbers reach a threshold; returns them.
    fn mid(&mut self, board: &Board, th_pn: u32, th_dn: u32) -> (u32, u32) {
        self.nodes += 1;
        // A node costs about 250 microseconds on 7x7: the clock is read at each one (a
        // player's short share must not overrun).
        if self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.out_of_time = true;
        }
        let mut moves = match self.expand(board) {
            Ok(m) => m,
            Err(true) => return (0, INF),
            Err(false) => return (INF, 0),
        };
        let use_proofs = !board.swap_rule;
        let mut justification = if use_proofs {
            self.justification(board)
        } else {
            self.masks.board
        };
        let mut children: Vec<Board> = Vec::with_capacity(moves.len());
        let mut fills: Vec<u128> = Vec::with_capacity(moves.len());
        for &m in &moves {
            let (c, f) = self.normalized(&self.child(board, m));
            children.push(c);
            fills.push(f);
        }
        loop {
            // A move proven to lose drops every sibling outside its proof.
            if use_proofs {
                let mut keep = self.masks.board;
                for (i, child) in children.iter().enumerate() {
                    if self.numbers(child).0 == 0 {
                        let p = self.proof_of(child) | fills[i] | move_bit(moves[i]);
                        if keep & !p & cells_of(&moves) != 0 {
                            keep &= p;
                            justification |= p;
                        }
                    }
                }
                if keep != self.masks.board {
                    let before = moves.len();
                    let mut k = 0;
                    for i in 0..moves.len() {
                        if keep >> moves[i] & 1 == 1 {
                            moves[k] = moves[i];
                            children[k] = children[i];
                            fills[k] = fills[i];
                            k += 1;
                        }
                    }
                    moves.truncate(k);
                    children.truncate(k);
                    fills.truncate(k);
                    if k < before {
                        let (key, turned) = self.key(board);
                        let j = if turned {
                            self.turn_set(justification)
                        } else {
                            justification
                        };
                        if let Some(e) = self.table.get_mut(&key) {
                            e.proof = j;
                        }
                        let (pn, dn) = self.numbers(board);
                        self.store(board, pn, dn, None, Some(&moves));
                    }
                }
            }
            let numbers: Vec<(u32, u32)> = children.iter().map(|c| self.numbers(c)).collect();
            // A proven winning move decides the node wherever it stands in the list.
            if let Some(win) = numbers.iter().position(|&(_, cdn)| cdn == 0) {
                let proof = self.proof_of(&children[win]) | fills[win] | move_bit(moves[win]);
                self.store(board, 0, INF, Some(proof), None);
                return (0, INF);
            }
            let look = self.focus(&numbers);
            let mut pn = INF;
            let mut dn: u32 = 0;
            let mut best = 0;
            let mut best_dn = INF;
            let mut second_dn = INF;
            let mut best_pn = 1;
            for (i, &(cpn, cdn)) in numbers.iter().enumerate().take(look) {
                pn = pn.min(cdn);
                dn = dn.saturating_add(cpn).min(INF);
                if cdn < best_dn {
                    second_dn = best_dn;
                    best_dn = cdn;
                    best = i;
                    best_pn = cpn;
                } else if cdn < second_dn {
                    second_dn = cdn;
                }
            }
            if dn == 0 {
                let mut proof = justification;
                for (i, child) in children.iter().enumerate() {
                    proof |= self.proof_of(child) | fills[i] | move_bit(moves[i]);
                }
                if !use_proofs {
                    proof = self.masks.board;
                }
                self.store(board, INF, 0, Some(proof), None);
                return (INF, 0);
            }
            if pn >= th_pn || dn >= th_dn || self.out_of_time {
                self.store(board, pn, dn, None, None);
                return (pn, dn);
            }
            let child_th_pn = (th_dn - dn).saturating_add(best_pn).min(INF);
            let grown = ((second_dn as f64) * (1.0 + EPSILON)).ceil() as u64;
            let child_th_dn = th_pn.min(grown.max(second_dn as u64 + 1).min(INF as u64) as u32);
            self.mid(&children[best], child_th_pn, child_th_dn);
        }
    }
}

/// `board` with its fill-in done, and the fill, from `memo` or computed there.
fn filled(
    rings: &Rings,
    masks: &Masks,
    memo: &mut HashMap<[u128; 2], ([u128; 2], Fill)>,
    board: &Board,
) -> (Board, Fill) {
    let mut out = *board;
    if let Some(&(stones, fill)) = memo.get(&board.stones) {
        out.stones = stones;
        return (out, fill);
    }
    let fill = rings.fill_in_parts(&mut out, masks);
    if memo.len() >= FILL_MEMO_MAX {
        memo.clear();
    }
    memo.insert(board.stones, (out.stones, fill));
    (out, fill)
}

/// The cell of a move as a set (empty for the swap).
#[inline]
fn move_bit(m: u8) -> u128 {
    if m == SWAP {
        0
    } else {
        1u128 << m
    }
}

/// The cells of a move list (the swap left out).
#[inline]
fn cells_of(moves: &[u8]) -> u128 {
    moves
        .iter()
        .filter(|&&m| m != SWAP)
        .fold(0, |s, &m| s | 1u128 << m)
}

/// A fresh node's knowledge ([`Prover::generate`]): `Some((win, winning move))` if decided,
/// else the moves; and the proof of a decided node or the justification of the moves left
/// out.
type Knowledge = (Option<(bool, u8)>, Vec<u8>, u128);

/// Who wins: the player to move's verdict turned into a colour.
pub fn winner(board: &Board, verdict: Verdict) -> Option<Player> {
    match verdict {
        Verdict::Win => Some(board.to_move),
        Verdict::Loss => Some(board.to_move.opponent()),
        Verdict::Unknown => None,
    }
}
