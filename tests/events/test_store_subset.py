"""`fupan store check --club/--since/--until`: only the selected sessions are read, their heads
proven in the newest signed checkpoint by inclusion proofs; what it catches in the selection, what
it does not read outside it, and that its work follows the selection, not the store."""

from __future__ import annotations

import json
import math

import pytest
from sqlalchemy import event

from events import chain, db, receipts, store, transparency
from events.config import settings
from tests.conftest import drop_write_once_triggers, edit_records, run_sql
from tests.events.test_tamper import (
    append_a_forged_correction,
    delete_session,
    fupan,
    rebuild_with_the_key,
    rechain,
)

A, B = "东门俱乐部", "bench club"


def played(log: str, club: str, day: str, n: int) -> str:
    """The log as another upload: its club, table ``n`` and start on ``day``."""
    first, rest = log.split("\n", 1)
    session = json.loads(first)
    session.update(club=club, table=str(n), started_at=f"{day}T19:30:00+08:00")
    return json.dumps(session, ensure_ascii=False) + "\n" + rest


def stored(log: str, club: str, day: str, n: int):
    return store.ingest(data=played(log, club, day, n)).session


@pytest.fixture
def season(database_url, sample_log):
    """Club A plays in January and February, club B in January and March."""
    return {
        (club, day): stored(sample_log, club, day, n)
        for n, (club, day) in enumerate(
            [(A, "2026-01-05"), (B, "2026-01-06"), (A, "2026-02-10"), (B, "2026-03-01")]
        )
    }


def check(*args: str, code: int = 0) -> str:
    result = fupan("store", "check", *args)
    assert result.exit_code == code, result.output
    return result.output


def test_a_clean_store_passes_by_club_and_by_period(season, tmp_path, sample_log):
    assert "2 sessions, 34 events checked, 0 broken" in check("--club", A)
    assert "heads proven by inclusion" in check("--club", A)
    assert "played 2026-02-01 to …: 2 sessions" in check("--since", "2026-02-01")
    output = check("--club", A, "--since", "2026-02-01", "--until", "2026-02-28")
    assert f"club {A}, played 2026-02-01 to 2026-02-28: 1 sessions, 17 events" in output
    assert "played … to 2026-01-31: 2 sessions" in check("--until", "2026-01-31")
    assert "0 sessions" in check("--club", "nobody")
    kept = tmp_path / "checkpoint.txt"
    kept.write_text(fupan("store", "checkpoint").output, encoding="utf-8")
    stored(sample_log, A, "2026-04-01", 9)
    assert "the log extends the checkpoint of 4 leaves" in check(
        "--club", A, "--checkpoint", str(kept)
    )


def test_bad_selections_are_refused(season, tmp_path):
    assert "--until is before --since" in check(
        "--since", "2026-02-01", "--until", "2026-01-01", code=2
    )
    receipt = tmp_path / "r.json"
    receipt.write_text(fupan("store", "receipt", season[A, "2026-01-05"].id).output)
    assert "not with --receipt" in check("--club", A, "--receipt", str(receipt), code=2)


def test_an_edited_event_of_the_club_is_caught_and_other_clubs_are_not_read(season):
    s = season[A, "2026-02-10"]
    edit_records(s.id, lambda seq, r: r.replace('"', "'") if seq == 4 else r)
    assert f"session {s.id}: chain broken at seq {s.head_seq}" in check("--club", A, code=1)
    assert f"session {s.id}: chain broken" in check("--since", "2026-02-10", code=1)
    check("--club", B)  # passes: it never reads club A's sessions
    check("--until", "2026-01-31")  # nor sessions played outside the period
    check(code=1)  # the whole store's check does


def test_a_rechained_session_is_caught_by_its_receipt_and_its_logged_head(season):
    s = season[A, "2026-01-05"]
    data = [e.data for e in store.read_events(session_id=s.id)]
    data[7] = data[7].replace("}", ',"x":1}', 1)
    rechain(s.id, data)
    output = check("--club", A, code=1)
    assert (
        f"session {s.id}: the chain at seq {s.head_seq} is not the head logged at leaf 0" in output
    )
    assert f"session {s.id}: head {s.head_seq} is not the head of a signed receipt" in output
    # the intruder also rewrites the session's leaf to the new head: not in the signed tree
    drop_write_once_triggers("log_leaves")
    new_head = store.get_session(session_id=s.id).head_hash
    run_sql("UPDATE log_leaves SET head_hash = :h WHERE session_id = :s", h=new_head, s=s.id)
    output = check("--club", A, code=1)
    assert (
        f"session {s.id}: head {s.head_seq} logged at leaf 0 is not in the signed checkpoint of 4 leaves"
        in output
    )
    check("--club", B)  # B's leaves 1 and 3 prove with the stored node of leaf 0, not its columns


def test_a_forged_correction_of_the_club_is_caught(season):
    s = season[A, "2026-02-10"]
    link = append_a_forged_correction(s)
    output = check("--club", A, "--since", "2026-02-01", code=1)
    assert f"session {s.id}: head {link.seq} is not logged" in output
    assert f"session {s.id}: head {link.seq} is not the head of a signed receipt" in output


def test_a_deleted_session_is_caught_by_the_period_not_by_the_club_alone(season):
    """The log's leaves name a session, not its club: `--club` alone cannot know that one of its
    sessions is gone; `--since` reports every leaf logged since the day before whose session is
    gone (the sessions were stored today, so any recent day finds it)."""
    s = season[A, "2026-01-05"]
    delete_session(s.id)
    missing = f"session {s.id} is missing, logged at leaf 0"
    assert missing in check("--since", "2026-01-01", code=1)
    assert missing in check("--club", A, "--since", "2026-01-01", code=1)
    assert missing in check(code=1)
    assert "1 sessions" in check("--club", A)  # documented: the club alone does not see it


def test_a_session_moved_to_another_club_or_day_is_caught_where_it_lands(season):
    """Moved out of the selection it is not checked there; the check of where it was moved to,
    and the whole store's, see that the row no longer agrees with its receipt or first record."""
    s = season[A, "2026-01-05"]
    drop_write_once_triggers("sessions")
    run_sql("UPDATE sessions SET club = :c WHERE id = :s", c=B, s=s.id)
    check("--club", A)  # no longer selected
    moved = f"session {s.id}: club {B!r} is not its receipt's {A!r}"
    assert moved in check("--club", B, code=1)
    assert moved in check(code=1)
    run_sql("UPDATE sessions SET club = :c, started_at = :t WHERE id = :s",
            c=A, t="2025-12-31T19:30:00+08:00", s=s.id)  # fmt: skip
    check("--since", "2026-01-01")  # no longer in the period
    shifted = f"session {s.id}: started_at differs from its first record"
    assert shifted in check("--until", "2025-12-31", code=1)
    assert shifted in check(code=1)


def test_a_log_rebuilt_with_the_key_is_caught_by_a_kept_checkpoint(season, tmp_path, sample_log):
    kept = tmp_path / "checkpoint.txt"
    kept.write_text(fupan("store", "checkpoint").output, encoding="utf-8")
    s = season[A, "2026-02-10"]
    data = [e.data for e in store.read_events(session_id=s.id)]
    data[7] = data[7].replace("}", ',"x":1}', 1)
    rechain(s.id, data)
    rebuild_with_the_key()
    check("--club", A)  # the store is consistent again
    output = check("--club", A, "--checkpoint", str(kept), code=1)
    assert "checkpoint: the log does NOT extend the checkpoint of 4 leaves" in output


def test_a_tampered_log_node_breaks_the_newest_root(season):
    """The stored node at the log's right edge (the root of leaves 0..3) no longer gives the
    signed root: the subset check sees it without reading every leaf."""
    drop_write_once_triggers("log_leaves")
    run_sql("UPDATE log_leaves SET subtree_root = :r WHERE idx = 3", r="00" * 32)
    assert "log: the leaves no longer have the root signed at size 4" in check("--club", B, code=1)


def test_the_work_follows_the_selection_not_the_store(database_url, sample_log, monkeypatch):
    """Sessions walked and statements issued stay the same when other clubs' sessions are added;
    log rows read stay within the proofs' bound; the whole-store check walks everything."""
    mine = {stored(sample_log, A, "2026-01-05", n).id for n in range(3)}
    others = iter(range(100, 200))
    for _ in range(3):
        stored(sample_log, B, "2026-01-06", next(others))
    walked: list[str] = []
    real_walk = chain.walk

    def walk(stream, links, **head):
        walked.append(stream)
        return real_walk(stream, links, **head)

    monkeypatch.setattr(chain, "walk", walk)
    statements: list[str] = []
    engine = db.get_engine()

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        runs = []
        for more in (0, 20):
            for _ in range(more):
                stored(sample_log, B, "2026-01-06", next(others))
            walked.clear()
            statements.clear()
            result = store.check_chains(club=A)
            assert result.ok, result.problems
            runs.append((sorted(walked), len(statements), result.log_rows))
            size = result.checkpoint.size
            assert result.log_rows <= len(mine) * (math.log2(size) + 1) ** 2
        assert runs[0][0] == runs[1][0] == sorted(mine)  # other clubs' sessions are not walked
        assert runs[0][1] == runs[1][1]  # nor read: as many statements with 20 more of them
        walked.clear()
        assert store.check_chains().ok
        assert len(walked) == 3 + 3 + 20
    finally:
        event.remove(engine, "before_cursor_execute", count)


def test_a_previous_checkpoint_the_newest_does_not_extend_is_caught(season):
    """With the key, the checkpoint of 3 leaves re-signed over another root: the newest (4
    leaves) no longer extends it, which the subset check proves from the stored nodes."""
    signer = receipts.signing_key(settings().signing_key_path)
    forged = transparency.sign_checkpoint(signer, 3, bytes(32), "2026-12-01T00:00:00+00:00")
    drop_write_once_triggers("log_checkpoints")
    run_sql("UPDATE log_checkpoints SET root_hash = :r, note = :n WHERE tree_size = 3",
            r=forged.root.hex(), n=forged.note)  # fmt: skip
    output = check("--club", A, code=1)
    assert (
        "log: the newest checkpoint: the log does NOT extend the checkpoint of 3 leaves" in output
    )
    assert "log: the leaves no longer have the root signed at size 3" in check(code=1)
