"""Draw the tile images: service/static/tiles/<tile>.svg for the 34 faces and the 8 flowers.

Pips (筒) and bamboo sticks (条) are simple shapes; the characters of 万, the honours and the
flowers are glyph OUTLINES taken at build time from Noto Serif CJK SC Bold (SIL Open Font
Licence; Debian's fonts-noto-cjk), so the images need no CJK font where they are shown. The
SVGs are committed; the font is not. Run again after changing a shape:

    .venv/bin/python scripts/build_tiles.py [--font PATH] [--out DIR]

tests/service/app/test_tiles.py checks that the committed files are exactly what this makes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.tiles import ALL_TILES  # noqa: E402

FONT = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
OUT = ROOT / "service" / "static" / "tiles"
W, H = 60, 80  # the tile's viewBox; a tile is shown 3:4 (24 x 32 px on a phone)

FACE = '<rect x="1" y="1" width="58" height="78" rx="7" fill="#fbf7ea" stroke="#a89d7e" stroke-width="2"/>'
INK, RED, GREEN, BLUE, PURPLE = "#1b1b1b", "#c0261b", "#1b7a3d", "#1d4f91", "#7b3294"
DIGITS = "一二三四五六七八九"
HONOURS = {"1z": "东", "2z": "南", "3z": "西", "4z": "北", "6z": "发", "7z": "中"}
HONOUR_INK = {"6z": GREEN, "7z": RED}
FLOWERS = "春夏秋冬梅兰竹菊"

# Circles of 筒 tiles: (x, y, r, colour); rows follow the usual Chinese sets.
PIPS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 23, 12, GREEN), (30, 57, 12, BLUE)],
    3: [(16, 18, 9.5, BLUE), (30, 40, 9.5, RED), (44, 62, 9.5, GREEN)],
    4: [(18, 24, 10.5, BLUE), (42, 24, 10.5, GREEN), (18, 56, 10.5, GREEN), (42, 56, 10.5, BLUE)],
    5: [
        (17, 19, 9, BLUE),
        (43, 19, 9, GREEN),
        (30, 40, 9, RED),
        (17, 61, 9, GREEN),
        (43, 61, 9, BLUE),
    ],
    6: [(19, 17, 9, GREEN), (41, 17, 9, GREEN)]
    + [(x, y, 9, RED) for y in (40, 63) for x in (19, 41)],
    7: [(15, 13, 6.5, GREEN), (30, 20, 6.5, GREEN), (45, 27, 6.5, GREEN)]
    + [(x, y, 8, RED) for y in (48, 66) for x in (19, 41)],
    8: [(x, y, 8, BLUE) for y in (15, 32, 49, 66) for x in (19, 41)],
    9: [(x, y, 8, c) for y, c in ((17, BLUE), (40, RED), (63, GREEN)) for x in (14, 30, 46)],
}
# Sticks of 条 tiles: (x centre, y top, height, colour), 7 wide (6 for the crowded 8).
STICKS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 9, 29, GREEN), (30, 42, 29, GREEN)],
    3: [(30, 9, 29, GREEN), (20, 42, 29, GREEN), (40, 42, 29, GREEN)],
    4: [(x, y, 29, GREEN) for y in (9, 42) for x in (19, 41)],
    5: [(x, y, 29, GREEN) for y in (9, 42) for x in (14, 46)] + [(30, 25.5, 29, RED)],
    6: [(x, y, 29, GREEN) for y in (9, 42) for x in (16, 30, 44)],
    7: [(30, 7, 20, RED)] + [(x, y, 22, GREEN) for y in (30, 55) for x in (16, 30, 44)],
    8: [(x, y, 29, GREEN) for y in (9, 42) for x in (12, 24, 36, 48)],
    9: [(x, y, 19, RED if x == 30 else GREEN) for y in (8, 31, 54) for x in (16, 30, 44)],
}


class Glyphs:
    """Glyph outlines of one CJK font face, as SVG path data placed in the tile's box."""

    def __init__(self, font: Path):
        faces = TTCollection(str(font)).fonts if font.suffix == ".ttc" else [TTFont(str(font))]
        self.font = next((f for f in faces if " SC " in f["name"].getDebugName(4) + " "), faces[0])
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        os2 = self.font["OS/2"]
        self.top, self.bottom = os2.sTypoAscender, os2.sTypoDescender
        self.em = self.font["head"].unitsPerEm

    def path(self, char: str, cx: float, cy: float, size: float, fill: str) -> str:
        """``char`` drawn ``size`` units high (its em box), centred on (cx, cy)."""
        name = self.cmap[ord(char)]
        scale = size / self.em
        mid_x = self.glyphs[name].width / 2
        mid_y = (self.top + self.bottom) / 2
        pen = SVGPathPen(self.glyphs, ntos=_num)
        placed = TransformPen(pen, (scale, 0, 0, -scale, cx - mid_x * scale, cy + mid_y * scale))
        self.glyphs[name].draw(placed)
        return f'<path fill="{fill}" d="{pen.getCommands()}"/>'


def _num(n: float) -> str:
    text = f"{n:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pip(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{colour}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.62)}" fill="#fbf7ea"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.34)}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, h: float, colour: str, w: float = 7) -> str:
    left = _num(x - w / 2)
    return (
        f'<rect x="{left}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{_num(w / 2)}" fill="{colour}"/>'
        f'<rect x="{left}" y="{_num(y + h / 2 - 1)}" width="{_num(w)}" height="2" fill="#fbf7ea"/>'
    )


def body(tile: str, glyphs: Glyphs) -> str:
    """The drawing on a tile's face."""
    rank, suit = int(tile[0]), tile[1]
    if suit == "m":
        return glyphs.path(DIGITS[rank - 1], 30, 24, 36, INK) + glyphs.path("万", 30, 59, 30, RED)
    if suit == "p":
        if rank == 1:
            return _pip(30, 40, 22, BLUE) + f'<circle cx="30" cy="40" r="4" fill="{RED}"/>'
        return "".join(_pip(*p) for p in PIPS[rank])
    if suit == "s":
        if rank == 1:  # one tall stalk (the bird of other sets would blur at 24 px)
            return _stick(30, 8, 64, GREEN, w=14) + f'<circle cx="30" cy="14" r="4" fill="{RED}"/>'
        w = 6 if rank == 8 else 7
        return "".join(_stick(x, y, h, c, w) for x, y, h, c in STICKS[rank])
    if tile == "5z":  # 白: an empty blue frame
        return (
            f'<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="{BLUE}" stroke-width="4"/>'
            f'<rect x="19" y="21" width="22" height="38" rx="1" fill="none" stroke="{BLUE}" stroke-width="1.5"/>'
        )
    if suit == "z":
        return glyphs.path(HONOURS[tile], 30, 41, 46, HONOUR_INK.get(tile, BLUE))
    colour = GREEN if rank <= 4 else PURPLE  # seasons 春夏秋冬, plants 梅兰竹菊
    number = glyphs.path(str((rank - 1) % 4 + 1), 11, 13, 16, RED)
    return number + glyphs.path(FLOWERS[rank - 1], 31, 44, 40, colour)


def svg(tile: str, glyphs: Glyphs) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'
        f"{FACE}{body(tile, glyphs)}</svg>\n"
    )


def build(font: Path, out: Path) -> list[Path]:
    glyphs = Glyphs(font)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for tile in ALL_TILES:
        path = out / f"{tile}.svg"
        path.write_text(svg(tile, glyphs), encoding="utf-8")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", type=Path, default=FONT, help="a Noto Serif CJK .ttc/.otf")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if not args.font.exists():
        sys.exit(f"{args.font}: no such font (apt-get install fonts-noto-cjk)")
    files = build(args.font, args.out)
    total = sum(p.stat().st_size for p in files)
    print(f"{len(files)} tiles in {args.out}, {total / 1024:.1f} KB")


if __name__ == "__main__":
    main()
