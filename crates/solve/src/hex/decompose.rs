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
//! With one X thing or none next to the pocket the argument needs no connection: the
//! pocket can only join that thing to itself. The fill persists while play stays outside
//! the pocket (a stone outside can only merge the things around it), so a proof that rests
//! on it rests on the pocket's cells staying empty: they join its proof set.

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

/// The empty cells `player` may fill by decomposition in `board`, given the full
/// connections H-search found between his stone points (`fulls`, as
/// [`super::hsearch::Engine::stone_fulls`] gives them).
pub fn pockets(
    board: &Board,
    masks: &Masks,
    player: Player,
    fulls: &[(VcEnd, VcEnd, u128)],
) -> u128 {
    let empty = board.empty(masks);
    let things = things(board, masks, player);
    // A connection's end as the index of its thing.
    let thing_of = |end: VcEnd| match end {
        VcEnd::Edge1 => Some(0),
        VcEnd::Edge2 => Some(1),
        VcEnd::Cell(c) => things.iter().position(|t| t.stones >> c & 1 == 1),
    };
    let mut out = 0;
    let mut rest = empty;
    while rest != 0 {
        let pocket = masks.flood(rest & rest.wrapping_neg(), empty);
        rest &= !pocket;
        let mut next_to = things
            .iter()
            .enumerate()
            .filter(|(_, t)| t.touches(masks, pocket))
            .map(|(i, _)| i);
        let fill = match (next_to.next(), next_to.next(), next_to.next()) {
            (_, None, _) => true,
            (Some(a), Some(b), None) => fulls.iter().any(|&(x, y, carrier)| {
                carrier & !pocket == 0 && {
                    let (x, y) = (thing_of(x), thing_of(y));
                    (x, y) == (Some(a), Some(b)) || (x, y) == (Some(b), Some(a))
                }
            }),
            _ => false,
        };
        if fill {
            out |= pocket;
        }
    }
    out
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
