//! `poda` on Hex end to end: show (board string, compact and separated moves), solve (the
//! opening map of 3x3 as JSON), match and the one-line errors.

mod common;
use common::*;

#[test]
fn show_hex_in_both_notations() {
    let a = json(&poda(&["show", "hex(size=3)", "b2a1", "--json"]));
    let b = json(&poda(&["show", "hex(size=3)", "b2 a1", "--json"]));
    assert_eq!(a, b);
    assert_eq!(a["board"], "o../.x./...");
    assert_eq!(a["moves"], "b2a1");
    assert_eq!(a["to_move"], 1);
    let won = json(&poda(&["show", "hex(size=3)", "c1a1b2b1a3", "--json"]));
    assert_eq!(won["result"], "1-0");
    let drawing = stdout(&poda(&["show", "hex(size=3)", "b2"]));
    assert!(drawing.contains(" 1\\.  .  .\\1"), "{drawing}");
    let swap = json(&poda(&[
        "show",
        "hex(size=3,swap=true)",
        "b1 swap",
        "--json",
    ]));
    assert_eq!(swap["board"], ".../o../...");
}

#[test]
fn solve_hex_opening_map() {
    let v = json(&poda(&["solve", "hex(size=3)", "--analyze", "--json"]));
    let wins: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["score"].as_i64().unwrap() > 0)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(wins, vec!["c1", "a2", "b2", "c2", "a3"]);
    let one = json(&poda(&["solve", "hex(size=4)", "a1", "--json"]));
    assert_eq!(one["winner"], "white");
    assert_eq!(one["score"], 1);
    // One thread, and two (the second proving the replies beside the main proof), agree on
    // positions won and lost for the side to move.
    for (moves, winner) in [("a3", "black"), ("a2", "white"), ("a2 c4", "black")] {
        for threads in ["1", "2"] {
            let v = json(&poda(&[
                "solve",
                "hex(size=6)",
                moves,
                "--threads",
                threads,
                "--json",
            ]));
            assert_eq!(v["winner"], winner, "{moves} on {threads} threads");
        }
    }
    for bad in ["0", "65"] {
        assert_user_error(
            &poda(&["solve", "hex(size=4)", "a1", "--threads", bad]),
            "--threads must be between 1 and 64",
        );
    }
}

#[test]
fn hex_errors_are_one_line() {
    assert_user_error(&poda(&["show", "hex(size=3)", "a1 d1"]), "move 2 'd1'");
    assert_user_error(&poda(&["show", "hex(size=3)", "a1a1"]), "move 2 'a1'");
    assert_user_error(&poda(&["show", "hex(size=20)"]), "size");
    assert_user_error(&poda(&["solve", "hex(size=12)"]), "11x11");
    assert_user_error(
        &poda(&["match", "hex", "hexmcts(rave=2)", "random"]),
        "rave",
    );
}

#[test]
fn a_short_hex_match() {
    let v = json(&poda(&[
        "match",
        "hex(size=4)",
        "hexengine(depth=2)",
        "random",
        "--games",
        "4",
        "--json",
        "--quiet",
    ]));
    assert_eq!(v["games"], 4);
}
