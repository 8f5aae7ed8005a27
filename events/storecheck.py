"""``fupan store check``: the whole store (``check_store``), or only the sessions of one club
and/or period (``check_selection``), whose cost follows the selection, not the store.

Both re-walk each session's hash chain against its row's head, and prove the head by the session's
newest signed receipt and by the transparency log. The whole-store check rebuilds the log's tree
from every leaf; the selection's check proves each selected session's leaves against the newest
signed checkpoint with RFC 6962 inclusion proofs built from the stored nodes
(``transparency.StoredTree``), and that checkpoint by its signature, its root and a consistency
proof from the one before it. What it cannot see is listed in docs/store.md.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import NamedTuple

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import ColumnElement, Connection, Engine, Select, exists, func, select
from sqlmodel import col

from events import chain, merkle, receipts, transparency
from events.models import EventChunk, LogLeaf, Receipt, TableSession, played_between

BATCH = 200  # sessions read together: their events, newest receipts and leaves in one query each


@dataclass(frozen=True)
class StoreCheck:
    sessions: int
    events: int
    broken: list[chain.ChainBroken]
    problems: list[str]  # receipts and transparency log (chains: ``broken``)
    checkpoint: transparency.Checkpoint | None  # the newest valid signed checkpoint
    extends: transparency.Checkpoint | None = None  # the older checkpoint proven extended
    selection: Selection | None = None  # None: the whole store
    log_rows: int = 0  # rows of log_leaves read (a selection's check: its proofs' nodes)
    witnessed: transparency.Checkpoint | None = None  # the witness's newest, proven extended
    witness: str | None = None  # the witness's name; None: no witness configured

    @property
    def ok(self) -> bool:
        return not self.broken and not self.problems


@dataclass(frozen=True)
class Selection:
    """Sessions of one club, and/or played (``started_at``, else the day stored) from ``since``
    to ``until``, both days included."""

    club: str | None = None
    since: date | None = None
    until: date | None = None

    def where(self) -> list[ColumnElement[bool]]:
        clauses = [] if self.club is None else [col(TableSession.club) == self.club]
        return clauses + played_between(self.since, self.until)

    def __str__(self) -> str:
        parts = [] if self.club is None else [f"club {self.club}"]
        if self.since or self.until:
            parts.append(f"played {self.since or '…'} to {self.until or '…'}")
        return ", ".join(parts) or "every session"


class _Read(NamedTuple):
    """One session as a batch read it: its row, events, newest receipt and leaves."""

    id: str
    club: str
    started_at: str | None
    head_seq: int
    head_hash: str
    chunks: list[chain.Chunk]
    receipt: str | None  # the newest receipt's document
    leaves: list[tuple[int, int, str]]  # (idx, head seq, head hash), oldest first


def _reads(
    engine: Engine, where: list[ColumnElement[bool]], *, leaves: bool
) -> Iterator[_Read | str]:
    """The selected sessions, oldest first, read ``BATCH`` at a time, each batch in one
    transaction (on PostgreSQL one snapshot) that is closed before the caller walks it; the
    id of a session gone since the selection was read."""
    with engine.connect() as connection:
        query = select(col(TableSession.id)).where(*where)
        order = (col(TableSession.created_at), col(TableSession.id))
        ids = connection.execute(query.order_by(*order)).scalars().all()
    for i in range(0, len(ids), BATCH):
        batch = ids[i : i + BATCH]
        with _snapshot(engine) as connection:
            read = _batch(connection, batch, leaves)
        yield from (read.get(session_id, session_id) for session_id in batch)


def _batch(connection: Connection, batch: Sequence[str], leaves: bool) -> dict[str, _Read]:
    """The sessions ``batch`` that exist: rows, events, newest receipts, leaves (one query each)."""
    rows = connection.execute(
        select(
            col(TableSession.id),
            col(TableSession.club),
            col(TableSession.started_at),
            col(TableSession.head_seq),
            col(TableSession.head_hash),
        ).where(col(TableSession.id).in_(batch))
    )
    chunks: defaultdict[str, list[chain.Chunk]] = defaultdict(list)
    for stream, first, last, data, hash_ in connection.execute(
        select(
            col(EventChunk.stream),
            col(EventChunk.first_seq),
            col(EventChunk.last_seq),
            col(EventChunk.data),
            col(EventChunk.hash),
        )
        .where(col(EventChunk.stream).in_(batch))
        .order_by(col(EventChunk.stream), col(EventChunk.first_seq))
    ):
        chunks[stream].append(chain.Chunk(first, last, data, hash_))
    newest = select(func.max(col(Receipt.id))).where(col(Receipt.session_id).in_(batch))
    documents = dict(
        connection.execute(
            select(col(Receipt.session_id), col(Receipt.document)).where(
                col(Receipt.id).in_(newest.group_by(col(Receipt.session_id)))
            )
        ).all()
    )
    logged = defaultdict(list)
    if leaves:
        for idx, session_id, seq, head_hash in connection.execute(
            select(
                col(LogLeaf.idx),
                col(LogLeaf.session_id),
                col(LogLeaf.head_seq),
                col(LogLeaf.head_hash),
            )
            .where(col(LogLeaf.session_id).in_(batch))
            .order_by(col(LogLeaf.idx))
        ):
            logged[session_id].append((idx, seq, head_hash))
    return {
        id_: _Read(id_, club, started, seq, head, chunks[id_], documents.get(id_), logged[id_])
        for id_, club, started, seq, head in rows
    }


def _snapshot(engine: Engine) -> Connection:
    """A connection whose reads see one state of the database: SQLite's transactions do (each
    begins IMMEDIATE here); PostgreSQL needs REPEATABLE READ."""
    connection = engine.connect()
    if engine.dialect.name == "postgresql":
        connection = connection.execution_options(isolation_level="REPEATABLE READ")
    return connection


@dataclass
class _Tally:
    """What a check found so far."""

    sessions: int = 0
    events: int = 0
    broken: list[chain.ChainBroken] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def walk(self, read: _Read, key: Ed25519PublicKey) -> dict[int, str] | None:
        """Re-walk a session's chain, compare its row with its first record and its newest
        receipt; returns the chain's link hash at each seq, None if the chain broke."""
        self.sessions += 1
        try:
            hashes = chain.walk(
                read.id, read.chunks, head_seq=read.head_seq, head_hash=read.head_hash
            )
        except chain.ChainBroken as e:
            self.broken.append(e)
            return None
        self.events += len(hashes)
        first = read.chunks[0].data.split("\n", 1)[0]
        if json.loads(first).get("started_at") != read.started_at:
            self.problems.append(f"session {read.id}: started_at differs from its first record")
        if (problem := receipt_problem(read, read.receipt, key)) is not None:
            self.problems.append(problem)
        return hashes


def receipt_problem(session: _Read, document: str | None, key: Ed25519PublicKey) -> str | None:
    """Why the session's newest receipt (``document``) does not state its current head and club
    (None: it does)."""
    if document is None:
        return f"session {session.id}: no receipt"
    try:
        body = receipts.verify_signature(json.loads(document), key)
    except receipts.ReceiptInvalid as e:
        return f"session {session.id}: newest receipt: {e}"
    if (body["session_id"], body["head_seq"], body["head_hash"]) != (
        session.id,
        session.head_seq,
        session.head_hash,
    ):
        return f"session {session.id}: head {session.head_seq} is not the head of a signed receipt"
    if body.get("club", session.club) != session.club:
        return f"session {session.id}: club {session.club!r} is not its receipt's {body['club']!r}"
    return None


def check_store(
    engine: Engine, key: Ed25519PublicKey, checkpoint: str | None, witnessed: str | None = None
) -> StoreCheck:
    """Every session, and the whole log rebuilt from its leaves (``transparency.Audit``);
    ``checkpoint`` (a club's) and ``witnessed`` (the witness's newest cosigned checkpoint) each
    proven extended by the newest signed checkpoint."""
    audit = transparency.Audit(key)
    with engine.connect() as connection:
        audit.load(connection)
    tally = _Tally()
    for read in _reads(engine, [], leaves=False):
        if isinstance(read, str):
            continue  # gone since the check began: its leaves say so
        audit.session(read, tally.walk(read, key))
    audit.finish()
    extended = proven = None
    if checkpoint is not None:
        try:
            extended = audit.extends(checkpoint, key)
        except (transparency.CheckpointInvalid, merkle.ProofFailed) as e:
            audit.problems.append(f"checkpoint: {e}")
    if witnessed is not None:
        try:
            proven = audit.extends(witnessed, key)
        except (transparency.CheckpointInvalid, merkle.ProofFailed) as e:
            audit.problems.append(f"witness: {e}")
    problems = tally.problems + audit.problems
    return StoreCheck(
        tally.sessions, tally.events, tally.broken, problems, audit.latest, extended,
        witnessed=proven,
    )  # fmt: skip


def check_selection(
    engine: Engine,
    key: Ed25519PublicKey,
    selection: Selection,
    checkpoint: str | None,
    witnessed: str | None = None,
) -> StoreCheck:
    """The selected sessions' chains and receipts, each leaf of theirs proven in the newest
    signed checkpoint, that checkpoint proven consistent with the one before it (and with
    ``checkpoint``, one a club kept); leaves beyond it; with ``since``, leaves logged since the
    day before whose session is gone."""
    tally, tree = _Tally(), transparency.StoredTree(engine)
    with engine.connect() as connection:
        newest = transparency.newest_checkpoints(connection, key, tally.problems)
    latest = newest[0] if newest else None
    extended = _prove_checkpoints(tree, latest, newest[1:], checkpoint, key, tally.problems)
    proven = None
    if witnessed is not None and latest is not None:
        witness_problems: list[str] = []
        proven = _prove_checkpoints(tree, latest, [], witnessed, key, witness_problems)
        tally.problems += [  # the root's problems are the newest checkpoint's, reported above
            p.replace("checkpoint: ", "witness: ", 1)
            for p in witness_problems
            if p.startswith("checkpoint: ")
        ]
    size = latest.size if latest else 0
    with engine.connect() as connection:
        beyond = connection.execute(
            select(func.min(col(LogLeaf.idx)), func.max(col(LogLeaf.idx))).where(
                col(LogLeaf.idx) >= size
            )
        ).one()
        if beyond[0] is not None:
            tally.problems.append(transparency.unsigned_leaves(*beyond))
        if selection.since is not None:
            tally.problems += transparency.missing_sessions(
                connection.execute(_orphans(selection.since))
            )
    batch: list[_Read] = []
    for read in _reads(engine, selection.where(), leaves=True):
        if isinstance(read, str):
            tally.problems.append(f"session {read} is missing (deleted during the check)")
            continue
        hashes = tally.walk(read, key)
        if hashes is not None:
            tally.problems += transparency.leaf_problems(read, read.leaves, hashes)
        batch.append(read)
        if len(batch) == BATCH:
            _prove_leaves(tree, latest, batch, tally.problems)
            batch = []
    _prove_leaves(tree, latest, batch, tally.problems)
    return StoreCheck(
        tally.sessions,
        tally.events,
        tally.broken,
        tally.problems,
        latest,
        extended,
        selection,
        tree.rows_read,
        proven,
    )


def _orphans(since: date) -> Select[int, str]:
    """Leaves logged since the day before ``since`` (a session is logged when it is stored,
    after it is played; a day's margin for the offsets of ``started_at``) whose session is
    gone."""
    day = datetime.combine(since - timedelta(days=1), time(), UTC)
    return (
        select(col(LogLeaf.idx), col(LogLeaf.session_id))
        .where(
            col(LogLeaf.logged_at) >= day,
            ~exists().where(col(TableSession.id) == col(LogLeaf.session_id)),
        )
        .order_by(col(LogLeaf.idx))
    )


def _prove_checkpoints(
    tree: transparency.StoredTree,
    latest: transparency.Checkpoint | None,
    older: list[transparency.Checkpoint],
    kept: str | None,
    key: Ed25519PublicKey,
    problems: list[str],
) -> transparency.Checkpoint | None:
    """The stored tree's root at the newest checkpoint's size is its signed root, and the newest
    extends the one before it and ``kept``; returns ``kept`` once proven."""
    if latest is None:
        problems.append("log: no valid signed checkpoint")
        return None
    old = None
    if kept is not None:
        try:
            old = transparency.open_checkpoint(kept, key)
        except transparency.CheckpointInvalid as e:
            problems.append(f"checkpoint: {e}")
    earlier = [c for c in (*older, old) if c is not None and c.size <= latest.size]
    tree.read_for(
        lambda: latest.size and tree.subtree(0, latest.size),
        *(lambda c=c: merkle.consistency_proof(c.size, latest.size, tree.subtree) for c in earlier),
    )
    try:
        if latest.size and tree.subtree(0, latest.size) != latest.root:
            problems.append(f"log: the leaves no longer have the root signed at size {latest.size}")
    except merkle.ProofFailed as e:
        problems.append(f"log: {e}")
    for checkpoint in older:
        try:
            transparency.extends(checkpoint, latest, tree.subtree)
        except transparency.CheckpointInvalid as e:
            problems.append(f"log: the newest checkpoint: {e}")
    if old is None:
        return None
    try:
        return transparency.extends(old, latest, tree.subtree)
    except transparency.CheckpointInvalid as e:
        problems.append(f"checkpoint: {e}")
        return None


def _prove_leaves(
    tree: transparency.StoredTree,
    latest: transparency.Checkpoint | None,
    reads: list[_Read],
    problems: list[str],
) -> None:
    """Each leaf of ``reads`` within the newest signed tree: an inclusion proof of the leaf (as
    its row states it, compared with the chain already) verified against the signed root.
    Leaves beyond that tree are reported once, by ``check_selection``."""
    if latest is None:
        return
    leaves = [(read.id, *leaf) for read in reads for leaf in read.leaves if leaf[0] < latest.size]
    tree.read_for(
        *(
            lambda i=idx: merkle.inclusion_proof(i, latest.size, tree.subtree)
            for _, idx, *_ in leaves
        )
    )
    for session_id, idx, seq, head_hash in leaves:
        try:
            path = merkle.inclusion_proof(idx, latest.size, tree.subtree)
            leaf = transparency.leaf_hash(session_id, seq, head_hash)
            merkle.verify_inclusion(leaf, idx, latest.size, path, latest.root)
        except merkle.ProofFailed as e:
            problems.append(
                f"session {session_id}: head {seq} logged at leaf {idx} is not in the signed "
                f"checkpoint of {latest.size} leaves ({e})"
            )
