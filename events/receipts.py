"""Signed receipts: what the service promises an uploader, checkable without trusting its database.

A receipt states a session's content hash and the head (seq, hash) of its chain after an upload or
a correction, signed with the service's Ed25519 key. Given the public key, anyone can recompute
the chain from the stored events or from an exported log and see that the receipted prefix is
exactly what was uploaded and that only ``correction`` records follow it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import NotRequired, TypedDict

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from events import chain
from events.codec import content_hash

FORMAT = "fupan-receipt/1"

_keys: dict[Path, Ed25519PrivateKey] = {}
_lock = threading.Lock()


class LogProof(TypedDict):
    """A receipt's ``log`` entry: the head's inclusion proof in the transparency log
    (``events.transparency.append``)."""

    leaf_index: int
    tree_size: int
    inclusion: list[str]  # the audit path, hex, smallest subtree first
    checkpoint: str  # the signed note of the tree of ``tree_size`` leaves


class Body(TypedDict):
    """What a receipt states and signs."""

    format: str
    kind: str  # "upload" | "correction" | "record" (a session recorded at the table)
    session_id: str
    club: str
    content_hash: str  # of the original upload: its first ``uploaded`` records
    uploaded: int
    event_count: int
    head_seq: int
    head_hash: str
    issued_at: str
    key_id: str
    log: NotRequired[LogProof]  # absent on receipts issued before the transparency log


class Document(TypedDict):
    """A signed receipt as stored and handed out; ``cosigned_checkpoint`` (unsigned by the
    service: the note carries both signatures) when the witness cosigned the receipt's tree."""

    receipt: Body
    signature: str
    cosigned_checkpoint: NotRequired[str]


class ReceiptInvalid(Exception):
    """The receipt is malformed, its signature does not verify, or the log does not match it."""


@dataclass(frozen=True)
class ReceiptCheck:
    session_id: str
    event_count: int  # events the receipt covers
    corrections_after: int  # correction records appended after the receipt
    logged_in: int | None = None  # size of the signed log tree proven to hold the head
    cosigned_by: str | None = None  # the witness whose cosignature on that tree verified


def signing_key(path: Path) -> Ed25519PrivateKey:
    """The service key at ``path``, generated there (mode 0600) on first use."""
    with _lock:
        if path not in _keys:
            if not path.exists():
                _create_key(path)
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            if not isinstance(key, Ed25519PrivateKey):
                raise ValueError(f"{path} is not an Ed25519 private key")
            _keys[path] = key
        return _keys[path]


def _create_key(path: Path) -> None:
    """Write a new key without ever exposing a half-written file; a concurrent creator wins."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass
    finally:
        tmp.unlink()


def public_key_pem(key: Ed25519PrivateKey) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


def load_public_key(pem: bytes) -> Ed25519PublicKey:
    try:
        key = serialization.load_pem_public_key(pem)
    except ValueError as e:
        raise ReceiptInvalid(f"not a PEM public key: {e}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise ReceiptInvalid("the public key is not an Ed25519 key")
    return key


def raw_public_key(public_key: Ed25519PublicKey) -> bytes:
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(public_key: Ed25519PublicKey) -> str:
    return hashlib.sha256(raw_public_key(public_key)).hexdigest()[:16]


def _signed_bytes(body: Body) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def issue(
    key: Ed25519PrivateKey,
    *,
    session_id: str,
    club: str,
    content_hash: str,
    uploaded: int,
    head: chain.Head | chain.Link,
    kind: str,
    log: LogProof | None = None,
) -> Document:
    """A signed receipt document for a stream whose newest link is ``head``; ``log`` is the
    head's inclusion proof in the transparency log (``events.transparency.append``)."""
    body: Body = {
        "format": FORMAT,
        "kind": kind,
        "session_id": session_id,
        "club": club,
        "content_hash": content_hash,
        "uploaded": uploaded,
        "event_count": head.seq + 1,
        "head_seq": head.seq,
        "head_hash": head.hash,
        "issued_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "key_id": key_id(key.public_key()),
    }
    if log is not None:
        body["log"] = log
    signature = base64.b64encode(key.sign(_signed_bytes(body))).decode()
    return {"receipt": body, "signature": signature}


def verify_signature(document: object, public_key: Ed25519PublicKey) -> Body:
    """The receipt body, once its signature is proven; raises ReceiptInvalid otherwise."""
    if not isinstance(document, dict):
        raise ReceiptInvalid("not a fupan receipt (not a JSON object)")
    try:
        body: Body
        body, signature = (
            document["receipt"],
            base64.b64decode(document["signature"], validate=True),
        )
        public_key.verify(signature, _signed_bytes(body))
        if body["format"] != FORMAT:
            raise ReceiptInvalid(f"unknown receipt format {body['format']!r}")
        return body
    except InvalidSignature:
        raise ReceiptInvalid("the signature does not verify with this public key") from None
    except (KeyError, TypeError, ValueError) as e:
        raise ReceiptInvalid(f"not a fupan receipt ({type(e).__name__}: {e})") from None


def match_log(body: Body, data: list[str]) -> ReceiptCheck:
    """Prove that canonical records ``data`` (the whole stream, seq 0 on) are what the receipt
    states: the upload's content hash, the chain head at the receipted seq, and nothing but
    corrections after the upload."""
    count, uploaded = body["event_count"], body["uploaded"]
    if len(data) < count:
        raise ReceiptInvalid(f"the log has {len(data)} records, the receipt covers {count}")
    if content_hash(data[:uploaded]) != body["content_hash"]:
        raise ReceiptInvalid("the uploaded records do not have the receipted content hash")
    links = chain.extend(data)
    if links[count - 1].hash != body["head_hash"]:
        raise ReceiptInvalid(f"the chain head at seq {count - 1} differs from the receipt")
    # A recorded session's receipt covers every record so far; the table goes on recording.
    for link in links[uploaded:] if body["kind"] != "record" else ():
        if link.type != "correction":
            raise ReceiptInvalid(
                f"seq {link.seq} after the upload is a {link.type!r}, not a correction"
            )
    return ReceiptCheck(body["session_id"], count, len(links) - count)
