//! Ratings of many players from their games: the maximum-likelihood Bradley-Terry model on
//! the Elo scale, with 95% intervals.
//!
//! Model: player i scores against j with expectation `p_ij = 1 / (1 + 10^((r_j - r_i)/400))`;
//! a draw counts as half a win and half a loss, as Ordo and most engine testers count it.
//! The ratings maximise the likelihood `Π p_ij^(s_ij) (1 - p_ij)^(n_ij - s_ij)` over all
//! pairs (`s_ij` = points of i against j in `n_ij` games). They are found with the
//! minorisation-maximisation iteration of Hunter (2004, "MM algorithms for generalized
//! Bradley-Terry models"): `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, with `γ = 10^(r/400)`.
//!
//! A player who won or lost every game has no finite maximum; like BayesElo, a prior of
//! virtual draws between each pair that met keeps every rating finite (and pulls ratings from
//! short tournaments slightly together). Ratings are given relative to their mean (the mean is
//! 0). The 95% interval is `r ± 1.96 σ`, with σ² the diagonal of the inverse of the observed
//! Fisher information restricted to mean-zero ratings (the Moore-Penrose inverse of the
//! information matrix, a weighted graph Laplacian). Counting draws as half points makes it
//! slightly conservative when there are many draws.

use serde::Serialize;

/// Virtual draws added to every pair of players that met (see the module doc).
pub const PRIOR_DRAWS: f64 = 1.0;
/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;
/// Iteration stops when no rating moves by more than this (Elo).
const TOLERANCE_ELO: f64 = 1e-7;
const MAX_ITERATIONS: usize = 100_000;

/// Elo per natural-log unit of the odds.
fn elo_per_nat() -> f64 {
    400.0 / std::f64::consts::LN_10
}

/// Games between two players: `points` is what `a` scored against `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    pub a: usize,
    pub b: usize,
    pub games: f64,
    pub points: f64,
}

/// Fitted ratings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ratings {
    /// Elo of each player, mean 0.
    pub elo: Vec<f64>,
    /// Half-width of each 95% interval; infinite for a player who played no game.
    pub ci95: Vec<f64>,
    pub iterations: usize,
}

/// Fits the ratings of `players` players from their results, with `prior_draws` virtual draws
/// per pair that met.
pub fn fit(players: usize, results: &[PairResult], prior_draws: f64) -> Ratings {
    // Symmetric games and points matrices, prior included.
    let mut games = vec![vec![0.0; players]; players];
    let mut points = vec![0.0; players];
    for r in results {
        if r.a == r.b || r.a >= players || r.b >= players || r.games <= 0.0 {
            continue;
        }
        games[r.a][r.b] += r.games;
        games[r.b][r.a] += r.games;
        points[r.a] += r.points;
        points[r.b] += r.games - r.points;
    }
    for i in 0..players {
        for j in 0..players {
            if i != j && games[i][j] > 0.0 {
                games[i][j] += prior_draws;
                points[i] += prior_draws / 2.0;
            }
        }
    }
    let mut gamma = vec![1.0; players];
    let mut iterations = 0;
    while iterations < MAX_ITERATIONS {
        iterations += 1;
        let mut largest_step: f64 = 0.0;
        for i in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator <= 0.0 || points[i] <= 0.0 {
                continue;
            }
            let next = points[i] / denominator;
            largest_step = largest_step.max((next.log10() - gamma[i].log10()).abs() * 400.0);
            gamma[i] = next;
        }
        normalise(&mut gamma);
        if largest_step < TOLERANCE_ELO {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    let elo: Vec<f64> = theta.iter().map(|t| t * elo_per_nat()).collect();
    let ci95 = intervals(&theta, &games);
    Ratings {
        elo,
        ci95,
        iterations,
    }
}

/// Scales γ so that the ratings have mean 0.
fn normalise(gamma: &mut [f64]) {
    let mean_log = gamma.iter().map(|g| g.ln()).sum::<f64>() / gamma.len().max(1) as f64;
    let scale = (-mean_log).exp();
    gamma.iter_mut().for_each(|g| *g *= scale);
}

/// 95% half-widths from the pseudo-inverse of the Fisher information (a Laplacian).
fn intervals(theta: &[f64], games: &[Vec<f64>]) -> Vec<f64> {
    let n = theta.len();
    let mut info = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let w = games[i][j] * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    // L+ = (L + J/n)^-1 - J/n for a connected graph (J = all ones).
    let shift = 1.0 / n.max(1) as f64;
    let shifted: Vec<Vec<f64>> = info
        .iter()
        .map(|row| row.iter().map(|v| v + shift).collect())
        .collect();
    match invert(shifted) {
        Some(inverse) => (0..n)
            .map(|i| {
                let variance = inverse[i][i] - shift;
                if info[i][i] > 0.0 && variance > 0.0 {
                    Z95 * variance.sqrt() * elo_per_nat()
                } else {
                    f64::INFINITY
                }
            })
            .collect(),
        None => vec![f64::INFINITY; n],
    }
}

/// Gauss-Jordan inversion with partial pivoting; `None` if singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for k in 0..n {
            a[col][k] /= p;
            inv[col][k] /= p;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{elo_of, Tally};
    use poda_core::Rng;

    fn pair(a: usize, b: usize, games: f64, points: f64) -> PairResult {
        PairResult {
            a,
            b,
            games,
            points,
        }
    }

    #[test]
    fn two_players_match_the_elo_formula() {
        // Without a prior the maximum-likelihood difference is exactly the Elo of the score.
        let r = fit(2, &[pair(0, 1, 40.0, 27.0)], 0.0);
        let diff = r.elo[0] - r.elo[1];
        let expected = elo_of(27.0 / 40.0).unwrap();
        assert!((diff - expected).abs() < 1e-6, "{diff} vs {expected}");
        assert!((r.elo[0] + r.elo[1]).abs() < 1e-9, "mean zero");
        // The interval of the difference is close to the match statistics' one (same normal
        // approximation; the match tally uses the observed variance of the points).
        let t = Tally {
            wins: 27,
            draws: 0,
            losses: 13,
        }
        .elo();
        let width_match = t.high.unwrap() - t.low.unwrap();
        // Each rating's half-width is half the difference's, relative to the mean.
        let width_fit = 4.0 * r.ci95[0];
        assert!(
            (width_fit / width_match - 1.0).abs() < 0.1,
            "{width_fit} vs {width_match}"
        );
    }

    #[test]
    fn maximum_likelihood_equations_hold() {
        // At the optimum each player's expected score equals its actual score.
        let results = [
            pair(0, 1, 10.0, 7.0),
            pair(0, 2, 10.0, 9.5),
            pair(1, 2, 10.0, 6.0),
            pair(2, 3, 10.0, 4.0),
            pair(1, 3, 8.0, 5.0),
        ];
        let r = fit(4, &results, 0.0);
        let expected = |a: usize, b: usize| 1.0 / (1.0 + 10f64.powf((r.elo[b] - r.elo[a]) / 400.0));
        let mut actual = [0.0; 4];
        let mut model = [0.0; 4];
        for p in &results {
            actual[p.a] += p.points;
            actual[p.b] += p.games - p.points;
            model[p.a] += p.games * expected(p.a, p.b);
            model[p.b] += p.games * expected(p.b, p.a);
        }
        for i in 0..4 {
            assert!(
                (actual[i] - model[i]).abs() < 1e-6,
                "{i}: {actual:?} {model:?}"
            );
        }
        assert!(r.elo[0] > r.elo[1] && r.elo[1] > r.elo[3] && r.elo[3] > r.elo[2]);
    }

    #[test]
    fn perfect_scores_stay_finite_with_the_prior() {
        let r = fit(
            3,
            &[pair(0, 1, 10.0, 10.0), pair(1, 2, 10.0, 10.0)],
            PRIOR_DRAWS,
        );
        assert!(r.elo.iter().all(|e| e.is_finite()));
        assert!(r.ci95.iter().all(|c| c.is_finite() && *c > 0.0));
        assert!(r.elo[0] > r.elo[1] && r.elo[1] > r.elo[2]);
        // A player who never played has an infinite interval.
        let lonely = fit(3, &[pair(0, 1, 4.0, 2.0)], PRIOR_DRAWS);
        assert!(lonely.ci95[2].is_infinite());
    }

    #[test]
    fn recovers_known_ratings_from_simulated_games() {
        // Five players 150 Elo apart, 400 games per pair: every true rating (relative to the
        // mean) should fall inside its 95% interval, and the order should be right.
        let truth = [300.0, 150.0, 0.0, -150.0, -300.0];
        let mut rng = Rng::new(77);
        let mut results = Vec::new();
        for a in 0..5 {
            for b in a + 1..5 {
                let p = 1.0 / (1.0 + 10f64.powf((truth[b] - truth[a]) / 400.0));
                let wins = (0..400).filter(|_| rng.unit_f64() < p).count();
                results.push(pair(a, b, 400.0, wins as f64));
            }
        }
        let r = fit(5, &results, 0.0);
        for i in 0..5 {
            assert!(
                (r.elo[i] - truth[i]).abs() <= r.ci95[i],
                "player {i}: {} ± {} vs {}",
                r.elo[i],
                r.ci95[i],
                truth[i]
            );
            assert!(r.ci95[i] < 60.0, "{}", r.ci95[i]);
        }
        assert!(r.elo.windows(2).all(|w| w[0] > w[1]));
    }

    #[test]
    fn inversion() {
        let a = vec![vec![4.0, 7.0], vec![2.0, 6.0]];
        let inv = invert(a).unwrap();
        assert!((inv[0][0] - 0.6).abs() < 1e-12 && (inv[0][1] + 0.7).abs() < 1e-12);
        assert!((inv[1][0] + 0.2).abs() < 1e-12 && (inv[1][1] - 0.4).abs() < 1e-12);
        assert!(invert(vec![vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
    }
}
