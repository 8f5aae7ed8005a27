"""Receipts: signed on upload and on every correction, checkable from the store or from a file."""

from __future__ import annotations

import copy
import json

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from events import store
from events.receipts import ReceiptInvalid
from tests.conftest import edit_records


def void(target: int) -> dict:
    return {"type": "correction", "target": target, "void": True, "reason": "记错了", "by": "阿强"}


@pytest.fixture
def stored(database_url, sample_log):
    return store.ingest(data=sample_log)


def test_a_receipt_verifies_against_the_store_and_the_original_file(stored, sample_log):
    public = store.public_key_pem().encode()
    check = store.check_receipt(document=stored.receipt, public_key=public)
    assert (check.session_id, check.event_count, check.corrections_after) == (
        stored.session.id,
        stored.session.head_seq + 1,
        0,
    )
    assert store.check_receipt(document=stored.receipt, public_key=public, log=sample_log.encode())


def test_corrections_are_appended_after_the_receipt_with_a_new_receipt(stored, sample_log):
    session = stored.session
    after = store.append_corrections(
        session_id=session.id, corrections=[void(2)], expected_seq=session.head_seq
    )
    assert after.receipt["receipt"]["kind"] == "correction"
    assert after.receipt["receipt"]["event_count"] == session.head_seq + 2
    assert store.receipts_of(session_id=session.id) == [stored.receipt, after.receipt]
    old = store.check_receipt(document=stored.receipt)
    assert old.corrections_after == 1
    new = store.check_receipt(document=after.receipt)
    assert new.corrections_after == 0
    exported = store.export_log(session_id=session.id)
    assert (
        store.check_receipt(document=after.receipt, log=exported).event_count
        == session.head_seq + 2
    )
    with pytest.raises(ReceiptInvalid, match="covers"):  # the original file lacks the correction
        store.check_receipt(document=after.receipt, log=sample_log)


@pytest.mark.parametrize(
    "field, value",
    [
        ("head_hash", "0" * 64),
        ("event_count", 3),
        ("session_id", "f" * 32),
        ("content_hash", "a" * 64),
    ],
)
def test_a_tampered_receipt_fails(stored, field, value):
    forged = copy.deepcopy(stored.receipt)
    forged["receipt"][field] = value
    with pytest.raises(ReceiptInvalid, match="signature"):
        store.check_receipt(document=forged)


def test_a_receipt_from_another_key_fails(stored):
    other = (
        Ed25519PrivateKey.generate()
        .public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    with pytest.raises(ReceiptInvalid, match="signature"):
        store.check_receipt(document=stored.receipt, public_key=other)
    with pytest.raises(ReceiptInvalid, match="PEM"):
        store.check_receipt(document=stored.receipt, public_key=b"not a key")


def test_a_tampered_store_or_file_fails_the_receipt(stored, sample_log):
    lines = sample_log.splitlines()
    lines[-1] = lines[-1].replace('"amount":', '"amount":1', 1)
    with pytest.raises(ReceiptInvalid, match="content hash"):
        store.check_receipt(document=stored.receipt, log="\n".join(lines))
    appended = sample_log + json.dumps({"type": "exhausted"}) + "\n"
    with pytest.raises(ReceiptInvalid, match="not a correction"):
        store.check_receipt(document=stored.receipt, log=appended)
    edit_records(  # an intruder rewrites a stored event
        stored.session.id, lambda seq, r: r.replace("阿强", "阿弱") if seq == 1 else r
    )
    with pytest.raises(ReceiptInvalid):
        store.check_receipt(document=stored.receipt)


def test_malformed_receipts_are_clear_errors(stored):
    for document in ({}, {"receipt": {}, "signature": "!!"}, [], {"receipt": 1, "signature": ""}):
        with pytest.raises(ReceiptInvalid, match="not a fupan receipt|signature"):
            store.check_receipt(document=document)


def test_the_signing_key_is_created_once_with_private_permissions(stored, data_dir):
    key = data_dir / "signing-key.pem"
    assert key.stat().st_mode & 0o777 == 0o600
    assert store.public_key_pem() == store.public_key_pem()
