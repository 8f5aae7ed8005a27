"""Tile images (drawn by scripts/build_tiles.py) and their labels in the page's language.

A page the server draws (the hand page) shows each tile as ``<svg><use href="#tile-3m">`` and
carries each tile it shows once, as a ``<symbol>`` in one hidden ``<svg>`` at its end: no
request per tile on a slow phone. The scripts' tiles (replay, recorder) are images served under
a path that carries a digest of the whole set, so browsers may keep them a year without asking
again (a new set gets new URLs), and the recorder shows any tile it preloaded while the
connection is lost.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache, lru_cache
from pathlib import Path

from flask import Blueprint, Flask, abort, g, send_from_directory, url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from engine.tiles import ALL_TILES, tile_name
from service.i18n import language

TILES_DIR = Path(__file__).resolve().parent / "static" / "tiles"
YEAR = 365 * 24 * 3600

bp = Blueprint("tiles", __name__)


@lru_cache(maxsize=1)
def version() -> str:
    """A digest of the tile set: it names the URLs, so a changed set is fetched anew."""
    digest = hashlib.sha256()
    for tile in ALL_TILES:
        digest.update((TILES_DIR / f"{tile}.svg").read_bytes())
    return digest.hexdigest()[:12]


@bp.get("/tiles/<digest>/<tile>.svg")
def image(digest: str, tile: str):
    """One tile's SVG; any digest is answered with the current set (an old page still draws)."""
    if tile not in ALL_TILES:
        abort(404, description=f'"{tile}" is not a tile')
    response = send_from_directory(TILES_DIR, f"{tile}.svg", max_age=YEAR)
    response.cache_control.immutable = True
    return response


def tile_src(tile: str) -> str:
    return url_for("tiles.image", digest=version(), tile=tile)


def tile_label(tile: str) -> str:
    return tile_name(tile, language())


def tile_href(tile: str) -> str:
    """Where a tile drawn on this page points (``#tile-3m``); its symbol joins the page's
    sprite (``tile_sprite``)."""
    if tile not in ALL_TILES:
        raise ValueError(f'"{tile}" is not a tile')
    g.setdefault("tiles_shown", set()).add(tile)
    return f"#tile-{tile}"


_SVG = re.compile(r'<svg [^>]*viewBox="([^"]+)"[^>]*>(.*)</svg>\s*', re.S)


@cache
def _symbol(tile: str) -> str:
    found = _SVG.fullmatch((TILES_DIR / f"{tile}.svg").read_text(encoding="utf-8"))
    if found is None:
        raise RuntimeError(f"{tile}.svg is not one <svg> with a viewBox")
    return f'<symbol id="tile-{tile}" viewBox="{found.group(1)}">{found.group(2)}</symbol>'


def tile_sprite() -> Markup:
    """The symbols of the tiles the page drew (``tile_href``), in one hidden ``<svg>``; nothing
    when it drew none. Called at the page's end, after its main part."""
    shown = g.get("tiles_shown")
    if not shown:
        return Markup("")
    symbols = "".join(_symbol(t) for t in ALL_TILES if t in shown)
    return Markup(f'<svg class="tile-sprite" hidden aria-hidden="true">{symbols}</svg>')


def tiles_config() -> Markup:
    """What static/tiles.js needs (where the images are, each tile's label) as a JSON script tag."""
    base = tile_src(ALL_TILES[0]).rsplit("/", 1)[0] + "/"
    names = {t: tile_label(t) for t in ALL_TILES}
    data = htmlsafe_json_dumps({"base": base, "names": names})
    return Markup('<script id="fupan-tiles" type="application/json">{}</script>').format(data)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.add_template_global(tile_href)
    app.add_template_global(tile_sprite)
    app.add_template_global(tile_label)
    app.add_template_global(tiles_config)
