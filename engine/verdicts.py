"""What changed between two audit reports of one session (docs/report.md, "Comparing two
reports"): the list a club reads when a re-verification or a correction changed a verdict.

Hands are matched by their number (hand numbers increase within a log), disputes by the seat
pair in their direction, anomalies by code and seq. Pure: reports in, a list of changes out.
"""

from __future__ import annotations

from typing import Any

from engine.model import SEAT_NAMES
from engine.report import Anomaly, Dispute, HandReport, Report

LABELS = {
    "verdict": ("整场结论改变", "session verdict changed"),
    "hand_added": ("新增一局", "hand added"),
    "hand_removed": ("删去一局", "hand removed"),
    "dispute_added": ("新争议", "new dispute"),
    "dispute_removed": ("争议消失", "dispute gone"),
    "dispute_amount": ("争议金额改变", "dispute amount changed"),
    "explanation": ("错误解释改变", "explanation changed"),
    "anomaly_added": ("新异常", "new anomaly"),
    "anomaly_removed": ("异常消失", "anomaly gone"),
    "points": ("应得分改变", "expected points changed"),
    "expected_net": ("应收付改变", "expected net changed"),
}


def changes(before: Report, after: Report) -> list[dict[str, Any]]:
    """Every difference a club cares about between two reports of the same session, the
    session's own first, then hand by hand. Each change is ``{hand, code, zh, en, what,
    before, after}``: ``hand`` the hand no (None for the session), ``what`` the player pair or
    player concerned as ``{seats, zh, en}`` (None when the code and values say it all)."""
    out: list[dict[str, Any]] = []
    if before.ok != after.ok:
        out.append(_change(None, "verdict", None, before.ok, after.ok))
    out += _anomalies(None, before.anomalies, after.anomalies)
    old = {h.no: h for h in before.hands}
    new = {h.no: h for h in after.hands}
    for no in sorted(old.keys() | new.keys()):
        if no not in new:
            out.append(_change(no, "hand_removed", None, old[no].result, None))
        elif no not in old:
            out.append(_change(no, "hand_added", None, None, new[no].result))
        else:
            out += _hand(old[no], new[no])
    return out


def _change(
    hand: int | None, code: str, what: dict[str, Any] | None, before: Any, after: Any
) -> dict[str, Any]:
    zh, en = LABELS[code]
    return {"hand": hand, "code": code, "zh": zh, "en": en, "what": what,
            "before": before, "after": after}  # fmt: skip


def _hand(old: HandReport, new: HandReport) -> list[dict[str, Any]]:
    no, seats = new.no, {**old.seats, **new.seats}
    out = _disputes(no, seats, old.disputes, new.disputes)
    if old.disputes and new.disputes:
        was, now = old.disputes[0].explanation, new.disputes[0].explanation
        if was != now:
            out.append(
                _change(no, "explanation", None, was and was.to_dict(), now and now.to_dict())
            )
    out += _anomalies(no, old.anomalies, new.anomalies)
    for field in ("points", "expected_net"):
        before, after = getattr(old, field), getattr(new, field)
        for seat in sorted(before.keys() | after.keys()):
            was, now = before.get(seat), after.get(seat)
            if was != now:
                out.append(_change(no, field, _who(seats, seat), was, now))
    return out


def _disputes(
    no: int, seats: dict[str, str], old: tuple[Dispute, ...], new: tuple[Dispute, ...]
) -> list[dict[str, Any]]:
    def by_pair(disputes: tuple[Dispute, ...]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(d.payer, d.payee): {"expected": d.expected, "recorded": d.recorded}
                for d in disputes}  # fmt: skip

    was, now = by_pair(old), by_pair(new)
    out: list[dict[str, Any]] = []
    for pair in sorted(was.keys() | now.keys()):
        what = _who(seats, *pair)
        code = ("dispute_added" if pair not in was else "dispute_removed" if pair not in now
                else "dispute_amount" if was[pair] != now[pair] else None)  # fmt: skip
        if code:
            out.append(_change(no, code, what, was.get(pair), now.get(pair)))
    return out


def _anomalies(
    no: int | None, old: tuple[Anomaly, ...], new: tuple[Anomaly, ...]
) -> list[dict[str, Any]]:
    def by_key(anomalies: tuple[Anomaly, ...]) -> dict[tuple[int | None, str], dict[str, Any]]:
        return {(a.seq, a.code): {"seq": a.seq, "code": a.code, "zh": a.zh, "message": a.message}
                for a in anomalies}  # fmt: skip

    was, now = by_key(old), by_key(new)
    gone = [
        _change(no, "anomaly_removed", None, was[k], None) for k in sorted(was.keys() - now.keys())
    ]
    came = [
        _change(no, "anomaly_added", None, None, now[k]) for k in sorted(now.keys() - was.keys())
    ]
    return gone + came


def _who(seats: dict[str, str], *concerned: str) -> dict[str, Any]:
    """The seats concerned for a reader, ``{seats, zh, en}``: each by its player's name, or
    (no name) the seat's (东 / East), joined by arrows; never a seat letter."""

    def name(seat: str, lang: int) -> str:
        return seats.get(seat) or SEAT_NAMES.get(seat, (seat, seat))[lang]

    return {"seats": list(concerned),
            "zh": " → ".join(name(s, 0) for s in concerned),
            "en": " → ".join(name(s, 1) for s in concerned)}  # fmt: skip
