//! What the tree knows about a position when it expands a node: an immediate win, the
//! opponent's immediate threats (must-play), the dead cells (never worth a stone), and a
//! prior for each remaining move from the pattern table.
//!
//! - Winning cells: the empty cells next to a chain (or row of the frame) reached from each
//!   of the player's two edges; the frame makes an edge an ordinary chain of the owner.
//! - Dead cells (Hayward, Björnsson, Johanson et al., "Dead cell analysis in Hex and the
//!   Shannon game", 2006): useless to both players as far as the ring of neighbours shows,
//!   an edge counting as its owner's stones ([`dead_ring`]; four consecutive neighbours of
//!   one colour, poda-games' `prune` rule, is the common case).

use super::board::{other, Board, BLACK, EMPTY, MAX_BOX, WHITE};
use super::inferior::Inferior;
use super::patterns::Patterns;
use super::vcs::{VcEngine, VcVerdict};

/// What an expansion found.
#[derive(Clone, Debug, PartialEq)]
pub enum Expansion {
    /// The player to move wins at once (on this mailbox cell).
    Win(u16),
    /// The player to move cannot stop two immediate threats.
    Loss,
    /// The moves to search: `(mailbox cell, prior)`.
    Moves,
}

/// The cells of colour `c` (the frame included) connected to the frame rows or columns on
/// one side: `first` picks the top (Black) or left (White) side.
fn reach(board: &Board, c: u8, first: bool, seen: &mut [bool; MAX_BOX]) {
    let l = board.layout;
    let (n, w) = (l.size, l.width);
    let mut stack = [0u16; MAX_BOX];
    let mut top = 0;
    // Seeds: the frame cells of the side next to the board.
    for k in 0..n {
        let p = match (c, first) {
            (BLACK, true) => w + k + 2,
            (BLACK, false) => (n + 2) * w + k + 2,
            (_, true) => (k + 2) * w + 1,
            (_, false) => (k + 2) * w + n + 2,
        };
        if !seen[p] {
            seen[p] = true;
            stack[top] = p as u16;
            top += 1;
        }
    }
    while top > 0 {
        top -= 1;
        let p = stack[top] as usize;
        for &d in &l.ring {
            let q = (p as isize + d) as usize;
            if !seen[q] && board.colour[q] == c && l.to_dense[q] != u16::MAX {
                seen[q] = true;
                stack[top] = q as u16;
                top += 1;
            }
        }
    }
}

/// The empty cells where colour `c` would join its edges with one stone (mailbox indices).
pub fn winning_cells(board: &Board, c: u8, out: &mut Vec<u16>) {
    out.clear();
    let mut a = [false; MAX_BOX];
    let mut b = [false; MAX_BOX];
    reach(board, c, true, &mut a);
    reach(board, c, false, &mut b);
    let ring = &board.layout.ring;
    for &p in board.empties() {
        let p = p as usize;
        let touches = |s: &[bool; MAX_BOX]| ring.iter().any(|&d| s[(p as isize + d) as usize]);
        if touches(&a) && touches(&b) {
            out.push(p as u16);
        }
    }
}

/// True if the empty cell `p` is dead ([`dead_ring`]) once a stone of `x` is on the cell `q`.
#[inline]
fn dead_for_with(board: &Board, p: usize, x: u8, q: usize) -> bool {
    dead_for_with_two(board, p, x, q, q)
}

/// [`dead_for_with`] with stones of `x` on the two cells `q` and `r`.
#[inline]
fn dead_for_with_two(board: &Board, p: usize, x: u8, q: usize, r: usize) -> bool {
    let ring = &board.layout.ring;
    dead_ring(&std::array::from_fn(|i| {
        let n = (p as isize + ring[i]) as usize;
        if n == q || n == r {
            x
        } else {
            board.colour[n]
        }
    }))
}

/// True if the empty cell `p` is dead ([`dead_ring`]).
#[inline]
pub fn is_dead(board: &Board, p: usize) -> bool {
    let ring = &board.layout.ring;
    dead_ring(&std::array::from_fn(|i| {
        board.colour[(p as isize + ring[i]) as usize]
    }))
}

/// True if an empty cell with these neighbours (in ring order) is dead: useless to both
/// players (Henderson, "Playing and solving Hex", 2010, ch. 4; Hayward, Björnsson, Johanson et
/// al., "Dead cell analysis in Hex and the Shannon game", 2006). A cell is useless to `X` when
/// every two neighbours `X` could use (empty cells and `X`'s stones, an edge counting as its
/// owner's) are next to each other or joined around the ring through `X`'s stones: then no
/// minimal chain of `X` passes through it. Four consecutive neighbours of one colour is the
/// common case; three of `X` in a row with the opponent's stone between the two empty
/// neighbours, or two of each colour facing, are the others. Only the ring is looked at:
/// stones joined further away are not seen (poda-solve's `Rings::is_dead` sees groups, but
/// joins two empty neighbours only through a group or an edge both touch, so each finds
/// some dead cells the other does not).
#[inline]
fn dead_ring(c: &[u8; 6]) -> bool {
    // Three empty neighbours are never pairwise joined for both colours.
    c.iter().filter(|&&v| v == EMPTY).count() <= 2
        && useless_ring(c, BLACK)
        && useless_ring(c, WHITE)
}

/// True if every two neighbours in `c` that `x` could use are next to each other or joined
/// around the ring through stones of `x` ([`dead_ring`]).
fn useless_ring(c: &[u8; 6], x: u8) -> bool {
    let usable = |i: usize| c[i] == x || c[i] == EMPTY;
    let joined = |from: usize, to: usize| (from + 1..to).all(|k| c[k % 6] == x);
    (0..6).filter(|&i| usable(i)).all(|i| {
        (i + 2..6)
            .filter(|&j| usable(j) && !(i == 0 && j == 5))
            .all(|j| joined(i, j) || joined(j, i + 6))
    })
}

/// True if a stone of `x` on the empty neighbour `k` of the empty cell `p` would make `p`
/// one of a captured pair of `x` (with an empty neighbour `d`: a stone of `x` on either of
/// `p`, `d` makes the other dead). Then `x` on `k` owns `p` at no cost, so `x` on `k` is at
/// least as good as `x` on `p`.
fn captured_with(board: &Board, p: usize, x: u8, k: usize) -> bool {
    let ring = &board.layout.ring;
    // With `k` and `d` filled, the ring of a dead cell has at most two empty cells, so `p`
    // needs two stones or edge cells (of either colour) among its neighbours already.
    if ring
        .iter()
        .filter(|&&d| board.colour[(p as isize + d) as usize] != EMPTY)
        .count()
        < 2
    {
        return false;
    }
    ring.iter().map(|&d| (p as isize + d) as usize).any(|d| {
        d != k
            && board.colour[d] == EMPTY
            && board.layout.to_dense[d] != u16::MAX
            && dead_for_with_two(board, p, x, k, d)
            && dead_for_with_two(board, d, x, k, p)
    })
}

/// Marks in `out` (cleared first) the cells of captured pairs of either colour, and returns
/// how many: two adjacent empty cells such that a stone of the opponent on either is made
/// dead by `X` answering on the other (Henderson, "Playing and solving Hex", 2010, ch. 4;
/// the same rule as poda-solve's `ice::Rings::captured`). `X` owns both at no cost, so a move
/// into the pair by either side is no better than a pass: an inferior move.
pub fn captured_cells(board: &Board, out: &mut [bool; MAX_BOX]) -> usize {
    out.fill(false);
    let mut count = 0;
    for_each_captured_pair(board, |a, b, _| {
        count += !out[a] as usize + !out[b] as usize;
        out[a] = true;
        out[b] = true;
    });
    count
}

/// Calls `f(a, b, x)` for every captured pair `a`, `b` (mailbox cells, `a < b`) of its captor
/// `x` ([`captured_cells`] gives the rule); a pair both colours capture comes once for each.
fn for_each_captured_pair(board: &Board, mut f: impl FnMut(usize, usize, u8)) {
    let ring = &board.layout.ring;
    for &a in board.empties() {
        let a = a as usize;
        for &d in ring {
            let b = (a as isize + d) as usize;
            if b < a || board.colour[b] != EMPTY || board.layout.to_dense[b] == u16::MAX {
                continue;
            }
            for x in [BLACK, WHITE] {
                if dead_for_with(board, a, x, b) && dead_for_with(board, b, x, a) {
                    f(a, b, x);
                }
            }
        }
    }
}

/// The fill-in of the local rules alone, for boards the inferior-cell analysis does not
/// take (above 13x13): dead cells (filled Black: their colour does not matter) and captured
/// pairs (filled with their captor's colour; a pair that shares a cell with one already
/// taken is left), as `(mailbox cell, colour)` in `out` (cleared first).
pub fn local_fill_in(board: &Board, out: &mut Vec<(u16, u8)>) {
    out.clear();
    let mut taken = [false; MAX_BOX];
    for &p in board.empties() {
        if is_dead(board, p as usize) {
            taken[p as usize] = true;
            out.push((p, BLACK));
        }
    }
    for_each_captured_pair(board, |a, b, x| {
        if !taken[a] && !taken[b] {
            taken[a] = true;
            taken[b] = true;
            out.push((a as u16, x));
            out.push((b as u16, x));
        }
    });
}

/// Removes from `moves` the cells the player of colour `to_move` need not try, by the local
/// rules of MoHex 2.0's prior pruning (Huang et al., "MoHex 2.0", 2013: cells whose pattern is
/// typed filled, vulnerable or dominated are left out of every expansion; Henderson, "Playing
/// and solving Hex", 2010, ch. 4, for the proofs), and returns how many it removed:
///
/// - captured (MoHex's "filled" type): both cells of a captured pair of either colour
///   ([`captured_cells`]); its captor owns both at no cost, so the position is the one with
///   the pair filled, and a winning move, if any, lies outside. Pairs that share a cell with
///   one already taken are left, so the pairs taken can all be filled at once;
/// - vulnerable: an opponent's stone on an empty neighbour `k` would make the cell dead;
/// - dominated: the mover's own stone on an empty neighbour `k` would make it dead, or one
///   of a captured pair of the mover ([`captured_with`]).
///
/// In the last two cases the mover's stone on `k` is at least as good as on the cell. A cell
/// is left out only while its `k` is still among the moves: `k` is then kept for good, so
/// every cell removed has a better or equal cell left, and a won position keeps a winning
/// move. If every move is in a captured pair, none is removed.
pub fn prune_local(board: &Board, to_move: u8, moves: &mut Vec<(u16, f32)>) -> usize {
    let ring = &board.layout.ring;
    let mut out = [false; MAX_BOX];
    let mut kept = [false; MAX_BOX];
    let mut listed = [false; MAX_BOX];
    for &(p, _) in moves.iter() {
        listed[p as usize] = true;
    }
    let mut removed = 0;
    for_each_captured_pair(board, |a, b, _| {
        if listed[a] && listed[b] && !out[a] && !out[b] {
            out[a] = true;
            out[b] = true;
            removed += 2;
        }
    });
    if removed == moves.len() {
        return 0;
    }
    for &(p, _) in moves.iter() {
        let p = p as usize;
        if kept[p] || out[p] {
            continue;
        }
        let killer = ring.iter().map(|&d| (p as isize + d) as usize).find(|&k| {
            listed[k]
                && !out[k]
                && (dead_for_with(board, p, other(to_move), k)
                    || dead_for_with(board, p, to_move, k)
                    || captured_with(board, p, to_move, k))
        });
        if let Some(k) = killer {
            out[p] = true;
            kept[k] = true;
            removed += 1;
        }
    }
    if removed > 0 {
        moves.retain(|&(p, _)| !out[p as usize]);
    }
    removed
}

/// Expands a position for the player of colour `to_move` (the opponent's last move at
/// `last`): the moves go to `out` with their priors (normalised to sum to 1, as MoHex's are).
/// With `prune`, the cells [`prune_local`] finds inferior are left out as well.
pub fn expand(
    board: &Board,
    to_move: u8,
    last: Option<usize>,
    patterns: &Patterns,
    prune: bool,
    scratch: &mut Vec<u16>,
    out: &mut Vec<(u16, f32)>,
) -> Expansion {
    out.clear();
    winning_cells(board, to_move, scratch);
    if let Some(&w) = scratch.first() {
        return Expansion::Win(w);
    }
    winning_cells(board, other(to_move), scratch);
    match scratch.len() {
        0 => {
            for &p in board.empties() {
                if !is_dead(board, p as usize) {
                    out.push((p, 0.0));
                }
            }
            if out.is_empty() {
                out.extend(board.empties().iter().map(|&p| (p, 0.0)));
            } else if prune {
                prune_local(board, to_move, out);
            }
        }
        1 => out.push((scratch[0], 0.0)),
        _ => return Expansion::Loss,
    }
    let mut total = 0f32;
    for (p, prior) in out.iter_mut() {
        *prior = patterns.gamma(board, *p as usize, to_move, last);
        total += *prior;
    }
    if total > 0.0 {
        for (_, prior) in out.iter_mut() {
            *prior /= total;
        }
    }
    Expansion::Moves
}

/// Rounds of fill-in and connections [`filled_connections`] gives a position.
pub const FILL_ROUNDS: usize = 3;

/// MoHex 2.0's knowledge of a position (benzene's `HexBoard::ComputeAll`): the
/// inferior-cell fill-in, the connections on the filled board and the stones they let a
/// player fill ([`VcEngine::verdict_and_fill`]), again on the board with those played, for
/// at most [`FILL_ROUNDS`] rounds. Returns the last verdict and the filled board, which has
/// the winner of `board`, a move outside the fill keeping it so: a won position has a
/// winning move among the filled board's empty cells (in the must-play, if one), and the
/// filled board's inferior cells may be left out too. `fill` and `vc_fill` are scratch.
pub fn filled_connections(
    board: &Board,
    to_move: u8,
    ice: &Inferior,
    vc: &mut VcEngine,
    fill: &mut Vec<(u16, u8)>,
    vc_fill: &mut Vec<(usize, u8)>,
) -> (VcVerdict, Board) {
    let mut filled = board.clone();
    let mut verdict = VcVerdict::Open;
    for _ in 0..FILL_ROUNDS {
        ice.fill_in(&filled, fill);
        for &(cell, colour) in fill.iter() {
            filled.play(cell as usize, colour);
        }
        verdict = vc.verdict_and_fill(&filled, to_move, vc_fill);
        if vc_fill.is_empty() {
            break;
        }
        for &(cell, colour) in vc_fill.iter() {
            filled.play(cell, colour);
        }
        if !matches!(verdict, VcVerdict::MustPlay(_) | VcVerdict::Open) {
            break;
        }
    }
    (verdict, filled)
}

/// True if the mailbox cell holds no stone.
#[inline]
pub fn is_empty(board: &Board, p: usize) -> bool {
    board.colour[p] == EMPTY
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::board::colour_of;
    use super::*;
    use poda_core::{Game, Player, Rng};
    use poda_games::hex::{prune, Hex, HexMove};

    /// Up to `plies` random moves from the empty board, stopping before a move that would
    /// end the game.
    pub(in crate::hexmc) fn random_position(size: u32, plies: usize, rng: &mut Rng) -> Hex {
        let mut game = Hex::with_size(size, false).unwrap();
        for _ in 0..plies {
            let moves = game.legal_move_list();
            let next = game.after(moves[rng.index(moves.len())]);
            if next.outcome().is_over() {
                break;
            }
            game = next;
        }
        game
    }

    /// `count` positions of side `size`, each `min_plies` and up to half the board more
    /// random moves from the empty board ([`random_position`]: never a finished game).
    fn open_positions(size: u32, count: usize, min_plies: usize, rng: &mut Rng) -> Vec<Hex> {
        (0..count)
            .map(|_| {
                let plies = min_plies + rng.index((size * size) as usize / 2);
                random_position(size, plies, rng)
            })
            .collect()
    }

    /// True if the player to move in `game` wins by playing the cell `cell` (dense index):
    /// at once, or by poda-solve's solver on the position after it.
    pub(in crate::hexmc) fn move_wins(
        game: &Hex,
        cell: u16,
        solver: &mut poda_solve::hex::HexSolver,
    ) -> bool {
        let me = game.side_to_move();
        let after = game.after(HexMove::Cell(cell));
        after.winner() == Some(me) || solver.solve(&after).unwrap().winner == me
    }

    /// The playout board of a game.
    pub(in crate::hexmc) fn from_hex(game: &Hex) -> Board {
        let mut b = Board::new(game.size() as usize);
        for p in Player::BOTH {
            for i in game.stones(p).iter() {
                b.play(b.layout.to_box[i] as usize, colour_of(p));
            }
        }
        b
    }

    /// Asserts that `fill` (fill-in stones of `board`, the position of `game`) goes on
    /// distinct empty cells and keeps the winner of `game` (the solver's answer against the
    /// prover's on the filled position).
    pub(in crate::hexmc) fn assert_fill_keeps_winner(
        game: &Hex,
        board: &Board,
        fill: &[(u16, u8)],
        solver: &mut poda_solve::hex::HexSolver,
        prover: &mut poda_solve::hex::prover::Prover,
    ) {
        use poda_solve::hex::prover::Verdict;
        let mut filled = poda_solve::hex::board::Board::from_hex(game).unwrap();
        let mut seen = [false; MAX_BOX];
        for &(cell, colour) in fill {
            let cell = cell as usize;
            assert!(
                board.colour[cell] == EMPTY && !seen[cell],
                "a fill-in stone on a stone: {}",
                game.board_string()
            );
            seen[cell] = true;
            filled.stones[(colour - 1) as usize] |= 1u128 << board.layout.to_dense[cell];
        }
        let me = game.side_to_move();
        let want = solver.solve(game).unwrap().winner;
        let got = match prover.prove(&filled, None) {
            Verdict::Win => me,
            _ => me.opponent(),
        };
        assert_eq!(got, want, "{}", game.board_string());
    }

    /// What [`filled_connections`] gives keeps the game: in random 5x5 and 6x6 positions the
    /// verdict agrees with the solver, and when the player to move wins, a winning move is
    /// left among the filled board's empty cells (in the must-play, if one) that its
    /// inferior-cell analysis keeps. Some positions must get stones from the connections
    /// (decomposition carriers or pockets) beyond the inferior-cell fill-in.
    #[test]
    fn the_filled_knowledge_keeps_a_winning_move() {
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(41);
        let (mut by_connections, mut won) = (0, 0);
        let (mut fill, mut vc_fill) = (Vec::new(), Vec::new());
        for size in [5u32, 6] {
            let ice = Inferior::new(size as usize).unwrap();
            let mut vc = VcEngine::new(size as usize).unwrap();
            for _ in 0..2000 {
                let plies = 3 + rng.index((size * size) as usize / 3);
                let game = random_position(size, plies, &mut rng);
                if game.outcome().is_over() {
                    continue;
                }
                let board = from_hex(&game);
                let me = game.side_to_move();
                let to_move = colour_of(me);
                let (verdict, filled) =
                    filled_connections(&board, to_move, &ice, &mut vc, &mut fill, &mut vc_fill);
                let mut ice_only = Vec::new();
                ice.fill_in(&board, &mut ice_only);
                let stones = |b: &Board| {
                    b.layout
                        .to_box
                        .iter()
                        .filter(|&&c| b.colour[c as usize] != EMPTY)
                        .count()
                };
                by_connections += (stones(&filled) > stones(&board) + ice_only.len()) as usize;
                let wins = solver.solve(&game).unwrap().winner == me;
                let text = game.board_string();
                match verdict {
                    VcVerdict::Win(_) => assert!(wins, "a win that is not: {text}"),
                    VcVerdict::Loss => assert!(!wins, "a loss that is not: {text}"),
                    VcVerdict::MustPlay(_) | VcVerdict::Open if wins => {
                        won += 1;
                        let candidates: Vec<usize> = filled
                            .empties()
                            .iter()
                            .map(|&c| c as usize)
                            .filter(|c| match &verdict {
                                VcVerdict::MustPlay(cells) => cells.contains(c),
                                _ => true,
                            })
                            .collect();
                        let mut out = [false; MAX_BOX];
                        ice.inferior(&filled, to_move, &candidates, &mut out);
                        let left = candidates.iter().filter(|&&c| !out[c]);
                        assert!(
                            left.clone().any(|&c| move_wins(
                                &game,
                                board.layout.to_dense[c],
                                &mut solver
                            )),
                            "no winning move left: {text}"
                        );
                    }
                    _ => {}
                }
            }
        }
        assert!(
            by_connections > 20 && won > 250,
            "{by_connections} positions filled by connections, {won} won ones checked"
        );
    }

    /// The local fill-in keeps the winner: in random 4x4 and 5x5 positions, the position
    /// with its stones played has the winner of the position without them (poda-solve's
    /// prover as the oracle), and the stones go on distinct empty cells.
    #[test]
    fn the_local_fill_in_keeps_the_winner() {
        use poda_solve::hex::prover::Prover;
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(53);
        let (mut positions, mut stones) = (0, 0);
        for size in [4u32, 5] {
            let mut prover = Prover::new(size);
            let mut fill = Vec::new();
            for game in open_positions(size, 400, 3, &mut rng) {
                let b = from_hex(&game);
                local_fill_in(&b, &mut fill);
                if fill.is_empty() {
                    continue;
                }
                positions += 1;
                stones += fill.len();
                assert_fill_keeps_winner(&game, &b, &fill, &mut solver, &mut prover);
            }
        }
        assert!(
            positions > 100 && stones > positions,
            "{positions} positions, {stones} stones"
        );
    }

    /// Captured cells are inferior moves: in random 4x4 and 5x5 positions, whenever the
    /// player to move wins (poda-solve's prover), some move outside the captured and dead
    /// cells wins too, so pruning them keeps a win; and every marked cell has a marked
    /// neighbour.
    #[test]
    fn captured_cells_keep_a_winning_move() {
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(21);
        let mut marked_some = 0;
        for size in [4u32, 5] {
            for game in open_positions(size, 150, 3, &mut rng) {
                let b = from_hex(&game);
                let mut captured = [false; MAX_BOX];
                let n = captured_cells(&b, &mut captured);
                assert_eq!(n, captured.iter().filter(|&&c| c).count());
                // Every marked cell has a marked neighbour (the fill-in test checks that
                // filling the pairs with their captor's colour keeps the winner).
                for &a in b.empties() {
                    let a = a as usize;
                    assert!(
                        !captured[a]
                            || b.layout
                                .ring
                                .iter()
                                .any(|&d| captured[(a as isize + d) as usize]),
                        "a lone captured cell in {}",
                        game.board_string()
                    );
                }
                if n == 0 {
                    continue;
                }
                marked_some += 1;
                let me = game.side_to_move();
                if solver.solve(&game).unwrap().winner != me {
                    continue;
                }
                let kept: Vec<_> = game
                    .empty_cells()
                    .iter()
                    .filter(|&i| {
                        let p = b.layout.to_box[i] as usize;
                        !captured[p] && !is_dead(&b, p)
                    })
                    .collect();
                if kept.is_empty() {
                    continue;
                }
                let wins = kept
                    .iter()
                    .any(|&i| move_wins(&game, i as u16, &mut solver));
                assert!(wins, "{}", game.board_string());
            }
        }
        assert!(
            marked_some > 20,
            "{marked_some} positions with captured cells"
        );
    }

    /// The local pruning keeps a winning move: in random 4x4 and 5x5 positions the player to
    /// move wins (poda-solve's solver as the oracle), some move the pruned expansion keeps
    /// wins too; and it leaves out cells in most of them.
    #[test]
    fn the_local_pruning_keeps_a_winning_move() {
        let mut solver = poda_solve::hex::HexSolver::new();
        let patterns = Patterns::uniform();
        let mut rng = Rng::new(61);
        let (mut pruned, mut won, mut in_pairs) = (0, 0, 0);
        let (mut scratch, mut all, mut kept) = (Vec::new(), Vec::new(), Vec::new());
        let mut in_pair = [false; MAX_BOX];
        for size in [4u32, 5] {
            for game in open_positions(size, 400, 2, &mut rng) {
                let b = from_hex(&game);
                let me = colour_of(game.side_to_move());
                let with = expand(&b, me, None, &patterns, true, &mut scratch, &mut kept);
                let without = expand(&b, me, None, &patterns, false, &mut scratch, &mut all);
                assert_eq!(with, without);
                if with != Expansion::Moves {
                    continue;
                }
                assert!(!kept.is_empty() && kept.iter().all(|m| all.iter().any(|a| a.0 == m.0)));
                pruned += (kept.len() < all.len()) as usize;
                captured_cells(&b, &mut in_pair);
                in_pairs += all
                    .iter()
                    .any(|m| in_pair[m.0 as usize] && !kept.iter().any(|k| k.0 == m.0))
                    as usize;
                if solver.solve(&game).unwrap().winner != game.side_to_move() {
                    continue;
                }
                won += 1;
                let wins = kept.iter().any(|&(cell, _)| {
                    move_wins(&game, b.layout.to_dense[cell as usize], &mut solver)
                });
                assert!(wins, "no winning move kept: {}", game.board_string());
            }
        }
        assert!(
            pruned > 150 && won > 150 && in_pairs > 200,
            "{pruned} pruned ({in_pairs} with a captured pair), {won} won"
        );
    }

    /// A cell that the mover's stone on its neighbour `k` would make one of the mover's
    /// captured pairs is no better than `k`: in random 4x4 and 5x5 positions, whenever the
    /// cell wins for the mover, so does `k` (poda-solve's solver as the oracle).
    #[test]
    fn a_cell_captured_by_a_neighbour_is_no_better_than_it() {
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(67);
        let (mut found, mut winning) = (0, 0);
        // Cells with fewer than two of the mover's stones or edges around them: not four in
        // a row, the ring's wider patterns.
        let (mut wider, mut wider_winning) = (0, 0);
        for size in [4u32, 5] {
            for game in open_positions(size, 400, 2, &mut rng) {
                let b = from_hex(&game);
                let me = game.side_to_move();
                let mut wins = |cell: usize| move_wins(&game, b.layout.to_dense[cell], &mut solver);
                for &p in b.empties() {
                    let p = p as usize;
                    let own = b
                        .layout
                        .ring
                        .iter()
                        .filter(|&&d| b.colour[(p as isize + d) as usize] == colour_of(me))
                        .count();
                    for &d in &b.layout.ring {
                        let k = (p as isize + d) as usize;
                        if b.colour[k] != EMPTY
                            || b.layout.to_dense[k] == u16::MAX
                            || !captured_with(&b, p, colour_of(me), k)
                        {
                            continue;
                        }
                        found += 1;
                        wider += (own < 2) as usize;
                        if wins(p) {
                            winning += 1;
                            wider_winning += (own < 2) as usize;
                            assert!(wins(k), "{} {p} {k}", game.board_string());
                        }
                    }
                }
            }
        }
        assert!(
            found > 1000 && winning > 300 && wider > 500 && wider_winning > 150,
            "{found} found, {winning} winning; {wider} and {wider_winning} of them wider"
        );
    }

    /// Winning and dead cells agree with poda-games' bitboard versions on random positions.
    #[test]
    fn agrees_with_the_bitboard_pruning() {
        let mut rng = Rng::new(11);
        for size in [1u32, 2, 3, 5, 7, 11] {
            for _ in 0..60 {
                let plies = rng.index((size * size) as usize);
                let game = random_position(size, plies, &mut rng);
                let b = from_hex(&game);
                let l = b.layout;
                let mut out = Vec::new();
                for p in Player::BOTH {
                    winning_cells(&b, colour_of(p), &mut out);
                    let mut got: Vec<usize> = out
                        .iter()
                        .map(|&c| l.to_dense[c as usize] as usize)
                        .collect();
                    got.sort();
                    let want: Vec<usize> = prune::winning_cells(&game, p).iter().collect();
                    assert_eq!(got, want, "{}", game.board_string());
                }
                for i in game.empty_cells().iter() {
                    if prune::is_dead(&game, i) {
                        assert!(is_dead(&b, l.to_box[i] as usize), "{}", game.board_string());
                    }
                }
            }
        }
    }

    /// The ring's dead cells are dead: in random 4x4 and 5x5 positions a stone of either
    /// colour on one keeps the winner (poda-solve's prover as the oracle); and besides four
    /// consecutive neighbours of one colour (poda-games' rule) the ring finds others.
    #[test]
    fn the_rings_dead_cells_are_dead() {
        use poda_solve::hex::prover::Prover;
        let mut solver = poda_solve::hex::HexSolver::new();
        let mut rng = Rng::new(13);
        let (mut dead, mut wider) = (0, 0);
        for size in [4u32, 5] {
            let mut prover = Prover::new(size);
            for game in open_positions(size, 300, 2, &mut rng) {
                let b = from_hex(&game);
                for i in game.empty_cells().iter() {
                    let p = b.layout.to_box[i];
                    if !is_dead(&b, p as usize) {
                        continue;
                    }
                    dead += 1;
                    wider += !prune::is_dead(&game, i) as usize;
                    for colour in [BLACK, WHITE] {
                        assert_fill_keeps_winner(
                            &game,
                            &b,
                            &[(p, colour)],
                            &mut solver,
                            &mut prover,
                        );
                    }
                }
            }
        }
        assert!(
            dead > 400 && wider > 200,
            "{dead} dead, {wider} by the wider rule"
        );
    }
}
