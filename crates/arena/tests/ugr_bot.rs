//! `ugr-bot`: driving bots that speak the course's protocol as the kit's do. Two recorded
//! bots of the real referee's transcripts replay their game through poda, which sends them
//! the referee's bytes exactly; a well-behaved bot plays exactly like the same strategy
//! in-process; a crash, a timeout, a garbage answer or an empty pit each lose the game with
//! the reason recorded while the match goes on. Also the recovery of the opponent's moves
//! sent in `GETMOVE` when no one told the agent.

#[path = "../../proto/tests/common/transcript.rs"]
#[allow(dead_code)] // each test uses part of it
mod transcript;

use poda_arena::game::{play_game, GameSetup};
use poda_arena::{run_match, MatchConfig};
use poda_core::{Agent, AgentError, Choice, Game, Outcome, Player, Rng, Turn};
use poda_games::kalah::Kalah;
use poda_players::build_agent;
use poda_proto::ugr::driver::recover_moves;
use poda_proto::ugr::Command;
use std::path::{Path, PathBuf};

/// The `ugr-bot` spec that runs the test bot `kit_bot.py` (which reads the referee's words
/// as the course's kit does) in `mode`.
fn kit_bot(mode: &str, options: &str) -> String {
    let script = bots_dir().join("kit_bot.py");
    format!(
        "ugr-bot(cmd=\"python3 {} {mode}\"{options})",
        script.display()
    )
}

fn bots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bots")
}

/// The same strategy in-process.
struct FirstPit;

impl Agent<Kalah> for FirstPit {
    fn name(&self) -> String {
        "first-pit".into()
    }
    fn choose(&mut self, game: &Kalah, _: &mut Turn<u8>) -> Result<Choice<u8>, AgentError> {
        Ok(Choice::plain(game.legal_move_list()[0]))
    }
}

fn setup(index: usize, opening: Vec<u8>) -> GameSetup<u8> {
    GameSetup {
        index,
        opening,
        max_plies: None,
        seed: index as u64,
    }
}

#[test]
fn a_script_bot_plays_like_the_same_strategy_in_process() {
    let start = Kalah::default();
    let spec = kit_bot("first-pit", "");
    let mut bot = build_agent(&start, &spec).unwrap();
    let mut greedy = build_agent(&start, "greedy-ugr").unwrap();
    for (i, opening) in [vec![], vec![3, 5], vec![4, 1, 2]].into_iter().enumerate() {
        for bot_first in [true, false] {
            let mut reference = FirstPit;
            let mut other = build_agent(&start, "greedy-ugr").unwrap();
            let (a, b) = if bot_first {
                (
                    play_game(
                        &start,
                        [bot.as_mut(), greedy.as_mut()],
                        &setup(i, opening.clone()),
                        &mut |_, _, _| {},
                    ),
                    play_game(
                        &start,
                        [&mut reference, other.as_mut()],
                        &setup(i, opening.clone()),
                        &mut |_, _, _| {},
                    ),
                )
            } else {
                (
                    play_game(
                        &start,
                        [greedy.as_mut(), bot.as_mut()],
                        &setup(i, opening.clone()),
                        &mut |_, _, _| {},
                    ),
                    play_game(
                        &start,
                        [other.as_mut(), &mut reference],
                        &setup(i, opening.clone()),
                        &mut |_, _, _| {},
                    ),
                )
            };
            assert_eq!(a.reason, None, "{a:?}");
            assert_eq!(a.moves, b.moves);
            assert_eq!(a.outcome, b.outcome);
        }
    }
}

/// A failing bot loses every game, with the reason, and the match goes on.
fn forfeits(name: &str, options: &str, expect: &str) {
    let start = Kalah::default();
    let config = MatchConfig {
        start,
        agent_a: kit_bot(name, options),
        agent_b: "random".into(),
        games: 4,
        seed: 1,
        threads: 1,
        opening_plies: 0,
        openings: Vec::new(),
        max_plies: None,
    };
    let mut records = Vec::new();
    let summary = run_match(&config, &mut |r, _| records.push(r.clone())).unwrap();
    assert_eq!(summary.b_wins, 4, "{name}: {records:?}");
    assert_eq!(summary.forfeits, 4, "{name}");
    for r in &records {
        let reason = r.reason.as_deref().unwrap_or("");
        assert!(reason.contains(expect), "{name}: reason '{reason}'");
        let bot = if r.first.starts_with("ugr-bot") {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(r.outcome, Outcome::Win(bot.opponent()));
    }
}

#[test]
fn a_crash_loses_the_game() {
    forfeits("crash", "", "pretend");
}

#[test]
fn silence_past_the_limit_loses_the_game() {
    forfeits("sleepy", ",timeout=150ms", "timed out");
}

#[test]
fn garbage_and_empty_pits_lose_the_game() {
    forfeits("garbage", "", "not a pit");
    // Always pit 6: legal at first, empty soon after (no pit 6 move gives an extra turn).
    forfeits("stubborn", "", "empty pit");
    let start = Kalah::default();
    let mut bot = build_agent(&start, "ugr-bot(cmd=\"sh -c 'exit 0'\")").unwrap();
    assert!(matches!(
        bot.choose(&start, &mut Turn::new()),
        Err(AgentError::Crashed(_))
    ));
}

/// The `ugr-bot` spec of a bot that answers as the recorded bot of `name.seat` did (its game
/// process), writing what it reads to `log`.
fn replay_bot(name: &str, seat: &str, log: &Path, timeout: &str) -> String {
    let recording = transcript::data_dir().join(format!("{name}.{seat}.jsonl"));
    let cmd = format!(
        "python3 '{}' replay '{}' 2 '{}'",
        bots_dir().join("kit_bot.py").display(),
        recording.display(),
        log.display()
    );
    format!(
        "ugr-bot(cmd=\"{}\",timeout={timeout})",
        cmd.replace('"', "\\\"")
    )
}

#[test]
fn the_recorded_games_replay_through_poda_byte_for_byte() {
    // Each seat is a bot answering as the kit's bot did in the real referee's game; poda
    // referees. The game, the final score and every byte each bot reads must be the
    // referee's.
    let dir = std::env::temp_dir().join(format!("poda-ugr-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The referee's `-t 2`, and no `-t` (the bots are told 0).
    for (name, timeout) in [
        ("greedy-p1-vs-random-p2", "2s"),
        ("random-p1-vs-greedy-p2", "2s"),
        ("greedy-p1-vs-random-p2-no-t", "0"),
    ] {
        let logs = ["p1", "p2"].map(|seat| dir.join(format!("{name}.{seat}.log")));
        let start = Kalah::default();
        let mut first = build_agent(&start, &replay_bot(name, "p1", &logs[0], timeout)).unwrap();
        let mut second = build_agent(&start, &replay_bot(name, "p2", &logs[1], timeout)).unwrap();
        let record = play_game(
            &start,
            [first.as_mut(), second.as_mut()],
            &setup(0, Vec::new()),
            &mut |_, _, _| {},
        );
        assert_eq!(record.reason, None, "{name}: {record:?}");
        // The referee's final count, from its own output.
        let (end, _) = poda_core::play_line(&start, &record.moves.join(" ")).unwrap();
        let stores = (end.store(Player::First), end.store(Player::Second));
        let (s1, s2) = transcript::final_scores(name).expect("a result block");
        assert_eq!((stores.0 as u32, stores.1 as u32), (s1, s2), "{name}");
        // Ending the games sends END; then each log holds all the bot read.
        drop(first);
        drop(second);
        for (seat, log) in ["p1", "p2"].iter().zip(&logs) {
            let read = std::fs::read_to_string(log).unwrap();
            let (_, game) = transcript::read(&format!("{name}.{seat}"))
                .into_iter()
                .find(|(proc, _)| *proc == 2)
                .expect("the game process");
            assert_eq!(read, game.referee_until_end(), "{name} {seat}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_specs_are_errors() {
    let start = Kalah::default();
    for bad in [
        "ugr-bot",
        "ugr-bot(cmd=\"a 'b\")",
        "ugr-bot(cmd=x,timeout=fast)",
        "ugr-bot(cmd=x,stderr=maybe)",
        "ugr-bot(cmd=x,depth=3)",
    ] {
        assert!(build_agent(&start, bad).is_err(), "{bad}");
    }
}

#[test]
fn opponent_moves_are_recovered() {
    // Over random games, at each turn change the moves since the other side's last move are
    // found again from the position that side left.
    let mut rng = Rng::new(12);
    let mut checked = 0;
    for _ in 0..300 {
        let mut game = Kalah::default();
        let mut left: Option<Kalah> = None;
        let mut chain = Vec::new();
        while !game.outcome().is_over() {
            let moves = game.legal_move_list();
            let mv = moves[rng.index(moves.len())];
            let before = game;
            game.play_unchecked(mv);
            chain.push(mv);
            if game.to_move() != before.to_move() && !game.outcome().is_over() {
                if let Some(from) = left {
                    let found = recover_moves(&from, &game).expect("a line exists");
                    // Another line may reach the same position; it must be a valid one.
                    let mut replay = from;
                    for &m in &found {
                        replay.play(m).unwrap();
                    }
                    assert_eq!(replay.board(), game.board());
                    assert_eq!(found.len(), chain.len());
                    checked += 1;
                }
                left = Some(before.after(mv));
                chain.clear();
            }
        }
    }
    assert!(checked > 3000, "{checked}");
    let start = Kalah::default();
    let line = Command::get_move(&start, &[]).wire();
    assert_eq!(line, "GETMOVE\n0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4");
    let (after, _) = poda_core::play_line(&start, "1").unwrap();
    assert_eq!(
        Command::get_move(&after, &[1]).wire(),
        "GETMOVE\n1 1 1 1 0 4 4 4 4 4 0 4 4 4 5 5 5"
    );
    assert_eq!(after.to_move(), Player::Second);
}
