"""The immutable event store: one hash-chained stream per session, insert and select only.

Every public function is keyword-only and takes an optional ``engine`` (default: the configured
database, ``events.db.get_engine()``). Appends are one transaction per batch and optimistic: the
caller names the head seq it saw; if another writer got there first, ``ConcurrencyConflict``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import threading
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import IO, Any, Final

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from sqlalchemy import Connection, Engine, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from events import chain, merkle, receipts, storecheck, transparency, witness, witnessing
from events.codec import (
    LogFormatError,
    ParsedLog,
    canonical_json,
    content_hash,
    parse_appended,
    parse_log,
)
from events.config import settings
from events.db import (
    Utf8Text,
    db_session,
    get_engine,
    insert_rows,
    take_upgraded,
    text_value,
)
from events.models import EventChunk, LogCosignature, Receipt, TableSession, utcnow
from events.storecheck import StoreCheck

log = logging.getLogger(__name__)
COSIGNED: Final = (
    "cosigned_checkpoint"  # a receipt's checkpoint as the witness cosigned it (unsigned
)
# by the service: the note carries both signatures)


class ConcurrencyConflict(Exception):
    """Another writer appended to the stream since the caller read its head."""


class SessionNotFound(LookupError):
    def __init__(self, session_id: str):
        super().__init__(f"no session {session_id!r}")


class CorrectionInvalid(ValueError):
    """A correction that is not a valid correction record of this session."""


class AppendInvalid(ValueError):
    """Records that cannot be appended to this session (an uploaded session takes corrections
    only; a session record is never appended)."""


@dataclass(frozen=True)
class Stored:
    """The outcome of an upload or an append: the session row's columns, its newest receipt,
    and whether this call created anything (False for a repeated upload)."""

    row: Mapping[str, Any]  # TableSession's fields
    receipt: receipts.Document
    created: bool

    @property
    def session_id(self) -> str:
        return str(self.row["id"])

    @property
    def head_seq(self) -> int:
        return int(self.row["head_seq"])

    @functools.cached_property
    def session(self) -> TableSession:
        """The row as a TableSession, made on first ask (its ORM instrumentation costs ~0.1 ms,
        which a worker's batch, reading ``session_id`` and ``head_seq``, does not pay)."""
        return TableSession(**self.row)


def _stored(session: TableSession, receipt: receipts.Document, created: bool) -> Stored:
    return Stored(session.model_dump(), receipt, created)


log = logging.getLogger(__name__)
_sealing = threading.Lock()


def _engine(engine: Engine | None) -> Engine:
    """``engine``, else the configured one. An embedded database that ``get_engine`` just
    upgraded first logs the sessions stored before the transparency log (what ``fupan db
    upgrade`` does on a server database); a refusal (heads no receipt states) is left to ``fupan
    store check``. The lock holds back other writers of the log until that is done."""
    engine = engine or get_engine()
    with _sealing:
        if take_upgraded(engine):
            try:
                transparency.seal(engine, _signing_key)
            except transparency.SealRefused as e:
                log.warning("transparency log not sealed: %s", e)
    return engine


def _signing_key() -> Ed25519PrivateKey:
    return receipts.signing_key(settings().signing_key_path)


def public_key_pem() -> str:
    """The service's public key (PEM), to hand to anyone who checks receipts."""
    return receipts.public_key_pem(_signing_key())


def ingest(
    *, data: bytes | str | IO[bytes], club: str | None = None, engine: Engine | None = None
) -> Stored:
    """Validate and store an uploaded log; raises LogFormatError (nothing stored) on a bad file.
    Idempotent: a file with the content hash of a stored session returns that session."""
    return ingest_parsed(parsed=parse_log(data), club=club, engine=engine)


def ingest_parsed(
    *,
    parsed: ParsedLog,
    club: str | None = None,
    engine: Engine | None = None,
    kind: str = "upload",
    session_id: str | None = None,
) -> Stored:
    """Store an already parsed log (see ``ingest``); ``club`` overrides the log's club field.
    ``kind="record"`` opens a session recorded at the table, which ``append_records`` extends.
    ``session_id``: the new session's id (32 hex digits; default random), so that a caller who
    tries again can tell its own earlier store from someone else's (``ingest_batch``)."""
    [stored] = ingest_many(
        parsed=[parsed], session_ids=[session_id], club=club, engine=engine, kind=kind
    )
    return stored


def ingest_many(
    *,
    parsed: list[ParsedLog],
    session_ids: Sequence[str | None] | None = None,
    club: str | None = None,
    engine: Engine | None = None,
    kind: str = "upload",
) -> list[Stored]:
    """``ingest_parsed`` for each log, in ONE transaction with ONE transparency checkpoint (a
    worker's batch): each new session still gets its own leaf and its own signed receipt, whose
    inclusion proof is against the batch's checkpoint. A log with the content hash of a stored
    session, or of one before it in ``parsed``, gets that session (``created`` False).
    ``session_ids``: each log's id if it is new. The outcomes are in the order of ``parsed``."""
    if not parsed:
        return []
    engine = _engine(engine)
    ids = [None] * len(parsed) if session_ids is None else list(session_ids)
    hashes = [p.content_hash for p in parsed]
    try:
        # Core, one transaction: the content-hash check, then the session rows, their events,
        # leaves and receipts (an ORM unit of work cost ~1 ms an upload, a statement ~50 µs)
        with engine.begin() as connection:
            found = _ids_by_content_hash(connection, hashes)
            new: dict[str, tuple[ParsedLog, str | None]] = {}  # content hash: its first log
            for log_, session_id in zip(parsed, ids, strict=True):
                if log_.content_hash not in found:
                    new.setdefault(log_.content_hash, (log_, session_id))
            created = _insert_new(connection, list(new.values()), club, kind) if new else []
    except IntegrityError:
        if len(parsed) > 1:  # a concurrent twin upload (or a taken id): each log alone
            return [
                ingest_parsed(parsed=log_, club=club, engine=engine, kind=kind, session_id=sid)
                for log_, sid in zip(parsed, ids, strict=True)
            ]
        with engine.connect() as connection:  # a concurrent twin upload won
            found = _ids_by_content_hash(connection, hashes)
        if not found:
            raise
        created = []
    fresh = {stored.row["content_hash"]: stored for stored in _witnessed(engine, created)}
    outcomes = []
    for content_hash_ in hashes:
        stored = fresh.get(content_hash_)
        if stored is None:
            outcomes.append(_existing(found[content_hash_], engine))
        else:
            outcomes.append(stored)
            fresh[content_hash_] = dataclasses.replace(stored, created=False)  # a twin after it
    return outcomes


def _existing(session_id: str, engine: Engine) -> Stored:
    session = get_session(session_id=session_id, engine=engine)
    return _stored(session, receipts_of(session_id=session_id, engine=engine)[-1], False)


# The statements of every upload, built once (as in events.transparency: ~0.2 ms of CPU a
# statement built at each call).
_IDS_BY_CONTENT_HASH = select(col(TableSession.content_hash), col(TableSession.id)).where(
    col(TableSession.content_hash).in_(bindparam("hashes", expanding=True))
)
_INSERT_CHUNKS = insert(EventChunk)


def _ids_by_content_hash(connection: Connection, hashes: list[str]) -> dict[str, str]:
    """content hash: the stored session's id, for those of ``hashes`` that are stored."""
    found = connection.execute(_IDS_BY_CONTENT_HASH, {"hashes": hashes})
    return {content_hash_: id_ for content_hash_, id_ in found}


def _insert_new(
    connection: Connection, logs: list[tuple[ParsedLog, str | None]], club: str | None, kind: str
) -> list[Stored]:
    """Chain each log, sign its receipt and insert the session rows, events and receipts (one
    statement a table)."""
    rows, heads, now = [], [], utcnow()
    for parsed, session_id in logs:
        head = chain.head(parsed.digests)
        first = parsed.records[0]
        rows.append(
            dict(
                id=session_id or uuid.uuid4().hex,
                club=club or first.get("club") or "",
                table_name=str(first.get("table", "")),
                ruleset=first["ruleset"],
                players=first["players"],
                started_at=first.get("started_at"),
                content_hash=parsed.content_hash,
                head_seq=head.seq,
                head_hash=head.hash,
                created_at=now,
            )
        )  # the columns TableSession would dump, without its ORM object (~0.1 ms a session)
        heads.append(head)
    insert_rows(connection, TableSession, rows)
    _insert_chunks(
        connection,
        [(row["id"], 0, head.seq, text_value(parsed.utf8, connection), head.hash)
         for row, head, (parsed, _) in zip(rows, heads, logs, strict=True)],
    )  # fmt: skip
    documents = _receipts(
        connection,
        [
            (row["id"], row["club"], row["content_hash"], head.seq + 1, head)
            for row, head in zip(rows, heads, strict=True)
        ],
        kind,
    )
    return [Stored(row, document, True) for row, document in zip(rows, documents, strict=True)]


def _insert_chunks(
    connection: Connection, chunks: list[tuple[str, int, int, str | Utf8Text, str]]
) -> None:
    """Insert chunk rows ``(session id, first seq, last seq, data, hash)`` (``chain.Chunk``'s
    fields after the id), one a stored batch of a stream, in the caller's transaction (a taken
    first seq is an IntegrityError: another writer appended first)."""
    now = utcnow()
    rows = [dict(stream=session_id, first_seq=first, last_seq=last, data=data, hash=hash_,
                 recorded_at=now) for session_id, first, last, data, hash_ in chunks]  # fmt: skip
    connection.execute(_INSERT_CHUNKS, rows)  # not by COPY: it would escape ~100 kB a row


def _receipts(
    connection: Connection,
    heads: list[tuple[str, str, str, int, chain.Head | chain.Link]],
    kind: str,
) -> list[receipts.Document]:
    """Log the sessions' new heads ``(session id, club, content hash, uploaded, head)`` in the
    transparency log under one checkpoint, then sign and insert each one's receipt with its
    inclusion proof, in the caller's transaction (last: appends to the log queue here)."""
    key = _signing_key()
    proofs = transparency.append(
        connection, key, [(session_id, head.seq, head.hash) for session_id, *_, head in heads]
    )
    documents, rows, now = [], [], utcnow()
    for (session_id, club, hashed, uploaded, head), proof in zip(heads, proofs, strict=True):
        receipt = receipts.issue(
            key,
            session_id=session_id,
            club=club,
            content_hash=hashed,
            uploaded=uploaded,
            head=head,
            kind=kind,
            log=proof,
        )
        document = json.dumps(receipt, ensure_ascii=False, sort_keys=True)
        rows.append(
            dict(session_id=session_id, head_seq=head.seq, document=document, created_at=now)
        )
        documents.append(receipt)
    insert_rows(connection, Receipt, rows)
    return documents


def append_corrections(
    *,
    session_id: str,
    corrections: list[dict[str, Any]],
    expected_seq: int,
    engine: Engine | None = None,
) -> Stored:
    """Append ``correction`` records (each with ``target``, ``replacement`` or ``void``, and
    non-empty ``by`` and ``reason``) after head seq ``expected_seq`` in one transaction, and
    issue a new receipt. Raises CorrectionInvalid, SessionNotFound or ConcurrencyConflict."""
    session = _head(session_id, expected_seq, engine)
    if not corrections:
        raise CorrectionInvalid("nothing to append")
    types = {e.seq: e.type for e in read_events(session_id=session_id, engine=engine)}
    data = [_correction_json(c, expected_seq, types) for c in corrections]
    return _append(session, data, "correction", engine)


def append_records(
    *,
    session_id: str,
    records: list[dict[str, Any]],
    expected_seq: int,
    engine: Engine | None = None,
) -> Stored:
    """Append table entries (hands, showdowns, wins, settlements, corrections …) to a session
    opened with ``ingest_parsed(kind="record")``, after head seq ``expected_seq``, in one
    transaction. They are validated by the codec in the context of the stored records (raises
    LogFormatError; errors name line seq + 1). Raises AppendInvalid, SessionNotFound or
    ConcurrencyConflict."""
    session = _head(session_id, expected_seq, engine)
    if not records:
        raise AppendInvalid("nothing to append")
    if _first_receipt(session_id, engine)["kind"] != "record":
        raise AppendInvalid("an uploaded session takes corrections only")
    for record in records:
        if not isinstance(record, dict) or record.get("type") == "session":
            raise AppendInvalid("only the records of hands can be appended")
        if record.get("type") == "correction":
            _signed(record)
    stored = read_records(session_id=session_id, engine=engine)
    data = [canonical_json(r) for r in parse_appended(stored, records)]
    return _append(session, data, "record", engine)


def _head(session_id: str, expected_seq: int, engine: Engine | None) -> TableSession:
    session = get_session(session_id=session_id, engine=engine)
    if session.head_seq != expected_seq:
        raise ConcurrencyConflict(
            f"session {session_id} is at seq {session.head_seq}, not {expected_seq}: reload and retry"
        )
    return session


def _first_receipt(session_id: str, engine: Engine | None) -> receipts.Body:
    return receipts_of(session_id=session_id, engine=engine)[0]["receipt"]


def _append(session: TableSession, data: list[str], kind: str, engine: Engine | None) -> Stored:
    """Chain ``data`` after the session's head, insert it and a receipt, move the head; all in
    one transaction that fails with ConcurrencyConflict if another writer moved the head first.

    A session recorded at the table has no separate upload: each of its receipts (kind
    ``record``) covers every record so far (``uploaded`` = the event count)."""
    expected_seq = session.head_seq
    links = chain.extend(data, seq=expected_seq + 1, prev_hash=session.head_hash)
    head = links[-1]
    first = _first_receipt(session.id, engine)
    if first["kind"] == "record":
        kind = "record"
        every = chain.records(_chunks(session.id, engine)) + data
        uploaded, hashed = len(every), content_hash(every)
    else:
        uploaded, hashed = first["uploaded"], session.content_hash
    try:
        with _engine(engine).begin() as connection:
            _insert_chunks(connection, [(session.id, *chain.chunk(links))])
            moved = connection.execute(
                update(TableSession)
                .where(
                    col(TableSession.id) == session.id, col(TableSession.head_seq) == expected_seq
                )
                .values(head_seq=head.seq, head_hash=head.hash)
            ).rowcount
            if moved != 1:
                raise ConcurrencyConflict(f"session {session.id} moved past seq {expected_seq}")
            [receipt] = _receipts(
                connection, [(session.id, session.club, hashed, uploaded, head)], kind
            )
    except IntegrityError as e:
        raise ConcurrencyConflict(f"session {session.id}: seq {expected_seq + 1} is taken") from e
    row = {**session.model_dump(), "head_seq": head.seq, "head_hash": head.hash}
    return _witnessed(_engine(engine), [Stored(row, receipt, True)])[0]


def _witnessed(engine: Engine, stored: list[Stored]) -> list[Stored]:
    """The stored receipts (of one transaction: one checkpoint) with that checkpoint as the
    witness cosigned it, when a witness is configured and cosigns it (``witnessing.cosign``)."""
    if not stored:
        return stored
    note = stored[0].receipt["receipt"]["log"]["checkpoint"]
    cosigned = witnessing.cosign(engine, note, _signing_key().public_key())
    if cosigned is None:
        return stored
    return [dataclasses.replace(s, receipt={**s.receipt, COSIGNED: cosigned}) for s in stored]


def _signed(record: dict[str, Any]) -> None:
    """A correction must say who corrects and why."""
    for name in ("by", "reason"):
        if not str(record.get(name) or "").strip():
            raise CorrectionInvalid(f"a correction needs {name!r} (who corrects, and why)")


def _correction_json(record: dict[str, Any], head_seq: int, types: dict[int, str]) -> str:
    """The canonical JSON of a correction, after the checks the codec makes within a file."""
    if not isinstance(record, dict) or record.get("type") != "correction":
        raise CorrectionInvalid('only records of type "correction" can be appended')
    _signed(record)
    try:
        text = canonical_json(record)
    except LogFormatError as e:
        raise CorrectionInvalid(
            "; ".join(str(err).removeprefix("line 1 ") for err in e.errors)
        ) from None
    target = record["target"]
    if not 0 < target <= head_seq:
        raise CorrectionInvalid(f"target must be a seq from 1 to {head_seq}, not {target}")
    if types[target] == "correction":
        raise CorrectionInvalid(
            "a correction cannot be corrected; correct the original record again"
        )
    return text


def get_session(*, session_id: str, engine: Engine | None = None) -> TableSession:
    with db_session(engine) as db:
        row = db.get(TableSession, session_id)
    if row is None:
        raise SessionNotFound(session_id)
    return row


def list_sessions(
    *,
    club: str | None = None,
    limit: int | None = None,
    offset: int = 0,
    engine: Engine | None = None,
) -> list[TableSession]:
    """Sessions, newest first, optionally of one club."""
    query = select(TableSession).order_by(col(TableSession.created_at).desc(), col(TableSession.id))
    if club is not None:
        query = query.where(col(TableSession.club) == club)
    with db_session(engine) as db:
        return list(db.scalars(query.offset(offset).limit(limit)))


def read_events(*, session_id: str, engine: Engine | None = None) -> list[chain.Link]:
    """A session's events in seq order, each link recomputed from the records (empty for an
    unknown session): the store keeps only each chunk's last link."""
    return chain.relink(_chunks(session_id, engine))


def read_records(*, session_id: str, engine: Engine | None = None) -> list[dict[str, Any]]:
    """A session's records (list index = seq), what the replay consumes."""
    text = "".join(x.data for x in _chunks(session_id, engine))
    records: list[dict[str, Any]] = json.loads(f"[{text[:-1].replace(chr(10), ',')}]")
    return records  # one decoder call for the stream


def export_log(*, session_id: str, engine: Engine | None = None) -> str:
    """The stored log as canonical JSON Lines, corrections included: the file a receipt holder
    can check with ``fupan store check --receipt R --log FILE``."""
    get_session(session_id=session_id, engine=engine)
    return "".join(x.data for x in _chunks(session_id, engine))


def _chunks(session_id: str, engine: Engine | None) -> list[chain.Chunk]:
    query = (
        select(
            col(EventChunk.first_seq),
            col(EventChunk.last_seq),
            col(EventChunk.data),
            col(EventChunk.hash),
        )
        .where(col(EventChunk.stream) == session_id)
        .order_by(col(EventChunk.first_seq))
    )
    with _engine(engine).connect() as connection:  # Core, not the ORM
        return [chain.Chunk(*row) for row in connection.execute(query)]


def receipts_of(*, session_id: str, engine: Engine | None = None) -> list[receipts.Document]:
    """Every receipt issued for a session, oldest first (the last one covers the current head),
    each with the witness's cosigned checkpoint (``cosigned_checkpoint``) when it has one."""
    query = (
        select(col(Receipt.document))
        .where(col(Receipt.session_id) == session_id)
        .order_by(col(Receipt.id))
    )
    with db_session(engine) as db:
        documents: list[receipts.Document] = [json.loads(doc) for doc in db.scalars(query)]
        sizes = {d["receipt"]["log"]["tree_size"] for d in documents if "log" in d["receipt"]}
        cosigned = dict(
            db.execute(
                select(col(LogCosignature.tree_size), col(LogCosignature.note)).where(
                    col(LogCosignature.tree_size).in_(sizes)
                )
            ).all()
        )
    for document in documents:
        note = cosigned.get(document["receipt"].get("log", {}).get("tree_size"))
        if note is not None:
            document[COSIGNED] = note
    return documents


def check_chains(
    *,
    engine: Engine | None = None,
    public_key: bytes | None = None,
    checkpoint: str | None = None,
    club: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> StoreCheck:
    """Re-walk every session's chain against the head on its session row; prove each head by its
    newest receipt (signed with ``public_key`` PEM, default the service's key) and by the
    transparency log, and the log by its signed checkpoints, recomputed from its leaves. With
    ``checkpoint`` (an older signed checkpoint a club kept), also prove that the log extends it.

    With ``club``, ``since`` or ``until`` only the sessions of that club and/or played in that
    period (days included), each head proven in the newest signed checkpoint by an inclusion
    proof instead of the whole log rebuilt: see ``events.storecheck`` and docs/store.md for what
    such a check does not see.

    With a witness (FUPAN_WITNESS_URL), also prove that the log extends the witness's newest
    cosigned checkpoint: a store rolled back or forked since is caught without a club's
    checkpoint; a witness that cannot be asked is a problem."""
    engine = _engine(engine)
    key = _public_key(public_key)
    config = witnessing.configured()
    witnessed, trouble = witnessing.newest_for_check(config, key)
    if club is None and since is None and until is None:
        result = storecheck.check_store(engine, key, checkpoint, witnessed)
    else:
        selection = storecheck.Selection(club, since, until)
        result = storecheck.check_selection(engine, key, selection, checkpoint, witnessed)
    return dataclasses.replace(
        result, problems=result.problems + trouble, witness=config.name if config else None
    )


def _public_key(pem: bytes | None) -> Ed25519PublicKey:
    return receipts.load_public_key(pem) if pem else _signing_key().public_key()


def latest_checkpoint(*, engine: Engine | None = None) -> str | None:
    """The newest signed checkpoint of the transparency log (a signed note), for clubs to keep."""
    return transparency.latest(_engine(engine))


def consistency_proof(
    *, checkpoint: str, engine: Engine | None = None
) -> transparency.ConsistencyDocument:
    """A self-contained proof that the newest checkpoint extends ``checkpoint`` (an older signed
    note): checkable with the public key alone, ``transparency.verify_consistency_document``.
    Raises transparency.CheckpointInvalid."""
    return transparency.consistency_document(
        _engine(engine), checkpoint, _signing_key().public_key()
    )


def cosigned_checkpoint(note: str, *, engine: Engine | None = None) -> str:
    """The checkpoint ``note`` as the witness cosigned it (kept, or sent now), else ``note``:
    what ``fupan store checkpoint`` hands a club."""
    engine = _engine(engine)
    size = transparency.open_checkpoint(note, _signing_key().public_key()).size
    kept = witnessing.kept(engine, size)
    return kept or witnessing.cosign(engine, note, _signing_key().public_key()) or note


def seal_log(*, engine: Engine | None = None) -> tuple[int, str | None]:
    """Log the heads of sessions stored before the transparency log (each must be its newest
    signed receipt's head) and sign a checkpoint over leaves no checkpoint covers yet; returns
    (sessions logged, newest checkpoint). Raises transparency.SealRefused."""
    return transparency.seal(_engine(engine), _signing_key)


def check_receipt(
    *,
    document: object,
    public_key: bytes | None = None,
    log: bytes | str | None = None,
    engine: Engine | None = None,
) -> receipts.ReceiptCheck:
    """Prove a receipt: its signature (with ``public_key`` PEM, default the service's own key),
    then the chain recomputed from ``log`` (an export or the original upload) or, without one,
    from the stored events. Raises ReceiptInvalid, or LogFormatError for a bad ``log``."""
    key = _public_key(public_key)
    body = receipts.verify_signature(document, key)
    if log is None:
        data = [e.data for e in read_events(session_id=body["session_id"], engine=engine)]
    else:
        data = parse_log(log).canonical_lines
    check = receipts.match_log(body, data)
    if "log" not in body:  # issued before the transparency log
        return check
    try:
        logged = transparency.check_proof(body, key)
    except (transparency.CheckpointInvalid, merkle.ProofFailed) as e:
        raise receipts.ReceiptInvalid(f"the log proof does not verify: {e}") from None
    except (KeyError, TypeError, ValueError) as e:
        raise receipts.ReceiptInvalid(f"malformed log proof ({type(e).__name__}: {e})") from None
    return dataclasses.replace(
        check, logged_in=logged.size, cosigned_by=_cosigned_by(document, logged, key)
    )


def _cosigned_by(
    document: object, logged: transparency.Checkpoint, key: Ed25519PublicKey
) -> str | None:
    """The configured witness's name when the receipt carries its valid cosignature of the
    receipt's own checkpoint; None without a witness or a cosigned checkpoint; raises
    ReceiptInvalid for one that does not verify."""
    config = witnessing.configured()
    note = document.get(COSIGNED) if isinstance(document, dict) else None
    if config is None or note is None:
        return None
    try:
        cosigned = transparency.open_checkpoint(note, key)
        if (cosigned.size, cosigned.root) != (logged.size, logged.root):
            raise receipts.ReceiptInvalid("the cosigned checkpoint is not the receipt's")
        witness.verify_cosignature(note, config.name, config.public_key)
    except (transparency.CheckpointInvalid, witness.CosignatureInvalid) as e:
        raise receipts.ReceiptInvalid(f"the cosigned checkpoint does not verify: {e}") from None
    return config.name
