"""The replay viewer's data: one table state per step as JSON, with each seat's 听牌 waits and
shanten (``engine.hand``), and the steps worth jumping to (anomalies, disputes).

Replays are cached per session head: a stored session only changes by appending, which moves
its head, so (session id, head seq) names one immutable replay.
"""

from __future__ import annotations

from functools import lru_cache

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.hand import HandError, shanten, waits
from engine.model import SEATS, name_seats
from engine.replay import Replay, replay
from engine.report import Report
from engine.state import ANOMALY_ZH
from engine.tiles import is_flower
from events import store
from events.models import TableSession
from service.db import engine
from service.i18n import label


@lru_cache(maxsize=64)
def _replay(session_id: str, head_seq: int) -> Replay:
    return replay(store.read_records(session_id=session_id, engine=engine()))


def session_replay(s: TableSession) -> Replay:
    return _replay(s.id, s.head_seq)


def step_json(s: TableSession, hand_no: int, step: int, report: Report | None) -> dict | None:
    """The table after ``step`` records of hand ``hand_no`` (1-based); None when out of range.
    ``report`` (the session's audit, if done) adds the session-level anomalies and the disputes,
    shown at the settlement line, to the problems a viewer can jump to."""
    rp = session_replay(s)
    if not 1 <= hand_no <= len(rp.hands):
        return None
    hand = rp.hands[hand_no - 1]
    last = hand.steps - 1
    if not 0 <= step <= last:
        return None
    state = hand.state_at(step)
    seq, rec = hand.records[step]
    problems = _problems(rp, report)
    marks = _marks(hand, problems)
    later = next(
        ({"hand": no, "step": _marks(h, problems)[0]}
         for no, h in enumerate(rp.hands[hand_no:], start=hand_no + 1) if _marks(h, problems)),
        None,
    )  # fmt: skip
    drawn = rec.get("tile") if rec["type"] == "draw" else None
    # declared wins that are no win, once the report says so
    void = (
        report.hands[hand_no - 1].void_wins
        if report is not None and hand_no <= len(report.hands)
        else frozenset()
    )
    return {
        "session": s.id,
        "hand": hand_no,
        "hands": len(rp.hands),
        "step": step,
        "steps": last,
        "seq": seq,
        "record": _record_json(rec),
        "turn": state.turn,
        "wall": state.wall_left,
        "indicator": state.indicator,
        "wildcards": sorted(state.wildcards),
        "ended": state.ended,
        "winners": list(state.winners),
        "seats": {
            seat: _seat_json(
                state,
                seat,
                hand.outcome.seats.get(seat, ""),
                drawn if rec.get("seat") == seat else None,
            )
            for seat in SEATS
        },
        "anomalies": problems.get(seq, []),
        "marks": marks,
        "next_mark": later,
        "last_discard": _last_discard(hand, step, state),
        "win_tiles": [
            {
                "seat": w.seat,
                "tile": w.tile,
                "how": w.how,
                "from": w.from_seat,
                "stands": w.seat not in void,
            }
            for w in hand.outcome.wins
            if w.seat in state.winners
        ],
        "result": _result(report, hand_no) if step == last else None,
    }


def steps_of(s: TableSession, hand_no: int) -> dict[int, int]:
    """Record seq -> the step of hand ``hand_no`` as the replay numbers it (an anomaly's place
    is a seq of the whole session; the replay counts the hand's own steps)."""
    hands = session_replay(s).hands
    if not 1 <= hand_no <= len(hands):
        return {}
    return {seq: i for i, (seq, _rec) in enumerate(hands[hand_no - 1].records)}


def _marks(hand, problems: dict[int, list[dict]]) -> list[int]:
    """The steps of a hand that have a problem (anomaly or dispute)."""
    return sorted({i for i, (q, _) in enumerate(hand.records) if q in problems})


def _last_discard(hand, step: int, state) -> dict | None:
    """The newest discard on the table at ``step`` (seat and its place in that seat's river)."""
    for _seq, rec in reversed(hand.records[1 : step + 1]):
        if rec["type"] == "discard":
            seat = rec["seat"]
            return {"seat": seat, "index": len(state.discards[seat]) - 1, "tile": rec["tile"]}
    return None


def _result(report: Report | None, hand_no: int) -> dict | None:
    """The hand's verdict for the end of its replay: wins, items, payments, disputes (None while
    the session is being verified)."""
    if report is None or hand_no > len(report.hands):
        return None
    return report.hands[hand_no - 1].json(
        "result", "wins", "points", "items", "expected_payments", "recorded_payments",
        "expected_net", "recorded_net", "disputes",
    )  # fmt: skip


def _problems(rp: Replay, report: Report | None) -> dict[int, list[dict]]:
    """seq -> what is wrong there: the audit's anomalies (the replay's for a hand it has not
    judged yet), and each disputed payment at its hand's settlement line."""
    out: dict[int, list[dict]] = {}
    audited = report.hands if report else ()
    found = [a.to_dict() for h in audited for a in h.anomalies] + [
        _anomaly(a, h.outcome.seats) for h in rp.hands[len(audited) :] for a in h.anomalies
    ]
    found += (
        [a.to_dict() for a in report.anomalies]
        if report
        else [_anomaly(a, {}) for a in rp.anomalies]
    )
    for a in found:
        if a["seq"] is not None:
            out.setdefault(a["seq"], []).append(a)
    for h, replayed in zip(report.hands if report else (), rp.hands, strict=False):
        settled = [q for q, r in replayed.records if r["type"] == "settlement"]
        for d in h.disputes if settled else ():
            message = _("dispute: %(payer)s → %(payee)s, expected %(expected)s, recorded %(recorded)s",
                        payer=h.seats[d.payer], payee=h.seats[d.payee],
                        expected=d.expected, recorded=d.recorded)  # fmt: skip
            if d.explanation:
                message += " — " + label(d.explanation)
            out.setdefault(settled[-1], []).append(
                {"code": "dispute", "severity": "dispute", "message": message}
            )
    return out


def _anomaly(a, seats) -> dict:
    """A replay's anomaly for the page, its seats named (``seats``: the hand's)."""
    return {"seq": a.seq, "code": a.code, "zh": ANOMALY_ZH.get(a.code, ""), "severity": a.severity,
            "message": name_seats(a.message, seats, "en")}  # fmt: skip


def _seat_json(state, seat: str, player: str, drawn: str | None) -> dict:
    """A seat's tiles; a tile just drawn is shown apart (``drawn``), as players hold it."""
    concealed = list(state.concealed[seat])
    shown = list(concealed)
    if drawn in shown:
        shown.remove(drawn)
    else:
        drawn = None
    melds = state.melds[seat]
    sh, wait = _analysis(concealed, melds, state.wildcards)
    return {
        "player": player,
        "concealed": shown,
        "drawn": drawn,
        "melds": [{"kind": m.kind, "tiles": list(m.tiles), "from": m.from_seat} for m in melds],
        "revealed": list(state.revealed[seat]),
        "discards": [d.tile for d in state.discards[seat]],
        "claimed": [d.claimed_by for d in state.discards[seat]],
        "shanten": sh,
        "waits": wait,
    }


def _analysis(concealed: list[str], melds, wild: frozenset[str]) -> tuple[int | None, list[str]]:
    """(shanten, 听牌 waits) of a seat; flowers not yet revealed are left out, and a hand the
    engine cannot analyse (a broken log: too many tiles, …) has none rather than an error."""
    tiles = [t for t in concealed if not is_flower(t) or t in wild]
    if not tiles or (len(tiles) + 3 * len(melds)) % 3 == 0:
        return None, []
    try:
        sh = shanten(tiles, melds, wild)
        waiting = (len(tiles) + 3 * len(melds)) % 3 == 1 and sh == 0
        return sh, sorted(waits(tiles, melds, wild)) if waiting else []
    except HandError:
        return None, []


_VERBS = {
    "deal": _l("deal"), "wildcard": _l("turns the wildcard indicator"), "reveal": _l("reveals"),
    "draw": _l("draws"), "discard": _l("discards"), "chi": _l("chows"), "peng": _l("pungs"),
    "gang": _l("kongs"), "win": _l("wins"), "exhausted": _l("exhausted (no winner)"),
    "showdown": _l("shows the hands"), "settlement": _l("settlement"), "dice": _l("throws the dice"),
    "hand": _l("new hand"),
}  # fmt: skip
_SEATS = {"E": _l("East"), "S": _l("South"), "W": _l("West"), "N": _l("North")}


def _record_json(rec: dict) -> dict:
    """The step in words of the request's language; its tile apart (the page draws it)."""
    tile = rec.get("tile") or rec.get("indicator")
    seat = rec.get("seat")
    verb = _VERBS.get(rec["type"], rec["type"])
    text = _("%(seat)s %(verb)s", seat=_SEATS[seat], verb=verb) if seat in _SEATS else str(verb)
    return {"type": rec["type"], "seat": seat, "tile": tile, "text": text}
