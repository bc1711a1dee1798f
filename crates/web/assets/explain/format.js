// Values and nodes of a trace in words, as `poda explain --format text` writes them
// (crates/cli/src/cmd/explain/text.rs): values are for the root player (MAX).

// poda_core::Score's encoding: a win in n plies is WIN - n, a loss -(WIN - n); the open
// bounds of a full window are +-(WIN + 1).
const WIN = 1_000_000_000;
const MAX_PLIES = 1_000_000;

export function valueText(v) {
  if (v === null || v === undefined) return "–";
  if (v > WIN) return "+∞";
  if (v < -WIN) return "−∞";
  if (v > WIN - MAX_PLIES - 1) return `W${WIN - v}`;
  if (v < -(WIN - MAX_PLIES - 1)) return `L${WIN + v}`;
  return v > 0 ? `+${v}` : String(v);
}

export function kind(n) {
  return n.terminal ? "END" : n.max ? "MAX" : "MIN";
}

// Why a node cut off: a MAX node reached beta, a MIN node fell to alpha.
export function cutReason(n) {
  return n.max
    ? `${valueText(n.value)} ≥ β ${valueText(n.beta)}`
    : `${valueText(n.value)} ≤ α ${valueText(n.alpha)}`;
}

// The bound shown at a cut's mark.
export function cutBound(n) {
  return n.max ? `β ${valueText(n.beta)}` : `α ${valueText(n.alpha)}`;
}

// 50000 -> "50,000"
export function thousands(n) {
  return Number(n).toLocaleString("en-US");
}
