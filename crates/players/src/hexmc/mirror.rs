//! `movetime=mirror`: equal thinking time with the opponent, game by game, for matches
//! against programs whose real time per move differs from their setting (MoHex 2.0 at
//! `max_time 1` thinks 0.6-1.9 s a move).

use super::options::DEFAULT_MOVETIME;
use std::time::{Duration, Instant};

/// Equal time with the opponent, game by game: the opponent's thinking time is measured
/// between our moves (its first answer in each game is left out: it may include the
/// program's start-up; MoHex loads its tables when it starts, and once answered its first
/// move in 6 s against 1.5 s for the others). A move gets what keeps this game's time level
/// with the opponent's: its time in this game so far, plus its average over the match for
/// the moves it has not yet made to match ours, less what we spent, within a quarter and
/// four times that average. So the time follows the opponent's (MoHex thinks longest in the
/// opening, where Hex games are decided), and what a proven move did not use is spent on the
/// next ones.
#[derive(Clone, Debug, Default)]
pub(super) struct Mirror {
    /// When our last move was returned, and the ply count after it.
    last: Option<(Instant, u32)>,
    /// Whether the opponent's first answer of this game was seen.
    first_seen: bool,
    /// The opponent's counted time and moves over the match.
    total: Duration,
    moves: u32,
    /// The opponent's counted time and moves in this game, and ours.
    game_total: Duration,
    game_moves: u32,
    own_total: Duration,
    own_moves: u32,
}

impl Mirror {
    /// Before our turn at ply `ply`: the time since our last move was the opponent's, if
    /// exactly one move (theirs) came in between.
    pub(super) fn opponent_moved(&mut self, now: Instant, ply: u32) {
        if let Some((t, p)) = self.last.take() {
            if ply == p + 1 {
                if self.first_seen {
                    self.total += now - t;
                    self.moves += 1;
                    self.game_total += now - t;
                    self.game_moves += 1;
                }
                self.first_seen = true;
            }
        }
    }

    /// After our move at ply `ply - 1`, which took `spent`.
    pub(super) fn stamp(&mut self, now: Instant, ply: u32, spent: Duration) {
        self.last = Some((now, ply));
        self.own_total += spent;
        self.own_moves += 1;
    }

    /// A new game: its first answer is not counted.
    pub(super) fn new_game(&mut self) {
        self.last = None;
        self.first_seen = false;
        self.game_total = Duration::ZERO;
        self.game_moves = 0;
        self.own_total = Duration::ZERO;
        self.own_moves = 0;
    }

    /// The opponent's average over the match (1 s before any).
    fn average(&self) -> Duration {
        if self.moves == 0 {
            return DEFAULT_MOVETIME;
        }
        self.total / self.moves
    }

    /// This move's time (see [`Mirror`]), within 50 ms..120 s.
    pub(super) fn budget(&self) -> Duration {
        let avg = self.average().as_secs_f64();
        let missing = (self.own_moves + 1) as f64 - self.game_moves as f64;
        let level = self.game_total.as_secs_f64() + avg * missing - self.own_total.as_secs_f64();
        let secs = level.clamp(avg / 4.0, avg * 4.0).clamp(0.05, 120.0);
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

    #[test]
    fn mirror_keeps_each_games_time_level_with_the_opponents() {
        let mut m = Mirror::default();
        assert_eq!(m.budget(), DEFAULT_MOVETIME);
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        // We move first and take what we are given; the opponent's first answer (6 s: a
        // program starting) is not counted.
        for (i, t) in [6000, 400, 600].into_iter().enumerate() {
            let i = 2 * i as u32 + 1;
            m.stamp(t0, i, m.budget());
            m.opponent_moved(t0 + ms(t), i + 1);
        }
        // We spent 1 s twice (the default, before any answer counted), then 100 ms (a
        // quarter of 400 ms: we were ahead); the opponent's 400 + 600 ms are counted over
        // two moves: level = 1000 + 500 * (4 - 2) - 2100 = -100 ms, held at a quarter of
        // the 500 ms average.
        assert_eq!(millis(m.budget()), 125);
        // A gap of more than one move is not counted.
        m.stamp(t0, 7, ms(125));
        m.opponent_moved(t0 + Duration::from_secs(9), 9);
        assert_eq!(m.game_moves, 2);
        // Next game: nothing spent yet, so the average; then the opponent's profile with
        // one move's lag (its 3 s answer is the first one, left out).
        m.new_game();
        assert_eq!(millis(m.budget()), 500);
        for (i, t) in [3000, 800, 2000].into_iter().enumerate() {
            let i = 2 * i as u32;
            m.stamp(t0, i, ms(600));
            m.opponent_moved(t0 + ms(t), i + 1);
        }
        // Match average (400 + 600 + 800 + 2000) / 4 = 950 ms; this game 2800 ms over two
        // counted moves; we spent 1800 ms over three: 2800 + 950 * 2 - 1800 = 2900 ms.
        assert_eq!(millis(m.budget()), 2900);
        // A proven move that returned at once leaves its time for the next, up to four
        // times the average.
        m.stamp(t0, 6, ms(1));
        m.opponent_moved(t0 + ms(950), 7);
        assert_eq!(millis(m.budget()), 3800);
    }
}
