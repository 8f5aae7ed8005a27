"""The night's ledger of a club, a plain dict for both the page and the API: what each player
won or lost — by what the tables recorded, or by what the audit says was owed — which tables
still have open disputes, the fewest transfers that settle everyone up, and which of them
were marked paid."""

from __future__ import annotations

from dataclasses import replace

from flask import abort
from flask_babel import gettext as _

from engine.audit import resolutions as report_resolutions
from engine.report import HandReport
from service.accounts import auth
from service.club.views import club_digests
from service.ledger import money, paid
from service.ledger.settle import settle_up
from service.models import User
from service.sessions import queries
from service.sessions.resolutions import reason_words
from service.sessions.views import parse_filter
from workers.digests import owed_nets


def ledger_view(user: User, club: str, args) -> dict:
    """A night's ledger (filter by date, table; ``basis`` recorded or owed). Without a date it
    is the newest night's; ``date=all`` shows every night, each settled on its own."""
    basis = args.get("basis", "recorded")
    if basis not in paid.BASES:
        abort(400, _("basis must be one of %(bases)s", bases=", ".join(paid.BASES)))
    role = auth.require_club(user, club).role
    flt = _filter(club, args)
    tables: dict[str, dict] = {}
    nights: dict[str, dict[str, int]] = {}
    pending = []
    for summary, d in club_digests(user, club, flt):
        if d is None:
            pending.append(summary["id"])
            continue
        table = tables.setdefault(
            summary["table"], {"table": summary["table"], "net": {}, "open": []}
        )
        night = nights.setdefault((summary["started_at"] or summary["uploaded_at"])[:10], {})
        for player, amount in (d.recorded_totals if basis == "recorded" else d.owed_totals).items():
            table["net"][player] = table["net"].get(player, 0) + amount
            night[player] = night.get(player, 0) + amount
        if summary["disputes"]:
            table["open"].append({"session": summary["id"], "hands": summary["disputes"],
                                  "when": summary["started_at"] or summary["uploaded_at"]})  # fmt: skip
    marks = paid.marks(club, sorted(nights))
    by_pair = paid.paid_by_pair(marks, basis)
    totals = _add(nights.values())
    return {
        "club": club,
        "date": flt.day.isoformat() if flt.day else None,  # None: every night
        "basis": basis,
        "money": money.money_setting(club),
        "can_mark": role in ("auditor", "admin"),
        "is_admin": role == "admin",
        "tables": [{**tables[t], "transfers": settle_up(tables[t]["net"])} for t in sorted(tables)],
        "open_disputes": sum(h["hands"] for t in tables.values() for h in t["open"]),
        "totals": dict(sorted(totals.items(), key=lambda kv: -kv[1])),
        "transfers": settle_up(totals),
        "nights": [_night(n, nights[n], by_pair) for n in sorted(nights)],
        "players": _players(totals, marks, basis),
        "marks": [paid.as_dict(m) for m in marks if m.basis == basis],
        "undone": sorted(paid.undone(marks)),
        "pending_sessions": pending,
    }


def _filter(club: str, args) -> queries.SessionFilter:
    """The ledger's sessions: a night (``date``; the newest without one) or every night
    (``date=all``), and a table."""
    every_night = args.get("date") == "all"
    flt = parse_filter({k: v for k, v in args.items() if k != "date" or not every_night})
    flt = replace(flt, club=club)
    return flt if flt.day or every_night else replace(flt, day=queries.latest_day(club))


def hand_rows(user: User, club: str, args) -> list[dict]:
    """What each player won or lost in each hand of the ledger's sessions, recorded and owed
    (the CSV), oldest session first; ``session`` is its start and table as people say it, and
    each row says whether the hand was disputed and how the dispute was resolved."""
    auth.require_club(user, club)
    rows = queries.list_sessions([club], _filter(club, args), 10**6, 0, with_report=True)
    out = []
    for s, v in reversed(rows):
        report = queries.report_of(v)
        if report is None:
            continue
        start = (s.started_at or s.created_at.isoformat())[:16].replace("T", " ")
        session = _("%(start)s, table %(table)s", start=start, table=s.table_name)
        resolved = report_resolutions(report)
        for h, owed in zip(report.hands, owed_nets(report), strict=True):
            dispute, resolution = _dispute_cells(h, resolved.get(h.seq))
            for seat, player in h.seats.items():
                out.append({"date": start[:10], "table": s.table_name, "session": session,
                            "hand": h.no, "player": player,
                            "recorded": (h.recorded_net or {}).get(seat),
                            "owed": owed.get(seat, 0), "dispute": dispute,
                            "resolution": resolution})  # fmt: skip
    return out


def _dispute_cells(hand: HandReport, resolution: dict | None) -> tuple[str, str]:
    """The CSV's dispute (open, resolved or empty) and resolution (how, why, by whom) cells."""
    if resolution is not None:
        return _("resolved"), _("%(reason)s (by %(user)s)",
                                reason=reason_words(resolution["reason"]), user=resolution["by"])  # fmt: skip
    return (_("open"), "") if hand.disputes else ("", "")


def _add(nets) -> dict[str, int]:
    out: dict[str, int] = {}
    for net in nets:
        for player, amount in net.items():
            out[player] = out.get(player, 0) + amount
    return out


def _night(night: str, net: dict[str, int], by_pair: dict) -> dict:
    """One night's settle-up, each transfer with what was marked paid and what is left."""
    transfers = []
    for t in settle_up(net):
        done = by_pair.get((night, t["from"], t["to"]), 0)
        transfers.append({**t, "paid": done, "outstanding": max(t["amount"] - done, 0)})
    return {"night": night, "transfers": transfers,
            "to_transfer": sum(t["amount"] for t in transfers),
            "paid": sum(min(t["paid"], t["amount"]) for t in transfers),
            "outstanding": sum(t["outstanding"] for t in transfers)}  # fmt: skip


def _players(totals: dict[str, int], marks, basis: str) -> list[dict]:
    """Per player: the net, what they paid and received by marked transfers, and what is left
    (negative: still to pay; positive: still to receive)."""
    out = []
    for player, net in sorted(totals.items(), key=lambda kv: kv[1]):
        sent = sum(m.amount for m in marks if m.basis == basis and m.payer == player)
        got = sum(m.amount for m in marks if m.basis == basis and m.payee == player)
        out.append({"player": player, "net": net, "paid": sent, "received": got,
                    "outstanding": net + sent - got})  # fmt: skip
    return out
