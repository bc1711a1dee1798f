// Small DOM helpers shared by the panels.

export const $ = (id) => document.getElementById(id);

// el("div", {class: "x", onclick: f}, child, "text", ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The one error line of the page (hidden when empty).
export function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

export function clearError() {
  showError("");
}

// 12345678 -> "12.3M"
export function compact(n) {
  if (n === null || n === undefined) return "–";
  const abs = Math.abs(n);
  if (abs >= 1e9) return (n / 1e9).toFixed(1) + "G";
  if (abs >= 1e6) return (n / 1e6).toFixed(1) + "M";
  if (abs >= 1e4) return (n / 1e3).toFixed(0) + "k";
  return String(n);
}
