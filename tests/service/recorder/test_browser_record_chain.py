"""杠上杠 on the recorder's form (docs/recorder.md): a 暗杠 or 加杠 entered right after another kong
of the seat offers a toggle, "made on the replacement of the kong before" (the entry's meld
``on_replacement``, docs/log-format.md), and nowhere else. Toggled, the payments shown before
anyone pays are the full log's of the same hand: 北 明杠s 南's 5p, 暗杠s its fourth 7s drawn as
the replacement and wins 5m on the second replacement.

  zhoushan "抓别人的牌开杠，补牌后成胡，被开杠那家付3家": 杠上开花 2 + 坎张 1 = 3台, 南 pays 3 × 3 = 9;
           read as 北's own 暗杠 (no toggle) each seat pays 3.
  xizhou   "送杠胡：接他人点杠并扛开" 1 + 嵌倒 1 + 自摸 1 = 3台, "点杠玩家需付胡家5M": 南 pays 15;
           read as 北's own 暗杠 (杠开 1 + 嵌倒 1 + 自摸 1) each seat pays M = 3.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.engine.rulesets import play_log
from tests.engine.rulesets.test_summary_kong_chain import BLOOM_DEALS, CHAIN
from tests.service.app.test_browser_pages import AXE, AXE_RUN
from tests.service.conftest import phone_at_table, stored_records
from tests.service.conftest import tap_tiles as _keys

pytestmark = pytest.mark.browser

TOGGLE = "#entered .chain input"
PAID = """() => [...document.querySelectorAll('#payments .pay')].map(r =>
  [...r.querySelectorAll('select')].map(s => s.value).concat([+r.querySelector('.amount').value]))"""


def _payments(page, expected: dict, timeout: float = 15.0) -> dict:
    """The payments the page shows, {(from, to): amount}, once they are ``expected``."""
    shown: dict = {}
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        shown = {(a, b): n for a, b, n in page.evaluate(PAID)}
        if shown == expected:
            break
        page.wait_for_timeout(150)
    return shown


def _meld(page, target: str, tile: str, meld_from: str | None = None) -> None:
    page.click(f".tgt[data-target={target}]")
    if meld_from:
        page.click(f"#meld-from button[data-seat={meld_from}]")
    _keys(page, tile)


def _draft_melds(page, session_id: str) -> list[dict]:
    draft = json.loads(page.evaluate(f"localStorage.getItem('fupan-rec-draft-{session_id}')"))
    return draft["entry"]["shows"]["N"]["melds"]


@pytest.mark.parametrize(
    ("ruleset", "table", "chained", "unchained"),
    [
        ("zhoushan", "21", {("S", "N"): 9}, {("E", "N"): 3, ("S", "N"): 3, ("W", "N"): 3}),
        ("xizhou", "22", {("S", "N"): 15}, {("E", "N"): 3, ("S", "N"): 3, ("W", "N"): 3}),
    ],
)
def test_a_kong_on_a_kongs_replacement_is_toggled_and_paid_as_the_full_log(
    app, live, browser, shots, ruleset, table, chained, unchained
):
    full = play_log.audited(play_log.full_log(ruleset, BLOOM_DEALS, f"{CHAIN} N*5m N:zimo:5m"))
    assert play_log.flows(full) == chained  # the seed's numbers are the full log's
    context, page, errors, session_id = phone_at_table(browser, live, ruleset, table)
    page.click("#winner button[data-seat=N]")
    page.click("#how button[data-how=self_draw]")
    page.click("#flags-box summary")
    page.click("#flags button[data-flag=kong_replacement]")
    _keys(page, "123m46m99s")
    page.click(".tgt[data-target=win]")
    _keys(page, "5m")

    if ruleset == "zhoushan":  # where it cannot apply, there is no toggle
        _meld(page, "gang_concealed", "7s")  # a first kong: nothing before it
        assert page.locator(TOGGLE).count() == 0
        page.click("#entered .meld")  # taken out
        _meld(page, "peng", "1z", "W")
        _meld(page, "gang_concealed", "7s")  # after a 碰
        assert page.locator(TOGGLE).count() == 0
        page.click("#entered .meld >> nth=1")
        page.click("#entered .meld")
        _meld(page, "gang_concealed", "7s")
        _meld(page, "gang_exposed", "1z", "W")  # a 明杠 takes a discard, never a replacement
        assert page.locator(TOGGLE).count() == 0
        page.click("#entered .meld >> nth=1")
        page.click("#entered .meld")
        assert page.locator("#entered .meld").count() == 0

    _meld(page, "gang_exposed", "5p", "S")
    assert page.locator(TOGGLE).count() == 0
    _meld(page, "gang_concealed", "7s")
    toggle = page.get_by_role("checkbox", name="杠上杠（在上一杠的补牌上开的杠）")
    assert toggle.count() == 1 and not toggle.is_checked()
    assert _payments(page, unchained) == unchained  # read as 北's own 暗杠

    toggle.focus()
    page.keyboard.press("Space")  # the keyboard toggles it
    assert toggle.is_checked()
    assert _draft_melds(page, session_id)[1] == {
        "kind": "gang_concealed",
        "tiles": ["7s"] * 4,
        "on_replacement": True,
    }
    assert _payments(page, chained) == chained  # the chain's first kong, 南's 明杠, pays

    if ruleset == "zhoushan":
        page.screenshot(path=shots / "recorder-chain-zh-phone.png", full_page=True)
        if AXE.exists():
            page.add_script_tag(path=AXE)
            assert page.evaluate(AXE_RUN) == []
        # taken out and put back after the 暗杠, the 明杠 no longer precedes it: the toggle and
        # the flag go (the server would refuse an on_replacement with no kong before it)
        page.click("#entered .meld")
        assert page.locator(TOGGLE).count() == 0
        assert "on_replacement" not in _draft_melds(page, session_id)[0]
        _meld(page, "gang_exposed", "5p", "S")
        assert page.locator(TOGGLE).count() == 0
        page.click("#entered .meld")
        _meld(page, "gang_concealed", "7s")
        assert not toggle.is_checked()
        assert _payments(page, unchained) == unchained
        toggle.click()  # a tap
        assert _payments(page, chained) == chained
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=shots / "recorder-chain-zh-desktop.png", full_page=True)
        page.click("#lang-switch button[value=en]")  # the draft stays on the phone
        english = page.get_by_role(
            "checkbox", name="kong on a kong (made on the replacement of the kong before)"
        )
        english.wait_for()
        assert english.is_checked()
        assert _payments(page, chained) == chained
        page.screenshot(path=shots / "recorder-chain-en-desktop.png", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=shots / "recorder-chain-en-phone.png", full_page=True)

    page.click("#save")  # the form posts it: the stored showdown says so
    page.wait_for_selector("#saved li[data-no='1']")
    records = stored_records(app, session_id)
    showdown = next(r for r in records if r["type"] == "showdown")
    assert [m.get("on_replacement", False) for m in showdown["melds"]] == [False, True]
    settlement = next(r for r in records if r["type"] == "settlement")
    assert play_log.flows({"expected_payments": settlement["payments"]}) == chained
    assert errors == []
    context.close()


def test_no_toggle_where_the_ruleset_pays_no_chain(live, browser):
    # huangyan's 杠上开花 is worth the same whoever fed the kong (kong_chains_pay unset): the same
    # 明杠 then 暗杠 of 北 offers nothing to tick.
    context, page, errors, session_id = phone_at_table(browser, live, "huangyan", "23")
    page.click("#winner button[data-seat=N]")
    _meld(page, "gang_exposed", "5p", "S")
    _meld(page, "gang_concealed", "7s")
    assert page.locator("#entered .meld").count() == 2
    assert page.locator(TOGGLE).count() == 0
    assert errors == []
    context.close()
