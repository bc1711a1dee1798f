//! The combinatorial decompositions ([`enclosed_carrier`]) against exact search on small
//! boards: filling the carrier with its player's stones keeps the winner with either player
//! to move, also after random stones of either colour outside the carrier.

#[path = "common/hex_exact.rs"]
mod hex_exact;

use hex_exact::{assert_fill_keeps_winner, random_small_positions};
use poda_core::{Player, Rng};
use poda_solve::hex::board::{Board, Masks};
use poda_solve::hex::decompose::{enclosed_carrier, pockets};
use poda_solve::hex::engine::Engine;

/// The player's enclosed carrier in `board` (from a fresh H-search build), and whether the
/// pocket rule alone would have filled all of it.
fn carrier_of(board: &Board, masks: &Masks, player: Player) -> Option<(u128, bool)> {
    let mut engine = Engine::new(masks.size as usize);
    let (e1, e2) = masks.edges(player);
    let own = board.stones[player.index()];
    let opp = board.stones[player.opponent().index()];
    let built = engine.build(own, opp, e1, e2, true);
    if built.connected || built.full.is_some() {
        return None;
    }
    let mut links = Vec::new();
    engine.stone_fulls(&mut links);
    let carrier = enclosed_carrier(board, masks, player, &links)?;
    let by_pockets = carrier & !pockets(board, masks, player, &links) == 0;
    Some((carrier, by_pockets))
}

#[test]
fn an_enclosed_carrier_may_go_to_its_player() {
    let mut rng = Rng::new(31);
    let (mut found, mut beyond_pockets, mut after_stones) = (0, 0, 0);
    for (masks, board) in random_small_positions(&mut rng, 1500, 11) {
        for player in [Player::First, Player::Second] {
            let Some((carrier, by_pockets)) = carrier_of(&board, &masks, player) else {
                continue;
            };
            found += 1;
            beyond_pockets += (!by_pockets) as usize;
            after_stones +=
                assert_fill_keeps_winner(&mut rng, &masks, &board, player, carrier, "carrier");
        }
    }
    eprintln!(
        "{found} carriers, {beyond_pockets} beyond the pockets, {after_stones} with stones added"
    );
    assert!(
        found > 300 && beyond_pockets > 100 && after_stones > 300,
        "only {found} carriers met, {beyond_pockets} beyond the pockets, {after_stones} checks with stones added"
    );
}
