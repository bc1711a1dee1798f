//! The pockets of the decomposition fill-in against exact search on small boards: filling a
//! player's pockets with his stones keeps the winner with either player to move, also
//! after random stones of either colour outside the pockets (the prover's proofs keep the
//! pockets' cells, and nothing else the fill rests on); and the prover, which fills them,
//! names winning moves that win.

#[path = "common/hex_exact.rs"]
mod hex_exact;

use hex_exact::{assert_fill_keeps_winner, random_small_positions, wins, Memo};
use poda_core::{Player, Rng};
use poda_solve::hex::board::{Board, Masks};
use poda_solve::hex::decompose::pockets;
use poda_solve::hex::engine::Engine;
use poda_solve::hex::prover::{Prover, Verdict};

/// The player's pockets in `board`, from a fresh H-search build.
fn pockets_of(board: &Board, masks: &Masks, player: Player) -> u128 {
    let mut engine = Engine::new(masks.size as usize);
    let (e1, e2) = masks.edges(player);
    let own = board.stones[player.index()];
    let opp = board.stones[player.opponent().index()];
    let built = engine.build(own, opp, e1, e2, true);
    if built.connected {
        return 0;
    }
    let mut links = Vec::new();
    engine.stone_fulls(&mut links);
    pockets(board, masks, player, &links)
}

/// How many of the player's things (groups, edges with the groups touching them) the
/// pockets touch: from two on, a pocket rests on full connections, not on its being of no
/// use to him (several pockets found at once may count a little more).
fn things_next_to(board: &Board, masks: &Masks, player: Player, pocket: u128) -> usize {
    let own = board.stones[player.index()];
    let (e1, e2) = masks.edges(player);
    let mut things = 0;
    let mut rest = own & masks.expand(pocket);
    let touches_edge = |set: u128, row: u128| set & row != 0;
    let mut edge_groups = [false, false];
    while rest != 0 {
        let group = masks.flood(rest & rest.wrapping_neg(), own);
        rest &= !group;
        let on = [touches_edge(group, e1), touches_edge(group, e2)];
        if on[0] || on[1] {
            for k in 0..2 {
                edge_groups[k] |= on[k];
            }
        } else {
            things += 1;
        }
    }
    for (k, row) in [e1, e2].into_iter().enumerate() {
        if edge_groups[k] || pocket & row != 0 {
            things += 1;
        }
    }
    things
}

#[test]
fn a_pocket_may_go_to_its_player() {
    let mut rng = Rng::new(23);
    let (mut found, mut spanning, mut three, mut after_stones) = (0, 0, 0, 0);
    for (masks, board) in random_small_positions(&mut rng, 3000, 13) {
        for player in [Player::First, Player::Second] {
            let pocket = pockets_of(&board, &masks, player);
            if pocket == 0 {
                continue;
            }
            found += 1;
            let things = things_next_to(&board, &masks, player, pocket);
            spanning += (things >= 2) as usize;
            three += (things >= 3) as usize;
            // The winner with either player to move, and after up to three random stones
            // outside the pocket.
            after_stones +=
                assert_fill_keeps_winner(&mut rng, &masks, &board, player, pocket, "pocket");
        }
    }
    assert!(
        found > 500 && spanning > 100 && three > 20 && after_stones > 500,
        "only {found} pockets met, {spanning} next to two things, {three} to three, {after_stones} checks with stones added"
    );
}

/// The prover's named winning move wins, also where pockets decide the position (their
/// fill can join the mover's edges, or leave the key of a connection outside them).
#[test]
fn the_provers_winning_moves_win() {
    let mut rng = Rng::new(29);
    let mut named = 0;
    for (masks, board) in random_small_positions(&mut rng, 1500, 13) {
        let mut prover = Prover::new(masks.size);
        if prover.prove(&board, None) != Verdict::Win {
            continue;
        }
        let (normal, _) = prover.normalize(&board);
        let Some(m) = prover.winning_move(&normal) else {
            continue;
        };
        assert_eq!(
            board.empty(&masks) >> m & 1,
            1,
            "{m} is not empty in {board:?}"
        );
        let child = board.play(m as u32);
        let mut memo = Memo::new();
        let wins_after = child.has_won(&masks, board.to_move)
            || (!child.has_won(&masks, board.to_move.opponent())
                && !wins(&child, &masks, &mut memo));
        assert!(wins_after, "{m} does not win {board:?}");
        named += 1;
    }
    assert!(named > 300, "only {named} winning moves named");
}
