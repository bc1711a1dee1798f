//! Fill-in by decomposition: a pocket of empty cells that a player's stones can only use to
//! join two of his groups, and that already holds a full connection between those two, is
//! his to fill (Henderson, "Playing and solving Hex", PhD thesis, Alberta 2010, the
//! combinatorial decompositions; benzene's solver fills them, `use_decompositions`).
//!
//! A *pocket* is a connected set of empty cells with no empty neighbour outside it: all
//! around it are stones and edges. Let X's things (groups, and X's edges with the groups
//! that touch them) next to the pocket be at most two, `A` and `B`, and let X have a full
//! connection between `A` and `B` whose carrier lies in the pocket (from H-search). Then
//! filling the pocket with X keeps the value of the position:
//!
//! - more X stones never hurt X;
//! - if X wins with the pocket filled, X wins without: X plays that winning strategy, and
//!   answers Y's moves in the pocket inside it so as to keep the connection between `A`
//!   and `B`. At the end, X's winning chain of the filled board crosses the pocket only
//!   between things next to it, that is between `A` and `B` (no empty cell outside the
//!   pocket touches it, so nothing new can reach it later), and X's kept connection makes
//!   the same link.
//!
//! More things work the same way when connections with pairwise disjoint carriers in the
//! pocket join them all (X keeps each by answering inside it). With one X thing or none
//! next to the pocket the argument needs no connection: the pocket can only join that
//! thing to itself. The fill persists while play stays outside the pocket (a stone outside
//! can only merge the things around it), so a proof that rests on it rests on the pocket's
//! cells staying empty: they join its proof set.
//!
//! Pockets of both players are filled at once: they are apart (two pockets that touched
//! would be one), and filling one changes no connection inside another and can only merge
//! the things next to it.

use super::board::{Board, Masks};
use super::hsearch::VcEnd;
use poda_core::Player;

/// A player's thing: the stones of a group (with an edge, the groups touching it) and the
/// edge's row (empty for a group).
#[derive(Clone, Copy)]
struct Thing {
    stones: u128,
    row: u128,
}

impl Thing {
    /// Whether a pocket touches the thing.
    fn touches(&self, masks: &Masks, pocket: u128) -> bool {
        pocket & self.row != 0 || masks.expand(pocket) & self.stones != 0
    }
}

/// The player's things: the first edge's, the second edge's, then the other groups.
fn things(board: &Board, masks: &Masks, player: Player) -> Vec<Thing> {
    let own = board.stones[player.index()];
    let (e1, e2) = masks.edges(player);
    let mut out = vec![
        Thing {
            stones: masks.flood(e1 & own, own),
            row: e1,
        },
        Thing {
            stones: masks.flood(e2 & own, own),
            row: e2,
        },
    ];
    let mut rest = own & !out[0].stones & !out[1].stones;
    while rest != 0 {
        let group = masks.flood(rest & rest.wrapping_neg(), own);
        rest &= !group;
        out.push(Thing {
            stones: group,
            row: 0,
        });
    }
    out
}

/// The pockets of one player in a position, before the connections are read: those next
/// to at most one of his things (his already) and those next to two to [`MAX_THINGS`]
/// (his if connections join the things).
pub struct Pockets {
    things: Vec<Thing>,
    /// The pockets next to one thing or none.
    free: u128,
    /// The other candidates: the pocket and the things next to it.
    open: Vec<(u128, Vec<usize>)>,
}

impl Pockets {
    /// Finds `player`'s pockets in `board`.
    pub fn new(board: &Board, masks: &Masks, player: Player) -> Pockets {
        let empty = board.empty(masks);
        let things = things(board, masks, player);
        let (mut free, mut open) = (0, Vec::new());
        let mut rest = empty;
        while rest != 0 {
            let pocket = masks.flood(rest & rest.wrapping_neg(), empty);
            rest &= !pocket;
            let next_to: Vec<usize> = (0..things.len())
                .filter(|&i| things[i].touches(masks, pocket))
                .take(MAX_THINGS + 1)
                .collect();
            match next_to.len() {
                0 | 1 => free |= pocket,
                n if n <= MAX_THINGS => open.push((pocket, next_to)),
                _ => {}
            }
        }
        Pockets { things, free, open }
    }

    /// Whether a pocket waits for the connections (else [`Pockets::fill`] needs none).
    pub fn needs_connections(&self) -> bool {
        !self.open.is_empty()
    }

    /// The cells the player may fill, given the full connections H-search found between
    /// his stone points (`fulls`, as [`super::engine::Engine::stone_fulls`] gives them).
    pub fn fill(&self, fulls: &[(VcEnd, VcEnd, u128)]) -> u128 {
        // A connection's end as the index of its thing.
        let thing_of = |end: VcEnd| match end {
            VcEnd::Edge1 => Some(0),
            VcEnd::Edge2 => Some(1),
            VcEnd::Cell(c) => self.things.iter().position(|t| t.stones >> c & 1 == 1),
        };
        let mut out = self.free;
        let mut links: Vec<(usize, usize, u128)> = Vec::new();
        for (pocket, next_to) in &self.open {
            // The connections inside the pocket, as positions in `next_to`.
            links.clear();
            for &(x, y, carrier) in fulls {
                if carrier & !pocket != 0 {
                    continue;
                }
                let place = |end| thing_of(end).and_then(|t| next_to.iter().position(|&n| n == t));
                if let (Some(a), Some(b)) = (place(x), place(y)) {
                    links.push((a, b, carrier));
                }
            }
            if spans(1, 0, next_to.len(), &links) {
                out |= pocket;
            }
        }
        out
    }
}

/// The empty cells `player` may fill by decomposition in `board`, given the full
/// connections H-search found between his stone points (`fulls`, as
/// [`super::engine::Engine::stone_fulls`] gives them).
pub fn pockets(
    board: &Board,
    masks: &Masks,
    player: Player,
    fulls: &[(VcEnd, VcEnd, u128)],
) -> u128 {
    Pockets::new(board, masks, player).fill(fulls)
}

/// A carrier `player` may fill by Henderson's combinatorial decomposition, in the form
/// benzene's `Decompositions::Find` looks for it: a full connection between two of his
/// things `A` and `B` (`fulls`, as [`super::engine::Engine::stone_fulls`] gives them) whose
/// carrier lies where his other edges cannot reach, going through empty cells and his
/// stones, without first stepping next to `A` or `B`. The first such carrier found.
///
/// Filling the carrier keeps the value: if he wins with it filled, he wins without by the
/// same strategy, answering each intrusion into the carrier inside it. His winning chain of
/// the filled board can enter the unreached region only from `A`, `B` or a cell next to
/// them (those cells join them when they are his), so every part of it inside the region
/// runs from `A` or `B` to `A` or `B`, and the kept connection makes the same link. A move
/// outside the carrier keeps the carrier unreached and the connection whole, so the fill
/// holds until play enters it (unlike a pocket, the region may border empty cells).
pub fn enclosed_carrier(
    board: &Board,
    masks: &Masks,
    player: Player,
    fulls: &[(VcEnd, VcEnd, u128)],
) -> Option<u128> {
    let own = board.stones[player.index()];
    let empty = board.empty(masks);
    let things = things(board, masks, player);
    let thing_of = |end: VcEnd| match end {
        VcEnd::Edge1 => Some(0),
        VcEnd::Edge2 => Some(1),
        VcEnd::Cell(c) => things.iter().position(|t| t.stones >> c & 1 == 1),
    };
    for &(x, y, carrier) in fulls {
        let (Some(a), Some(b)) = (thing_of(x), thing_of(y)) else {
            continue;
        };
        if a == b || a.max(b) < 2 || carrier == 0 || carrier & !empty != 0 {
            continue;
        }
        let (ta, tb) = (&things[a], &things[b]);
        let joined = ta.stones | tb.stones;
        let passable = (empty | own) & !joined;
        // Cells next to A or B: reached, but not passed through.
        let stop = (masks.expand(joined) | ta.row | tb.row) & passable;
        let mut reached = 0u128;
        for edge in [0, 1].into_iter().filter(|&e| e != a && e != b) {
            reached |= (things[edge].row | things[edge].stones) & passable;
        }
        loop {
            let next = reached | (masks.expand(reached & !stop) & passable);
            if next == reached {
                break;
            }
            reached = next;
        }
        if carrier & reached == 0 {
            return Some(carrier);
        }
    }
    None
}

/// Most things next to a pocket the search for connections joining them takes on.
const MAX_THINGS: usize = 4;

/// Whether connections with pairwise disjoint carriers (none meeting `used`) join the
/// things of `joined` (a bit set over the `n` things) to all the others. X keeps them all
/// at once: each intrusion is answered inside the carrier it enters.
fn spans(joined: u32, used: u128, n: usize, links: &[(usize, usize, u128)]) -> bool {
    if joined == (1 << n) - 1 {
        return true;
    }
    links.iter().any(|&(a, b, carrier)| {
        let (ia, ib) = (joined >> a & 1 == 1, joined >> b & 1 == 1);
        ia != ib && carrier & used == 0 && spans(joined | 1 << a | 1 << b, used | carrier, n, links)
    })
}

/// Both players' pockets (`found`, by player index), each filled with its player's stones
/// (a pocket both may fill goes to `first`): the board after, and the cells filled.
pub fn fill_pockets(board: &Board, found: [u128; 2], first: Player) -> (Board, u128) {
    let mut out = *board;
    let mine = found[first.index()];
    let theirs = found[first.opponent().index()] & !mine;
    out.stones[first.index()] |= mine;
    out.stones[first.opponent().index()] |= theirs;
    (out, mine | theirs)
}
