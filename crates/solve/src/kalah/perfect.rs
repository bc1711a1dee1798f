//! The perfect player's choice: a move that keeps the game's value (the largest final store
//! margin), and among those the quickest win or the slowest loss.
//!
//! Length: on the lines where both sides keep the value, the final margin never changes, so
//! which side wins is fixed; the winner wants the game short and the loser long (a drawn game
//! has no preference: the first keeping move in pit order). The number of plies left under
//! that play is a minimax over the keeping moves only ([`KalahSolver::plies_left`]): each
//! node needs the exact values of its children (the database's, or one null-window test a
//! move), and the length depends on the pits alone, so it is memoised by rank. The search
//! stops after a node budget of the solver; the choice then falls back to the first keeping
//! move in pit order, and says so (`plies` is `None`).

use super::KalahSolver;
use poda_games::kalah::{Board, Kalah, MAX_PITS};
use std::collections::HashMap;

/// Default node budget of the length search (solver nodes): about a tenth of a second.
pub const DEFAULT_LENGTH_NODES: u64 = 300_000;

/// The perfect player's move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The pit played.
    pub pit: u8,
    /// The final store difference for the side to move under perfect play.
    pub margin: i32,
    /// Every move that keeps it, in pit order (a bit per pit: bit `k - 1` for pit `k`).
    pub keeping: u16,
    /// Plies to the end of the game along the chosen move under the length rule, if the
    /// length search finished (and the game is not drawn).
    pub plies: Option<u32>,
}

/// A move that keeps a value: its pit, the child board and the child's exact future margin
/// (0 once the game is over).
#[derive(Clone, Copy, Debug)]
pub struct Keeping {
    pub pit: u8,
    pub extra: bool,
    pub over: bool,
    pub child: Board,
    pub child_value: i32,
}

/// The moves of `keeping` as pits.
pub fn pits_of(keeping: u16) -> Vec<u8> {
    (1..=MAX_PITS as u8)
        .filter(|k| keeping & (1 << (k - 1)) != 0)
        .collect()
}

impl KalahSolver {
    /// The moves of `b` whose value is `v` (the exact future margin of `b`), with their
    /// children's exact values.
    pub fn keeping_moves(&mut self, b: &Board, v: i32) -> Vec<Keeping> {
        let mut out = Vec::new();
        for k in 1..=b.pits() {
            if b.own_pit(k) == 0 {
                continue;
            }
            let mut child = *b;
            let (sown, gain) = child.sow_gain(k, self.shared.empty_capture);
            let child_value = if sown.over {
                if gain != v {
                    continue;
                }
                0
            } else if sown.extra_turn {
                // gain + c == v: c >= v - gain suffices, as c <= v - gain holds (v is the max).
                let c = v - gain;
                if !self.future_at_least(&child, c) {
                    continue;
                }
                c
            } else {
                // gain - c == v: c <= gain - v.
                let c = gain - v;
                if self.future_at_least(&child, c + 1) {
                    continue;
                }
                c
            };
            out.push(Keeping {
                pit: k as u8,
                extra: sown.extra_turn,
                over: sown.over,
                child,
                child_value,
            });
        }
        out
    }

    /// Plies left after `b` (exact future margin `v`) when both sides keep the value, the
    /// side to move hurrying (`hurry`) or delaying; `None` if the solver's budget ran out.
    /// `memo` holds finished lengths by (rank, hurry).
    pub fn plies_left(
        &mut self,
        b: &Board,
        v: i32,
        hurry: bool,
        memo: &mut HashMap<(u64, bool), u32>,
    ) -> Option<u32> {
        let seeds = b.seeds_in_pits();
        let key = (self.shared.ranker.rank(b.pit_cells(), seeds), hurry);
        if let Some(&d) = memo.get(&key) {
            return Some(d);
        }
        let moves = self.keeping_moves(b, v);
        if self.aborted {
            return None;
        }
        let mut best: Option<u32> = None;
        for m in &moves {
            let d = if m.over {
                1
            } else {
                // After an extra turn the same side moves again.
                let next = if m.extra { hurry } else { !hurry };
                1 + self.plies_left(&m.child, m.child_value, next, memo)?
            };
            best = Some(match best {
                None => d,
                Some(b) if hurry => b.min(d),
                Some(b) => b.max(d),
            });
        }
        // A position that is not over keeps its value with some move.
        let d = best?;
        memo.insert(key, d);
        Some(d)
    }

    /// The perfect player's choice in `game` (not over), given its exact future margin if
    /// known (from a book), with a budget of `length_nodes` solver nodes for the length
    /// search (`memo`: lengths known from earlier calls, see [`KalahSolver::plies_left`]). A
    /// single keeping move, or a drawn game, needs no length search (`plies` is then `None`).
    pub fn choose(
        &mut self,
        game: &Kalah,
        known: Option<i32>,
        length_nodes: u64,
        memo: &mut HashMap<(u64, bool), u32>,
    ) -> Choice {
        let b = *game.board();
        let v = known.unwrap_or_else(|| self.solve(game) - b.margin());
        let margin = b.margin() + v;
        let moves = self.keeping_moves(&b, v);
        let keeping = moves.iter().fold(0u16, |m, k| m | (1 << (k.pit - 1)));
        // No keeping move only when a budget ran out (`within` then drops the answer).
        let Some(first) = moves.first().map(|m| m.pit) else {
            return Choice {
                pit: 0,
                margin,
                keeping,
                plies: None,
            };
        };
        let mut choice = Choice {
            pit: first,
            margin,
            keeping,
            plies: None,
        };
        if margin == 0 || moves.len() == 1 || self.aborted {
            return choice;
        }
        // The side to move wins: it hurries.
        let hurry = margin > 0;
        let lengths = self.within(Some(length_nodes), None, |s| {
            moves
                .iter()
                .map(|m| {
                    if m.over {
                        Some(1)
                    } else {
                        let next = if m.extra { hurry } else { !hurry };
                        s.plies_left(&m.child, m.child_value, next, memo)
                            .map(|d| d + 1)
                    }
                })
                .collect::<Option<Vec<u32>>>()
        });
        if let Some(Some(lengths)) = lengths {
            let mut best = 0;
            for (i, &d) in lengths.iter().enumerate() {
                if (hurry && d < lengths[best]) || (!hurry && d > lengths[best]) {
                    best = i;
                }
            }
            choice.pit = moves[best].pit;
            choice.plies = Some(lengths[best]);
        }
        choice
    }
}

/// Seeds of the endgame database the perfect player reads when `poda endgame` has built one
/// (a prefix of a larger file: 1.25 GB, memory-mapped).
pub const PERFECT_DB_SEEDS: u32 = 24;
/// The smallest database the perfect player is built to answer within a second with
/// (`poda endgame kalah --seeds 20`: 0.23 GB, under a minute): the book's probe reads only
/// this prefix of whatever file there is (see `poda book kalah`).
pub const PERFECT_MIN_DB_SEEDS: u32 = 20;
/// Seeds of the lazily filled table it uses otherwise (shared by the process).
pub const PERFECT_LAZY_SEEDS: u32 = 14;

/// The perfect player's endgame values: the database file if `use_file` and there is one
/// (at most [`PERFECT_DB_SEEDS`] of it), else a lazily filled table shared by the process.
pub fn perfect_endgame(pits: usize, empty_capture: bool, use_file: bool) -> super::Endgame {
    endgame_within(pits, empty_capture, use_file.then_some(PERFECT_DB_SEEDS))
}

/// The endgame values of the book's probe: the perfect player with the smallest database it
/// is meant to have ([`PERFECT_MIN_DB_SEEDS`] seeds of the file), or the lazy table.
pub fn probe_endgame(pits: usize, empty_capture: bool) -> super::Endgame {
    endgame_within(pits, empty_capture, Some(PERFECT_MIN_DB_SEEDS))
}

/// Has `poda endgame` built a database for this game, of at least [`PERFECT_MIN_DB_SEEDS`]
/// seeds (the least the book is built for)?
pub fn has_database(pits: usize, empty_capture: bool) -> bool {
    super::db::default_path(pits, empty_capture)
        .and_then(|p| super::db::Header::read(&p).ok())
        .is_some_and(|h| {
            h.pits == pits && h.empty_capture == empty_capture && h.seeds >= PERFECT_MIN_DB_SEEDS
        })
}

fn endgame_within(pits: usize, empty_capture: bool, db_seeds: Option<u32>) -> super::Endgame {
    use std::sync::{Arc, Mutex, OnceLock};
    if let Some(cap) = db_seeds {
        if let Some(db) = super::db::shared(pits, empty_capture, cap) {
            return super::Endgame::Db(db);
        }
    }
    type Tables = Mutex<HashMap<(usize, bool), Arc<poda_games::kalah::EndgameTable>>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked while inserting: the map is fine.
    let mut map = tables.lock().unwrap_or_else(|e| e.into_inner());
    let table = map
        .entry((pits, empty_capture))
        .or_insert_with(|| {
            Arc::new(poda_games::kalah::EndgameTable::new(
                pits,
                empty_capture,
                PERFECT_LAZY_SEEDS,
                1 << 26,
            ))
        })
        .clone();
    super::Endgame::Lazy(table)
}
