"""The explain panel in a real browser: the tree it draws is the API's trace, node for node;
nodes fold and unfold; the search steps in visiting order; a node pointed at shows its board;
the node cap and bad input are said on the page.

The counts are checked against POST /api/explain, asked directly with the same body.
"""

import json
import os
import urllib.request
from urllib.parse import quote

import pytest

TREE = "[data-testid=explain-tree]"
ALGOS = ["minimax", "alphabeta", "alphabeta-soft", "ordered", "engine"]


def api_explain(server, body):
    request = urllib.request.Request(server + "/api/explain", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def open_position(page, server, game, moves):
    query = f"/?game={quote(game)}&p2=person"
    if moves:
        query += f"&moves={quote(moves)}"
    page.goto(server + query)
    page.wait_for_selector("#board svg")
    page.wait_for_selector("[data-testid=explain-eval] option", state="attached")


def explain(page, depth, algos):
    """Asks the panel for an explanation and waits for its tree (or its error)."""
    for a in ALGOS:
        page.set_checked(f"[data-testid=explain-algo-{a}]", a in algos)
    page.fill("[data-testid=explain-depth]", str(depth))
    page.click("[data-testid=explain]")
    page.wait_for_selector(f"{TREE} svg.tree-svg, [data-testid=explain-error]:not([hidden])",
                           timeout=60_000)


def drawn_ids(page):
    return sorted(int(i) for i in page.eval_on_selector_all(f"{TREE} g.enode", "gs => gs.map(g => g.dataset.id)"))


def node(page, i):
    return page.locator(f"{TREE} g.enode[data-id='{i}']")


def subtree(trace, i):
    """The ids of node i's subtree (the trace lists parents first)."""
    inside = {i}
    for n in trace[i + 1:]:
        if n["parent"] in inside:
            inside.add(n["id"])
    return inside


def test_the_tree_drawn_is_the_apis_trace(page, server):
    open_position(page, server, "connect4", "4453")
    explain(page, 2, ["minimax", "alphabeta"])
    answer = api_explain(server, {"game": "connect4", "moves": "4 4 5 3", "depth": 2,
                                  "algo": "minimax,alphabeta"})
    counts = {a["algorithm"]: a["nodes"] for a in answer["algorithms"]}
    # The summary table says the API's figures.
    for a in answer["algorithms"]:
        row = page.locator(f"[data-testid=explain-summary] tr[data-algo='{a['algorithm']}']")
        assert row.get_attribute("data-nodes") == str(a["nodes"])
        assert row.locator("td").nth(3).inner_text() == str(a["cutoffs"])
    # Small trees are drawn whole: one node element per traced node.
    assert drawn_ids(page) == list(range(counts["minimax"]))
    assert page.get_attribute(TREE, "data-drawn") == str(counts["minimax"])
    page.click("[data-testid=explain-summary] tr[data-algo='alphabeta']")
    page.wait_for_selector(f"{TREE}[data-algo='alphabeta']")
    assert len(drawn_ids(page)) == counts["alphabeta"]
    # Every cut-off is drawn as a greyed branch with its mark; the PV is bold.
    trace = answer["algorithms"][1]["trace"]
    cutoffs = sum(1 for n in trace if n["cutoff"])
    assert cutoffs > 0
    assert page.locator(f"{TREE} g.cut .cut-mark").count() == cutoffs
    pv = [n["id"] for n in trace if n["pv"]]
    assert sorted(int(i) for i in page.eval_on_selector_all(
        f"{TREE} g.enode.pv", "gs => gs.map(g => g.dataset.id)")) == pv


def test_a_big_tree_is_folded_and_unfolds_whole(page, server):
    open_position(page, server, "connect4", "4453")
    explain(page, 3, ["minimax"])
    total = api_explain(server, {"game": "connect4", "moves": "4453", "depth": 3,
                                 "algo": "minimax"})["algorithms"][0]["nodes"]
    assert total == 400
    drawn = len(drawn_ids(page))
    assert drawn < total, "400 nodes are folded to stay readable"
    assert page.locator(f"{TREE} g.enode.folded").count() > 0
    page.click("[data-testid=explain-unfold]")
    page.wait_for_function(f"() => document.querySelector('{TREE}').dataset.drawn === '{total}'")
    assert len(drawn_ids(page)) == total
    page.click("[data-testid=explain-fold]")
    page.wait_for_function(f"() => document.querySelector('{TREE}').dataset.drawn === '{drawn}'")


def test_a_click_folds_and_unfolds_a_subtree(page, server):
    open_position(page, server, "kalah", "")
    explain(page, 2, ["minimax"])
    trace = api_explain(server, {"game": "kalah", "depth": 2, "algo": "minimax"})["algorithms"][0]["trace"]
    assert len(drawn_ids(page)) == len(trace)
    inner = next(n["id"] for n in trace if n["parent"] == 0 and len(subtree(trace, n["id"])) > 1)
    below = subtree(trace, inner) - {inner}
    node(page, inner).click()
    page.wait_for_selector(f"{TREE} g.enode.folded[data-id='{inner}']")
    ids = set(drawn_ids(page))
    assert ids == set(range(len(trace))) - below
    assert node(page, inner).locator("text.fold").text_content() == f"+{len(below)}"
    node(page, inner).click()
    page.wait_for_selector(f"{TREE} g.enode[data-id='{inner}']:not(.folded)")
    assert len(drawn_ids(page)) == len(trace)


def test_stepping_follows_the_visiting_order(page, server):
    open_position(page, server, "connect4", "4453")
    explain(page, 2, ["alphabeta"])
    trace = api_explain(server, {"game": "connect4", "moves": "4453", "depth": 2,
                                 "algo": "alphabeta"})["algorithms"][0]["trace"]
    inner = {n["parent"] for n in trace if n["parent"] is not None}
    steps = len(trace) + len(inner)  # each node entered; inner nodes also return
    assert page.inner_text("[data-testid=explain-step]") == f"step {steps} of {steps}"
    assert page.locator(f"{TREE} g.enode[data-state='done']").count() == len(trace)
    page.click("[data-testid=explain-first]")
    page.wait_for_selector(f"{TREE} svg[data-step='0']")
    assert "#0 MAX (the root): searched" in page.inner_text("[data-testid=explain-step-text]")
    assert page.locator(f"{TREE} g.enode[data-state='future']").count() == len(trace) - 1
    # Forward: the nodes are entered in visiting order, each leaf done when visited.
    seen = []
    for step in range(1, 12):
        page.click("[data-testid=explain-next]")
        page.wait_for_selector(f"{TREE} svg[data-step='{step}']")
        current = int(page.get_attribute(f"{TREE} g.enode.current", "data-id"))
        text = page.inner_text("[data-testid=explain-step-text]")
        if "returns" not in text:
            seen.append(current)
            assert node(page, current).get_attribute("data-state") in ("open", "done")
    assert seen == list(range(1, len(seen) + 1)), seen
    page.click("[data-testid=explain-prev]")
    page.wait_for_selector(f"{TREE} svg[data-step='10']")
    # The slider goes anywhere; at its end the root returns the API's value.
    page.eval_on_selector("[data-testid=explain-slider]",
                          "s => { s.value = s.max; s.dispatchEvent(new Event('input')); }")
    page.wait_for_selector(f"{TREE} svg[data-step='{steps - 1}']")
    assert "#0 MAX (the root) returns" in page.inner_text("[data-testid=explain-step-text]")


def test_pointing_at_a_node_shows_its_board(page, server):
    open_position(page, server, "connect4", "4453")
    explain(page, 2, ["minimax"])
    trace = api_explain(server, {"game": "connect4", "moves": "4453", "depth": 2,
                                 "algo": "minimax"})["algorithms"][0]["trace"]
    leaf = next(n for n in trace if n["ply"] == 2 and n["path"] == "12")
    node(page, leaf["id"]).hover()
    board = page.locator("[data-testid=explain-board]")
    page.wait_for_selector(f"[data-testid=explain-node][data-id='{leaf['id']}']")
    assert board.get_attribute("data-moves") == "4 4 5 3 1 2"
    page.wait_for_selector("[data-testid=explain-board] svg")
    assert board.locator("circle.disc").count() == 6
    # Column 1 and column 2 each got a disc on the bottom row.
    assert board.locator("circle.disc[data-cell='1,1']").count() == 1
    assert board.locator("circle.disc[data-cell='2,1']").count() == 1
    assert page.locator("[data-testid=explain-node]").inner_text().count(str(leaf["eval"])) >= 1


def test_kalah_extra_turn_is_max_under_max_and_a_boom_is_a_move(page, server):
    open_position(page, server, "kalah", "")
    explain(page, 2, ["minimax"])
    trace = api_explain(server, {"game": "kalah", "depth": 2, "algo": "minimax"})["algorithms"][0]["trace"]
    twice = [n for n in trace if n["parent"] is not None and n["max"] and trace[n["parent"]]["max"]]
    assert twice, "the start of Kalah has an extra turn"
    for n in twice:
        assert "max" in node(page, n["id"]).get_attribute("class").split()
        assert "max" in node(page, n["parent"]).get_attribute("class").split()
    open_position(page, server, "desconecta4boom", "1234567123")
    explain(page, 2, ["alphabeta"])
    trace = api_explain(server, {"game": "desconecta4boom", "moves": "1234567123", "depth": 2,
                                 "algo": "alphabeta"})["algorithms"][0]["trace"]
    boom = next(n for n in trace if n["path"] == "b")
    assert "min" in node(page, boom["id"]).get_attribute("class").split()


def test_hex_and_the_engines_iterations(page, server):
    open_position(page, server, "hex(size=3)", "b2")
    explain(page, 3, ["engine"])
    answer = api_explain(server, {"game": "hex(size=3)", "moves": "b2", "depth": 3, "algo": "engine"})
    trace = answer["algorithms"][0]["trace"]
    roots = [n["id"] for n in trace if n["parent"] is None]
    assert len(roots) == 3
    # The last iteration is drawn first; each can be picked.
    assert page.get_attribute(TREE, "data-total") == str(len(trace) - roots[-1])
    page.select_option("[data-testid=explain-iteration]", str(roots[0]))
    page.wait_for_function(f"() => document.querySelector('{TREE}').dataset.total === '{roots[1]}'")
    assert drawn_ids(page) == list(range(roots[1]))


def test_the_node_cap_and_bad_input_are_said_on_the_page(page, server):
    open_position(page, server, "connect4", "")
    explain(page, 7, ["minimax"])
    error = page.inner_text("[data-testid=explain-error]")
    assert "more than 50,000 nodes" in error and "--max-explain-nodes" in error, error
    assert page.locator(f"{TREE}").count() == 0
    # A small search afterwards works, and a bad depth is refused with the server's words.
    explain(page, 1, ["minimax"])
    assert page.locator("[data-testid=explain-error]").is_hidden()
    assert len(drawn_ids(page)) == 8
    # Depth 0 is stopped by the form itself, with the browser's message.
    page.fill("[data-testid=explain-depth]", "0")
    page.click("[data-testid=explain]")
    assert page.eval_on_selector("[data-testid=explain-depth]", "i => i.validity.rangeUnderflow")
    assert page.locator("[data-testid=explain-error]").is_hidden()
    # A finished game has nothing to search: the server's words.
    open_position(page, server, "connect4", "1213141")
    explain(page, 2, ["minimax"])
    assert "the game is over" in page.inner_text("[data-testid=explain-error]")


def test_screenshot_of_the_explain_panel(page, server):
    """The panel part way through an alpha-beta search; saved to PODA_SCREENSHOTS when set."""
    open_position(page, server, "connect4", "4453")
    explain(page, 3, ["minimax", "alphabeta"])
    page.click("[data-testid=explain-summary] tr[data-algo='alphabeta']")
    page.wait_for_selector(f"{TREE}[data-algo='alphabeta']")
    page.click("[data-testid=explain-first]")
    for step in range(1, 41):
        page.click("[data-testid=explain-next]")
    page.wait_for_selector(f"{TREE} svg[data-step='40']")
    page.wait_for_selector("[data-testid=explain-board] svg")
    folder = os.environ.get("PODA_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.locator("#panel-explain").screenshot(path=os.path.join(folder, "explain.png"))
    assert page.locator(f"{TREE} g.enode.current").count() == 1
