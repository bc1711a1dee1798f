//! Matches: determinism for a seed, alternating colours, paired openings, summaries.

use poda_arena::matches::{a_plays_first, opening_seed};
use poda_arena::{run_match, MatchConfig};
use poda_core::Player;
use poda_games::connect4::Connect4;

fn config(threads: usize) -> MatchConfig<Connect4> {
    MatchConfig {
        start: Connect4::default(),
        agent_a: "alphabeta(depth=3)".into(),
        agent_b: "random".into(),
        games: 12,
        seed: 9,
        threads,
        opening_plies: 2,
        openings: Vec::new(),
        max_plies: None,
    }
}

#[test]
fn results_depend_only_on_the_seed() {
    let mut one = Vec::new();
    run_match(&config(1), &mut |g, _| one.push(g.clone())).unwrap();
    let mut two = Vec::new();
    let summary = run_match(&config(2), &mut |g, _| two.push(g.clone())).unwrap();
    for games in [&mut one, &mut two] {
        games.sort_by_key(|g| g.index);
        // Wall times differ from run to run; everything else must not.
        games.iter_mut().for_each(|g| g.time_ms = [0.0; 2]);
    }
    assert_eq!(one, two, "thread count changed the games");
    assert_eq!(summary.games, 12);
    assert_eq!(summary.a_wins + summary.b_wins + summary.draws, 12);
    assert_eq!(summary.a_first.games() + summary.a_second.games(), 12);
    for g in &one {
        let a_first = a_plays_first(g.index);
        assert_eq!(g.first == "alphabeta(depth=3)", a_first);
        assert_eq!(g.opening_plies, 2);
    }
    // The two games of a pair share their opening, and different pairs differ.
    for pair in one.chunks(2) {
        assert_eq!(pair[0].moves[..2], pair[1].moves[..2]);
    }
    assert_ne!(opening_seed(9, 0), opening_seed(9, 2));
    assert_eq!(opening_seed(9, 0), opening_seed(9, 1));
    // A depth-3 searcher beats random players most of the time.
    assert!(summary.a_wins >= 9, "{summary:?}");
}

#[test]
fn ply_cap_adjudicates_draws() {
    let mut cfg = config(1);
    cfg.max_plies = Some(6);
    cfg.games = 4;
    let summary = run_match(&cfg, &mut |g, _| {
        assert!(g.adjudicated);
        assert_eq!(g.result, "1/2-1/2");
        assert!(g.reason.as_deref().unwrap().contains("6-ply cap"));
    })
    .unwrap();
    assert_eq!((summary.draws, summary.adjudicated), (4, 4));
    assert_eq!(summary.elo, Some(0.0));
    let _ = Player::First;
}

#[test]
fn bad_agent_specs_are_errors_before_any_game() {
    let mut cfg = config(1);
    cfg.agent_b = "alphabeta(depht=3)".into();
    let err = run_match(&cfg, &mut |_, _| panic!("no game should be played")).unwrap_err();
    assert!(err.to_string().contains("unknown option 'depht'"), "{err}");
    cfg.agent_b = "nosuchagent".into();
    let err = run_match(&cfg, &mut |_, _| panic!("no game should be played")).unwrap_err();
    assert!(
        err.to_string().contains("valid:") && err.to_string().contains("engine"),
        "{err}"
    );
}

#[test]
fn openings_from_a_list_are_played_in_order_and_cycle() {
    let mut cfg = config(2);
    cfg.games = 10;
    let text = "# two openings\n4 4\n\n3,5 # comment\n";
    cfg.openings = poda_arena::parse_openings(&cfg.start, text, "list").unwrap();
    let mut games = Vec::new();
    run_match(&cfg, &mut |g, _| games.push(g.clone())).unwrap();
    games.sort_by_key(|g| g.index);
    assert_eq!(games.len(), 10);
    for g in &games {
        let expected = if (g.index / 2) % 2 == 0 {
            ["4", "4"]
        } else {
            ["3", "5"]
        };
        assert_eq!(g.moves[..2], expected, "game {}", g.index);
        assert_eq!(g.opening_plies, 2);
    }
}

#[test]
fn the_balanced_kalah_openings_file_is_valid() {
    use poda_core::Game;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/openings/kalah-balanced.txt");
    let start = poda_games::kalah::Kalah::default();
    let openings = poda_arena::load_openings(&start, &path).unwrap();
    assert_eq!(openings.len(), 16);
    for opening in &openings {
        let mut game = start;
        opening.iter().for_each(|&mv| game.play_unchecked(mv));
        assert_eq!(game.ply(), 3);
        assert!(!game.outcome().is_over());
    }
}
