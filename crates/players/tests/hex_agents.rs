//! Hex's own agents: the pruned engine and MCTS with Hex's policy take immediate wins, stop
//! immediate threats, and `best` names the pruned engine.

use poda_core::{Game, Turn};
use poda_games::hex::Hex;
use poda_players::build_agent;

fn choose(game: &Hex, spec: &str) -> String {
    let mut agent = build_agent(game, spec).unwrap();
    agent.new_game(3);
    let choice = agent.choose(game, &mut Turn::new()).unwrap();
    assert!(game.is_legal(choice.mv));
    game.format_move(choice.mv)
}

#[test]
fn hex_agents_win_at_once_and_block() {
    // Black has a1..a4 on 5x5 (column a) and wins at a5; White to move must block it.
    let start = Hex::with_size(5, false).unwrap();
    let black_to_win = start.play_moves("a1 e1 a2 e2 a3 e3 a4 c3").unwrap();
    let white_must_block = start.play_moves("a1 e1 a2 e2 a3 e3 a4").unwrap();
    for spec in [
        "hexengine(depth=2)",
        "hexengine(depth=1,eval=shortest-path)",
        "hexmcts(sims=300)",
        "hexmcts(sims=300,rave=false)",
    ] {
        assert_eq!(choose(&black_to_win, spec), "a5", "{spec}");
        assert_eq!(choose(&white_must_block, spec), "a5", "{spec}");
    }
}

#[test]
fn best_is_hexengine_to_6x6_then_hexmc_and_bad_options_are_refused() {
    let game = Hex::with_size(5, true).unwrap();
    let agent = build_agent(&game, "best(movetime=50ms)").unwrap();
    assert!(agent.name().starts_with("hexengine"), "{}", agent.name());
    for size in [7, 10, 19] {
        let big = Hex::with_size(size, true).unwrap();
        let agent = build_agent(&big, "best(movetime=50ms)").unwrap();
        assert_eq!(agent.name(), "hexmc(movetime=50ms)");
    }
    // 9x9, 11x11 and 13x13 take MoHex's tree settings, the knowledge nodes and the policy
    // net's priors (11x11 the late root prover too, 13x13 more knowledge), and play a legal
    // move with them.
    let expected = "hexmc(movetime=50ms,knowledge=256,c=0,cin=0.22,ravei=2.12,rave=0.0012,\
                    ravep=8,prior=2.47,expand=10,fpu=0.35,net=100)";
    let eleven = "hexmc(movetime=50ms,knowledge=256,c=0,cin=0.22,ravei=2.12,rave=0.0012,\
                  ravep=8,prior=2.47,expand=10,fpu=0.35,net=100,solve=0.4,solveat=95)";
    for (size, moves, name) in [(9, "e5 d6", expected), (11, "f6 e7", eleven)] {
        let game = Hex::with_size(size, true).unwrap();
        let agent = build_agent(&game, "best(movetime=50ms)").unwrap();
        assert_eq!(agent.name(), name);
        choose(&game.play_moves(moves).unwrap(), "best(movetime=50ms)");
    }
    // 13x13 takes more knowledge per simulation from 3 s a move: knowledge nodes from 64
    // visits, the net's priors from 30.
    let thirteen = Hex::with_size(13, true).unwrap();
    let agent = build_agent(&thirteen, "best(movetime=50ms)").unwrap();
    assert_eq!(agent.name(), expected);
    for (time, long) in [("2999ms", false), ("3s", true), ("5s", true)] {
        let agent = build_agent(&thirteen, &format!("best(movetime={time})")).unwrap();
        let more = format!(
            "hexmc(movetime={time},knowledge=64,c=0,cin=0.22,ravei=2.12,rave=0.0012,ravep=8,\
             prior=2.47,expand=10,fpu=0.35,net=30)"
        );
        let settings = expected.replace("50ms", time);
        assert_eq!(agent.name(), if long { more } else { settings }, "{time}");
    }
    choose(
        &thirteen.play_moves("g7 f8").unwrap(),
        "best(movetime=50ms)",
    );
    for bad in [
        "hexmcts(rave=maybe)",
        "hexmcts(k=0)",
        "hexengine(depth=0)",
        "hexengine(eval=x)",
        "hexmcts(foo=1)",
    ] {
        assert!(build_agent(&game, bad).is_err(), "{bad}");
    }
    // The swap is available to both at ply 1 and they answer with a legal move.
    let after = game.play_moves("c3").unwrap();
    choose(&after, "hexmcts(sims=200)");
    choose(&after, "hexengine(depth=1)");
}

#[test]
fn best_with_threads_takes_the_two_thread_choice_and_needs_a_threaded_agent() {
    let settings = "knowledge=256,c=0,cin=0.22,ravei=2.12,rave=0.0012,ravep=8,prior=2.47,\
                    expand=10,fpu=0.35,net=100";
    let more = "knowledge=64,c=0,cin=0.22,ravei=2.12,rave=0.0012,ravep=8,prior=2.47,expand=10,\
                fpu=0.35,net=30";
    // 11x11 without the late prover (it cost games with two threads); 9x9 and 13x13 from
    // 3 s with more knowledge; 7x7 the plain hexmc; and they play legal moves with their
    // threads.
    for (size, time, options, moves) in [
        (9, "50ms", settings, "e5 d6"),
        (9, "5s", more, "e5 d6"),
        (11, "50ms", settings, "f6 e7"),
        (13, "2s", settings, "g7 f8"),
        (13, "5s", more, "g7 f8"),
    ] {
        let game = Hex::with_size(size, true).unwrap();
        let spec = format!("best(movetime={time},threads=2)");
        let agent = build_agent(&game, &spec).unwrap();
        let expected = format!("hexmc(movetime={time},{options},threads=2)");
        assert_eq!(agent.name(), expected, "{size}x{size} at {time}");
        if time == "50ms" {
            choose(&game.play_moves(moves).unwrap(), &spec);
        }
    }
    let seven = Hex::with_size(7, true).unwrap();
    let agent = build_agent(&seven, "best(movetime=50ms,threads=2)").unwrap();
    assert_eq!(agent.name(), "hexmc(movetime=50ms,threads=2)");
    choose(
        &seven.play_moves("d4 c5").unwrap(),
        "best(movetime=50ms,threads=2)",
    );
    // With one thread 9x9 keeps the settings at 5 s too (more knowledge won fewer games there).
    let nine = Hex::with_size(9, true).unwrap();
    let agent = build_agent(&nine, "best(movetime=5s)").unwrap();
    assert_eq!(agent.name(), format!("hexmc(movetime=5s,{settings})"));
    // threads=1 is `best` itself.
    let eleven = Hex::with_size(11, true).unwrap();
    assert_eq!(
        build_agent(&eleven, "best(movetime=50ms,threads=1)")
            .unwrap()
            .name(),
        build_agent(&eleven, "best(movetime=50ms)").unwrap().name()
    );
    // Below 7x7 `best` is the one-thread engine: threads are refused with a reason, and so
    // are threads that are no count.
    let small = Hex::with_size(5, true).unwrap();
    let refused = build_agent(&small, "best(movetime=50ms,threads=2)")
        .err()
        .unwrap();
    assert!(refused.to_string().contains("one thread"), "{refused}");
    for bad in ["threads=0", "threads=65", "threads=two"] {
        let spec = format!("best(movetime=50ms,{bad})");
        assert!(build_agent(&eleven, &spec).is_err(), "{spec}");
    }
}

#[test]
fn generic_mcts_with_rave_plays_hex() {
    let game = Hex::with_size(4, false)
        .unwrap()
        .play_moves("a1 d4 a2 d3 a3")
        .unwrap();
    assert_eq!(choose(&game, "mcts(sims=2000,rave=true)"), "a4");
}
