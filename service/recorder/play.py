"""Play by play (docs/recorder.md): a hand entered tap by tap — the deal, the 得 indicator, then
every draw, reveal, discard, claim and the end — becomes the hand's full v1 records. Each tap is
judged live by replaying the records so far (anomalies at once, each seat's hand as the replay
has it); the finished hand is scored, disputed and saved by ``service.recorder.recorder`` exactly like a
summary entry (``hand_records`` hands an entry with ``play`` to :func:`play_records`).

An entry's ``play``::

    {"dice": [{"seat": "E", "dice": [3, 4]}],            # optional
     "deal": {"E": [...], "S": [...], "W": [...], "N": [...]},
     "indicator": "9s",                                  # where the ruleset turns one up
     "taps": [{"type": "draw", "seat": "S", "tile": "5p"}, {"type": "discard", ...}, ...,
              {"type": "win", "seat": "E", "how": "discard", "tile": "5p", "from": "S"}]}

Taps are v1 play records (``reveal``, ``draw``, ``discard``, ``chi``, ``peng``, ``gang``,
``win``, ``exhausted``) with their v1 fields; other keys are ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _

from engine.model import SEATS, name_seats
from engine.replay import replay
from engine.state import ANOMALY_ZH
from events.codec import LogFormatError, parse_appended
from service.i18n import problems
from service.recorder.entries import (
    EntryError,
    _seated,
    _tile,
    _tiles,
    has_indicator,
)

if TYPE_CHECKING:  # only for the annotations: the recorder imports this module
    from service.recorder.recorder import Table

TAP_FIELDS = {
    "reveal": ("seat", "tile"),
    "draw": ("seat", "tile", "from"),
    "discard": ("seat", "tile"),
    "chi": ("seat", "tiles"),
    "peng": ("seat",),
    "gang": ("seat", "kind", "tile"),
    "win": ("seat", "how", "tile", "from", "flags"),
    "exhausted": (),
}
ENDS = ("win", "exhausted")


def play_records(table: Table, entry: dict, hand: dict) -> list[dict]:
    """The records of a finished played hand: the play, then the showdowns (read off the replay,
    so they agree with it) of the winners, and of every seat where non-winners score."""
    records, _pre = _played(table, entry, hand)
    if records[-1]["type"] not in ENDS:
        raise EntryError(_("the hand has not ended: tap win or exhausted"), "play.taps")
    if {r["seat"] for r in records if r["type"] == "deal"} != set(SEATS):
        raise EntryError(_("enter the deal of every seat"), "play.deal")
    if has_indicator(table.ruleset, table.rp.opts) and not entry["play"].get("indicator"):
        raise EntryError(_("enter the wildcard indicator"), "play.indicator")
    outcome = replay([table.records[0], *records]).hands[0].outcome
    winners = [w.seat for w in outcome.wins]
    shown = winners + [
        s for s in SEATS if winners and s not in winners and table.ruleset.nonwinners_score
    ]
    return records + [_showdown(outcome.showdowns[s]) for s in shown]


def live(table: Table, entry: dict, hand: dict | None = None) -> dict:
    """The play so far as the engine sees it: each seat's tiles, whose turn it is, the live wall,
    and the anomalies, each with the tap that caused it (``tap`` None: the deal or the hand)."""
    hand = hand or _seated(table.next_hand(), entry)
    records, pre = _played(table, entry, hand)
    h = replay([table.records[0], *records]).hands[0]
    state = h.state_at(h.steps - 1)
    anomalies = [
        {
            "tap": None if a.seq is None or a.seq - 1 < pre else a.seq - 1 - pre,
            "code": a.code,
            "zh": ANOMALY_ZH.get(a.code),
            "severity": a.severity,
            "message": name_seats(a.message, hand["seats"], "en"),
        }
        for a in h.anomalies
        if a.code != "hand_unfinished"
    ]
    return {
        "no": hand["no"],
        "seats": hand["seats"],
        "hand_size": table.ruleset.hand_size,
        "records": records,
        "anomalies": anomalies,
        "concealed": {s: list(t) for s, t in state.concealed.items()},
        "melds": {s: [_meld(m) for m in ms] for s, ms in state.melds.items()},
        "revealed": {s: list(t) for s, t in state.revealed.items()},
        "discards": {s: [d.tile for d in ds] for s, ds in state.discards.items()},
        "turn": state.turn,
        "wall_left": state.wall_left,
        "wildcards": sorted(state.wildcards),
        "ended": state.ended,
    }


def play_of(h) -> dict:
    """A saved full hand back as a play (for a correction): its records between the hand record
    and the showdowns."""
    play: dict[str, Any] = {"dice": [], "deal": {}, "taps": [], "ended": True}
    for _seq, rec in h.records[1:]:
        kind = rec["type"]
        if kind == "dice":
            play["dice"].append({"seat": rec["seat"], "dice": rec["dice"]})
        elif kind == "deal":
            play["deal"][rec["seat"]] = list(rec["tiles"])
        elif kind == "wildcard":
            play["indicator"] = rec["indicator"]
        elif kind in TAP_FIELDS:
            play["taps"].append({"type": kind, **{k: rec[k] for k in TAP_FIELDS[kind] if k in rec}})
    return play


def _played(table: Table, entry: dict, hand: dict) -> tuple[list[dict], int]:
    """The canonical records of the play so far (hand, dice, deal, wildcard, taps) and how many
    come before the first tap. A tap the codec refuses is named (``play.taps.<i>``)."""
    play = entry.get("play")
    if not isinstance(play, dict):
        raise EntryError(_("play: {deal, indicator, taps}"), "play")
    head = {"type": "hand", **hand}
    if entry.get("client_id") is not None:
        head["client_id"] = entry["client_id"]
    records: list[dict] = [head]
    for d in _list(play.get("dice"), "play.dice"):
        records.append({"type": "dice", "seat": d.get("seat", "E"), "dice": d.get("dice")}
                       if isinstance(d, dict) else {"type": "dice"})  # fmt: skip
    deal = {} if play.get("deal") is None else play["deal"]
    if not isinstance(deal, dict) or not set(deal) <= set(SEATS):
        raise EntryError(_("deal must map seats E, S, W, N to their tiles"), "play.deal")
    for seat in SEATS:
        tiles = _tiles(deal.get(seat), f"play.deal.{seat}")
        if tiles:
            records.append({"type": "deal", "seat": seat, "tiles": tiles})
    if play.get("indicator") and has_indicator(table.ruleset, table.rp.opts):
        records.append(
            {"type": "wildcard", "indicator": _tile(play["indicator"], "play.indicator")}
        )
    pre = len(records)
    for i, tap in enumerate(_list(play.get("taps"), "play.taps")):
        if (
            not isinstance(tap, dict)
            or not isinstance(tap.get("type"), str)
            or tap["type"] not in TAP_FIELDS
        ):
            raise EntryError(_("tap %(no)s: one of %(kinds)s", no=i + 1, kinds=", ".join(TAP_FIELDS)),
                             f"play.taps.{i}")  # fmt: skip
        fields = TAP_FIELDS[tap["type"]]
        records.append({"type": tap["type"], **{k: tap[k] for k in fields if tap.get(k)}})
    return _canonical(table.records[0], records, pre), pre


def _canonical(session: dict, records: list[dict], pre: int) -> list[dict]:
    """The records checked by the codec after the session record (players, tile set); the hand's
    number is checked against the stored hands when the entry is evaluated."""
    try:
        return parse_appended([session], records)
    except LogFormatError as e:
        first = e.errors[0]
        index = first.line - 2
        where = f"play.taps.{index - pre}" if index >= pre else "play"
        what = problems.problem(first)
        if index >= pre:
            what = _("tap %(no)s: %(problem)s", no=index - pre + 1, problem=what)
        raise EntryError(what, f"{where}.{first.field}") from None


def _list(value: object, field: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise EntryError(_("%(field)s must be a list", field=field), field)
    return value


def _meld(m) -> dict:
    return {
        "kind": m.kind,
        "tiles": list(m.tiles),
        **({"from": m.from_seat} if m.from_seat else {}),
    }


def _showdown(sd) -> dict:
    rec: dict[str, Any] = {"type": "showdown", "seat": sd.seat, "concealed": list(sd.concealed)}
    if sd.melds:
        rec["melds"] = [_meld(m) for m in sd.melds]
    if sd.revealed:
        rec["revealed"] = list(sd.revealed)
    return rec
