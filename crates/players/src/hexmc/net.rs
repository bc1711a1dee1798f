//! A small convolutional policy net: the chance that a strong player plays each empty cell,
//! as MoHex-CNN adds to MoHex 2.0's tree (Gao, Hayward, Müller, "Move prediction using deep
//! convolutional neural networks in Hex", IEEE ToG 2018; their net is far larger and runs on
//! a GPU, this one is a few 3x3 layers that run on the search's own thread).
//!
//! **Input**, normalised so that the side to move joins the top and bottom edges: for White
//! the board is transposed (which swaps the colours' goals, `rules/hex.md`) and the colours
//! swapped. A grid of `(N + 2)^2` cells frames the board with one row of the mover's stones
//! above and below and one column of the opponent's on each side. Five planes: the mover's
//! stones, the opponent's, the empty cells, the grid itself (ones), and the opponent's last
//! move.
//!
//! **Layers**: `L` 3x3 convolutions with zero padding and ReLU, then a 1x1 convolution to one
//! logit per cell; the priors are the softmax of the logits over the empty cells. The weights
//! are fitted outside the crate (`tools/hexnet/`: PyTorch, on MoHex 2.0's moves in recorded
//! games) and read from a text file: per layer a line `conv IN OUT K`, a line of the `OUT x
//! IN x K x K` weights in PyTorch's order, and a line of the `OUT` biases.

use super::board::{other, Board, BLACK, EMPTY};

/// The net shipped with poda (`data/hex-net.txt`).
const SHIPPED: &str = include_str!("../../data/hex-net.txt");

/// Planes of the input.
pub const PLANES: usize = 5;

/// One convolution, weights stored `[ky][kx][in][out]` so that the inner loop runs over the
/// output channels (contiguous, vectorised by the compiler).
#[derive(Clone, Debug)]
struct Conv {
    inputs: usize,
    outputs: usize,
    kernel: usize,
    weights: Vec<f32>,
    biases: Vec<f32>,
}

/// Where a layer's cells lie: the framed grid's side `g`, the padding around it and the
/// padded side.
#[derive(Clone, Copy)]
struct Grid {
    g: usize,
    pad: usize,
    side: usize,
}

/// One layer over the grid: `output` (cell-major, `outputs` values a cell) from `input`
/// (`inputs` a cell), with ReLU when `relu`. Compiled twice, for AVX2 with FMA and for the
/// baseline, and the first the CPU has is taken when first called (the `multiversion`
/// crate): AVX2 runs the 32-wide accumulator in four registers (measured in
/// docs/benchmarks/hex.md, "MoHex 2.0 taken apart").
#[multiversion::multiversion(targets("x86_64+avx2+fma"))]
fn convolve(layer: &Conv, input: &[f32], output: &mut [f32], grid: Grid, relu: bool) {
    // Fused multiply-adds only where the CPU has them: elsewhere `mul_add` is a slow call.
    if multiversion::target::selected_target!().supports_feature_str("fma") {
        convolve_by_width::<true>(layer, input, output, grid, relu);
    } else {
        convolve_by_width::<false>(layer, input, output, grid, relu);
    }
}

/// [`convolve`] with the accumulator a fixed array, which the compiler keeps in registers,
/// for the usual widths; `FMA`: fused multiply-adds.
#[inline(always)]
fn convolve_by_width<const FMA: bool>(
    layer: &Conv,
    input: &[f32],
    output: &mut [f32],
    grid: Grid,
    relu: bool,
) {
    match layer.outputs {
        16 => convolve_width::<16, FMA>(layer, input, output, grid, relu),
        32 => convolve_width::<32, FMA>(layer, input, output, grid, relu),
        64 => convolve_width::<64, FMA>(layer, input, output, grid, relu),
        co => {
            let Grid { g, pad, side } = grid;
            for gy in 0..g {
                for gx in 0..g {
                    let at = ((gy + pad) * side + gx + pad) * co;
                    let acc = &mut output[at..at + co];
                    cell::<FMA>(layer, input, grid, gx, gy, relu, acc);
                }
            }
        }
    }
}

/// [`convolve`] for `W` outputs.
#[inline(always)]
fn convolve_width<const W: usize, const FMA: bool>(
    layer: &Conv,
    input: &[f32],
    output: &mut [f32],
    grid: Grid,
    relu: bool,
) {
    let Grid { g, pad, side } = grid;
    for gy in 0..g {
        for gx in 0..g {
            let mut acc = [0f32; W];
            cell::<FMA>(layer, input, grid, gx, gy, relu, &mut acc);
            let at = ((gy + pad) * side + gx + pad) * W;
            output[at..at + W].copy_from_slice(&acc);
        }
    }
}

/// The layer's outputs at grid cell `(gx, gy)` into `acc` (one a channel): the biases plus
/// the kernel over the input cells around it, then ReLU when `relu`.
#[inline(always)]
fn cell<const FMA: bool>(
    layer: &Conv,
    input: &[f32],
    grid: Grid,
    gx: usize,
    gy: usize,
    relu: bool,
    acc: &mut [f32],
) {
    let Grid { pad, side, .. } = grid;
    let (ci, co, k) = (layer.inputs, acc.len(), layer.kernel);
    let half = k / 2;
    acc.copy_from_slice(&layer.biases);
    for ky in 0..k {
        let y = gy + pad + ky - half;
        for kx in 0..k {
            let x = gx + pad + kx - half;
            let src = &input[(y * side + x) * ci..][..ci];
            let taps = &layer.weights[(ky * k + kx) * ci * co..][..ci * co];
            for (&v, w) in src.iter().zip(taps.chunks_exact(co)) {
                if v != 0.0 {
                    for (a, &wv) in acc.iter_mut().zip(w) {
                        *a = if FMA { v.mul_add(wv, *a) } else { *a + v * wv };
                    }
                }
            }
        }
    }
    if relu {
        for a in acc.iter_mut() {
            *a = a.max(0.0);
        }
    }
}

/// The net's weights.
#[derive(Clone, Debug)]
pub struct PolicyNet {
    layers: Vec<Conv>,
}

/// Buffers of one evaluation, reused across calls.
#[derive(Default, Debug)]
pub struct NetScratch {
    a: Vec<f32>,
    b: Vec<f32>,
    /// Where the last evaluation left its last hidden layer (in `b`).
    hidden: Hidden,
}

/// The last hidden layer of the last evaluation, for the [`value`](super::value) head: cell
/// `(gx, gy)` of the framed grid (`0..n + 2` each) holds its `channels` activations at
/// `((gy + pad) * side + gx + pad) * channels`.
#[derive(Default, Debug, Clone, Copy, PartialEq)]
pub struct Hidden {
    pub n: usize,
    pub side: usize,
    pub pad: usize,
    pub channels: usize,
}

impl NetScratch {
    /// The last hidden layer of the last [`PolicyNet::logits`] and where its cells are.
    pub fn hidden(&self) -> (&[f32], Hidden) {
        (&self.b, self.hidden)
    }
}

/// One line of `count` finite numbers of a weights file (`what` and `of` name it in the
/// errors: `of` is empty or says which layer), as the net and the value head read them.
pub(super) fn number_line(
    line: Option<&str>,
    count: usize,
    what: &str,
    of: &str,
) -> Result<Vec<f32>, String> {
    let line = line.ok_or(format!("the {what}{of} are missing"))?;
    let v: Vec<f32> = line
        .split_whitespace()
        .map(|f| f.parse::<f32>().ok().filter(|x| x.is_finite()))
        .collect::<Option<_>>()
        .ok_or(format!("a {what} line{of} holds a non-number"))?;
    if v.len() != count {
        return Err(format!("{} {what}{of}, expected {count}", v.len()));
    }
    Ok(v)
}

impl PolicyNet {
    /// Reads the weights file (see the module doc); lines starting with `#` are comments.
    pub fn parse(text: &str) -> Result<PolicyNet, String> {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let mut layers = Vec::new();
        while let Some(head) = lines.next() {
            let fields: Vec<&str> = head.split_whitespace().collect();
            let dims: Vec<usize> = match fields.as_slice() {
                ["conv", rest @ ..] if rest.len() == 3 => rest
                    .iter()
                    .map(|f| f.parse().map_err(|_| format!("bad layer line '{head}'")))
                    .collect::<Result<_, _>>()?,
                _ => return Err(format!("expected 'conv IN OUT K', got '{head}'")),
            };
            let (inputs, outputs, kernel) = (dims[0], dims[1], dims[2]);
            if inputs == 0 || outputs == 0 || kernel % 2 == 0 || inputs * outputs > 1 << 20 {
                return Err(format!("unusable layer '{head}'"));
            }
            let of = format!(" of '{head}'");
            let mut numbers = |count, what| number_line(lines.next(), count, what, &of);
            let torch = numbers(outputs * inputs * kernel * kernel, "weights")?;
            let biases = numbers(outputs, "biases")?;
            let expected = layers.last().map_or(PLANES, |l: &Conv| l.outputs);
            if inputs != expected {
                return Err(format!("'{head}': {inputs} inputs, expected {expected}"));
            }
            let mut weights = vec![0f32; torch.len()];
            for o in 0..outputs {
                for i in 0..inputs {
                    for ky in 0..kernel {
                        for kx in 0..kernel {
                            let from = ((o * inputs + i) * kernel + ky) * kernel + kx;
                            let to = ((ky * kernel + kx) * inputs + i) * outputs + o;
                            weights[to] = torch[from];
                        }
                    }
                }
            }
            layers.push(Conv {
                inputs,
                outputs,
                kernel,
                weights,
                biases,
            });
        }
        match layers.last() {
            None => Err("no layers".into()),
            Some(l) if l.outputs != 1 => Err(format!("the last layer has {} outputs", l.outputs)),
            Some(_) => Ok(PolicyNet { layers }),
        }
    }

    /// The net shipped with poda.
    pub fn shipped() -> &'static PolicyNet {
        static NET: std::sync::OnceLock<PolicyNet> = std::sync::OnceLock::new();
        NET.get_or_init(|| PolicyNet::parse(SHIPPED).expect("the shipped net parses"))
    }

    /// Channels of the last hidden layer (the input planes for a net of one layer).
    pub fn hidden_channels(&self) -> usize {
        let layers = self.layers.len();
        layers
            .checked_sub(2)
            .map_or(PLANES, |i| self.layers[i].outputs)
    }

    /// The largest kernel's half width: the padding the grid needs.
    fn pad(&self) -> usize {
        self.layers.iter().map(|l| l.kernel / 2).max().unwrap_or(0)
    }

    /// The logit of every empty cell of `board` for `to_move` (whose opponent just played
    /// `last`), as `(mailbox cell, logit)`, into `out`.
    pub fn logits(
        &self,
        board: &Board,
        to_move: u8,
        last: Option<usize>,
        scratch: &mut NetScratch,
        out: &mut Vec<(u16, f32)>,
    ) {
        let n = board.layout.size;
        let g = n + 2;
        let pad = self.pad();
        let side = g + 2 * pad;
        let width = board.layout.width;
        // The mailbox cell of grid cell (gx, gy): the mailbox frame is two cells wide, the
        // grid's one; for White the grid is the transposed board.
        let mailbox = |gx: usize, gy: usize| {
            let (bx, by) = if to_move == BLACK {
                (gx + 1, gy + 1)
            } else {
                (gy + 1, gx + 1)
            };
            by * width + bx
        };
        let widest = self.layers.iter().map(|l| l.outputs.max(l.inputs)).max();
        let cells = side * side * widest.unwrap_or(1);
        scratch.a.clear();
        scratch.a.resize(cells, 0.0);
        scratch.b.clear();
        scratch.b.resize(cells, 0.0);
        let opponent = other(to_move);
        for gy in 0..g {
            for gx in 0..g {
                let m = mailbox(gx, gy);
                let c = board.colour[m];
                let at = ((gy + pad) * side + gx + pad) * PLANES;
                let interior = (1..=n).contains(&gx) && (1..=n).contains(&gy);
                scratch.a[at] = (c == to_move) as u8 as f32;
                scratch.a[at + 1] = (c == opponent) as u8 as f32;
                scratch.a[at + 2] = (interior && c == EMPTY) as u8 as f32;
                scratch.a[at + 3] = 1.0;
                scratch.a[at + 4] = (interior && Some(m) == last) as u8 as f32;
            }
        }
        for (index, layer) in self.layers.iter().enumerate() {
            let last_layer = index + 1 == self.layers.len();
            let grid = Grid { g, pad, side };
            convolve(layer, &scratch.a, &mut scratch.b, grid, !last_layer);
            let ci = layer.inputs;
            std::mem::swap(&mut scratch.a, &mut scratch.b);
            // After the last layer `b` holds its input, the last hidden layer.
            scratch.hidden = Hidden {
                n,
                side,
                pad,
                channels: ci,
            };
            // The padding ring must read as zeros for the next layer: it was never written
            // in the output buffer, which held the layer before last; clear it.
            let next = layer.outputs;
            for gy in 0..side {
                for gx in 0..side {
                    let inside = (pad..pad + g).contains(&gy) && (pad..pad + g).contains(&gx);
                    if !inside {
                        let at = (gy * side + gx) * next;
                        scratch.a[at..at + next].fill(0.0);
                    }
                }
            }
        }
        out.clear();
        for gy in 1..=n {
            for gx in 1..=n {
                let m = mailbox(gx, gy);
                if board.colour[m] == EMPTY {
                    let at = (gy + pad) * side + gx + pad;
                    out.push((m as u16, scratch.a[at]));
                }
            }
        }
    }

    /// The priors of the empty cells: the softmax of their logits, as `(mailbox cell,
    /// chance)`.
    pub fn priors(
        &self,
        board: &Board,
        to_move: u8,
        last: Option<usize>,
        scratch: &mut NetScratch,
        out: &mut Vec<(u16, f32)>,
    ) {
        self.logits(board, to_move, last, scratch, out);
        let top = out
            .iter()
            .map(|&(_, z)| z)
            .fold(f32::NEG_INFINITY, f32::max);
        let mut total = 0f32;
        for (_, z) in out.iter_mut() {
            *z = (*z - top).exp();
            total += *z;
        }
        if total > 0.0 {
            for (_, z) in out.iter_mut() {
                *z /= total;
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::knowledge::tests::from_hex;
    use super::*;
    use poda_core::Game;
    use poda_games::hex::Hex;

    const TEST_NET: &str = include_str!("../../data/hex-net-test.txt");

    /// The position after `moves` on an `n`-board, its side to move and last move's cell
    /// (the value net's tests use it too).
    pub(in super::super) fn position(n: u32, moves: &[&str]) -> (Board, u8, Option<usize>) {
        let mut game = Hex::with_size(n, false).unwrap();
        let mut last = None;
        for m in moves {
            let mv = game.parse_move(m).unwrap();
            game.play_unchecked(mv);
            last = Some(mv);
        }
        let board = from_hex(&game);
        let last = last.map(|mv| match mv {
            poda_games::hex::HexMove::Cell(c) => board.layout.to_box[c as usize] as usize,
            _ => unreachable!(),
        });
        let to_move = super::super::board::colour_of(game.side_to_move());
        (board, to_move, last)
    }

    /// The logits of a random net on two 5x5 positions, one for each side to move, agree
    /// with PyTorch's `conv2d` on the planes of the training code (the reference values were
    /// printed by the training tools' cross-check, `tools/hexnet/crosscheck.py`): the planes,
    /// the transposition for White, the weight order and the padding are the ones it was
    /// trained with.
    #[test]
    fn logits_match_pytorch() {
        let net = PolicyNet::parse(TEST_NET).unwrap();
        let cases: [(&[&str], &str); 2] = [
            (
                &["c3", "b4", "d2"],
                "a1 -3.77917 a2 -2.53711 a3 -1.15169 a4 -4.83286 a5 1.23759 b1 -3.61119 \
                 b2 -0.03003 b3 -3.47254 b5 -0.51401 c1 -2.87028 c2 2.25243 c4 -0.62263 \
                 c5 -1.46321 d1 -0.44796 d3 -1.98835 d4 -1.65215 d5 -0.76388 e1 -2.14865 \
                 e2 -1.72458 e3 -4.49316 e4 -2.31414 e5 -1.92513",
            ),
            (
                &["c3", "b4"],
                "a1 -4.00822 a2 -4.13701 a3 -2.37778 a4 -0.19967 a5 -1.82397 b1 -0.77630 \
                 b2 1.35697 b3 0.41838 b5 -0.49402 c1 -2.28970 c2 -3.55338 c4 -1.89069 \
                 c5 -3.92472 d1 -4.05923 d2 -1.71791 d3 0.37521 d4 -1.07824 d5 -2.96970 \
                 e1 1.76122 e2 -1.01182 e3 -0.25873 e4 -0.51422 e5 -1.99354",
            ),
        ];
        let mut scratch = NetScratch::default();
        let mut out = Vec::new();
        for (moves, expected) in cases {
            let (board, to_move, last) = position(5, moves);
            net.logits(&board, to_move, last, &mut scratch, &mut out);
            let words: Vec<&str> = expected.split_whitespace().collect();
            assert_eq!(out.len(), words.len() / 2, "{moves:?}");
            for pair in words.chunks(2) {
                let game = Hex::with_size(5, false).unwrap();
                let poda_games::hex::HexMove::Cell(c) = game.parse_move(pair[0]).unwrap() else {
                    unreachable!()
                };
                let m = board.layout.to_box[c as usize];
                let want: f32 = pair[1].parse().unwrap();
                let got = out.iter().find(|&&(cell, _)| cell == m).map(|&(_, z)| z);
                assert!(
                    got.is_some_and(|z| (z - want).abs() < 2e-4),
                    "{moves:?} {}: {got:?} against {want}",
                    pair[0]
                );
            }
        }
    }

    /// The priors are a distribution over the empty cells, and a position and its twin
    /// with the board transposed and the colours swapped (the other side to move, which the
    /// input normalises away) get the same logits on corresponding cells.
    #[test]
    fn priors_are_a_distribution_and_colour_symmetric() {
        use super::super::board::{BLACK, WHITE};
        let net = PolicyNet::parse(TEST_NET).unwrap();
        let (n, mut board, mut twin) = (6usize, Board::new(6), Board::new(6));
        let stones = [
            (2, 3, BLACK),
            (1, 4, WHITE),
            (4, 1, BLACK),
            (0, 5, WHITE),
            (3, 3, BLACK),
        ];
        let at = |b: &Board, x: usize, y: usize| b.layout.to_box[y * n + x] as usize;
        for &(x, y, c) in &stones {
            board.play(at(&board, x, y), c);
            twin.play(at(&twin, y, x), other(c));
        }
        let mut scratch = NetScratch::default();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        net.logits(&board, WHITE, Some(at(&board, 3, 3)), &mut scratch, &mut a);
        net.logits(&twin, BLACK, Some(at(&twin, 3, 3)), &mut scratch, &mut b);
        assert_eq!((a.len(), b.len()), (n * n - 5, n * n - 5));
        for &(cell, z) in &a {
            let dense = board.layout.to_dense[cell as usize] as usize;
            let mirror = at(&twin, dense / n, dense % n) as u16;
            let zb = b.iter().find(|&&(c, _)| c == mirror).map(|&(_, z)| z);
            assert!(
                zb.is_some_and(|zb| (zb - z).abs() < 1e-5),
                "{dense}: {z} {zb:?}"
            );
        }
        net.priors(&board, WHITE, None, &mut scratch, &mut a);
        let total: f32 = a.iter().map(|&(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-4, "{total}");
        assert!(a
            .iter()
            .all(|&(cell, p)| p > 0.0 && board.colour[cell as usize] == EMPTY));
    }

    /// Bad weight files are refused with a message, never a panic.
    #[test]
    fn bad_files_are_refused() {
        for (text, says) in [
            ("", "no layers"),
            ("conv 5 1 3\n1 2\n0\n", "expected 45"),
            ("conv 4 1 1\n1 2 3 4\n0\n", "expected 5"),
            ("conv 5 1 1\n1 2 3 4 x\n0\n", "non-number"),
            ("conv 5 2 1\n1 2 3 4 5 1 2 3 4 5\n0 0\n", "last layer has 2"),
            ("conv 5 1 2\n", "unusable"),
            ("dense 5 1\n", "expected 'conv"),
            ("conv 5 1 1\n1 2 3 4 5\n", "missing"),
        ] {
            let e = PolicyNet::parse(text).unwrap_err();
            assert!(e.contains(says), "{text:?}: {e}");
        }
        assert!(PolicyNet::parse("conv 5 1 1\n1 2 3 4 5\n0\n").is_ok());
    }
}
