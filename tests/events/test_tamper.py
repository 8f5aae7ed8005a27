"""The tamper matrix of docs/store.md: an intruder with write access to the database (triggers
dropped) edits, deletes, swaps, truncates, re-chains, deletes a session or appends a forged
correction; `fupan store check` catches each. An intruder who also holds the signing key can
make the store consistent again, and the checkpoint a club kept catches that."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from events import chain, receipts, store
from events.config import settings
from service.cli import app
from tests.conftest import (
    drop_write_once_triggers,
    edit_records,
    insert_chunk,
    rewrite_chunks,
    run_sql,
    stored_chunks,
    variant,
)

runner = CliRunner()


def fupan(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def sessions(database_url, sample_log):
    """Two stored sessions, and the checkpoint a club copied after them."""
    return [store.ingest(data=variant(sample_log, n)).session for n in (1, 2)]


@pytest.fixture
def club_checkpoint(sessions, tmp_path):
    path = tmp_path / "checkpoint.txt"
    path.write_text(fupan("store", "checkpoint").output, encoding="utf-8")
    return path


def caught(*expected: str) -> str:
    """`fupan store check` fails, naming each of ``expected``."""
    result = fupan("store", "check")
    assert result.exit_code == 1, result.output
    for text in expected:
        assert text in result.output, result.output
    return result.output


def rechain(session_id: str, records: list[str]) -> None:
    """Replace a stream with ``records``, every link recomputed, and move its head to the end."""
    drop_write_once_triggers("sessions")
    links = chain.extend(records)
    rewrite_chunks(session_id, [chain.chunk(links)])
    run_sql(
        "UPDATE sessions SET head_seq = :q, head_hash = :h WHERE id = :s",
        q=links[-1].seq, h=links[-1].hash, s=session_id,
    )  # fmt: skip


def records_of(session_id: str) -> list[str]:
    return [e.data for e in store.read_events(session_id=session_id)]


def rebuild_with_the_key() -> None:
    """What an intruder holding the signing key does next: a fresh receipt for every session's
    current head, and the transparency log rebuilt from them."""
    key = receipts.signing_key(settings().signing_key_path)
    for table in ("receipts", "log_leaves", "log_checkpoints"):
        drop_write_once_triggers(table)
        run_sql(f"DELETE FROM {table}")
    for s in store.list_sessions():
        head = chain.Link(s.head_seq, "", "", "", s.head_hash)
        document = receipts.issue(
            key,
            session_id=s.id,
            club=s.club,
            content_hash=s.content_hash,
            uploaded=s.head_seq + 1,
            head=head,
            kind="upload",
        )
        run_sql(
            "INSERT INTO receipts (session_id, head_seq, document, created_at) "
            "VALUES (:s, :q, :d, CURRENT_TIMESTAMP)",
            s=s.id, q=s.head_seq, d=receipts.json.dumps(document),
        )  # fmt: skip
    store.seal_log()
    assert fupan("store", "check").exit_code == 0  # the store alone no longer shows it


def caught_by_the_checkpoint(path, sample_log) -> None:
    """The service goes on storing sessions; then the club checks its old checkpoint."""
    for n in (3, 4):
        store.ingest(data=variant(sample_log, n))
    assert fupan("store", "check").exit_code == 0
    result = fupan("store", "check", "--checkpoint", str(path))
    assert result.exit_code == 1, result.output
    assert (
        "checkpoint: the log does NOT extend the checkpoint of 2 leaves signed at" in result.output
    ), result.output
    assert "does not extend the tree of 2" in result.output  # the consistency proof failed


def test_the_untouched_store_passes_with_the_checkpoint(sessions, club_checkpoint):
    result = fupan("store", "check", "--checkpoint", str(club_checkpoint))
    assert result.exit_code == 0, result.output
    assert "the log extends the checkpoint of 2 leaves" in result.output


def test_edit_an_event(sessions):
    s = sessions[1]
    edit_records(s.id, lambda seq, r: r.replace('"amount":20', '"amount":2'))
    caught(
        f"session {s.id}: chain broken at seq {s.head_seq}: hash does not match the records of "
        f"seqs 0–{s.head_seq}"
    )


def test_delete_an_event(sessions):
    s = sessions[0]
    [x] = stored_chunks(s.id)
    lines = x.data.split("\n")
    rewrite_chunks(s.id, [x._replace(data="\n".join(lines[:5] + lines[6:]))])
    caught(f"session {s.id}: chain broken at seq 0: the chunk of seqs 0–{s.head_seq} holds")


def test_swap_two_events(sessions):
    s = sessions[0]
    data = records_of(s.id)
    edit_records(s.id, lambda seq, r: {3: data[4], 4: data[3]}.get(seq, r))
    caught(f"session {s.id}: chain broken at seq {s.head_seq}: hash does not match")


def test_split_a_chunk_and_drop_its_second_half(sessions):
    """Chunk rows re-cut at another seq: their stored links are the stored chain's, but the
    records are not all there."""
    s = sessions[0]
    links = store.read_events(session_id=s.id)
    rewrite_chunks(s.id, [chain.chunk(links[:5]), chain.chunk(links[7:])])
    caught(f"session {s.id}: chain broken at seq 5: expected seq 5, found seqs 7–{s.head_seq}")


def test_truncate_and_move_the_head_back(sessions):
    """The chain alone cannot show it: what is left walks to the (moved) head."""
    s = sessions[0]
    rechain(s.id, records_of(s.id)[:-3])
    caught(
        f"session {s.id}: the chain ends before seq {s.head_seq}, a head logged at leaf 0",
        f"session {s.id}: head {s.head_seq - 3} is not the head of a signed receipt",
    )


def test_rechain_an_edited_event(sessions):
    s = sessions[1]
    data = records_of(s.id)
    data[7] = data[7].replace("}", ',"x":1}', 1)
    rechain(s.id, data)
    caught(
        f"session {s.id}: the chain at seq {s.head_seq} is not the head logged at leaf 1",
        f"session {s.id}: head {s.head_seq} is not the head of a signed receipt",
    )


def test_rechain_with_the_key_is_caught_by_the_checkpoint(sessions, club_checkpoint, sample_log):
    s = sessions[0]
    data = records_of(s.id)
    data[7] = data[7].replace("}", ',"x":1}', 1)
    rechain(s.id, data)
    rebuild_with_the_key()
    caught_by_the_checkpoint(club_checkpoint, sample_log)


def delete_session(session_id: str) -> None:
    for table in ("event_chunks", "receipts", "verifications", "sessions"):
        drop_write_once_triggers(table)
    for table, column in (("event_chunks", "stream"), ("receipts", "session_id")):
        run_sql(f"DELETE FROM {table} WHERE {column} = :s", s=session_id)
    run_sql("DELETE FROM verifications WHERE session_id = :s", s=session_id)
    run_sql("DELETE FROM sessions WHERE id = :s", s=session_id)


def test_delete_a_session_with_its_receipts(sessions):
    delete_session(sessions[0].id)
    caught(f"session {sessions[0].id} is missing, logged at leaf 0")


def test_delete_a_session_with_the_key_is_caught_by_the_checkpoint(
    sessions, club_checkpoint, sample_log
):
    delete_session(sessions[0].id)
    rebuild_with_the_key()
    caught_by_the_checkpoint(club_checkpoint, sample_log)


def append_a_forged_correction(s) -> chain.Link:
    """A correction chained after the session's head, and the head moved to it."""
    forged = store.canonical_json(
        {"type": "correction", "target": 3, "void": True, "reason": "x", "by": "阿强"}
    )
    [link] = chain.extend([forged], seq=s.head_seq + 1, prev_hash=s.head_hash)
    insert_chunk(s.id, chain.chunk([link]))
    run_sql("UPDATE sessions SET head_seq = :q, head_hash = :h WHERE id = :s",
            q=link.seq, h=link.hash, s=s.id)  # fmt: skip
    return link


def test_a_forged_correction_appended_and_chained(sessions):
    """No trigger stands in the way (the head moves forward to a stored event): only the missing
    signatures show it."""
    s = sessions[1]
    link = append_a_forged_correction(s)
    caught(
        f"session {s.id}: head {link.seq} is not logged",
        f"session {s.id}: head {link.seq} is not the head of a signed receipt",
    )
