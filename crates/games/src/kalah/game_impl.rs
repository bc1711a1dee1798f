//! Kalah as a [`Game`]: the course's pit notation, the board string and the drawing.
//!
//! A move is the mover's pit number `k` (`1..=m`, P1 next to the mover's store). Sequences
//! are written compactly (`43`: pit 4, an extra turn, then pit 3) when `m <= 9`, and
//! comma-separated (`10,3,12`) beyond.

use super::position::{Kalah, DEFAULT_PITS, DEFAULT_SEEDS};
use poda_core::notation::{self, MoveParseError};
use poda_core::{Game, IllegalMove, Outcome, Player};

impl Game for Kalah {
    /// The mover's pit number, 1-based (P1 next to the mover's store).
    type Move = u8;

    fn spec(&self) -> String {
        let mut args = Vec::new();
        if self.pits() != DEFAULT_PITS {
            args.push(format!("pits={}", self.pits()));
        }
        if self.seeds != DEFAULT_SEEDS {
            args.push(format!("seeds={}", self.seeds));
        }
        if self.empty_capture {
            args.push("empty_capture=true".to_string());
        }
        if args.is_empty() {
            "kalah".to_string()
        } else {
            format!("kalah({})", args.join(","))
        }
    }

    #[inline]
    fn to_move(&self) -> Player {
        self.mover
    }

    #[inline]
    fn outcome(&self) -> Outcome {
        self.result()
    }

    /// Non-empty pits, P1 first.
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.over {
            return;
        }
        for k in 1..=self.pits() {
            if self.board.own_pit(k) > 0 {
                moves.push(k as u8);
            }
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: u8) {
        self.sow(mv as usize);
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.position_hash()
    }

    #[inline]
    fn ply(&self) -> u32 {
        self.ply
    }

    /// A loose bound (see [`Kalah::ply_bound`]): real games last a few dozen plies, but a
    /// bound makes the game acyclic for the search, which needs no repetition checks.
    fn max_plies(&self) -> Option<u32> {
        Some(Kalah::ply_bound(self.pits(), self.board.total_seeds()))
    }

    /// A pit number `1..=m`.
    fn parse_move(&self, text: &str) -> Result<u8, MoveParseError> {
        let token = text.trim();
        let m = self.pits();
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveParseError::new(
                text,
                format!("not a pit number (1..{m})"),
            ));
        }
        match token.parse::<usize>().ok().filter(|k| (1..=m).contains(k)) {
            Some(k) => Ok(k as u8),
            None => Err(MoveParseError::new(
                text,
                format!("pit {token} does not exist (1..{m})"),
            )),
        }
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    /// Compact digits (`4312`) when every pit number is one digit, or any separated form.
    fn split_moves<'a>(&self, text: &'a str) -> Vec<&'a str> {
        if self.pits() <= 9 {
            notation::split_chars_or_separated(text)
        } else {
            notation::split_separated(text)
        }
    }

    fn format_moves(&self, moves: &[u8]) -> String {
        let texts: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        if self.pits() <= 9 {
            texts.concat()
        } else {
            texts.join(",")
        }
    }

    /// `s1,p1,...,pm/s2,p1,...,pm`: player 1's store and pits P1..Pm, then player 2's.
    fn board_string(&self) -> String {
        let side = |p: Player| {
            std::iter::once(self.store(p))
                .chain((1..=self.pits()).map(|k| self.pit(p, k)))
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("{}/{}", side(Player::First), side(Player::Second))
    }

    /// Player 2's row on top (P1 on the left, its store on the left end), player 1's row
    /// below (P1 on the right, next to its store on the right end), seeds travelling
    /// anticlockwise; facing pits share a column.
    ///
    /// ```text
    ///           1    2    3    4    5    6     player 2
    ///        +----+----+----+----+----+----+
    ///  [  0] |  4 |  4 |  4 |  4 |  4 |  4 |
    ///        +----+----+----+----+----+----+
    ///        |  4 |  4 |  4 |  4 |  4 |  4 | [  0]
    ///        +----+----+----+----+----+----+
    ///           6    5    4    3    2    1     player 1 (to move)
    /// ```
    fn render(&self) -> String {
        let m = self.pits();
        let widest = (1..=m)
            .flat_map(|k| [self.pit(Player::First, k), self.pit(Player::Second, k)])
            .chain([self.store(Player::First), self.store(Player::Second)])
            .max()
            .unwrap_or(0);
        let w = widest.to_string().len().max(2);
        let store_w = w.max(3);
        let pad = " ".repeat(store_w + 3);
        let line = format!("{pad}+{}\n", format!("{}+", "-".repeat(w + 2)).repeat(m));
        let row = |p: Player, ks: &mut dyn Iterator<Item = usize>| {
            ks.map(|k| format!(" {:>w$} |", self.pit(p, k)))
                .collect::<String>()
        };
        let labels = |ks: &mut dyn Iterator<Item = usize>| {
            ks.map(|k| format!("  {k:>w$} ")).collect::<String>()
        };
        let marker = |p: Player| {
            if !self.over && self.mover == p {
                " (to move)"
            } else {
                ""
            }
        };
        let mut out = String::new();
        out.push_str(&format!(
            "{pad}{}   player 2{}\n",
            labels(&mut (1..=m)),
            marker(Player::Second)
        ));
        out.push_str(&line);
        out.push_str(&format!(
            "[{:>store_w$}] |{}\n",
            self.store(Player::Second),
            row(Player::Second, &mut (1..=m))
        ));
        out.push_str(&line);
        out.push_str(&format!(
            "{pad}|{} [{:>store_w$}]\n",
            row(Player::First, &mut (1..=m).rev()),
            self.store(Player::First)
        ));
        out.push_str(&line);
        out.push_str(&format!(
            "{pad}{}   player 1{}\n",
            labels(&mut (1..=m).rev()),
            marker(Player::First)
        ));
        out
    }

    #[inline]
    fn is_legal(&self, mv: u8) -> bool {
        !self.over && self.board.can_sow(mv as usize)
    }

    fn play(&mut self, mv: u8) -> Result<(), IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        if !self.board.can_sow(mv as usize) {
            return Err(IllegalMove::NotLegal(
                if (1..=self.pits()).contains(&(mv as usize)) {
                    format!("{mv} (pit {mv} is empty)")
                } else {
                    format!("{mv} (no such pit)")
                },
            ));
        }
        self.sow(mv as usize);
        Ok(())
    }
}
