//! The combinatorial decompositions ([`enclosed_carrier`]) against exact search on small
//! boards: filling the carrier with its player's stones keeps the winner with either player
//! to move, also after random stones of either colour outside the carrier.

#[path = "common/hex_exact.rs"]
mod hex_exact;

use hex_exact::{random_unfinished, wins, Memo};
use poda_core::{Player, Rng};
use poda_solve::hex::board::{cells, Board, Masks};
use poda_solve::hex::decompose::{enclosed_carrier, pockets};
use poda_solve::hex::engine::Engine;

/// Random unfinished positions of 4x4 and 5x5 boards (5x5 with at least 11 stones, so the
/// plain search stays small), either player to move.
fn random_positions(rng: &mut Rng, count: usize) -> Vec<(Masks, Board)> {
    let mut out = Vec::new();
    while out.len() < count {
        let size = [4, 5, 5][rng.index(3)];
        let masks = Masks::new(size);
        let cells_n = (size * size) as usize;
        let least = if size == 5 { 11 } else { 4 };
        let stones = least + rng.index(cells_n - least - 2);
        let to_move = if rng.index(2) == 0 {
            Player::First
        } else {
            Player::Second
        };
        if let Some(board) = random_unfinished(rng, &masks, stones, to_move) {
            out.push((masks, board));
        }
    }
    out
}

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
    for (masks, board) in random_positions(&mut rng, 1500) {
        for player in [Player::First, Player::Second] {
            let Some((carrier, by_pockets)) = carrier_of(&board, &masks, player) else {
                continue;
            };
            found += 1;
            beyond_pockets += (!by_pockets) as usize;
            let mut base = board;
            for extra in 0..4 {
                if extra > 0 {
                    let outside: Vec<u32> = cells(base.empty(&masks) & !carrier).collect();
                    if outside.len() < 2 {
                        break;
                    }
                    let c = outside[rng.index(outside.len())];
                    base.stones[rng.index(2)] |= 1u128 << c;
                    if base.has_won(&masks, Player::First) || base.has_won(&masks, Player::Second) {
                        break;
                    }
                    after_stones += 1;
                }
                let mut filled = base;
                filled.stones[player.index()] |= carrier;
                for to_move in [Player::First, Player::Second] {
                    let (mut b, mut f) = (base, filled);
                    b.to_move = to_move;
                    f.to_move = to_move;
                    let mut memo = Memo::new();
                    let before = wins(&b, &masks, &mut memo);
                    let won_filled = f.has_won(&masks, to_move)
                        || (!f.has_won(&masks, to_move.opponent()) && wins(&f, &masks, &mut memo));
                    assert_eq!(
                        before, won_filled,
                        "{player:?}'s carrier {carrier:#x} changes the winner of {b:?}"
                    );
                }
            }
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
