//! Inputs for the stable replay harness: random bytes, and seeds changed by small edits
//! (flips, insertions, deletions, repeats, splices, dictionary tokens, cuts, runs of a token
//! long enough to make a huge line), in the spirit of libFuzzer's mutators but without its
//! coverage feedback.

use poda_core::Rng;

/// Longest input the mutator makes (huge lines included).
pub const MAX_LEN: usize = 1 << 20;

/// Reads a libFuzzer dictionary: one `"token"` a line (`name="token"` too), with `\\`, `\"`
/// and `\xNN` escapes; `#` comments.
pub fn parse_dict(text: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (Some(open), Some(close)) = (line.find('"'), line.rfind('"')) else {
            continue;
        };
        if close <= open {
            continue;
        }
        let body = &line.as_bytes()[open + 1..close];
        let mut token = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let hex = (body[i] == b'\\' && body.get(i + 1) == Some(&b'x'))
                .then(|| body.get(i + 2..i + 4))
                .flatten()
                .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
            match (hex, body[i]) {
                (Some(b), _) => {
                    token.push(b);
                    i += 4;
                }
                (None, b'\\') if i + 1 < body.len() => {
                    token.push(body[i + 1]);
                    i += 2;
                }
                (None, b) => {
                    token.push(b);
                    i += 1;
                }
            }
        }
        out.push(token);
    }
    out
}

/// Makes inputs from seeds and a dictionary.
pub struct Mutator {
    rng: Rng,
    seeds: Vec<Vec<u8>>,
    dict: Vec<Vec<u8>>,
}

impl Mutator {
    pub fn new(seed: u64, seeds: Vec<Vec<u8>>, dict: Vec<Vec<u8>>) -> Mutator {
        Mutator {
            rng: Rng::new(seed),
            seeds,
            dict,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n.max(1) as u64) as usize
    }

    fn token(&mut self) -> Vec<u8> {
        if self.dict.is_empty() || self.below(4) == 0 {
            let len = 1 + self.below(8);
            (0..len).map(|_| self.byte()).collect()
        } else {
            let i = self.below(self.dict.len());
            self.dict[i].clone()
        }
    }

    /// A byte, more often a printable or separator one.
    fn byte(&mut self) -> u8 {
        const COMMON: &[u8] = b" \n\t,=()\"\\/#.-0123456789abxoXO\r";
        match self.below(4) {
            0 => self.below(256) as u8,
            1 => COMMON[self.below(COMMON.len())],
            _ => 0x20 + self.below(0x5f) as u8,
        }
    }

    /// The next input.
    pub fn next_input(&mut self) -> Vec<u8> {
        let mut data = match (self.seeds.is_empty(), self.below(8)) {
            (true, _) | (_, 0) => {
                let len = self.below(64);
                (0..len).map(|_| self.byte()).collect()
            }
            _ => {
                let i = self.below(self.seeds.len());
                self.seeds[i].clone()
            }
        };
        let edits = 1 + self.below(8);
        for _ in 0..edits {
            self.edit(&mut data);
        }
        data.truncate(MAX_LEN);
        data
    }

    fn edit(&mut self, data: &mut Vec<u8>) {
        let at = self.below(data.len() + 1);
        match self.below(10) {
            0 if !data.is_empty() => {
                let i = self.below(data.len());
                data[i] ^= 1 << self.below(8);
            }
            1 if !data.is_empty() => {
                let i = self.below(data.len());
                data[i] = self.byte();
            }
            2 => {
                let b = self.byte();
                data.insert(at, b);
            }
            3 if !data.is_empty() => {
                let start = self.below(data.len());
                let len = 1 + self.below((data.len() - start).min(8));
                data.drain(start..start + len);
            }
            4 | 5 => {
                let token = self.token();
                data.splice(at..at, token);
            }
            6 if !data.is_empty() => {
                // Repeat a piece: deep nesting, many moves, many commands.
                let start = self.below(data.len());
                let len = 1 + self.below((data.len() - start).min(64));
                let piece = data[start..start + len].to_vec();
                let most = if self.below(64) == 0 { 50_000 } else { 16 };
                let times = 1 + self.below(most);
                let repeated: Vec<u8> = piece.iter().copied().cycle().take(len * times).collect();
                data.splice(start..start, repeated);
            }
            7 if self.seeds.len() > 1 => {
                let i = self.below(self.seeds.len());
                let other = self.seeds[i].clone();
                let from = self.below(other.len());
                data.truncate(at);
                data.extend_from_slice(&other[from..]);
            }
            8 => data.truncate(at),
            _ => {
                // A huge line: one token many times, no newline.
                if self.below(256) == 0 {
                    let token = self.token();
                    let times = 1 + self.below(MAX_LEN / token.len().max(1));
                    let run: Vec<u8> = token
                        .iter()
                        .copied()
                        .cycle()
                        .take(token.len() * times)
                        .collect();
                    data.splice(at..at, run);
                } else {
                    let b = self.byte();
                    data.push(b);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictionaries() {
        let d = parse_dict("# c\n\"genmove\"\nkw=\"a\\\"b\"\n\"\\x0a\\\\\"\n");
        assert_eq!(
            d,
            vec![b"genmove".to_vec(), b"a\"b".to_vec(), b"\n\\".to_vec()]
        );
    }

    #[test]
    fn inputs_are_bounded_and_deterministic() {
        let seeds = vec![b"play b a1\ngenmove w\n".to_vec()];
        let mut a = Mutator::new(7, seeds.clone(), vec![b"quit".to_vec()]);
        let mut b = Mutator::new(7, seeds, vec![b"quit".to_vec()]);
        for _ in 0..2000 {
            let x = a.next_input();
            assert!(x.len() <= MAX_LEN);
            assert_eq!(x, b.next_input());
        }
    }
}
