"""End to end: a person plays, watches and analyses in a real browser (headless Chromium).

Each test opens the page of `poda serve` and acts as a person would: clicks on the board,
the buttons, the links. The board element exposes what a script needs to know
(data-legal, data-to-move, data-turn, data-moves), so the person can pick a legal move.
"""

import os
import time
from urllib.parse import quote

import pytest

GAMES = {
    # game spec: the agent the person plays against
    "connect4": "best(movetime=100ms)",
    "desconecta4boom": "best(movetime=100ms)",
    "hex": "best(movetime=100ms)",
    "kalah": "best(movetime=100ms)",
}
LONG = 120_000  # ms: a whole game on a loaded machine


def board(page):
    return page.locator("#board")


def attr(page, name):
    return board(page).get_attribute(f"data-{name}")


def wait_turn(page, *turns, timeout=LONG):
    """Waits until the board's data-turn is one of `turns` and returns it."""
    condition = " || ".join(f"b.dataset.turn === '{t}'" for t in turns)
    page.wait_for_function(f"() => {{ const b = document.getElementById('board'); return {condition}; }}",
                           timeout=timeout)
    return attr(page, "turn")


def click_move(page, move):
    """Clicks where a person would to play `move` (the game's notation)."""
    game = attr(page, "game")
    if move == "b":
        page.click("[data-testid=boom]")
    elif move == "swap":
        page.click("[data-testid=swap]")
    elif game.startswith("hex"):
        page.click(f"polygon.hex-cell[data-cell='{move}']")
    elif game.startswith(("kalah", "mancala")):
        page.click(f"g.pit[data-pit='{attr(page, 'to-move')},{move}']")
    else:
        page.click(f"rect.column-hit[data-col='{move}']")


def open_game(page, server, game, moves="", **seats):
    query = f"/?game={quote(game)}"
    if moves:
        query += f"&moves={quote(moves)}"
    for seat, spec in seats.items():
        query += f"&{seat}={quote(spec)}"
    page.goto(server + query)
    page.wait_for_selector("#board svg")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_person_plays_a_whole_game_by_clicking(page, server, game):
    open_game(page, server, game, p2=GAMES[game])
    clicks = 0
    while wait_turn(page, "person", "over") == "person":
        plies = int(attr(page, "ply"))
        legal = attr(page, "legal").split()
        # The person plays the first legal move (BOOM last: it keeps the game short).
        move = next((m for m in legal if m != "b"), legal[0])
        click_move(page, move)
        page.wait_for_function(f"() => Number(document.getElementById('board').dataset.ply) > {plies}",
                               timeout=LONG)
        clicks += 1
        assert clicks < 600, "the game should end"
    banner = page.locator("#banner")
    assert "result" in banner.get_attribute("class")
    text = banner.inner_text()
    assert any(r in text for r in ("1-0", "0-1", "1/2-1/2", "cap")), text
    assert clicks > 0


def test_two_agents_watched_to_the_end(page, server):
    open_game(page, server, "connect4", p1="engine(movetime=30ms)", p2="random")
    assert attr(page, "turn") == "agent", "two agents wait for Play"
    page.click("[data-testid=play-pause]")
    wait_turn(page, "over")
    assert "result" in page.locator("#banner").get_attribute("class")
    assert int(attr(page, "ply")) >= 7
    # Step back through the game and forward again.
    page.click("[data-testid=back]")
    page.wait_for_selector("#movelist .ply.ahead")
    assert page.locator("#movelist .ply.ahead").count() == 1


def test_connect4_heat_map_shows_exact_scores(page, server):
    # `poda solve connect4 4453 --analyze`: -5 -5 -2 -3 -4 -2 -2; the empty board -2 -1 0 1 0 -1 -2.
    for moves, want in [("4453", ["-5", "-5", "-2", "-3", "-4", "-2", "-2"]),
                        ("", ["-2", "-1", "0", "+1", "0", "-1", "-2"])]:
        open_game(page, server, "connect4", moves, p2="person")
        page.click("[data-testid=analyse]")
        page.wait_for_selector("#board g.badge", timeout=30_000)
        scores = [page.locator(f"#board g.badge[data-move='{c}']").get_attribute("data-score")
                  for c in range(1, 8)]
        assert scores == want
        assert page.locator("#analysis td.exact").count() == 7
        assert page.locator("#analysis td.estimated").count() == 0


def test_an_illegal_click_changes_nothing_and_says_why(page, server):
    open_game(page, server, "connect4", "444444", p2="person")
    before = page.locator("#board svg").inner_html()
    click_move(page, "4")
    page.wait_for_selector("[data-testid=error]:not([hidden])")
    assert "not legal" in page.locator("[data-testid=error]").inner_text()
    assert attr(page, "moves") == "444444"
    assert page.locator("#board svg").inner_html() == before


def test_a_shared_url_reloads_the_same_position(page, server, browser):
    open_game(page, server, "hex(size=7)", p2="person")
    for move in ["d4", "c5", "e3"]:
        click_move(page, move)
        page.wait_for_function(f"() => document.getElementById('board').dataset.moves.includes('{move}')")
    url = page.url
    assert "moves=" in url
    other = browser.new_page()
    other.goto(url)
    other.wait_for_selector("#board svg")
    assert other.locator("#board").get_attribute("data-moves") == attr(page, "moves")
    assert other.locator("#board circle.stone").count() == 3
    other.close()


@pytest.mark.parametrize("query, words", [
    ("?game=chess", "chess"),
    ("?game=connect4&moves=4499", "moves"),
    ("?game=hex(size=99)", "size"),
    ("?game=kalah&ply=x", "ply"),
])
def test_a_bad_url_parameter_shows_an_error_not_a_blank_page(page, server, query, words):
    page.goto(server + "/" + query)
    page.wait_for_selector("[data-testid=error]:not([hidden])")
    assert words in page.locator("[data-testid=error]").inner_text()
    page.wait_for_selector("#board svg")
    assert page.locator("#banner").inner_text().strip()


def test_a_wrong_agent_spec_is_shown_under_its_seat(page, server):
    open_game(page, server, "connect4")
    page.fill("[data-testid=seat-spec-1]", "alphabeta(depth=banana)")
    page.dispatch_event("[data-testid=seat-spec-1]", "change")
    page.wait_for_selector("[data-testid=seat-error-1]:not([hidden])")
    assert "depth" in page.locator("[data-testid=seat-error-1]").inner_text()
    page.fill("[data-testid=seat-spec-1]", "alphabeta(depth=2)")
    page.dispatch_event("[data-testid=seat-spec-1]", "change")
    page.wait_for_selector("[data-testid=seat-error-1]", state="hidden")


def test_thinking_updates_during_a_one_second_search(page, server):
    # The observer is installed before the page's own scripts run, and the page opens with the
    # timed engine in the first seat, so the only search is that one. (Switching a seat from
    # person to agent starts the default `best` at once, whose instant book answer could end
    # the move before the spec is changed.)
    page.add_init_script("""
        window.updates = [];
        new MutationObserver((records) => {
            for (const r of records) {
                if (r.target.id !== 'thinking-panel') continue;
                window.updates.push([performance.now(), r.target.dataset.updates, r.target.dataset.state]);
            }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-updates', 'data-state'] });
    """)
    page.goto(server + "/?game=connect4&p1=" + quote("engine(movetime=1s)") + "&p2=person")
    page.wait_for_function("() => document.getElementById('thinking-panel').dataset.state === 'done'", timeout=30_000)
    updates = page.evaluate("window.updates")
    during = {u[1] for u in updates if u[2] == "thinking" and u[1] not in (None, "0")}
    assert len(during) >= 2, updates
    assert page.locator("[data-testid=think-depth]").inner_text() != "–"


def test_stop_makes_the_agent_move_at_once(page, server):
    page.goto(server + "/?game=hex&p1=" + quote("engine(movetime=10s)") + "&p2=person")
    page.wait_for_function("() => document.getElementById('thinking-panel').dataset.state === 'thinking'")
    page.wait_for_timeout(300)
    began = time.monotonic()
    page.click("[data-testid=stop]")
    page.wait_for_function("() => document.getElementById('board').dataset.ply === '1'", timeout=9_000)
    assert time.monotonic() - began < 5, "the agent moved long before its 10 s"
    assert "stopped" in page.locator("[data-testid=think-status]").inner_text()


def wait_ply(page, ply):
    page.wait_for_function(f"() => document.getElementById('board').dataset.ply === '{ply}'")


def test_undo_redo_and_jump(page, server):
    open_game(page, server, "kalah", "4 1 2", p2="person")
    assert attr(page, "ply") == "3"
    page.click("[data-testid=undo]")
    wait_ply(page, 2)
    page.click("[data-testid=redo]")
    wait_ply(page, 3)
    page.click("#movelist li[data-ply='1']")
    wait_ply(page, 1)
    assert page.locator("#movelist .ply.ahead").count() == 2
    # Another move from there drops the moves ahead (the line's own move keeps them).
    click_move(page, "2")
    wait_ply(page, 2)
    assert page.locator("#movelist .ply.ahead").count() == 0


def test_import_a_move_string(page, server):
    open_game(page, server, "connect4", p2="person")
    page.fill("[data-testid=line]", "4453")
    page.click("[data-testid=load]")
    page.wait_for_function("() => document.getElementById('board').dataset.moves === '4453'")
    page.fill("[data-testid=line]", "44x")
    page.click("[data-testid=load]")
    page.wait_for_selector("[data-testid=error]:not([hidden])")
    assert attr(page, "moves") == "4453"


def test_the_tournament_view_replays_a_game(page, tournament_server):
    page.goto(tournament_server + "/?view=tournament")
    page.wait_for_selector("[data-testid=ratings]")
    assert page.locator("[data-testid=ratings] tr").count() == 4  # header and three agents
    assert page.locator("[data-testid=cross-table] tr").count() == 4
    page.locator("#tournament tr.game-row").first.click()
    page.wait_for_selector("#play-view:not([hidden]) #board svg")
    # The play view shows at once; the replayed game loads from the server just after.
    page.wait_for_function("() => document.getElementById('banner').textContent.includes('replay')")
    assert attr(page, "ply") == "0"
    page.click("[data-testid=forward]")
    wait_ply(page, 1)


SCREENSHOTS = {
    "connect4": ("connect4", "4453", "person"),
    "desconecta4boom": ("desconecta4boom", "1234567123", "person"),
    "hex": ("hex", "f6 e7 g4", "person"),
    "kalah": ("kalah", "4 1 3", "person"),
}


@pytest.mark.parametrize("name", list(SCREENSHOTS))
def test_screenshot_of_each_game(page, server, name):
    """Each game's page with its analysis; saved to PODA_SCREENSHOTS (a folder) when set."""
    game, moves, p2 = SCREENSHOTS[name]
    open_game(page, server, game, moves, p2=p2)
    page.click("[data-testid=analyse]")
    page.wait_for_function("() => document.getElementById('analysis-panel').dataset.state === 'done'",
                           timeout=30_000)
    folder = os.environ.get("PODA_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"))
    assert page.locator("#analysis tr[data-move]").count() == len(attr(page, "legal").split())
