//! Inferior-cell fill-in (Henderson and Hayward, "Probing the 4-3-2 edge template in Hex",
//! and Henderson, "Playing and solving Hex", 2010, chapter 4): cells whose owner does not
//! change the value of the game are filled before the position is searched, which shrinks
//! the board and lets H-search see connections it would miss.
//!
//! - **Dead** cells: useless to both players, where a cell is useless to a player when the
//!   things next to it that the player could use (empty cells, its groups, its edges) are
//!   pairwise adjacent or joined (four consecutive neighbours of one colour, an edge counting
//!   as its owner's stones, is the common case). A dead cell is in no minimal winning chain
//!   of either player, so it may be given to anybody; it is given to Black. Adding stones of
//!   either colour never revives a dead cell.
//! - **Captured pairs**: two adjacent empty cells `a`, `b` such that a stone of the opponent
//!   on either one is made dead by `X` answering on the other. `X` loses nothing by owning both:
//!   the opponent gains nothing by playing there, and `X` answers if he does. The bridge
//!   carriers of a stone on the second row are the common case.
//! - **Permanently inferior** cells: three consecutive neighbours of `X`, three empty ones,
//!   and both ends of the empty arc covered ([`Rings::permanently_inferior`]).
//!   `X` may fill them; unlike dead and captured cells, a stone on their empty arc may undo
//!   this, so the fill reports those cells for proofs to keep.
//! - **Dead regions**: the empty cells a group's owner cannot reach from its edges without
//!   crossing the group's empty neighbours ([`Rings::dead_regions`]).
//! - **Vulnerable** moves: a cell that one stone of the opponent would make dead need not be
//!   searched ([`Rings::vulnerable`]).
//! - **Dominated** moves: a cell that the mover's stone on another candidate would put in
//!   the fill-in (dead, or captured by the mover) is dominated by that candidate and need
//!   not be searched ([`Rings::dominated`]).
//!
//! Filling repeats until nothing changes (a filled cell may make others dead or captured).
//!
//! The engine is generic over the cell set ([`Bits`]): the solver runs it on `u128` (up to
//! 11x11), hexmc's knowledge nodes on 12x12 and 13x13 on [`super::bits::Wide`].

use super::bits::Bits;
use super::board::{BoardOf, MasksOf};
use poda_core::Player;

/// What surrounds a cell in one of the six ring directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Around {
    Cell(u8),
    /// Beyond the first or last row: Black's edge.
    BlackEdge,
    /// Beyond the first or last column: White's edge.
    WhiteEdge,
    /// Beyond a corner: nobody's.
    Nothing,
}

/// The ring of every cell for one board size (directions in cyclic order), and the six
/// bridge places around it.
pub struct Rings {
    ring: Vec<[Around; 6]>,
    /// `bridge[c][d]`: the other common neighbour of ring places `d` and `d + 1` of `c`.
    bridge: Vec<[Around; 6]>,
    /// `far[c][d]`: two steps from `c` in ring direction `d`.
    far: Vec<[Around; 6]>,
    /// Whether the fill-in takes permanently inferior cells (on by default).
    pub inferior: bool,
    /// Whether the fill-in takes dead regions (on by default).
    pub regions: bool,
}

/// Colours in a ring: 0 empty, 1 Black, 2 White, 3 nobody.
const NOBODY: u8 = 3;

impl Rings {
    pub fn new(size: u32) -> Rings {
        const RING: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
        let n = size as i32;
        let place = |x: i32, y: i32| match ((0..n).contains(&x), (0..n).contains(&y)) {
            (true, true) => Around::Cell((y * n + x) as u8),
            (true, false) => Around::BlackEdge,
            (false, true) => Around::WhiteEdge,
            (false, false) => Around::Nothing,
        };
        let ring = (0..n * n)
            .map(|c| RING.map(|(dx, dy)| place(c % n + dx, c / n + dy)))
            .collect();
        let bridge = (0..n * n)
            .map(|c| {
                std::array::from_fn(|d| {
                    let ((ax, ay), (bx, by)) = (RING[d], RING[(d + 1) % 6]);
                    place(c % n + ax + bx, c / n + ay + by)
                })
            })
            .collect();
        let far = (0..n * n)
            .map(|c| RING.map(|(dx, dy)| place(c % n + 2 * dx, c / n + 2 * dy)))
            .collect();
        Rings {
            ring,
            bridge,
            far,
            inferior: true,
            regions: true,
        }
    }

    /// The six colours around `c`.
    #[inline]
    fn colours<B: Bits>(&self, board: &BoardOf<B>, c: usize) -> [u8; 6] {
        Self::colours_of(board, self.ring[c])
    }

    /// The colours of six places.
    #[inline]
    fn colours_of<B: Bits>(board: &BoardOf<B>, places: [Around; 6]) -> [u8; 6] {
        places.map(|a| match a {
            Around::Cell(d) => {
                if board.stones[0].has(d as usize) {
                    1
                } else if board.stones[1].has(d as usize) {
                    2
                } else {
                    0
                }
            }
            Around::BlackEdge => 1,
            Around::WhiteEdge => 2,
            Around::Nothing => NOBODY,
        })
    }

    /// True if one colour holds four consecutive places of the ring.
    #[inline]
    fn four_in_a_row(colours: &[u8; 6]) -> bool {
        (0..6).any(|s| {
            let c = colours[s];
            (c == 1 || c == 2) && (1..4).all(|k| colours[(s + k) % 6] == c)
        })
    }

    /// The dead empty cells.
    pub fn dead<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>) -> B {
        // A dead cell has at most two empty neighbours ([`Rings::is_dead`]).
        masks
            .sparse(board.empty(masks))
            .0
            .cells()
            .filter(|&c| self.is_dead(board, masks, c as u32))
            .fold(B::EMPTY, |s, c| s.with(c))
    }

    /// True if the empty cell `c` is dead: four consecutive neighbours of one colour (the
    /// common pattern, checked first), or more generally useless to both players.
    pub fn is_dead<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>, c: u32) -> bool {
        let bit = B::bit(c as usize);
        let empty_around = masks.expand(bit).andnot(bit).and(board.empty(masks));
        // Three empty neighbours are never pairwise adjacent: not useless to anybody (and no
        // room for four stones of one colour).
        if empty_around.count() > 2 {
            return false;
        }
        if Self::four_in_a_row(&self.colours(board, c as usize)) {
            return true;
        }
        useless_to(board, masks, c, Player::First) && useless_to(board, masks, c, Player::Second)
    }

    /// Dead regions cut off by a group's empty neighbours (benzene's `ComputeDeadRegions`,
    /// after Henderson, "Playing and solving Hex", 2010, chapter 4: a clique cutset). The
    /// empty neighbours of a group `G` of two stones or more are pairwise joined through
    /// `G`, so no minimal winning chain of `G`'s owner passes behind them; the empty cells
    /// that `G`'s owner cannot reach from an edge (one that `G` does not touch) without
    /// crossing them are dead. Single stones are left out, as benzene does.
    pub fn dead_regions<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>) -> B {
        let empty = board.empty(masks);
        let mut dead = B::EMPTY;
        for player in Player::BOTH {
            let own = board.stones[player.index()];
            let (e1, e2) = masks.edges(player);
            let flow = empty.or(own);
            let mut rest = own;
            while !rest.is_empty() {
                let group = masks.flood(B::bit(rest.lowest()), own);
                rest = rest.andnot(group);
                if group.count() < 2 {
                    continue;
                }
                let cut = masks.expand(group).and(empty);
                let inside = flow.andnot(cut);
                let from = |edge: B| {
                    let seeds = edge.and(flow);
                    let reached = masks.flood(seeds.and(inside), inside);
                    reached.or(masks.expand(reached).or(seeds).and(cut))
                };
                let mut reached = B::EMPTY;
                if !group.meets(e1) {
                    reached = reached.or(from(e1));
                }
                if !group.meets(e2) {
                    reached = reached.or(from(e2));
                }
                dead = dead.or(empty.andnot(reached));
            }
        }
        dead
    }

    /// The cells of `X`-captured pairs (`x` = 1 Black, 2 White), disjoint pairs only.
    pub fn captured<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>, x: u8) -> B {
        let empty = board.empty(masks);
        // Each cell of a captured pair is dead once the other is filled, so it has at most
        // three empty neighbours, the other one included.
        let few = masks.sparse(empty).1;
        let mut out = B::EMPTY;
        for a in few.cells() {
            if out.has(a) {
                continue;
            }
            for around in self.ring[a] {
                let Around::Cell(b) = around else { continue };
                let b = b as usize;
                if b < a || !few.has(b) || out.has(b) {
                    continue;
                }
                let with = |cell: usize| {
                    let mut b2 = *board;
                    let side = (x - 1) as usize;
                    b2.stones[side] = b2.stones[side].with(cell);
                    b2
                };
                if self.is_dead(&with(b), masks, a as u32)
                    && self.is_dead(&with(a), masks, b as u32)
                {
                    out = out.with(a).with(b);
                    break;
                }
            }
        }
        out
    }

    /// `X`'s permanently inferior cells (`x` = 1 Black, 2 White), filled one after the other
    /// on `board`: an empty cell `p` whose ring holds three consecutive places of `X` (stones
    /// or `X`'s edge) and three empty cells, where each end cell of the empty arc is covered:
    /// `X` holds its bridge place to the stone arc or to the middle empty cell, or `Y` holds
    /// the place two steps from `p` beyond it. These are the six `pinf-*` fill-in patterns of
    /// benzene's inferior-cell engine (after Henderson, "Playing and solving Hex", 2010,
    /// chapter 4: `X` may fill `p`); `tests/hex_ice.rs` checks the fill against plain search
    /// and fails when a condition is dropped. Once `Y` holds the middle empty cell, `p` is
    /// useless to both players. Returns the cells filled and the empty cells they rest on
    /// (their empty arcs: a stone there may undo the pattern, so a proof must keep them).
    pub fn permanently_inferior<B: Bits>(
        &self,
        board: &mut BoardOf<B>,
        masks: &MasksOf<B>,
        x: u8,
    ) -> (B, B) {
        let (mut filled, mut support) = (B::EMPTY, B::EMPTY);
        // The pattern has exactly three empty neighbours.
        let (two, three) = masks.sparse(board.empty(masks));
        for p in three.andnot(two).cells() {
            let ring = self.colours(board, p);
            if ring.iter().filter(|&&c| c == 0).count() != 3 {
                continue;
            }
            let bridge = Self::colours_of(board, self.bridge[p]);
            let far = Self::colours_of(board, self.far[p]);
            let y = 3 - x;
            // Each end of the empty arc (ring place `e`, its bridge to the stone arc `b_out`,
            // its bridge to the middle empty cell `b_in`) is covered.
            let covered = |e: usize, b_out: usize, b_in: usize| {
                bridge[b_out] == x || bridge[b_in] == x || far[e] == y
            };
            let found = (0..6).find(|&d| {
                (0..3).all(|k| ring[(d + k) % 6] == x)
                    && (3..6).all(|k| ring[(d + k) % 6] == 0)
                    && covered((d + 3) % 6, (d + 2) % 6, (d + 3) % 6)
                    && covered((d + 5) % 6, (d + 5) % 6, (d + 4) % 6)
            });
            let Some(d) = found else { continue };
            let side = (x - 1) as usize;
            board.stones[side] = board.stones[side].with(p);
            filled = filled.with(p);
            for k in 3..6 {
                if let Around::Cell(e) = self.ring[p][(d + k) % 6] {
                    support = support.with(e as usize);
                }
            }
        }
        (filled, support)
    }

    /// The cells `c` of `moves` that the opponent can kill: a stone of the opponent on an
    /// empty neighbour `k` makes `c` dead (vulnerable cells: Björnsson, Hayward, Johanson,
    /// van Rijswijck, "Dead cell analysis in Hex and the Shannon game", 2007). The player to move may leave them all out (every
    /// won position has a winning move that is neither dead nor vulnerable: if a winning
    /// move `c` is killed by `k`, the position with both `c` and `k` given to the opponent
    /// is still won, and a winning move of that position that is neither dead nor vulnerable
    /// there is both here, since stones never revive a dead cell; by induction on the empty
    /// cells). Returns the cells left out and their killers.
    pub fn vulnerable<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>, moves: B) -> (B, B) {
        let opp = board.to_move.opponent().index();
        let (mut out, mut killers) = (B::EMPTY, B::EMPTY);
        let empty = board.empty(masks);
        // A cell killed by a neighbour's stone has at most three empty neighbours now.
        let few = masks.sparse(empty).1;
        for c in moves.and(few).cells() {
            let bit = B::bit(c);
            for k in masks.expand(bit).andnot(bit).and(empty).cells() {
                let mut after = *board;
                after.stones[opp] = after.stones[opp].with(k);
                if self.is_dead(&after, masks, c as u32) {
                    out = out.or(bit);
                    killers = killers.with(k);
                    break;
                }
            }
        }
        (out, killers)
    }

    /// The cells `c` of `moves` that the player to move may leave out because a stone of
    /// its own on another move `k` puts `c` in the fill-in, dead or captured by the mover
    /// (Henderson, "Playing and solving Hex", 2010, chapter 4: then `S + k` equals
    /// `S + k + c`, which is at least as good for the mover as `S + c`, so `k` dominates
    /// `c`). A cell is only left out for a dominator that is still kept, so every chain of
    /// dominations ends at a kept move. Returns the cells left out and the cells the
    /// dominations rest on (dominators, dominated cells and the fill-ins that showed them:
    /// stones added elsewhere never undo a fill-in step).
    ///
    /// `moves` come in the order the dominators are tried: the earlier of two equivalent
    /// moves stays.
    pub fn dominated<B: Bits>(
        &self,
        board: &BoardOf<B>,
        masks: &MasksOf<B>,
        moves: &[u32],
    ) -> (B, B) {
        Self::dominated_with(board, moves, |k| self.fill_after(board, masks, k))
    }

    /// [`Rings::dominated`] with the fill-in of the position after each move given by
    /// `fill_after` (the position filled and its [`Fill`]), so that a caller who keeps them
    /// does not compute them twice.
    pub fn dominated_with<B: Bits>(
        board: &BoardOf<B>,
        moves: &[u32],
        mut fill_after: impl FnMut(u32) -> (BoardOf<B>, FillOf<B>),
    ) -> (B, B) {
        let (mut out, mut why) = (B::EMPTY, B::EMPTY);
        let all = moves.iter().fold(B::EMPTY, |s, &m| s.with(m as usize));
        for &k in moves {
            if out.has(k as usize) {
                continue;
            }
            let (after, fill) = fill_after(k);
            let (free, filled) = Self::freed(board, &after, &fill);
            let beaten = free.and(all).andnot(out);
            if !beaten.is_empty() {
                out = out.or(beaten);
                why = why.or(filled).with(k as usize);
            }
        }
        (out, why)
    }

    /// The empty cells that a stone of the player to move on `k` puts in the fill-in dead
    /// or captured by the mover (the cells `k` dominates), and every cell that fill-in
    /// filled or rests on.
    pub fn free_after<B: Bits>(&self, board: &BoardOf<B>, masks: &MasksOf<B>, k: u32) -> (B, B) {
        let (after, fill) = self.fill_after(board, masks, k);
        Self::freed(board, &after, &fill)
    }

    /// The position after a stone of the player to move on `k` (the turn not passed), with
    /// its fill-in done, and the fill.
    fn fill_after<B: Bits>(
        &self,
        board: &BoardOf<B>,
        masks: &MasksOf<B>,
        k: u32,
    ) -> (BoardOf<B>, FillOf<B>) {
        let mut after = *board;
        let me = board.to_move.index();
        after.stones[me] = after.stones[me].with(k as usize);
        let fill = self.fill_in_parts(&mut after, masks);
        (after, fill)
    }

    /// [`Rings::free_after`] from the position after the move, filled, and its fill.
    fn freed<B: Bits>(board: &BoardOf<B>, after: &BoardOf<B>, fill: &FillOf<B>) -> (B, B) {
        let me = board.to_move.index();
        // A stone on a cell a permanently inferior fill rests on may undo that fill, so such
        // a cell is never dominated through it.
        (
            fill.dead
                .or(fill.filled.and(after.stones[me]))
                .andnot(fill.support),
            fill.filled.or(fill.support),
        )
    }

    /// Fills dead cells (as Black), captured pairs and permanently inferior cells (as their
    /// owner) until nothing changes; returns the cells filled and the empty cells the fill
    /// rests on: a proof that keeps them keeps the fill valid when the loser gets the other
    /// cells (dead and captured cells stay so whatever stones are added).
    pub fn fill_in<B: Bits>(&self, board: &mut BoardOf<B>, masks: &MasksOf<B>) -> B {
        let fill = self.fill_in_parts(board, masks);
        fill.filled.or(fill.support)
    }

    /// [`Rings::fill_in`], telling the kinds of cells apart.
    pub fn fill_in_parts<B: Bits>(&self, board: &mut BoardOf<B>, masks: &MasksOf<B>) -> FillOf<B> {
        let mut fill = FillOf::<B>::default();
        loop {
            let dead = self.dead(board, masks);
            if !dead.is_empty() {
                board.stones[0] = board.stones[0].or(dead);
                fill.filled = fill.filled.or(dead);
                fill.dead = fill.dead.or(dead);
                continue;
            }
            let black = self.captured(board, masks, 1);
            if !black.is_empty() {
                board.stones[0] = board.stones[0].or(black);
                fill.filled = fill.filled.or(black);
                continue;
            }
            let white = self.captured(board, masks, 2);
            if !white.is_empty() {
                board.stones[1] = board.stones[1].or(white);
                fill.filled = fill.filled.or(white);
                continue;
            }
            if self.regions {
                let dead = self.dead_regions(board, masks);
                if !dead.is_empty() {
                    board.stones[0] = board.stones[0].or(dead);
                    fill.filled = fill.filled.or(dead);
                    fill.dead = fill.dead.or(dead);
                    continue;
                }
            }
            if self.inferior {
                let mut more = B::EMPTY;
                for x in [1, 2] {
                    let (cells, support) = self.permanently_inferior(board, masks, x);
                    fill.filled = fill.filled.or(cells);
                    fill.support = fill.support.or(support);
                    more = more.or(cells);
                }
                if !more.is_empty() {
                    continue;
                }
            }
            return fill;
        }
    }
}

/// What a fill-in did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillOf<B> {
    /// Every cell filled.
    pub filled: B,
    /// The filled cells that were dead (the rest were captured or permanently inferior and
    /// hold their owner's colour).
    pub dead: B,
    /// The cells the permanently inferior fills rest on (empty when filled; later steps may
    /// fill some of them).
    pub support: B,
}

/// The solver's fill (boards up to 11x11).
pub type Fill = FillOf<u128>;

/// The winner of a position whose stones already join a player's edges.
pub fn connected<B: Bits>(board: &BoardOf<B>, masks: &MasksOf<B>) -> Option<Player> {
    Player::BOTH.into_iter().find(|&p| board.has_won(masks, p))
}

/// True if the empty cell `c` is in no minimal winning chain of `player`: the things next
/// to it that the player could use (empty cells, its groups, its edges) are pairwise
/// adjacent or joined, so any chain through `c` has a shortcut around it (the clique
/// condition behind the dead-cell patterns of Hayward et al.).
fn useless_to<B: Bits>(board: &BoardOf<B>, masks: &MasksOf<B>, c: u32, player: Player) -> bool {
    let own = board.stones[player.index()];
    let opp = board.stones[player.opponent().index()];
    let (e1, e2) = masks.edges(player);
    let bit = B::bit(c as usize);
    let around = masks.expand(bit).andnot(bit);
    let empties = around.andnot(own).andnot(opp);
    // Stone units: (cells, edges touched: 1 first, 2 second); a group on an edge is the
    // edge's unit.
    let flags = |g: B| g.meets(e1) as u8 | (g.meets(e2) as u8) << 1;
    let mut units: [(B, u8); 8] = [(B::EMPTY, 0); 8];
    let mut n = 0;
    let mut push = |unit: (B, u8)| {
        if !units[..n]
            .iter()
            .any(|&(g, f)| g.meets(unit.0) || f & unit.1 != 0)
        {
            units[n] = unit;
            n += 1;
        }
    };
    for (edge, flag) in [(e1, 1u8), (e2, 2u8)] {
        if bit.meets(edge) {
            let g = masks.flood(own.and(edge), own);
            push((g, flag | flags(g)));
        }
    }
    for s in around.and(own).cells() {
        let g = masks.flood(B::bit(s), own);
        push((g, flags(g)));
    }
    // Stone units all one thing: every pair overlaps or shares an edge.
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (units[i], units[j]);
            if !a.0.meets(b.0) && a.1 & b.1 == 0 {
                return false;
            }
        }
    }
    // Empty neighbours (at most two, the caller checks): adjacent to each other, or joined
    // through a group of the player or an edge of the player that both touch.
    if empties.is_empty() {
        return true;
    }
    let first = B::bit(empties.lowest());
    let second = empties.andnot(first);
    if !second.is_empty() && !masks.expand(first).meets(second) {
        let groups = masks.flood(masks.expand(first).and(own), own);
        let on_edge = |edge: B| first.meets(edge) && second.meets(edge);
        if !masks.expand(second).meets(groups) && !on_edge(e1) && !on_edge(e2) {
            return false;
        }
    }
    empties.cells().all(|d| {
        let db = B::bit(d);
        units[..n].iter().all(|&(g, f)| {
            masks.expand(db).meets(g)
                || (f & 1 != 0 && db.meets(e1))
                || (f & 2 != 0 && db.meets(e2))
        })
    })
}
