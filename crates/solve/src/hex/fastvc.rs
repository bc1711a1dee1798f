//! Virtual connections by FastVC search (Pawlewicz, Hayward, Henderson, Arneson, "Stronger
//! virtual connections in Hex", IEEE TCIAIG 7(2), 2015), the connection builder of benzene's
//! MoHex 2.0 and its DFPN solver. The connections and points are H-search's
//! ([`super::hsearch`]); the differences are in what is kept and how the OR rule searches:
//!
//! - No list caps and no size limit between empty cells. A new full connection is kept only
//!   when it shrinks what the pair's full carriers share (or replaces a larger one): fulls
//!   that avoid different cells are what later ORs and must-play regions need.
//! - AND: each full is joined once with each full already *processed* at its midpoint (a
//!   queue of new fulls; a full is processed when it leaves the queue), through an empty
//!   cell into a semi, through a group into a full; never through an edge.
//! - OR: a pair's semis are looked at only when the carriers of all of them share nothing
//!   (before that no set of them can), and then greedily: for a cell `a` that all the
//!   pair's fulls still hold, if the semis without `a` share nothing, their greedy union
//!   (each semi taken only if it shrinks the common part) is a full avoiding `a`.
//!
//! Sound as H-search is (every connection found is real); the carriers are the union of
//! connections that the AND and OR rules allow.

use super::bits::Bits;
use super::points::{EdgeTemplates, EdgeVcs, PairSlots, Points, Seed, Shape, VcEnd, EDGE1, EDGE2};

#[derive(Clone, Copy)]
struct Semi<B> {
    carrier: B,
    key: u16,
    /// Looked at by the OR rule already.
    old: bool,
}

/// One pair of points' connections.
#[derive(Clone, Default)]
struct Pair<B> {
    /// Full carriers with their processed mark (joined by the AND rule already).
    fulls: Vec<(B, bool)>,
    /// What the processed fulls share.
    processed_meet: B,
    semis: Vec<Semi<B>>,
    /// What all the semis share.
    semi_meet: B,
    /// In the OR queue.
    queued: bool,
}

/// The FastVC engine (storage reused between builds).
pub struct FastVc<B: Bits> {
    pub shape: Shape<B>,
    pts: Points<B>,
    slots: PairSlots,
    pairs: Vec<Pair<B>>,
    live_pairs: usize,
    /// Each point's partners: (point, pair index).
    partners: Vec<Vec<(u16, u32)>>,
    full_queue: std::collections::VecDeque<(u16, u16, B)>,
    or_queue: std::collections::VecDeque<(u16, u16)>,
    /// Whether the edge templates seed the search (on by default).
    pub templates: bool,
    edge_templates: Vec<EdgeTemplates<B>>,
    /// The connections the last build started from (storage kept).
    starts: Vec<Seed<B>>,
    /// Largest carrier kept between two empty cells (none by default).
    pub empty_pair_max: u32,
    /// Connections added by the last build (a cost measure).
    pub added: u64,
    /// The edge pair got a full connection: the build stops.
    done: bool,
    /// The OR rule's working copy of a pair's semis (carrier, looked at already) and the
    /// fulls it found (storage kept).
    or_semis: Vec<(B, bool)>,
    or_found: Vec<B>,
}

impl<B: Bits> FastVc<B> {
    pub fn new(size: usize) -> Self {
        let shape = Shape::new(size);
        let pts = Points::new(&shape);
        let max_points = shape.cells + 2;
        FastVc {
            edge_templates: EdgeTemplates::all(&shape),
            shape,
            pts,
            slots: PairSlots::new(max_points),
            pairs: Vec::new(),
            live_pairs: 0,
            partners: vec![Vec::new(); max_points],
            full_queue: Default::default(),
            or_queue: Default::default(),
            templates: true,
            starts: Vec::new(),
            empty_pair_max: u32::MAX,
            added: 0,
            done: false,
            or_semis: Vec::new(),
            or_found: Vec::new(),
        }
    }

    #[inline]
    fn pair_index(&self, a: usize, b: usize) -> Option<usize> {
        self.slots.get(self.slots.slot(a, b))
    }

    #[inline]
    fn bit(&self, p: usize) -> B {
        self.pts.bit(p)
    }

    fn live(&mut self, x: usize, y: usize) -> usize {
        let s = self.slots.slot(x, y);
        if let Some(i) = self.slots.get(s) {
            return i;
        }
        let i = self.live_pairs;
        self.live_pairs += 1;
        if i == self.pairs.len() {
            self.pairs.push(Pair::default());
        }
        let p = &mut self.pairs[i];
        p.fulls.clear();
        p.semis.clear();
        p.processed_meet = self.shape.masks.board;
        p.semi_meet = self.shape.masks.board;
        p.queued = false;
        self.slots.set(s, i);
        self.partners[x].push((y as u16, i as u32));
        self.partners[y].push((x as u16, i as u32));
        i
    }

    /// Builds the connections of the player whose edges are `(edge1, edge2)` (cell rows),
    /// with stones `own` against `opp`, and reports on the edges.
    pub fn build(&mut self, own: B, opp: B, edge1: B, edge2: B) -> EdgeVcs<B> {
        self.slots.next_build();
        self.added = 0;
        self.live_pairs = 0;
        self.done = false;
        self.full_queue.clear();
        self.or_queue.clear();
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
        }
        let starts = std::mem::take(&mut self.starts);
        for &(x, y, carrier, key) in &starts {
            match key {
                None => self.add_full(x, y, carrier),
                Some(k) => self.add_semi(x, y, carrier, k),
            }
        }
        self.starts = starts;
        while !self.done {
            if let Some((x, y, carrier)) = self.full_queue.pop_front() {
                self.and_full(x as usize, y as usize, carrier);
            } else if let Some((x, y)) = self.or_queue.pop_front() {
                self.or_semis(x as usize, y as usize);
            } else {
                break;
            }
        }
        self.edge_report()
    }

    fn edge_report(&self) -> EdgeVcs<B> {
        let mut out = EdgeVcs::none();
        if let Some(i) = self.pair_index(EDGE1, EDGE2) {
            let p = &self.pairs[i];
            out.full = p.fulls.first().map(|f| f.0);
            if let Some(best) = p.semis.iter().min_by_key(|s| s.carrier.count()) {
                out.semi = Some((best.carrier, best.key as usize));
                out.must_play = Some(p.semi_meet);
                out.semi_union = p.semis.iter().fold(B::EMPTY, |u, s| u.or(s.carrier));
            }
        }
        out
    }

    #[inline]
    fn wanted(&self, x: usize, y: usize, carrier: B) -> bool {
        self.pts.stone[x] || self.pts.stone[y] || carrier.count() <= self.empty_pair_max
    }

    /// Adds a full unless one inside it is known, or it leaves what the fulls share as it
    /// is (benzene's `limit_fulls`); queues it for the AND rule.
    fn add_full(&mut self, x: usize, y: usize, carrier: B) {
        if !self.wanted(x, y, carrier) {
            return;
        }
        let s = self.live(x, y);
        let p = &mut self.pairs[s];
        if p.fulls.iter().any(|f| f.0.within(carrier)) {
            return;
        }
        let before = p.fulls.len();
        let mut removed_processed = false;
        p.fulls.retain(|f| {
            let keep = !carrier.within(f.0);
            removed_processed |= !keep && f.1;
            keep
        });
        if p.fulls.len() == before {
            let meet = p
                .fulls
                .iter()
                .fold(self.shape.masks.board, |m, f| m.and(f.0));
            if meet.within(carrier) {
                return;
            }
        }
        if removed_processed {
            p.processed_meet = p
                .fulls
                .iter()
                .filter(|f| f.1)
                .fold(self.shape.masks.board, |m, f| m.and(f.0));
        }
        p.fulls.push((carrier, false));
        let ns = p.semis.len();
        p.semis.retain(|sm| !carrier.within(sm.carrier));
        if p.semis.len() != ns {
            p.semi_meet = p
                .semis
                .iter()
                .fold(self.shape.masks.board, |m, sm| m.and(sm.carrier));
        }
        self.added += 1;
        self.full_queue.push_back((x as u16, y as u16, carrier));
        if x.min(y) == EDGE1 && x.max(y) == EDGE2 {
            self.done = true;
        }
    }

    fn add_semi(&mut self, x: usize, y: usize, carrier: B, key: usize) {
        if !self.wanted(x, y, carrier) {
            return;
        }
        let s = self.live(x, y);
        let p = &mut self.pairs[s];
        if p.fulls.iter().any(|f| f.0.within(carrier))
            || p.semis.iter().any(|sm| sm.carrier.within(carrier))
        {
            return;
        }
        p.semis.retain(|sm| !carrier.within(sm.carrier));
        p.semis.push(Semi {
            carrier,
            key: key as u16,
            old: false,
        });
        // The semis dropped held the new carrier: what all share is as before, cut by it.
        p.semi_meet = p.semi_meet.and(carrier);
        self.added += 1;
        if p.semi_meet.is_empty() && !p.queued {
            p.queued = true;
            self.or_queue.push_back((x as u16, y as u16));
        }
    }

    /// The AND rule for the full `x-z` leaving the queue, both ways.
    fn and_full(&mut self, x: usize, z: usize, carrier: B) {
        let Some(s) = self.pair_index(x, z) else {
            return;
        };
        let p = &mut self.pairs[s];
        let Some(f) = p.fulls.iter_mut().find(|f| f.0 == carrier && !f.1) else {
            return; // replaced by a smaller one meanwhile
        };
        f.1 = true;
        p.processed_meet = p.processed_meet.and(carrier);
        self.and_through(x, z, carrier);
        self.and_through(z, x, carrier);
    }

    /// The full `x-z` (carrier `a`) joined with each processed full `z-y`.
    fn and_through(&mut self, x: usize, z: usize, a: B) {
        if z == EDGE1 || z == EDGE2 {
            return;
        }
        let through_stone = self.pts.stone[z];
        let a = a.or(self.bit(z));
        let x_bit = self.bit(x);
        let n = self.partners[z].len();
        for i in 0..n {
            if self.done {
                return;
            }
            let (y, s) = self.partners[z][i];
            let (y, s) = (y as usize, s as usize);
            if y == x || a.meets(self.bit(y)) || a.meets(self.pairs[s].processed_meet) {
                continue;
            }
            let mut j = 0;
            while j < self.pairs[s].fulls.len() {
                let (b, processed) = self.pairs[s].fulls[j];
                j += 1;
                if !processed || b.meets(x_bit) || b.meets(a) {
                    continue;
                }
                if through_stone {
                    self.add_full(x, y, a.or(b));
                } else {
                    self.add_semi(x, y, a.or(b), self.pts.cell_of[z]);
                }
            }
        }
    }

    /// The OR rule over the pair's semis (Pawlewicz et al.'s greedy search).
    fn or_semis(&mut self, x: usize, y: usize) {
        let Some(s) = self.pair_index(x, y) else {
            return;
        };
        let board = self.shape.masks.board;
        let mut semis = std::mem::take(&mut self.or_semis);
        let mut found = std::mem::take(&mut self.or_found);
        semis.clear();
        found.clear();
        {
            let p = &mut self.pairs[s];
            p.queued = false;
            semis.extend(p.semis.iter().map(|sm| (sm.carrier, sm.old)));
            for sm in p.semis.iter_mut() {
                sm.old = true;
            }
            let mut cands = p.fulls.iter().fold(board, |m, f| m.and(f.0));
            while !cands.is_empty() {
                semis.retain(|sm| !cands.within(sm.0));
                let meet_new = semis
                    .iter()
                    .filter(|sm| !sm.1)
                    .fold(board, |m, sm| m.and(sm.0));
                cands = cands.andnot(meet_new);
                if cands.is_empty() {
                    break;
                }
                let meet_old = semis
                    .iter()
                    .filter(|sm| sm.1)
                    .fold(board, |m, sm| m.and(sm.0));
                if meet_new.meets(meet_old) {
                    break;
                }
                let a = cands.lowest();
                let without_a = semis
                    .iter()
                    .filter(|sm| !sm.0.has(a))
                    .fold(board, |m, sm| m.and(sm.0));
                if without_a.is_empty() {
                    let (mut meet, mut union) = (board, B::EMPTY);
                    for sm in semis.iter().filter(|sm| !sm.0.has(a)) {
                        if meet.within(sm.0) {
                            continue;
                        }
                        meet = meet.and(sm.0);
                        union = union.or(sm.0);
                        if meet.is_empty() {
                            break;
                        }
                    }
                    found.push(union);
                    cands = cands.and(union);
                } else {
                    cands = cands.without(a);
                }
            }
        }
        for &c in &found {
            self.add_full(x, y, c);
        }
        self.or_semis = semis;
        self.or_found = found;
    }

    /// [`super::hsearch::HSearch::fulls`] for this engine.
    pub fn fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u32)>) {
        out.clear();
        for x in 0..self.pts.count {
            for &(y, s) in &self.partners[x] {
                let y = y as usize;
                if y < x {
                    continue;
                }
                let fulls = &self.pairs[s as usize].fulls;
                if fulls.is_empty() || fulls.iter().any(|f| f.0.is_empty()) {
                    continue;
                }
                let meet = fulls.iter().fold(self.shape.masks.board, |m, f| m.and(f.0));
                out.push((self.end(x), self.end(y), meet.count()));
            }
        }
    }

    fn end(&self, p: usize) -> VcEnd {
        self.pts.end(p)
    }

    /// [`super::hsearch::HSearch::stone_fulls`] for this engine.
    pub fn stone_fulls(&self, out: &mut Vec<(VcEnd, VcEnd, u128)>) {
        out.clear();
        if self.shape.cells > 128 {
            return;
        }
        for x in (0..self.pts.count).filter(|&x| self.pts.stone[x]) {
            for &(y, s) in &self.partners[x] {
                let y = y as usize;
                if y <= x || !self.pts.stone[y] {
                    continue;
                }
                for &(c, _) in &self.pairs[s as usize].fulls {
                    let carrier = c.cells().fold(0u128, |set, cell| set | 1u128 << cell);
                    out.push((self.end(x), self.end(y), carrier));
                }
            }
        }
    }

    /// The full and semi carriers (with their keys) the last build found between two
    /// points, a group named by its lowest cell ([`VcEnd`] as [`Self::fulls`] names them).
    pub fn between(&self, a: VcEnd, b: VcEnd) -> (Vec<B>, Vec<(B, usize)>) {
        let point = |e: VcEnd| match e {
            VcEnd::Edge1 => Some(EDGE1),
            VcEnd::Edge2 => Some(EDGE2),
            VcEnd::Cell(c) => (2..self.pts.count).find(|&p| self.end(p) == VcEnd::Cell(c)),
        };
        let Some(s) = point(a)
            .zip(point(b))
            .and_then(|(x, y)| self.pair_index(x, y))
        else {
            return (Vec::new(), Vec::new());
        };
        let p = &self.pairs[s];
        let semis = p.semis.iter().map(|sm| (sm.carrier, sm.key as usize));
        (p.fulls.iter().map(|f| f.0).collect(), semis.collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::hsearch::tests::{random_stones, wins, xorshift};
    use std::collections::HashMap;

    /// Every edge connection found is real: a full one wins for its owner moving second, a
    /// semi one moving first with its key, and the opponent's winning moves lie in the
    /// must-play region (random positions on 3x3 to 5x5 boards, checked by exact search;
    /// 5x5 positions hold 13 to 17 stones to keep the search small).
    #[test]
    fn edge_connections_are_sound() {
        let mut rand = xorshift(4242);
        let (mut fulls, mut semis, mut regions) = (0, 0, 0);
        for (size, least, most, rounds) in [
            (3usize, 0usize, 4usize, 300),
            (4, 5, 8, 600),
            (5, 13, 17, 300),
        ] {
            let shape = Shape::<u128>::new(size);
            let mut vc = FastVc::<u128>::new(size);
            let mut memo = HashMap::new();
            for round in 0..rounds {
                vc.templates = round % 3 != 0;
                let placed = least + (rand() % (most + 1 - least) as u64) as usize;
                let stones = random_stones(&shape, placed, &mut rand);
                let done = |s: u128, a: u128, b: u128| shape.masks.flood(a & s, s) & b != 0;
                if done(stones[0], shape.masks.top, shape.masks.bottom)
                    || done(stones[1], shape.masks.left, shape.masks.right)
                {
                    continue;
                }
                for black in [true, false] {
                    let me = if black { 0 } else { 1 };
                    let (own, opp, e1, e2) = if black {
                        (stones[0], stones[1], shape.masks.top, shape.masks.bottom)
                    } else {
                        (stones[1], stones[0], shape.masks.left, shape.masks.right)
                    };
                    let r = vc.build(own, opp, e1, e2);
                    if r.full.is_some() {
                        fulls += 1;
                        assert!(
                            !wins(&shape, stones, !black, &mut memo),
                            "full {size} {stones:?} black={black}"
                        );
                    }
                    if let Some((_, key)) = r.semi {
                        semis += 1;
                        let mut next = stones;
                        next[me] |= 1 << key;
                        assert!(
                            done(next[me], e1, e2) || !wins(&shape, next, !black, &mut memo),
                            "semi key {key} {size} {stones:?} black={black}"
                        );
                    }
                    if let (Some(must), None) = (r.must_play, r.full) {
                        regions += 1;
                        let empty = shape.masks.board & !(stones[0] | stones[1]);
                        for c in empty.cells().filter(|&c| !must.has(c)) {
                            let mut next = stones;
                            next[1 - me] |= 1 << c;
                            let (o, a, b) = if black {
                                (next[1], shape.masks.left, shape.masks.right)
                            } else {
                                (next[0], shape.masks.top, shape.masks.bottom)
                            };
                            assert!(
                                !done(o, a, b) && wins(&shape, next, black, &mut memo),
                                "must-play misses {c}: {size} {stones:?} black={black}"
                            );
                        }
                    }
                }
            }
        }
        assert!(
            fulls > 100 && semis > 100 && regions > 50,
            "fulls {fulls} semis {semis} regions {regions}"
        );
    }
}

#[cfg(test)]
mod named {
    use super::*;

    /// A lone Black stone on the third row of 5x5 (c3) reaches the bottom edge by a
    /// ziggurat (a full connection of 8 cells with the templates, found by the rules without
    /// them too), and the empty cell c4 below it is joined to c3 by adjacency only.
    #[test]
    fn between_names_the_ziggurat() {
        for templates in [true, false] {
            let mut vc = FastVc::<u128>::new(5);
            vc.templates = templates;
            let shape = vc.shape.clone();
            let c3 = 2 * 5 + 2;
            vc.build(1 << c3, 0, shape.masks.top, shape.masks.bottom);
            let (fulls, _) = vc.between(VcEnd::Cell(c3 as u8), VcEnd::Edge2);
            assert!(
                fulls
                    .iter()
                    .any(|c| c.count() == 8 && c & shape.masks.bottom != 0),
                "templates {templates}: {fulls:?}"
            );
            let (fulls, semis) = vc.between(VcEnd::Cell(c3 as u8), VcEnd::Cell(c3 as u8 + 5));
            assert_eq!((fulls, semis.len()), (vec![0], 0));
        }
    }
}

#[cfg(test)]
mod exact {
    use super::*;
    use crate::hex::hsearch::tests::{random_stones, xorshift};
    use std::collections::HashMap;

    /// Does the player join `ends` (two seeds) playing second inside `carrier`, with his
    /// stones `own` (the endpoints' cells counted as his) and each seed an edge row or a set
    /// of cells? An edge seed is reached by a stone on its row.
    fn joins(
        shape: &Shape<u128>,
        own: u128,
        ends: [u128; 2],
        free: u128,
        player_to_move: bool,
        memo: &mut HashMap<(u128, u128, bool), bool>,
    ) -> bool {
        let reached = shape.masks.flood(ends[0] & own, own);
        if reached & ends[1] != 0 {
            return true;
        }
        if free == 0 {
            return false;
        }
        if let Some(&v) = memo.get(&(own, free, player_to_move)) {
            return v;
        }
        let v = if player_to_move {
            free.cells()
                .any(|c| joins(shape, own | 1 << c, ends, free & !(1 << c), false, memo))
        } else {
            free.cells()
                .all(|c| joins(shape, own, ends, free & !(1 << c), true, memo))
        };
        memo.insert((own, free, player_to_move), v);
        v
    }

    /// Every connection the engine keeps between any two points is real (random 4x4 and 5x5
    /// positions, carriers of up to 9 cells, exact search inside the carrier).
    #[test]
    fn every_connection_is_sound() {
        let mut rand = xorshift(99);
        let (mut fulls, mut semis) = (0, 0);
        for (size, least, most) in [(4usize, 2usize, 8usize), (5, 6, 14)] {
            let shape = Shape::<u128>::new(size);
            let mut vc = FastVc::<u128>::new(size);
            for _ in 0..150 {
                let placed = least + (rand() % (most + 1 - least) as u64) as usize;
                let stones = random_stones(&shape, placed, &mut rand);
                for black in [true, false] {
                    let (own, opp, e1, e2) = if black {
                        (stones[0], stones[1], shape.masks.top, shape.masks.bottom)
                    } else {
                        (stones[1], stones[0], shape.masks.left, shape.masks.right)
                    };
                    if vc.build(own, opp, e1, e2).connected {
                        continue;
                    }
                    let seed_of = |p: usize| -> u128 {
                        match p {
                            EDGE1 => e1,
                            EDGE2 => e2,
                            _ if vc.pts.stone[p] => shape.masks.flood(1 << vc.pts.rep[p], own),
                            _ => 1 << vc.pts.cell_of[p],
                        }
                    };
                    for x in 0..vc.pts.count {
                        for &(y, s) in &vc.partners[x] {
                            let y = y as usize;
                            if y < x {
                                continue;
                            }
                            let ends = [seed_of(x), seed_of(y)];
                            let mut base = own;
                            for p in [x, y] {
                                if !vc.pts.stone[p] {
                                    base |= 1 << vc.pts.cell_of[p];
                                }
                            }
                            let pair = &vc.pairs[s as usize];
                            let mut memo = HashMap::new();
                            for &(c, _) in pair.fulls.iter().filter(|f| f.0.count() <= 9) {
                                fulls += 1;
                                assert!(
                                    joins(&shape, base, ends, c, false, &mut memo),
                                    "full {x}-{y} {c:b} in {size} {stones:?} black={black}"
                                );
                            }
                            for sm in pair.semis.iter().filter(|sm| sm.carrier.count() <= 9) {
                                semis += 1;
                                let k = 1u128 << sm.key;
                                assert!(
                                    sm.carrier & k != 0
                                        && joins(
                                            &shape,
                                            base | k,
                                            ends,
                                            sm.carrier & !k,
                                            false,
                                            &mut memo
                                        ),
                                    "semi {x}-{y} key {} {:b} in {size} {stones:?} black={black}",
                                    sm.key,
                                    sm.carrier
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(fulls > 1000 && semis > 1000, "fulls {fulls} semis {semis}");
    }
}
