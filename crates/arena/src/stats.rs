//! Match statistics: win/draw/loss tallies and the Elo difference with a 95% interval.
//!
//! The Elo difference of a score fraction `s` is `-400 log10(1/s - 1)` (the logistic model
//! of the Elo system). The interval maps `s ± 1.96 σ/√n` through the same function, where
//! `σ` is the standard deviation of the per-game points (1, ½, 0): the normal approximation
//! used by cutechess-cli and most engine testers. A score of 0 or 1 has no finite Elo; it is
//! reported as `None`.

use serde::Serialize;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Adds a result: 1 win, 0.5 draw, 0 loss.
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    pub fn merged(&self, other: &Tally) -> Tally {
        Tally {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }

    /// Score fraction in [0, 1]; 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / n as f64
        }
    }

    /// Elo difference and its 95% interval (`None` where infinite).
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        let s = self.score();
        if n == 0.0 {
            return EloEstimate {
                elo: Some(0.0),
                low: None,
                high: None,
            };
        }
        let mean_sq = (self.wins as f64 + 0.25 * self.draws as f64) / n;
        let sigma = (mean_sq - s * s).max(0.0).sqrt();
        let half = Z95 * sigma / n.sqrt();
        EloEstimate {
            elo: elo_of(s),
            low: elo_of(s - half),
            high: elo_of(s + half),
        }
    }
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    pub elo: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
}

/// Elo difference of a score fraction; `None` outside (0, 1).
pub fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

impl EloEstimate {
    /// The estimate and its interval as text (`+35.2`, `+inf`, `-inf`), given the score
    /// fraction it came from (which decides the sign of an infinite value).
    pub fn describe(&self, score: f64) -> [String; 3] {
        let text = |v: Option<f64>, infinite_positive: bool| match v {
            Some(v) => format!("{v:+.1}"),
            None if infinite_positive => "+inf".to_string(),
            None => "-inf".to_string(),
        };
        [
            text(self.elo, score >= 0.5),
            text(self.low, score >= 1.0),
            text(self.high, score > 0.0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_formula() {
        assert_eq!(elo_of(0.5), Some(0.0));
        // 76% is about +200 Elo (the classic table value 200 <-> 0.7597).
        assert!((elo_of(0.7597).unwrap() - 200.0).abs() < 0.5);
        assert!((elo_of(0.2403).unwrap() + 200.0).abs() < 0.5);
        assert_eq!(elo_of(1.0), None);
        assert_eq!(elo_of(0.0), None);
    }

    #[test]
    fn tally_and_interval() {
        let mut t = Tally::default();
        for p in [1.0, 1.0, 1.0, 0.5, 0.0, 1.0, 0.5, 0.0, 1.0, 1.0] {
            t.add(p);
        }
        assert_eq!((t.wins, t.draws, t.losses), (6, 2, 2));
        assert_eq!(t.points(), 7.0);
        let e = t.elo();
        let elo = e.elo.unwrap();
        assert!(e.low.unwrap() < elo && elo < e.high.unwrap());
        assert!(elo > 100.0 && elo < 200.0, "{elo}");
        let all_wins = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all_wins.elo().elo, None);
        assert_eq!(all_wins.elo().describe(1.0), ["+inf", "+inf", "+inf"]);
        let mostly = Tally {
            wins: 9,
            draws: 0,
            losses: 1,
        };
        let [elo, low, high] = mostly.elo().describe(mostly.score());
        assert!(elo.starts_with('+') && elo != "+inf", "{elo}");
        assert!(low.parse::<f64>().is_ok(), "{low}");
        assert_eq!(high, "+inf");
    }
}
