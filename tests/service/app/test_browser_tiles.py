"""Tiles draw with no CJK font: Chromium started with a fontconfig that knows only DejaVu (Latin)
shows the replay and the recorder with every tile an SVG image that loaded, the hand page with
every tile drawn from the page's own symbol, and no tile made of text. The page's own Chinese words are missing-glyph boxes there (the screenshots
show it); the tiles are not.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.tiles import tile_name
from tests.service.conftest import (
    CHROMIUM_ARGS,
    PHONE,
    BrowserUnderTest,
    fixture_log,
    open_table,
    phone_login,
    verified,
)

pytestmark = pytest.mark.browser

LATIN_FONTS = Path("/usr/share/fonts/truetype/dejavu")

# Whether ``ch`` has a glyph: drawn on a canvas it differs from an unassigned code point (which
# every font lacks and draws as the missing-glyph box).
HAS_GLYPH = """ch => {
  const draw = s => { const c = document.createElement('canvas'); c.width = 40; c.height = 40;
    const g = c.getContext('2d'); g.font = '32px sans-serif'; g.fillText(s, 2, 32);
    return Array.from(g.getImageData(0, 0, 40, 40).data).join(); };
  return draw(ch) !== draw('\\u0378');
}"""

# Every .tile: an <img> of an SVG that loaded, with a label and no text inside it.
TILES = """() => Array.from(document.querySelectorAll('.tile')).map(e => ({
  t: e.dataset.t, tag: e.tagName, src: e.currentSrc || '', ok: e.complete && e.naturalWidth > 0,
  alt: e.alt || '', text: e.textContent }))"""


@pytest.fixture
def latin_browser(browser, tmp_path):
    """Chromium whose fontconfig lists only DejaVu: no CJK font at all."""
    if not LATIN_FONTS.is_dir():
        pytest.skip("needs fonts-dejavu-core")
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>'
        f"<dir>{LATIN_FONTS}</dir><cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>\n"
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    chromium = browser.browser_type.launch(
        executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, env=env
    )
    yield BrowserUnderTest(chromium)
    chromium.close()


# Every .tile of a server-drawn page: an <svg> whose <use> draws the page's symbol of that tile.
SYMBOLS = """() => Array.from(document.querySelectorAll('.tile')).map(e => {
  const use = e.querySelector('use'), href = use ? use.getAttribute('href') : '';
  const box = use ? use.getBBox() : {width: 0, height: 0};
  return { t: e.dataset.t, tag: e.tagName, href: href, found: !!document.querySelector(href),
    drawn: box.width > 40 && box.height > 60, label: e.querySelector('title').textContent,
    width: e.getBoundingClientRect().width, height: e.getBoundingClientRect().height };
})"""


def _assert_tiles_are_symbols(page, at_least: int) -> list[dict]:
    tiles = page.evaluate(SYMBOLS)
    assert len(tiles) >= at_least, len(tiles)
    for tile in tiles:
        assert tile["tag"] == "svg" and tile["href"] == f"#tile-{tile['t']}", tile
        assert tile["found"] and tile["drawn"] and tile["label"] == tile_name(tile["t"], "zh"), tile
        assert tile["width"] > 15 and abs(tile["height"] / tile["width"] - 4 / 3) < 0.05, tile
    return tiles


def _assert_tiles_are_images(page, at_least: int) -> list[dict]:
    page.wait_for_function(
        "Array.from(document.querySelectorAll('.tile')).every(e => e.complete)", timeout=10_000
    )
    tiles = page.evaluate(TILES)
    assert len(tiles) >= at_least, len(tiles)
    for tile in tiles:
        assert tile["tag"] == "IMG" and tile["ok"], tile
        assert tile["src"].endswith(f"/{tile['t']}.svg") and tile["alt"] and not tile["text"], tile
    return tiles


def test_the_browser_really_has_no_cjk_font(latin_browser, browser):
    """The check the other tests rest on: 万 is a missing glyph in latin_browser, drawn in the
    ordinary one when Debian's fonts-noto-cjk is installed."""
    page = latin_browser.new_page()
    assert page.evaluate(HAS_GLYPH, "A") and not page.evaluate(HAS_GLYPH, "万")
    if not Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists():
        pytest.skip("fonts-noto-cjk is not installed: the ordinary browser lacks 万 too")
    assert browser.new_page().evaluate(HAS_GLYPH, "万")


def test_replay_and_hand_page_tiles_draw_without_a_cjk_font(alice, live, latin_browser, shots):
    session_id = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    context, page, errors = phone_login(
        latin_browser, live, {"viewport": {"width": 1280, "height": 900}, "locale": "zh-CN"}
    )
    page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8")
    page.wait_for_selector("#seat-E .concealed .tile")
    tiles = _assert_tiles_are_images(page, at_least=4 * 13)
    assert all(t["alt"] == tile_name(t["t"], "zh") for t in tiles)
    page.screenshot(path=shots / "tiles-no-cjk-replay.png", full_page=True)
    page.keyboard.press("End")  # the last step: melds, the winner's hand
    page.wait_for_function("document.getElementById('step-no').textContent.includes('/')")
    _assert_tiles_are_images(page, at_least=4 * 13)

    phone = latin_browser.new_context(**PHONE, locale="zh-CN")
    phone.add_cookies(context.cookies())
    hand = phone.new_page()
    requests: list[str] = []
    hand.on("request", lambda r: requests.append(r.url))
    hand.goto(f"{live}/sessions/{session_id}/hands/1")
    _assert_tiles_are_symbols(hand, at_least=14)
    assert not [url for url in requests if "/tiles/" in url]
    hand.screenshot(path=shots / "tiles-no-cjk-hand-phone.png", full_page=True)
    assert errors == []
    context.close()
    phone.close()


def test_recorder_tiles_draw_without_a_cjk_font_and_offline(app, live, latin_browser, shots):
    context, page, errors = phone_login(latin_browser, live, {**PHONE, "locale": "zh-CN"})
    page.goto(f"{live}/record")
    open_table(page, live, "wenling", "5", ["A", "B", "C", "D"])
    page.wait_for_selector("#keyboard .key .tile")
    keyboard = _assert_tiles_are_images(page, at_least=34)
    assert {t["t"] for t in keyboard} >= {f"{r}{s}" for s in "mps" for r in range(1, 10)}

    page.click("#winner button[data-seat=S]")
    page.click("#how button[data-how=self_draw]")
    context.set_offline(True)  # at a table with no reception: the entered tiles still draw
    for t in ["1m", "9p", "5s", "1z", "5z", "6z", "7z"]:
        page.click(f"#keyboard .key[data-t='{t}']")
    entered = page.evaluate(TILES.replace(".tile'", "#concealed .tile'"))
    assert [t["t"] for t in entered] == ["1m", "9p", "5s", "1z", "5z", "6z", "7z"]
    assert all(t["ok"] and t["tag"] == "IMG" for t in entered), entered
    page.screenshot(path=shots / "tiles-no-cjk-recorder.png", full_page=True)
    context.set_offline(False)
    assert errors == []
    context.close()
