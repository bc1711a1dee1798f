"""Enumerates Kalah(6,4) opening lines, one per distinct position.

Usage: python3 enumerate_openings.py PLIES    (or `perft`: prints perft 1..5: 6 35 185 942 4690)

Prints `<moves> <board> <to move>` for the first line (in the order pit 1..6 at each ply) that
reaches each distinct position after PLIES plies (an extra turn is a ply, so the same player
may move twice in a row), skipping positions where the game is over. The board is `poda show`'s
string (store then P1..P6 of J1 / of J2). The rules are those of rules/mancala.md (standard
capture); the board strings were checked against `poda show --json` on every third 4-ply line."""
import sys, json
M, N = 6, 4
def start():
    # board[p][0]=store, board[p][k]=pit Pk (P1 next to store), to_move 0/1
    return ([[0]+[N]*M, [0]+[N]*M], 0)
def legal(pos):
    b, t = pos
    if over(pos): return []
    return [k for k in range(1, M+1) if b[t][k] > 0]
def over(pos):
    b, t = pos
    return all(x == 0 for x in b[0][1:]) or all(x == 0 for x in b[1][1:])
def play(pos, k):
    b, t = pos
    b = [b[0][:], b[1][:]]
    s = b[t][k]; b[t][k] = 0
    # ring: own P(k-1)..P1, own store, opp Pm..P1, own Pm..
    side, idx = t, k
    while s > 0:
        # advance
        if side == t:
            if idx > 1: idx -= 1
            elif idx == 1: idx = 0  # own store
            else:  # from own store go to opponent Pm
                side, idx = 1-t, M
        else:
            if idx > 1: idx -= 1
            else: side, idx = t, M  # skip opponent store
        b[side][idx] += 1; s -= 1
    nt = 1 - t
    if side == t and idx == 0:
        nt = t
    elif side == t and idx >= 1 and b[t][idx] == 1 and b[1-t][M+1-idx] > 0:
        b[t][0] += 1 + b[1-t][M+1-idx]; b[t][idx] = 0; b[1-t][M+1-idx] = 0
    if all(x == 0 for x in b[0][1:]) or all(x == 0 for x in b[1][1:]):
        for p in (0, 1):
            b[p][0] += sum(b[p][1:]);
            for i in range(1, M+1): b[p][i] = 0
    return (b, nt)
def key(pos):
    b, t = pos
    return (tuple(b[0]), tuple(b[1]), t)
def lines(plies):
    out = [("", start())]
    for _ in range(plies):
        nxt = []
        for line, pos in out:
            for k in legal(pos):
                nxt.append((line+str(k), play(pos, k)))
        out = nxt
    return out
if __name__ == "__main__":
    if sys.argv[1] == "perft":
        for d in range(1, 6): print(d, len(lines(d)))
    else:
        d = int(sys.argv[1])
        seen = {}
        for line, pos in lines(d):
            if over(pos): continue
            seen.setdefault(key(pos), line)
        for k, line in seen.items():
            b, t = k[0], k[1]
            print(line, ",".join(map(str, k[0])) + "/" + ",".join(map(str, k[1])), k[2]+1)
