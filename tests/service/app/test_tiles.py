"""The tile images: one SVG a tile, drawn in shapes and paths (no text, so no font needed), small,
exactly what scripts/build_tiles.py makes, served with a year's caching and labelled in the
page's language."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.tiles import ALL_TILES, FLOWERS, tile_name
from service.tile_images import TILES_DIR, version
from tests.service.conftest import fixture_log, verified

SVG = "{http://www.w3.org/2000/svg}"
DRAWING = {"svg", "rect", "circle", "path"}  # all a tile is made of
SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "build_tiles.py"


def test_one_svg_a_tile_drawn_without_text_and_small():
    assert sorted(p.stem for p in TILES_DIR.glob("*.svg")) == sorted(ALL_TILES)
    total = 0
    for tile in ALL_TILES:
        data = (TILES_DIR / f"{tile}.svg").read_bytes()
        total += len(data)
        root = ET.fromstring(data)
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 60 80", tile
        tags = {el.tag.removeprefix(SVG) for el in root.iter()}
        assert tags <= DRAWING, (tile, tags - DRAWING)  # no <text>, <image>, <use> of elsewhere
    assert len(ALL_TILES) == 34 + len(FLOWERS) == 42
    assert total < 150 * 1024, total


def test_characters_honours_and_flowers_are_glyph_outlines():
    """万 tiles carry two glyphs (the numeral, 万), honours one, flowers two (the number, the
    plant or season); 白 is a frame; the pips and sticks are shapes, not glyphs."""
    paths = {
        t: len(ET.parse(TILES_DIR / f"{t}.svg").getroot().findall(f"{SVG}path")) for t in ALL_TILES
    }
    assert all(paths[f"{r}m"] == 2 for r in range(1, 10))
    assert all(paths[t] == 1 for t in ("1z", "2z", "3z", "4z", "6z", "7z")) and paths["5z"] == 0
    assert all(paths[t] == 2 for t in FLOWERS)
    assert all(paths[f"{r}{s}"] == 0 for r in range(1, 10) for s in "ps")


def test_the_committed_tiles_are_what_the_script_draws(tmp_path):
    font = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
    if not font.exists() or importlib.util.find_spec("fontTools") is None:
        pytest.skip("needs fonts-noto-cjk and fonttools (scripts/test installs both)")
    spec = importlib.util.spec_from_file_location("build_tiles", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build(font, tmp_path)
    for tile in ALL_TILES:
        assert (tmp_path / f"{tile}.svg").read_bytes() == (
            TILES_DIR / f"{tile}.svg"
        ).read_bytes(), f"{tile}.svg differs from scripts/build_tiles.py's drawing: run the script"


def test_tiles_are_served_for_a_year_without_a_login(client):
    response = client.get(f"/tiles/{version()}/7z.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.data == (TILES_DIR / "7z.svg").read_bytes()
    assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
    assert client.get("/tiles/0ld/7z.svg").status_code == 200  # a page from before an update
    missing = client.get(f"/tiles/{version()}/0z.svg")
    assert missing.status_code == 404 and "0z&#34; is not a tile" in missing.get_data(as_text=True)


def test_the_digest_follows_the_set(tmp_path, monkeypatch):
    from service import tile_images

    for tile in ALL_TILES:
        (tmp_path / f"{tile}.svg").write_bytes((TILES_DIR / f"{tile}.svg").read_bytes())
    monkeypatch.setattr(tile_images, "TILES_DIR", tmp_path)
    version.cache_clear()
    before = version()
    (tmp_path / "1m.svg").write_text("<svg/>")
    version.cache_clear()
    assert version() != before
    version.cache_clear()


def test_hand_page_tiles_are_labelled_symbols_in_the_page_language(alice):
    """The hand page draws each tile from a symbol it carries once (no image request a tile):
    every tile's <use> points at a symbol of the page that holds that tile's own drawing, and
    the page holds no symbol it does not use."""
    session_id = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    for lang in ("zh", "en"):
        alice.set_cookie("fupan_lang", lang)  # the language switch's cookie
        html = alice.get(f"/sessions/{session_id}/hands/1").get_data(as_text=True)
        assert "<img" not in html and "/tiles/" not in html
        shown = re.findall(r'<svg class="tile [^>]*data-t="(\w\w)"[^>]*><title>([^<]*)</title>'
                           r'<use href="#tile-(\w\w)"/></svg>', html)  # fmt: skip
        assert len(shown) > 14, lang  # the winner's hand at least
        assert all(t == used and label == tile_name(t, lang) for t, label, used in shown)
        sprites = re.findall(
            r'<svg class="tile-sprite" hidden aria-hidden="true">(.*?)</svg>', html
        )
        assert len(sprites) == 1
        symbols = dict(re.findall(r'<symbol id="tile-(\w\w)" viewBox="0 0 60 80">(.*?)</symbol>',
                                  sprites[0]))  # fmt: skip
        assert set(symbols) == {t for t, _, _ in shown}
        for tile, drawing in symbols.items():
            assert drawing in (TILES_DIR / f"{tile}.svg").read_text(encoding="utf-8")
