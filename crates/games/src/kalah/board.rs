//! The Kalah board seen from the side to move, and the one sowing routine every Kalah user
//! (the game, the endgame table, the solver) goes through.
//!
//! The pits and the mover's store are kept in sowing order, a ring of `2m + 1` cells (the
//! opponent's store is skipped by the rules, so it sits outside the ring):
//!
//! ```text
//! index   0 .. m-1            m             m+1 .. 2m
//!         own Pm .. own P1    own store     opponent Pm .. opponent P1
//! ```
//!
//! Sowing from own `Pk` (index `m - k`) drops one seed in each following index, wrapping
//! round, so `s` seeds make `s / (2m+1)` full laps (every cell, the emptied origin included,
//! gets one seed per lap) and the rest go to the next `s % (2m+1)` cells. Own `Pk` faces the
//! opponent's `P(m+1-k)`, which is index `2m - i` for own index `i`. When the turn passes, the
//! two halves and the two stores swap, so the board is always seen from the side to move.
//! Rules: `shared/rules/mancala.md` (the course's engine, standard Kalah).

/// Most pits per side.
pub const MAX_PITS: usize = 12;
/// Cells of the longest ring: both sides' pits and one store.
pub const RING: usize = 2 * MAX_PITS + 1;

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sown {
    /// The last seed fell in the mover's store: the mover moves again (the board was not
    /// turned round).
    pub extra_turn: bool,
    /// The move captured (the last seed fell in an own empty pit).
    pub capture: bool,
    /// One side had no seeds left after the move: both sides were swept into their stores.
    pub over: bool,
}

/// The pits and stores from the side to move's view (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u16; RING],
    opp_store: u16,
    pits: u8,
}

impl Board {
    /// `pits` pits per side (1..=[`MAX_PITS`]) holding `seeds` each, empty stores.
    pub fn new(pits: usize, seeds: u16) -> Board {
        assert!((1..=MAX_PITS).contains(&pits), "1..=12 pits");
        let mut cells = [0; RING];
        for (i, c) in cells[..2 * pits + 1].iter_mut().enumerate() {
            if i != pits {
                *c = seeds;
            }
        }
        Board {
            cells,
            opp_store: 0,
            pits: pits as u8,
        }
    }

    /// A board from each side's store and pits `P1..Pm` (mover first). The caller checks sizes.
    pub fn from_sides(own: (u16, &[u16]), opp: (u16, &[u16])) -> Board {
        let m = own.1.len();
        assert!((1..=MAX_PITS).contains(&m) && opp.1.len() == m);
        let mut board = Board {
            cells: [0; RING],
            opp_store: opp.0,
            pits: m as u8,
        };
        board.cells[m] = own.0;
        for k in 1..=m {
            board.cells[m - k] = own.1[k - 1];
            board.cells[2 * m + 1 - k] = opp.1[k - 1];
        }
        board
    }

    /// A board with empty stores from both sides' pits in ring order (own `Pm..P1`, then the
    /// opponent's `Pm..P1`, as [`Board::pit_cells`] gives them): `cells.len()` is `2 * pits`.
    pub fn from_pit_cells(cells: &[u16]) -> Board {
        let m = cells.len() / 2;
        assert!((1..=MAX_PITS).contains(&m) && cells.len() == 2 * m);
        let mut board = Board {
            cells: [0; RING],
            opp_store: 0,
            pits: m as u8,
        };
        board.cells[..m].copy_from_slice(&cells[..m]);
        board.cells[m + 1..2 * m + 1].copy_from_slice(&cells[m..]);
        board
    }

    /// Pits per side.
    #[inline]
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// Seeds in the mover's pit `Pk` (`k` in 1..=m).
    #[inline]
    pub fn own_pit(&self, k: usize) -> u16 {
        self.cells[self.pits() - k]
    }

    /// Seeds in the opponent's pit `Pk` (`k` in 1..=m).
    #[inline]
    pub fn opp_pit(&self, k: usize) -> u16 {
        self.cells[2 * self.pits() + 1 - k]
    }

    #[inline]
    pub fn own_store(&self) -> u16 {
        self.cells[self.pits()]
    }

    #[inline]
    pub fn opp_store(&self) -> u16 {
        self.opp_store
    }

    /// The mover's pits in ring order (`Pm` first, `P1` last).
    #[inline]
    pub fn own_cells(&self) -> &[u16] {
        &self.cells[..self.pits()]
    }

    /// The opponent's pits in ring order (`Pm` first, `P1` last).
    #[inline]
    pub fn opp_cells(&self) -> &[u16] {
        let m = self.pits();
        &self.cells[m + 1..2 * m + 1]
    }

    /// Seeds on the mover's side, on the opponent's side.
    #[inline]
    pub fn side_seeds(&self) -> (u32, u32) {
        let sum = |c: &[u16]| c.iter().map(|&x| x as u32).sum();
        (sum(self.own_cells()), sum(self.opp_cells()))
    }

    /// Seeds still in pits (both sides).
    #[inline]
    pub fn seeds_in_pits(&self) -> u32 {
        let (a, b) = self.side_seeds();
        a + b
    }

    /// Every seed on the board, stores included.
    pub fn total_seeds(&self) -> u32 {
        self.seeds_in_pits() + self.own_store() as u32 + self.opp_store as u32
    }

    /// Own store minus the opponent's store.
    #[inline]
    pub fn margin(&self) -> i32 {
        self.own_store() as i32 - self.opp_store as i32
    }

    /// The pits of both sides in ring order (own `Pm..P1`, then opponent `Pm..P1`): the
    /// configuration that decides the rest of the game, stores aside.
    #[inline]
    pub fn pit_cells(&self) -> impl Iterator<Item = u16> + '_ {
        self.own_cells()
            .iter()
            .chain(self.opp_cells().iter())
            .copied()
    }

    /// True if own pit `Pk` exists and holds seeds.
    #[inline]
    pub fn can_sow(&self, k: usize) -> bool {
        (1..=self.pits()).contains(&k) && self.own_pit(k) > 0
    }

    /// Would sowing `Pk` end in the mover's store (an extra turn)? `Pk` must hold seeds.
    #[inline]
    pub fn gives_extra_turn(&self, k: usize) -> bool {
        self.own_pit(k) as usize % (2 * self.pits() + 1) == k
    }

    /// The seeds a move from `Pk` would capture (the opposite pit plus the capturing seed), 0
    /// if it captures nothing. `Pk` must hold seeds.
    pub fn capture_size(&self, k: usize, empty_capture: bool) -> u32 {
        let m = self.pits();
        let len = 2 * m + 1;
        let start = m - k;
        let seeds = self.cells[start] as usize;
        let (laps, rest) = (seeds / len, seeds % len);
        let last = (start + rest) % len;
        if last >= m {
            return 0;
        }
        // The landing pit's count after sowing: the emptied origin gets one seed per lap;
        // any other pit keeps what it had, plus one per lap, plus the last seed.
        let landing = if last == start {
            laps
        } else {
            self.cells[last] as usize + laps + 1
        };
        if landing != 1 {
            return 0;
        }
        // The opposite pit lies past the mover's store: the partial lap reaches it only if it
        // wraps round the end of the ring.
        let wrapped = start + rest >= len;
        let opposite = self.cells[2 * m - last] as usize + laps + usize::from(wrapped);
        if opposite > 0 || empty_capture {
            (opposite + 1) as u32
        } else {
            0
        }
    }

    /// Sows own pit `Pk` (`k` in 1..=m, non-empty): the whole move, with capture, end-of-game
    /// sweep, and turning the board round unless the mover moves again.
    pub fn sow(&mut self, k: usize, empty_capture: bool) -> Sown {
        let m = self.pits();
        let len = 2 * m + 1;
        let start = m - k;
        let seeds = self.cells[start] as usize;
        debug_assert!(
            k >= 1 && k <= m && seeds > 0,
            "sowing an empty or missing pit"
        );
        self.cells[start] = 0;
        let laps = (seeds / len) as u16;
        if laps > 0 {
            for c in &mut self.cells[..len] {
                *c += laps;
            }
        }
        let end = start + seeds % len;
        if end < len {
            for c in &mut self.cells[start + 1..=end] {
                *c += 1;
            }
        } else {
            for c in &mut self.cells[start + 1..len] {
                *c += 1;
            }
            for c in &mut self.cells[..=end - len] {
                *c += 1;
            }
        }
        let last = end % len;
        let extra_turn = last == m;
        let mut capture = false;
        if last < m && self.cells[last] == 1 {
            let opposite = 2 * m - last;
            if self.cells[opposite] > 0 || empty_capture {
                self.cells[m] += 1 + self.cells[opposite];
                self.cells[last] = 0;
                self.cells[opposite] = 0;
                capture = true;
            }
        }
        let (own, opp) = self.side_seeds();
        let over = own == 0 || opp == 0;
        if over {
            self.cells[m] += own as u16;
            self.opp_store += opp as u16;
            self.cells[..m].fill(0);
            self.cells[m + 1..len].fill(0);
        }
        if !extra_turn {
            self.turn_round();
        }
        Sown {
            extra_turn,
            capture,
            over,
        }
    }

    /// Sows `Pk` and returns what it did and the mover's gain: how much the move raised the
    /// mover's store minus the opponent's (the sweep included).
    #[inline]
    pub fn sow_gain(&mut self, k: usize, empty_capture: bool) -> (Sown, i32) {
        let before = self.margin();
        let sown = self.sow(k, empty_capture);
        let after = if sown.extra_turn {
            self.margin()
        } else {
            -self.margin()
        };
        (sown, after - before)
    }

    /// The same position seen from the other side.
    pub fn turn_round(&mut self) {
        let m = self.pits();
        let (own, rest) = self.cells.split_at_mut(m);
        own.swap_with_slice(&mut rest[1..m + 1]);
        std::mem::swap(&mut self.cells[m], &mut self.opp_store);
    }

    /// A hash of the pits and stores (not of who is to move, which the board does not know).
    #[inline]
    pub fn hash(&self) -> u64 {
        let len = 2 * self.pits() + 1;
        // The opponent's store is mixed in alone first: XORed into the same word as a pit,
        // two positions could cancel out.
        let mut h = mix64(0x243F_6A88_85A3_08D3u64 ^ self.opp_store as u64);
        for chunk in self.cells[..len].chunks(4) {
            let mut word = 0u64;
            for (i, &c) in chunk.iter().enumerate() {
                word |= (c as u64) << (16 * i);
            }
            h = mix64(h ^ word);
        }
        h
    }
}

/// A bijective 64-bit mixer (the finaliser of splitmix64, Steele, Lea and Flood 2014).
#[inline]
pub fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides(b: &Board) -> (Vec<u16>, Vec<u16>) {
        let m = b.pits();
        let own = std::iter::once(b.own_store())
            .chain((1..=m).map(|k| b.own_pit(k)))
            .collect();
        let opp = std::iter::once(b.opp_store())
            .chain((1..=m).map(|k| b.opp_pit(k)))
            .collect();
        (own, opp)
    }

    #[test]
    fn opening_moves_of_kalah_6_4() {
        let mut b = Board::new(6, 4);
        let s = b.sow(4, false);
        assert!(s.extra_turn && !s.capture && !s.over);
        assert_eq!(
            sides(&b),
            (vec![1, 5, 5, 5, 0, 4, 4], vec![0, 4, 4, 4, 4, 4, 4])
        );
        let mut b = Board::new(6, 4);
        let s = b.sow(1, false);
        assert!(!s.extra_turn);
        // Turned round: the opponent (J2) is now "own".
        assert_eq!(
            sides(&b),
            (vec![0, 4, 4, 4, 5, 5, 5], vec![1, 0, 4, 4, 4, 4, 4])
        );
    }

    #[test]
    fn capture_size_and_extra_turn_predict_sow() {
        // Every pit of many random boards: the predictions match what sowing does.
        let mut state = 7u64;
        let mut captures = 0;
        for round in 0..20_000u64 {
            state = mix64(state ^ round);
            let m = 1 + (state % 6) as usize;
            let own: Vec<u16> = (0..m)
                .map(|i| (mix64(state + i as u64) % 16) as u16)
                .collect();
            let opp: Vec<u16> = (0..m)
                .map(|i| (mix64(state + 100 + i as u64) % 3) as u16)
                .collect();
            let b = Board::from_sides((3, &own), (2, &opp));
            for k in (1..=m).filter(|&k| b.can_sow(k)) {
                for empty in [false, true] {
                    let predicted = b.capture_size(k, empty);
                    let mut c = b;
                    let s = c.sow(k, empty);
                    assert_eq!(s.extra_turn, b.gives_extra_turn(k), "{b:?} k={k}");
                    assert_eq!(s.capture, predicted > 0, "{b:?} k={k} empty={empty}");
                    if s.capture && !s.over {
                        // Turned round: the mover's store is now the opponent's. It grew by
                        // one seed per lap, one if the partial lap passed it, and the capture.
                        let seeds = b.own_pit(k) as u32;
                        let len = 2 * m as u32 + 1;
                        let passes = u32::from(seeds % len >= k as u32);
                        let grown = (c.opp_store() - b.own_store()) as u32;
                        assert_eq!(grown, predicted + seeds / len + passes, "{b:?} k={k}");
                        captures += 1;
                    }
                }
            }
        }
        assert!(captures > 1000, "{captures} captures checked");
    }
}
