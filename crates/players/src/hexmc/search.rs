//! The search: UCT with RAVE (Gelly and Silver, "Monte-Carlo tree search and rapid action
//! value estimation in computer Go", AI 175, 2011) and a progressive bias from the pattern
//! priors (Chaslot et al., "Progressive strategies for Monte-Carlo tree search", 2008), on
//! the lock-free tree of [`tree`](super::tree), by one or more threads.
//!
//! A simulation goes down by the selection value
//! `(1 - b) Q + b R + c sqrt(ln N / n) + w prior / sqrt(n + 1)`, where `Q` is the child's win
//! rate, `R` its RAVE win rate and `b = r / (r + n / i + r n k)` (Silver's schedule with
//! `i = 1`, MoHex's with `i = 2.12`; `r` RAVE and `n` real visits, `r` counting
//! [`Params::rave_prior`] virtual results at 1/2) and `prior` the move's share of its
//! siblings' pattern weights (MoHex 2.0's progressive bias has this form); a leaf seen
//! [`Params::expand_after`] times is expanded with the [`knowledge`](super::knowledge) of its
//! position; the playout (uniform with the bridge-save reply, or [`playout`](super::playout)'s
//! weighted or local one) fills the board; every node
//! of the path gets the result, and every child of a path node whose cell ended with the
//! colour of that node's player gets a RAVE result (on a full board each cell has exactly one
//! colour, so "played first by" is "owned at the end by"). Proven nodes return their result
//! without a playout, and a node whose child is a proven loss for the opponent becomes a
//! proven win. With [`Params::knowledge`], a node visited that often gets its virtual
//! connections (a win, a loss, or a must-play region that prunes the other moves) and loses
//! its inferior moves ([`Inferior`]: fill-in, vulnerable and dominated cells up to 13x13,
//! captured pairs above), as MoHex's nodes get their knowledge (Arneson, Hayward,
//! Henderson, "Monte Carlo tree search in Hex", 2010). With [`Params::fill_in`] as well, the
//! node keeps its fill-in stones and every simulation through it plays them on its board
//! before going on, so the playouts below run on the filled position (the paper's "reduced
//! equivalent board"); a child made before the fill-in that moves into a filled cell is
//! passed over. With [`Params::net_after`], the root's children and those of every node
//! visited that often take their priors from the policy net ([`net`](super::net)) instead
//! of the patterns, and [`Params::puct`] adds AlphaZero's `c prior sqrt(N) / (1 + n)`. With
//! [`Params::value_weight`], every node but the root visited [`Params::value_after`] times
//! gets that many virtual results at the [`value`](super::value) net's chance, which mixes a
//! learned judgement into the playouts' (AlphaGo mixes its value net and its playouts at the
//! leaves: Silver et al., "Mastering the game of Go with deep neural networks and tree
//! search", Nature 2016). A timed search stops once its most visited root move cannot be
//! overtaken in the time left ([`Params::early_stop`], Fuego's count abort), and may run on
//! when its choice is unstable ([`Params::extend`], Huang, Coulom and Lin, TAAI 2010).

use super::board::{other, Board, FastRng, EMPTY, MAX_BOX};
use super::inferior::Inferior;
use super::keys::Keys;
use super::knowledge::{
    captured_cells, expand, filled_connections, local_fill_in, prune_local, Expansion,
};
use super::net::{NetScratch, PolicyNet};
use super::patterns::Patterns;
use super::playout::PlayoutPolicy;
use super::tree::{Tree, LOSS, UNKNOWN, WIN};
use super::value::{ValueNet, ValueScratch};
use super::vcs::{VcEngine, VcVerdict};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::RwLock;
use std::time::{Duration, Instant};

/// The search's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// `c` of the exploration term.
    pub exploration: f32,
    /// `c` of an exploration term added to the win rate before it is mixed with the RAVE
    /// rate, so that it fades as RAVE weighs more (Fuego's and MoHex 2.0's UCT bias, 0.22
    /// there, with no term outside the mix); 0: none.
    pub exploration_inside: f32,
    /// `k` of the RAVE schedule.
    pub rave_bias: f32,
    /// How much RAVE outweighs the real visits at first: `b = r / (r + n / i + r n k)` (1:
    /// Silver's schedule; MoHex 2.0 and Fuego write `i` as the initial RAVE weight, 2.12).
    pub rave_initial: f32,
    /// Virtual RAVE results at 1/2 given to every child (MoHex 2.0 gives 8), so that one
    /// lucky playout does not make a move look won.
    pub rave_prior: f32,
    /// Every this many selection steps a worker chooses without RAVE, by the win rate alone
    /// (a child without visits at the first-play urgency) and the progressive bias, so that
    /// a move RAVE rates low is still tried (Fuego's `randomize_rave_frequency`, 30 in MoHex
    /// 2.0); 0: never.
    pub rave_off_every: u32,
    /// Value of a child without any statistics.
    pub first_play_urgency: f32,
    /// `w` of the progressive bias.
    pub prior_weight: f32,
    /// `c` of AlphaZero's prior term `c * prior * sqrt(N) / (1 + n)` (0: off), the other way
    /// to weigh the priors (Silver et al., "Mastering the game of Go without human
    /// knowledge", 2017).
    pub puct: f32,
    /// Visits of a leaf before it is expanded.
    pub expand_after: u32,
    /// Search threads.
    pub threads: usize,
    /// Visits after which a node's virtual connections and inferior cells are computed (0:
    /// never; MoHex 2.0 gives its nodes such knowledge at 256 visits).
    pub knowledge: u32,
    /// Whether a knowledge node builds its virtual connections (on 13x13 they take most of
    /// its time); off: its inferior cells alone.
    pub knowledge_vc: bool,
    /// Whether a knowledge node (up to 11x11, with [`Params::knowledge_vc`]) leaves out the
    /// cells its connections let a player fill (a combinatorial decomposition's carrier, or
    /// the pockets: [`VcEngine::verdict_and_fill`]) and reads its inferior cells on the
    /// board so filled, as MoHex 2.0's knowledge does.
    pub knowledge_fill: bool,
    /// Cap of the pattern weights in the playouts ([`playout`](super::playout)), for every
    /// move or, with [`Params::playout_local`], for the moves away from the last one; 0:
    /// uniform playouts with the bridge-save reply only.
    pub playout_cap: f32,
    /// The local playouts' base weight per empty cell
    /// ([`local_playout`](super::playout::local_playout)); 0: off.
    pub playout_local: f32,
    /// Whether a knowledge node's fill-in stones are played on the board of every
    /// simulation that passes it (MoHex's playouts on the filled board; above 13x13 the fill-in
    /// of dead cells and captured pairs alone).
    pub fill_in: bool,
    /// Whether every expansion leaves out the cells [`prune_local`](super::knowledge::prune_local)
    /// finds captured, or vulnerable or dominated by a neighbour (MoHex 2.0's prior pruning, by
    /// local rules).
    pub prune_local: bool,
    /// Visits after which a node's children get the policy net's priors instead of the
    /// patterns' ([`net`](super::net); the root gets them at once); 0: never.
    pub net_after: u32,
    /// Virtual results at the [`value`](super::value) net's chance that a node visited
    /// [`Params::value_after`] times gets; 0: the value net is not used.
    pub value_weight: u32,
    /// Visits after which a node gets its value net results.
    pub value_after: u32,
    /// How a timed search stops early: once its most visited root move could not be
    /// overtaken if this share of the playouts the time left would give at the speed so far
    /// went to the runner-up ([`move_is_settled`]). At 1 it is Fuego's count abort, which
    /// MoHex 2.0 inherits: the move is the one the full time would give; below 1 the search
    /// stops sooner and may rarely miss a late change. The time saved goes to later moves
    /// under `movetime=mirror`. 0: never.
    pub early_stop: f32,
    /// The share of the move's time a timed search runs on, once, when at its deadline the
    /// most visited root move is not the best valued ([`Searcher::unstable`]); 0: never.
    /// Huang, Coulom and Lin, "Time management for Monte-Carlo tree search applied to the
    /// game of Go", TAAI 2010: their "unstable evaluation" extension, by half the move's
    /// time, won games in Go at equal total time.
    pub extend: f32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            exploration: 0.1,
            exploration_inside: 0.0,
            rave_bias: 0.001,
            rave_initial: 1.0,
            rave_prior: 0.0,
            rave_off_every: 0,
            first_play_urgency: 1.0,
            // Off: with the shipped patterns, prior=2.5 (MoHex's 2.47) and knowledge=256 won
            // 9 of 40 games against MoHex 2.0 on 9x9 at 1 s, these defaults 2 of 10, and the
            // two tied 10-10 against each other (docs/benchmarks/hex.md): no measured gain.
            prior_weight: 0.0,
            // 8 beat 2 by 24-16 at 300 ms a move on 9x9 (fewer expansions, more playouts).
            expand_after: 8,
            threads: 1,
            knowledge: 0,
            knowledge_vc: true,
            knowledge_fill: false,
            playout_cap: 0.0,
            playout_local: 0.0,
            fill_in: false,
            // On: against MoHex 2.0 at 1 s a move, 140 games on 9x9, 11x11 and 13x13 on the
            // same openings side by side, it won 22 games the search without it lost and lost
            // 6 it won (docs/benchmarks/hex.md, "Local pruning at every expansion").
            prune_local: true,
            net_after: 0,
            puct: 0.0,
            value_weight: 0,
            value_after: 100,
            early_stop: 1.0,
            // Off: on 11x11 at 1 s against MoHex 2.0, 40 games on the same openings, 0.5
            // won 17 where the early stop alone won 22 (docs/benchmarks/hex.md).
            extend: 0.0,
        }
    }
}

/// Searched time before [`move_is_settled`] is first asked, as a share of the move's time:
/// the speed measured over a shorter start is too rough.
const SETTLED_AFTER_SHARE: f64 = 0.05;
/// Playouts of the search before [`move_is_settled`] is first asked.
const SETTLED_AFTER_PLAYOUTS: u64 = 256;
/// A root child better valued than the most visited one makes the search
/// [unstable](Searcher::unstable) when it has at least this share of that one's visits (a
/// child seldom visited may be valued high by luck).
const UNSTABLE_RIVAL_SHARE: f32 = 0.125;

/// A search's time: its start, its deadline, and the later one of [`Params::extend`].
#[derive(Clone, Copy, Debug)]
struct Clock {
    began: Instant,
    deadline: Option<Instant>,
    extended_to: Option<Instant>,
}

/// Whether the most visited root move (`best` visits) stays the most visited whatever the
/// rest of the search does: even if every playout left, `speed` a second for `left` seconds,
/// went to the runner-up (`second` visits), it would not pass it (Fuego's
/// `SgUctSearch::CheckCountAbort`, with the games left estimated from the speed so far).
pub fn move_is_settled(best: u32, second: u32, speed: f64, left: f64) -> bool {
    f64::from(best.saturating_sub(second)) > speed * left.max(0.0)
}

/// Fill-in stones `(mailbox cell, colour)` by tree node index.
type FillIns = HashMap<u32, Box<[(u16, u8)]>>;

/// When to stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    pub deadline: Option<Instant>,
    pub playouts: Option<u64>,
}

/// A root child's statistics after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats {
    /// Mailbox cell.
    pub cell: usize,
    pub visits: u32,
    /// Win rate for the player to move at the root.
    pub value: f32,
    pub proof: u8,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The root's children, most visited first (a proven win first of all).
    pub children: Vec<ChildStats>,
    /// The root's proof mark (for the player to move).
    pub proof: u8,
    pub playouts: u64,
    pub time: Duration,
    /// The most visited line from the root (mailbox cells).
    pub pv: Vec<usize>,
    /// Whether the search stopped before its deadline because its move was settled
    /// ([`Params::early_stop`]).
    pub stopped_early: bool,
    /// Whether the search ran past its deadline ([`Params::extend`]).
    pub extended: bool,
}

/// What the knowledge nodes of the last search found (MoHex's "Know Positions", "Know
/// Proven" and "Know Avg After" in its search statistics).
#[derive(Debug, Default)]
pub struct KnowledgeStats {
    /// Nodes given knowledge.
    pub nodes: AtomicU64,
    /// Of them, proven won or lost by their connections.
    pub proven: AtomicU64,
    /// Open children of the others before and after the knowledge (summed).
    pub moves_before: AtomicU64,
    pub moves_after: AtomicU64,
}

/// A reusable searcher: two trees (the subtree of the position reached two plies after a
/// search is copied from one into the other and searched on, as MoHex does), the knowledge
/// tables, and the last root.
pub struct Searcher {
    trees: [Tree; 2],
    /// Which of `trees` is in use.
    current: usize,
    pub params: Params,
    patterns: &'static Patterns,
    /// The colours of the last root and its player to move.
    last_root: Option<(Vec<u8>, u8)>,
    /// Set by [`resume_next`](Self::resume_next): the next search of the same position
    /// keeps the tree.
    resume: bool,
    /// Visits of the root kept from the previous search.
    pub reused: u32,
    /// The only root moves allowed in the current search (must-play), if restricted.
    root_allowed: Option<Box<[bool; MAX_BOX]>>,
    /// What the knowledge nodes of the last search found.
    pub knowledge_stats: KnowledgeStats,
    /// The fill-in stones `(mailbox cell, colour)` of the knowledge nodes of the tree in use,
    /// by node index ([`Params::fill_in`]).
    fills: RwLock<FillIns>,
    /// The policy net for [`Params::net_after`].
    net: Option<&'static PolicyNet>,
    /// The value net for [`Params::value_weight`].
    value: Option<&'static ValueNet>,
    /// Set when a thread finds the root move settled ([`Params::early_stop`]): every thread
    /// stops.
    stopped_early: AtomicBool,
    /// Set when the search runs past its deadline ([`Params::extend`]).
    extended: AtomicBool,
}

/// A worker's scratch space.
struct Worker {
    vc: Option<VcEngine>,
    board: Board,
    path: Vec<usize>,
    moves: Vec<(u16, f32)>,
    scratch: Vec<u16>,
    /// The inferior cells of the position being given knowledge.
    inferior: [bool; MAX_BOX],
    /// The inferior-cell analysis (boards up to 13x13).
    ice: Option<Inferior>,
    /// Candidate cells with their visits when read, and the cells best visited first.
    ranked: Vec<(std::cmp::Reverse<u32>, usize)>,
    candidates: Vec<usize>,
    /// A knowledge node's fill-in stones.
    fill: Vec<(u16, u8)>,
    /// The stones a knowledge node's connections may fill ([`Params::knowledge_fill`]).
    vc_fill: Vec<(usize, u8)>,
    /// The policy net's buffers and its priors by mailbox cell.
    net: NetScratch,
    net_priors: Vec<(u16, f32)>,
    values: ValueScratch,
    prior_of: Box<[f32; MAX_BOX]>,
    /// The playout board's pattern keys (local playouts with local-reply weights), kept
    /// along each simulation's descent from the root's when `keyed`.
    keys: Keys,
    root_keys: Keys,
    keyed: bool,
    /// Selection steps left before one without RAVE ([`Params::rave_off_every`]).
    rave_countdown: u32,
    rng: FastRng,
}

/// What a selection step found.
enum Step {
    Child(usize),
    /// Every child is a proven win for the opponent.
    Lost,
    /// No child left but moves into fill-in stones ([`Params::fill_in`]).
    Filled,
}

impl Searcher {
    pub fn new(params: Params, capacity: usize, patterns: &'static Patterns) -> Searcher {
        Searcher {
            trees: [Tree::new(capacity), Tree::new(capacity)],
            current: 0,
            params,
            patterns,
            last_root: None,
            resume: false,
            reused: 0,
            root_allowed: None,
            knowledge_stats: KnowledgeStats::default(),
            fills: RwLock::new(HashMap::new()),
            net: None,
            value: None,
            stopped_early: AtomicBool::new(false),
            extended: AtomicBool::new(false),
        }
    }

    /// The policy net that gives the priors of nodes visited [`Params::net_after`] times.
    pub fn set_net(&mut self, net: Option<&'static PolicyNet>) {
        self.net = net;
    }

    /// The value net of [`Params::value_weight`].
    pub fn set_value(&mut self, value: Option<&'static ValueNet>) {
        self.value = value;
    }

    /// The tree in use.
    pub fn tree(&self) -> &Tree {
        &self.trees[self.current]
    }

    /// Forgets the previous searches (a new game).
    pub fn forget(&mut self) {
        self.last_root = None;
    }

    /// Lets the next search of the same position go on with this search's tree (a move
    /// searched in two parts); any other position starts as usual.
    pub fn resume_next(&mut self) {
        self.resume = true;
    }

    /// Prepares the tree for a search of `root`: the tree as it is after
    /// [`resume_next`](Self::resume_next) and the same position, else the subtree of the
    /// last search that reaches it with one move of each side if there is one, else an
    /// empty tree.
    fn prepare(&mut self, root: &Board, to_move: u8) {
        let n = root.layout.width * root.layout.width;
        let now = &root.colour[..n];
        let resume = std::mem::take(&mut self.resume);
        if resume
            && self
                .last_root
                .as_ref()
                .is_some_and(|(before, side)| *side == to_move && before[..] == *now)
        {
            self.reused = self.trees[self.current].nodes[0].visits();
            return;
        }
        let mut found = None;
        if let Some((before, before_to_move)) = &self.last_root {
            if before.len() == n && *before_to_move == to_move {
                // Exactly one new stone of each colour, nothing removed.
                let mut mine = None;
                let mut theirs = None;
                let mut ok = true;
                for i in 0..n {
                    if before[i] == now[i] {
                        continue;
                    }
                    match (before[i], now[i]) {
                        (EMPTY, c) if c == to_move && mine.is_none() => mine = Some(i),
                        (EMPTY, c) if c == other(to_move) && theirs.is_none() => theirs = Some(i),
                        _ => ok = false,
                    }
                }
                if let (true, Some(m), Some(t)) = (ok, mine, theirs) {
                    let tree = &self.trees[self.current];
                    // A node decided without children (on a board with a knowledge node's
                    // fill-in played, say) would be a root that is never expanded again.
                    found = tree
                        .child_with_cell(0, m)
                        .and_then(|c| tree.child_with_cell(c, t))
                        .filter(|&n| !tree.nodes[n].children().is_empty());
                }
            }
        }
        self.reused = 0;
        // Node indices change with the copy (and a copied node's analysis is done again).
        if let Ok(fills) = self.fills.get_mut() {
            fills.clear();
        }
        match found {
            Some(node) => {
                let next = 1 - self.current;
                let (a, b) = self.trees.split_at_mut(1);
                let (from, to) = if next == 1 {
                    (&a[0], &b[0])
                } else {
                    (&b[0], &a[0])
                };
                if to.copy_subtree(from, node) {
                    self.current = next;
                    self.reused = self.trees[next].nodes[0].visits();
                    // A mark on the new root may be an inferior-move mark of its parent ("no
                    // better than a sibling"), not a proof of this position: search it again.
                    self.trees[next].nodes[0].set_proof(UNKNOWN);
                } else {
                    self.trees[self.current].clear();
                }
            }
            None => self.trees[self.current].clear(),
        }
        self.last_root = Some((now.to_vec(), to_move));
    }

    /// Searches `root` (colour `to_move` to play; `last` the previous move's mailbox cell)
    /// within the budget or until `stop` is set; with `allowed`, only those root moves.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        root: &Board,
        to_move: u8,
        last: Option<usize>,
        budget: Budget,
        stop: Option<&AtomicBool>,
        seed: u64,
        allowed: Option<Box<[bool; MAX_BOX]>>,
    ) -> Outcome {
        let began = Instant::now();
        self.prepare(root, to_move);
        self.stopped_early.store(false, Relaxed);
        self.extended.store(false, Relaxed);
        let clock = Clock {
            began,
            deadline: budget.deadline,
            extended_to: budget
                .deadline
                .filter(|_| self.params.extend > 0.0)
                .map(|d| d + (d - began).mul_f32(self.params.extend)),
        };
        self.knowledge_stats = KnowledgeStats::default();
        // A kept root's children outside the allowed moves are marked lost.
        if let Some(ok) = &allowed {
            let tree = self.tree();
            for c in tree.nodes[0].children() {
                if !ok[tree.nodes[c].cell()] {
                    tree.nodes[c].set_proof(WIN);
                }
            }
        }
        self.root_allowed = allowed;
        let this = &*self;
        let playouts = AtomicU64::new(0);
        let threads = self.params.threads.max(1);
        std::thread::scope(|s| {
            for t in 1..threads {
                let playouts = &playouts;
                s.spawn(move || {
                    let (budget, thread) = ((budget, clock), t as u64);
                    this.work(root, to_move, last, budget, stop, playouts, seed, thread)
                });
            }
            this.work(
                root,
                to_move,
                last,
                (budget, clock),
                stop,
                &playouts,
                seed,
                0,
            );
        });
        let mut out = self.outcome(to_move, playouts.load(Relaxed), began.elapsed());
        out.stopped_early = self.stopped_early.load(Relaxed);
        out.extended = self.extended.load(Relaxed);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn work(
        &self,
        root: &Board,
        to_move: u8,
        last: Option<usize>,
        (budget, clock): (Budget, Clock),
        stop: Option<&AtomicBool>,
        playouts: &AtomicU64,
        seed: u64,
        thread: u64,
    ) {
        let mut w = Worker {
            vc: if self.params.knowledge > 0 && self.params.knowledge_vc {
                VcEngine::new(root.layout.size)
            } else {
                None
            },
            board: root.clone(),
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(400),
            scratch: Vec::with_capacity(400),
            inferior: [false; MAX_BOX],
            ice: if self.params.knowledge > 0 {
                Inferior::new(root.layout.size)
            } else {
                None
            },
            ranked: Vec::with_capacity(400),
            candidates: Vec::with_capacity(400),
            fill: Vec::new(),
            vc_fill: Vec::new(),
            net: NetScratch::default(),
            net_priors: Vec::new(),
            values: ValueScratch::default(),
            prior_of: Box::new([0.0; MAX_BOX]),
            keys: Keys::default(),
            root_keys: Keys::default(),
            // With fill-in stones on the descent the playout builds its keys afresh.
            keyed: self.policy().keyed(self.patterns) && !self.params.fill_in,
            rave_countdown: self.params.rave_off_every,
            rng: FastRng::new(poda_core::Rng::new(seed ^ thread << 40).next_u64()),
        };
        if w.keyed {
            w.root_keys.build(root);
        }
        let mut done = 0u64;
        loop {
            if done % 16 == 0 {
                if stop.is_some_and(|s| s.load(Relaxed)) || self.stopped_early.load(Relaxed) {
                    break;
                }
                let now = Instant::now();
                if clock.deadline.is_some_and(|d| now >= d) {
                    let extend = clock.extended_to.is_some_and(|e| now < e)
                        && (self.extended.load(Relaxed) || self.unstable());
                    if !extend {
                        break;
                    }
                    self.extended.store(true, Relaxed);
                }
                if self.tree().nodes[0].proof() != UNKNOWN {
                    break;
                }
                if done % 64 == 0 && self.settled(clock, playouts.load(Relaxed)) {
                    self.stopped_early.store(true, Relaxed);
                    break;
                }
            }
            if let Some(max) = budget.playouts {
                if playouts.fetch_add(1, Relaxed) >= max {
                    break;
                }
            } else {
                playouts.fetch_add(1, Relaxed);
            }
            w.board.clone_from(root);
            if w.keyed {
                w.keys.clone_from(&w.root_keys);
            }
            self.simulate(&mut w, to_move, last);
            done += 1;
        }
    }

    /// Whether a timed search with [`Params::early_stop`] may stop now that its root move is
    /// settled ([`move_is_settled`]); `searched` playouts so far, on every thread. The
    /// runner-up is the most visited other child that is not proven lost for us (a child
    /// outside the allowed moves is marked so).
    fn settled(&self, clock: Clock, searched: u64) -> bool {
        let deadline = match self.extended.load(Relaxed) {
            true => clock.extended_to,
            false => clock.deadline,
        };
        let share = f64::from(self.params.early_stop);
        let (Some(deadline), true) = (deadline, share > 0.0) else {
            return false;
        };
        let now = Instant::now();
        let spent = (now - clock.began).as_secs_f64();
        let left = deadline.saturating_duration_since(now).as_secs_f64();
        if searched < SETTLED_AFTER_PLAYOUTS || spent < SETTLED_AFTER_SHARE * (spent + left) {
            return false;
        }
        let tree = self.tree();
        let (mut best, mut second) = (0u32, 0u32);
        for c in tree.nodes[0].children() {
            let n = &tree.nodes[c];
            if n.proof() == WIN {
                continue;
            }
            let v = n.visits();
            if v > best {
                second = best;
                best = v;
            } else if v > second {
                second = v;
            }
        }
        move_is_settled(best, second, searched as f64 / spent, left * share)
    }

    /// Whether the root's most visited move (not proven lost) is valued below another move
    /// with at least [`UNSTABLE_RIVAL_SHARE`] of its visits: the search has not settled on
    /// its choice ([`Params::extend`]).
    pub fn unstable(&self) -> bool {
        let tree = self.tree();
        let open = || {
            tree.nodes[0]
                .children()
                .map(|c| &tree.nodes[c])
                .filter(|n| n.proof() != WIN && n.visits() > 0)
        };
        let Some(best) = open().max_by_key(|n| n.visits()) else {
            return false;
        };
        let (visits, value) = (best.visits() as f32, best.wins() / best.visits() as f32);
        open().any(|n| {
            let v = n.visits() as f32;
            v >= UNSTABLE_RIVAL_SHARE * visits && n.wins() / v > value
        })
    }

    /// One simulation from the root.
    fn simulate(&self, w: &mut Worker, root_to_move: u8, mut last: Option<usize>) {
        let tree = self.tree();
        let p = &self.params;
        w.path.clear();
        let mut node = 0usize;
        let mut to_move = root_to_move;
        let winner;
        let mut filled = false;
        loop {
            let n = &tree.nodes[node];
            n.add_visit();
            w.path.push(node);
            match n.proof() {
                WIN => {
                    winner = to_move;
                    break;
                }
                LOSS => {
                    winner = other(to_move);
                    break;
                }
                _ => {}
            }
            if p.knowledge > 0
                && node != 0
                && n.is_expanded()
                && n.visits() >= p.knowledge
                && n.claim_knowledge()
            {
                let stats = &self.knowledge_stats;
                stats.nodes.fetch_add(1, Relaxed);
                let open_children = || {
                    n.children()
                        .filter(|&c| tree.nodes[c].proof() == UNKNOWN)
                        .count() as u64
                };
                let before = open_children();
                // With knowledge_fill the connections are read on the filled board.
                let mut fill_board = None;
                let verdict = match (w.vc.as_mut(), w.ice.as_ref()) {
                    (Some(vc), Some(ice)) if p.knowledge_fill => {
                        let (verdict, board) = filled_connections(
                            &w.board,
                            to_move,
                            ice,
                            vc,
                            &mut w.fill,
                            &mut w.vc_fill,
                        );
                        fill_board = Some(board);
                        Some(verdict)
                    }
                    (Some(vc), _) => Some(vc.verdict(&w.board, to_move)),
                    (None, _) => None,
                };
                if let Some(verdict) = verdict {
                    match verdict {
                        VcVerdict::Win(_) => {
                            stats.proven.fetch_add(1, Relaxed);
                            n.set_proof(WIN);
                            winner = to_move;
                            break;
                        }
                        VcVerdict::Loss => {
                            stats.proven.fetch_add(1, Relaxed);
                            n.set_proof(LOSS);
                            winner = other(to_move);
                            break;
                        }
                        VcVerdict::MustPlay(cells) => {
                            for c in n.children() {
                                if !cells.contains(&tree.nodes[c].cell()) {
                                    tree.nodes[c].set_proof(WIN);
                                }
                            }
                        }
                        VcVerdict::Open => {}
                    }
                }
                let fill_board = fill_board.and_then(|b| self.leave_out_fill(b, node));
                self.prune_inferior(w, fill_board.as_ref(), node, to_move);
                stats.moves_before.fetch_add(before, Relaxed);
                stats.moves_after.fetch_add(open_children(), Relaxed);
                if p.fill_in {
                    match &w.ice {
                        Some(ice) => ice.fill_in(&w.board, &mut w.fill),
                        None => local_fill_in(&w.board, &mut w.fill),
                    }
                    if !w.fill.is_empty() {
                        let stones = w.fill.clone().into_boxed_slice();
                        if let Ok(mut fills) = self.fills.write() {
                            fills.insert(node as u32, stones);
                            n.mark_fill_in();
                        }
                    }
                }
            }
            if p.fill_in && n.has_fill_in() {
                // Played under the read lock: no copy of the stones on the simulation's path.
                let fills = self.fills.read();
                if let Some(stones) = fills.as_ref().ok().and_then(|f| f.get(&(node as u32))) {
                    for &(cell, colour) in stones.iter() {
                        if w.board.colour[cell as usize] == EMPTY {
                            w.board.play(cell as usize, colour);
                        }
                    }
                }
            }
            if !n.is_expanded() {
                if (node == 0 || n.visits() >= p.expand_after) && tree.try_claim(node) {
                    // A restricted root is pruned within its allowed moves, so that every
                    // cell left out has its better cell among them.
                    let root_allowed = self.root_allowed.as_ref().filter(|_| node == 0);
                    match expand(
                        &w.board,
                        to_move,
                        last,
                        self.patterns,
                        p.prune_local && root_allowed.is_none(),
                        &mut w.scratch,
                        &mut w.moves,
                    ) {
                        Expansion::Win(_) => {
                            n.set_proof(WIN);
                            tree.finish_without_children(node);
                            winner = to_move;
                            break;
                        }
                        Expansion::Loss => {
                            n.set_proof(LOSS);
                            tree.finish_without_children(node);
                            winner = other(to_move);
                            break;
                        }
                        Expansion::Moves => {
                            if let Some(ok) = root_allowed {
                                w.moves.retain(|&(cell, _)| ok[cell as usize]);
                                if p.prune_local {
                                    prune_local(&w.board, to_move, &mut w.moves);
                                }
                            }
                            if !tree.expand(node, &w.moves) {
                                winner = self.playout(w, to_move, last);
                                filled = true;
                                break;
                            }
                        }
                    }
                } else {
                    winner = self.playout(w, to_move, last);
                    filled = true;
                    break;
                }
            }
            if p.net_after > 0
                && (node == 0 || n.visits() >= p.net_after)
                && n.is_expanded()
                && n.claim_net()
            {
                self.give_net_priors(w, node, to_move, last);
            }
            if let Some(value) = self.value {
                if p.value_weight > 0 && node != 0 && n.visits() >= p.value_after && n.claim_value()
                {
                    // The node's statistics are for the player who moved into it.
                    let mover_wins = value.value(&w.board, to_move, last, &mut w.values);
                    n.add_virtual(p.value_weight, 1.0 - mover_wins);
                }
            }
            let mut use_rave = true;
            if p.rave_off_every > 0 {
                w.rave_countdown -= 1;
                if w.rave_countdown == 0 {
                    w.rave_countdown = p.rave_off_every;
                    use_rave = false;
                }
            }
            match self.select(node, &w.board, use_rave) {
                Step::Filled => {
                    winner = self.playout(w, to_move, last);
                    filled = true;
                    break;
                }
                Step::Child(c) => {
                    let cell = tree.nodes[c].cell();
                    if w.keyed {
                        w.keys.play(&w.board, cell, to_move);
                    }
                    w.board.play(cell, to_move);
                    last = Some(cell);
                    to_move = other(to_move);
                    node = c;
                }
                Step::Lost => {
                    n.set_proof(LOSS);
                    winner = other(to_move);
                    break;
                }
            }
        }
        self.backup(w, root_to_move, winner, filled);
    }

    /// Marks lost the open children of `node` whose cell holds a stone in `filled` (the
    /// position with what its knowledge fills played) and returns that board; nothing if
    /// it would leave no child.
    fn leave_out_fill(&self, filled: Board, node: usize) -> Option<Board> {
        let tree = self.tree();
        let open = || {
            tree.nodes[node]
                .children()
                .filter(|&c| tree.nodes[c].proof() == UNKNOWN)
        };
        let in_fill = |c: usize| filled.colour[tree.nodes[c].cell()] != EMPTY;
        if open().all(in_fill) {
            return None;
        }
        for c in open().filter(|&c| in_fill(c)) {
            tree.nodes[c].set_proof(WIN);
        }
        Some(filled)
    }

    /// Marks the open children of `node` whose moves are inferior as lost: a move that
    /// [`Inferior`] leaves out (boards up to 13x13), or else a move into a captured pair (no
    /// better than a pass). If every other move loses, so does such a move; one open child
    /// always stays. The analysis reads `filled` (the position with what its knowledge
    /// fills played) when given, else the worker's board.
    fn prune_inferior(&self, w: &mut Worker, filled: Option<&Board>, node: usize, to_move: u8) {
        let board = filled.unwrap_or(&w.board);
        let tree = self.tree();
        let open = |c: &usize| tree.nodes[*c].proof() == UNKNOWN;
        let children = || tree.nodes[node].children().filter(open);
        if let Some(ice) = &w.ice {
            // Best visited first: the dominator kept of two equivalent moves. The visits are
            // read once: other threads keep adding to them, and a sort needs keys that hold
            // still (a key that moves mid-sort made the standard sort panic).
            w.ranked.clear();
            w.ranked.extend(children().map(|c| {
                let child = &tree.nodes[c];
                (std::cmp::Reverse(child.visits()), child.cell())
            }));
            w.ranked.sort_by_key(|&(visits, _)| visits);
            w.candidates.clear();
            w.candidates.extend(w.ranked.iter().map(|&(_, cell)| cell));
            if ice.inferior(board, to_move, &w.candidates, &mut w.inferior) == 0 {
                return;
            }
        } else {
            if captured_cells(board, &mut w.inferior) == 0 {
                return;
            }
            if children().all(|c| w.inferior[tree.nodes[c].cell()]) {
                return;
            }
        }
        for c in children() {
            if w.inferior[tree.nodes[c].cell()] {
                tree.nodes[c].set_proof(WIN);
            }
        }
    }

    /// Gives the children of `node` (position on the worker's board, `to_move` to play after
    /// `last`) the policy net's chances, scaled to sum to 1 over the children.
    fn give_net_priors(&self, w: &mut Worker, node: usize, to_move: u8, last: Option<usize>) {
        let Some(net) = self.net else { return };
        let tree = self.tree();
        net.priors(&w.board, to_move, last, &mut w.net, &mut w.net_priors);
        for &(cell, chance) in &w.net_priors {
            w.prior_of[cell as usize] = chance;
        }
        let children = tree.nodes[node].children();
        let total: f32 = children
            .clone()
            .map(|c| w.prior_of[tree.nodes[c].cell()])
            .sum();
        if total > 0.0 {
            for c in children {
                let child = &tree.nodes[c];
                child.set_prior(w.prior_of[child.cell()] / total);
            }
        }
        for &(cell, _) in &w.net_priors {
            w.prior_of[cell as usize] = 0.0;
        }
    }

    /// Knowledge nodes of the tree in use that have fill-in stones.
    pub fn fill_in_nodes(&self) -> usize {
        self.fills.read().map_or(0, |f| f.len())
    }

    /// The playout policy of the parameters.
    fn policy(&self) -> PlayoutPolicy {
        PlayoutPolicy {
            base: self.params.playout_local,
            cap: self.params.playout_cap,
        }
    }

    /// Fills the worker's board from a leaf, with the playout policy of the parameters.
    fn playout(&self, w: &mut Worker, to_move: u8, last: Option<usize>) -> u8 {
        let (board, rng, keys) = (&mut w.board, &mut w.rng, &mut w.keys);
        if w.keyed {
            self.policy()
                .fill_keyed(board, self.patterns, to_move, last, rng, keys)
        } else {
            self.policy()
                .fill(board, self.patterns, to_move, last, rng, keys)
        }
    }

    /// The child to descend into (a child lost for the opponent first: then the node is won).
    fn select(&self, node: usize, board: &Board, use_rave: bool) -> Step {
        let tree = self.tree();
        let p = &self.params;
        let parent = &tree.nodes[node];
        let log_n = (parent.visits().max(1) as f32).ln();
        let sqrt_n = (parent.visits() as f32).sqrt();
        let mut best = usize::MAX;
        let mut best_value = f32::NEG_INFINITY;
        let mut filled = false;
        for c in parent.children() {
            let child = &tree.nodes[c];
            // A child made before an ancestor's fill-in may move into a filled cell.
            if p.fill_in && board.colour[child.cell()] != EMPTY {
                filled = true;
                continue;
            }
            match child.proof() {
                LOSS => {
                    parent.set_proof(WIN);
                    return Step::Child(c);
                }
                WIN => continue,
                _ => {}
            }
            let n = child.visits() as f32;
            let (rn, rw) = child.rave();
            let rn = rn as f32 + p.rave_prior;
            let rw = rw + 0.5 * p.rave_prior;
            let mut value = if !use_rave {
                if n > 0.0 {
                    child.wins() / n
                } else {
                    p.first_play_urgency
                }
            } else if n > 0.0 {
                let mut q = child.wins() / n;
                if p.exploration_inside > 0.0 {
                    q += p.exploration_inside * (log_n / n).sqrt();
                }
                if rn > 0.0 {
                    let b = rn / (rn + n / p.rave_initial + rn * n * p.rave_bias);
                    (1.0 - b) * q + b * rw / rn
                } else {
                    q
                }
            } else if rn > 0.0 {
                rw / rn
            } else {
                p.first_play_urgency
            };
            if p.exploration > 0.0 {
                value += p.exploration * (log_n / (n + 1.0)).sqrt();
            }
            if p.prior_weight > 0.0 {
                value += p.prior_weight * child.prior() / (n + 1.0).sqrt();
            }
            if p.puct > 0.0 {
                value += p.puct * child.prior() * sqrt_n / (n + 1.0);
            }
            if value > best_value {
                best_value = value;
                best = c;
            }
        }
        if best == usize::MAX {
            if filled {
                Step::Filled
            } else {
                Step::Lost
            }
        } else {
            Step::Child(best)
        }
    }

    /// Gives every node of the path its result and the RAVE results to their children.
    fn backup(&self, w: &Worker, root_to_move: u8, winner: u8, filled: bool) {
        let tree = self.tree();
        let mut to_move = root_to_move;
        for &node in &w.path {
            let n = &tree.nodes[node];
            // The node's statistics are for the player who moved into it.
            n.add_result(if winner != to_move { 1.0 } else { 0.0 });
            if filled {
                let won = if winner == to_move { 1.0 } else { 0.0 };
                for c in n.children() {
                    let child = &tree.nodes[c];
                    if w.board.colour[child.cell()] == to_move {
                        child.add_rave(won);
                    }
                }
            }
            to_move = other(to_move);
        }
    }

    fn outcome(&self, to_move: u8, playouts: u64, time: Duration) -> Outcome {
        let tree = self.tree();
        let root = &tree.nodes[0];
        let mut children: Vec<ChildStats> = root
            .children()
            .map(|c| {
                let n = &tree.nodes[c];
                let v = n.visits();
                ChildStats {
                    cell: n.cell(),
                    visits: v,
                    value: if v > 0 { n.wins() / v as f32 } else { 0.5 },
                    proof: n.proof(),
                }
            })
            .collect();
        // A child lost for the opponent wins; one won for the opponent comes last.
        let rank = |c: &ChildStats| match c.proof {
            LOSS => 0,
            WIN => 2,
            _ => 1,
        };
        children.sort_by(|a, b| rank(a).cmp(&rank(b)).then(b.visits.cmp(&a.visits)));
        let mut pv = Vec::new();
        let mut node = 0usize;
        loop {
            let next = tree.nodes[node]
                .children()
                .max_by_key(|&c| tree.nodes[c].visits());
            match next {
                Some(c) if tree.nodes[c].visits() >= 2 || pv.is_empty() => {
                    pv.push(tree.nodes[c].cell());
                    node = c;
                }
                _ => break,
            }
        }
        if let Some(first) = children.first() {
            if pv.first() != Some(&first.cell) {
                pv = vec![first.cell];
            }
        }
        let _ = to_move;
        Outcome {
            children,
            proof: root.proof(),
            playouts,
            time,
            pv,
            stopped_early: false,
            extended: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::colour_of;
    use super::super::knowledge::tests::{from_hex, random_position};
    use super::*;
    use poda_core::{Game, Rng};

    /// `searcher` on `game`'s position, for its player to move.
    fn search_position(
        searcher: &mut Searcher,
        game: &poda_games::hex::Hex,
        budget: Budget,
        seed: u64,
    ) -> Outcome {
        let board = from_hex(game);
        let to_move = colour_of(game.side_to_move());
        searcher.run(&board, to_move, None, budget, None, seed, None)
    }

    /// With `fill_in`, knowledge nodes of opening 7x7 positions keep fill-in stones, and the
    /// search still answers with an empty cell of the root (on one thread and on two).
    #[test]
    fn knowledge_nodes_keep_their_fill_in_and_the_answer_is_legal() {
        let mut rng = Rng::new(12);
        let (mut open, mut with_fill) = (0, 0);
        for k in 0..12u64 {
            let game = random_position(7, 4, &mut rng);
            let board = from_hex(&game);
            let params = Params {
                knowledge: 16,
                fill_in: true,
                threads: 1 + (k % 2) as usize,
                ..Params::default()
            };
            let mut searcher = Searcher::new(params, 200_000, Patterns::shipped());
            let to_move = colour_of(game.side_to_move());
            let budget = Budget {
                deadline: None,
                playouts: Some(20_000),
            };
            let out = searcher.run(&board, to_move, None, budget, None, k, None);
            let best = out.children.first().expect("a root move");
            assert_eq!(board.colour[best.cell], EMPTY, "{}", game.board_string());
            if out.proof == UNKNOWN {
                open += 1;
                with_fill += (searcher.fill_in_nodes() > 0) as usize;
            }
        }
        assert!(
            open >= 3 && with_fill * 2 >= open,
            "{with_fill} of {open} open searches kept fill-in stones"
        );
    }

    /// With `rave_off_every` at 1 no step uses RAVE, so a first-play urgency above any win
    /// rate sends each of the first playouts to a root child not yet visited; with RAVE the
    /// children's RAVE rates outrank the urgency and some child is visited again early.
    #[test]
    fn without_rave_steps_the_first_play_urgency_spreads_the_first_playouts() {
        let game = poda_games::hex::Hex::with_size(7, false).unwrap();
        let board = from_hex(&game);
        let to_move = colour_of(game.side_to_move());
        let most_visits = |rave_off_every: u32| {
            let params = Params {
                rave_off_every,
                first_play_urgency: 2.0,
                ..Params::default()
            };
            let mut searcher = Searcher::new(params, 10_000, Patterns::shipped());
            let budget = Budget {
                deadline: None,
                playouts: Some(20),
            };
            let out = searcher.run(&board, to_move, None, budget, None, 3, None);
            assert!(out.children.len() > 20);
            out.children.iter().map(|c| c.visits).max().unwrap()
        };
        assert_eq!(most_visits(1), 1);
        assert!(most_visits(0) > 1);
    }

    /// With the policy net, the root's children carry the net's chances (summing to one
    /// over them), so do the children of nodes visited `net_after` times, and the search
    /// answers with an empty cell, on one thread and on two.
    #[test]
    fn net_priors_reach_the_root_and_busy_nodes() {
        let mut rng = Rng::new(5);
        for k in 0..4u64 {
            let game = random_position(9, 6, &mut rng);
            let board = from_hex(&game);
            let params = Params {
                net_after: 64,
                prior_weight: 10.0,
                threads: 1 + (k % 2) as usize,
                ..Params::default()
            };
            let mut searcher = Searcher::new(params, 200_000, Patterns::shipped());
            searcher.set_net(Some(PolicyNet::shipped()));
            let to_move = colour_of(game.side_to_move());
            let budget = Budget {
                deadline: None,
                playouts: Some(5_000),
            };
            let out = searcher.run(&board, to_move, None, budget, None, k, None);
            let best = out.children.first().expect("a root move");
            assert_eq!(board.colour[best.cell], EMPTY, "{}", game.board_string());
            let tree = searcher.tree();
            let with_net: Vec<usize> = (0..tree.used())
                .filter(|&i| tree.nodes[i].net.load(Relaxed) != 0)
                .collect();
            assert!(with_net.contains(&0) && with_net.len() > 1, "{with_net:?}");
            for &i in &with_net {
                let node = &tree.nodes[i];
                if node.children().is_empty() {
                    continue;
                }
                let total: f32 = node.children().map(|c| tree.nodes[c].prior()).sum();
                assert!((total - 1.0).abs() < 1e-3, "node {i}: {total}");
            }
        }
    }

    /// With a value net, every node but the root visited `value_after` times gets
    /// `value_weight` virtual results at the chance of the player who moved into it: with a
    /// net that gives the side to move 0.9 everywhere and a weight far above the playouts,
    /// such a node's win rate is close to 0.1, and the root's statistics are its playouts'
    /// (on one thread and on two).
    #[test]
    fn value_results_go_to_the_evaluated_nodes_for_the_player_who_moved_in() {
        // A one-layer trunk (the head reads the five input planes), zero weights, output
        // bias ln 9.
        let zeros = |k: usize| vec!["0"; k].join(" ");
        let text = format!(
            "conv 5 1 1\n{}\n0\nvalue 5 1\n{}\n{}\n{}\n0\n0\n{}\n",
            zeros(5),
            zeros(25),
            zeros(5),
            zeros(10),
            9f32.ln()
        );
        let value: &'static ValueNet = Box::leak(Box::new(ValueNet::parse(&text).unwrap()));
        let mut rng = Rng::new(8);
        for threads in [1, 2] {
            let game = random_position(9, 4, &mut rng);
            let board = from_hex(&game);
            let params = Params {
                value_weight: 1_000_000,
                value_after: 50,
                threads,
                ..Params::default()
            };
            let mut searcher = Searcher::new(params, 200_000, Patterns::shipped());
            searcher.set_value(Some(value));
            let to_move = colour_of(game.side_to_move());
            let budget = Budget {
                deadline: None,
                playouts: Some(4_000),
            };
            searcher.run(&board, to_move, None, budget, None, 1, None);
            let tree = searcher.tree();
            let root = tree.nodes[0].visits();
            assert!(root <= 4_000 + threads as u32, "{root}");
            let evaluated: Vec<usize> = (1..tree.used())
                .filter(|&i| tree.nodes[i].net.load(Relaxed) & 2 != 0)
                .collect();
            assert!(!evaluated.is_empty());
            for i in evaluated {
                let node = &tree.nodes[i];
                let rate = node.wins() / node.visits() as f32;
                assert!(node.visits() >= 1_000_000, "node {i}: {}", node.visits());
                assert!((rate - 0.1).abs() < 0.01, "node {i}: {rate}");
            }
        }
    }

    /// The lead must exceed every playout the time left could give the runner-up.
    #[test]
    fn a_move_is_settled_when_the_time_left_cannot_overturn_it() {
        assert!(move_is_settled(100, 40, 1000.0, 0.05));
        assert!(!move_is_settled(100, 40, 1000.0, 0.06));
        assert!(!move_is_settled(40, 40, 0.0, 1.0));
        assert!(move_is_settled(1, 0, 5000.0, -1.0));
    }

    /// On the empty 5x5 board a few first moves win and the search soon sends nearly every
    /// playout to one of them, so a timed search stops early (about half way: the lead is
    /// then about the playouts the time left would give), with a lead the time left could
    /// not overturn at its speed; with `early_stop` off a search runs to its deadline.
    #[test]
    fn a_settled_move_ends_a_timed_search_early() {
        let game = poda_games::hex::Hex::with_size(5, false).unwrap();
        let board = from_hex(&game);
        let to_move = colour_of(game.side_to_move());
        let search = |early_stop: f32, time: Duration| {
            let params = Params {
                early_stop,
                ..Params::default()
            };
            let mut searcher = Searcher::new(params, 1_000_000, Patterns::shipped());
            let deadline = Instant::now() + time;
            let budget = Budget {
                deadline: Some(deadline),
                playouts: None,
            };
            let out = searcher.run(&board, to_move, None, budget, None, 5, None);
            (out, deadline.saturating_duration_since(Instant::now()))
        };
        let (out, left) = search(1.0, Duration::from_secs(3));
        assert!(
            out.stopped_early,
            "{} playouts in {:?}",
            out.playouts, out.time
        );
        let (best, second) = (&out.children[0], &out.children[1]);
        let speed = out.playouts as f64 / out.time.as_secs_f64();
        assert!(move_is_settled(
            best.visits,
            second.visits,
            speed,
            left.as_secs_f64()
        ));
        let (out, _) = search(0.0, Duration::from_millis(300));
        assert!(!out.stopped_early);
    }

    /// `unstable` against the definition read off the search's report: some root child not
    /// proven lost for the mover, with at least an eighth of the most visited one's visits,
    /// is valued above it. Small searches on random 9x9 positions give both answers.
    #[test]
    fn unstable_when_a_well_visited_rival_is_valued_above_the_most_visited_move() {
        let mut rng = Rng::new(40);
        let mut seen = [0usize; 2];
        for k in 0..40u64 {
            let game = random_position(9, 2 + (k % 20) as usize, &mut rng);
            let board = from_hex(&game);
            let mut searcher = Searcher::new(Params::default(), 100_000, Patterns::shipped());
            let budget = Budget {
                deadline: None,
                playouts: Some(200 + 50 * k),
            };
            let to_move = colour_of(game.side_to_move());
            let out = searcher.run(&board, to_move, None, budget, None, k, None);
            let open: Vec<&ChildStats> = out
                .children
                .iter()
                .filter(|c| c.proof != WIN && c.visits > 0)
                .collect();
            let Some(best) = open.iter().max_by_key(|c| c.visits) else {
                continue;
            };
            let expected = open
                .iter()
                .any(|c| c.visits as f32 >= best.visits as f32 / 8.0 && c.value > best.value);
            assert_eq!(searcher.unstable(), expected, "{}", game.board_string());
            seen[expected as usize] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    /// With `extend` at 0 a timed search never runs past its deadline.
    #[test]
    fn without_extend_a_search_ends_at_its_deadline() {
        let game = poda_games::hex::Hex::with_size(9, false).unwrap();
        let params = Params {
            extend: 0.0,
            early_stop: 0.0,
            ..Params::default()
        };
        let mut searcher = Searcher::new(params, 100_000, Patterns::shipped());
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_millis(100)),
            playouts: None,
        };
        let out = search_position(&mut searcher, &game, budget, 1);
        assert!(!out.extended && !out.stopped_early);
    }

    /// After `resume_next` a second search of the same position goes on with the tree
    /// (the root's visits add up, and `reused` counts the first search's); without it, or
    /// with another position, the tree starts afresh.
    #[test]
    fn resume_next_keeps_the_tree_for_the_same_position_only() {
        let game = poda_games::hex::Hex::with_size(7, false).unwrap();
        let budget = Budget {
            deadline: None,
            playouts: Some(500),
        };
        let mut searcher = Searcher::new(Params::default(), 100_000, Patterns::shipped());
        let root_visits = |s: &Searcher| s.tree().nodes[0].visits();
        search_position(&mut searcher, &game, budget, 1);
        let first = root_visits(&searcher);
        assert!(first >= 500, "{first}");
        searcher.resume_next();
        search_position(&mut searcher, &game, budget, 2);
        assert_eq!(searcher.reused, first);
        assert!(root_visits(&searcher) >= first + 500);
        // Without resume_next: afresh.
        search_position(&mut searcher, &game, budget, 3);
        assert_eq!(searcher.reused, 0);
        assert!(root_visits(&searcher) < first + 500);
        // resume_next and another position: afresh too.
        let other = game.play_moves("d4").unwrap();
        searcher.resume_next();
        search_position(&mut searcher, &other, budget, 4);
        assert_eq!(searcher.reused, 0);
    }

    /// A node decided without children in the last search (on a board with fill-in played,
    /// say) is not kept as the next root: the tree starts afresh and the root gets children
    /// (kept, it was never expanded again and the agent had no move to give).
    #[test]
    fn a_node_without_children_is_not_kept_as_the_root() {
        use poda_games::hex::HexMove;
        let game = poda_games::hex::Hex::with_size(5, false).unwrap();
        let board = from_hex(&game);
        let budget = Budget {
            deadline: None,
            playouts: Some(3000),
        };
        let mut searcher = Searcher::new(Params::default(), 100_000, Patterns::shipped());
        search_position(&mut searcher, &game, budget, 1);
        let tree = searcher.tree();
        let (mine, theirs) = tree.nodes[0]
            .children()
            .flat_map(|c| tree.nodes[c].children().map(move |g| (c, g)))
            .find(|&(_, g)| tree.nodes[g].visits() > 0 && !tree.nodes[g].is_expanded())
            .expect("a visited leaf two plies down");
        assert!(tree.try_claim(theirs));
        tree.finish_without_children(theirs);
        let dense = |node: usize| HexMove::Cell(board.layout.to_dense[tree.nodes[node].cell()]);
        let after = game.after(dense(mine)).after(dense(theirs));
        let out = search_position(&mut searcher, &after, budget, 2);
        assert_eq!(searcher.reused, 0);
        assert!(!out.children.is_empty());
    }
}
