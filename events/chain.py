"""The hash chain that links a stream's events (immudb-style): each link commits to its position,
to everything before it and to the event itself, so no event can be changed, dropped, reordered
or slipped in without breaking every later link. The byte encoding is fixed in docs/store.md."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import NamedTuple

GENESIS = "0" * 64  # prev_hash of seq 0


class ChainBroken(Exception):
    """The first link of a stream that does not verify."""

    def __init__(self, stream: str, seq: int, reason: str):
        super().__init__(f"session {stream}: chain broken at seq {seq}: {reason}")
        self.stream, self.seq, self.reason = stream, seq, reason


class Link(NamedTuple):
    """One event's place in its stream (a tuple: an upload makes a hundred a hand)."""

    seq: int
    type: str
    data: str  # canonical JSON
    prev_hash: str
    hash: str


def link_hash(seq: int, prev_hash: str, data: str) -> str:
    """sha256(seq as 8-byte big-endian ‖ prev_hash, 32 raw bytes ‖ sha256(UTF-8 canonical JSON))."""
    return _chain_digest(seq, bytes.fromhex(prev_hash), event_digest(data)).hex()


def event_digest(data: str) -> bytes:
    """sha256 of an event's UTF-8 canonical JSON: its part of its link."""
    return _sha256(data.encode("utf-8")).digest()


def _chain_digest(seq: int, prev_digest: bytes, event_digest: bytes) -> bytes:
    return _sha256(b"".join((seq.to_bytes(8, "big"), prev_digest, event_digest))).digest()


_sha256 = hashlib.sha256


def extend(
    data: Iterable[str],
    *,
    seq: int = 0,
    prev_hash: str = GENESIS,
    types: Iterable[str] | None = None,
    digests: Iterable[bytes] | None = None,
) -> list[Link]:
    """Links for canonical records appended after ``prev_hash`` starting at ``seq``. ``types``
    (each record's type, in order) and ``digests`` (each record's SHA-256) spare re-reading the
    JSON and re-hashing it when the caller has them (an upload: ``ParsedLog.records`` and
    ``.digests``, which the codec works out once per distinct line)."""
    data = list(data)
    if types is None:
        types = (json.loads(record)["type"] for record in data)
    if digests is None:
        digests = map(event_digest, data)
    links, prev_digest = [], bytes.fromhex(prev_hash)  # chained as raw bytes, stored as hex
    for record, kind, own_digest in zip(data, types, digests, strict=True):
        prev_digest = _chain_digest(seq, prev_digest, own_digest)
        digest = prev_digest.hex()
        links.append(Link(seq, kind, record, prev_hash, digest))
        seq, prev_hash = seq + 1, digest
    return links


def walk(stream: str, links: Iterable[Link], *, head_seq: int, head_hash: str) -> int:
    """Re-verify a stream from seq 0 up to the head recorded for it; returns the event count.
    Raises ChainBroken at the first bad link, or when the stream is shorter or longer than its
    recorded head (truncation or a stray append)."""
    seq, prev_hash = 0, GENESIS
    for event in links:
        if event.seq != seq:
            raise ChainBroken(stream, seq, f"expected seq {seq}, found {event.seq}")
        if event.prev_hash != prev_hash:
            raise ChainBroken(stream, seq, "prev_hash is not the hash of the previous event")
        if event.hash != link_hash(seq, prev_hash, event.data):
            raise ChainBroken(stream, seq, "hash does not match the event")
        if json.loads(event.data).get("type") != event.type:
            raise ChainBroken(stream, seq, "type column disagrees with the event")
        if seq > head_seq:
            raise ChainBroken(stream, seq, f"event beyond the recorded head {head_seq}")
        seq, prev_hash = seq + 1, event.hash
    if seq - 1 != head_seq:
        raise ChainBroken(stream, seq, f"stream ends at seq {seq - 1}, recorded head is {head_seq}")
    if prev_hash != head_hash:
        raise ChainBroken(stream, head_seq, "the last hash differs from the recorded head hash")
    return seq
