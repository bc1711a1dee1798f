//! `poda solve "misere(connect4)"`: misère Connect 4 (completing a four loses), 7x6.
//!
//! Positions are Pons-style move strings (`4453`, columns 1..7), one on the command line or
//! one per line on stdin (`<moves> <score>` printed for each). Scores are the misère
//! solver's ([`poda_solve::misere`]): `-(43 - n) / 2` for the side to move when it must
//! complete a four at `n` plies, the opposite when its opponent must, 0 for a draw.
//! `--weak` prints 1, 0 or -1; `--analyze` the score of every playable column.

use super::solve::SolveArgs;
use crate::input;
use anyhow::Result;
use poda_games::AnyGame;
use poda_solve::misere::after_move;
use poda_solve::{MisereSolver, Position, PositionError};
use serde_json::json;
use std::io::{BufRead, Write};
use std::time::Instant;

/// Default table size of the solver (MiB).
const DEFAULT_TT_MIB: usize = 64;

pub fn run(game: &AnyGame, args: &SolveArgs) -> Result<()> {
    let standard = matches!(game, AnyGame::MisereConnect4(g)
        if g.inner().width() == 7 && g.inner().height() == 6);
    if !standard {
        return Err(input::user(
            "the misère solver handles misere(connect4) on the standard 7x6 board only",
        ));
    }
    let mut solver = MisereSolver::new(args.tt.unwrap_or(DEFAULT_TT_MIB));
    match &args.moves {
        Some(moves) => {
            let p = parse(moves)?;
            let began = Instant::now();
            let answer = solve(&mut solver, &p, args);
            if args.json {
                println!("{}", to_json(moves, &answer, solver.nodes()));
            } else {
                println!("{}", answer.text());
            }
            if args.stats {
                eprintln!(
                    "{} nodes, {} us",
                    solver.nodes(),
                    began.elapsed().as_micros()
                );
            }
            Ok(())
        }
        None => lines(&mut solver, args),
    }
}

/// A position given as moves, refused if it is over (a four was made or the board is full).
fn parse(moves: &str) -> Result<Position> {
    let p = Position::parse(moves).map_err(|e| match e {
        // Under the misère rule the four was a loss: say "over", not "won".
        PositionError::AlreadyWon { index, won_at } => input::user(format!(
            "moves '{moves}': move {index}: the game is already over (move {won_at} made four \
             in a row, which loses under the misère rule)"
        )),
        e => input::bad(&format!("moves '{moves}'"), e),
    })?;
    if p.possible() == 0 {
        return Err(input::user(format!("moves '{moves}': the board is full")));
    }
    Ok(p)
}

/// A score, or the score of every playable column (1-based).
enum Answer {
    Score(i32),
    Moves(Vec<(usize, i32)>),
}

impl Answer {
    fn text(&self) -> String {
        match self {
            Answer::Score(s) => s.to_string(),
            Answer::Moves(m) => m
                .iter()
                .map(|(col, s)| format!("{col}:{s}"))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

fn solve(solver: &mut MisereSolver, p: &Position, args: &SolveArgs) -> Answer {
    if !args.keep_table {
        solver.reset();
    }
    if !args.analyze {
        return Answer::Score(if args.weak {
            solver.solve_weak(p)
        } else {
            solver.solve(p)
        });
    }
    let scores = (0..7)
        .filter(|&col| p.can_play(col))
        .map(|col| {
            let score = match after_move(p, col) {
                Ok(over) => over,
                Err(child) if args.weak => -solver.solve_weak(&child),
                Err(child) => -solver.solve(&child),
            };
            (col + 1, if args.weak { score.signum() } else { score })
        })
        .collect();
    Answer::Moves(scores)
}

fn to_json(moves: &str, answer: &Answer, nodes: u64) -> serde_json::Value {
    match answer {
        Answer::Score(s) => json!({"moves": moves, "score": s, "nodes": nodes}),
        Answer::Moves(m) => json!({
            "moves": moves,
            "analysis": m.iter().map(|&(col, s)| json!({"move": col.to_string(), "score": s})).collect::<Vec<_>>(),
            "nodes": nodes,
        }),
    }
}

/// Positions from stdin, `<moves> <answer>` for each; a bad line is reported on stderr and
/// the run goes on; the exit code says if any line was bad.
fn lines(solver: &mut MisereSolver, args: &SolveArgs) -> Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut bad = 0;
    for line in stdin.lock().lines() {
        let line = line?;
        let moves = line.split_whitespace().next().unwrap_or("");
        if moves.is_empty() {
            continue;
        }
        match parse(moves) {
            Ok(p) => {
                solver.reset_nodes();
                let began = Instant::now();
                let answer = solve(solver, &p, args);
                if args.json {
                    writeln!(out, "{}", to_json(moves, &answer, solver.nodes()))?;
                } else if args.stats {
                    let us = began.elapsed().as_micros();
                    writeln!(out, "{moves} {} {} {us}", answer.text(), solver.nodes())?;
                } else {
                    writeln!(out, "{moves} {}", answer.text())?;
                }
            }
            Err(e) => {
                bad += 1;
                eprintln!("poda: {}", input::one_line(&e));
            }
        }
    }
    if bad > 0 {
        return Err(input::user(format!("{bad} bad line(s) skipped")));
    }
    Ok(())
}
