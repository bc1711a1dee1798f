//! `movetime=mirror`: equal thinking time with the opponent, game by game, for matches
//! against programs whose real time per move differs from their setting (MoHex 2.0 at
//! `max_time 1` thinks 0.6-1.9 s a move; at `max_time 5` up to 5 s on its first moves and
//! next to nothing once it has proved the game, 1.2 s a move on average on 9x9).

use super::options::DEFAULT_MOVETIME;
use std::time::{Duration, Instant};

/// An opponent's move seen sooner than this after the one before it was not thought about
/// (an opening move, handed to both players at once); it counts as no time in the game's
/// balance and is left out of the opponent's averages.
const MIN_THINK: Duration = Duration::from_millis(1);
/// The expected time of the opponent's move at a ply pools its moves this many plies to
/// either side over the match (so both colours' games feed every ply).
const PLY_WINDOW: usize = 1;

/// Equal time with the opponent, game by game. The opponent's time for a move is the time
/// from the move before it being seen to this one being seen ([`Mirror::seen`], called for
/// every move of the game). Our move at ply `q` gets what keeps this game's time level with
/// the opponent's: its time at the plies before `q`, plus what it is expected to take for
/// its answer at `q + 1`, less what we spent, within a quarter and four times that
/// expectation (or the opponent's average, if further out). The expectation is its average
/// over the match at plies near `q + 1`, so the time follows the opponent's profile: MoHex
/// thinks longest in the opening, where Hex games are decided, and at once in proved
/// positions. What a proven or settled move did not use is spent on the next ones. The
/// opponent's first timed move of the match is left out (it may hold the program's
/// start-up: MoHex loads its tables when it starts, and once answered its first move in
/// 6 s against 1.5 s for the others) and counts as its expectation.
#[derive(Clone, Debug, Default)]
pub(super) struct Mirror {
    /// When the last move was seen, and the ply after it.
    last_seen: Option<(Instant, u32)>,
    /// This game's time for the move at each ply (not timed: `None`).
    game: Vec<Option<Duration>>,
    /// The parity of our plies in this game, once we have moved.
    our_parity: Option<u32>,
    /// The plies of this game whose opponent's times are in the match statistics.
    folded: usize,
    /// Our time spent in this game.
    own_total: Duration,
    /// The opponent's time by ply over the match: sum and count.
    by_ply: Vec<(Duration, u32)>,
    /// The opponent's counted time and moves over the match.
    total: Duration,
    moves: u32,
    /// Whether the opponent's first timed move of the match has been seen, and its ply if
    /// it was in this game.
    started: bool,
    startup_ply: Option<usize>,
}

impl Mirror {
    /// The move at `ply` was seen (ours or the opponent's) at `now`.
    pub(super) fn seen(&mut self, now: Instant, ply: u32) {
        let gap = self
            .last_seen
            .filter(|&(_, p)| p == ply)
            .map(|(t, _)| now.saturating_duration_since(t));
        let i = ply as usize;
        if self.game.len() <= i {
            self.game.resize(i + 1, None);
        }
        self.game[i] = gap;
        self.last_seen = Some((now, ply + 1));
    }

    /// Our move took `spent`.
    pub(super) fn spent(&mut self, spent: Duration) {
        self.own_total += spent;
    }

    /// A new game: what is left of the last one goes into the match statistics.
    pub(super) fn new_game(&mut self) {
        self.fold(self.game.len());
        self.last_seen = None;
        self.game.clear();
        self.our_parity = None;
        self.folded = 0;
        self.own_total = Duration::ZERO;
        self.startup_ply = None;
    }

    /// Adds the opponent's timed moves before ply `upto` to the match statistics.
    fn fold(&mut self, upto: usize) {
        let Some(ours) = self.our_parity else {
            return;
        };
        for p in self.folded..upto.min(self.game.len()) {
            let Some(t) = self.thought(p).filter(|_| p as u32 % 2 != ours) else {
                continue;
            };
            if !self.started {
                self.started = true;
                self.startup_ply = Some(p);
                continue;
            }
            if self.by_ply.len() <= p {
                self.by_ply.resize(p + 1, (Duration::ZERO, 0));
            }
            self.by_ply[p].0 += t;
            self.by_ply[p].1 += 1;
            self.total += t;
            self.moves += 1;
        }
        self.folded = self.folded.max(upto.min(self.game.len()));
    }

    /// The time the move at `ply` of this game was thought about, if it was timed and not
    /// seen at once.
    fn thought(&self, ply: usize) -> Option<Duration> {
        self.game
            .get(ply)
            .copied()
            .flatten()
            .filter(|&t| t >= MIN_THINK)
    }

    /// The opponent's average over the match (1 s before any).
    fn average(&self) -> Duration {
        match self.moves {
            0 => DEFAULT_MOVETIME,
            n => self.total / n,
        }
    }

    /// The opponent's expected time for a move at `ply`: its average over the match at the
    /// plies within [`PLY_WINDOW`] of it, else its average.
    fn expected(&self, ply: usize) -> Duration {
        let near = ply.saturating_sub(PLY_WINDOW)..(ply + PLY_WINDOW + 1).min(self.by_ply.len());
        let (sum, n) = self
            .by_ply
            .get(near)
            .unwrap_or(&[])
            .iter()
            .fold((Duration::ZERO, 0u32), |(s, n), &(t, k)| (s + t, n + k));
        match n {
            0 => self.average(),
            n => sum / n,
        }
    }

    /// The time of our move at ply `ply` (see [`Mirror`]), within 50 ms..120 s.
    pub(super) fn budget(&mut self, ply: u32) -> Duration {
        self.our_parity = Some(ply % 2);
        self.fold(ply as usize);
        let q = ply as usize;
        let theirs: Duration = (0..q.min(self.game.len()))
            .filter(|&p| p % 2 != q % 2)
            .map(|p| match self.startup_ply == Some(p) {
                true => self.expected(p),
                false => self.thought(p).unwrap_or_default(),
            })
            .sum();
        let reply = self.expected(q + 1);
        let level = (theirs + reply).as_secs_f64() - self.own_total.as_secs_f64();
        let avg = self.average().as_secs_f64();
        let (low, high) = (avg.min(reply.as_secs_f64()), avg.max(reply.as_secs_f64()));
        let secs = level.clamp(low / 4.0, high * 4.0).clamp(0.05, 120.0);
        Duration::from_secs_f64(secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole milliseconds (the budget's float arithmetic is exact to far below that).
    fn millis(d: Duration) -> u128 {
        (d.as_secs_f64() * 1000.0).round() as u128
    }

    /// Plays one game on `m` from ply 0: two opening plies seen at once, then moves
    /// alternately, ours (at the plies of `our_parity`) taking what the budget gives; the
    /// opponent's k-th move takes `theirs[k]` ms. Returns our budgets.
    fn play(m: &mut Mirror, t: &mut Instant, our_parity: u32, theirs: &[u64]) -> Vec<u128> {
        let ms = Duration::from_millis;
        m.new_game();
        m.seen(*t, 0);
        m.seen(*t, 1);
        let mut budgets = Vec::new();
        let mut next = theirs.iter();
        for ply in 2..40 {
            if ply % 2 == our_parity {
                let b = m.budget(ply);
                budgets.push(millis(b));
                m.spent(b);
                *t += b;
            } else {
                match next.next() {
                    Some(&k) => *t += ms(k),
                    None => break,
                }
            }
            m.seen(*t, ply);
        }
        budgets
    }

    #[test]
    fn mirror_follows_the_opponents_time_ply_by_ply() {
        let mut m = Mirror::default();
        let mut t = Instant::now();
        // First game, we are second; the opponent thinks 6 s (its first move of the match:
        // a program starting, left out), 5 s, 1 s, then 100 ms a move.
        let b = play(&mut m, &mut t, 1, &[6000, 5000, 1000, 100, 100, 100]);
        // Ply 3: its start-up move counts as its average (none yet: 1 s), and its reply is
        // expected at 1 s: 2 s. Ply 5: that move at its average (now 5 s) + 5 s + 5 s
        // expected, less our 2 s: 13 s. Ply 7: 3 + 5 + 1 + 3 - 15 = -3 s, held at a quarter
        // of its 3 s average. Ply 9: held at a quarter of 6.1 s / 3.
        assert_eq!(b[..4], [2000, 13000, 750, 508]);
        // Second game, we are first: our opening move gets what it thought at plies 2 to 4
        // over the match (5 s at ply 4; the start-up move is left out), not its 1.26 s
        // average. Ply 4: 0.1 s + 3 s expected (5 s and 1 s at plies 4 and 6) - 5 s, held
        // at a quarter of its average, 6.4 s / 6.
        let b = play(&mut m, &mut t, 0, &[100, 100, 100]);
        assert_eq!(b[..2], [5000, 267]);
    }

    /// A move not thought about (the opening, seen at once) adds nothing to the balance, and
    /// a gap of more than one ply (a move not seen) is not timed.
    #[test]
    fn moves_seen_at_once_or_unseen_are_not_timed() {
        let mut m = Mirror::default();
        let t = Instant::now();
        m.new_game();
        m.seen(t, 0);
        m.seen(t, 1);
        assert_eq!(m.game, vec![None, Some(Duration::ZERO)]);
        m.seen(t + Duration::from_secs(3), 3);
        assert_eq!(m.game[3], None);
        // Before anything is counted: the default for us and for the reply.
        assert_eq!(m.budget(4), DEFAULT_MOVETIME);
    }
}
