"""The service's side of the witness (events.witness): after each new checkpoint is committed,
send it with a consistency proof from the last size the witness cosigned, and keep the
cosigned note; ``fupan store check`` asks the witness for its newest cosigned checkpoint.

Configured by FUPAN_WITNESS_URL (the witness's address, e.g. ``http://10.0.0.9:7380``) and
FUPAN_WITNESS_KEY (its verifier key, ``fupan witness key``). A witness that cannot be reached
or refuses costs the upload nothing but its cosignature (logged); the next checkpoint sent
carries a proof from wherever the witness is, so it catches up.
"""

from __future__ import annotations

import logging
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from events import merkle, transparency, witness
from events.models import LogCosignature, utcnow

log = logging.getLogger(__name__)
TIMEOUT = 5.0  # s for one request to the witness
TRIES = 3  # add-checkpoint requests a checkpoint (a 409 tells the witness's size: try again)


class WitnessUnavailable(RuntimeError):
    """The witness could not be asked, or answered something else than the protocol's."""


@dataclass(frozen=True)
class WitnessConfig:
    url: str
    name: str
    public_key: Ed25519PublicKey


def configured() -> WitnessConfig | None:
    """The witness from FUPAN_WITNESS_URL and FUPAN_WITNESS_KEY (None when the URL is unset);
    raises ValueError for a URL without its key or a malformed key."""
    url = os.environ.get("FUPAN_WITNESS_URL", "").strip().rstrip("/")
    if not url:
        return None
    key = os.environ.get("FUPAN_WITNESS_KEY", "").strip()
    if not key:
        raise ValueError("FUPAN_WITNESS_URL is set without FUPAN_WITNESS_KEY (`fupan witness key`)")
    try:
        name, public_key = witness.parse_vkey(key)
    except ValueError as e:
        raise ValueError(f"FUPAN_WITNESS_KEY: {e}") from None
    return WitnessConfig(url, name, public_key)


_known_sizes: dict[str, int] = {}  # url → the size the witness last said it holds
_lock = threading.Lock()  # one process sends one checkpoint at a time


def _post(config: WitnessConfig, body: bytes) -> tuple[int, str]:
    request = urllib.request.Request(
        config.url + "/add-checkpoint", data=body, method="POST",
        headers={"Content-Type": "text/plain; charset=utf-8"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except (OSError, ValueError) as e:
        raise WitnessUnavailable(f"the witness at {config.url} cannot be reached: {e}") from None


def submit(
    engine: Engine, config: WitnessConfig, note: str, log_key: Ed25519PublicKey
) -> str | None:
    """Send the checkpoint ``note`` (just committed, signed by ``log_key``) to the witness; the
    note with the witness's cosignature, or None when the witness did not cosign it (logged:
    refused, or already holding a larger tree). Raises WitnessUnavailable."""
    checkpoint = transparency.open_checkpoint(note, log_key)
    with _lock:
        for _ in range(TRIES):
            old = _known_sizes.get(config.url, 0)
            if old > checkpoint.size:
                return None  # the witness holds a newer checkpoint: this one is overtaken
            body = witness.request_body(old, _proof(engine, old, checkpoint), note)
            status, text = _post(config, body)
            if status == 200:
                _known_sizes[config.url] = checkpoint.size
                cosigned = note + "".join(line + "\n" for line in text.splitlines() if line)
                witness.verify_cosignature(cosigned, config.name, config.public_key)
                return cosigned
            if status == 409 and text.strip().isdigit() and int(text) != old:
                _known_sizes[config.url] = int(text)
                continue
            log.error("the witness refused the checkpoint of %d leaves: %s %s",
                      checkpoint.size, status, text.strip())  # fmt: skip
            return None
    return None


def _proof(engine: Engine, old: int, new: transparency.Checkpoint) -> list[bytes]:
    """The consistency proof from the tree of ``old`` leaves to ``new``, from the stored nodes."""
    if old in (0, new.size):
        return []
    tree = transparency.StoredTree(engine)
    tree.read_for(lambda: merkle.consistency_proof(old, new.size, tree.subtree))
    return merkle.consistency_proof(old, new.size, tree.subtree)


def latest(config: WitnessConfig, log_key: Ed25519PublicKey) -> str | None:
    """The witness's newest cosigned checkpoint of this service's log, once both its signature
    (``log_key``) and the witness's cosignature verify; None when the witness has none. Raises
    WitnessUnavailable, or transparency.CheckpointInvalid / witness.CosignatureInvalid."""
    origin = transparency.origin(log_key)
    url = f"{config.url}/latest?{urllib.parse.urlencode({'origin': origin})}"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            note: str = response.read().decode()  # urlopen's response is untyped
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return None
        raise WitnessUnavailable(f"the witness at {config.url} answered {e.code}") from None
    except (OSError, ValueError) as e:
        raise WitnessUnavailable(f"the witness at {config.url} cannot be reached: {e}") from None
    transparency.open_checkpoint(note, log_key)
    witness.verify_cosignature(note, config.name, config.public_key)
    return note


def cosign(engine: Engine, note: str, log_key: Ed25519PublicKey) -> str | None:
    """Have the configured witness cosign the committed checkpoint ``note`` and keep the
    cosigned note (``log_cosignatures``); None without a witness, or when it cannot be reached
    or does not cosign (logged): the upload goes on without."""
    try:
        config = configured()
    except ValueError as e:  # the web refuses to start with it; a worker logs it
        log.error("the checkpoint was not sent to a witness: %s", e)
        return None
    if config is None:
        return None
    try:
        cosigned = submit(engine, config, note, log_key)
    except (WitnessUnavailable, witness.CosignatureInvalid) as e:
        log.error("the checkpoint was not cosigned: %s", e)
        return None
    if cosigned is None:
        return None
    size = transparency.open_checkpoint(note, log_key).size
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(LogCosignature),
                dict(tree_size=size, witness=config.name, cosigned_at=utcnow(), note=cosigned),
            )
    except IntegrityError:
        pass  # kept already (the same checkpoint cosigned again)
    return cosigned


def kept(engine: Engine, size: int) -> str | None:
    """The kept cosigned note of the checkpoint of ``size`` leaves, if any."""
    with engine.connect() as connection:
        query = select(col(LogCosignature.note)).where(col(LogCosignature.tree_size) == size)
        return connection.execute(query).scalar()


def newest_for_check(
    config: WitnessConfig | None, log_key: Ed25519PublicKey
) -> tuple[str | None, list[str]]:
    """The witness's newest cosigned checkpoint of the log, for ``store check`` to prove the
    store against (asked before the store is read, so it is no newer than what is read), or
    the problems that there is none."""
    if config is None:
        return None, []
    try:
        note = latest(config, log_key)
    except WitnessUnavailable as e:
        return None, [f"witness: {e}"]
    except (transparency.CheckpointInvalid, witness.CosignatureInvalid) as e:
        return None, [f"witness: its newest checkpoint does not verify: {e}"]
    if note is None:
        return None, [f"witness: {config.name} has cosigned no checkpoint of this log"]
    return note, []
