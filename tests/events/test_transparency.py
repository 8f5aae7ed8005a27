"""The transparency log: a leaf per session head, a signed checkpoint per append, inclusion proofs
in receipts, consistency with an older checkpoint, and the sessions stored before the log."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import math
import threading

import pytest
from cryptography.hazmat.primitives import serialization
from sqlalchemy.exc import DBAPIError

from events import db, merkle, receipts, store, transparency
from events.codec import parse_log
from events.config import settings
from tests.conftest import drop_write_once_triggers, run_sql, variant


def void(target: int) -> dict:
    return {"type": "correction", "target": target, "void": True, "reason": "记错了", "by": "阿强"}


def key():
    return receipts.signing_key(settings().signing_key_path)


def test_the_checkpoint_is_a_signed_note_as_documented(database_url, sample_log):
    """Parse and verify a checkpoint by the C2SP rules alone, not with the code under test."""
    stored = store.ingest(data=sample_log)
    note = store.latest_checkpoint()
    assert note == stored.receipt["receipt"]["log"]["checkpoint"]
    text, signature_line = note.split("\n\n")
    origin, size, root, time = text.split("\n")
    public = key().public_key()
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert origin == "fupan/" + hashlib.sha256(raw).hexdigest()[:16]
    leaf = f"{stored.session.id} {stored.session.head_seq} {stored.session.head_hash}"
    assert size == "1"
    assert base64.b64decode(root) == hashlib.sha256(b"\x00" + leaf.encode()).digest()
    assert time.startswith("time 20")
    dash, name, blob = signature_line.rstrip("\n").split(" ")
    assert (dash, name) == ("\u2014", origin)
    blob = base64.b64decode(blob)
    assert blob[:4] == hashlib.sha256(origin.encode() + b"\n\x01" + raw).digest()[:4]
    public.verify(blob[4:], (text + "\n").encode())  # raises if not


def test_every_upload_and_correction_is_a_leaf_with_a_proof_in_its_receipt(
    database_url, sample_log
):
    first = store.ingest(data=variant(sample_log, 1))
    second = store.ingest(data=variant(sample_log, 2))
    again = store.ingest(data=variant(sample_log, 1))  # a duplicate logs nothing
    fixed = store.append_corrections(
        session_id=first.session.id, corrections=[void(2)], expected_seq=first.session.head_seq
    )
    proofs = [s.receipt["receipt"]["log"] for s in (first, second, fixed)]
    assert [(p["leaf_index"], p["tree_size"]) for p in proofs] == [(0, 1), (1, 2), (2, 3)]
    assert again.receipt == first.receipt
    assert proofs[0]["inclusion"] == []  # leaf 2 of 3: its sibling is the subtree of leaves 0-1
    leaves = [
        merkle.leaf_hash(f"{s.session.id} {s.session.head_seq} {s.session.head_hash}".encode())
        for s in (first, second, fixed)
    ]
    assert proofs[2]["inclusion"] == [merkle.node_hash(leaves[0], leaves[1]).hex()]
    for s in (first, second, fixed):
        check = store.check_receipt(document=s.receipt)
        assert check.logged_in == s.receipt["receipt"]["log"]["tree_size"]
    result = store.check_chains()
    assert result.ok, result.problems
    assert result.checkpoint.size == 3


def test_concurrent_uploads_get_consecutive_leaves_and_valid_proofs(database_url, sample_log):
    """Eight writers at once: the log's appends are ordered (advisory lock / BEGIN IMMEDIATE),
    no index is lost or taken twice, and every receipt's proof holds."""
    start, results = threading.Barrier(8), []

    def upload(n: int) -> None:
        start.wait()
        results.append(store.ingest(data=variant(sample_log, n)))

    writers = [threading.Thread(target=upload, args=(n,)) for n in range(8)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
    indexes = sorted(r.receipt["receipt"]["log"]["leaf_index"] for r in results)
    assert indexes == list(range(8))
    for r in results:
        assert store.check_receipt(document=r.receipt).logged_in >= 1
    check = store.check_chains()
    assert check.ok and check.checkpoint.size == 8, check.problems


def test_a_receipt_whose_log_proof_is_altered_fails(database_url, sample_log):
    """Re-signed with the service key (so only the log proof is wrong): the proof itself fails."""
    stored = store.ingest(data=variant(sample_log, 1))
    store.ingest(data=variant(sample_log, 2))
    body = json.loads(json.dumps(store.receipts_of(session_id=stored.session.id)[-1]["receipt"]))
    body["log"]["leaf_index"] = 1
    forged = {"receipt": body, "signature": base64.b64encode(key().sign(_signed(body))).decode()}
    with pytest.raises(receipts.ReceiptInvalid, match="log proof does not verify"):
        store.check_receipt(document=forged)


def _signed(body: dict) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_the_log_extends_an_older_checkpoint(database_url, sample_log):
    store.ingest(data=variant(sample_log, 1))
    old = store.latest_checkpoint()
    for n in range(2, 7):
        store.ingest(data=variant(sample_log, n))
    result = store.check_chains(checkpoint=old)
    assert result.ok, result.problems
    assert (result.extends.size, result.checkpoint.size) == (1, 6)


def test_a_checkpoint_from_another_key_or_altered_is_refused(database_url, sample_log):
    store.ingest(data=sample_log)
    note = store.latest_checkpoint()
    altered = note.replace("\n1\n", "\n2\n", 1)
    problems = store.check_chains(checkpoint=altered).problems
    assert problems == ["checkpoint: the checkpoint's signature does not verify"]
    other = transparency.sign_checkpoint(
        receipts.Ed25519PrivateKey.generate(), 1, b"\x00" * 32, "2026-12-01T00:00:00+00:00"
    )
    [problem] = store.check_chains(checkpoint=other.note).problems
    assert "not signed by this log's key" in problem
    with pytest.raises(transparency.CheckpointInvalid, match="no blank line"):
        transparency.open_checkpoint("fupan/x\n1\n", key().public_key())


def test_pasted_checkpoints_with_windows_line_ends_still_verify(database_url, sample_log):
    store.ingest(data=sample_log)
    pasted = store.latest_checkpoint().replace("\n", "\r\n").rstrip()
    assert store.check_chains(checkpoint=pasted).extends.size == 1


def test_the_log_tables_are_write_once(database_url, sample_log):
    store.ingest(data=sample_log)
    for sql in (
        "UPDATE log_leaves SET head_seq = 0",
        "DELETE FROM log_leaves",
        "UPDATE log_checkpoints SET note = ''",
        "DELETE FROM log_checkpoints",
    ):
        with pytest.raises(DBAPIError, match="fupan: "):
            run_sql(sql)


def test_sessions_stored_before_the_log_are_sealed_into_it(database_url, sample_log):
    """What `fupan db upgrade` does after 0005: log each head its newest receipt states, then
    sign one checkpoint; a head that no signed receipt states is refused and nothing is written."""
    sessions = [store.ingest(data=variant(sample_log, n)).session for n in range(3)]
    for table in ("log_leaves", "log_checkpoints"):
        drop_write_once_triggers(table)
        run_sql(f"DELETE FROM {table}")  # as if stored before the log
    assert len(store.check_chains().problems) == 3  # the heads are not logged
    logged, note = store.seal_log()
    assert logged == 3
    result = store.check_chains()
    assert result.ok, result.problems
    assert result.checkpoint.note == note and result.checkpoint.size == 3
    assert store.seal_log() == (0, note)  # nothing more to do

    run_sql("DELETE FROM log_checkpoints")
    run_sql("DELETE FROM log_leaves WHERE session_id = :s", s=sessions[2].id)
    drop_write_once_triggers("receipts")
    run_sql("DELETE FROM receipts WHERE session_id = :s", s=sessions[2].id)
    with pytest.raises(transparency.SealRefused, match=sessions[2].id):
        store.seal_log()
    assert store.latest_checkpoint() is None


def test_a_club_checks_a_consistency_proof_without_the_database(
    database_url, sample_log, tmp_path, monkeypatch
):
    from typer.testing import CliRunner

    from service.cli import app

    def fupan(*args: str):
        return CliRunner().invoke(app, list(args), catch_exceptions=False)

    store.ingest(data=variant(sample_log, 1))
    old, key, proof = tmp_path / "old.txt", tmp_path / "key.pem", tmp_path / "proof.json"
    old.write_text(fupan("store", "checkpoint").output, encoding="utf-8")
    key.write_text(fupan("store", "public-key").output, encoding="utf-8")
    for n in range(2, 6):
        store.ingest(data=variant(sample_log, n))
    proved = fupan("store", "prove", "--checkpoint", str(old))
    assert proved.exit_code == 0, proved.output
    proof.write_text(proved.output, encoding="utf-8")
    document = json.loads(proved.output)
    assert document["old"] == old.read_text(encoding="utf-8")
    assert document["new"] == store.latest_checkpoint()

    swapped = dict(document, old=store.consistency_proof(checkpoint=document["new"])["old"])

    monkeypatch.setenv("FUPAN_DATABASE_URL", "postgresql+psycopg://nobody@127.0.0.1:9/none")

    def check(doc: dict):
        proof.write_text(json.dumps(doc), encoding="utf-8")
        args = ["--consistency", str(proof), "--checkpoint", str(old), "--public-key", str(key)]
        return fupan("store", "check", *args)

    ok = check(document)
    assert ok.exit_code == 0, ok.output
    assert "the log of 5 leaves" in ok.output and "extends the checkpoint of 1 leaves" in ok.output
    forged = check(dict(document, proof=["00" * 32] + document["proof"][1:]))
    assert forged.exit_code == 1
    assert "consistency proof does NOT verify" in forged.output
    # a server with the key could start the proof from another checkpoint it signed
    other = check(swapped)
    assert other.exit_code == 1
    assert "not the kept checkpoint" in other.output
    alone = fupan("store", "check", "--consistency", str(proof), "--public-key", str(key))
    assert alone.exit_code == 2 and "needs --checkpoint" in alone.output


def test_the_embedded_database_seals_itself_when_opened(database_url, sample_log):
    """SQLite migrates itself on first use, so it also logs what was stored before the log."""
    if not database_url.startswith("sqlite"):
        pytest.skip("PostgreSQL is sealed by `fupan db upgrade`")
    for n in range(2):
        store.ingest(data=variant(sample_log, n))
    for table in ("log_leaves", "log_checkpoints"):
        drop_write_once_triggers(table)
        run_sql(f"DELETE FROM {table}")
    db.dispose_all()
    assert store.latest_checkpoint() is not None  # get_engine() opened and sealed it
    result = store.check_chains()
    assert result.ok and result.checkpoint.size == 2, result.problems


def test_the_stored_tree_gives_the_rebuilt_trees_proofs_from_few_rows(database_url):
    """Every inclusion and consistency proof of a 21-leaf log, built from the stored nodes
    (``StoredTree``, for `fupan store check --club`), is the one of the tree rebuilt from every
    leaf; a proof of a leaf reads O(log² n) rows."""
    engine = db.get_engine()
    signer = key()
    leaves = [(f"{i:032x}", i % 3, hashlib.sha256(bytes([i])).hexdigest()) for i in range(21)]
    with engine.begin() as connection:
        for leaf in leaves:
            transparency.append(connection, signer, [leaf])
    rebuilt = merkle.Tree([transparency.leaf_hash(*leaf) for leaf in leaves])

    def from_rows(build):
        stored = transparency.StoredTree(engine)
        stored.read_for(lambda: build(stored.subtree))
        return build(stored.subtree), stored.rows_read

    for size in range(1, 22):
        for index in range(size):
            build = functools.partial(merkle.inclusion_proof, index, size)
            proof, rows = from_rows(build)
            assert proof == build(rebuilt.subtree), (index, size)
            assert rows <= (math.log2(size) + 1) ** 2
        for old in range(size + 1):
            build = functools.partial(merkle.consistency_proof, old, size)
            assert from_rows(build)[0] == build(rebuilt.subtree), (old, size)
    with pytest.raises(merkle.ProofFailed, match="leaf 22 is missing"):
        transparency.StoredTree(engine).subtree(22, 23)


def test_a_batch_of_leaves_has_one_checkpoint_and_each_leaf_the_rebuilt_trees_proof(
    database_url,
):
    """Batches of 1 to 5 heads appended to trees of every size from 0 to 22: one checkpoint a
    batch, over the whole grown tree, and each new leaf's inclusion proof is the one of the
    tree rebuilt from every leaf."""
    engine = db.get_engine()
    signer, leaves = key(), []
    for count in (1, 2, 3, 1, 4, 5, 2, 1, 3, 2):
        heads = [(f"{len(leaves) + i:032x}", i, hashlib.sha256(bytes([len(leaves) + i])).hexdigest())
                 for i in range(count)]  # fmt: skip
        with engine.begin() as connection:
            proofs = transparency.append(connection, signer, heads)
        leaves += heads
        rebuilt = merkle.Tree([transparency.leaf_hash(*leaf) for leaf in leaves])
        assert [p["leaf_index"] for p in proofs] == list(range(len(leaves) - count, len(leaves)))
        assert {p["tree_size"] for p in proofs} == {len(leaves)}
        [note] = {p["checkpoint"] for p in proofs}
        assert note == store.latest_checkpoint()
        assert transparency.open_checkpoint(note, signer.public_key()).root == rebuilt.root()
        for p in proofs:
            expected = merkle.inclusion_proof(p["leaf_index"], len(leaves), rebuilt.subtree)
            assert p["inclusion"] == [node.hex() for node in expected]


def test_a_batch_of_uploads_shares_one_checkpoint_each_with_its_own_leaf_and_receipt(
    database_url, sample_log
):
    """``ingest_many``: the new sessions of a batch in one transaction under one checkpoint;
    a stored log and a twin within the batch get their session; every receipt proves its head
    and the export is the upload's canonical text."""
    before = [store.ingest(data=variant(sample_log, n)) for n in (1, 2, 3)]
    texts = [variant(sample_log, n) for n in (4, 2, 5, 4, 6, 7, 8)]
    ids = [f"{n:032x}" for n in range(len(texts))]
    outcomes = store.ingest_many(parsed=[parse_log(t.encode()) for t in texts], session_ids=ids)
    assert [s.created for s in outcomes] == [True, False, True, False, True, True, True]
    assert outcomes[1].session.id == before[1].session.id
    assert outcomes[3].session.id == outcomes[0].session.id == ids[0]
    assert outcomes[3].receipt == outcomes[0].receipt
    new = [s for s in outcomes if s.created]
    assert [s.session.id for s in new] == [ids[0], ids[2], ids[4], ids[5], ids[6]]
    proofs = [s.receipt["receipt"]["log"] for s in new]
    assert [p["leaf_index"] for p in proofs] == [3, 4, 5, 6, 7]
    assert {p["checkpoint"] for p in proofs} == {store.latest_checkpoint()}
    for stored, text in zip(outcomes, texts, strict=True):
        assert store.check_receipt(document=stored.receipt).logged_in == (
            8 if stored in new or stored is outcomes[3] else 2
        )
        assert store.check_receipt(document=stored.receipt, log=text).event_count
        assert store.export_log(session_id=stored.session.id) == parse_log(text.encode()).text
    assert store.receipts_of(session_id=ids[0]) == [outcomes[0].receipt]
    result = store.check_chains()
    assert result.ok and result.checkpoint.size == 8, result.problems


def test_a_twin_stored_between_the_check_and_the_insert_costs_the_batch_nothing(
    database_url, sample_log, monkeypatch
):
    """A concurrent upload of the same log commits after the batch's content-hash check: the
    batch's insert fails on the unique content hash, and each log is then stored alone, the
    twin getting the winner's session."""
    winner = store.ingest(data=variant(sample_log, 1))
    real = store._ids_by_content_hash
    calls = []

    def blind_once(connection, hashes):
        calls.append(hashes)
        return {} if len(calls) == 1 else real(connection, hashes)

    monkeypatch.setattr(store, "_ids_by_content_hash", blind_once)
    texts = [variant(sample_log, n) for n in (2, 1, 3)]
    outcomes = store.ingest_many(parsed=[parse_log(t.encode()) for t in texts])
    assert [s.created for s in outcomes] == [True, False, True]
    assert outcomes[1].session.id == winner.session.id
    assert len(store.list_sessions()) == 3
    assert store.check_chains().ok
