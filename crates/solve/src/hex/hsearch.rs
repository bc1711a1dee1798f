//! Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex",
//! AI 134, 2002), with the semi-AND over stones and the carrier-size limits of later solvers
//! (Hayward, Björnsson, Johanson et al., "Solving 7x7 Hex: virtual connections and
//! game-state reduction", 2003; Henderson, "Playing and solving Hex", PhD thesis, 2010).
//!
//! For one player the *points* are the empty cells, the player's groups, and the player's two
//! edges (a group touching an edge is part of that edge). A *full* connection between two
//! points with carrier `C` (empty cells) means the player joins them playing second and only
//! inside `C`; a *semi* connection joins them playing first, starting with its *key* cell.
//! - Base: points next to each other are fully connected with an empty carrier.
//! - AND: full `x-z` (carrier A) and full `z-y` (carrier B), A and B disjoint and free of the
//!   endpoints: a full `x-y` (A+B) if `z` is a group or an edge, a semi `x-y` with key `z`
//!   (A+B+z) if `z` is an empty cell. A full `x-z` and a semi `z-y` through a group or edge
//!   `z` give a semi `x-y` with the semi's key.
//! - OR: semis `x-y` whose carriers have nothing in common give a full `x-y` with the union
//!   of the carriers (the opponent cannot break them all with one stone).
//!
//! Lists are capped per pair ([`Lists`]); a connection whose carrier holds
//! another one's of the same kind is not kept; between two empty cells only connections
//! with a small carrier are kept ([`EMPTY_PAIR_MAX`]: all of them cost 20-50 times more
//! work on 7x7 for a small gain in what is found). H-search is sound (every connection found
//! is real) and incomplete. The engine keeps its storage between builds (a stamp
//! marks the slots of live pairs, whose lists sit side by side in a pool emptied at each
//! build: [`PairSlots`]), so a build allocates nothing once warm.

use super::bits::Bits;
use super::points::{EdgeTemplates, PairSlots, Points, Seed};
pub use super::points::{EdgeVcs, Shape, VcEnd, EDGE1, EDGE2};

/// Room for full connections per pair of points in the long lists ([`Lists::LONG`]).
pub const MAX_FULL: usize = 12;
/// Room for semi connections per pair of points in the long lists.
pub const MAX_SEMI: usize = 16;
/// Largest carrier of a connection kept between two empty cells: their adjacency, the
/// semi through a common neighbour, the bridge between them. Longer connections between
/// two empty cells multiply the work for little: on 5x5 the opening analysis took 175 proof
/// nodes with all of them (0.55 s), 364 with these (0.20 s), 3,871 with adjacency alone.
pub const EMPTY_PAIR_MAX: u32 = 2;
/// How many connections a build keeps per pair, and how many semis the OR rule joins at
/// most. An engine's room (`HSearch<B, F, S>`) bounds the lists: [`HSearch`] has room for
/// the short ones, [`LongHSearch`] for the long ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lists {
    pub full: usize,
    pub semi: usize,
    pub or_depth: usize,
}

impl Lists {
    /// The default: short lists, fast builds (hexmc's connections in its tree).
    pub const SHORT: Lists = Lists {
        full: 8,
        semi: 12,
        or_depth: 4,
    };
    /// Longer lists: builds up to 40% slower on 9x9 and 11x11 (`hsearch_speed`), proof trees
    /// of 9x9 middle-game positions a quarter smaller and the proofs about 10% faster
    /// (`docs/benchmarks/hex.md`, 2026-11-28, nineteenth session). The solver's.
    pub const LONG: Lists = Lists {
        full: MAX_FULL,
        semi: MAX_SEMI,
        or_depth: 6,
    };
}

/// A pair of points' connections. The counts and the common cells come first, in one cache
/// line: the AND loops read them for every partner and most go no further.
#[derive(Clone, Copy)]
#[repr(C)]
struct Pair<B, const F: usize, const S: usize> {
    nf: u8,
    ns: u8,
    /// The cells common to every full (every semi) carrier: a carrier that meets it meets
    /// them all, which skips a whole list in the AND rule.
    full_meet: B,
    semi_meet: B,
    full: [B; F],
    semi: [B; S],
    key: [u8; S],
}

impl<B: Bits, const F: usize, const S: usize> Default for Pair<B, F, S> {
    fn default() -> Self {
        Pair {
            nf: 0,
            ns: 0,
            full_meet: B::EMPTY,
            semi_meet: B::EMPTY,
            full: [B::EMPTY; F],
            semi: [B::EMPTY; S],
            key: [0; S],
        }
    }
}

impl<B: Bits, const F: usize, const S: usize> Pair<B, F, S> {
    fn refresh(&mut self) {
        self.full_meet = self.full[..self.nf as usize]
            .iter()
            .copied()
            .reduce(|m, c| m.and(c))
            .unwrap_or(B::EMPTY);
        self.semi_meet = self.semi[..self.ns as usize]
            .iter()
            .copied()
            .reduce(|m, c| m.and(c))
            .unwrap_or(B::EMPTY);
    }
}

/// A point's partner: a point it has a connection with, that pair's place in
/// [`HSearch::pairs`], and the partner's cell bit ([`HSearch::bit`]), kept here for the AND
/// loops.
#[derive(Clone, Copy)]
struct Partner<B> {
    point: u16,
    pair: u16,
    bit: B,
}

/// The H-search engine (storage reused between builds), with room for `F` full and `S` semi
/// connections per pair (the short lists by default).
pub struct HSearch<B: Bits, const F: usize = 8, const S: usize = 12> {
    pub shape: Shape<B>,
    pts: Points<B>,
    /// By pair of points: its place in `pairs`. The live pairs of a build sit side by side
    /// in `pairs` (a few hundred of the thousands of slots), so the AND loops walk memory
    /// that stays in cache.
    slots: PairSlots,
    pairs: Vec<Pair<B, F, S>>,
    /// Each point's partners.
    partners: Vec<Vec<Partner<B>>>,
    /// The partners that are groups or edges (all a large carrier can still combine with).
    stone_partners: Vec<Vec<Partner<B>>>,
    queue: Vec<(u16, u16, bool, B, u8)>,
    /// Connections added by the last build (a cost measure).
    pub added: u64,
    /// Largest carrier kept between two empty cells ([`EMPTY_PAIR_MAX`] by default).
    pub empty_pair_max: u32,
    /// Whether the edge templates seed the search (on by default).
    pub templates: bool,
    /// The list lengths (as long as the room allows by default; [`HSearch::set_lists`]).
    lists: Lists,
    /// The edge templates placed against each edge.
    edge_templates: Vec<EdgeTemplates<B>>,
    /// The connections the templates gave in the last build (storage kept).
    /// The connections the last build started from (storage kept).
    starts: Vec<Seed<B>>,
}

/// H-search with room for the long lists ([`Lists::LONG`]).
pub type LongHSearch<B> = HSearch<B, MAX_FULL, MAX_SEMI>;

impl<B: Bits, const F: usize, const S: usize> HSearch<B, F, S> {
    pub fn new(size: usize) -> Self {
        let shape = Shape::new(size);
        let pts = Points::new(&shape);
        let max_points = shape.cells + 2;
        // The OR rule's table of common cells has room for `MAX_SEMI` semis.
        assert!(S <= MAX_SEMI, "more semis a pair than the OR rule takes");
        // A pair's place in the pool and a partner's point are `u16`.
        assert!(
            max_points * max_points <= 1 << 16,
            "too many points for the engine"
        );
        HSearch {
            shape,
            pts,
            slots: PairSlots::new(max_points),
            pairs: Vec::new(),
            partners: vec![Vec::new(); max_points],
            stone_partners: vec![Vec::new(); max_points],
            queue: Vec::new(),
            added: 0,
            empty_pair_max: EMPTY_PAIR_MAX,
            templates: true,
            lists: if F >= MAX_FULL && S >= MAX_SEMI {
                Lists::LONG
            } else {
                Lists::SHORT
            },
            edge_templates: Vec::new(),
            starts: Vec::new(),
        }
        .with_templates()
    }

    /// The list lengths of the builds to come, cut to the engine's room.
    pub fn set_lists(&mut self, lists: Lists) {
        self.lists = Lists {
            full: lists.full.min(F),
            semi: lists.semi.min(S),
            or_depth: lists.or_depth,
        };
    }

    fn with_templates(mut self) -> Self {
        self.edge_templates = EdgeTemplates::all(&self.shape);
        self
    }

    #[inline]
    fn pair(&self, a: usize, b: usize) -> Option<&Pair<B, F, S>> {
        let i = self.slots.get(self.slots.slot(a, b))?;
        Some(&self.pairs[i])
    }

    /// The cell bit of a point if it is an empty cell (endpoints stay out of carriers).
    #[inline]
    fn bit(&self, p: usize) -> B {
        self.pts.bit(p)
    }

    /// Builds the connections of the player whose edges are `(edge1, edge2)` (cell rows),
    /// with stones `own` against `opp`, and reports on the edges.
    pub fn build(&mut self, own: B, opp: B, edge1: B, edge2: B) -> EdgeVcs<B> {
        self.slots.next_build();
        self.added = 0;
        self.pairs.clear();
        let templates = self.templates.then_some(&self.edge_templates[..]);
        if !self.pts.begin(
            &self.shape,
            templates,
            own,
            opp,
            edge1,
            edge2,
            &mut self.starts,
        ) {
            return EdgeVcs::joined();
        }
        for p in 0..self.pts.count {
            self.partners[p].clear();
            self.stone_partners[p].clear();
        }
        self.queue.clear();
        let starts = std::mem::take(&mut self.starts);
        for &(x, y, carrier, key) in &starts {
            match key {
                None => self.add_full(x, y, carrier),
                Some(k) => self.add_semi(x, y, carrier, k),
            }
        }
        self.starts = starts;
        let mut head = 0;
        while head < self.queue.len() {
            let (x, y, full, carrier, key) = self.queue[head];
            head += 1;
            let (x, y) = (x as usize, y as usize);
            if full {
                if x.min(y) == EDGE1 && x.max(y) == EDGE2 {
                    break;
                }
                self.and_full(x, y, carrier);
                self.and_full(y, x, carrier);
            } else {
                self.and_semi(x, y, carrier, key as usize);
                self.and_semi(y, x, carrier, key as usize);
            }
        }
        self.edge_report()
    }

    fn edge_report(&self) -> EdgeVcs<B> {
        let mut out = EdgeVcs::none();
        if let Some(p) = self.pair(EDGE1, EDGE2) {
            if p.nf > 0 {
                out.full = Some(p.full[0]);
            }
            if p.ns > 0 {
                let mut must = self.shape.masks.board;
                let mut best = 0;
                for i in 0..p.ns as usize {
                    must = must.and(p.semi[i]);
                    out.semi_union = out.semi_union.or(p.semi[i]);
                    if p.semi[i].count() < p.semi[best].count() {
                        best = i;
                    }
                }
                out.semi = Some((p.semi[best], p.key[best] as usize));
                out.must_play = Some(must);
            }
        }
        out
    }

    /// True if a connection between `x` and `y` with this carrier is worth keeping: one of
    /// them is a group or an edge, or the carrier is small ([`EMPTY_PAIR_MAX`]).
    #[inline]
    fn wanted(&self, x: usize, y: usize, carrier: B) -> bool {
        self.pts.stone[x] || self.pts.stone[y] || carrier.count() <= self.empty_pair_max
    }

    /// AND over `mid`: the new full `end-mid` (carrier `a`) with each connection `mid-t`.
    fn and_full(&mut self, end: usize, mid: usize, a: B) {
        let end_bit = self.bit(end);
        let mid_bit = self.bit(mid);
        let through_stone = self.pts.stone[mid];
        // Every result holds `a` (and `mid` when it is a cell): too large already for a pair
        // of empty cells when `end` is one.
        let small = self.pts.stone[end] || a.count() + !through_stone as u32 <= self.empty_pair_max;
        // The AND adds to pairs `end-t` only (never `mid-t`: end != mid), so `mid`'s partner
        // list stays as it is while it is lent out.
        let list = self.lend_partners(mid, small);
        for &Partner { point, pair, bit } in &list {
            let (t, s) = (point as usize, pair as usize);
            if t == end || a.meets(bit) {
                continue;
            }
            let (fm, sm) = (self.pairs[s].full_meet, self.pairs[s].semi_meet);
            let nf = if a.meets(fm) {
                0
            } else {
                self.pairs[s].nf as usize
            };
            for j in 0..nf {
                let b = self.pairs[s].full[j];
                if a.meets(b) || b.meets(end_bit) {
                    continue;
                }
                if through_stone {
                    if self.wanted(end, t, a.or(b)) {
                        self.add_full(end, t, a.or(b));
                    }
                } else if self.wanted(end, t, a.or(b).or(mid_bit)) {
                    self.add_semi(end, t, a.or(b).or(mid_bit), self.pts.cell_of[mid]);
                }
            }
            if through_stone && !a.meets(sm) {
                for k in 0..self.pairs[s].ns as usize {
                    let b = self.pairs[s].semi[k];
                    if a.meets(b) || b.meets(end_bit) || !self.wanted(end, t, a.or(b)) {
                        continue;
                    }
                    self.add_semi(end, t, a.or(b), self.pairs[s].key[k] as usize);
                }
            }
        }
        self.return_partners(mid, small, list);
    }

    /// AND over a group or edge `mid`: the new semi `end-mid` with each full `mid-t`.
    fn and_semi(&mut self, end: usize, mid: usize, a: B, key: usize) {
        if !self.pts.stone[mid] {
            return;
        }
        let end_bit = self.bit(end);
        let small = self.pts.stone[end] || a.count() <= self.empty_pair_max;
        let list = self.lend_partners(mid, small);
        for &Partner { point, pair, bit } in &list {
            let (t, s) = (point as usize, pair as usize);
            if t == end || a.meets(bit) {
                continue;
            }
            if a.meets(self.pairs[s].full_meet) {
                continue;
            }
            for j in 0..self.pairs[s].nf as usize {
                let b = self.pairs[s].full[j];
                if !a.meets(b) && !b.meets(end_bit) && self.wanted(end, t, a.or(b)) {
                    self.add_semi(end, t, a.or(b), key);
                }
            }
        }
        self.return_partners(mid, small, list);
    }

    /// The partners of `mid` that an AND over it may use, taken out of the engine for the
    /// loop: any partner when `small`, else only the groups and edges (a large carrier joins
    /// no pair of empty cells).
    #[inline]
    fn lend_partners(&mut self, mid: usize, small: bool) -> Vec<Partner<B>> {
        if small {
            std::mem::take(&mut self.partners[mid])
        } else {
            std::mem::take(&mut self.stone_partners[mid])
        }
    }

    /// Puts back a list [`Self::lend_partners`] took (no partner was added meanwhile).
    #[inline]
    fn return_partners(&mut self, mid: usize, small: bool, list: Vec<Partner<B>>) {
        let slot = if small {
            &mut self.partners[mid]
        } else {
            &mut self.stone_partners[mid]
        };
        debug_assert!(slot.is_empty(), "a partner of a lent list was added");
        *slot = list;
    }

    /// The pair's place in `pairs`, made live (and the points made partners) if new.
    #[inline]
    fn live(&mut self, x: usize, y: usize) -> usize {
        let s = self.slots.slot(x, y);
        match self.slots.get(s) {
            Some(i) => i,
            None => self.revive(s, x, y),
        }
    }

    /// A pair's first connection in this build: a fresh entry with empty lists, its points
    /// partners.
    #[cold]
    #[inline(never)]
    fn revive(&mut self, s: usize, x: usize, y: usize) -> usize {
        let i = self.pairs.len();
        // At most one entry a slot, and `new` keeps the slots within `u16`.
        let pair = i as u16;
        self.pairs.push(Pair::default());
        self.slots.set(s, i);
        let to_y = Partner {
            point: y as u16,
            pair,
            bit: self.bit(y),
        };
        let to_x = Partner {
            point: x as u16,
            pair,
            bit: self.bit(x),
        };
        self.partners[x].push(to_y);
        self.partners[y].push(to_x);
        if self.pts.stone[y] {
            self.stone_partners[x].push(to_y);
        }
        if self.pts.stone[x] {
            self.stone_partners[y].push(to_x);
        }
        i
    }

    fn add_full(&mut self, x: usize, y: usize, carrier: B) {
        let s = self.live(x, y);
        let p = &mut self.pairs[s];
        let nf = p.nf as usize;
        if p.full[..nf].iter().any(|&c| c.within(carrier)) {
            return;
        }
        // Drop the fulls and semis the new one makes redundant.
        let mut k = 0;
        for i in 0..nf {
            if !carrier.within(p.full[i]) {
                p.full[k] = p.full[i];
                k += 1;
            }
        }
        if k == self.lists.full {
            return;
        }
        p.full[k] = carrier;
        p.nf = k as u8 + 1;
        let mut j = 0;
        for i in 0..p.ns as usize {
            if !carrier.within(p.semi[i]) {
                p.semi[j] = p.semi[i];
                p.key[j] = p.key[i];
                j += 1;
            }
        }
        p.ns = j as u8;
        p.refresh();
        self.added += 1;
        self.queue.push((x as u16, y as u16, true, carrier, 0));
    }

    /// Adds a semi unless a connection of the pair with a smaller carrier has it beaten
    /// (most offers are: that test stays inline, the insertion does not).
    #[inline]
    fn add_semi(&mut self, x: usize, y: usize, carrier: B, key: usize) {
        let s = self.live(x, y);
        let p = &self.pairs[s];
        let (nf, ns) = (p.nf as usize, p.ns as usize);
        // A carrier inside the new one holds what all the list's carriers share: where the
        // new one misses that, the list is not scanned.
        if (p.full_meet.within(carrier) && p.full[..nf].iter().any(|&c| c.within(carrier)))
            || (p.semi_meet.within(carrier) && p.semi[..ns].iter().any(|&c| c.within(carrier)))
        {
            return;
        }
        self.insert_semi(s, x, y, carrier, key);
    }

    /// [`Self::add_semi`]'s insertion: the semis it beats dropped, then the OR rule.
    #[inline(never)]
    fn insert_semi(&mut self, s: usize, x: usize, y: usize, carrier: B, key: usize) {
        let p = &mut self.pairs[s];
        let ns = p.ns as usize;
        let mut k = 0;
        for i in 0..ns {
            if !carrier.within(p.semi[i]) {
                p.semi[k] = p.semi[i];
                p.key[k] = p.key[i];
                k += 1;
            }
        }
        if k == self.lists.semi {
            p.ns = k as u8;
            p.refresh();
            return;
        }
        p.semi[k] = carrier;
        p.key[k] = key as u8;
        p.ns = k as u8 + 1;
        p.refresh();
        self.added += 1;
        // OR: the new semi with sets of the others whose carriers share nothing. No set can
        // if the new carrier meets what all the others share.
        let semis = p.semi;
        let count = k;
        let mut found: [B; 8] = [B::EMPTY; 8];
        let mut nfound = 0;
        // What the semis from each place on all share (`meets[count]`: the whole board).
        let mut meets = [self.shape.masks.board; MAX_SEMI + 1];
        for j in (0..count).rev() {
            meets[j] = meets[j + 1].and(semis[j]);
        }
        if count > 0 && !carrier.meets(meets[0]) {
            let or = OrSearch {
                semis: &semis[..count],
                meets: &meets[..=count],
                deepest: self.lists.or_depth,
            };
            or.combine(0, carrier, carrier, 1, &mut found, &mut nfound);
        }
        for &c in &found[..nfound] {
            self.add_full(x, y, c);
        }
        if self.pair(x, y).is_some_and(|p| p.ns as usize > k) {
            self.queue
                .push((x as u16, y as u16, false, carrier, key as u8));
        }
    }

    /// Every pair of points that the last build joined by a full connection but that do
    /// not touch: `(a, b, n)` with `n` the number of cells common to all its full
    /// carriers, a point named by a cell of it ([`VcEnd::Cell`]) or as an edge. The move
    /// ordering treats them as wires (benzene's resistance evaluation does the same).
    pub fn fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u32)>) {
        out.clear();
        let end = |p: usize| self.pts.end(p);
        for x in 0..self.pts.count {
            for &Partner {
                point: y, pair: s, ..
            } in &self.partners[x]
            {
                let y = y as usize;
                if y < x {
                    continue;
                }
                let p = &self.pairs[s as usize];
                let fulls = &p.full[..p.nf as usize];
                if fulls.is_empty() || fulls.iter().any(|c| c.is_empty()) {
                    continue;
                }
                out.push((end(x), end(y), p.full_meet.count()));
            }
        }
    }

    /// Every full connection the last build found between two of the player's stone
    /// points (groups, and edges with the groups touching them): `(a, b, carrier)`, a
    /// group named by one of its cells. The decompositions ([`super::decompose`]) read them.
    /// Boards of at most 128 cells (the solver's); larger ones get none.
    pub fn stone_fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u128)>) {
        out.clear();
        if self.shape.cells > 128 {
            return;
        }
        let end = |p: usize| self.pts.end(p);
        for x in (0..self.pts.count).filter(|&x| self.pts.stone[x]) {
            for &Partner {
                point: y, pair: s, ..
            } in &self.stone_partners[x]
            {
                let y = y as usize;
                if y <= x {
                    continue;
                }
                let p = &self.pairs[s as usize];
                for c in &p.full[..p.nf as usize] {
                    let carrier = c.cells().fold(0u128, |set, cell| set | 1u128 << cell);
                    out.push((end(x), end(y), carrier));
                }
            }
        }
    }

    /// The full connections found between two cells' points, for tests and tools.
    pub fn fulls_between_edges(&self) -> Vec<B> {
        self.pair(EDGE1, EDGE2)
            .map(|p| p.full[..p.nf as usize].to_vec())
            .unwrap_or_default()
    }
}

/// The OR rule's search over one pair's semis.
struct OrSearch<'a, B> {
    semis: &'a [B],
    /// `meets[j]`: the cells common to `semis[j..]` (the whole board past the end).
    meets: &'a [B],
    /// Most semis joined at once.
    deepest: usize,
}

impl<B: Bits> OrSearch<'_, B> {
    /// Unions of `union` with semis from `start` on whose common part with `inter` is
    /// empty. A cell of `inter` that every semi from `j` on holds stays in any set drawn from
    /// them, which ends the loop there (the sets share more and more further on).
    fn combine(
        &self,
        start: usize,
        union: B,
        inter: B,
        depth: usize,
        out: &mut [B; 8],
        n: &mut usize,
    ) {
        for j in start..self.semis.len() {
            if *n == out.len() || inter.meets(self.meets[j]) {
                return;
            }
            let i2 = inter.and(self.semis[j]);
            if i2 == inter {
                continue;
            }
            let u2 = union.or(self.semis[j]);
            if i2.is_empty() {
                out[*n] = u2;
                *n += 1;
            } else if depth < self.deepest {
                self.combine(j + 1, u2, i2, depth + 1, out, n);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::engine::Engine;
    use super::*;
    use std::collections::HashMap;

    /// Exact value by plain search, the oracle of the solver's knowledge on tiny boards:
    /// does the player to move win? (`stones[0]` Black.)
    pub(crate) fn wins(
        shape: &Shape<u128>,
        stones: [u128; 2],
        black: bool,
        memo: &mut HashMap<(u128, u128, bool), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(stones[0], stones[1], black)) {
            return v;
        }
        let empty = shape.masks.board & !(stones[0] | stones[1]);
        let mut result = false;
        for c in empty.cells() {
            let mut next = stones;
            next[if black { 0 } else { 1 }] |= 1 << c;
            let (own, e1, e2) = if black {
                (next[0], shape.masks.top, shape.masks.bottom)
            } else {
                (next[1], shape.masks.left, shape.masks.right)
            };
            let won = shape.masks.flood(e1 & own, own) & e2 != 0;
            if won || !wins(shape, next, !black, memo) {
                result = true;
                break;
            }
        }
        memo.insert((stones[0], stones[1], black), result);
        result
    }

    /// A xorshift generator (Marsaglia's 13/7/17) for reproducible random positions.
    pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// `n` stones on random empty cells of `shape`, Black and White in turn: `[black, white]`.
    pub(crate) fn random_stones(
        shape: &Shape<u128>,
        n: usize,
        rand: &mut impl FnMut() -> u64,
    ) -> [u128; 2] {
        let mut stones = [0u128; 2];
        for k in 0..n {
            let empty: Vec<usize> = (shape.masks.board & !(stones[0] | stones[1]))
                .cells()
                .collect();
            stones[k % 2] |= 1 << empty[(rand() % empty.len() as u64) as usize];
        }
        stones
    }

    /// Every edge connection found is real: a full one wins for its owner moving second, a
    /// semi one moving first with its key, and the opponent's winning moves lie in the
    /// must-play region (random positions on 3x3 to 4x4 boards, checked by exact search).
    #[test]
    fn edge_connections_are_sound() {
        let mut rand = xorshift(12345u64);
        let mut fulls = 0;
        let mut semis = 0;
        for size in [3usize, 4] {
            let shape = Shape::<u128>::new(size);
            let mut hs = HSearch::<u128>::new(size);
            let mut long = LongHSearch::<u128>::new(size);
            let mut memo = HashMap::new();
            for _ in 0..400 {
                // At least 6 stones on 4x4 keeps the exact search small.
                let least = if size == 4 { 6 } else { 0 };
                let placed = least + (rand() % (size * size / 2 + 1 - least) as u64) as usize;
                let stones = random_stones(&shape, placed, &mut rand);
                for black in [true, false] {
                    let (own, opp, e1, e2) = if black {
                        (stones[0], stones[1], shape.masks.top, shape.masks.bottom)
                    } else {
                        (stones[1], stones[0], shape.masks.left, shape.masks.right)
                    };
                    // Skip finished games.
                    let done = |s: u128, a: u128, b: u128| shape.masks.flood(a & s, s) & b != 0;
                    if done(stones[0], shape.masks.top, shape.masks.bottom)
                        || done(stones[1], shape.masks.left, shape.masks.right)
                    {
                        continue;
                    }
                    let r = hs.build(own, opp, e1, e2);
                    // The long lists are checked the same way.
                    let r_long = long.build(own, opp, e1, e2);
                    for r in [r, r_long] {
                        if r.full.is_some() {
                            fulls += 1;
                            // The opponent to move still loses.
                            assert!(
                                !wins(&shape, stones, !black, &mut memo),
                                "full {size} {stones:?} black={black}"
                            );
                        }
                        if let Some((_, key)) = r.semi {
                            semis += 1;
                            assert!(
                                wins(&shape, stones, black, &mut memo),
                                "semi {size} {stones:?}"
                            );
                            let mut next = stones;
                            next[if black { 0 } else { 1 }] |= 1 << key;
                            let won = done(next[if black { 0 } else { 1 }], e1, e2);
                            assert!(won || !wins(&shape, next, !black, &mut memo), "key {key}");
                        }
                        if let (Some(must), None) = (r.must_play, r.full) {
                            // The opponent to move: every winning reply is inside the region.
                            let empty = shape.masks.board & !(stones[0] | stones[1]);
                            for c in empty.cells() {
                                if must.has(c) {
                                    continue;
                                }
                                let mut next = stones;
                                next[if black { 1 } else { 0 }] |= 1 << c;
                                let (o, a, b) = if black {
                                    (next[1], shape.masks.left, shape.masks.right)
                                } else {
                                    (next[0], shape.masks.top, shape.masks.bottom)
                                };
                                assert!(
                                    !done(o, a, b) && wins(&shape, next, black, &mut memo),
                                    "must-play misses {c}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(fulls > 20 && semis > 20, "fulls {fulls} semis {semis}");
    }

    /// `fulls` reports the joined pairs that do not touch, each once, with the cells their
    /// carriers share: a lone Black stone on the second row of 5x5 is bridged to the top
    /// edge (two shared cells) and no reported pair touches.
    #[test]
    fn fulls_name_the_bridge_to_the_edge_and_no_touching_pair() {
        let mut hs = HSearch::<u128>::new(5);
        let shape = hs.shape.clone();
        let c2 = 5 + 2; // row 2, column c
        hs.build(1 << c2, 0, shape.masks.top, shape.masks.bottom);
        let mut out = Vec::new();
        hs.fulls(&mut out);
        assert!(
            out.contains(&(VcEnd::Edge1, VcEnd::Cell(c2 as u8), 2)),
            "{out:?}"
        );
        let touching = |a: VcEnd, b: VcEnd| match (a, b) {
            (VcEnd::Cell(x), VcEnd::Cell(y)) => shape.nbr[x as usize].has(y as usize),
            (VcEnd::Edge1, VcEnd::Cell(x)) | (VcEnd::Cell(x), VcEnd::Edge1) => {
                shape.masks.top.has(x as usize)
            }
            (VcEnd::Edge2, VcEnd::Cell(x)) | (VcEnd::Cell(x), VcEnd::Edge2) => {
                shape.masks.bottom.has(x as usize)
            }
            _ => false,
        };
        let mut seen = std::collections::HashSet::new();
        for &(a, b, _) in &out {
            assert!(!touching(a, b), "{a:?} {b:?} touch");
            assert!(
                seen.insert((a, b)) && !seen.contains(&(b, a)),
                "{a:?} {b:?} twice"
            );
        }
        assert!(out.len() > 10, "{out:?}");
    }

    /// The 64-bit engine finds exactly what the 128-bit one finds (random 7x7 and 8x8
    /// positions, both players, with and without the edge templates).
    #[test]
    fn narrow_and_wide_sets_agree() {
        let mut rand = xorshift(777u64);
        let (mut decided, mut links) = (0, 0);
        for size in [7usize, 8] {
            let mut narrow = Engine::new(size);
            let mut wide = Engine::Wide(HSearch::new(size));
            assert!(matches!(narrow, Engine::Narrow(_)));
            let shape = Shape::<u128>::new(size);
            for round in 0..60 {
                let placed = (rand() % 24) as usize;
                let stones = random_stones(&shape, placed, &mut rand);
                let templates = round % 2 == 0;
                for (own, opp, e1, e2) in [
                    (stones[0], stones[1], shape.masks.top, shape.masks.bottom),
                    (stones[1], stones[0], shape.masks.left, shape.masks.right),
                ] {
                    let a = narrow.build(own, opp, e1, e2, templates);
                    let b = wide.build(own, opp, e1, e2, templates);
                    assert_eq!(a, b, "{size} {stones:?}");
                    decided += (a.full.is_some() || a.semi.is_some()) as u32;
                    let (mut fa, mut fb) = (Vec::new(), Vec::new());
                    narrow.stone_fulls(&mut fa);
                    wide.stone_fulls(&mut fb);
                    assert_eq!(fa, fb, "{size} {stones:?}");
                    links += fa.len();
                }
            }
        }
        assert!(
            decided > 20 && links > 100,
            "only {decided} positions with an edge connection, {links} stone connections"
        );
    }

    /// Boards above 128 cells get no stone connections (their carriers do not fit).
    #[test]
    fn stone_connections_stop_at_128_cells() {
        use super::super::bits::Wide;
        let mut hs = HSearch::<Wide>::new(13);
        let shape = hs.shape.clone();
        // Black f11 and g12 (cells 135 and 149): two groups a bridge apart.
        let own = Wide::bit(135).with(149);
        hs.build(own, Wide::EMPTY, shape.masks.top, shape.masks.bottom);
        let mut out = vec![(VcEnd::Edge1, VcEnd::Edge2, 1)];
        hs.stone_fulls(&mut out);
        assert!(out.is_empty());
    }

    /// Templates: a stone on the second row is fully connected to its edge (the bridge), a
    /// stone on the third row too (the ziggurat, template IIIa), given room.
    #[test]
    fn edge_templates() {
        let mut hs = HSearch::<u128>::new(5);
        let shape = hs.shape.clone();
        // Black c2 (x=2, y=1) and c4 (x=2, y=3) on 5x5: each bridges to its edge; the two
        // stones are a bridge apart? (2,1)-(2,3) are not; add the middle c3 for a chain.
        let own: u128 = (1 << 7) | (1 << 12) | (1 << 17);
        let r = hs.build(own, 0, shape.masks.top, shape.masks.bottom);
        assert!(r.full.is_some());
        // A lone stone on the third row of a 5x5 board: c3 reaches both edges by ziggurats.
        let r = hs.build(1 << 12, 0, shape.masks.top, shape.masks.bottom);
        assert!(r.full.is_some(), "two ziggurats");
        // White to move against a lone Black c3 must play near it.
        assert!(r.must_play.is_none() || r.full.is_some());
    }
}
