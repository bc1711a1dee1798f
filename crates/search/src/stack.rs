//! Per-ply scratch space: reused move buffers and a triangular principal-variation table.

/// Move lists and principal variations, one per ply, reused across nodes so the hot path does
/// not allocate.
#[derive(Debug)]
pub(crate) struct PlyStack<M> {
    moves: Vec<Vec<M>>,
    pv: Vec<Vec<M>>,
}

impl<M: Copy> PlyStack<M> {
    pub(crate) fn new() -> Self {
        PlyStack {
            moves: Vec::new(),
            pv: Vec::new(),
        }
    }

    fn ensure(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
        }
    }

    /// Takes the move buffer of `ply` (give it back with [`PlyStack::put_moves`]).
    #[inline]
    pub(crate) fn take_moves(&mut self, ply: usize) -> Vec<M> {
        self.ensure(ply);
        std::mem::take(&mut self.moves[ply])
    }

    #[inline]
    pub(crate) fn put_moves(&mut self, ply: usize, moves: Vec<M>) {
        self.moves[ply] = moves;
    }

    /// Forgets the principal variation of `ply` (at the start of a node).
    #[inline]
    pub(crate) fn clear_pv(&mut self, ply: usize) {
        self.ensure(ply);
        self.pv[ply].clear();
    }

    /// The PV of `ply` becomes `mv` followed by the PV of `ply + 1`.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: M) {
        self.ensure(ply);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    pub(crate) fn pv(&self, ply: usize) -> &[M] {
        self.pv.get(ply).map_or(&[], |v| v.as_slice())
    }
}
