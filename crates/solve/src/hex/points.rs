//! What both connection builders ([`super::hsearch`]'s H-search and [`super::fastvc`]'s
//! FastVC search) share: the board shape as cell sets, one build's points (the player's
//! edges with the groups touching them, his other groups, the empty cells), the edge
//! templates that seed a build ([`super::templates`]), the table of each pair of points'
//! entry, and the report on the edges.

use super::bits::Bits;
use super::board::MasksOf;
use super::templates::{placements, Edge};

/// The two edge points.
pub const EDGE1: usize = 0;
pub const EDGE2: usize = 1;

/// A board shape for the connection builders: the board's masks ([`MasksOf`]: the board, the
/// edge rows, and the shift-based `expand` and `flood`, which the solver's board uses too)
/// and a table of each cell's neighbours, for the builders' many questions about one cell.
#[derive(Clone, Debug)]
pub struct Shape<B> {
    pub masks: MasksOf<B>,
    pub size: usize,
    pub cells: usize,
    /// Neighbours of each cell.
    pub nbr: Vec<B>,
}

impl<B: Bits> Shape<B> {
    /// The shape of a board of side `size` (its cells must fit in `B`).
    pub fn new(size: usize) -> Shape<B> {
        let masks = MasksOf::new(size as u32);
        let nbr = (0..size * size)
            .map(|c| masks.expand(B::bit(c)).without(c))
            .collect();
        Shape {
            masks,
            size,
            cells: size * size,
            nbr,
        }
    }
}

/// Where each pair of points keeps its entry in the current build: one slot per unordered
/// pair, stamped with the build that made it live. A new build forgets every pair by moving
/// the stamp on (the table is wiped only when the stamp wraps round), so the thousands of
/// slots are not cleared build after build.
#[derive(Clone, Debug)]
pub struct PairSlots {
    stamp: u32,
    points: usize,
    slots: Vec<(u32, u32)>,
}

impl PairSlots {
    /// The table for builds of at most `points` points.
    pub fn new(points: usize) -> PairSlots {
        PairSlots {
            stamp: 0,
            points,
            slots: vec![(0, 0); points * points],
        }
    }

    /// Forgets every pair: a new build starts.
    pub fn next_build(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
    }

    /// The slot of the pair `a`, `b` (either order).
    #[inline]
    pub fn slot(&self, a: usize, b: usize) -> usize {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        a * self.points + b
    }

    /// The entry of the pair in `slot`, if it is live in this build.
    #[inline]
    pub fn get(&self, slot: usize) -> Option<usize> {
        let (stamp, entry) = self.slots[slot];
        (stamp == self.stamp).then_some(entry as usize)
    }

    /// Makes the pair in `slot` live in this build, at `entry`.
    #[inline]
    pub fn set(&mut self, slot: usize, entry: usize) {
        self.slots[slot] = (self.stamp, entry as u32);
    }
}

/// What a build says about the player's two edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeVcs<B> {
    /// The player's stones already join the edges.
    pub connected: bool,
    /// A full edge-to-edge connection: the player wins moving second.
    pub full: Option<B>,
    /// The smallest semi edge-to-edge connection's carrier and key: the player wins moving
    /// first by playing the key.
    pub semi: Option<(B, usize)>,
    /// The intersection of the semi carriers found (the opponent's must-play region when it
    /// is the opponent to move); `None` without semis.
    pub must_play: Option<B>,
    /// The union of the semi carriers found (what the must-play region rests on).
    pub semi_union: B,
}

impl<B: Bits> EdgeVcs<B> {
    /// No connection between the edges (yet).
    pub fn none() -> EdgeVcs<B> {
        EdgeVcs {
            connected: false,
            full: None,
            semi: None,
            must_play: None,
            semi_union: B::EMPTY,
        }
    }

    /// The player's stones join his edges already.
    pub fn joined() -> EdgeVcs<B> {
        EdgeVcs {
            connected: true,
            ..EdgeVcs::none()
        }
    }

    /// The same report in another set type (the cells are the same).
    pub fn map<C>(self, f: impl Fn(B) -> C) -> EdgeVcs<C> {
        EdgeVcs {
            connected: self.connected,
            full: self.full.map(&f),
            semi: self.semi.map(|(c, k)| (f(c), k)),
            must_play: self.must_play.map(&f),
            semi_union: f(self.semi_union),
        }
    }
}

/// One end of a connection reported by [`super::hsearch::HSearch::fulls`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VcEnd {
    Edge1,
    Edge2,
    /// An empty cell, or a cell of a group.
    Cell(u8),
}

/// Every placement of the edge templates against one edge.
pub(super) struct EdgeTemplates<B> {
    /// The edge's cells.
    pub(super) row: B,
    /// (anchor, stones, carrier), smallest carrier first at each anchor. A template proves
    /// that its anchor reaches the edge (its other stones need not).
    list: Vec<(usize, B, B)>,
    /// The one-stone placements with their stone on each cell.
    alone: Vec<Vec<u32>>,
    /// The placements of several stones that have one on each cell.
    with_others: Vec<Vec<u32>>,
}

/// A connection an edge template gives: `(point, edge, carrier, key)`, a semi when it has
/// a key.
pub(super) type Seed<B> = (usize, usize, B, Option<usize>);

/// One build's points: the player's two edges (each with the groups touching it), his
/// other groups, then the empty cells; what both connection builders start from.
pub(super) struct Points<B> {
    pub count: usize,
    /// Whether each point is a group or an edge (carries a connection through itself).
    pub stone: Vec<bool>,
    /// The cell of each empty-cell point (`usize::MAX` for the others).
    pub cell_of: Vec<usize>,
    /// A cell of each group point (its lowest), to name it.
    pub rep: Vec<usize>,
    /// (stone area, empty cells it touches) of each point.
    pub areas: Vec<(B, B)>,
    /// The points that are groups or edges: `0..groups`.
    pub groups: usize,
    /// The point of each empty cell.
    pub point_of_cell: Vec<usize>,
}

impl<B: Bits> Points<B> {
    pub(super) fn new(shape: &Shape<B>) -> Points<B> {
        let max_points = shape.cells + 2;
        Points {
            count: 0,
            stone: vec![false; max_points],
            cell_of: vec![usize::MAX; max_points],
            rep: vec![usize::MAX; max_points],
            areas: Vec::with_capacity(max_points),
            groups: 0,
            point_of_cell: vec![usize::MAX; shape.cells],
        }
    }

    /// Lays out the points of the player with stones `own` against `opp` and edge rows
    /// `edge1`, `edge2`; false if his stones join the edges already.
    fn lay_out(&mut self, shape: &Shape<B>, own: B, opp: B, edge1: B, edge2: B) -> bool {
        let empty = shape.masks.board.andnot(own).andnot(opp);
        let reach1 = shape.masks.flood(edge1.and(own), own);
        let reach2 = shape.masks.flood(edge2.and(own), own);
        if reach1.meets(reach2) {
            return false;
        }
        let areas = &mut self.areas;
        areas.clear();
        areas.push((reach1, shape.masks.expand(reach1).or(edge1).and(empty)));
        areas.push((reach2, shape.masks.expand(reach2).or(edge2).and(empty)));
        let mut rest = own.andnot(reach1).andnot(reach2);
        while !rest.is_empty() {
            let group = shape.masks.flood(B::bit(rest.lowest()), own);
            rest = rest.andnot(group);
            areas.push((group, shape.masks.expand(group).and(empty)));
        }
        self.groups = areas.len();
        for c in empty.cells() {
            self.point_of_cell[c] = areas.len();
            areas.push((B::EMPTY, shape.nbr[c].and(empty)));
        }
        self.count = areas.len();
        for p in 0..self.count {
            self.stone[p] = p < self.groups;
            self.cell_of[p] = usize::MAX;
        }
        for c in empty.cells() {
            self.cell_of[self.point_of_cell[c]] = c;
        }
        for p in 2..self.groups {
            self.rep[p] = self.areas[p].0.lowest();
        }
        true
    }

    /// The cell bit of a point if it is an empty cell (endpoints stay out of carriers).
    #[inline]
    pub(super) fn bit(&self, p: usize) -> B {
        match self.cell_of[p] {
            usize::MAX => B::EMPTY,
            c => B::bit(c),
        }
    }

    /// A point's name: an edge, or a cell of it.
    pub(super) fn end(&self, p: usize) -> VcEnd {
        match p {
            EDGE1 => VcEnd::Edge1,
            EDGE2 => VcEnd::Edge2,
            _ if self.stone[p] => VcEnd::Cell(self.rep[p] as u8),
            _ => VcEnd::Cell(self.cell_of[p] as u8),
        }
    }

    /// Lays out the points ([`Self::lay_out`]; false if the edges are joined already) and
    /// puts in `out` the connections a build starts from: the touching points, each pair
    /// once with an empty carrier, then what the edge templates give (with `templates`, the
    /// placements of [`EdgeTemplates::all`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn begin(
        &mut self,
        shape: &Shape<B>,
        templates: Option<&[EdgeTemplates<B>]>,
        own: B,
        opp: B,
        edge1: B,
        edge2: B,
        out: &mut Vec<Seed<B>>,
    ) -> bool {
        out.clear();
        if !self.lay_out(shape, own, opp, edge1, edge2) {
            return false;
        }
        for p in 0..self.count {
            for c in self.areas[p].1.cells() {
                let q = self.point_of_cell[c];
                if q != p && (p < self.groups || p < q) {
                    out.push((p, q, B::EMPTY, None));
                }
            }
        }
        for (edge, row) in [(EDGE1, edge1), (EDGE2, edge2)] {
            if let Some(t) = templates.and_then(|ts| ts.iter().find(|t| t.row == row)) {
                t.seeds(edge, shape, self, own, opp, out);
            }
        }
        true
    }
}

impl<B: Bits> EdgeTemplates<B> {
    /// The placements against each of the four edges of the shape.
    pub(super) fn all(shape: &Shape<B>) -> Vec<EdgeTemplates<B>> {
        let mut out = Vec::new();
        for (edge, row) in [
            (Edge::Top, shape.masks.top),
            (Edge::Bottom, shape.masks.bottom),
            (Edge::Left, shape.masks.left),
            (Edge::Right, shape.masks.right),
        ] {
            let set = |cells: &[usize]| cells.iter().fold(B::EMPTY, |s, &i| s.with(i));
            let mut templates = EdgeTemplates {
                row,
                list: Vec::new(),
                alone: vec![Vec::new(); shape.cells],
                with_others: vec![Vec::new(); shape.cells],
            };
            for (anchor, list) in placements(shape.size, edge).into_iter().enumerate() {
                for p in list {
                    let id = templates.list.len() as u32;
                    let stones = set(&p.stones).with(anchor);
                    templates.list.push((anchor, stones, set(&p.carrier)));
                    if p.stones.is_empty() {
                        templates.alone[anchor].push(id);
                    } else {
                        for c in stones.cells() {
                            templates.with_others[c].push(id);
                        }
                    }
                }
            }
            out.push(templates);
        }
        out
    }

    /// Connections to the edge point `edge` (whose cells are this placement's row) from the
    /// templates whose carrier is free of the opponent (a template proves that its anchor
    /// reaches the edge when its stones are the player's; its other stones need not):
    /// - a one-stone template: a full from the point owning the anchor (an empty cell's point
    ///   counts as the player's stone);
    /// - a template of several stones, all the player's: a full from the anchor's group;
    /// - all but the anchor, an empty cell: a full from the anchor's point;
    /// - all but one other stone, an empty cell: a semi from the anchor's group with that
    ///   cell as its key, and a full from that cell's point when it touches the anchor.
    ///
    /// Carriers are the template's empty cells (and the key).
    pub(super) fn seeds(
        &self,
        edge: usize,
        shape: &Shape<B>,
        pts: &Points<B>,
        own: B,
        opp: B,
        out: &mut Vec<Seed<B>>,
    ) {
        let empty = shape.masks.board.andnot(own).andnot(opp);
        for p in 0..pts.count {
            if p == edge {
                continue;
            }
            let cells = if pts.stone[p] {
                pts.areas[p].0
            } else {
                B::bit(pts.cell_of[p])
            };
            for c in cells.cells() {
                for &id in &self.alone[c] {
                    let carrier = self.list[id as usize].2;
                    if !carrier.meets(opp) {
                        out.push((p, edge, carrier.andnot(own), None));
                    }
                }
            }
        }
        // Several stones: reached from the player's stones on them; the connection starts
        // from the anchor, so it is added when `s` is the anchor (or the anchor is missing).
        for s in own.cells() {
            let group = (0..pts.areas.len())
                .find(|&g| pts.areas[g].0.has(s))
                .filter(|&g| g != edge);
            for &id in &self.with_others[s] {
                let (anchor, stones, carrier) = self.list[id as usize];
                if carrier.meets(opp) {
                    continue;
                }
                let missing = stones.andnot(own);
                let rest = carrier.andnot(own);
                if missing.is_empty() {
                    if let (true, Some(g)) = (s == anchor, group) {
                        out.push((g, edge, rest, None));
                    }
                } else if missing.count() == 1 && missing.within(empty) {
                    let m = missing.lowest();
                    if m == anchor {
                        out.push((pts.point_of_cell[m], edge, rest, None));
                    } else if s == anchor {
                        if let Some(g) = group {
                            out.push((g, edge, rest.with(m), Some(m)));
                        }
                        if shape.nbr[m].has(anchor) {
                            out.push((pts.point_of_cell[m], edge, rest, None));
                        }
                    }
                }
            }
        }
    }
}
