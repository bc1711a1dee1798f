//! The fuzz targets, one function each, taking arbitrary bytes.
//!
//! | target | what it feeds |
//! |---|---|
//! | `spec` | spec strings (`Spec::parse`, durations, booleans) |
//! | `game_spec` | game specs (`AnyGame::parse`) and OpenSpiel game strings |
//! | `agent_spec` | agent specs for one of several games (`build_agent`, nothing is run) |
//! | `moves` | move sequences in each game's notation (`play_line`, `parse_move`) |
//! | `boards` | each game's board strings |
//! | `openings` | openings files (`parse_openings`) |
//! | `engine_session` | `poda engine` sessions on several games (`serve`) |
//! | `htp_session` | `poda htp` sessions (Hex, HTP) |
//! | `ugr_session` | `poda ugr-bot` sessions (the course's Mancala protocol) |
//! | `tournament_resume` | a tournament directory (`tournament.json`, `games.jsonl`) resumed |
//! | `records` | `games.jsonl` of a fixed tournament, resumed |
//! | `solve_lines` | `poda solve` input lines (Pons' `<moves> <score>`) |
//! | `gtp_reply` | answers of an outside engine-protocol program, as the client reads them |
//!
//! Most targets read the first byte as a choice (which game, which options) and the rest as
//! the text; text targets read bytes that are not UTF-8 as U+FFFD, as a command line or a
//! file read with `from_utf8_lossy` would.

mod sessions;
mod text;
mod tournament;

pub use sessions::{engine_session, htp_session, ugr_session, ANSWER_LIMIT};
pub use text::{agent_spec, boards, game_spec, gtp_reply, moves, openings, solve_lines, spec};
pub use tournament::{records, tournament_resume};

use poda_games::AnyGame;

/// A target: bytes in, nothing out; a failure is a panic (or a hang, or memory without bound).
pub type Target = fn(&[u8]);

/// Every target by name, in the order the scripts run them.
pub const ALL: &[(&str, Target)] = &[
    ("spec", spec),
    ("game_spec", game_spec),
    ("agent_spec", agent_spec),
    ("moves", moves),
    ("boards", boards),
    ("openings", openings),
    ("engine_session", engine_session),
    ("htp_session", htp_session),
    ("ugr_session", ugr_session),
    ("tournament_resume", tournament_resume),
    ("records", records),
    ("solve_lines", solve_lines),
    ("gtp_reply", gtp_reply),
];

/// The targets whose input is a session of many messages: each message must be answered
/// within a second (checked by the target), so a whole input may take longer.
pub const SESSIONS: &[&str] = &["engine_session", "htp_session", "ugr_session"];

/// The games the game-dependent targets choose from (sizes at both ends of each range).
pub const GAMES: &[&str] = &[
    "connect4",
    "connect4(width=4,height=4)",
    "connect4(width=9,height=5)",
    "connect4(width=8,height=7)",
    "hex(size=1)",
    "hex(size=2)",
    "hex(size=5,swap=true)",
    "hex",
    "hex(size=19,swap=true)",
    "desconecta4boom",
    "misere(connect4)",
    "misere(connect4(width=4,height=5))",
    "kalah",
    "kalah(pits=1,seeds=1)",
    "kalah(pits=3,seeds=2,empty_capture=true)",
    "kalah(pits=12,seeds=24)",
];

/// The game a choice byte names.
pub fn game(choice: u8) -> AnyGame {
    let spec = GAMES[choice as usize % GAMES.len()];
    AnyGame::parse(spec).expect("the fuzz targets' games are valid")
}

/// A directory for scratch files: `$PODA_FUZZ_TMP`, else `/dev/shm` where it exists (writing
/// files there is fast; the targets write thousands), else the system's temporary directory.
pub fn scratch_root() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("PODA_FUZZ_TMP") {
        return dir.into();
    }
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// The first byte as a choice, and the rest.
pub fn split(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&c, rest)) => (c, rest),
        None => (0, data),
    }
}
