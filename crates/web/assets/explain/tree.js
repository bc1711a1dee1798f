// A trace (one algorithm of `poda explain --format json`) as a tree, and the view of one of
// its roots: which nodes are open (their children drawn), and the walk of the search in
// visiting order as events (enter an inner node, visit a leaf, leave an inner node).
//
// The trace lists nodes in visiting order with their parents first, so a node's subtree is
// the run of ids from the node to the node plus its size (a preorder walk).

// Nodes (and cut-off stubs) drawn before deeper plies fold, as `poda explain --format svg`
// (crates/cli/src/cmd/explain/layout.rs).
export const DRAW_BUDGET = 300;
// The most nodes "unfold all" draws at once: a bigger subtree unfolds by clicks.
export const UNFOLD_LIMIT = 5000;

export class Tree {
  constructor(algo) {
    this.algo = algo;
    this.nodes = algo.trace;
    const n = this.nodes.length;
    this.children = Array.from({ length: n }, () => []);
    this.size = new Array(n).fill(1);
    this.roots = [];
    for (const node of this.nodes) {
      if (node.parent === null) this.roots.push(node.id);
      else this.children[node.parent].push(node.id);
    }
    for (let i = n - 1; i >= 0; i--) {
      const p = this.nodes[i].parent;
      if (p !== null) this.size[p] += this.size[i];
    }
  }

  // The root that answered (the engine's last iteration).
  lastRoot() {
    return this.roots[this.roots.length - 1];
  }

  // The moves from the explained position to node i.
  moves(i) {
    const out = [];
    for (let k = i; this.nodes[k].parent !== null; k = this.nodes[k].parent) out.push(this.nodes[k].move);
    return out.reverse();
  }
}

export class View {
  constructor(tree, root) {
    this.tree = tree;
    this.root = root;
    this.end = root + tree.size[root];
    this.open = new Uint8Array(tree.nodes.length);
    this.events = [];
    this.enteredAt = new Int32Array(tree.nodes.length).fill(-1);
    this.doneAt = new Int32Array(tree.nodes.length).fill(-1);
    this.walk();
    // The whole search, done: stepping starts from the end or from the first event.
    this.step = this.events.length - 1;
    this.foldToBudget();
  }

  // The events of the search of this root, in order.
  walk() {
    const { nodes, children } = this.tree;
    const stack = [];
    const leave = () => {
      const top = stack.pop();
      this.doneAt[top] = this.events.length;
      this.events.push({ node: top, kind: "leave" });
    };
    for (let i = this.root; i < this.end; i++) {
      while (stack.length && stack[stack.length - 1] !== nodes[i].parent) leave();
      this.enteredAt[i] = this.events.length;
      if (children[i].length) {
        this.events.push({ node: i, kind: "enter" });
        stack.push(i);
      } else {
        this.doneAt[i] = this.events.length;
        this.events.push({ node: i, kind: "leaf" });
      }
    }
    while (stack.length) leave();
  }

  // "future" (not entered yet at the current step), "open" (being searched) or "done".
  state(i) {
    if (this.enteredAt[i] > this.step) return "future";
    return this.doneAt[i] <= this.step ? "done" : "open";
  }

  event() {
    return this.events[this.step];
  }

  // Drawn nodes: the root, and the children of drawn open nodes.
  visible() {
    const { nodes } = this.tree;
    const out = new Uint8Array(nodes.length);
    out[this.root] = 1;
    for (let i = this.root + 1; i < this.end; i++) {
      const p = nodes[i].parent;
      out[i] = out[p] && this.open[p] ? 1 : 0;
    }
    return out;
  }

  // Nodes and cut-off stubs drawn.
  drawnItems(visible = this.visible()) {
    let count = 0;
    for (let i = this.root; i < this.end; i++) {
      if (visible[i]) count += this.tree.nodes[i].cutoff ? 2 : 1;
    }
    return count;
  }

  drawnNodes(visible = this.visible()) {
    let count = 0;
    for (let i = this.root; i < this.end; i++) count += visible[i];
    return count;
  }

  // Opens every node above ply d, and the principal variation to its end.
  foldToPly(d) {
    const { nodes } = this.tree;
    for (let i = this.root; i < this.end; i++) {
      this.open[i] = nodes[i].ply - nodes[this.root].ply < d || nodes[i].pv ? 1 : 0;
    }
  }

  // The deepest ply that keeps the drawing within DRAW_BUDGET items (at least ply 1).
  foldToBudget() {
    const { nodes } = this.tree;
    let deepest = 0;
    for (let i = this.root; i < this.end; i++) deepest = Math.max(deepest, nodes[i].ply - nodes[this.root].ply);
    for (let d = deepest; d >= 1; d--) {
      this.foldToPly(d);
      if (d === 1 || this.drawnItems() <= DRAW_BUDGET) {
        this.shownPly = d;
        return;
      }
    }
    this.foldToPly(deepest);
    this.shownPly = deepest;
  }

  // Everything, when it is not too big to draw; false otherwise.
  unfoldAll() {
    if (this.end - this.root > UNFOLD_LIMIT) return false;
    this.open.fill(1, this.root, this.end);
    return true;
  }

  toggle(i) {
    this.open[i] = this.open[i] ? 0 : 1;
  }

  // Makes node i drawn: its ancestors open.
  reveal(i) {
    for (let p = this.tree.nodes[i].parent; p !== null; p = this.tree.nodes[p].parent) this.open[p] = 1;
  }

  goTo(step) {
    this.step = Math.max(0, Math.min(step, this.events.length - 1));
    this.reveal(this.events[this.step].node);
  }
}
