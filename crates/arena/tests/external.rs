//! `external(cmd=...)`: the example Python bot plays full matches; crashes, timeouts,
//! illegal, unparsable and garbled answers lose with their reason, the program is restarted,
//! its stderr is logged, and the match always goes on. Needs `python3` on the PATH.

use poda_arena::{run_match, MatchConfig};
use poda_core::{Agent, AgentError, Game, Turn};
use poda_games::connect4::Connect4;
use poda_players::build_agent;
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("poda-external-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn random_bot() -> String {
    let path = repo().join("examples/bots/random_bot.py");
    format!("python3 {} 7", path.display())
}

fn faulty(mode: &str, at: u32) -> String {
    let path = repo().join("crates/arena/tests/bots/faulty_bot.py");
    format!("python3 {} {mode} {at}", path.display())
}

fn external(cmd: &str, extra: &str, log: &std::path::Path) -> String {
    format!("external(cmd=\"{cmd}\",log=\"{}\"{extra})", log.display())
}

fn play(agent_b: &str, games: usize) -> Vec<poda_arena::GameRecord> {
    let config = MatchConfig {
        start: Connect4::default(),
        agent_a: "alphabeta(depth=2)".into(),
        agent_b: agent_b.into(),
        games,
        seed: 3,
        threads: 1,
        opening_plies: 2,
        openings: Vec::new(),
        max_plies: None,
    };
    let mut records = Vec::new();
    let summary = run_match(&config, &mut |r, _| records.push(r.clone())).expect("valid specs");
    assert_eq!(summary.games as usize, games, "every game is played");
    records
}

#[test]
fn the_example_bot_plays_whole_games() {
    let dir = scratch("example");
    let log = dir.join("bot.log");
    let records = play(&external(&random_bot(), "", &log), 4);
    for r in &records {
        assert_eq!(r.reason, None, "{r:?}");
        assert!(r.moves.len() >= 7, "{r:?}");
    }
    // The alpha-beta searcher beats a random player.
    let b_wins = records
        .iter()
        .filter(|r| (r.result == "1-0") == (r.first != "alphabeta(depth=2)"))
        .count();
    assert!(b_wins <= 1, "{records:?}");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("random_bot started"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_crash_loses_and_the_program_is_restarted() {
    let dir = scratch("crash");
    let log = dir.join("bot.log");
    let records = play(&external(&faulty("crash", 2), "", &log), 3);
    for r in &records {
        let reason = r.reason.as_deref().unwrap_or_default();
        assert!(
            reason.contains("crashed") && reason.contains("exit"),
            "{r:?}"
        );
        assert!(
            reason.contains("bot.log"),
            "the reason names the log: {reason}"
        );
        let bot_first = r.first != "alphabeta(depth=2)";
        assert_eq!(r.result, if bot_first { "0-1" } else { "1-0" }, "{r:?}");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.matches("faulty_bot started").count(), 3, "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_timeout_loses_and_the_program_is_killed_and_restarted() {
    let dir = scratch("hang");
    let log = dir.join("bot.log");
    let began = std::time::Instant::now();
    let spec = external(&faulty("hang", 2), ",movetime=300ms,grace=200ms", &log);
    let records = play(&spec, 2);
    // Two games, each lost after ~0.5 s of waiting, not after the bot's 60 s sleep.
    assert!(began.elapsed().as_secs() < 30, "{:?}", began.elapsed());
    for r in &records {
        let reason = r.reason.as_deref().unwrap_or_default();
        assert!(reason.contains("timed out"), "{r:?}");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.matches("faulty_bot started").count(), 2, "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unparsable_garbled_and_resigning_answers_lose() {
    let dir = scratch("answers");
    for (mode, needle) in [
        ("offboard", "unparsable move '99'"),
        ("garbage", "not a protocol answer"),
        ("resign", "resigned"),
    ] {
        let log = dir.join(format!("{mode}.log"));
        // The bot fails at its first genmove (in game 0); the match goes on.
        let records = play(&external(&faulty(mode, 1), "", &log), 2);
        let reason = records[0].reason.as_deref().unwrap_or_default();
        assert!(reason.contains(needle), "{mode}: {:?}", records[0]);
        assert_eq!(records[0].result, "1-0", "the bot played second and lost");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_illegal_move_is_reported_as_such() {
    // Column 1 is full; the bot answers "1" anyway.
    let dir = scratch("illegal");
    let start = Connect4::default();
    let spec = external(&faulty("illegal", 1), "", &dir.join("bot.log"));
    let mut agent: Box<dyn Agent<Connect4>> = build_agent(&start, &spec).unwrap();
    agent.new_game(1);
    let mut game = start;
    for _ in 0..6 {
        agent.observe(&game, 0);
        game.play(0).unwrap();
    }
    assert!(!game.is_legal(0));
    let answer = agent.choose(&game, &mut Turn::new());
    assert_eq!(answer, Err(AgentError::Illegal("1".into())));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn moves_not_reported_are_found_again() {
    // Without observe(), the agent finds a one- or two-ply gap by search, and refuses a
    // position it cannot have reached from the start.
    let dir = scratch("resync");
    let start = Connect4::default();
    let spec = external(&random_bot(), "", &dir.join("bot.log"));
    let mut agent: Box<dyn Agent<Connect4>> = build_agent(&start, &spec).unwrap();
    agent.new_game(1);
    let mut game = start;
    for _ in 0..3 {
        let mv = agent.choose(&game, &mut Turn::new()).unwrap().mv;
        game.play(mv).unwrap();
        let reply = game.legal_move_list()[0];
        game.play(reply).unwrap();
    }
    agent.new_game(2);
    let far = start.play_moves("4444").unwrap();
    let err = agent.choose(&far, &mut Turn::new()).unwrap_err();
    assert!(err.to_string().contains("from its start"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_external_specs_are_errors() {
    let start = Connect4::default();
    for (spec, needle) in [
        ("external", "cmd"),
        ("external(cmd=\"a 'b\")", "closing quote"),
        (
            "external(cmd=x,dialect=klingon)",
            "native, htp, gtp or openspiel",
        ),
        ("external(cmd=x,movetime=fast)", "movetime"),
        ("external(cmd=x,colour=b)", "unknown option"),
    ] {
        let Err(err) = build_agent(&start, spec) else {
            panic!("{spec} should be refused");
        };
        let err = err.to_string();
        assert!(err.contains(needle), "{spec}: {err}");
    }
    // A program that does not exist fails its first move, with a reason.
    let mut agent = build_agent(&start, "external(cmd=/nonexistent/bot)").unwrap();
    agent.new_game(1);
    let err = agent.choose(&start, &mut Turn::new()).unwrap_err();
    assert!(err.to_string().contains("cannot start"), "{err}");
}

#[test]
fn an_htp_program_like_mohex_is_set_up_refereed_and_restarted_after_an_error() {
    // Hex 5x5: the program needs `boardsize 5 5` (it knows no `game`), takes its settings
    // from `setup`, and answers `?` to its second genmove of each process; each such game is
    // lost with the program's message, the program is restarted, and the match goes on.
    let dir = scratch("htp");
    let log = dir.join("htp.log");
    let bot = repo().join("crates/arena/tests/bots/htp_bot.py");
    let spec = format!(
        "external(cmd=\"python3 {}\",protocol=htp,movetime=30s,startup=60s,log=\"{}\",setup=\"param_mohex max_time 1; param_game allow_swap 0\")",
        bot.display(),
        log.display()
    );
    let config = MatchConfig {
        start: poda_games::hex::Hex::with_size(5, false).unwrap(),
        agent_a: "random".into(),
        agent_b: spec.replace("htp_bot.py", "htp_bot.py 2"),
        games: 4,
        seed: 3,
        threads: 1,
        opening_plies: 0,
        openings: Vec::new(),
        max_plies: None,
    };
    let mut records = Vec::new();
    let summary = run_match(&config, &mut |r, _| records.push(r.clone())).expect("valid specs");
    assert_eq!(summary.games, 4);
    for r in &records {
        let reason = r.reason.as_deref().unwrap_or_default();
        assert!(reason.contains("the game is lost"), "{r:?}");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    let starts = text.lines().filter(|l| *l == "started").count();
    assert_eq!(
        starts, 4,
        "one program per game after each failure:\n{text}"
    );
    for wanted in [
        "boardsize 5 5",
        "param_mohex max_time 1",
        "param_game allow_swap 0",
    ] {
        let n = text.lines().filter(|l| *l == wanted).count();
        assert_eq!(n, 4, "{wanted}:\n{text}");
    }
    // A setup command the program refuses fails the move with its message.
    let refused = spec
        .replace("param_game allow_swap 0", "param_nonsense 1")
        .replace("htp_bot.py", "htp_bot.py 0");
    let start = poda_games::hex::Hex::with_size(5, false).unwrap();
    let mut agent = build_agent(&start, &refused).unwrap();
    agent.new_game(1);
    let err = agent
        .choose(&start, &mut Turn::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("param_nonsense"), "{err}");
    // protocol and dialect name the same option.
    assert!(build_agent(&start, &spec.replace("protocol=htp", "protocol=klingon")).is_err());
    let both = spec.replace("protocol=htp", "protocol=htp,dialect=native");
    assert!(build_agent(&start, &both).is_err());
}
