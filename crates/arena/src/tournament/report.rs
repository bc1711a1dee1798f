//! The tournament's tables and report files: ratings (see [`crate::ratings`]), the
//! cross-table, `report.md`, `report.json` and `ratings.svg`.

use super::{svg, Standings, Tournament};
use crate::ratings::{fit, PairResult, PRIOR_DRAWS};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One line of the rating table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRow {
    pub rank: usize,
    /// Index of the agent in the tournament's list.
    pub index: usize,
    pub agent: String,
    pub elo: f64,
    /// Half-width of the 95% interval (infinite without games).
    pub ci95: f64,
    pub games: u32,
    pub points: f64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The rating table, best first.
pub fn rating_rows(standings: &Standings) -> Vec<RatingRow> {
    let n = standings.agents.len();
    let mut results = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let t = standings.tallies[a][b];
            if t.games() > 0 {
                results.push(PairResult {
                    a,
                    b,
                    games: t.games() as f64,
                    points: t.points(),
                });
            }
        }
    }
    let ratings = fit(n, &results, PRIOR_DRAWS);
    let mut rows: Vec<RatingRow> = (0..n)
        .map(|i| {
            let total = standings.total(i);
            RatingRow {
                rank: 0,
                index: i,
                agent: standings.agents[i].clone(),
                elo: ratings.elo[i],
                ci95: ratings.ci95[i],
                games: total.games(),
                points: total.points(),
                wins: total.wins,
                draws: total.draws,
                losses: total.losses,
            }
        })
        .collect();
    rows.sort_by(|x, y| y.elo.total_cmp(&x.elo).then(x.index.cmp(&y.index)));
    for (rank, row) in rows.iter_mut().enumerate() {
        row.rank = rank + 1;
    }
    rows
}

fn interval_text(ci: f64) -> String {
    if ci.is_finite() {
        format!("±{ci:.0}")
    } else {
        "±inf".into()
    }
}

/// The rating table in Markdown.
pub fn rating_table(rows: &[RatingRow]) -> String {
    let mut out = String::from(
        "| rank | agent | Elo | 95% | games | points | score | W-D-L |\n\
         |---:|---|---:|---:|---:|---:|---:|---|\n",
    );
    for r in rows {
        let score = if r.games > 0 {
            format!("{:.1}%", 100.0 * r.points / r.games as f64)
        } else {
            "-".into()
        };
        out += &format!(
            "| {} | `{}` | {:+.0} | {} | {} | {} | {} | {}-{}-{} |\n",
            r.rank,
            r.agent,
            r.elo,
            interval_text(r.ci95),
            r.games,
            r.points,
            score,
            r.wins,
            r.draws,
            r.losses
        );
    }
    out
}

/// The cross-table in Markdown: row agent's points against each column agent, in rating order.
pub fn cross_table(standings: &Standings, rows: &[RatingRow]) -> String {
    let mut out = String::from("| | agent |");
    for r in rows {
        out += &format!(" {} |", r.rank);
    }
    out += "\n|---:|---|";
    out += &"---:|".repeat(rows.len());
    out += "\n";
    for r in rows {
        out += &format!("| {} | `{}` |", r.rank, r.agent);
        for c in rows {
            if c.index == r.index {
                out += " - |";
                continue;
            }
            let t = standings.tallies[r.index][c.index];
            out += &format!(" {}/{} |", t.points(), t.games());
        }
        out += "\n";
    }
    out
}

/// The whole Markdown report.
pub fn markdown(tournament: &Tournament, standings: &Standings) -> String {
    let rows = rating_rows(standings);
    let openings = match tournament.openings.len() {
        0 => format!("{} random opening plies", tournament.opening_plies),
        n => format!("{n} openings from a file, in order"),
    };
    let mut out = format!(
        "# Tournament: {}\n\n{} agents, {} games per pair, {openings} (each opening played \
         with colours swapped), seed {}.\nGames played: {} of {}.\n\n",
        tournament.game,
        tournament.agents.len(),
        tournament.games_per_pair,
        tournament.seed,
        standings.games,
        tournament.total_games()
    );
    out += "## Ratings\n\n";
    out += &rating_table(&rows);
    out += &format!(
        "\nMaximum-likelihood Bradley-Terry ratings on the Elo scale, mean 0, draws as half \
         points, a prior of {PRIOR_DRAWS} virtual draw per pair that met; 95% intervals from \
         the Fisher information.\n\n## Cross-table\n\nPoints of the row agent against the \
         column agent.\n\n"
    );
    out += &cross_table(standings, &rows);
    if standings.adjudicated > 0 {
        out += &format!(
            "\n{} games were adjudicated as draws by the ply cap.\n",
            standings.adjudicated
        );
    }
    if !standings.forfeits.is_empty() {
        out += &format!(
            "\n## Forfeits\n\n{} games were lost by an agent's failure:\n\n",
            standings.forfeits.len()
        );
        for (index, reason) in &standings.forfeits {
            out += &format!("- game {index}: {reason}\n");
        }
    }
    out
}

/// The JSON report.
pub fn json(tournament: &Tournament, standings: &Standings) -> serde_json::Value {
    let rows = rating_rows(standings);
    let n = standings.agents.len();
    let cross: Vec<Vec<serde_json::Value>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let t = standings.tallies[i][j];
                    serde_json::json!({"points": t.points(), "games": t.games()})
                })
                .collect()
        })
        .collect();
    let ci = |c: f64| if c.is_finite() { Some(c) } else { None };
    serde_json::json!({
        "tournament": tournament,
        "games_played": standings.games,
        "games_scheduled": tournament.total_games(),
        "adjudicated": standings.adjudicated,
        "ratings": rows.iter().map(|r| serde_json::json!({
            "rank": r.rank, "agent": r.agent, "index": r.index, "elo": r.elo,
            "ci95": ci(r.ci95), "games": r.games, "points": r.points,
            "wins": r.wins, "draws": r.draws, "losses": r.losses,
        })).collect::<Vec<_>>(),
        "cross_table": cross,
        "forfeits": standings.forfeits.iter()
            .map(|(i, r)| serde_json::json!({"index": i, "reason": r}))
            .collect::<Vec<_>>(),
    })
}

/// Writes `report.md`, `report.json` and `ratings.svg` into `out`; returns their paths.
pub fn write_reports(
    out: &Path,
    tournament: &Tournament,
    standings: &Standings,
) -> std::io::Result<Vec<PathBuf>> {
    let rows = rating_rows(standings);
    let files = [
        ("report.md", markdown(tournament, standings)),
        (
            "report.json",
            serde_json::to_string_pretty(&json(tournament, standings)).expect("serialisable")
                + "\n",
        ),
        (
            "ratings.svg",
            svg::rating_chart(&format!("Ratings: {}", tournament.game), &rows),
        ),
    ];
    let mut paths = Vec::new();
    for (name, text) in files {
        let path = out.join(name);
        std::fs::write(&path, text)?;
        paths.push(path);
    }
    Ok(paths)
}
