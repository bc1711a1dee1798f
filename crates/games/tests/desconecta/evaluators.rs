//! The evaluators against literal array versions of the course's and the reports' loops, on
//! positions of seeded random games (bombs and BOOMs included).

use poda_core::{Evaluator, Game, Outcome, Player, Rng};
use poda_games::desconecta::{
    Action, CourseTest, DesConecta, SeedCells, SeedLines, Squeeze, LOST_NOW, PLAYABLE_POISON,
    SQUEEZE, WIN_NOW,
};

const SIDE: i32 = 7;

/// The board as the simulator stores it: `cells[row][col]`, 0 empty, 1/2 pieces, 4/5 bombs.
struct Grid([[u8; 7]; 7]);

impl Grid {
    fn new(game: &DesConecta) -> Grid {
        let mut cells = [[0u8; 7]; 7];
        for (i, line) in game.board_string().split('/').enumerate() {
            for (col, ch) in line.chars().enumerate() {
                cells[6 - i][col] = match ch {
                    'x' => 1,
                    'o' => 2,
                    'X' => 4,
                    'O' => 5,
                    _ => 0,
                };
            }
        }
        Grid(cells)
    }

    /// `See_Casilla(row, col) % 3`, or 9 (matches nothing) off the board.
    fn colour(&self, row: i32, col: i32) -> u8 {
        if (0..SIDE).contains(&row) && (0..SIDE).contains(&col) {
            self.0[row as usize][col as usize] % 3
        } else {
            9
        }
    }
}

/// The course's `Puntuacion`: `See_Casilla(i, j) == jugador` (normal pieces), weight j or 6-j.
fn puntuacion_literal(grid: &Grid, jugador: u8) -> i64 {
    let mut suma = 0;
    for i in 0..7 {
        for j in 0..7 {
            if grid.0[i][j] == jugador {
                suma += if j < 3 { j } else { 6 - j } as i64;
            }
        }
    }
    suma
}

/// The first report's `heuristicaEnLinea`: threes and twos starting at each cell, right, up,
/// up-right and down-right, with the report's bounds; then `ndos -= 2 * ntres`.
fn lines_literal(grid: &Grid, jugador: u8) -> (i64, i64) {
    let same = |cells: &[(i32, i32)]| cells.iter().all(|&(f, c)| grid.colour(f, c) == jugador);
    let (mut ntres, mut ndos) = (0, 0);
    for f in 0..SIDE {
        for c in 0..SIDE {
            if c < 5 && same(&[(f, c), (f, c + 1), (f, c + 2)]) {
                ntres += 1;
            }
            if f < 5 && same(&[(f, c), (f + 1, c), (f + 2, c)]) {
                ntres += 1;
            }
            if f < 5 && c < 5 && same(&[(f, c), (f + 1, c + 1), (f + 2, c + 2)]) {
                ntres += 1;
            }
            if f > 1 && c < 5 && same(&[(f, c), (f - 1, c + 1), (f - 2, c + 2)]) {
                ntres += 1;
            }
            if c < 6 && same(&[(f, c), (f, c + 1)]) {
                ndos += 1;
            }
            if f < 6 && same(&[(f, c), (f + 1, c)]) {
                ndos += 1;
            }
            if f < 6 && c < 6 && same(&[(f, c), (f + 1, c + 1)]) {
                ndos += 1;
            }
            if f > 0 && c < 6 && same(&[(f, c), (f - 1, c + 1)]) {
                ndos += 1;
            }
        }
    }
    (ntres, ndos - 2 * ntres)
}

/// The second report's `evaluarCasilla`: the first of the eight "three" looks, then the first
/// of the eight "two" looks, that finds the cell's colour decides the cell.
fn cell_literal(grid: &Grid, f: i32, c: i32, jugador: u8) -> i64 {
    let colour = grid.colour(f, c);
    if colour == 0 {
        return 0;
    }
    let sign = if colour == jugador { -1 } else { 1 };
    let directions = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (-1, 1),
        (1, 1),
        (-1, -1),
        (1, -1),
    ];
    for (df, dc) in directions {
        if (1..3).all(|k| grid.colour(f + k * df, c + k * dc) == colour) {
            return sign * 30;
        }
    }
    for (df, dc) in directions {
        if grid.colour(f + df, c + dc) == colour {
            return sign * 5;
        }
    }
    0
}

/// Seeded random positions (BOOM chosen often), unfinished ones.
fn random_positions(count: usize, seed: u64) -> Vec<DesConecta> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = DesConecta::new();
        while !game.outcome().is_over() {
            out.push(game);
            let legal = game.legal_move_list();
            let mv = if legal.contains(&Action::Boom) && rng.unit_f64() < 0.4 {
                Action::Boom
            } else {
                legal[rng.index(legal.len())]
            };
            game.play_unchecked(mv);
        }
    }
    out
}

/// Positions of seeded random games where each side avoids an action that loses at once when
/// it can: these games last longer and reach the crowded boards where every action loses.
fn careful_positions(count: usize, seed: u64) -> Vec<DesConecta> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = DesConecta::new();
        let mut plies = 0;
        while !game.outcome().is_over() && plies < 200 {
            out.push(game);
            let mover = game.to_move();
            let legal = game.legal_move_list();
            let safe: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|&a| game.after(a).outcome() != Outcome::Win(mover.opponent()))
                .collect();
            let pool = if safe.is_empty() { &legal } else { &safe };
            game.play_unchecked(pool[rng.index(pool.len())]);
            plies += 1;
        }
    }
    out
}

#[test]
fn test_is_the_course_valoracion_test() {
    let eval = CourseTest;
    let mut asymmetric = 0;
    for game in random_positions(20_000, 11) {
        let grid = Grid::new(&game);
        for p in Player::BOTH {
            assert_eq!(
                eval.evaluate(&game, p),
                puntuacion_literal(&grid, p.number()),
                "{}",
                game.board_string()
            );
        }
        if eval.evaluate(&game, Player::First) != -eval.evaluate(&game, Player::Second) {
            asymmetric += 1;
        }
    }
    assert!(asymmetric > 10_000, "ValoracionTest is not zero-sum");
    // Bombs do not count: one X in the centre column is worth nothing.
    let text = "......./......./......./......./......./......./...X...";
    let game = DesConecta::from_board_string(text, Player::Second, 6).unwrap();
    assert_eq!(eval.evaluate(&game, Player::First), 0);
    let text = text.replace('X', "x");
    let game = DesConecta::from_board_string(&text, Player::Second, 6).unwrap();
    assert_eq!(eval.evaluate(&game, Player::First), 3);
}

#[test]
fn seed_lines_is_the_first_reports_heuristic() {
    for game in random_positions(20_000, 12) {
        let grid = Grid::new(&game);
        for p in Player::BOTH {
            let (own3, own2) = lines_literal(&grid, p.number());
            let (opp3, opp2) = lines_literal(&grid, p.opponent().number());
            let want = 100 * (opp3 - own3) + 10 * (opp2 - own2);
            assert_eq!(
                SeedLines.evaluate(&game, p),
                want,
                "{}",
                game.board_string()
            );
        }
    }
}

#[test]
fn seed_cells_is_the_second_reports_heuristic() {
    for game in random_positions(20_000, 13) {
        let grid = Grid::new(&game);
        for p in Player::BOTH {
            let mut want = 0;
            for f in 0..SIDE {
                for c in 0..SIDE {
                    want += cell_literal(&grid, f, c, p.number());
                }
            }
            assert_eq!(
                SeedCells.evaluate(&game, p),
                want,
                "{}",
                game.board_string()
            );
        }
    }
}

#[test]
fn finished_games_get_the_course_values() {
    let (lost, _) = poda_core::play_line(&DesConecta::new(), "4455667").unwrap();
    assert_eq!(lost.outcome(), Outcome::Win(Player::Second));
    for eval in [
        &CourseTest as &dyn Evaluator<DesConecta>,
        &SeedLines,
        &SeedCells,
    ] {
        assert_eq!(eval.evaluate(&lost, Player::Second), 99_999_999);
        assert_eq!(eval.evaluate(&lost, Player::First), -99_999_999);
    }
}

#[test]
fn the_seed_heuristics_are_zero_sum() {
    for game in random_positions(5_000, 14) {
        for eval in [&SeedLines as &dyn Evaluator<DesConecta>, &SeedCells] {
            assert_eq!(
                eval.evaluate(&game, Player::First),
                -eval.evaluate(&game, Player::Second),
                "{} on {}",
                eval.name(),
                game.board_string()
            );
        }
    }
}

/// Playable cells (lowest empty cell of a column) where a piece of `jugador` (1 or 2) would
/// make a four of its colour: counted on the array, walking out from the cell.
fn poison_literal(grid: &Grid, jugador: u8) -> i64 {
    let mut count = 0;
    for c in 0..SIDE {
        let Some(f) = (0..SIDE).find(|&f| grid.0[f as usize][c as usize] == 0) else {
            continue;
        };
        let run = |df: i32, dc: i32| {
            (1..4)
                .take_while(|&k| grid.colour(f + k * df, c + k * dc) == jugador)
                .count()
        };
        if [(0, 1), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(df, dc)| run(df, dc) + run(-df, -dc) >= 3)
        {
            count += 1;
        }
    }
    count
}

#[test]
fn squeeze_is_seed_cells_plus_poison_plus_tactics_plus_the_opponents_pieces() {
    let mut poison_seen = 0;
    let mut tactics_seen = [0; 2];
    let mut positions = random_positions(10_000, 15);
    positions.extend(careful_positions(10_000, 16));
    for game in positions {
        let mover = game.to_move();
        let boom = game.after_boom_by(mover).map(|g| g.outcome());
        let safe_put = game.legal_move_list().into_iter().any(|a| {
            a != Action::Boom && game.after(a).outcome() != Outcome::Win(mover.opponent())
        });
        let tactics = if boom == Some(Outcome::Win(mover)) {
            tactics_seen[0] += 1;
            WIN_NOW
        } else if !safe_put && !matches!(boom, Some(Outcome::Ongoing | Outcome::Draw)) {
            tactics_seen[1] += 1;
            -LOST_NOW
        } else {
            0
        };
        for p in Player::BOTH {
            let sign = if p == mover { 1 } else { -1 };
            let opponent_pieces = game.pieces(p.opponent()).count_ones() as i64;
            let grid = Grid::new(&game);
            let (own, other) = match p {
                Player::First => (1, 2),
                Player::Second => (2, 1),
            };
            let poison = poison_literal(&grid, other) - poison_literal(&grid, own);
            poison_seen += (poison != 0) as usize;
            let want = SeedCells.evaluate(&game, p)
                + PLAYABLE_POISON * poison
                + sign * tactics
                + SQUEEZE * opponent_pieces;
            assert_eq!(Squeeze.evaluate(&game, p), want, "{}", game.board_string());
        }
        // The part that is not zero-sum is exactly the squeeze of both sides' pieces.
        assert_eq!(
            Squeeze.evaluate(&game, Player::First) + Squeeze.evaluate(&game, Player::Second),
            SQUEEZE * game.occupied().count_ones() as i64
        );
    }
    assert!(
        tactics_seen.iter().all(|&n| n > 20),
        "both tactics occur: {tactics_seen:?}"
    );
    assert!(poison_seen > 1_000, "poison cells occur: {poison_seen}");
}
