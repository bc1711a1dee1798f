//! A slow, obviously correct Kalah: the board as the physical ring of `2m + 2` holes (both
//! players' pits and both stores, in sowing order), seeds dropped one at a time, skipping the
//! opponent's store, then the capture and end rules read straight from the rules file. Used
//! only as the oracle of the fast implementation.

use poda_core::{Outcome, Player};

/// A hole of the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hole {
    /// `Pit(player, k)`: the player's pit Pk (P1 next to the player's store).
    Pit(usize, usize),
    Store(usize),
}

#[derive(Clone, Debug)]
pub struct Naive {
    pub m: usize,
    pub empty_capture: bool,
    /// `pits[player][k - 1]` for Pk; player 0 moves first.
    pub pits: [Vec<u32>; 2],
    pub stores: [u32; 2],
    pub to_move: usize,
    pub over: bool,
    ring: Vec<Hole>,
}

impl Naive {
    pub fn new(m: usize, n: u32, empty_capture: bool) -> Naive {
        Naive {
            m,
            empty_capture,
            pits: [vec![n; m], vec![n; m]],
            stores: [0, 0],
            to_move: 0,
            over: false,
            ring: Self::ring(m),
        }
    }

    /// The ring in sowing order: player 0's Pm..P1, its store, player 1's Pm..P1, its store.
    fn ring(m: usize) -> Vec<Hole> {
        let mut ring = Vec::new();
        for player in 0..2 {
            for k in (1..=m).rev() {
                ring.push(Hole::Pit(player, k));
            }
            ring.push(Hole::Store(player));
        }
        ring
    }

    fn get(&mut self, hole: Hole) -> &mut u32 {
        match hole {
            Hole::Pit(p, k) => &mut self.pits[p][k - 1],
            Hole::Store(p) => &mut self.stores[p],
        }
    }

    /// Pits 1..m that hold seeds, while the game goes on.
    pub fn legal_moves(&self) -> Vec<u8> {
        if self.over {
            return Vec::new();
        }
        (1..=self.m)
            .filter(|&k| self.pits[self.to_move][k - 1] > 0)
            .map(|k| k as u8)
            .collect()
    }

    /// Plays pit `k` of the player to move (assumed legal).
    pub fn play(&mut self, k: usize) {
        let me = self.to_move;
        let ring = self.ring.clone();
        let mut at = ring
            .iter()
            .position(|&h| h == Hole::Pit(me, k))
            .expect("the pit is on the ring");
        let mut hand = std::mem::take(&mut self.pits[me][k - 1]);
        while hand > 0 {
            at = (at + 1) % ring.len();
            if ring[at] == Hole::Store(1 - me) {
                continue;
            }
            *self.get(ring[at]) += 1;
            hand -= 1;
        }
        let last = ring[at];
        let mut again = false;
        match last {
            Hole::Store(p) if p == me => again = true,
            Hole::Pit(p, j) if p == me && self.pits[me][j - 1] == 1 => {
                let facing = self.m + 1 - j;
                let opposite = self.pits[1 - me][facing - 1];
                if opposite > 0 || self.empty_capture {
                    self.stores[me] += opposite + 1;
                    self.pits[me][j - 1] = 0;
                    self.pits[1 - me][facing - 1] = 0;
                }
            }
            _ => {}
        }
        if self.pits[0].iter().all(|&s| s == 0) || self.pits[1].iter().all(|&s| s == 0) {
            for p in 0..2 {
                self.stores[p] += self.pits[p].iter().sum::<u32>();
                self.pits[p].iter_mut().for_each(|s| *s = 0);
            }
            self.over = true;
        }
        if !again {
            self.to_move = 1 - me;
        }
    }

    pub fn outcome(&self) -> Outcome {
        if !self.over {
            Outcome::Ongoing
        } else if self.stores[0] > self.stores[1] {
            Outcome::Win(Player::First)
        } else if self.stores[1] > self.stores[0] {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        }
    }

    pub fn player(&self) -> Player {
        if self.to_move == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The board string of the rules file: `s1,p1..pm/s2,p1..pm`.
    pub fn board_string(&self) -> String {
        let side = |p: usize| {
            std::iter::once(self.stores[p])
                .chain(self.pits[p].iter().copied())
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{}/{}", side(0), side(1))
    }
}
