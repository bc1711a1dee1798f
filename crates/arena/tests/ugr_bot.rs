//! `ugr-bot`: driving small shell-script bots that speak the course's protocol — a
//! well-behaved one plays exactly like the same strategy in-process, and a crash, a timeout,
//! a garbage answer or an empty pit each lose the game with the reason recorded while the
//! match goes on. Also the recovery of the opponent's moves sent in `GETMOVE`.

use poda_arena::game::{play_game, GameSetup};
use poda_arena::{run_match, MatchConfig};
use poda_core::{Agent, AgentError, Choice, Game, Outcome, Player, Rng, Turn};
use poda_games::kalah::Kalah;
use poda_players::build_agent;
use poda_proto::ugr::driver::{getmove_line, recover_moves};
use std::path::PathBuf;

/// Writes a shell script bot to a temporary file; returns the `ugr-bot` spec that runs it.
fn script_bot(name: &str, body: &str, options: &str) -> String {
    let dir = std::env::temp_dir().join(format!("poda-ugr-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(format!("{name}.sh"));
    std::fs::write(&path, body).unwrap();
    format!("ugr-bot(cmd=\"sh {}\"{options})", path.display())
}

/// Answers every message as the course's kit does; on GETMOVE plays its first non-empty pit.
const FIRST_PIT_BOT: &str = r#"
while read -r cmd rest; do
  case "$cmd" in
    GETNAME) echo FirstPit ;;
    SETPLAYER) echo OK ;;
    PING) echo PONG ;;
    GETMOVE)
      set -- $rest
      n=$1; shift; shift $n
      turn=$1; shift
      if [ "$turn" = 1 ]; then shift 7; fi
      shift
      k=1
      for s in "$@"; do
        if [ "$s" -gt 0 ]; then echo $k; break; fi
        k=$((k+1))
      done ;;
    END) echo OK; exit 0 ;;
    *) echo OK ;;
  esac
done
"#;

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
    let spec = script_bot("first", FIRST_PIT_BOT, "");
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
fn forfeits(name: &str, body: &str, options: &str, expect: &str) {
    let start = Kalah::default();
    let config = MatchConfig {
        start,
        agent_a: script_bot(name, body, options),
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
    let body = r#"
while read -r cmd rest; do
  case "$cmd" in
    GETNAME) echo Crashy ;;
    GETMOVE) echo "segmentation fault (pretend)" >&2; exit 139 ;;
    *) echo OK ;;
  esac
done
"#;
    forfeits("crash", body, "", "pretend");
}

#[test]
fn silence_past_the_limit_loses_the_game() {
    let body = r#"
while read -r cmd rest; do
  case "$cmd" in
    GETNAME) echo Sleepy ;;
    GETMOVE) sleep 3 ;;
    *) echo OK ;;
  esac
done
"#;
    forfeits("sleepy", body, ",timeout=150ms", "timed out");
}

#[test]
fn garbage_and_empty_pits_lose_the_game() {
    let garbage = r#"
while read -r cmd rest; do
  case "$cmd" in
    GETNAME) echo Garbage ;;
    GETMOVE) echo "M3 please" ;;
    *) echo OK ;;
  esac
done
"#;
    forfeits("garbage", garbage, "", "not a pit");
    // Always pit 6: legal at first, empty soon after (no pit 6 move gives an extra turn).
    let stubborn = r#"
while read -r cmd rest; do
  case "$cmd" in
    GETNAME) echo Stubborn ;;
    GETMOVE) echo 6 ;;
    *) echo OK ;;
  esac
done
"#;
    forfeits("stubborn", stubborn, "", "empty pit");
    let missing = script_bot("missing", "exit 0\n", "");
    let start = Kalah::default();
    let mut bot = build_agent(&start, &missing).unwrap();
    assert!(matches!(
        bot.choose(&start, &mut Turn::new()),
        Err(AgentError::Crashed(_))
    ));
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
    let line = getmove_line(&start, &[]);
    assert_eq!(line, "GETMOVE 0 0 0 4 4 4 4 4 4 0 4 4 4 4 4 4");
    let (after, _) = poda_core::play_line(&start, "1").unwrap();
    assert_eq!(
        getmove_line(&after, &[1]),
        "GETMOVE 1 1 1 1 0 4 4 4 4 4 0 4 4 4 5 5 5"
    );
    assert_eq!(after.to_move(), Player::Second);
}
