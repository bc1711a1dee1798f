// The API client: one function per route of the server (README.md, "The web API").
// Every failure becomes an Error whose message is the server's one-line error.

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : `HTTP ${response.status}`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return body;
}

async function get(path, params) {
  const query = params ? "?" + new URLSearchParams(params).toString() : "";
  return answer(await fetch(path + query));
}

async function post(path, body, signal) {
  return answer(await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  }));
}

export const games = () => get("/api/games");
export const agents = (game) => get("/api/agents", { game });
export const checkAgent = (game, agent) => post("/api/agent", { game, agent });
export const limits = () => get("/api/limits");
export const position = (game, moves) => get("/api/position", { game, moves });
export const move = (game, moves, mv) => post("/api/move", { game, moves, move: mv });
export const analyse = (game, moves, time_ms, signal) =>
  post("/api/analyze", { game, moves, time_ms }, signal);
export const stop = (id) => post("/api/stop", { id });
export const explain = (body, signal) => post("/api/explain", body, signal);
export const tournament = () => get("/api/tournament");

// POST /api/think: calls onEvent(name, data) for each server-sent event (start, info, done,
// error) until the stream ends. Aborting `signal` closes the stream, which stops the search.
export async function think(body, onEvent, signal) {
  const response = await fetch("/api/think", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    await answer(response);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}
