//! Virtual-connection knowledge for the search, from poda-solve's FastVC search (its
//! prover's connection builder, with the prover's limits: carriers of at most two cells
//! between two empty cells in the mover's build, none in the opponent's): for the player to
//! move, a winning semi connection (play its key), and the opponent's edge-to-edge
//! connections (a full one: the game is lost; semi ones: only the cells of the must-play
//! region can save it). Boards up to 13x13 (MoHex's limit too); larger boards get none.
//!
//! [`VcEngine::verdict_and_fill`] also gives, up to 11x11, stones the connections let a
//! player fill without changing the winner (poda-solve's
//! [`decompose`](poda_solve::hex::decompose): a combinatorial decomposition's carrier, as
//! MoHex's knowledge fills it, else both players' pockets): a won position has a winning
//! move outside them.

use super::board::{Board, BLACK, MAX_BOX};
use poda_core::Player;
use poda_solve::hex::bits::{Bits, Wide};
use poda_solve::hex::board::{cells, Board as SolverBoard, Masks};
use poda_solve::hex::decompose::{enclosed_carrier, Pockets};
use poda_solve::hex::fastvc::FastVc;
use poda_solve::hex::hsearch::{EdgeVcs, VcEnd, EMPTY_PAIR_MAX};

/// What the connections say about a position.
#[derive(Clone, Debug, PartialEq)]
pub enum VcVerdict {
    /// The player to move wins by playing this mailbox cell (the key of a semi connection)
    /// or anything (a full connection: `None`).
    Win(Option<usize>),
    /// The opponent has a full connection.
    Loss,
    /// Only these mailbox cells can keep the game open.
    MustPlay(Vec<usize>),
    /// Nothing decisive.
    Open,
}

/// Connection engines for both set sizes.
pub enum VcEngine {
    Narrow(FastVc<u128>),
    Wide(FastVc<Wide>),
}

impl VcEngine {
    /// An engine for the board size, if it is at most 13.
    pub fn new(size: usize) -> Option<VcEngine> {
        match size {
            0..=11 => Some(VcEngine::Narrow(FastVc::new(size))),
            12..=13 => Some(VcEngine::Wide(FastVc::new(size))),
            _ => None,
        }
    }

    /// The verdict for colour `to_move` in `board`.
    pub fn verdict(&mut self, board: &Board, to_move: u8) -> VcVerdict {
        match self {
            VcEngine::Narrow(h) => verdict_with(h, board, to_move, None),
            VcEngine::Wide(h) => verdict_with(h, board, to_move, None),
        }
    }

    /// [`VcEngine::verdict`], and in `fill` (cleared first) stones `(mailbox cell, colour)`
    /// that may be added without changing the winner, when the verdict is open or a
    /// must-play (boards up to 11x11; none above): the carrier of a combinatorial
    /// decomposition of either player if there is one (the mover's first), else both
    /// players' pockets. A move outside the fill keeps it valid, so a won position has a
    /// winning move outside it, and the filled board's inferior cells are the position's.
    pub fn verdict_and_fill(
        &mut self,
        board: &Board,
        to_move: u8,
        fill: &mut Vec<(usize, u8)>,
    ) -> VcVerdict {
        fill.clear();
        match self {
            VcEngine::Narrow(h) => verdict_with(h, board, to_move, Some(fill)),
            VcEngine::Wide(h) => verdict_with(h, board, to_move, None),
        }
    }
}

/// What `colour`'s connections let him fill in `board` (up to 11x11), `hs`'s last build
/// being his: a decomposition's carrier, and his pockets.
#[derive(Default)]
struct Fills {
    carrier: u128,
    pockets: u128,
}

fn fills_of<B: Bits>(hs: &FastVc<B>, board: &Board, colour: u8) -> Fills {
    let size = board.layout.size;
    if size > 11 {
        return Fills::default();
    }
    let masks = Masks::new(size as u32);
    let player = if colour == BLACK {
        Player::First
    } else {
        Player::Second
    };
    let solver_board = SolverBoard {
        stones: stone_sets::<u128>(board),
        to_move: player,
        swap_rule: false,
    };
    let mut links: Vec<(VcEnd, VcEnd, u128)> = Vec::new();
    hs.stone_fulls(&mut links);
    Fills {
        carrier: enclosed_carrier(&solver_board, &masks, player, &links).unwrap_or(0),
        pockets: Pockets::new(&solver_board, &masks, player).fill(&links),
    }
}

/// Black's and White's stones as cell sets (dense indices).
pub(super) fn stone_sets<B: Bits>(board: &Board) -> [B; 2] {
    let mut sets = [B::EMPTY; 2];
    for (dense, &mb) in board.layout.to_box.iter().enumerate() {
        match board.colour[mb as usize] {
            0 => {}
            c => sets[(c - 1) as usize] = sets[(c - 1) as usize].with(dense),
        }
    }
    sets
}

fn verdict_with<B: Bits>(
    hs: &mut FastVc<B>,
    board: &Board,
    to_move: u8,
    fill: Option<&mut Vec<(usize, u8)>>,
) -> VcVerdict {
    let layout = board.layout;
    let sets: [B; 2] = stone_sets(board);
    let shape = &hs.shape;
    let edges = |c: u8| {
        if c == BLACK {
            (shape.masks.top, shape.masks.bottom)
        } else {
            (shape.masks.left, shape.masks.right)
        }
    };
    let me = (to_move - 1) as usize;
    let (m1, m2) = edges(to_move);
    let (o1, o2) = edges(3 - to_move);
    hs.empty_pair_max = EMPTY_PAIR_MAX;
    let mine: EdgeVcs<B> = hs.build(sets[me], sets[1 - me], m1, m2);
    if mine.connected || mine.full.is_some() {
        return VcVerdict::Win(None);
    }
    if let Some((_, key)) = mine.semi {
        return VcVerdict::Win(Some(layout.to_box[key] as usize));
    }
    let mine_fills = if fill.is_some() {
        fills_of(hs, board, to_move)
    } else {
        Fills::default()
    };
    hs.empty_pair_max = u32::MAX;
    let theirs: EdgeVcs<B> = hs.build(sets[1 - me], sets[me], o1, o2);
    if theirs.connected || theirs.full.is_some() {
        return VcVerdict::Loss;
    }
    if let Some(out) = fill {
        let theirs_fills = fills_of(hs, board, 3 - to_move);
        let mut add = |set: u128, colour: u8| {
            out.extend(cells(set).map(|c| (layout.to_box[c as usize] as usize, colour)));
        };
        if mine_fills.carrier != 0 {
            add(mine_fills.carrier, to_move);
        } else if theirs_fills.carrier != 0 {
            add(theirs_fills.carrier, 3 - to_move);
        } else {
            // Both players' pockets at once: they are apart (decompose's module note).
            add(mine_fills.pockets, to_move);
            add(theirs_fills.pockets & !mine_fills.pockets, 3 - to_move);
        }
    }
    match theirs.must_play {
        Some(m) => {
            let empty = hs.shape.masks.board.andnot(sets[0]).andnot(sets[1]);
            let cells: Vec<usize> = m
                .and(empty)
                .cells()
                .map(|c| layout.to_box[c] as usize)
                .collect();
            if cells.is_empty() {
                VcVerdict::Loss
            } else {
                VcVerdict::MustPlay(cells)
            }
        }
        None => VcVerdict::Open,
    }
}

/// A mailbox mask of the cells in a list.
pub fn mask_of(cells: &[usize]) -> Box<[bool; MAX_BOX]> {
    let mut m = Box::new([false; MAX_BOX]);
    for &c in cells {
        m[c] = true;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::super::agent::board_of;
    use super::super::board::{colour_of, BLACK, WHITE};
    use super::*;
    use poda_games::hex::Hex;

    #[test]
    fn bridges_to_the_edges_win_and_force() {
        // 5x5, Black c2 c4 with c3 between them: a chain bridged to both edges.
        let game = Hex::with_size(5, false)
            .unwrap()
            .play_moves("c2 a1 c3 a2 c4")
            .unwrap();
        let board = board_of(&game);
        let mut e = VcEngine::new(5).unwrap();
        // White to move: Black's full connection means White has lost.
        assert_eq!(
            e.verdict(&board, colour_of(game.side_to_move())),
            VcVerdict::Loss
        );
        // Black to move wins.
        assert!(matches!(e.verdict(&board, BLACK), VcVerdict::Win(_)));
        // A lone Black c3 on 3x3... White to move must play near it on a small board.
        let game = Hex::with_size(3, false).unwrap().play_moves("b2").unwrap();
        let board = board_of(&game);
        match e_for(3).verdict(&board, WHITE) {
            VcVerdict::Loss => {}
            other => panic!("3x3 b2 is lost for White: {other:?}"),
        }
        assert!(VcEngine::new(14).is_none());
    }

    fn e_for(size: usize) -> VcEngine {
        VcEngine::new(size).unwrap()
    }
}
