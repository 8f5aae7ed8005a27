"""What the whole-history pages (ledger, player page, club charts) need of each audit report,
written once per verification into ``web_digest`` and ``web_digest_player`` (migrations 0004,
0007) by the worker that stored it (``workers.tasks``), right after the result.

Those pages read every report of a club or player; parsing 4,000 reports of ~30 kB each took
seconds, in every web process. A verification row never changes, so its digest never goes
stale, and a page only reads digests (it used to fill the missing ones inside its request).
``fill`` digests every result that has none: the results stored before the workers wrote digests,
or before a migration emptied them (0012_digest_reset). Nobody needs to run it by hand after an
upgrade: the workers' sweeper fills a batch every few seconds while the queue is idle, and an
embedded worker fills them all when it starts (``workers.tasks``; ``fupan digest`` still does it
at once). Rows are keyed by verification id and inserted
with ON CONFLICT DO NOTHING, so two processes filling at once write each digest once.

A row that cannot be digested (a report that is not what the engine writes, a name the
database refuses) is logged and stored as a failed audit, alone: one club's data once made
every club's ledger answer 500 (issue 18).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import Connection, Engine, exists, select
from sqlalchemy.dialects import postgresql, sqlite

from engine.audit import resolutions
from engine.explain import ITEM_LABELS
from engine.model import SEAT_NAMES
from engine.report import Explanation, Report
from events import verifications
from events.db import get_engine, insert_rows
from events.models import Digest as DigestRow
from events.models import DigestPlayer, TableSession, Verification

BATCH = 200  # reports parsed per transaction (~30 kB each)
log = logging.getLogger(__name__)
_INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


@dataclass(frozen=True)
class Digest:
    recorded_totals: dict[str, int]
    hands: int
    disputed_hands: int
    explanations: tuple[dict | None, ...]  # the rule item behind each disputed hand (rule_item)
    winner_points: tuple[int, ...]  # the points of each win
    wins: dict[str, int]  # wins per player
    owed_totals: dict[str, int]  # by the audit's expected payments (a kept settlement stands)


def digest(report: Report) -> Digest:
    wins: dict[str, int] = {}
    explanations, points = [], []
    owed: dict[str, int] = {}
    for h, net in zip(report.hands, owed_nets(report), strict=True):
        standing = [w.seat for w in h.wins if w.stands]  # a declared win that is no win: none
        for seat in standing:
            player = h.seats.get(seat)
            wins[player] = wins.get(player, 0) + 1
        points.extend(h.points[s] for s in standing if s in h.points)
        if h.disputes:
            explanations.append(rule_item(h.explanations[0] if h.explanations else None, h.seats))
        for seat, amount in net.items():
            player = h.seats.get(seat, seat)
            owed[player] = owed.get(player, 0) + amount
    return Digest(
        recorded_totals=dict(report.recorded_totals),
        hands=len(report.hands),
        disputed_hands=len(explanations),
        explanations=tuple(explanations),
        winner_points=tuple(points),
        wins=wins,
        owed_totals=owed,
    )


def owed_nets(report: Report) -> list[dict[str, int]]:
    """Each hand's balance per seat by what was owed: the audit's expected payments, unless a
    resolution kept what the table paid (then that is what is owed)."""
    kept = {seq for seq, r in resolutions(report).items() if r["action"] == "keep_recorded"}
    return [(h.recorded_net or {}) if h.seq in kept else h.expected_net for h in report.hands]


def rule_item(explanation: Explanation | None, seats: dict[str, str]) -> dict | None:
    """The rule item behind an explanation, the same whichever seat made the mistake (the
    dashboards count disputed hands per item): ``{code, zh, en}`` with the seats taken out of
    both labels (the hand's players, the wind the audit names a seat by when it has no player,
    and the bare letters of reports made before seats were named), or for a mistake whose text
    is mostly the seats it names (a payment slip, another reading) the item's own label
    (engine.explain.ITEM_LABELS); None when the audit found no explanation. Stored as data: a page picks the language (``item_label``)."""
    if not explanation:
        return None
    generic = ITEM_LABELS.get(explanation.code)
    if generic:  # a text that is mostly the seats it names ("阿强付给小李的款付了两次")
        return {"code": explanation.code, "zh": generic[0], "en": generic[1]}
    return {
        "code": explanation.code,
        "zh": _without_seats(explanation.zh, seats, 0, r"(?<![A-Za-z])[ESWN](?![A-Za-z])"),
        "en": _without_seats(explanation.en or "", seats, 1, r"\b[ESWN]\b"),
    }


def _without_seats(text: str, seats: dict[str, str], lang: int, letter: str) -> str:
    words = {seats.get(s) or SEAT_NAMES[s][lang] for s in SEAT_NAMES}
    for word in sorted(words, key=len, reverse=True):
        text = text.replace(f"{word}'s", "").replace(word, "")
    text = re.sub(letter + r"(?:'s)?", "", text)
    return re.sub(r"\(\s*\)|\s{2,}", " ", text).strip(" :：")


def fill(
    clubs: Iterable[str] | None = None,
    sessions: Iterable[str] | None = None,
    engine: Engine | None = None,
    limit: int | None = None,
) -> int:
    """Digest every verification (of ``clubs``, of ``sessions``; None: of all) that has no
    digest yet, the oldest ``limit`` of them (None: all); how many were missing."""
    engine = engine or get_engine()
    undigested = select(Verification.id).where(
        ~exists().where(DigestRow.verification_id == Verification.id)
    )
    if sessions is not None:
        undigested = undigested.where(Verification.session_id.in_(list(sessions)))
    if clubs is not None:
        undigested = undigested.join(
            TableSession, TableSession.id == Verification.session_id
        ).where(TableSession.club.in_(list(clubs)))
    if limit is not None:
        undigested = undigested.order_by(Verification.id).limit(limit)
    with engine.connect() as c:
        missing = sorted(c.execute(undigested).scalars())
    for i in range(0, len(missing), BATCH):
        batch = missing[i : i + BATCH]
        try:
            _fill(batch, engine)
        except Exception:  # some row of the batch is bad: find it, alone
            for vid in batch:
                _fill_alone(vid, engine)
    return len(missing)


def _fill_alone(vid: int, engine: Engine) -> None:
    """Digest one verification; if that fails, log why and store it as a failed audit (no
    player rows), so the pages show it as such and the fill does not try it again."""
    try:
        _fill([vid], engine)
    except Exception as e:  # whatever this row holds, it stays with this row
        query = select(*_COLUMNS).join(TableSession, TableSession.id == Verification.session_id)
        with engine.begin() as c:
            row = c.execute(query.where(Verification.id == vid)).one()
            log.error(
                "web digest of verification %s (session %s, club %r) failed, shown as a failed"
                " audit: %s", vid, row.session_id, row.club, e,
            )  # fmt: skip
            insert = _INSERT[c.dialect.name]
            c.execute(
                insert(DigestRow.__table__).on_conflict_do_nothing(), [_digest_row(row, None)]
            )


_COLUMNS = (
    Verification.id, Verification.session_id, Verification.head_seq, Verification.status,
    Verification.disputes, Verification.anomalies, Verification.report, TableSession.players,
    TableSession.club,
)  # fmt: skip


class Result(NamedTuple):
    """The columns of a result row that its digest copies."""

    id: int
    session_id: str
    head_seq: int
    status: str
    disputes: int
    anomalies: int


class Written(NamedTuple):
    """A result just stored, with what its digest is made of: the session's players and the
    audit's report in hand (None: a failed audit)."""

    result: Result
    players: Iterable[str]
    report: Report | None


def write(connection: Connection, written: Iterable[Written]) -> None:
    """Insert the digests of results just stored, in their transaction, from the reports in
    hand (what ``fill`` makes of the stored JSON: nothing read back, parsed or upcast), two
    statements for them all. A report that cannot be digested is logged and digested as a
    failed audit, as ``fill`` does."""
    digest_rows, player_rows = [], []
    for result, players, report in written:
        try:
            d = digest(report) if report is not None else None
        except Exception as e:  # whatever this report holds, it stays with this row
            log.error("web digest of session %s failed, shown as a failed audit: %s",
                      result.session_id, e)  # fmt: skip
            d, players = None, ()
        digest_rows.append(_digest_row(result, d))
        player_rows += _player_rows(result.id, set(players), d)
    if not digest_rows:
        return
    insert_rows(connection, DigestRow, digest_rows)  # by COPY on PostgreSQL
    insert_rows(connection, DigestPlayer, player_rows)


def _fill(ids: list[int], engine: Engine) -> None:
    query = select(*_COLUMNS).join(TableSession, TableSession.id == Verification.session_id)
    with engine.begin() as c:
        digests, players = [], []
        for row in c.execute(query.where(Verification.id.in_(ids)).order_by(Verification.id)):
            report = verifications.report_of(row.report)
            d = digest(report) if report is not None else None
            digests.append(_digest_row(row, d))
            players.extend(_player_rows(row.id, set(row.players), d))
        insert = _INSERT[c.dialect.name]
        c.execute(insert(DigestRow.__table__).on_conflict_do_nothing(), digests)
        if players:
            c.execute(insert(DigestPlayer.__table__).on_conflict_do_nothing(), players)


def _digest_row(row, d: Digest | None) -> dict:
    return dict(
        verification_id=row.id, session_id=row.session_id, head_seq=row.head_seq,
        status=row.status, disputes=row.disputes, anomalies=row.anomalies, ok=d is not None,
        hands=d.hands if d else 0, disputed_hands=d.disputed_hands if d else 0,
        explanations=json.dumps(d.explanations if d else [], ensure_ascii=False),
        winner_points=json.dumps(d.winner_points if d else []),
    )  # fmt: skip


def _player_rows(vid: int, seated: set[str], d: Digest | None) -> list[dict]:
    """A row for each name with a recorded total (in the report's order: the ledger shows it),
    then each other of the session's players or winners."""
    totals = list(d.recorded_totals) if d else []
    named = seated | (set(d.wins) | set(d.owed_totals) if d else set())
    others = sorted(named - set(totals) - {None})
    return [
        dict(verification_id=vid, player=name, position=i, seated=name in seated,
             net=d.recorded_totals.get(name) if d else None, wins=d.wins.get(name, 0) if d else 0,
             owed=d.owed_totals.get(name) if d else None)
        for i, name in enumerate(totals + others)
    ]  # fmt: skip


def from_rows(row, players: list) -> Digest | None:
    """The Digest back from its rows (``players`` by position; None for a failed audit)."""
    if not row.ok:
        return None
    return Digest(
        recorded_totals={p.player: p.net for p in players if p.net is not None},
        hands=row.hands,
        disputed_hands=row.disputed_hands,
        explanations=tuple(json.loads(row.explanations)),
        winner_points=tuple(json.loads(row.winner_points)),
        wins={p.player: p.wins for p in players if p.wins},
        owed_totals={p.player: p.owed for p in players if p.owed is not None},
    )
