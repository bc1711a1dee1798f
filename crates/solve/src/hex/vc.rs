//! Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex",
//! Artificial Intelligence 134, 2002).
//!
//! Points are the empty cells, the player's chains (each one point) and the player's two
//! edges. A *full* connection between two points with carrier `C` (a set of empty cells)
//! means the player joins them even moving second, playing only inside `C`; a *semi*
//! connection means they join them moving first (its carrier includes the key move).
//! - Base: adjacent points are fully connected with an empty carrier.
//! - AND: full `x-z` (carrier A) and full `z-y` (carrier B) with A, B disjoint and free of
//!   the endpoints give full `x-y` (carrier A+B) if `z` is a chain or an edge, and semi
//!   `x-y` (carrier A+B+z, key z) if `z` is an empty cell.
//! - OR: semis `x-y` whose carriers have an empty common part give full `x-y` with the union
//!   of their carriers (the opponent cannot break them all with one stone).
//!
//! This finds bridges, edge templates II-IV and their combinations. Lists are capped per
//! pair ([`MAX_FULL`], [`MAX_SEMI`]), so H-search is sound but not complete. Results used
//! by the solver: an edge-to-edge full connection wins for its owner whoever moves; an
//! edge-to-edge semi wins for its owner if they move; the opponent of a player with
//! edge-to-edge semis must play inside the intersection of their carriers.

use super::board::{cells, Board, Masks};
use poda_core::Player;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

/// Pair keys are two small numbers; one multiplication spreads them over all 64 bits (the
/// table reads the top bits too).
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = ((self.0 << 8) | b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u16(&mut self, v: u16) {
        self.0 = (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type PairMap = HashMap<u16, Pair, BuildHasherDefault<PairHasher>>;

/// Full connections kept per pair of points.
pub const MAX_FULL: usize = 8;
/// Semi connections kept per pair of points.
pub const MAX_SEMI: usize = 16;
/// Deepest recursion of the OR rule.
const MAX_OR_DEPTH: usize = 4;

/// The two edge points (cells are below 121).
pub const EDGE1: u8 = 126;
pub const EDGE2: u8 = 127;

#[derive(Default)]
struct Pair {
    full: Vec<u128>,
    semi: Vec<u128>,
}

/// The connections of one player in one position.
pub struct Connections {
    pairs: PairMap,
    partners: Vec<Vec<u8>>,
    occupied: [bool; 128],
}

/// What the solver needs from H-search for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeSummary {
    /// The player's edges are fully connected (they win whoever moves).
    pub full: bool,
    /// The player's edges are semi-connected: the intersection of all the semi carriers
    /// (`None` when there are none). Moving first, the player wins.
    pub semi_must: Option<u128>,
}

impl Connections {
    /// Runs H-search for `player` in `board`.
    pub fn compute(board: &Board, masks: &Masks, player: Player) -> Connections {
        let own = board.stones[player.index()];
        let opp = board.stones[player.opponent().index()];
        let empty = board.empty(masks);
        let (edge1, edge2) = masks.edges(player);
        // Points: chains keyed by their lowest cell, empty cells, the two edges.
        let mut point_of = [u8::MAX; 128];
        let mut groups: Vec<(u8, u128)> = Vec::new();
        let mut left = own;
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let group = masks.flood(seed, own);
            let rep = group.trailing_zeros() as u8;
            for c in cells(group) {
                point_of[c as usize] = rep;
            }
            groups.push((rep, group));
            left &= !group;
        }
        for c in cells(empty) {
            point_of[c as usize] = c as u8;
        }
        let mut conn = Connections {
            pairs: PairMap::default(),
            partners: vec![Vec::new(); 128],
            occupied: [false; 128],
        };
        for &(rep, _) in &groups {
            conn.occupied[rep as usize] = true;
        }
        conn.occupied[EDGE1 as usize] = true;
        conn.occupied[EDGE2 as usize] = true;
        let mut queue = VecDeque::new();
        // Base connections: each point with the points next to it (and the edges).
        let mut areas: Vec<(u8, u128)> = groups.clone();
        areas.extend(cells(empty).map(|c| (c as u8, 1u128 << c)));
        for &(p, area) in &areas {
            let around = masks.expand(area) & !area & !opp;
            for c in cells(around) {
                let q = point_of[c as usize];
                if q != u8::MAX && p < q {
                    conn.add_full(p, q, 0, &mut queue);
                }
            }
            if area & edge1 != 0 {
                conn.add_full(p, EDGE1, 0, &mut queue);
            }
            if area & edge2 != 0 {
                conn.add_full(p, EDGE2, 0, &mut queue);
            }
        }
        while let Some((x, y, carrier)) = queue.pop_front() {
            conn.and_rule(x, y, carrier, &mut queue);
            conn.and_rule(y, x, carrier, &mut queue);
        }
        conn
    }

    /// The bit of a point if it is an empty cell (endpoints must stay out of carriers).
    #[inline]
    fn cell_bit(&self, p: u8) -> u128 {
        if self.occupied[p as usize] {
            0
        } else {
            1u128 << p
        }
    }

    fn key(a: u8, b: u8) -> u16 {
        if a < b {
            (a as u16) << 8 | b as u16
        } else {
            (b as u16) << 8 | a as u16
        }
    }

    /// Combines the new full `end-mid` (carrier `a`) with every full `mid-y`.
    fn and_rule(&mut self, end: u8, mid: u8, a: u128, queue: &mut VecDeque<(u8, u8, u128)>) {
        let mid_bit = self.cell_bit(mid);
        let end_bit = self.cell_bit(end);
        let mut i = 0;
        // Partners added meanwhile are visited too; their own connections are queued anyway.
        while i < self.partners[mid as usize].len() {
            let y = self.partners[mid as usize][i];
            i += 1;
            if y == end {
                continue;
            }
            let y_bit = self.cell_bit(y);
            if a & y_bit != 0 {
                continue;
            }
            let mut fulls = [0u128; MAX_FULL];
            let count = match self.pairs.get(&Self::key(mid, y)) {
                Some(pair) => {
                    fulls[..pair.full.len()].copy_from_slice(&pair.full);
                    pair.full.len()
                }
                None => continue,
            };
            for &b in &fulls[..count] {
                if a & b != 0 || b & end_bit != 0 {
                    continue;
                }
                if mid_bit == 0 {
                    self.add_full(end, y, a | b, queue);
                } else {
                    self.add_semi(end, y, a | b | mid_bit, queue);
                }
            }
        }
    }

    fn add_full(&mut self, x: u8, y: u8, carrier: u128, queue: &mut VecDeque<(u8, u8, u128)>) {
        let k = Self::key(x, y);
        let pair = self.pairs.entry(k).or_default();
        if pair.full.len() >= MAX_FULL || pair.full.iter().any(|&c| subset(c, carrier)) {
            return;
        }
        let fresh = pair.full.is_empty() && pair.semi.is_empty();
        pair.full.retain(|&c| c & carrier != carrier);
        pair.full.push(carrier);
        if fresh {
            self.partners[x as usize].push(y);
            self.partners[y as usize].push(x);
        }
        queue.push_back(((k >> 8) as u8, k as u8, carrier));
    }

    fn add_semi(&mut self, x: u8, y: u8, carrier: u128, queue: &mut VecDeque<(u8, u8, u128)>) {
        let k = Self::key(x, y);
        let pair = self.pairs.entry(k).or_default();
        if pair.semi.len() >= MAX_SEMI
            || pair.full.iter().any(|&c| subset(c, carrier))
            || pair.semi.iter().any(|&c| subset(c, carrier))
        {
            return;
        }
        let fresh = pair.full.is_empty() && pair.semi.is_empty();
        pair.semi.retain(|&c| c & carrier != carrier);
        pair.semi.push(carrier);
        if fresh {
            self.partners[x as usize].push(y);
            self.partners[y as usize].push(x);
        }
        // OR rule: the new semi with subsets of the others.
        let semis = pair.semi.clone();
        let mut found = Vec::new();
        or_rule(&semis, 0, carrier, carrier, 1, &mut found);
        for c in found {
            self.add_full((k >> 8) as u8, k as u8, c, queue);
        }
    }

    /// The connections between the player's edges.
    pub fn edges(&self) -> EdgeSummary {
        match self.pairs.get(&Self::key(EDGE1, EDGE2)) {
            None => EdgeSummary {
                full: false,
                semi_must: None,
            },
            Some(pair) => EdgeSummary {
                full: !pair.full.is_empty(),
                semi_must: (!pair.semi.is_empty())
                    .then(|| pair.semi.iter().fold(u128::MAX, |m, &c| m & c)),
            },
        }
    }
}

/// True if every cell of `a` is in `b`.
#[inline]
fn subset(a: u128, b: u128) -> bool {
    a & b == a
}

/// Unions of `union` with semis from `start` on whose common part with `inter` is empty.
fn or_rule(
    semis: &[u128],
    start: usize,
    union: u128,
    inter: u128,
    depth: usize,
    out: &mut Vec<u128>,
) {
    for j in start..semis.len() {
        let i2 = inter & semis[j];
        if i2 == inter {
            continue; // no progress (this semi, or one containing the common part)
        }
        let u2 = union | semis[j];
        if i2 == 0 {
            out.push(u2);
        } else if depth < MAX_OR_DEPTH {
            or_rule(semis, j + 1, u2, i2, depth + 1, out);
        }
    }
}
