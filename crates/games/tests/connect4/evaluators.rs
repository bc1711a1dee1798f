//! The evaluators: hand-computed values of the seed evaluations, a cross-check of the plain
//! seed code against a bitboard formulation written here, antisymmetry, the catalog, the move
//! hints, and a small depth-2 match showing `threats` beats the seed evaluations.

use poda_core::{Catalog, Evaluator, Game, Outcome, Player, Rng};
use poda_games::connect4::{Connect4, FillEmpty, SeedLines, Threats, SEED_WIN};
use std::sync::Arc;

fn value(name: &str, moves: &str, player: Player) -> i64 {
    let game = Connect4::from_moves(moves).unwrap();
    game.evaluator(name).unwrap().evaluate(&game, player)
}

#[test]
fn seed_values_by_hand_single_stone() {
    // "4": x on (row 0, column 4). fill-empty: the x-filled board has no o, and from that
    // stone the four windows right (cols 4-7), up (rows 1-4), up-right and up-left all fit:
    // 4 - 0 = 4. lines / open-lines: no two in a row anywhere: 0.
    assert_eq!(value("fill-empty", "4", Player::First), 4);
    assert_eq!(value("fill-empty", "4", Player::Second), -4);
    assert_eq!(value("lines", "4", Player::First), 0);
    assert_eq!(value("open-lines", "4", Player::First), 0);
}

#[test]
fn seed_values_by_hand_bottom_three() {
    // "44553": x on row 1, columns 3, 4, 5; o on row 2, columns 4 and 5 (1-based rows and
    // columns). o to move.
    // lines, x: from (1,3): right two, right three; from (1,4): right two -> 2 twos, 1 three
    //   = 100 + 2 = 102. o: from (2,4): right two -> 1. Value for x: 102 - 1 = 101.
    // open-lines: row 1 and row 2 hold no enemy stone, every run sits in a free window: 101.
    // fill-empty, x-filled board: (1,3) right and up fit, up-right meets o at (2,4), up-left
    //   runs off the board -> 2; (1,4) right and up-left fit -> 2; (1,5) right runs off at
    //   column 8, up and up-left meet o, up-right runs off -> 0. x: 4.
    //   o-filled board: (2,4) right, up, up-right (3,5)(4,6)(5,7), up-left (3,3)(4,2)(5,1)
    //   -> 4; (2,5) up and up-left -> 2 (right and up-right leave the board). o: 6.
    //   Value for x: 4 - 6 = -2.
    for (name, for_x) in [("lines", 101), ("open-lines", 101), ("fill-empty", -2)] {
        assert_eq!(value(name, "44553", Player::First), for_x, "{name}");
        assert_eq!(value(name, "44553", Player::Second), -for_x, "{name}");
    }
}

#[test]
fn seed_values_by_hand_blocked_tower() {
    // "121211": x on column 1, rows 1-3, capped by o on row 4; o on column 2, rows 1-2.
    // lines, x: from (1,1) up two and up three, from (2,1) up two -> 2 twos, 1 three = 102;
    //   o: from (1,2) up two -> 1. Value for x: 101.
    // open-lines: the only window of column 1 holding rows 1-3 is rows 1-4, and row 4 is o:
    //   none of x's runs count -> 0. o's two in column 2 sits in the free window rows 1-4
    //   -> 1. Value for x: -1.
    // fill-empty, x-filled: (1,1): right (1,2) is o, up meets o at row 4, up-right (2,2) is o
    //   -> 0; (2,1): up-right (3,2)(4,3)(5,4) fits, right meets o at (2,2) -> 1; (3,1): right
    //   and up-right (4,2)(5,3)(6,4) fit, up meets o -> 2. x: 3.
    //   o-filled: (1,2): right, up, up-right fit, up-left (2,1) is x -> 3; (2,2): the same
    //   -> 3; (4,1): right fits, up and up-right leave the board at row 7 -> 1. o: 7.
    //   Value for x: 3 - 7 = -4.
    for (name, for_x) in [("lines", 101), ("open-lines", -1), ("fill-empty", -4)] {
        assert_eq!(value(name, "121211", Player::First), for_x, "{name}");
    }
}

#[test]
fn a_four_on_the_board_is_worth_999999() {
    let won = Connect4::from_moves("1122334").unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    for name in ["fill-empty", "lines", "open-lines"] {
        let e = won.evaluator(name).unwrap();
        assert_eq!(e.evaluate(&won, Player::First), SEED_WIN, "{name}");
        assert_eq!(e.evaluate(&won, Player::Second), -SEED_WIN, "{name}");
    }
}

/// Non-terminal positions from seeded random games on a board of the given size.
fn random_positions(width: u32, height: u32, count: usize, seed: u64) -> Vec<Connect4> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Connect4::with_size(width, height).unwrap();
        while !game.outcome().is_over() && out.len() < count {
            out.push(game);
            let moves = game.legal_move_list();
            game.play_unchecked(moves[rng.index(moves.len())]);
        }
    }
    out
}

/// Bit `i`: the window of four cells i, i+d, i+2d, i+3d lies in `free`.
#[test]
fn seed_evaluators_agree_with_the_plain_report_algorithm() {
    // The catalog serves the bitboard form; the plain form follows the report line by line.
    let plain: [(&str, Box<dyn Evaluator<Connect4>>); 3] = [
        ("fill-empty", Box::new(FillEmpty::named("plain"))),
        ("lines", Box::new(SeedLines::lines("plain"))),
        ("open-lines", Box::new(SeedLines::open_lines("plain"))),
    ];
    for (w, h, n) in [(7, 6, 3000), (8, 7, 500), (4, 9, 500), (9, 6, 500)] {
        for game in random_positions(w, h, n, 11) {
            for (name, reference) in &plain {
                let e = game.evaluator(name).unwrap();
                for p in Player::BOTH {
                    assert_eq!(
                        e.evaluate(&game, p),
                        reference.evaluate(&game, p),
                        "{name} for {p} on {}",
                        game.board_string()
                    );
                }
            }
        }
    }
}

#[test]
fn every_evaluator_is_zero_sum_and_aliases_agree() {
    let games = random_positions(7, 6, 2000, 3);
    for entry in Connect4::evaluators() {
        let e = (entry.build)(&Connect4::new());
        assert_eq!(e.name(), entry.name);
        for g in &games {
            let v = e.evaluate(g, Player::First);
            assert_eq!(
                v,
                -e.evaluate(g, Player::Second),
                "{} on {}",
                entry.name,
                g.board_string()
            );
        }
    }
    for (alias, name) in [
        ("seed1", "fill-empty"),
        ("seed2", "lines"),
        ("seed3", "open-lines"),
    ] {
        let (a, b) = (
            Connect4::new().evaluator(alias).unwrap(),
            Connect4::new().evaluator(name).unwrap(),
        );
        for g in &games {
            assert_eq!(
                a.evaluate(g, Player::First),
                b.evaluate(g, Player::First),
                "{alias}"
            );
        }
    }
}

#[test]
fn catalog_lists_threats_first_and_rejects_unknown_names() {
    let names: Vec<_> = Connect4::evaluators().iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        [
            "threats",
            "fill-empty",
            "lines",
            "open-lines",
            "seed1",
            "seed2",
            "seed3"
        ]
    );
    assert_eq!(Connect4::default_evaluator(), "threats");
    let err = Connect4::new()
        .evaluator("strong")
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("'strong'") && err.contains("threats, fill-empty"),
        "{err}"
    );
}

#[test]
fn hints_put_the_centre_first_and_threats_order_tactics() {
    let start = Connect4::new();
    let seed = FillEmpty::named("seed1");
    let order = |e: &dyn Evaluator<Connect4>, g: &Connect4| {
        let mut moves = g.legal_move_list();
        moves.sort_by_key(|&m| std::cmp::Reverse(e.move_hint(g, m)));
        g.format_moves(&moves)
    };
    assert_eq!(order(&seed, &start), "4352617");
    assert_eq!(order(&SeedLines::lines("lines"), &start), "4352617");
    assert_eq!(order(&Threats, &start), "4352617");
    // x threatens 4 on the bottom row; o to move must block: the block comes first for o.
    let block = Connect4::from_moves("11223").unwrap();
    assert_eq!(&order(&Threats, &block)[..1], "4");
    // x to move with the same threat: the win comes first.
    let win = Connect4::from_moves("112233").unwrap();
    assert_eq!(&order(&Threats, &win)[..1], "4");
    assert!(win.is_winning_move(3) && !win.is_winning_move(4));
}

#[test]
fn threats_sees_immediate_tactics() {
    let t = Threats;
    // x to move can win at once.
    let win = Connect4::from_moves("112233").unwrap();
    assert!(t.evaluate(&win, Player::First) > 50_000);
    // o to move, facing two playable x threats (columns 1 and 5 on the bottom row).
    let double = Connect4::from_moves("2233")
        .unwrap()
        .play_moves("4")
        .unwrap();
    assert_eq!(double.winning_cells(Player::First).count_ones(), 2);
    assert!(t.evaluate(&double, Player::First) > 10_000);
    // The empty board is level: both sides have the same windows.
    assert_eq!(t.evaluate(&Connect4::new(), Player::First), 0);
}

/// A tiny depth-limited alpha-beta (negamax form), only to compare evaluators in play; the
/// real searches live in poda-search. Wins score higher the sooner they come.
fn alphabeta(
    game: &Connect4,
    depth: u32,
    mut alpha: i64,
    beta: i64,
    eval: &dyn Evaluator<Connect4>,
) -> i64 {
    const WIN: i64 = 1_000_000_000;
    match game.outcome() {
        // The player who just moved made four: the side to move has lost.
        Outcome::Win(_) => return -WIN + game.ply() as i64,
        Outcome::Draw => return 0,
        Outcome::Ongoing => {}
    }
    if depth == 0 {
        return eval.evaluate(game, game.to_move());
    }
    let mut best = i64::MIN;
    for m in ordered_moves(game, eval) {
        best = best.max(-alphabeta(&game.after(m), depth - 1, -beta, -alpha, eval));
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn ordered_moves(game: &Connect4, eval: &dyn Evaluator<Connect4>) -> Vec<u8> {
    let mut moves = game.legal_move_list();
    moves.sort_by_key(|&m| std::cmp::Reverse(eval.move_hint(game, m)));
    moves
}

/// The first move (in hint order) of best value, each root move searched with a full window.
fn best_move(game: &Connect4, depth: u32, eval: &dyn Evaluator<Connect4>) -> u8 {
    let mut best = (i64::MIN, 0);
    for m in ordered_moves(game, eval) {
        let v = -alphabeta(&game.after(m), depth - 1, -i64::MAX, i64::MAX, eval);
        if v > best.0 {
            best = (v, m);
        }
    }
    best.1
}

/// Wins, draws and losses of `a` over games from `openings` random two-ply openings, each
/// played twice with colours swapped, both sides searching `depth` plies.
fn match_result(
    a: &dyn Evaluator<Connect4>,
    b: &dyn Evaluator<Connect4>,
    openings: usize,
    depth: u32,
    seed: u64,
) -> [u32; 3] {
    let mut rng = Rng::new(seed);
    let mut result = [0; 3];
    for _ in 0..openings {
        let mut opening = Connect4::new();
        for _ in 0..2 {
            let moves = opening.legal_move_list();
            opening.play_unchecked(moves[rng.index(moves.len())]);
        }
        for a_first in [true, false] {
            let mut game = opening;
            while !game.outcome().is_over() {
                let a_to_move = (game.to_move() == Player::First) == a_first;
                let e = if a_to_move { a } else { b };
                game.play(best_move(&game, depth, e)).unwrap();
            }
            let a_player = if a_first {
                Player::First
            } else {
                Player::Second
            };
            match game.outcome().winner() {
                Some(p) if p == a_player => result[0] += 1,
                None => result[1] += 1,
                Some(_) => result[2] += 1,
            }
        }
    }
    result
}

/// Plays `threats` against each seed evaluation and checks it scores over 60%.
fn threats_against_seeds(openings: usize, depth: u32, seed: u64) {
    let threats: Arc<dyn Evaluator<Connect4>> = Arc::new(Threats);
    for name in ["fill-empty", "lines", "open-lines"] {
        let other = Connect4::new().evaluator(name).unwrap();
        let [wins, draws, losses] =
            match_result(threats.as_ref(), other.as_ref(), openings, depth, seed);
        eprintln!("depth {depth}: threats vs {name}: +{wins} ={draws} -{losses}");
        let games = wins + draws + losses;
        assert!(
            (2 * wins + draws) * 10 > 2 * games * 6,
            "threats vs {name} at depth {depth}: +{wins} ={draws} -{losses}"
        );
    }
}

#[test]
fn threats_beats_the_seed_evaluations_at_depth_two() {
    threats_against_seeds(20, 2, 77);
}

/// The same at depths 4 to 6 over 100 games per pairing (about a minute in a release build):
/// `cargo test --release -p poda-games --test connect4 threats_beats -- --ignored --nocapture`
#[test]
#[ignore]
fn threats_beats_the_seed_evaluations_deeper() {
    for depth in 4..=6 {
        threats_against_seeds(50, depth, 99);
    }
}
