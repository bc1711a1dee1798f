//! How well `hexmc`'s playout policies judge a position: from positions of recorded games,
//! each policy plays `N` playouts, and its win rate for the side to move is scored against
//! the game's result (Brier score, log loss, and how often it names the winner). A policy
//! whose playouts judge better gives the tree search a truer value at every leaf, which is
//! what MoHex 2.0's learned softmax policy bought (Huang et al., "MoHex 2.0: a pattern-based
//! MCTS Hex player", CG 2013).
//!
//! `cargo run --release -p poda-players --example hex_playout_judge -- [--playouts N]
//! [--from PLY] [--to PLY] [--every K] [--policy SPEC]... GAMES...`
//!
//! A policy is `uniform` or hexmc's playout options: `pcap=X`, `plocal=B`, or both
//! (`plocal=1,pcap=0.6`), and `patterns=FILE` for another pattern table (with local-reply
//! weights, `plocal` draws the replies by them); the default list is those four. `value` (or `value=FILE`) is the
//! value net ([`value`](poda_players::hexmc::value)), one evaluation a position. A policy may also be a whole
//! search, `hexmc(...)` with a `movetime` or `playouts`: its root value (a proven result as 0
//! or 1) is its judgement, which weighs a policy's judgement against its speed; any other
//! agent as `poda match` names it (`external(cmd=...,protocol=htp)` for another Hex program)
//! is judged by its moves alone. Positions
//! are every `K`-th ply from `PLY` to `PLY` (6 to 40 every 4 by default) where neither side
//! has a winning cell; records come from [`hex_records`]. Games are noisy labels of a position's value, the same
//! for every policy: compare policies on one set of games, not the numbers across sets.
//!
//! With `--labels FILE` the positions come from a stronger player's verdicts instead (JSON
//! lines `{"game", "moves", "best", "values"}`: the moves that lead to the position, the
//! stronger player's move there and its win rate of each move it searched, as MoHex's
//! `mohex-values` prints them, `".547@1k"`, `"W"`, `"L"`, or `"0"` unsearched); a search is
//! scored by how often it plays that move, and by the win rate it gives up by the stronger
//! player's values where it played a move those values hold; a playout policy plays the move
//! those values hold with the best win rate after it by its `N` playouts (a one-ply search
//! that judges moves with the playouts alone). Labels may also come from poda's
//! solver (`hex_solver_labels`: won positions, `"W"` and `"L"` for proven moves): then the
//! win rate given up is the share of won positions a search throws away. With `--prove
//! SECONDS` a move a search plays that the labels do not value is proved there and then
//! (poda-solve, within that limit; `unproven` counts the moves it could not settle; meant
//! for the solver's labels, whose values are proofs too), and
//! `--save FILE` writes the labels with these proofs added, for the next run; `--show` lists the
//! positions where a search played a move worth half a game less than the label's.
//!
//! `--dump FILE` writes every position judged as a JSON line (`game`, `size`, `moves`, `mover_won`
//! and `rates`, each policy's chance for the side to move), so that another program's
//! judgement of the same positions can be scored beside these.

mod hex_records;

use hex_records::fail;
use poda_core::{Agent, Game, Player, Spec, Turn};
use poda_games::hex::{Hex, HexMove};
use poda_players::build_agent;
use poda_players::hexmc::board::{colour_of, other, Board, FastRng};
use poda_players::hexmc::keys::Keys;
use poda_players::hexmc::knowledge::winning_cells;
use poda_players::hexmc::patterns::Patterns;
use poda_players::hexmc::playout::PlayoutPolicy;
use poda_players::hexmc::value::{ValueNet, ValueScratch};
use poda_solve::hex::HexSolver;
use std::time::{Duration, Instant};

/// What judges: playouts alone, a whole search, or the value net.
enum Judge {
    Playouts(PlayoutPolicy, &'static Patterns),
    Search(Box<dyn Agent<Hex>>),
    Value(&'static ValueNet),
}

impl Judge {
    fn parse(text: &str) -> Result<Judge, String> {
        if text == "value" {
            return Ok(Judge::Value(ValueNet::shipped()));
        }
        if let Some(path) = text.strip_prefix("value=") {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let net = ValueNet::parse(&text).map_err(|e| format!("{path}: {e}"))?;
            return Ok(Judge::Value(Box::leak(Box::new(net))));
        }
        if text.starts_with("hexmc") || text.contains('(') {
            // An agent as `poda match` names them (`external(...)` for another program over
            // HTP: only its move is judged; hexmc reports its root value too).
            let agent = build_agent(&Hex::default(), text).map_err(|e| format!("{text}: {e}"))?;
            Ok(Judge::Search(agent))
        } else {
            parse_policy(text).map(|(policy, patterns)| Judge::Playouts(policy, patterns))
        }
    }

    /// The chance that the side to move wins `pos` by this judge, and a search's move.
    fn judge(&mut self, pos: &Position, playouts: usize, seed: u64) -> (f64, Option<HexMove>) {
        match self {
            Judge::Playouts(policy, patterns) => {
                let mut rng = FastRng::new(seed);
                let Some(values) = &pos.values else {
                    let rate = playout_rate(
                        (*policy, patterns),
                        &pos.board,
                        (pos.to_move, pos.last),
                        pos.to_move,
                        playouts,
                        &mut rng,
                    );
                    return (rate, None);
                };
                // Labelled: the move the labels value with the best win rate after it by
                // these playouts (a one-ply search with the playouts as its evaluation).
                best_labelled(pos, values, |after, p| {
                    let next = (other(pos.to_move), Some(p));
                    playout_rate(
                        (*policy, patterns),
                        after,
                        next,
                        pos.to_move,
                        playouts,
                        &mut rng,
                    )
                })
            }
            Judge::Value(net) => {
                let mut scratch = ValueScratch::default();
                let mut chance = |board: &Board, to_move: u8, last: Option<usize>| {
                    net.value(board, to_move, last, &mut scratch) as f64
                };
                let Some(values) = &pos.values else {
                    return (chance(&pos.board, pos.to_move, pos.last), None);
                };
                // Labelled: the move the labels value that leaves the opponent the least.
                best_labelled(pos, values, |after, p| {
                    1.0 - chance(after, other(pos.to_move), Some(p))
                })
            }
            Judge::Search(agent) => {
                agent.new_game(seed);
                let mut game = pos.start.clone();
                for &mv in &pos.line {
                    agent.observe(&game, mv);
                    game.play_unchecked(mv);
                }
                let choice = agent
                    .choose(&pos.game, &mut Turn::new())
                    .unwrap_or_else(|e| fail(&format!("the search failed: {e}")));
                let p = match choice.info.map(|i| i.score) {
                    Some(s) if s.is_win() => 1.0,
                    Some(s) if s.is_loss() => 0.0,
                    Some(s) => (s.value() as f64 / 1000.0 + 1.0) / 2.0,
                    None => 0.5,
                };
                (p, Some(choice.mv))
            }
        }
    }
}

/// A one-ply search over the moves the labels value: each is played on `pos`'s board and
/// scored by `rate_after` (the board after it and its mailbox cell; the mover's chance), and
/// the best is returned with its score (at least 0).
fn best_labelled(
    pos: &Position,
    values: &[(HexMove, f64)],
    mut rate_after: impl FnMut(&Board, usize) -> f64,
) -> (f64, Option<HexMove>) {
    let mut best = (f64::NEG_INFINITY, None);
    for &(mv, _) in values {
        let HexMove::Cell(cell) = mv else { continue };
        let p = pos.board.layout.to_box[cell as usize] as usize;
        let mut after = pos.board.clone();
        after.play(p, pos.to_move);
        let rate = rate_after(&after, p);
        if rate > best.0 {
            best = (rate, Some(mv));
        }
    }
    (best.0.max(0.0), best.1)
}

/// The share of `playouts` playouts from `start` (`to_move` to play, the last move at
/// `last`) that colour `me` wins.
fn playout_rate(
    (policy, patterns): (PlayoutPolicy, &Patterns),
    start: &Board,
    (to_move, last): (u8, Option<usize>),
    me: u8,
    playouts: usize,
    rng: &mut FastRng,
) -> f64 {
    let mut board = start.clone();
    let mut keys = Keys::default();
    let wins = (0..playouts)
        .filter(|_| {
            board.clone_from(start);
            policy.fill(&mut board, patterns, to_move, last, rng, &mut keys) == me
        })
        .count();
    wins as f64 / playouts as f64
}

/// Playouts alone, from hexmc's playout options (`uniform`, or `pcap=X`, `plocal=B`, and
/// `patterns=FILE` for another pattern table than the shipped one).
fn parse_policy(text: &str) -> Result<(PlayoutPolicy, &'static Patterns), String> {
    let mut p = PlayoutPolicy::default();
    let mut patterns = Patterns::shipped();
    if text == "uniform" {
        return Ok((p, patterns));
    }
    for part in text.split(',') {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("policy `{text}`: expected key=value, got `{part}`"))?;
        if key == "patterns" {
            let file = std::fs::read_to_string(value).map_err(|e| format!("{value}: {e}"))?;
            let table = Patterns::parse(&file).map_err(|e| format!("{value}: {e}"))?;
            patterns = Box::leak(Box::new(table));
            continue;
        }
        let v: f32 = value
            .parse()
            .ok()
            .filter(|v: &f32| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("policy `{text}`: `{value}` is not a weight"))?;
        match key {
            "pcap" => p.cap = v,
            "plocal" => p.base = v,
            _ => return Err(format!("policy `{text}`: unknown option `{key}`")),
        }
    }
    Ok((p, patterns))
}

/// A position to judge and the result of its game for the side to move.
struct Position {
    game: Hex,
    board: Board,
    to_move: u8,
    last: Option<usize>,
    mover_won: bool,
    /// The move the game went on with, or the stronger player's with `--labels`.
    played: HexMove,
    /// The stronger player's win rate of the moves it searched (`--labels`).
    values: Option<Vec<(HexMove, f64)>>,
    /// The game's start and its moves to the position (for agents that follow the game,
    /// `--show` and `--save`).
    start: Hex,
    line: Vec<HexMove>,
}

impl Position {
    /// The moves that lead to the position, as text.
    fn move_texts(&self) -> Vec<String> {
        let mut game = self.start.clone();
        self.line
            .iter()
            .map(|&mv| {
                let text = game.format_move(mv);
                game.play_unchecked(mv);
                text
            })
            .collect()
    }

    /// The labels' value of a move, if they hold one.
    fn value_of(&self, mv: HexMove) -> Option<f64> {
        let values = self.values.as_ref()?;
        values.iter().find(|v| v.0 == mv).map(|v| v.1)
    }

    /// Proves `mv` with the solver when the labels do not value it (`false` if the limit ran
    /// out or the board is beyond the solver).
    fn prove(&mut self, mv: HexMove, solver: &mut HexSolver, limit: Duration) -> bool {
        if self.values.is_none() || self.value_of(mv).is_some() {
            return true;
        }
        let mut child = self.game.clone();
        child.play_unchecked(mv);
        // A table per proof: the positions share little, and memory stays bounded.
        solver.forget();
        match solver.solve_within(&child, Some(limit)) {
            Ok(Some(proof)) => {
                let won = proof.winner == self.game.side_to_move();
                let values = self.values.as_mut().expect("checked above");
                values.push((mv, if won { 1.0 } else { 0.0 }));
                true
            }
            _ => false,
        }
    }

    /// The position as a labels line.
    fn label_line(&self) -> String {
        let mut values = serde_json::Map::new();
        for &(mv, rate) in self.values.iter().flatten() {
            let text = if rate == 1.0 {
                "W".to_string()
            } else if rate == 0.0 {
                "L".to_string()
            } else {
                format!("{rate}@1")
            };
            values.insert(self.game.format_move(mv), text.into());
        }
        serde_json::json!({
            "game": self.game.spec(),
            "moves": self.move_texts(),
            "best": self.game.format_move(self.played),
            "values": values,
        })
        .to_string()
    }
}

/// The scores of one policy.
#[derive(Default)]
struct Score {
    brier: f64,
    log_loss: f64,
    right: f64,
    n: usize,
    agreed: usize,
    /// The stronger player's win rate given up, over the moves it valued, and their number.
    given_up: f64,
    valued: usize,
}

impl Score {
    /// Adds a judgement; returns the win rate the move gave up, if the labels value it.
    fn add(&mut self, (p, chosen): (f64, Option<HexMove>), pos: &Position) -> Option<f64> {
        self.agreed += (chosen == Some(pos.played)) as usize;
        let mut given_up = None;
        if let Some(chosen) = chosen {
            if let (Some(best), Some(mine)) = (pos.value_of(pos.played), pos.value_of(chosen)) {
                let g = (best - mine).max(0.0);
                self.given_up += g;
                self.valued += 1;
                given_up = Some(g);
            }
        }
        let won = pos.mover_won;
        let y = if won { 1.0 } else { 0.0 };
        self.brier += (p - y) * (p - y);
        let q = p.clamp(0.01, 0.99);
        self.log_loss -= if won { q.ln() } else { (1.0 - q).ln() };
        self.right += if p == 0.5 {
            0.5
        } else if (p > 0.5) == won {
            1.0
        } else {
            0.0
        };
        self.n += 1;
        given_up
    }
}

fn main() {
    let usage = "usage: hex_playout_judge [--playouts N] [--from PLY] [--to PLY] [--every K] \
                 [--dump FILE] [--policy SPEC]... GAMES... | --labels FILE [--prove SECONDS] [--save FILE] [--show] \
                 [--policy SPEC]...";
    let mut args = std::env::args().skip(1);
    let (mut playouts, mut from, mut to, mut every) = (1000usize, 6usize, 40usize, 4usize);
    let mut policies: Vec<(String, Judge)> = Vec::new();
    let mut files = Vec::new();
    let mut labels = None;
    let (mut prove, mut save, mut show) = (None, None, false);
    let mut dump = None;
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .filter(|&v| v > 0)
                .unwrap_or_else(|| fail(&format!("{name} needs a positive number; {usage}")))
        };
        match a.as_str() {
            "--playouts" => playouts = number("--playouts"),
            "--from" => from = number("--from"),
            "--to" => to = number("--to"),
            "--every" => every = number("--every"),
            "--labels" => {
                labels = Some(
                    args.next()
                        .unwrap_or_else(|| fail(&format!("--labels needs a file; {usage}"))),
                )
            }
            "--prove" => {
                let limit = args
                    .next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .filter(|v| v.is_finite() && *v > 0.0 && *v < 1e6)
                    .unwrap_or_else(|| fail(&format!("--prove needs seconds; {usage}")));
                prove = Some(Duration::from_secs_f64(limit));
            }
            "--show" => show = true,
            "--dump" => {
                dump = Some(
                    args.next()
                        .unwrap_or_else(|| fail(&format!("--dump needs a file; {usage}"))),
                )
            }
            "--save" => {
                save = Some(
                    args.next()
                        .unwrap_or_else(|| fail(&format!("--save needs a file; {usage}"))),
                )
            }
            "--policy" => {
                let text = args
                    .next()
                    .unwrap_or_else(|| fail(&format!("--policy needs a spec; {usage}")));
                let p = Judge::parse(&text).unwrap_or_else(|e| fail(&e));
                policies.push((text, p));
            }
            "-h" | "--help" => {
                println!("{usage}");
                return;
            }
            _ if a.starts_with("--") => fail(&format!("unknown option {a}; {usage}")),
            _ => files.push(a),
        }
    }
    if files.is_empty() == labels.is_none() || (labels.is_none() && (prove, &save) != (None, &None))
    {
        fail(usage);
    }
    if policies.is_empty() {
        for text in ["uniform", "pcap=0.6", "plocal=1", "plocal=1,pcap=0.6"] {
            policies.push((
                text.to_string(),
                Judge::parse(text).expect("a known policy"),
            ));
        }
    }
    let mut positions = Vec::new();
    if let Some(file) = &labels {
        positions = labelled(file);
        eprintln!("{} labelled positions", positions.len());
        println!(
            "policy                 plays the label's move  win rate given up  (over, unproven; time)"
        );
    } else {
        let records = hex_records::read_all(&files);
        for r in &records {
            let Some(winner) = r.winner else { continue };
            positions_of(r, winner, (from, to, every), &mut positions);
        }
        eprintln!(
            "{} games, {} positions, {playouts} playouts each",
            records.len(),
            positions.len()
        );
        println!(
            "policy                 brier   log loss  names the winner  plays the game's move"
        );
    }
    let mut solver = HexSolver::new();
    // Each policy's chance for the side to move, position by position (`--dump`).
    let mut rates: Vec<Vec<f64>> = Vec::new();
    for (text, judge) in policies.iter_mut() {
        let mut judged_rates = Vec::with_capacity(positions.len());
        let mut score = Score::default();
        let mut unproven = 0;
        let count = positions.len();
        let mut thinking = Duration::ZERO;
        for (i, pos) in positions.iter_mut().enumerate() {
            let began = Instant::now();
            let judged = judge.judge(pos, playouts, 0x9E37_79B9_7F4A_7C15 ^ i as u64);
            thinking += began.elapsed();
            judged_rates.push(judged.0);
            if let (Some(limit), Some(mv @ HexMove::Cell(_))) = (prove, judged.1) {
                unproven += !pos.prove(mv, &mut solver, limit) as usize;
            }
            let given_up = score.add(judged, pos);
            if let (true, Some(mv), Some(g)) = (show, judged.1, given_up) {
                if g > 0.5 {
                    eprintln!(
                        "\r\x1b[K{text}: after {} ({} plies) played {}, the label's move {}",
                        pos.move_texts().join(" "),
                        pos.line.len(),
                        pos.game.format_move(mv),
                        pos.game.format_move(pos.played)
                    );
                }
            }
            if matches!(judge, Judge::Search(_)) && (i + 1) % 50 == 0 {
                eprint!("\r{text}: {} of {count} positions", i + 1);
            }
        }
        rates.push(judged_rates);
        let n = score.n.max(1) as f64;
        if matches!(judge, Judge::Search(_)) {
            eprint!("\r\x1b[K");
        }
        if labels.is_some() {
            println!(
                "{text:<20} {:>25.1}% {:>18.3}  ({} positions, {unproven}; {:.0} ms a move)",
                100.0 * score.agreed as f64 / n,
                score.given_up / score.valued.max(1) as f64,
                score.valued,
                thinking.as_secs_f64() * 1000.0 / n
            );
            continue;
        }
        let agreed = match judge {
            Judge::Search(_) => format!("{:>21.1}%", 100.0 * score.agreed as f64 / n),
            Judge::Playouts(..) | Judge::Value(_) => format!("{:>22}", "-"),
        };
        println!(
            "{text:<20} {:>7.4} {:>10.4} {:>16.1}% {agreed}",
            score.brier / n,
            score.log_loss / n,
            100.0 * score.right / n
        );
    }
    if let Some(file) = dump {
        let text: String = positions
            .iter()
            .enumerate()
            .map(|(i, pos)| {
                let by_policy: serde_json::Map<String, serde_json::Value> = policies
                    .iter()
                    .zip(&rates)
                    .map(|((text, _), r)| (text.clone(), r[i].into()))
                    .collect();
                let line = serde_json::json!({
                    "game": pos.game.spec(),
                    "size": pos.game.size(),
                    "moves": pos.move_texts(),
                    "mover_won": pos.mover_won,
                    "rates": by_policy,
                });
                line.to_string() + "\n"
            })
            .collect();
        std::fs::write(&file, text).unwrap_or_else(|e| fail(&format!("cannot write {file}: {e}")));
    }
    if let Some(file) = save {
        let text: String = positions.iter().map(|p| p.label_line() + "\n").collect();
        std::fs::write(&file, text).unwrap_or_else(|e| fail(&format!("cannot write {file}: {e}")));
    }
}

/// The undecided positions of a game at the plies asked for.
fn positions_of(
    r: &hex_records::Record,
    winner: Player,
    (from, to, every): (usize, usize, usize),
    out: &mut Vec<Position>,
) {
    let mut game = r.start.clone();
    let mut line = Vec::new();
    let mut board = Board::new(game.size() as usize);
    let mut last = None;
    let mut threats = Vec::new();
    for (ply, text) in r.moves.iter().enumerate() {
        if ply > to {
            return;
        }
        let Ok(mv @ HexMove::Cell(cell)) = game.parse_move(text) else {
            return;
        };
        if !game.is_legal(mv) {
            return;
        }
        let me = colour_of(game.side_to_move());
        if ply >= from.max(r.opening) && (ply - from) % every == 0 {
            winning_cells(&board, me, &mut threats);
            let mut decided = !threats.is_empty();
            winning_cells(&board, 3 - me, &mut threats);
            decided |= !threats.is_empty();
            if !decided {
                out.push(Position {
                    game: game.clone(),
                    board: board.clone(),
                    to_move: me,
                    last,
                    mover_won: game.side_to_move() == winner,
                    played: mv,
                    values: None,
                    start: r.start.clone(),
                    line: line.clone(),
                });
            }
        }
        let p = board.layout.to_box[cell as usize] as usize;
        board.play(p, me);
        last = Some(p);
        line.push(mv);
        game.play_unchecked(mv);
    }
}

/// The positions of a labels file (a bad line ends the run with an error naming it).
fn labelled(file: &str) -> Vec<Position> {
    let text =
        std::fs::read_to_string(file).unwrap_or_else(|e| fail(&format!("cannot read {file}: {e}")));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| -> ! { fail(&format!("{file} line {}: {what}", n + 1)) };
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| bad(&e.to_string()));
        let spec = Spec::parse(v["game"].as_str().unwrap_or_else(|| bad("no game")))
            .unwrap_or_else(|e| bad(&e.to_string()));
        let mut game = Hex::from_spec(&spec).unwrap_or_else(|e| bad(&e.to_string()));
        let start = game.clone();
        let mut line = Vec::new();
        let mut board = Board::new(game.size() as usize);
        let mut last = None;
        let moves = v["moves"].as_array().unwrap_or_else(|| bad("no moves"));
        for m in moves {
            let mv = m
                .as_str()
                .and_then(|t| game.parse_move(t).ok())
                .filter(|&mv| game.is_legal(mv))
                .unwrap_or_else(|| bad(&format!("bad move {m}")));
            let HexMove::Cell(cell) = mv else {
                bad("a swap in the moves")
            };
            let p = board.layout.to_box[cell as usize] as usize;
            board.play(p, colour_of(game.side_to_move()));
            last = Some(p);
            line.push(mv);
            game.play_unchecked(mv);
        }
        let best = v["best"]
            .as_str()
            .and_then(|t| game.parse_move(t).ok())
            .filter(|&mv| game.is_legal(mv));
        let Some(best) = best else {
            // A resignation or a decided position: nothing to compare.
            continue;
        };
        let mut values = Vec::new();
        if let Some(map) = v["values"].as_object() {
            for (text, value) in map {
                let (Ok(mv), Some(value)) = (game.parse_move(text), value.as_str()) else {
                    continue;
                };
                let rate = match value {
                    w if w.starts_with('W') => Some(1.0),
                    l if l.starts_with('L') => Some(0.0),
                    r => r.split_once('@').and_then(|(rate, _)| rate.parse().ok()),
                };
                if let Some(rate) = rate {
                    values.push((mv, rate));
                }
            }
        }
        out.push(Position {
            to_move: colour_of(game.side_to_move()),
            game,
            board,
            last,
            mover_won: false,
            played: best,
            values: Some(values),
            start,
            line,
        });
    }
    out
}
