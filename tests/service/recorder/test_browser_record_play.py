"""Play by play on a phone in headless Chromium: a huangyan hand entered tap by tap (the deal, the
得 indicator, a discard, a draw, a discard that is not in the hand and its undo, a win on the
discard), the hands and the anomaly shown live as the engine has them, the payments as an upload
of the same play would expect them, and the hand saved once, through the outbox, as its full
records.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from engine.replay import replay
from events.codec import parse_log
from tests.service.conftest import FIXTURES, phone_at_table, stored_records

pytestmark = pytest.mark.browser

CLEAN = parse_log((FIXTURES / "replay/clean.jsonl").read_bytes()).records


def _keys(page, tiles) -> None:
    for t in tiles:
        page.click(f"#play-keys .key[data-t='{t}']")


def _tiles(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(f"{selector} .tile", "els => els.map(e => e.dataset.t)")


def test_a_hand_played_tap_by_tap_is_judged_live_and_saved_in_full(app, live, browser, shots):
    context, page, errors, session_id = phone_at_table(browser, live, "huangyan", "1")
    page.click("#play-toggle")
    assert page.is_visible("#play") and not page.is_visible("#win-box")
    assert not page.is_visible("#keyboard") and not page.is_visible("#save")

    # the deal, seat after seat (the page moves on when a seat has its tiles), then the 得
    deal = {r["seat"]: r["tiles"] for r in CLEAN if r["type"] == "deal"}
    for seat in "ESWN":
        page.wait_for_selector(f"#play-seat button.on[data-seat={seat}]")
        _keys(page, deal[seat])
    assert page.text_content("#play-keys .key[data-t='1m'] small") == "0"  # E 111m, N 1m
    assert page.is_disabled("#play-keys .key[data-t='1m']")
    assert page.get_attribute("#play-acts .tgt.on", "data-act") == "indicator"
    _keys(page, ["5z"])
    page.wait_for_selector("#play-acts .tgt.on[data-act=discard]")
    _keys(page, ["5s"])  # E discards; S is to draw
    page.wait_for_selector("#play-seat button.on[data-seat=S]")
    _keys(page, ["9p"])  # S draws 9p
    _keys(page, ["9s"])  # and "discards" 9s, which S does not hold
    page.wait_for_selector("#play-problems li[data-code=discard_not_in_hand]")
    assert "打出手里没有的牌" in page.text_content("#play-problems")
    assert page.eval_on_selector_all("#play-taps li.bad", "els => els.length") == 1
    page.screenshot(path=shots / "recorder-play-anomaly.png", full_page=True)
    page.click("#play-undo")
    page.wait_for_function("!document.querySelector('#play-problems li')")
    _keys(page, ["9p"])
    page.wait_for_selector("#play-seat button.on[data-seat=W]")
    expected = replay(CLEAN).hands[0].state_at(9)  # the table after S's discard
    page.wait_for_function("document.querySelectorAll('#play-hand-S .discards .tile').length == 1")
    for seat in "ESWN":
        assert _tiles(page, f"#play-hand-{seat} .concealed") == list(expected.concealed[seat])

    # E wins on S's 9p: the live verdict and the payments of the same play uploaded
    page.click("#play-seat button[data-seat=E]")
    page.click("#play-acts .tgt[data-act=discard_win]")
    page.wait_for_function("document.getElementById('verdict').textContent.includes('成胡')")
    audit = audit_records(CLEAN)["hands"][0]
    page.wait_for_selector("#payments .amount")
    amounts = page.eval_on_selector_all("#payments .amount", "els => els.map(e => +e.value)")
    assert amounts == [p["amount"] for p in audit["expected_payments"]]
    page.screenshot(path=shots / "recorder-play.png", full_page=True)

    # saved through the outbox while offline: stored once, as the full records, when back online
    context.set_offline(True)
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('待上传')")
    assert len(stored_records(app, session_id)) == 1
    context.set_offline(False)
    page.wait_for_function(
        "document.getElementById('outbox').textContent.includes('已全部保存')", timeout=20_000
    )
    records = stored_records(app, session_id)
    assert [r["type"] for r in records] == [
        "session", "hand", "deal", "deal", "deal", "deal", "wildcard",
        "discard", "draw", "discard", "win",
        "showdown", "showdown", "showdown", "showdown", "settlement",
    ]  # fmt: skip
    assert records[2:11] == CLEAN[3:12]  # the fixture's play (it also has dice)
    assert [p["amount"] for p in records[-1]["payments"]] == amounts
    page.wait_for_selector("#saved li[data-no='1']")
    assert not page.is_visible("#play") and page.is_visible("#win-box")  # the next hand: a summary

    # 更正 brings the saved hand back tap by tap (a correction keeps its taps, changes tiles)
    page.click("#saved li[data-no='1'] button")
    page.wait_for_selector("#play-taps li >> nth=3")
    assert page.is_visible("#play") and "放炮" in page.text_content("#play-taps li >> nth=3")
    page.wait_for_function("document.getElementById('verdict').textContent.includes('成胡')")
    page.click("#clear")
    page.wait_for_selector("#play", state="hidden")
    assert errors == []


ACT = {"reveal": "reveal", "discard": "discard", "chi": "chi", "peng": "peng"}
WIN_ACT = {"discard": "discard_win", "self_draw": "self_draw", "robbed_kong": "robbed_kong",
           "instant": "instant"}  # fmt: skip


def _tap(page, tap: dict) -> None:
    """One tap of a play as a player enters it: the seat, the action, the tile(s)."""
    if tap["type"] == "exhausted":
        page.click("#play-exhausted")
        return
    page.click(f"#play-seat button[data-seat={tap['seat']}]")
    if tap["type"] == "draw":
        act = "back" if tap.get("from") == "back" else "draw"
    elif tap["type"] == "gang":
        act = "gang_" + tap["kind"]
    elif tap["type"] == "win":
        act = WIN_ACT[tap["how"]]
    else:
        act = ACT[tap["type"]]
    page.click(f"#play-acts .tgt[data-act={act}]")
    if act in ("peng", "gang_exposed") or tap["type"] == "win":
        return
    _keys(page, tap.get("tiles") or [tap["tile"]])


@pytest.mark.parametrize("seed", [6, 8])
def test_a_simulated_wenling_hand_tapped_in_is_stored_as_its_log(app, live, browser, seed):
    """Reveals and back draws, 吃, 碰, every kind of 杠, a win: the page's taps give exactly the
    simulated log's records."""
    from engine.simulate.session import generate_session
    from service.recorder.play import play_of

    sim, _ = generate_session("wenling", 1, seed=seed)
    hand = replay(sim).hands[0]
    play = play_of(hand)
    context, page, errors, session_id = phone_at_table(
        browser, live, "wenling", "2", players=list(hand.outcome.seats.values())
    )
    page.click("#play-toggle")
    for seat in "ESWN":
        page.click(f"#play-seat button[data-seat={seat}]")
        _keys(page, play["deal"][seat])
    page.click("#play-acts .tgt[data-act=indicator]")
    _keys(page, [play["indicator"]])
    for tap in play["taps"]:
        _tap(page, tap)
    page.wait_for_selector("#save", state="visible")
    page.wait_for_selector("#payments .amount")
    problems = page.eval_on_selector_all("#play-problems li", "els => els.map(e => e.textContent)")
    assert problems == []  # each names its tap: "#14 南 … 打 发: 不按顺序"
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    stored = stored_records(app, session_id)
    kept = ("showdown", "settlement", "hand", "session", "dice")  # the page asks for no dice
    assert [r for r in stored if r["type"] not in kept] == [r for r in sim if r["type"] not in kept]
    assert errors == []


@pytest.mark.parametrize(
    ("target", "applied"),
    [
        (
            "#play-keys .key[data-t='1m']",
            "window.FupanRecorder.state().entry.play.deal.E[0] === '1m'",
        ),
        (
            "#play-seat button[data-seat=W]",
            "!!document.querySelector('#play-seat button.on[data-seat=W]')",
        ),
    ],
)
def test_a_tap_held_while_the_engine_answers_is_not_lost(app, live, browser, target, applied):
    """A slow phone: the finger is down on a key (or a seat) when the engine's answer about the
    play so far arrives and the page redraws; lifting the finger still counts the tap."""
    context, page, errors, _ = phone_at_table(browser, live, "wenling", "3")
    held = []
    page.route("**/api/v1/record/play", lambda route: held.append(route))
    page.click("#play-toggle")
    box = page.locator(target).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(400)  # the page asks the engine 150 ms after a change
    assert held, "the page did not ask the engine"
    page.mouse.down()
    held.pop().continue_()
    page.wait_for_selector("#play-hand-E .discards", state="attached")  # the answer is drawn
    page.mouse.up()
    page.wait_for_function(applied, timeout=2_000)
    assert errors == []
