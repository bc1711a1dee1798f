// Where the drawn nodes go: each drawn leaf, and each cut-off's stub (the moves never
// searched), takes the next slot from left to right, and a parent sits midway between its
// first and last child: Wetherell and Shannon's tidy drawing ("Tidy drawings of trees", IEEE
// TSE 5, 1979) without their compaction, as `poda explain --format svg` lays trees out.

// Returns {x: Map id -> slot centre, stubs: [{node, x}], slots: width in slots}.
export function layout(view, visible) {
  const { nodes, children } = view.tree;
  const out = { x: new Map(), stubs: [], slots: 0 };
  const place = (i) => {
    const shown = children[i].filter((c) => visible[c]);
    let x;
    if (!shown.length) {
      out.slots += 1;
      x = out.slots - 0.5;
      if (nodes[i].cutoff) {
        // A folded node keeps its cut-off in sight: the stub takes the next slot.
        out.slots += 1;
        out.stubs.push({ node: i, x: out.slots - 0.5 });
      }
    } else {
      const first = place(shown[0]);
      let last = first;
      for (const c of shown.slice(1)) last = place(c);
      if (nodes[i].cutoff) {
        out.slots += 1;
        last = out.slots - 0.5;
        out.stubs.push({ node: i, x: last });
      }
      x = (first + last) / 2;
    }
    out.x.set(i, x);
    return x;
  };
  place(view.root);
  return out;
}
