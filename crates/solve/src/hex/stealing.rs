//! Moves lost by strategy stealing (Nash's argument, used by the Hex solvers of Henderson,
//! Arneson and Hayward, "Solving 8x8 Hex", IJCAI 2009).
//!
//! Reflecting the board in either diagonal exchanges Black's edges with White's. A position
//! that such a reflection maps onto itself with the colours exchanged is won by the player
//! to move: if it were lost, the second player's winning strategy, reflected, would win for
//! the player to move after any first stone (an extra stone never hurts in Hex). So a move
//! whose stone makes the mover's stones the reflection of the opponent's loses.

use super::board::{cells, Masks};

/// The moves of the player to move (stones `own`, opponent's `opp`) that leave a position
/// symmetric in the sense of the module doc, with the opponent to move: each loses.
pub fn stealing_losses(masks: &Masks, own: u128, opp: u128) -> u128 {
    // A reflection keeps the number of stones: the image is one stone more than the mover's.
    if opp.count_ones() != own.count_ones() + 1 {
        return 0;
    }
    let last = masks.size * masks.size - 1;
    let empty = masks.board & !own & !opp;
    let mut out = 0;
    for anti in [false, true] {
        let image = cells(opp).fold(0u128, |set, c| {
            let t = masks.transpose(c);
            set | 1 << if anti { last - t } else { t }
        });
        let missing = image & !own;
        // The mover's stones plus one empty cell are exactly the image.
        if missing.count_ones() == 1 && own & !image == 0 && missing & empty != 0 {
            out |= missing;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::hsearch::tests::wins;
    use crate::hex::hsearch::Shape;
    use std::collections::HashMap;

    /// On random 3x3 and 4x4 positions built around a symmetric one, every move the
    /// argument finds loses by plain search, and the argument finds some.
    #[test]
    fn stolen_moves_lose() {
        let mut rng = poda_core::Rng::new(7);
        let mut next = move || rng.next_u64();
        let mut found = 0;
        // (size, positions, fewest symmetric pairs): plain search of 4x4 positions with
        // few stones is the slow part.
        for (size, positions, fewest) in [(3u32, 1000, 1), (4, 300, 3)] {
            let masks = Masks::new(size);
            let shape = Shape::<u128>::new(size as usize);
            let mut memo = HashMap::new();
            for _ in 0..positions {
                // Symmetric positions are rare at random: build one (Black's stones reflected
                // into White's by one diagonal) and take a stone of the player to move away.
                let anti = next() % 2 == 0;
                let pairs = fewest + (next() % 3) as usize;
                let mut stones = [0u128; 2];
                let mut placed = 0;
                for _ in 0..100 {
                    if placed == pairs {
                        break;
                    }
                    let c = (next() % (size * size) as u64) as u32;
                    let t = masks.transpose(c);
                    let t = if anti { size * size - 1 - t } else { t };
                    if c != t && (stones[0] | stones[1]) & (1 << c | 1 << t) == 0 {
                        stones[0] |= 1 << c;
                        stones[1] |= 1 << t;
                        placed += 1;
                    }
                }
                let black = next() % 2 == 0;
                let (me, them) = if black { (0, 1) } else { (1, 0) };
                let drop = cells(stones[me])
                    .nth((next() % stones[me].count_ones() as u64) as usize)
                    .expect("a stone to take away");
                stones[me] &= !(1 << drop);
                let lost = stealing_losses(&masks, stones[me], stones[them]);
                assert!(
                    lost >> drop & 1 == 1,
                    "size {size}: the taken stone's cell is missed"
                );
                for m in cells(lost) {
                    let mut after = stones;
                    after[me] |= 1 << m;
                    let (e1, e2) = if black {
                        (masks.top, masks.bottom)
                    } else {
                        (masks.left, masks.right)
                    };
                    assert!(
                        masks.flood(after[me] & e1, after[me]) & e2 == 0,
                        "a winning stone"
                    );
                    assert!(
                        wins(&shape, after, !black, &mut memo),
                        "size {size}: {m} does not lose"
                    );
                    found += 1;
                }
            }
        }
        assert!(found >= 1300, "only {found} moves found");
    }
}
