//! A value net: the chance that the side to move wins, as AlphaGo's value net gives it
//! (Silver et al., "Mastering the game of Go with deep neural networks and tree search",
//! Nature 2016), fitted on the results of games of the policy net against itself, a few
//! positions a game (`tools/hexnet/train_value.py`, `examples/hex_net_games.rs`).
//!
//! **Trunk**: a policy net of [`net`](super::net)'s form, started from the shipped one and
//! then fitted for the value; its move logits are computed but not used.
//!
//! **Head**, on the trunk's last hidden layer of `C` channels: a 1x1 convolution with ReLU
//! on every cell of the board; the mean and the maximum of each channel over the board's
//! cells (a global pool, so that one head serves every board size, as KataGo's does: Wu,
//! "Accelerating self-play learning in Go", 2019); a dense layer of `U` units with ReLU; one
//! output through the logistic function.
//!
//! **File**: the trunk as a policy net file, then a line `value C U` and one line each of
//! the `C x C` convolution weights (output-major, as PyTorch stores them), the `C` biases,
//! the `U x 2C` dense weights (the `C` means first, then the `C` maxima), the `U` biases, the
//! `U` output weights and the output bias. Lines starting with `#` are comments.

use super::board::Board;
use super::net::{number_line, NetScratch, PolicyNet};

/// The value net shipped with poda (`data/hex-value.txt`).
const SHIPPED: &str = include_str!("../../data/hex-value.txt");

/// A trunk and its value head.
#[derive(Clone, Debug)]
pub struct ValueNet {
    trunk: PolicyNet,
    head: ValueHead,
}

/// Buffers of one evaluation, reused across calls.
#[derive(Default, Debug)]
pub struct ValueScratch {
    net: NetScratch,
    logits: Vec<(u16, f32)>,
    head: HeadScratch,
}

impl ValueNet {
    /// Reads a value net file (see the module doc).
    pub fn parse(text: &str) -> Result<ValueNet, String> {
        let mut at = None;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if line.trim_start().starts_with("value") {
                at = Some(offset);
                break;
            }
            offset += line.len();
        }
        let at = at.ok_or("no 'value C U' line")?;
        let trunk = PolicyNet::parse(&text[..at]).map_err(|e| format!("the trunk: {e}"))?;
        let head = ValueHead::parse(&text[at..])?;
        if head.channels != trunk.hidden_channels() {
            return Err(format!(
                "the head reads {} channels, the trunk's hidden layer has {}",
                head.channels,
                trunk.hidden_channels()
            ));
        }
        Ok(ValueNet { trunk, head })
    }

    /// The value net shipped with poda.
    pub fn shipped() -> &'static ValueNet {
        static NET: std::sync::OnceLock<ValueNet> = std::sync::OnceLock::new();
        NET.get_or_init(|| ValueNet::parse(SHIPPED).expect("the shipped value net parses"))
    }

    /// The chance that `to_move` (whose opponent just played `last`) wins on `board`.
    pub fn value(
        &self,
        board: &Board,
        to_move: u8,
        last: Option<usize>,
        scratch: &mut ValueScratch,
    ) -> f32 {
        self.trunk
            .logits(board, to_move, last, &mut scratch.net, &mut scratch.logits);
        self.head.value(&scratch.net, &mut scratch.head)
    }
}

/// The head's weights.
#[derive(Clone, Debug)]
struct ValueHead {
    channels: usize,
    units: usize,
    /// `[in][out]`, so that the inner loop runs over the output channels.
    mix: Vec<f32>,
    mix_bias: Vec<f32>,
    dense: Vec<f32>,
    dense_bias: Vec<f32>,
    out: Vec<f32>,
    out_bias: f32,
}

/// Buffers of the head.
#[derive(Default, Debug)]
struct HeadScratch {
    cell: Vec<f32>,
    pooled: Vec<f32>,
}

impl ValueHead {
    /// Reads the head's part of a value net file (see the module doc).
    fn parse(text: &str) -> Result<ValueHead, String> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let head = lines.next().ok_or("no 'value C U' line")?;
        let dims: Vec<usize> = match head.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["value", c, u] => [c, u]
                .iter()
                .map(|f| f.parse().map_err(|_| format!("bad head line '{head}'")))
                .collect::<Result<_, _>>()?,
            _ => return Err(format!("expected 'value C U', got '{head}'")),
        };
        let (channels, units) = (dims[0], dims[1]);
        if channels == 0 || units == 0 || channels * channels > 1 << 20 || units > 1 << 12 {
            return Err(format!("unusable head '{head}'"));
        }
        let mut numbers = |count, what| number_line(lines.next(), count, what, "");
        let torch = numbers(channels * channels, "convolution weights")?;
        let mix_bias = numbers(channels, "convolution biases")?;
        let dense = numbers(units * 2 * channels, "dense weights")?;
        let dense_bias = numbers(units, "dense biases")?;
        let out = numbers(units, "output weights")?;
        let out_bias = numbers(1, "output bias")?[0];
        if lines.next().is_some() {
            return Err("lines after the output bias".into());
        }
        let mut mix = vec![0f32; torch.len()];
        for o in 0..channels {
            for i in 0..channels {
                mix[i * channels + o] = torch[o * channels + i];
            }
        }
        Ok(ValueHead {
            channels,
            units,
            mix,
            mix_bias,
            dense,
            dense_bias,
            out,
            out_bias,
        })
    }

    /// The chance that the side to move wins in the position of the last evaluation of
    /// `net` (whose hidden layer must have the head's channels).
    fn value(&self, net: &NetScratch, scratch: &mut HeadScratch) -> f32 {
        let (hidden, at) = net.hidden();
        let c = self.channels;
        debug_assert_eq!(at.channels, c);
        scratch.cell.resize(c, 0.0);
        scratch.pooled.clear();
        scratch.pooled.resize(2 * c, 0.0);
        let (sums, maxima) = scratch.pooled.split_at_mut(c);
        maxima.fill(f32::NEG_INFINITY);
        for gy in 1..=at.n {
            for gx in 1..=at.n {
                let from = ((gy + at.pad) * at.side + gx + at.pad) * c;
                let input = &hidden[from..from + c];
                let acc = &mut scratch.cell;
                acc.copy_from_slice(&self.mix_bias);
                for (i, &v) in input.iter().enumerate() {
                    if v != 0.0 {
                        for (a, &w) in acc.iter_mut().zip(&self.mix[i * c..(i + 1) * c]) {
                            *a += v * w;
                        }
                    }
                }
                for ((s, m), &a) in sums.iter_mut().zip(maxima.iter_mut()).zip(acc.iter()) {
                    let a = a.max(0.0);
                    *s += a;
                    *m = m.max(a);
                }
            }
        }
        let cells = (at.n * at.n).max(1) as f32;
        for s in sums.iter_mut() {
            *s /= cells;
        }
        let mut z = self.out_bias;
        for u in 0..self.units {
            let row = &self.dense[u * 2 * c..(u + 1) * 2 * c];
            let h: f32 = self.dense_bias[u]
                + row
                    .iter()
                    .zip(&scratch.pooled)
                    .map(|(w, x)| w * x)
                    .sum::<f32>();
            z += self.out[u] * h.max(0.0);
        }
        1.0 / (1.0 + (-z).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::super::net::tests::position;
    use super::*;

    const TEST_NET: &str = include_str!("../../data/hex-value-test.txt");

    /// A random value net agrees with PyTorch on positions of three
    /// sizes, Black and White to move (reference values printed by
    /// `tools/hexnet/crosscheck.py --value`): the pools, the weight order and the hidden
    /// layer read are the ones it is fitted with.
    #[test]
    fn value_matches_pytorch() {
        let net = ValueNet::parse(TEST_NET).unwrap();
        let cases: [(u32, &[&str], f32); 5] = [
            (5, &["c3", "b4", "d2"], 0.599264),
            (5, &["c3", "b4"], 0.636968),
            (5, &[], 0.622891),
            (7, &["d4", "c5", "e3", "b6", "a1"], 0.620382),
            (6, &["a1", "f6", "c3"], 0.691128),
        ];
        let mut scratch = ValueScratch::default();
        for (n, moves, want) in cases {
            let (board, to_move, last) = position(n, moves);
            let got = net.value(&board, to_move, last, &mut scratch);
            assert!(
                (got - want).abs() < 1e-4,
                "{n} {moves:?}: {got} against {want}"
            );
        }
    }

    /// The shipped net sees who is ahead: Black's chain from edge to edge broken at one cell,
    /// White's stones on the first column; whichever side is to move, Black is favoured.
    #[test]
    fn the_shipped_net_favours_a_chain_one_cell_from_connecting() {
        use super::super::board::{BLACK, WHITE};
        let n = 9;
        let mut board = Board::new(n);
        for y in (0..n).filter(|&y| y != 4) {
            board.play(board.layout.to_box[y * n + 4] as usize, BLACK);
            board.play(board.layout.to_box[y * n] as usize, WHITE);
        }
        let mut scratch = ValueScratch::default();
        let black = ValueNet::shipped().value(&board, BLACK, None, &mut scratch);
        let white = ValueNet::shipped().value(&board, WHITE, None, &mut scratch);
        assert!(black > 0.6 && black < 1.0 && white < 0.4, "{black} {white}");
    }

    /// Bad weight files are refused with a message, never a panic.
    #[test]
    fn bad_files_are_refused() {
        let trunk = "conv 5 1 1\n1 2 3 4 5\n0\n";
        let good = "value 5 1\n1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 1\n0 0 0 0 0\n\
                    1 1 1 1 1 1 1 1 1 1\n0\n1\n0\n";
        assert!(ValueNet::parse(&format!("{trunk}{good}")).is_ok());
        for (text, says) in [
            (String::new(), "no 'value"),
            (trunk.to_string(), "no 'value"),
            (format!("conv 5 2 1\n{good}"), "the trunk"),
            (format!("{trunk}value x 1\n"), "bad head"),
            (format!("{trunk}value 0 1\n"), "unusable"),
            (format!("{trunk}value 4 1\n1 2 3\n"), "expected 16"),
            (
                format!("{trunk}{}", good.replace("\n1\n0\n", "\n1\n")),
                "missing",
            ),
            (
                format!("{trunk}{}", good.replace("\n0\n1\n", "\nnan\n1\n")),
                "non-number",
            ),
            (format!("{trunk}{good}5\n"), "after the output bias"),
        ] {
            let e = ValueNet::parse(&text).unwrap_err();
            assert!(e.contains(says), "{text:?}: {e}");
        }
        // A head that reads other channels than the trunk's hidden layer.
        let three = "conv 5 2 1\n1 2 3 4 5 1 2 3 4 5\n0 0\nconv 2 1 1\n1 1\n0\n";
        let e = ValueNet::parse(&format!("{three}{good}")).unwrap_err();
        assert!(e.contains("reads 5 channels"), "{e}");
    }
}
