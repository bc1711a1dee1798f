//! The `hexmc(...)` agent: the swap decision, forced moves without a search, the root's
//! connections, inferior cells and prover beside the search, and the search's report (its
//! options: [`super::options`]).

use super::board::{colour_of, Board, MAX_BOX, WHITE};
use super::inferior::Inferior;
use super::knowledge::{expand, local_fill_in, Expansion};
use super::mirror::Mirror;
use super::net::{NetScratch, PolicyNet};
use super::options::Options;
use super::patterns::Patterns;
use super::proving::{Proven, RootProver};
use super::search::{Budget, Outcome, Params, Searcher};
use super::tree::{LOSS, WIN};
use super::value::ValueNet;
use super::vcs::{mask_of, VcEngine, VcVerdict};
use poda_core::{
    Agent, AgentError, Choice, Game, Player, Score, SearchInfo, Spec, SpecError, Turn,
};
use poda_games::hex::{Hex, HexMove};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The agent.
pub struct HexMc {
    name: String,
    params: Params,
    movetime: Option<Duration>,
    /// `movetime=mirror`: keep each game's time level with the opponent's, following its
    /// time ply by ply (equal-time matches against programs whose real time per move
    /// differs from their setting).
    mirror: Option<Mirror>,
    playouts: Option<u64>,
    nodes: usize,
    patterns: &'static Patterns,
    /// The policy net of `net=` (the shipped one, or `netfile=`).
    net: Option<&'static PolicyNet>,
    /// `nettop=K`: only the policy net's `K` likeliest root moves are searched (0: all).
    net_top: usize,
    /// The value net of `value=` (the shipped one, or `valuefile=`).
    value: Option<&'static ValueNet>,
    searcher: Option<Searcher>,
    /// The H-search engine for the root's connections (per board size).
    vc: Option<(usize, Option<VcEngine>)>,
    /// Whether the root's connections are used (`vc=false` turns them off).
    use_vc: bool,
    /// Whether the root's inferior cells are left out of the search (`rootinf=true`), and
    /// the analysis for the board size in use.
    root_inferior: bool,
    inferior: Option<(usize, Option<Inferior>)>,
    /// The solver at the root (`solve=` its share of the move's time).
    prover: RootProver,
    seed: u64,
    /// The position after the last move seen, and that move's cell (for the bridge reply).
    last_seen: Option<(u64, usize)>,
}

impl HexMc {
    /// Builds the agent of a `hexmc(...)` spec ([`Options`] lists and checks the options).
    pub fn from_spec(spec: &Spec) -> Result<HexMc, SpecError> {
        let o = Options::parse(spec)?;
        Ok(HexMc {
            name: spec.to_string(),
            params: o.params,
            movetime: o.movetime,
            mirror: o.mirror.then(Mirror::default),
            playouts: o.playouts,
            nodes: o.nodes,
            patterns: o.patterns,
            net: o.net,
            net_top: o.net_top,
            value: o.value,
            searcher: None,
            vc: None,
            use_vc: o.use_vc,
            root_inferior: o.root_inferior,
            inferior: None,
            prover: RootProver::with_gate(o.prover_share, o.prover_max_empty),
            seed: 0,
            last_seen: None,
        })
    }

    /// Nodes of the tree after the last search.
    pub fn tree_nodes(&self) -> usize {
        self.searcher.as_ref().map_or(0, |s| s.tree().used())
    }

    /// What the connections say at the root (nothing while the swap is available).
    fn root_verdict(&mut self, game: &Hex, board: &Board) -> VcVerdict {
        let size = game.size() as usize;
        if game.swap_available() || !self.use_vc {
            return VcVerdict::Open;
        }
        if self.vc.as_ref().is_none_or(|(s, _)| *s != size) {
            self.vc = Some((size, VcEngine::new(size)));
        }
        match self.vc.as_mut().and_then(|(_, e)| e.as_mut()) {
            Some(e) => e.verdict(board, colour_of(game.side_to_move())),
            None => VcVerdict::Open,
        }
    }

    /// The root moves allowed (`allowed`, or every empty cell) less those the inferior-cell
    /// analysis leaves out (fill-in, vulnerable and dominated cells up to 13x13, candidates
    /// by pattern weight so that of two equivalent moves the better-looking stays; above,
    /// the local rules' dead cells and captured pairs). A played cell of the fill-in or a
    /// vulnerable one is a move given away: the opponent need not answer it.
    fn without_inferior(
        &mut self,
        game: &Hex,
        board: &Board,
        allowed: Option<Box<[bool; MAX_BOX]>>,
    ) -> Option<Box<[bool; MAX_BOX]>> {
        let size = game.size() as usize;
        if !self.root_inferior || game.swap_available() {
            return allowed;
        }
        if self.inferior.as_ref().is_none_or(|(s, _)| *s != size) {
            self.inferior = Some((size, Inferior::new(size)));
        }
        let me = colour_of(game.side_to_move());
        let Some(analysis) = self.inferior.as_ref().and_then(|(_, a)| a.as_ref()) else {
            // Above 13x13: the local rules' fill-in (dead cells, captured pairs).
            let mut fill = Vec::new();
            local_fill_in(board, &mut fill);
            let lost: Vec<HexMove> = fill
                .iter()
                .map(|&(c, _)| HexMove::Cell(board.layout.to_dense[c as usize]))
                .collect();
            return without(allowed, board, &lost);
        };
        let mut candidates: Vec<(f32, usize)> = board
            .empties()
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| allowed.as_ref().is_none_or(|a| a[c]))
            .map(|c| (self.patterns.gamma(board, c, me, None), c))
            .collect();
        candidates.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let cells: Vec<usize> = candidates.iter().map(|&(_, c)| c).collect();
        let mut out = [false; MAX_BOX];
        if analysis.inferior(board, me, &cells, &mut out) == 0 {
            return allowed;
        }
        let mut ok = Box::new([false; MAX_BOX]);
        for &c in &cells {
            ok[c] = !out[c];
        }
        Some(ok)
    }

    /// The time of a move in `game`: the set one, or what keeps the game level with the
    /// opponent's time (`mirror`), at most a tenth of the clock; `None` with a playout budget
    /// alone.
    fn movetime(&mut self, game: &Hex, turn: &Turn<HexMove>) -> Option<Duration> {
        let mut movetime = self.movetime;
        if let Some(m) = self.mirror.as_mut() {
            movetime = Some(m.budget(game.plies()));
        }
        if let (Some(left), Some(t)) = (turn.time_left, movetime) {
            movetime = Some(t.min(left / 10));
        }
        movetime
    }

    /// The mailbox cell of the move that led to `game`, if this agent saw it played (the
    /// bridge reply's and the net's last-move input).
    fn last_cell(&self, game: &Hex, board: &Board) -> Option<usize> {
        self.last_seen
            .filter(|&(hash, _)| hash == game.zobrist())
            .map(|(_, cell)| board.layout.to_box[cell] as usize)
    }

    /// The root moves allowed (`allowed`, or every empty cell) cut to the policy net's
    /// [`HexMc::net_top`] likeliest of them (unchanged without `nettop=`).
    fn net_shortlist(
        &self,
        game: &Hex,
        board: &Board,
        allowed: Option<Box<[bool; MAX_BOX]>>,
    ) -> Option<Box<[bool; MAX_BOX]>> {
        let Some(net) = self.net.filter(|_| self.net_top > 0) else {
            return allowed;
        };
        let last = self.last_cell(game, board);
        let mut priors = Vec::new();
        net.priors(
            board,
            colour_of(game.side_to_move()),
            last,
            &mut NetScratch::default(),
            &mut priors,
        );
        priors.retain(|&(cell, _)| allowed.as_ref().is_none_or(|a| a[cell as usize]));
        if priors.len() <= self.net_top {
            return allowed;
        }
        priors.sort_by(|a, b| b.1.total_cmp(&a.1));
        let cells: Vec<usize> = priors[..self.net_top]
            .iter()
            .map(|&(cell, _)| cell as usize)
            .collect();
        Some(mask_of(&cells))
    }

    /// Searches `game` until `deadline` or `stop` (only the `allowed` root moves if given)
    /// on `threads` threads.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &Hex,
        board: &Board,
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
        threads: usize,
        allowed: Option<Box<[bool; MAX_BOX]>>,
    ) -> Outcome {
        let params = self.params;
        let nodes = self.nodes;
        let patterns = self.patterns;
        let (net, value) = (self.net, self.value);
        let last = self.last_cell(game, board);
        let searcher = self.searcher.get_or_insert_with(|| {
            let mut searcher = Searcher::new(params, nodes, patterns);
            searcher.set_net(net);
            searcher.set_value(value);
            searcher
        });
        searcher.params.threads = threads;
        let budget = Budget {
            deadline,
            playouts: self.playouts,
        };
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        searcher.run(
            board,
            colour_of(game.side_to_move()),
            last,
            budget,
            stop,
            self.seed,
            allowed,
        )
    }
}

/// The root moves allowed (`allowed`, or every empty cell) less the `lost` ones; unchanged
/// when that would leave none.
fn without(
    allowed: Option<Box<[bool; MAX_BOX]>>,
    board: &Board,
    lost: &[HexMove],
) -> Option<Box<[bool; MAX_BOX]>> {
    let mut ok = allowed.clone().unwrap_or_else(|| {
        let mut all = Box::new([false; MAX_BOX]);
        for &cell in board.empties() {
            all[cell as usize] = true;
        }
        all
    });
    for mv in lost {
        if let HexMove::Cell(c) = mv {
            ok[board.layout.to_box[*c as usize] as usize] = false;
        }
    }
    if ok.iter().any(|&a| a) {
        Some(ok)
    } else {
        allowed
    }
}

/// The answer when the root prover proved `mv` wins (reported as a win in three plies: the
/// proof's length is not known), after `playouts` of the tree search beside it.
fn proven_win(
    mv: HexMove,
    playouts: u64,
    began: Instant,
    turn: &mut Turn<HexMove>,
) -> Choice<HexMove> {
    let info = SearchInfo {
        depth: 1,
        score: Score::win_in(3),
        nodes: playouts,
        time: began.elapsed(),
        pv: vec![mv],
    };
    turn.report(&info);
    Choice {
        mv,
        info: Some(info),
    }
}

/// The mailbox board of a position.
pub fn board_of(game: &Hex) -> Board {
    let mut b = Board::new(game.size() as usize);
    for p in Player::BOTH {
        for i in game.stones(p).iter() {
            b.play(b.layout.to_box[i] as usize, colour_of(p));
        }
    }
    b
}

impl Agent<Hex> for HexMc {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.last_seen = None;
        if let Some(m) = self.mirror.as_mut() {
            m.new_game();
        }
        if let Some(s) = self.searcher.as_mut() {
            s.forget();
        }
        self.prover.new_game();
    }

    fn observe(&mut self, before: &Hex, mv: HexMove) {
        if let Some(m) = self.mirror.as_mut() {
            m.seen(Instant::now(), before.plies());
        }
        if let HexMove::Cell(c) = mv {
            let after = before.after(mv);
            self.last_seen = Some((after.zobrist(), c as usize));
        }
    }

    fn choose(
        &mut self,
        game: &Hex,
        turn: &mut Turn<HexMove>,
    ) -> Result<Choice<HexMove>, AgentError> {
        if game.winner().is_some() {
            return Err(AgentError::NoMove);
        }
        let began = Instant::now();
        let choice = self.choose_inner(game, turn, began);
        if let Some(m) = self.mirror.as_mut() {
            m.spent(began.elapsed());
        }
        choice
    }
}

impl HexMc {
    fn choose_inner(
        &mut self,
        game: &Hex,
        turn: &mut Turn<HexMove>,
        began: Instant,
    ) -> Result<Choice<HexMove>, AgentError> {
        let board = board_of(game);
        let layout = board.layout;
        let me = colour_of(game.side_to_move());
        let to_move = |cell: usize| HexMove::Cell(layout.to_dense[cell]);
        // Forced moves need no search: a win, the one block, or (lost anyway) a block.
        let mut scratch = Vec::new();
        let mut moves = Vec::new();
        let forced = match expand(
            &board,
            me,
            None,
            self.patterns,
            false,
            &mut scratch,
            &mut moves,
        ) {
            Expansion::Win(cell) => Some((to_move(cell as usize), Score::win_in(1))),
            Expansion::Loss => {
                let mut threats = Vec::new();
                super::knowledge::winning_cells(&board, 3 - me, &mut threats);
                Some((to_move(threats[0] as usize), Score::loss_in(2)))
            }
            Expansion::Moves if moves.len() == 1 && !game.swap_available() => {
                Some((to_move(moves[0].0 as usize), Score::DRAW))
            }
            Expansion::Moves => None,
        };
        if let Some((mv, score)) = forced {
            return Ok(Choice {
                mv,
                info: Some(SearchInfo {
                    depth: 0,
                    score,
                    nodes: 0,
                    time: began.elapsed(),
                    pv: vec![mv],
                }),
            });
        }
        // The root's connections: a winning semi is played at once, a single must-play cell
        // too, and a must-play region restricts the search.
        let mut allowed = None;
        match self.root_verdict(game, &board) {
            VcVerdict::Win(Some(cell)) => {
                let mv = to_move(cell);
                return Ok(Choice {
                    mv,
                    info: Some(SearchInfo {
                        depth: 1,
                        score: Score::win_in(3),
                        nodes: 0,
                        time: began.elapsed(),
                        pv: vec![mv],
                    }),
                });
            }
            VcVerdict::MustPlay(cells) if cells.len() == 1 => {
                let mv = to_move(cells[0]);
                return Ok(Choice {
                    mv,
                    info: Some(SearchInfo {
                        depth: 1,
                        score: Score::DRAW,
                        nodes: 0,
                        time: began.elapsed(),
                        pv: vec![mv],
                    }),
                });
            }
            VcVerdict::MustPlay(cells) => allowed = Some(mask_of(&cells)),
            _ => {}
        }
        allowed = self.without_inferior(game, &board, allowed);
        allowed = self.net_shortlist(game, &board, allowed);
        let movetime = self.movetime(game, turn);
        let deadline = movetime.map(|t| began + t);
        let threads = self.params.threads;
        let proving = movetime.is_some() && self.prover.share(game) > 0.0;
        if let (Some(t), true) = (movetime, proving && threads >= 2 && turn.stop.is_none()) {
            return self.search_beside_prover(game, &board, turn, began, t, allowed);
        }
        if let (Some(t), true) = (movetime, proving) {
            match self.prover.prove(game, t) {
                Proven::Win(mv) => return Ok(proven_win(mv, 0, began, turn)),
                Proven::Open(lost) if !lost.is_empty() => {
                    allowed = without(allowed, &board, &lost);
                }
                _ => {}
            }
        }
        let out = self.search(game, &board, deadline, turn.stop, threads, allowed);
        self.answer(game, turn, &board, out)
    }

    /// With two threads or more: the prover on one thread beside the tree search on the
    /// others; a proven win stops the search and is played. An ungated prover runs for the
    /// whole move; a gated one (`solveat`) for its share, after which the search goes on
    /// with the same tree on every thread, less the moves the prover found lost (a late
    /// position then gets most of both threads). Against MoHex 2.0 on 11x11 at 5 s, two
    /// threads each, `solve=0.4,solveat=95` won 16 of 40 with the prover beside the search
    /// for the whole move and 20 of 40 on the same openings this way (docs/benchmarks/hex.md,
    /// "The late prover with two threads").
    fn search_beside_prover(
        &mut self,
        game: &Hex,
        board: &Board,
        turn: &mut Turn<HexMove>,
        began: Instant,
        movetime: Duration,
        allowed: Option<Box<[bool; MAX_BOX]>>,
    ) -> Result<Choice<HexMove>, AgentError> {
        let deadline = began + movetime;
        let threads = self.params.threads;
        let phased = self.prover.is_gated();
        let beside_until = if phased {
            began + movetime.mul_f64(self.prover.share(game))
        } else {
            deadline
        };
        let mut prover = std::mem::replace(&mut self.prover, RootProver::new(Some(0.0)));
        // Set by whichever side decides the move first: the prover on a proven win (the
        // tree search stops), the tree search when it ends (the prover stops).
        let decided = std::sync::Arc::new(AtomicBool::new(false));
        prover.set_stop(Some(decided.clone()));
        let (proven, out) = std::thread::scope(|s| {
            let solving = s.spawn(|| {
                let limit = beside_until.saturating_duration_since(Instant::now());
                let p = prover.prove_within(game, limit);
                if matches!(p, Proven::Win(_)) {
                    decided.store(true, Ordering::Relaxed);
                }
                p
            });
            let out = self.search(
                game,
                board,
                Some(beside_until),
                Some(&decided),
                threads - 1,
                allowed.clone(),
            );
            if !phased {
                decided.store(true, Ordering::Relaxed);
            }
            (solving.join().expect("the root prover panicked"), out)
        });
        prover.set_stop(None);
        self.prover = prover;
        if let Proven::Win(mv) = proven {
            return Ok(proven_win(mv, out.playouts, began, turn));
        }
        if !phased || Instant::now() >= deadline {
            return self.answer(game, turn, board, out);
        }
        let allowed = match proven {
            Proven::Open(lost) if !lost.is_empty() => without(allowed, board, &lost),
            _ => allowed,
        };
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.resume_next();
        }
        let before = out.playouts;
        let mut out = self.search(game, board, Some(deadline), None, threads, allowed);
        out.playouts += before;
        out.time = began.elapsed();
        self.answer(game, turn, board, out)
    }

    /// The move and report of a finished tree search.
    fn answer(
        &self,
        game: &Hex,
        turn: &mut Turn<HexMove>,
        board: &Board,
        out: Outcome,
    ) -> Result<Choice<HexMove>, AgentError> {
        let layout = board.layout;
        let me = colour_of(game.side_to_move());
        let to_move = |cell: usize| HexMove::Cell(layout.to_dense[cell]);
        let best = out.children.first().ok_or(AgentError::NoMove)?;
        let mut mv = to_move(best.cell);
        let mut score = match best.proof {
            LOSS => Score::win_in(1 + 2 * out.pv.len() as u32),
            WIN => Score::loss_in(2),
            _ => Score(((2.0 * best.value - 1.0) * 1000.0).round() as i32),
        };
        // The swap takes over Black's position: worth it when White, to move, is losing.
        if game.swap_available() && me == WHITE && best.value < 0.5 && best.proof != LOSS {
            mv = HexMove::Swap;
            score = Score(-score.value());
        }
        let pv: Vec<HexMove> = if mv == HexMove::Swap {
            vec![mv]
        } else {
            out.pv.iter().map(|&c| to_move(c)).collect()
        };
        let info = SearchInfo {
            depth: pv.len() as u32,
            score,
            nodes: out.playouts,
            time: out.time,
            pv,
        };
        turn.report(&info);
        Ok(Choice {
            mv,
            info: Some(info),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(spec: &str) -> HexMc {
        HexMc::from_spec(&Spec::parse(spec).unwrap()).unwrap()
    }

    /// `spec` plays both sides of a whole game on a board of side `size`: every move it
    /// gives is legal, and it gives one in every position (the board on failure).
    fn play_a_whole_game(spec: &str, size: u32) {
        let mut a = agent(spec);
        let mut game = Hex::with_size(size, false).unwrap();
        while game.winner().is_none() {
            let c = a
                .choose(&game, &mut Turn::new())
                .unwrap_or_else(|e| panic!("{spec} {e:?}\n{}", game.board_string()));
            assert!(game.is_legal_move(c.mv), "{spec}");
            a.observe(&game, c.mv);
            game.play(c.mv).unwrap();
        }
    }

    /// `nettop=K` searches only the policy net's `K` likeliest root moves: with one, the
    /// agent plays the net's first choice; with three, one of its first three (the net read
    /// directly as the oracle), on an open 9x9 position after two moves (the root's
    /// connections off: they prove this one won at f5).
    #[test]
    fn nettop_keeps_the_nets_likeliest_root_moves() {
        let game = Hex::with_size(9, false)
            .unwrap()
            .play_moves("e5 c7")
            .unwrap();
        let board = board_of(&game);
        let mut ranked = Vec::new();
        PolicyNet::shipped().priors(
            &board,
            colour_of(game.side_to_move()),
            None,
            &mut NetScratch::default(),
            &mut ranked,
        );
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        let cell_of = |mv: HexMove| match mv {
            HexMove::Cell(c) => board.layout.to_box[c as usize],
            other => panic!("{other:?}"),
        };
        for k in [1usize, 3] {
            let mut a = agent(&format!("hexmc(playouts=3000,nettop={k},solve=0,vc=false)"));
            let mv = a.choose(&game, &mut Turn::new()).unwrap().mv;
            let top: Vec<u16> = ranked[..k].iter().map(|&(c, _)| c).collect();
            assert!(
                top.contains(&cell_of(mv)),
                "nettop={k}: {mv:?} not in {top:?}"
            );
        }
        // Without nettop= the net is not loaded; with netfile= alone it is refused.
        assert!(agent("hexmc(playouts=10)").net.is_none());
        assert!(HexMc::from_spec(&Spec::parse("hexmc(netfile=x)").unwrap()).is_err());
    }

    #[test]
    fn wins_at_once_and_blocks() {
        // Black to move wins at c3 on 3x3 (c1 c2 are Black... use a column).
        let game = Hex::with_size(3, false)
            .unwrap()
            .play_moves("b1 a1 b2 a2")
            .unwrap();
        let mut a = agent("hexmc(playouts=100)");
        let c = a.choose(&game, &mut Turn::new()).unwrap();
        assert!(game.after(c.mv).winner().is_some());
        // White to move must block b3 (Black threatens b3 only? also a3 via b2-a3).
        let game = Hex::with_size(4, false)
            .unwrap()
            .play_moves("b1 a1 b2 a2 b3")
            .unwrap();
        let c = a.choose(&game, &mut Turn::new()).unwrap();
        let threats = poda_games::hex::prune::winning_cells(&game, Player::First);
        if threats.len() == 1 {
            assert_eq!(c.mv, HexMove::Cell(threats.lowest().unwrap() as u16));
        }
    }

    /// With a move time, the root prover answers a position it proves at once with a move
    /// that wins (the solver afresh as the oracle); with `solve=0` the tree search answers.
    #[test]
    fn plays_a_proven_win_from_the_root_prover() {
        let game = Hex::with_size(5, false)
            .unwrap()
            .play_moves("a1 e5")
            .unwrap();
        let mut oracle = poda_solve::hex::HexSolver::new();
        // One thread: the prover's share first; two: the prover beside the tree search
        // (for the whole move, or gated, for its share).
        for spec in [
            "hexmc(movetime=2s,vc=false)",
            "hexmc(movetime=2s,vc=false,threads=2)",
            "hexmc(movetime=2s,vc=false,threads=2,solveat=23)",
        ] {
            let c = agent(spec).choose(&game, &mut Turn::new()).unwrap();
            let info = c.info.unwrap();
            assert_eq!(info.depth, 1, "{spec} {info:?}");
            assert_eq!(info.score, Score::win_in(3), "{spec}");
            assert!(info.time < Duration::from_secs(1), "{spec} {info:?}");
            let after = game.after(c.mv);
            assert_eq!(oracle.solve(&after).unwrap().winner, Player::First);
        }
        let c = agent("hexmc(movetime=100ms,vc=false,solve=0)")
            .choose(&game, &mut Turn::new())
            .unwrap();
        assert!(c.info.unwrap().nodes > 0);
    }

    /// The subtree of the position two plies later is kept: a reply the search expected
    /// arrives with visits. Without root connections, so that every move is searched (a
    /// connection found at the root answers without a search).
    #[test]
    fn keeps_the_subtree_between_moves() {
        let mut a = agent("hexmc(playouts=4000,vc=false)");
        let mut game = Hex::with_size(7, false).unwrap();
        let mut kept = 0;
        for _ in 0..4 {
            let c = a.choose(&game, &mut Turn::new()).unwrap();
            game.play(c.mv).unwrap();
            // The opponent answers with the search's expected reply.
            let reply = c.info.unwrap().pv.get(1).copied();
            let Some(reply) = reply.filter(|&r| game.is_legal_move(r)) else {
                break;
            };
            game.play(reply).unwrap();
            if game.winner().is_some() {
                break;
            }
            a.choose(&game, &mut Turn::new()).unwrap();
            kept += a.searcher.as_ref().unwrap().reused;
        }
        assert!(kept > 0);
    }

    /// A reply that the previous search had marked inferior (lost for the player making it,
    /// only as "no better than a sibling") is searched afresh when it is played: the kept
    /// subtree's root loses the mark, and a move comes back.
    #[test]
    fn a_reply_marked_inferior_is_searched_again() {
        let mut found = 0;
        for opening in [24u16, 17, 30, 10, 38, 3] {
            let mut a = agent("hexmc(playouts=6000,vc=false,knowledge=16)");
            let mut game = Hex::with_size(7, false).unwrap();
            game.play(HexMove::Cell(opening)).unwrap();
            let c = a.choose(&game, &mut Turn::new()).unwrap();
            let layout = board_of(&game).layout;
            let HexMove::Cell(mine) = c.mv else { continue };
            game.play(c.mv).unwrap();
            let tree = a.searcher.as_ref().unwrap().tree();
            let Some(node) = tree.child_with_cell(0, layout.to_box[mine as usize] as usize) else {
                continue;
            };
            let marked = tree.nodes[node]
                .children()
                .find(|&r| tree.nodes[r].proof() == WIN);
            let Some(reply) = marked else { continue };
            let reply = HexMove::Cell(layout.to_dense[tree.nodes[reply].cell()]);
            game.play(reply).unwrap();
            let next = a.choose(&game, &mut Turn::new());
            assert!(
                next.is_ok_and(|c| game.is_legal_move(c.mv)),
                "opening {opening}"
            );
            found += 1;
        }
        assert!(found > 0, "no marked reply met");
    }

    /// Over `rounds` random positions of side `size` (`stones.0` plus up to `stones.1` random
    /// moves, stopping before a win), how often the root's move with `playouts` is
    /// `given_away(game, board, mailbox cell)`: without `rootinf` and with it (both without
    /// the local pruning, which leaves out some of the same cells at every expansion).
    fn root_moves_given_away(
        size: u32,
        (rounds, seed): (u64, u64),
        stones: (usize, usize),
        playouts: u32,
        given_away: impl Fn(&Hex, &Board, usize) -> bool,
    ) -> [usize; 2] {
        use poda_core::Rng;
        let mut rng = Rng::new(seed);
        let mut count = [0, 0];
        for round in 0..rounds {
            let mut game = Hex::with_size(size, false).unwrap();
            for _ in 0..stones.0 + rng.index(stones.1) {
                let moves = game.legal_move_list();
                let next = game.after(moves[rng.index(moves.len())]);
                if next.winner().is_some() {
                    break;
                }
                game = next;
            }
            let board = board_of(&game);
            for (k, rootinf) in [false, true].into_iter().enumerate() {
                let mut a = agent(&format!(
                    "hexmc(playouts={playouts},vc=false,prune=false,rootinf={rootinf})"
                ));
                a.new_game(round);
                let c = a.choose(&game, &mut Turn::new()).unwrap();
                let HexMove::Cell(cell) = c.mv else { continue };
                let played = board.layout.to_box[cell as usize] as usize;
                count[k] += given_away(&game, &board, played) as usize;
            }
        }
        count
    }

    /// With `rootinf=true` the root never plays a cell of the fill-in or a vulnerable cell
    /// (the analysis with the played cell first: then only those classes can mark it), and
    /// without it some of these random 7x7 positions get such a move (so the check can
    /// fail).
    #[test]
    fn the_root_leaves_out_inferior_cells() {
        let inferior = Inferior::new(7).unwrap();
        let given_away = root_moves_given_away(7, (40, 11), (8, 16), 300, |game, board, played| {
            let mut cells = vec![played];
            cells.extend(
                board
                    .empties()
                    .iter()
                    .map(|&e| e as usize)
                    .filter(|&e| e != played),
            );
            let mut out = [false; MAX_BOX];
            inferior.inferior(board, colour_of(game.side_to_move()), &cells, &mut out);
            out[played]
        });
        assert_eq!(given_away[1], 0, "rootinf=true played an inferior cell");
        assert!(
            given_away[0] > 0,
            "no inferior cell played without rootinf: the test proves nothing"
        );
    }

    /// Above 13x13 `rootinf=true` leaves out the local rules' fill-in: on random 15x15
    /// positions the root never plays a dead cell or a cell of a captured pair, and without
    /// it some positions get such a move.
    #[test]
    fn above_thirteen_the_root_leaves_out_the_local_fill_in() {
        let given_away = root_moves_given_away(15, (30, 12), (60, 80), 20, |_, board, played| {
            let mut fill = Vec::new();
            local_fill_in(board, &mut fill);
            fill.iter().any(|&(f, _)| f as usize == played)
        });
        assert_eq!(given_away[1], 0, "rootinf=true played into the fill-in");
        assert!(
            given_away[0] > 0,
            "no fill-in cell played without rootinf: the test proves nothing"
        );
    }

    /// With a move time and two threads (the prover beside the tree search, for the whole
    /// move or, gated, for its share before the search goes on with both), whole 6x6 games
    /// are played legally, and a lost position still gets an answer.
    #[test]
    fn plays_legally_with_the_prover_beside_the_search() {
        for spec in [
            "hexmc(movetime=50ms,threads=2)",
            "hexmc(movetime=50ms,threads=2,solveat=30)",
        ] {
            play_a_whole_game(spec, 6);
        }
    }

    /// Gated, with two threads, on a position the prover does not prove in its share: the
    /// tree search goes on after the share with the tree it grew beside the prover, so the
    /// move takes about the whole move time and the answer counts both parts' playouts.
    #[test]
    fn a_gated_prover_hands_the_rest_of_the_move_to_the_search() {
        let game = Hex::with_size(11, false)
            .unwrap()
            .play_moves("f6 e5")
            .unwrap();
        let mut a = agent("hexmc(movetime=400ms,threads=2,solve=0.5,solveat=120,early=0)");
        let c = a.choose(&game, &mut Turn::new()).unwrap();
        let info = c.info.unwrap();
        assert!(game.is_legal_move(c.mv));
        assert!(info.time >= Duration::from_millis(390), "{info:?}");
        let kept = a.searcher.as_ref().unwrap().reused as u64;
        assert!(kept > 0, "the second part started afresh");
        assert!(info.nodes > kept, "{info:?} {kept}");
    }

    /// With a few thousand playouts it finds the winning move of a small position that the
    /// solver proves, and plays whole games legally with two threads, and with the weighted
    /// playouts, the priors and the in-tree connections on (or the inferior cells alone), and
    /// with the local playouts (alone, with MoHex's RAVE schedule, with capped weights away
    /// from the last move).
    #[test]
    fn finds_a_proven_win_and_plays_legally() {
        for spec in [
            "hexmc(playouts=3000,threads=2)",
            "hexmc(playouts=2000,threads=2,pcap=1,prior=2.5,knowledge=16)",
            "hexmc(playouts=2000,plocal=1,ravei=2.12,ravep=8)",
            "hexmc(playouts=2000,plocal=1,pcap=0.5)",
            "hexmc(playouts=3000,threads=2,knowledge=16,fillin=true)",
            "hexmc(playouts=3000,threads=2,knowledge=16,kvc=false,fillin=true)",
        ] {
            play_a_whole_game(spec, 5);
        }
        // 3x3: the centre wins for Black (the first move of a won game).
        let mut solver = poda_solve::hex::HexSolver::new();
        let game = Hex::with_size(4, false).unwrap();
        let c = agent("hexmc(playouts=20000)")
            .choose(&game, &mut Turn::new())
            .unwrap();
        let after = game.after(c.mv);
        let proof = solver.solve(&after).unwrap();
        assert_eq!(proof.winner, Player::First, "4x4 opening {:?}", c.mv);
    }
}
