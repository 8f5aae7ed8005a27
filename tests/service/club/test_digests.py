"""The digests behind the ledger, player page and club charts (``workers.digests``, written by
the worker with each result, and ``service.club.aggregates``) say what each session's newest
report says: checked against the per-report computation on simulated sessions, after a
correction, a newer engine version's result and a failed audit, on SQLite and PostgreSQL. The
pages fill nothing; filling is idempotent, also when two processes fill at once."""

from __future__ import annotations

import copy
import json
import multiprocessing
import os

import pytest
from sqlalchemy import insert
from sqlmodel import func, select

import dashboards
from engine.simulate import generate_session
from events import db as events_db
from events import store, verifications
from events.codec import canonical_json
from events.models import Digest as DigestRow
from events.models import DigestPlayer, Verification
from service.club import aggregates, charts
from service.club import views as club_views
from service.db import db, engine
from service.models import User
from service.sessions import queries
from service.sessions.views import session_summary
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, EN, OTHER_CLUB, csrf_token, fixture_log, login, verified
from workers import digests
from workers.celery_app import wait_embedded

PLAYERS = ["阿强", "小李", "老王", "阿芳"]  # the simulator's


@pytest.fixture
def web_database_url(database_url) -> str:
    """SQLite and PostgreSQL (the root fixture's parameters)."""
    return database_url


def simulated(n: int, hands: int = 3) -> bytes:
    ruleset = ["wenling", "huangyan", "zhoushan", "xizhou"][n % 4]
    records, _ = generate_session(ruleset, hands, seed=700 + n, faults=0.4)
    records[0].update(club=CLUB, table=f"table {n % 2 + 1}",
                      started_at=f"2026-11-{27 + n % 2}T19:30:00+08:00")  # fmt: skip
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def reference(flt: queries.SessionFilter) -> list[tuple[dict, digests.Digest | None]]:
    """What the pages showed before the digest tables: each session's newest report, parsed."""
    rows = queries.list_sessions([CLUB], flt, limit=10_000, with_report=True)
    out = [(session_summary(s, v), digests.digest(queries.report_of(v)) if v and v.report else None)
           for s, v in rows]  # fmt: skip
    return sorted(out, key=lambda x: (x[0]["started_at"] or "", x[0]["uploaded_at"], x[0]["id"]))


def reference_player(name: str) -> list[dict]:
    return [
        {**s, "net": d.recorded_totals.get(name, 0) if d else None,
         "wins": d.wins.get(name, 0) if d else None}
        for s, d in reference(queries.SessionFilter()) if name in s["players"]
    ]  # fmt: skip


def assert_pages_agree(app, client) -> None:
    figures = {}
    with app.app_context():
        with db() as session:
            alice = session.exec(select(User).where(User.username == "alice")).one()
        filters = [queries.SessionFilter(), queries.SessionFilter(table="table 2"),
                   queries.SessionFilter(player="阿强"),
                   queries.SessionFilter(day=queries.latest_day(CLUB))]  # fmt: skip
        for flt in filters:
            got, want = club_views.club_digests(alice, CLUB, flt), reference(flt)
            assert got == want, flt
            assert [list(d.recorded_totals.items()) for _, d in got if d] == [
                list(d.recorded_totals.items()) for _, d in want if d]  # fmt: skip
            balance = [(s["started_at"] or s["uploaded_at"], s["table"], d.recorded_totals)
                       for s, d in want if d is not None]  # fmt: skip
            assert aggregates.club_nets([CLUB], flt) == balance, flt
            if flt.table:  # the charts, built again after each change (their cache follows)
                figures["balance"] = charts._balance(balance).to_json()
                figures["disputes_by_table"] = charts._by_table(
                    [(s, d) for s, d in want if d is not None]).to_json()  # fmt: skip
        for name in PLAYERS:
            view, want = club_views.player_view(alice, name), reference_player(name)
            assert view["sessions"] == want
            assert view["total"] == sum(e["net"] or 0 for e in want)
            page = club_views.player_view(alice, name, newest=2)
            assert page["sessions"] == want[-2:]
            assert (page["count"], page["total"]) == (len(want), view["total"])
            figures[f"players/{name}"] = dashboards.running_balance([
                {"label": f"{(e['started_at'] or e['uploaded_at'])[:10]} · {e['club']} "
                          f"{e['table']}",
                 "net": {name: e["net"] or 0}} for e in want], charts.labels()).to_json()  # fmt: skip
        everything, totals = reference(queries.SessionFilter()), {}
        for _, d in everything:
            for player, amount in (d.recorded_totals if d else {}).items():
                totals[player] = totals.get(player, 0) + amount
    for name, figure in figures.items():
        url = f"/api/v1/{name}/charts/balance" if name.startswith("players/") \
            else f"/api/v1/clubs/{CLUB}/charts/{name}?table=table 2"  # fmt: skip
        # the figures above were built outside a request: in English
        assert client.get(url, headers=EN).get_data(as_text=True) == figure, name
    ledger = client.get(f"/api/v1/clubs/{CLUB}/ledger?date=all").get_json()
    assert ledger["totals"] == totals
    assert ledger["pending_sessions"] == [s["id"] for s, d in everything if d is None]


def _newest(app, sid: str) -> Verification:
    with app.app_context():
        return queries.latest_verifications([sid])[sid]


def _record(app, sid: str, report: dict | None, version: str, status: str = "ok") -> None:
    with app.app_context():
        head = store.get_session(session_id=sid, engine=engine()).head_seq
        assert verifications.record_verification(
            session_id=sid, head_seq=head, engine_version=version, options=None, report=report,
            status=status, disputes=0, engine=engine(), error=None if report else "boom",
        )  # fmt: skip
        digests.fill(sessions=[sid], engine=engine())  # as the worker does after storing it


@pytest.mark.slow
def test_the_digests_follow_each_sessions_newest_result(app, alice):
    ids = [verified(alice, simulated(n)) for n in range(6)]
    with app.app_context():  # stored, not verified yet: listed as pending
        waiting = store.ingest(data=simulated(6), engine=engine()).session.id
    assert_pages_agree(app, alice)
    assert alice.get("/players/阿强").status_code == 200

    disputed = next(s for s in ids if _newest(app, s).disputes)
    hand = next(i for i, h in enumerate(json.loads(_newest(app, disputed).report)["hands"], 1)
                if h["disputes"])  # fmt: skip
    response = alice.post(f"/api/v1/sessions/{disputed}/hands/{hand}/resolution",
                          json={"action": "accept_expected", "reason": "table agreed"},
                          headers={"X-CSRFToken": csrf_token(alice, "/")})  # fmt: skip
    assert response.status_code == 201 and wait_embedded(BACKGROUND_BUDGET)
    assert_pages_agree(app, alice)

    newer = json.loads(_newest(app, ids[1]).report)  # another engine version's result
    values = list(newer["recorded_totals"].values())
    totals = newer["recorded_totals"]
    newer["recorded_totals"] = dict(zip(totals, values[1:] + values[:1], strict=True))
    newer["hands"][0] = {**copy.deepcopy(newer["hands"][0]), "disputes": []}
    _record(app, ids[1], newer, "9.9.9")
    _record(app, ids[2], None, "9.9.9", status="failed")
    assert_pages_agree(app, alice)
    pending = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date=all").get_json()["pending_sessions"]
    assert sorted(pending) == sorted([waiting, ids[2]])
    with app.app_context():
        with db() as session:
            assert session.exec(select(func.count()).select_from(DigestRow)).one() == \
                session.exec(select(func.count()).select_from(Verification)).one()  # fmt: skip
        assert digests.fill(engine=engine()) == 0


def test_the_worker_writes_the_digest_with_the_result_and_no_page_fills_one(
    app, alice, monkeypatch
):
    sid = verified(alice, simulated(0))
    with app.app_context(), db() as session:  # no page asked yet: the worker wrote it
        vid = queries.latest_verifications([sid])[sid].id
        assert session.exec(
            select(DigestRow.session_id).where(DigestRow.verification_id == vid)
        ).all() == [sid]
        assert session.exec(select(func.count()).select_from(DigestPlayer)).one() >= 4

    def no_fill(*args, **kwargs):
        raise AssertionError("a page filled digests")

    monkeypatch.setattr(digests, "fill", no_fill)
    for page in [f"/clubs/{CLUB}/ledger?date=all", f"/clubs/{CLUB}/dashboards", "/players/阿强",
                 f"/api/v1/clubs/{CLUB}/charts/balance"]:  # fmt: skip
        assert alice.get(page).status_code == 200, page
    ledger = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date=all").get_json()
    assert ledger["pending_sessions"] == [] and ledger["totals"]


def _fill_in_child(url: str, data_dir: str, ids: list[int], barrier) -> None:
    os.environ.update(FUPAN_DATABASE_URL=url, FUPAN_DATA_DIR=data_dir, FUPAN_SECRET_KEY="test")
    from service.app import create_app

    with create_app({"TESTING": True}).app_context():
        barrier.wait(60)
        digests._fill(ids, engine())


@pytest.mark.slow
def test_two_processes_filling_at_once_write_each_digest_once(
    app, alice, web_database_url, data_dir
):
    for n in range(3):
        verified(alice, simulated(n, hands=2))
    with app.app_context(), engine().begin() as c:  # as results stored before the workers digested
        ids = list(c.execute(select(Verification.id)).scalars())
        c.execute(DigestPlayer.__table__.delete())
        c.execute(DigestRow.__table__.delete())
    spawn = multiprocessing.get_context("spawn")
    barrier = spawn.Barrier(2)
    args = (web_database_url, str(data_dir), ids, barrier)
    children = [spawn.Process(target=_fill_in_child, args=args) for _ in range(2)]
    for child in children:
        child.start()
    for child in children:
        child.join(120)
    assert [c.exitcode for c in children] == [0, 0]
    with app.app_context():
        assert digests.fill(engine=engine()) == 0
        with db() as session:
            assert sorted(session.exec(select(DigestRow.verification_id))) == sorted(ids)
            players = session.exec(select(DigestPlayer.verification_id, DigestPlayer.player)).all()
        assert len(players) == len(set(players)) >= 4 * len(ids)
        digests._fill(ids, engine())  # again: nothing to add, no error
    assert_pages_agree(app, alice)


def _bob(app):
    client = app.test_client()
    assert login(client, "bob").status_code == 302
    return client


@pytest.mark.parametrize(
    "bad_report",
    [
        "{not json",
        # A name PostgreSQL text cannot hold (old data, from before the codec refused it).
        json.dumps(
            {"hands": [], "recorded_totals": {"a\x00b": 1, "c": -1}, "anomalies": []},
        ),
    ],
)
def test_one_clubs_bad_row_fails_neither_another_club_nor_its_own_pages(
    app, alice, web_database_url, bad_report, caplog
):
    """The digest fill isolates a bad row: the NUL player name once made every club's ledger,
    player and chart pages answer 500 for good on PostgreSQL."""
    bob = _bob(app)
    verified(alice, fixture_log("audit/fan_missed.jsonl"))
    bad_session = verified(bob, fixture_log("replay/clean.jsonl", club=OTHER_CLUB))
    engine = events_db.get_engine(web_database_url)
    with engine.begin() as c:  # a newer result of bob's session, with the bad report
        row = c.execute(select(Verification).where(Verification.session_id == bad_session)).one()
        newer = {k: v for k, v in row._mapping.items() if k != "id"}
        newer.update(report=bad_report, engine_version="0.0.0-bad")
        c.execute(insert(Verification), [newer])
    digests.fill(sessions=[bad_session], engine=engine)  # the worker's fill after storing it
    for page in [f"/clubs/{CLUB}/ledger", f"/clubs/{CLUB}/dashboards", "/players/阿强", "/"]:
        assert alice.get(page).status_code == 200, page
    for page in [f"/clubs/{OTHER_CLUB}/ledger", f"/clubs/{OTHER_CLUB}/dashboards", "/"]:
        assert bob.get(page).status_code == 200, page
    assert bob.get(f"/api/v1/clubs/{OTHER_CLUB}/ledger").status_code == 200
    if bad_report.startswith("{not") or web_database_url.startswith("postgresql"):
        errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert any(bad_session in e and "failed audit" in e for e in errors), errors
