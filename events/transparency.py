"""The transparency log: an append-only RFC 6962 Merkle tree over every session head the store has
ever had, with signed checkpoints a club can keep outside the server.

Each upload and each append adds a leaf (session id, head seq, head hash); each transaction that
adds leaves (one upload, one append, or a worker's batch of uploads) signs one checkpoint of the
new tree and hands each receipt an inclusion proof of its leaf against it. Whoever
kept an older checkpoint can later demand a consistency proof: the log then either extends the
tree they hold — nothing logged before was rewritten, reordered or dropped — or the proof fails.
Checkpoints are C2SP signed notes (https://c2sp.org/tlog-checkpoint, https://c2sp.org/signed-note)
signed with the service's Ed25519 key; the exact bytes are in docs/store.md.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol, TypedDict

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from sqlalchemy import Connection, Engine, bindparam, exists, func, insert, select
from sqlmodel import col

from events import merkle, receipts
from events.db import insert_rows
from events.models import LogCheckpoint, LogLeaf, Receipt, TableSession, utcnow

LOCK_ID = 0x66757061_6E6C6F67  # "fupanlog": the advisory lock that orders appends on PostgreSQL
SIGNATURE_DASH = "\u2014 "  # a signed note's signature lines start with an em dash and a space


class CheckpointInvalid(ValueError):
    """A checkpoint that is not a signed note of this log, or that the log does not extend."""


class Head(Protocol):
    """A session's current head as its row states it (a ``TableSession``, or a batch's read)."""

    @property
    def id(self) -> str: ...
    @property
    def head_seq(self) -> int: ...
    @property
    def head_hash(self) -> str: ...


class ConsistencyDocument(TypedDict):
    """A consistency proof a club can check without the database (``consistency_document``)."""

    format: str
    old: str  # the older checkpoint's signed note
    new: str  # the newest one's
    proof: list[str]  # hex


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root: bytes
    time: str
    note: str  # the whole signed note, as a club keeps it


def leaf_data(session_id: str, head_seq: int, head_hash: str) -> bytes:
    """A leaf's bytes: ``<session id> <head seq> <head hash>`` in ASCII (hash in hex)."""
    return f"{session_id} {head_seq} {head_hash}".encode("ascii")


def leaf_hash(session_id: str, head_seq: int, head_hash: str) -> bytes:
    return merkle.leaf_hash(leaf_data(session_id, head_seq, head_hash))


def span(idx: int) -> int:
    """How many leaves the largest perfect subtree that ends at leaf ``idx`` holds: the subtree
    whose root is that leaf's ``subtree_root`` (2 to the number of trailing ones of ``idx``)."""
    return 1 << ((~idx & (idx + 1)).bit_length() - 1)


def origin(public_key: Ed25519PublicKey) -> str:
    """The log's name: one log per service key."""
    return f"fupan/{receipts.key_id(public_key)}"


def _key_hash(name: str, public_key: Ed25519PublicKey) -> bytes:
    """The signed-note key hash of an Ed25519 key: SHA-256(name ‖ 0x0A ‖ 0x01 ‖ key)[:4]."""
    return hashlib.sha256(name.encode() + b"\n\x01" + receipts.raw_public_key(public_key)).digest()[
        :4
    ]


def sign_checkpoint(key: Ed25519PrivateKey, size: int, root: bytes, time: str) -> Checkpoint:
    name = origin(key.public_key())
    text = f"{name}\n{size}\n{base64.b64encode(root).decode()}\ntime {time}\n"
    signature = base64.b64encode(_key_hash(name, key.public_key()) + key.sign(text.encode()))
    note = f"{text}\n{SIGNATURE_DASH}{name} {signature.decode()}\n"
    return Checkpoint(name, size, root, time, note)


def open_checkpoint(note: str, public_key: Ed25519PublicKey) -> Checkpoint:
    """The checkpoint in a signed note, once a signature by ``public_key`` verifies; raises
    CheckpointInvalid naming what is wrong. Pasted text may have lost its last newline or gained
    Windows line ends; nothing else is forgiven."""
    note = note.replace("\r\n", "\n").strip("\n") + "\n"
    text, sep, signatures = note.rpartition("\n\n")
    if not sep or not text:
        raise CheckpointInvalid("not a signed note: no blank line before the signatures")
    text += "\n"
    lines = text.split("\n")[:-1]
    if len(lines) < 3:
        raise CheckpointInvalid("a checkpoint has an origin, a tree size and a root hash")
    name = lines[0]
    wanted, verified = _key_hash(name, public_key), False
    for line in signatures.split("\n"):
        if not line.startswith(SIGNATURE_DASH + name + " "):
            continue
        try:
            blob = base64.b64decode(line.rsplit(" ", 1)[1], validate=True)
        except ValueError:
            raise CheckpointInvalid("a signature line is not base64") from None
        if blob[:4] != wanted:
            continue
        try:
            public_key.verify(blob[4:], text.encode())
        except InvalidSignature:
            raise CheckpointInvalid("the checkpoint's signature does not verify") from None
        verified = True
    if not verified:
        raise CheckpointInvalid(
            f"the checkpoint is not signed by this log's key ({origin(public_key)})"
        )
    if name != origin(public_key):
        raise CheckpointInvalid(f"the checkpoint is of log {name!r}, not {origin(public_key)!r}")
    try:
        size, root = int(lines[1]), base64.b64decode(lines[2], validate=True)
    except ValueError as e:
        raise CheckpointInvalid(f"line 2 or 3 of the checkpoint is malformed: {e}") from None
    if size < 0 or len(root) != 32:
        raise CheckpointInvalid("the checkpoint's size or root hash is malformed")
    time = next((x.removeprefix("time ") for x in lines[3:] if x.startswith("time ")), "")
    return Checkpoint(name, size, root, time, note)


def _lock(connection: Connection) -> None:
    """Order appends: a leaf's index is the tree's size. SQLite's ``BEGIN IMMEDIATE`` already
    holds the only write lock; PostgreSQL takes a transaction-scoped advisory lock (needs no
    privilege, released at commit or rollback)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_ID})")


# The statements of every append, built once: one built at each call costs a worker's batch
# ~0.2 ms of SQLAlchemy's CPU a statement (its construction and cache key), more than its run.
_LAST_LEAF = select(func.max(col(LogLeaf.idx)))
_SUBTREE_ROOTS = select(col(LogLeaf.idx), col(LogLeaf.subtree_root)).where(
    col(LogLeaf.idx).in_(bindparam("ends", expanding=True))
)
_INSERT_CHECKPOINT = insert(LogCheckpoint)


def _size(connection: Connection) -> int:
    last = connection.execute(_LAST_LEAF).scalar()
    return 0 if last is None else last + 1


def _frontier(connection: Connection, size: int) -> list[bytes]:
    """The roots of the perfect subtrees a tree of ``size`` leaves splits into, largest first:
    each is the ``subtree_root`` of the leaf it ends at."""
    ends, lo = [], 0
    for bit in reversed(range(size.bit_length())):
        if size >> bit & 1:
            lo += 1 << bit
            ends.append(lo - 1)
    rows = {idx: node for idx, node in connection.execute(_SUBTREE_ROOTS, {"ends": ends})}
    if len(rows) != len(ends):
        raise CheckpointInvalid(
            "the log is missing leaves at its right edge: run `fupan store check`"
        )
    return [bytes.fromhex(rows[end]) for end in ends]


def _fold(frontier: list[bytes]) -> bytes:
    """The root of a tree from its frontier (RFC 6962 splits at the largest power of two first)."""
    root = frontier[-1]
    for node in reversed(frontier[:-1]):
        root = merkle.node_hash(node, root)
    return root


def _append_leaves(
    connection: Connection, heads: list[tuple[str, int, str]]
) -> tuple[int, merkle.Subtree, bytes]:
    """Insert the next leaves, one a head ``(session id, head seq, head hash)``, in one
    statement; returns the first one's index, the grown tree's ``subtree`` (for the inclusion
    proofs of the new leaves) and its root. Only the old tree's right edge is read: every node
    of the grown tree left of the new leaves that a new leaf's path needs is one of it."""
    index = _size(connection)
    frontier = _frontier(connection, index)
    known, lo = {}, 0  # (lo, hi): MTH(D[lo:hi]) of the nodes in hand
    for node in frontier:
        width = 1 << ((index - lo).bit_length() - 1)  # the highest bit of what is left
        known[lo, lo + width] = node
        lo += width
    rows, now = [], utcnow()
    for n, (session_id, head_seq, head_hash) in enumerate(heads, index):
        node = leaf_hash(session_id, head_seq, head_hash)
        known[n, n + 1] = node
        for _ in range((~n & (n + 1)).bit_length() - 1):  # the trailing ones of the index
            node = merkle.node_hash(frontier.pop(), node)
        frontier.append(node)
        rows.append(dict(idx=n, session_id=session_id, head_seq=head_seq, head_hash=head_hash,
                         subtree_root=node.hex(), logged_at=now))  # fmt: skip
    if rows:
        insert_rows(connection, LogLeaf, rows)

    def subtree(lo: int, hi: int) -> bytes:
        node = known.get((lo, hi))
        if node is None:
            k = merkle.split(hi - lo)
            node = known[lo, hi] = merkle.node_hash(subtree(lo, lo + k), subtree(lo + k, hi))
        return node

    return index, subtree, _fold(frontier)


def _store_checkpoint(
    connection: Connection, key: Ed25519PrivateKey, size: int, root: bytes
) -> Checkpoint:
    now = utcnow()
    checkpoint = sign_checkpoint(key, size, root, now.isoformat(timespec="seconds"))
    connection.execute(
        _INSERT_CHECKPOINT,
        dict(tree_size=size, root_hash=root.hex(), issued_at=now, note=checkpoint.note),
    )
    return checkpoint


def append(
    connection: Connection, key: Ed25519PrivateKey, heads: list[tuple[str, int, str]]
) -> list[receipts.LogProof]:
    """Log new session heads ``(session id, head seq, head hash)`` in the caller's transaction
    and sign ONE checkpoint of the grown tree; returns, for each head, the proof its receipt
    carries (see ``check_proof``): its leaf's inclusion in that tree. A batch of uploads
    shares the checkpoint (docs/store.md, *Leaves*)."""
    _lock(connection)
    index, subtree, root = _append_leaves(connection, heads)
    size = index + len(heads)
    note = _store_checkpoint(connection, key, size, root).note
    return [
        {
            "leaf_index": n,
            "tree_size": size,
            "inclusion": [node.hex() for node in merkle.inclusion_proof(n, size, subtree)],
            "checkpoint": note,
        }
        for n in range(index, size)
    ]


def check_proof(body: receipts.Body, public_key: Ed25519PublicKey) -> Checkpoint:
    """Prove a receipt's ``log`` entry: its checkpoint is signed by the key, and the receipted head
    is leaf ``leaf_index`` of that tree. Raises CheckpointInvalid or merkle.ProofFailed."""
    proof = body["log"]
    checkpoint = open_checkpoint(proof["checkpoint"], public_key)
    if checkpoint.size != proof["tree_size"]:
        raise CheckpointInvalid("the proof's tree size differs from its checkpoint's")
    leaf = leaf_hash(body["session_id"], body["head_seq"], body["head_hash"])
    path = [bytes.fromhex(node) for node in proof["inclusion"]]
    merkle.verify_inclusion(leaf, proof["leaf_index"], checkpoint.size, path, checkpoint.root)
    return checkpoint


def latest(engine: Engine) -> str | None:
    """The newest signed checkpoint (the note), or None before anything was logged."""
    with engine.connect() as connection:
        return latest_in(connection)


CONSISTENCY_FORMAT = "fupan-consistency/1"


def consistency_document(
    engine: Engine, note: str, public_key: Ed25519PublicKey
) -> ConsistencyDocument:
    """A consistency proof from the checkpoint in ``note`` to the newest one, for a club to check
    without the database (``verify_consistency_document``); built from the stored leaves."""
    old = open_checkpoint(note, public_key)
    with engine.connect() as connection:
        new = open_checkpoint(latest_in(connection) or "", public_key)
        if old.size > new.size:
            raise CheckpointInvalid(f"the log's newest checkpoint has {new.size} leaves")
        rows = connection.execute(
            select(col(LogLeaf.session_id), col(LogLeaf.head_seq), col(LogLeaf.head_hash))
            .where(col(LogLeaf.idx) < new.size)
            .order_by(col(LogLeaf.idx))
        ).all()
    tree = merkle.Tree([leaf_hash(*row) for row in rows])
    proof = merkle.consistency_proof(old.size, new.size, tree.subtree)
    return {
        "format": CONSISTENCY_FORMAT,
        "old": old.note,
        "new": new.note,
        "proof": [node.hex() for node in proof],
    }


def verify_consistency_document(
    document: object, kept: str, public_key: Ed25519PublicKey
) -> tuple[Checkpoint, Checkpoint]:
    """The proof's older checkpoint is ``kept`` (the note the club kept: the server holds the key
    and could sign another), both are signed by the key, and the newer extends the older;
    returns (older, newer). Raises CheckpointInvalid (a failed proof included)."""
    if not isinstance(document, dict):
        raise CheckpointInvalid("not a consistency proof (not a JSON object)")
    try:
        if document["format"] != CONSISTENCY_FORMAT:
            raise CheckpointInvalid(f"unknown format {document['format']!r}")
        old = open_checkpoint(kept, public_key)
        claimed = open_checkpoint(document["old"], public_key)
        if (claimed.size, claimed.root) != (old.size, old.root):
            raise CheckpointInvalid(
                f"the proof starts from a tree of {claimed.size} leaves that is not the kept "
                f"checkpoint ({old.size} leaves signed at {old.time})"
            )
        new = open_checkpoint(document["new"], public_key)
        proof = [bytes.fromhex(node) for node in document["proof"]]
        merkle.verify_consistency(old.size, new.size, old.root, new.root, proof)
    except merkle.ProofFailed as e:
        raise CheckpointInvalid(f"the newer checkpoint does NOT extend the older: {e}") from None
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, CheckpointInvalid):
            raise
        raise CheckpointInvalid(f"not a consistency proof ({type(e).__name__}: {e})") from None
    return old, new


class SealRefused(Exception):
    """Leaves that no signed receipt states: never signed into a checkpoint."""


def seal(engine: Engine, signing_key: Callable[[], Ed25519PrivateKey]) -> tuple[int, str | None]:
    """Log the current head of every session that has no leaf yet (sessions stored before the
    log existed) and sign a checkpoint over any leaves no checkpoint covers; returns (leaves
    added, newest checkpoint). Every such leaf must be the head of a receipt signed by the key
    (a head moved or a session inserted behind the store's back is refused, nothing written).
    The key is only loaded when there is something to sign."""
    with engine.begin() as connection:
        _lock(connection)
        unlogged = connection.execute(
            select(col(TableSession.id), col(TableSession.head_seq), col(TableSession.head_hash))
            .where(~exists().where(col(LogLeaf.session_id) == col(TableSession.id)))
            .order_by(col(TableSession.created_at), col(TableSession.id))
        ).all()
        heads = [(session_id, seq, head_hash) for session_id, seq, head_hash in unlogged]
        root = _append_leaves(connection, heads)[2] if heads else None
        signed = connection.execute(select(func.max(col(LogCheckpoint.tree_size)))).scalar() or 0
        size = _size(connection)
        if size > signed:
            key = signing_key()
            public_key = key.public_key()
            uncovered = connection.execute(
                select(col(LogLeaf.session_id), col(LogLeaf.head_seq), col(LogLeaf.head_hash))
                .where(col(LogLeaf.idx) >= signed)
                .order_by(col(LogLeaf.idx))
            ).all()
            refused = [
                f"session {s} head {q}"
                for s, q, h in uncovered
                if not _receipted(connection, public_key, s, q, h)
            ]
            if refused:
                raise SealRefused(
                    "no signed receipt states these heads, they are not signed into the log: "
                    + ", ".join(refused)
                )
            _store_checkpoint(connection, key, size, root or _fold(_frontier(connection, size)))
        return len(unlogged), latest_in(connection)


def latest_in(connection: Connection) -> str | None:
    """The newest signed checkpoint, read in the caller's transaction."""
    query = select(col(LogCheckpoint.note)).order_by(col(LogCheckpoint.tree_size).desc()).limit(1)
    return connection.execute(query).scalar()


def _receipted(
    connection: Connection, public_key: Ed25519PublicKey, session_id: str, seq: int, hash_: str
) -> bool:
    documents = connection.execute(
        select(col(Receipt.document)).where(
            col(Receipt.session_id) == session_id, col(Receipt.head_seq) == seq
        )
    ).scalars()
    for document in documents:
        try:
            body = receipts.verify_signature(json.loads(document), public_key)
        except receipts.ReceiptInvalid:
            continue
        if (body["session_id"], body["head_seq"], body["head_hash"]) == (session_id, seq, hash_):
            return True
    return False


@dataclass
class Audit:
    """A full re-check of the log against the store, fed session by session by
    ``store.check_chains``: leaves recomputed into a tree, every stored node and checkpoint
    compared with it, every leaf compared with its session's re-walked chain."""

    public_key: Ed25519PublicKey
    tree: merkle.Tree = field(init=False)
    problems: list[str] = field(default_factory=list)
    latest: Checkpoint | None = None
    _leaves: dict[str, list[tuple[int, int, str]]] = field(default_factory=dict)

    def load(self, connection: Connection) -> None:
        rows = connection.execute(
            select(
                col(LogLeaf.idx),
                col(LogLeaf.session_id),
                col(LogLeaf.head_seq),
                col(LogLeaf.head_hash),
                col(LogLeaf.subtree_root),
            ).order_by(col(LogLeaf.idx))
        ).all()
        hashes, by_session = [], defaultdict(list)
        for position, (idx, session_id, seq, head_hash, _) in enumerate(rows):
            if idx != position:
                self.problems.append(f"log: leaf {position} is missing (next is {idx})")
                break
            hashes.append(leaf_hash(session_id, seq, head_hash))
            by_session[session_id].append((idx, seq, head_hash))
        self.tree = merkle.Tree(hashes)
        self._leaves = dict(by_session)
        for idx, *_, subtree_root in rows[: self.tree.size]:
            if self.tree.subtree(idx + 1 - span(idx), idx + 1).hex() != subtree_root:
                self.problems.append(f"log: the stored subtree root at leaf {idx} is wrong")
        for size, root_hash, note in connection.execute(
            select(
                col(LogCheckpoint.tree_size), col(LogCheckpoint.root_hash), col(LogCheckpoint.note)
            ).order_by(col(LogCheckpoint.tree_size))
        ):
            self._checkpoint(size, root_hash, note)
        signed = self.latest.size if self.latest else 0
        if self.tree.size > signed:
            self.problems.append(unsigned_leaves(signed, self.tree.size - 1))

    def _checkpoint(self, size: int, root_hash: str, note: str) -> None:
        checkpoint = opened_row(size, root_hash, note, self.public_key, self.problems)
        if checkpoint is None:
            return
        if size > self.tree.size or self.tree.root(size) != checkpoint.root:
            self.problems.append(f"log: the leaves no longer have the root signed at size {size}")
        else:
            self.latest = checkpoint

    def session(self, session: Head, hashes: dict[int, str] | None) -> None:
        """Compare a session's leaves with its chain (``hashes``: seq → link hash of the
        re-walked chain, for the seqs its leaves name; None when the chain is broken, which is
        reported already) and its head with its newest leaf."""
        leaves = self._leaves.pop(session.id, [])
        if hashes is not None:
            self.problems += leaf_problems(session, leaves, hashes)

    def logged_seqs(self, session_id: str) -> set[int]:
        return {seq for _, seq, _ in self._leaves.get(session_id, ())}

    def finish(self) -> None:
        """Leaves of sessions that are gone."""
        self.problems += missing_sessions(
            (leaves[0][0], session_id) for session_id, leaves in self._leaves.items()
        )

    def extends(self, note: str, public_key: Ed25519PublicKey) -> Checkpoint:
        """Prove that the newest checkpoint's tree extends the one in ``note`` (a consistency
        proof from the recomputed leaves); raises CheckpointInvalid or merkle.ProofFailed."""
        return extends(open_checkpoint(note, public_key), self.latest, self.tree.subtree)


def extends(old: Checkpoint, latest: Checkpoint | None, subtree: merkle.Subtree) -> Checkpoint:
    """Prove with a consistency proof built from ``subtree`` (nodes of the tree of ``latest``)
    that the signed tree ``latest`` extends ``old``; returns ``old``. Raises CheckpointInvalid."""
    if latest is None:
        raise CheckpointInvalid("the log has no valid signed checkpoint")
    try:
        if old.size > latest.size:
            raise merkle.ProofFailed(f"the log's newest signed tree has {latest.size}")
        proof = merkle.consistency_proof(old.size, latest.size, subtree)
        merkle.verify_consistency(old.size, latest.size, old.root, latest.root, proof)
    except merkle.ProofFailed as e:
        raise CheckpointInvalid(
            f"the log does NOT extend the checkpoint of {old.size} leaves signed at {old.time}: {e}"
        ) from None
    return old


def leaf_problems(
    session: Head, leaves: list[tuple[int, int, str]], hashes: dict[int, str]
) -> list[str]:
    """Compare a session's leaves ``(idx, head seq, head hash)``, oldest first, with its re-walked
    chain (``hashes``: seq → link hash, for the seqs the leaves name), and its current head
    (``session.head_seq``, ``.head_hash``) with its newest leaf."""
    problems = []
    for idx, seq, head_hash in leaves:
        if seq not in hashes:
            problems.append(
                f"session {session.id}: the chain ends before seq {seq}, a head logged at leaf {idx}"
            )
        elif hashes[seq] != head_hash:
            problems.append(
                f"session {session.id}: the chain at seq {seq} is not the head logged at leaf {idx}"
            )
    if not leaves or tuple(leaves[-1][1:]) != (session.head_seq, session.head_hash):
        problems.append(f"session {session.id}: head {session.head_seq} is not logged")
    return problems


def missing_sessions(leaves: Iterable[tuple[int, str]]) -> list[str]:
    """The problems of leaves ``(idx, session id)`` whose session is gone, one per session."""
    first: dict[str, int] = {}
    for idx, session_id in leaves:
        first.setdefault(session_id, idx)
    return [f"session {s} is missing, logged at leaf {idx}" for s, idx in first.items()]


def unsigned_leaves(first: int, last: int) -> str:
    return f"log: leaves {first}..{last} are in no signed checkpoint"


class StoredTree:
    """The log's tree as its rows store it, without rebuilding it: MTH(D[lo:hi]) is a leaf's
    ``subtree_root`` when that is exactly D[lo:hi], otherwise split as RFC 6962 splits. Every
    left child is stored (at its last leaf); a right child of 2^k leaves takes k rows. So a proof
    of log n nodes reads O(log² n) rows, shared between proofs, where ``Audit`` reads every leaf.

    Rows are read in bulk: ``read_for(plan)`` runs ``plan`` (code that builds proofs from
    ``subtree``) with placeholder hashes to learn the rows it needs, and reads them with a few
    ``idx IN (…)`` queries. Nothing read is trusted: a wrong stored node only makes a proof
    fail against the signed root."""

    CHUNK = 500  # indexes in one IN (…)
    KEEP = 500_000  # rows and nodes kept between plans (upper nodes are shared by every proof)

    def __init__(self, engine: Engine):
        self._engine = engine
        self._rows: dict[int, tuple[bytes, bytes]] = {}  # idx: (leaf hash, subtree root)
        self._nodes: dict[tuple[int, int], bytes] = {}
        self._wanted: set[int] | None = None  # while planning
        self.rows_read = 0

    def read_for(self, *plans: Callable[[], object]) -> None:
        if len(self._rows) + len(self._nodes) > self.KEEP:
            self._rows.clear()
        self._nodes.clear()
        self._wanted = set()
        try:
            for plan in plans:
                plan()
        finally:
            wanted, self._wanted = sorted(self._wanted - self._rows.keys()), None
            self._nodes.clear()  # placeholders
        columns = (
            col(LogLeaf.idx),
            col(LogLeaf.session_id),
            col(LogLeaf.head_seq),
            col(LogLeaf.head_hash),
        )
        with self._engine.connect() as connection:
            for i in range(0, len(wanted), self.CHUNK):
                query = select(*columns, col(LogLeaf.subtree_root)).where(
                    col(LogLeaf.idx).in_(wanted[i : i + self.CHUNK])
                )
                for idx, session_id, seq, head_hash, root in connection.execute(query):
                    self._rows[idx] = (leaf_hash(session_id, seq, head_hash), bytes.fromhex(root))
                    self.rows_read += 1

    def subtree(self, lo: int, hi: int) -> bytes:
        """MTH(D[lo:hi]); raises merkle.ProofFailed when a row it needs is not in the log."""
        node = self._nodes.get((lo, hi))
        if node is None:
            n = hi - lo
            if span(hi - 1) == n:  # stored (a left child, a left leaf included)
                node = self._row(hi - 1)[1]
            elif n == 1:  # a right leaf: from its columns
                node = self._row(lo)[0]
            else:
                k = merkle.split(n)
                node = merkle.node_hash(self.subtree(lo, lo + k), self.subtree(lo + k, hi))
            self._nodes[lo, hi] = node
        return node

    def _row(self, idx: int) -> tuple[bytes, bytes]:
        row = self._rows.get(idx)
        if row is not None:
            return row
        if self._wanted is None:
            raise merkle.ProofFailed(f"leaf {idx} is missing from the log")
        self._wanted.add(idx)
        return merkle.EMPTY_ROOT, merkle.EMPTY_ROOT


def newest_checkpoints(
    connection: Connection, public_key: Ed25519PublicKey, problems: list[str], count: int = 2
) -> list[Checkpoint]:
    """The newest ``count`` stored checkpoints whose signatures verify and that agree with their
    rows, newest first; each one that does not is a problem."""
    rows = connection.execute(
        select(col(LogCheckpoint.tree_size), col(LogCheckpoint.root_hash), col(LogCheckpoint.note))
        .order_by(col(LogCheckpoint.tree_size).desc())
        .limit(count)
    )
    opened = (opened_row(*row, public_key, problems) for row in rows)
    return [checkpoint for checkpoint in opened if checkpoint is not None]


def opened_row(
    size: int, root_hash: str, note: str, public_key: Ed25519PublicKey, problems: list[str]
) -> Checkpoint | None:
    """A ``log_checkpoints`` row's checkpoint, once its signature verifies and it states the
    row's size and root; otherwise None and a problem."""
    try:
        checkpoint = open_checkpoint(note, public_key)
    except CheckpointInvalid as e:
        problems.append(f"log: checkpoint of size {size}: {e}")
        return None
    if (checkpoint.size, checkpoint.root.hex()) != (size, root_hash):
        problems.append(f"log: checkpoint of size {size} differs from its row")
        return None
    return checkpoint
