"""The hash chain that links a stream's events (immudb-style): each link commits to its position,
to everything before it and to the event itself, so no event can be changed, dropped, reordered
or slipped in without breaking every later link. The byte encoding is fixed in docs/store.md."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import NamedTuple

GENESIS = "0" * 64  # prev_hash of seq 0 (recomputed on read: only a chunk's last link is stored)


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


def event_digest(data: str | bytes) -> bytes:
    """sha256 of an event's UTF-8 canonical JSON (``data``, or its UTF-8): its part of its
    link."""
    return _sha256(data.encode("utf-8") if isinstance(data, str) else data).digest()


def _chain_digest(seq: int, prev_digest: bytes, event_digest: bytes) -> bytes:
    return _sha256(b"".join((seq.to_bytes(8, "big"), prev_digest, event_digest))).digest()


_sha256 = hashlib.sha256


class Head(NamedTuple):
    """A stream's newest link as the store keeps it: its seq and hash."""

    seq: int
    hash: str


def head(digests: Sequence[bytes], *, seq: int = 0, prev_hash: str = GENESIS) -> Head:
    """The last link of events with these SHA-256 ``digests`` appended after ``prev_hash`` at
    ``seq``: what ``extend`` would end with, without the links before it (a stored batch keeps
    only its last link; an upload chains a hundred events a hand). Each link hashes a copy of
    a hash object already fed its seq's 8 bytes (``_seq_states``)."""
    if not digests:
        raise ValueError("a chain of no events has no head")
    digest = bytes.fromhex(prev_hash)
    for state, own_digest in zip(_seq_states(seq, seq + len(digests)), digests, strict=True):
        link = state.copy()
        link.update(digest)
        link.update(own_digest)
        digest = link.digest()
    return Head(seq + len(digests) - 1, digest.hex())


_STATES: list[hashlib._Hash] = []  # for seq n below _STATES_MAX: sha256 fed n as 8 bytes big-endian
_STATES_MAX = 1 << 13  # ~2 MB at most; a session is a few thousand events


def _seq_states(start: int, stop: int) -> list[hashlib._Hash]:
    """Hash objects fed seqs ``start`` to ``stop - 1`` as 8 bytes big-endian each (to copy)."""
    if stop > _STATES_MAX:
        return [_sha256(n.to_bytes(8, "big")) for n in range(start, stop)]
    if stop > len(_STATES):
        _STATES.extend(_sha256(n.to_bytes(8, "big")) for n in range(len(_STATES), stop))
    return _STATES[start:stop]


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


class Chunk(NamedTuple):
    """The records a stream stored at once (an upload or one append), as the store keeps them:
    seqs ``first_seq`` to ``last_seq``, their canonical JSON lines each ending in a newline, and
    the link at ``last_seq``; the links before it are recomputed (docs/store.md, "Chunks")."""

    first_seq: int
    last_seq: int
    data: str
    hash: str


def chunk(links: list[Link]) -> Chunk:
    """The chunk that stores ``links`` (one batch, in seq order)."""
    data = "".join(x.data + "\n" for x in links)
    return Chunk(links[0].seq, links[-1].seq, data, links[-1].hash)


def records(chunks: Iterable[Chunk]) -> list[str]:
    """The canonical JSON of every record of ``chunks``, in order (canonical JSON has no raw
    newline: a line is a record)."""
    return [line for c in chunks for line in c.data.split("\n")[:-1]]


def relink(chunks: Iterable[Chunk]) -> list[Link]:
    """Every link of a stream stored as ``chunks`` (from seq 0), recomputed from its records,
    not read: what a caller of ``events.store.read_events`` sees."""
    return extend(records(chunks))


def walk(stream: str, chunks: Iterable[Chunk], *, head_seq: int, head_hash: str) -> dict[int, str]:
    """Re-verify a stream from seq 0 up to the head recorded for it: the chunks are contiguous,
    each holds the records its seqs say, and each one's stored link is the link recomputed from
    every record up to it. Returns the link's hash at each seq. Raises ChainBroken at the first
    bad chunk (an edited record is caught at its chunk's last seq, the only link stored), or
    when the stream is shorter or longer than its recorded head (truncation or a stray
    append)."""
    seq, digest, hashes = 0, bytes(32), {}
    for c in chunks:
        if c.first_seq != seq:
            raise ChainBroken(
                stream, seq, f"expected seq {seq}, found seqs {c.first_seq}–{c.last_seq}"
            )
        lines = c.data.split("\n")
        if lines.pop() != "" or not lines or len(lines) != c.last_seq - c.first_seq + 1:
            raise ChainBroken(
                stream,
                seq,
                f"the chunk of seqs {c.first_seq}–{c.last_seq} holds {len(lines)} records",
            )
        if c.last_seq > head_seq:
            raise ChainBroken(
                stream, max(seq, head_seq + 1), f"event beyond the recorded head {head_seq}"
            )
        for line in lines:
            digest = _chain_digest(seq, digest, event_digest(line))
            hashes[seq] = digest.hex()
            seq += 1
        if hashes[c.last_seq] != c.hash:
            raise ChainBroken(
                stream,
                c.last_seq,
                f"hash does not match the records of seqs {c.first_seq}–{c.last_seq}",
            )
    if seq - 1 != head_seq:
        raise ChainBroken(stream, seq, f"stream ends at seq {seq - 1}, recorded head is {head_seq}")
    if hashes.get(head_seq) != head_hash:
        raise ChainBroken(stream, head_seq, "the last hash differs from the recorded head hash")
    return hashes
