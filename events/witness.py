"""A witness of the transparency log: a separate process with its own Ed25519 key and its own
state, to which the service sends every new checkpoint with a consistency proof from the last
one the witness saw. It cosigns only a checkpoint that extends that one, so a store rolled back
(newest sessions, leaves and checkpoints deleted) or forked (rolled back, then appended to) by
someone without the witness's key no longer matches the witness's newest cosigned checkpoint,
which ``fupan store check`` proves the store against.

The protocol is C2SP tlog-witness (https://c2sp.org/tlog-witness: ``POST /add-checkpoint``)
and the cosignature C2SP tlog-cosignature v1 (https://c2sp.org/tlog-cosignature: Ed25519 over
``cosignature/v1``, a time line and the checkpoint's note body, a note signature line with a
timestamp). The spec has no read API yet; ``GET /latest?origin=…`` (the newest cosigned
checkpoint of a log, signed note with the log's signature and the cosignature) is fupan's.
Standard library and ``cryptography`` only.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import os
import struct
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired, TypedDict

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from events import merkle, receipts, transparency

COSIGNATURE_TYPE = 0x04  # signed-note signature type of an Ed25519 cosignature/v1
MAX_PROOF_LINES = 63  # tlog-witness: a client sends at most 63 consistency proof lines
DASH = transparency.SIGNATURE_DASH


class CosignatureInvalid(ValueError):
    """No cosignature by the witness's key on a checkpoint, or one that does not verify."""


def key_id(name: str, public_key: Ed25519PublicKey) -> bytes:
    """SHA-256(name ‖ 0x0A ‖ 0x04 ‖ key)[:4] (tlog-cosignature)."""
    raw = receipts.raw_public_key(public_key)
    return hashlib.sha256(name.encode() + b"\n" + bytes([COSIGNATURE_TYPE]) + raw).digest()[:4]


def vkey(name: str, public_key: Ed25519PublicKey) -> str:
    """The witness's verifier key as a signed note writes one: ``<name>+<key id hex>+<base64(0x04
    ‖ key)>``; what FUPAN_WITNESS_KEY holds."""
    raw = bytes([COSIGNATURE_TYPE]) + receipts.raw_public_key(public_key)
    return f"{name}+{key_id(name, public_key).hex()}+{base64.b64encode(raw).decode()}"


def parse_vkey(text: str) -> tuple[str, Ed25519PublicKey]:
    """(name, key) of a ``vkey``; raises ValueError naming what is wrong."""
    parts = text.strip().split("+", 2)  # a name has no "+", the base64 may
    if len(parts) != 3 or not parts[0]:
        raise ValueError("a witness key is <name>+<key id>+<base64 key> (`fupan witness key`)")
    name, hex_id, rest = parts
    try:
        raw = base64.b64decode(rest, validate=True)
    except ValueError:
        raise ValueError("the witness key's last part is not base64") from None
    if len(raw) != 33 or raw[0] != COSIGNATURE_TYPE:
        raise ValueError("the witness key is not an Ed25519 cosignature/v1 key (type 0x04)")
    public_key = Ed25519PublicKey.from_public_bytes(raw[1:])
    if key_id(name, public_key).hex() != hex_id:
        raise ValueError("the witness key's id does not match its name and key")
    return name, public_key


def note_body(note: str) -> str:
    """The text of a signed note, up to and with the newline before the blank line."""
    text, sep, _ = note.partition("\n\n")
    if not sep:
        raise transparency.CheckpointInvalid(
            "not a signed note: no blank line before the signatures"
        )
    return text + "\n"


def _message(body: str, timestamp: int) -> bytes:
    return f"cosignature/v1\ntime {timestamp}\n{body}".encode()


def cosign(key: Ed25519PrivateKey, name: str, note: str, timestamp: int) -> str:
    """The cosignature line (with its newline) of ``key`` named ``name`` on ``note``."""
    blob = key_id(name, key.public_key()) + struct.pack(">Q", timestamp)
    blob += key.sign(_message(note_body(note), timestamp))
    return f"{DASH}{name} {base64.b64encode(blob).decode()}\n"


def verify_cosignature(note: str, name: str, public_key: Ed25519PublicKey) -> int:
    """The time (POSIX seconds) of the witness's valid cosignature on ``note``; raises
    CosignatureInvalid when there is none."""
    body, wanted = note_body(note), key_id(name, public_key)
    for line in note.partition("\n\n")[2].split("\n"):
        if not line.startswith(f"{DASH}{name} "):
            continue
        try:
            blob = base64.b64decode(line.rsplit(" ", 1)[1], validate=True)
        except ValueError:
            continue
        if len(blob) != 4 + 8 + 64 or blob[:4] != wanted:
            continue
        timestamp: int = struct.unpack(">Q", blob[4:12])[0]
        try:
            public_key.verify(blob[12:], _message(body, timestamp))
        except InvalidSignature:
            raise CosignatureInvalid(f"the cosignature of {name} does not verify") from None
        return timestamp
    raise CosignatureInvalid(f"the checkpoint carries no cosignature of witness {name}")


def request_body(old_size: int, proof: list[bytes], note: str) -> bytes:
    """An add-checkpoint request: ``old N``, the proof's hashes in base64, a blank line, the
    checkpoint."""
    lines = [f"old {old_size}", *(base64.b64encode(node).decode() for node in proof)]
    return ("\n".join(lines) + "\n\n" + note).encode()


def parse_request(body: bytes) -> tuple[int, list[bytes], str]:
    """(old size, proof, checkpoint note) of an add-checkpoint request; raises ValueError."""
    text = body.decode("utf-8")
    head, sep, note = text.partition("\n\n")
    if not sep:
        raise ValueError("no blank line between the proof and the checkpoint")
    lines = head.split("\n")
    old = lines[0].removeprefix("old ")
    if old == lines[0] or not (old.isascii() and old.isdigit()) or (old != "0" and old[0] == "0"):
        raise ValueError("the first line is not `old <size>`")
    if len(lines) - 1 > MAX_PROOF_LINES:
        raise ValueError(f"more than {MAX_PROOF_LINES} consistency proof lines")
    proof = [base64.b64decode(line, validate=True) for line in lines[1:]]
    if any(len(node) != 32 for node in proof):
        raise ValueError("a consistency proof line is not a 32-byte hash in base64")
    return int(old), proof, note


class _State(TypedDict):
    """What the witness keeps of one log (a JSON file): the newest tree it cosigned."""

    size: int
    root: str  # hex; "" before the first
    cosigned: NotRequired[str]  # that checkpoint's note with the witness's cosignature


@dataclass(frozen=True)
class Answer:
    status: int
    body: str
    content_type: str = "text/plain; charset=utf-8"


class Witness:
    """The witness's decisions and state: for each log it trusts (origin → the log's public
    key), the newest checkpoint it cosigned, one JSON file a log in ``state_dir`` (written
    whole, fsynced, then renamed into place). Checks and updates are atomic under a lock
    file, so two requests cannot roll the state back (tlog-witness)."""

    def __init__(
        self, state_dir: Path, key: Ed25519PrivateKey, name: str, logs: list[Ed25519PublicKey]
    ):
        self.state_dir, self.key, self.name = state_dir, key, name
        self.logs = {transparency.origin(public_key): public_key for public_key in logs}
        (state_dir / "logs").mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def _path(self, origin: str) -> Path:
        return self.state_dir / "logs" / (hashlib.sha256(origin.encode()).hexdigest() + ".json")

    def latest(self, origin: str) -> str | None:
        """The newest checkpoint cosigned for ``origin``: the log's note and the cosignature."""
        path = self._path(origin)
        return json.loads(path.read_text())["cosigned"] if path.exists() else None

    def add_checkpoint(self, body: bytes) -> Answer:
        try:
            old, proof, note = parse_request(body)
            origin = note.split("\n", 1)[0]
        except ValueError as e:
            return Answer(400, f"{e}\n")
        public_key = self.logs.get(origin)
        if public_key is None:
            return Answer(404, f"unknown log {origin!r}\n")
        try:
            checkpoint = transparency.open_checkpoint(note, public_key)
        except transparency.CheckpointInvalid as e:
            return Answer(403, f"{e}\n")
        if old > checkpoint.size:
            return Answer(
                400, f"old size {old} is larger than the checkpoint's {checkpoint.size}\n"
            )
        with self._lock, open(self.state_dir / "lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            return self._add(origin, old, proof, checkpoint)

    def _add(
        self, origin: str, old: int, proof: list[bytes], new: transparency.Checkpoint
    ) -> Answer:
        path = self._path(origin)
        state: _State = json.loads(path.read_text()) if path.exists() else {"size": 0, "root": ""}
        if old != state["size"]:
            return Answer(409, f"{state['size']}\n", "text/x.tlog.size")
        if old == new.size and state["root"] and bytes.fromhex(state["root"]) != new.root:
            return Answer(409, f"{state['size']}\n", "text/x.tlog.size")
        if old and old < new.size:
            try:
                merkle.verify_consistency(
                    old, new.size, bytes.fromhex(state["root"]), new.root, proof
                )
            except merkle.ProofFailed as e:
                return Answer(422, f"the checkpoint does not extend the one cosigned: {e}\n")
        elif proof:
            return Answer(422, "the consistency proof must be empty\n")
        line = cosign(self.key, self.name, new.note, int(time.time()))
        cosigned = new.note + line
        state = _State(size=new.size, root=new.root.hex(), cosigned=cosigned)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w") as f:
            f.write(json.dumps(state))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
        return Answer(200, line)
