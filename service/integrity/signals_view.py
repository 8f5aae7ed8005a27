"""Loading a club's integrity signals for the page, its charts and the command line: names from
the member list, the stored result of the period (queued for the workers when missing or out
of date), and opening the page written to the club's history."""

from __future__ import annotations

import json
from datetime import date

from flask import abort
from flask_babel import gettext as _
from sqlmodel import select

from engine.integrity import KINDS, IntegrityResult, Signal
from events.models import TableSession
from service.accounts import auth
from service.db import db, engine
from service.i18n import language
from service.models import Club, ClubHistory, Membership, User
from service.sessions.views import parse_period
from workers import integrity as derived

LINKED = 30  # hands linked under one signal (the newest)


def club_names(club: str) -> dict[str, str]:
    """A log's name -> the member's player name, from the club's member list: a member's
    username and display name both stand for their player (so a renamed or merged player is
    one person), and corrections signed with a username count for that player."""
    with db() as session:
        rows = session.exec(
            select(User.username, User.display_name, Membership.player)
            .where(Membership.user_id == User.id, Membership.club_id == Club.id, Club.name == club,
                   Membership.player != "")
        ).all()  # fmt: skip
    names = {}
    for username, display, player in rows:
        for name in (username, display):
            if name and name != player:
                names[name] = player
    return names


def compute_for(club: str, since: date | None, until: date | None) -> IntegrityResult:
    """What ``fupan integrity`` prints: computed now, the way the workers do it, and stored."""
    with db() as session:
        known = (
            session.exec(select(Club.id).where(Club.name == club)).first()
            or session.exec(
                select(TableSession.id).where(TableSession.club == club).limit(1)
            ).first()
        )
    if known is None:
        raise LookupError(f"no club named {club!r}")
    return derived.compute(club, since, until, club_names(club), engine())


def as_json(result: IntegrityResult) -> dict:
    data = result.to_json()
    for s in data["signals"]:
        s["players"] = list(s["players"])
        s["hands_behind"] = s.pop("refs")
    return data


def page_view(user: User, club: str, args) -> dict:
    """The page's data; opening it is appended to the club's history. ``cards``: the flagged
    signals, each shown with its words, chart and hands; ``calm``: the others compared that
    had something to count (no money beyond the rules at all is not listed), in a table; ``waiting``: the comparisons below the minimum sample (only counted)."""
    auth.require_permission(user, club, "see_integrity")
    since, until = parse_period(args)
    _opened(user, club, since, until)
    names = club_names(club)
    found = derived.latest(club, since, until, engine())
    current = found is not None and derived.is_current(
        club, since, until, names, found[1], engine()
    )
    if not current:
        from workers.tasks import integrity_soon

        integrity_soon(club, _iso(since), _iso(until), names)
    result = found[0] if found else None
    signals = result.signals if result else ()
    return {"club": club, "since": _iso(since), "until": _iso(until), "result": result,
            "pending": not current, "cards": [_card(i, s) for i, s in enumerate(signals) if s.flagged],
            "calm": [_card(i, s) for i, s in enumerate(signals)
                     if s.enough and not s.flagged and s.events],
            "waiting": [s for s in signals if not s.enough]}  # fmt: skip


def signal_of(user: User, club: str, index: int, args) -> Signal:
    auth.require_permission(user, club, "see_integrity")
    since, until = parse_period(args)
    found = derived.latest(club, since, until, engine())
    if found is None or not 0 <= index < len(found[0].signals):
        abort(404)
    return found[0].signals[index]


def kind_label(kind: str) -> str:
    zh, en = KINDS[kind]
    return zh if language() == "zh" else en


def _card(index: int, s: Signal) -> dict:
    return {"index": index, "signal": s, "label": kind_label(s.kind), "text": sentence(s),
            "refs": list(reversed(s.refs))[:LINKED]}  # fmt: skip


def sentence(s: Signal) -> str:
    """The pattern in words, numbers only: what was seen against what chance gives."""
    exp = f"{s.expected:.1f}"
    if s.kind == "feeding":
        return _(
            "Of %(a)s's deal-ins, %(n)d went to %(b)s, where about %(exp)s were expected from "
            "how often each player wins on discards (%(hands)d hands at the same table).",
            a=s.players[0],
            b=s.players[1],
            n=s.observed,
            exp=exp,
            hands=s.hands,
        )
    if s.kind == "money_flow":
        return _(
            "In %(hands)d hands together, %(more)d recorded more money from %(a)s to %(b)s "
            "than the rules settle and %(less)d less: %(points)d points more in all.",
            hands=s.hands,
            more=s.observed,
            less=s.events - s.observed,
            a=s.players[0],
            b=s.players[1],
            points=s.effect,
        )
    if s.kind == "recording_favour":
        return _(
            "Of the %(n)d payments %(r)s recorded or corrected that moved money, %(p)s gained "
            "most in %(k)d (about %(exp)s by chance).",
            n=s.events,
            r=s.players[0],
            p=s.players[1],
            k=s.observed,
            exp=exp,
        )
    if s.kind == "play":
        return _(
            "Of the %(n)d discards with which %(a)s dealt into %(b)s, %(k)d took the hand "
            "further from ready than its best choice (about %(exp)s expected from %(a)s's "
            "other deal-ins).",
            n=s.events,
            a=s.players[0],
            b=s.players[1],
            k=s.observed,
            exp=exp,
        )
    return _(
        "Of the %(n)d disputes kept as recorded, the recorded payment favoured %(p)s in "
        "%(k)d (about %(exp)s by chance).",
        n=s.events,
        p=s.players[0],
        k=s.observed,
        exp=exp,
    )


def _opened(user: User, club: str, since: date | None, until: date | None) -> None:
    detail = json.dumps({"since": _iso(since), "until": _iso(until)})
    with db() as session:
        session.add(
            ClubHistory(club=club, kind="integrity_opened", by=user.username, detail=detail)
        )
        session.commit()


def history(club: str) -> list[dict]:
    """The club's history, newest first (for tests and the admins)."""
    with db() as session:
        rows = session.exec(select(ClubHistory).where(ClubHistory.club == club)
                            .order_by(ClubHistory.id.desc())).all()  # fmt: skip
    return [
        {"kind": r.kind, "by": r.by, "detail": json.loads(r.detail), "at": r.at.isoformat()}
        for r in rows
    ]


def _iso(d: date | None) -> str | None:
    return d.isoformat() if d else None
