"""Issue 26, point 5: a witness against rollback and fork. A database superuser without the
signing key deletes the newest sessions with their log leaves and checkpoints (a rollback), or
does that and lets new sessions be appended (a fork); `fupan store check` alone reported 0
problems. With a witness — a real `fupan witness serve` process on another loopback address,
its key and state in another directory — the check catches both without a club's checkpoint,
and the witness refuses a checkpoint that does not extend the one it cosigned."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from events import merkle, receipts, store, transparency, witness, witnessing
from events.codec import parse_log
from events.config import settings
from service.cli import app
from tests.conftest import drop_write_once_triggers, free_port, run_sql, variant

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.2"  # not the service's address: the witness is another party
runner = CliRunner()


def fupan(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def _wait_listening(port: int, process: subprocess.Popen, budget: float = 30.0) -> None:
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stdout.read()
        try:
            socket.create_connection((HOST, port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the witness did not start listening")


class RunningWitness:
    """A `fupan witness serve` process on 127.0.0.2 with its state in ``state``; ``url``,
    ``name`` and ``public_key`` as the service's configuration has them."""

    def __init__(self, state: Path, log_key: Path):
        self.state, self.log_key, self.port = state, log_key, free_port(HOST)
        self.url = f"http://{HOST}:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from service.cli import main; main()", "witness", "serve",
             "--addr", f"{HOST}:{self.port}", "--state", str(self.state),
             "--log-key", str(self.log_key)],
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        _wait_listening(self.port, self.process)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)

    def restart(self) -> None:
        """Stopped and started again on the same state (what it cosigned is on disk)."""
        self.stop()
        self.start()


@pytest.fixture
def witness_server(database_url, tmp_path, monkeypatch):
    """`fupan witness serve` on 127.0.0.2, its state in its own directory, trusting this
    service's log key; FUPAN_WITNESS_URL and FUPAN_WITNESS_KEY set for the service."""
    state = tmp_path / "witness-host" / "state"
    log_key = tmp_path / "witness-host" / "fupan-log.pem"
    log_key.parent.mkdir()
    log_key.write_text(store.public_key_pem())
    key = fupan("witness", "key", "--state", str(state), "--name", "witness.test/w1")
    assert key.exit_code == 0, key.output
    running = RunningWitness(state, log_key)
    running.start()
    try:
        monkeypatch.setenv("FUPAN_WITNESS_URL", running.url)
        monkeypatch.setenv("FUPAN_WITNESS_KEY", key.output.strip())
        witnessing._known_sizes.clear()
        config = witnessing.configured()
        running.name, running.public_key = config.name, config.public_key
        yield running
    finally:
        running.stop()
    assert not (settings().data_dir / "witness-key.pem").exists()  # nothing shared


def log_key():
    return receipts.signing_key(settings().signing_key_path).public_key()


def ingest(sample_log: str, *numbers: int) -> list[store.Stored]:
    return [store.ingest(data=variant(sample_log, n)) for n in numbers]


def roll_back(keep: int) -> None:
    """Delete every session logged after the first ``keep`` leaves, with its events, receipts,
    verifications, leaves, checkpoints and cosignatures: what a database superuser can do."""
    tables = ("event_chunks", "receipts", "verifications", "sessions", "log_leaves", "log_checkpoints",
              "log_cosignatures")  # fmt: skip
    for table in tables:
        drop_write_once_triggers(table)
    gone = "SELECT session_id FROM log_leaves WHERE idx >= :k"
    run_sql(f"DELETE FROM event_chunks WHERE stream IN ({gone})", k=keep)
    for table in ("receipts", "verifications"):
        run_sql(f"DELETE FROM {table} WHERE session_id IN ({gone})", k=keep)
    run_sql(f"DELETE FROM sessions WHERE id IN ({gone})", k=keep)
    run_sql("DELETE FROM log_leaves WHERE idx >= :k", k=keep)
    run_sql("DELETE FROM log_checkpoints WHERE tree_size > :k", k=keep)
    run_sql("DELETE FROM log_cosignatures WHERE tree_size > :k", k=keep)


def test_each_new_checkpoint_is_cosigned_and_the_receipt_carries_it(witness_server, sample_log):
    first, second = ingest(sample_log, 1, 2)
    cosigned = second.receipt[store.COSIGNED]
    assert witness.verify_cosignature(cosigned, "witness.test/w1", witness_server.public_key)
    checkpoint = transparency.open_checkpoint(cosigned, log_key())
    assert checkpoint.size == second.receipt["receipt"]["log"]["tree_size"] == 2
    [kept] = store.receipts_of(session_id=first.session.id)
    assert transparency.open_checkpoint(kept[store.COSIGNED], log_key()).size == 1
    result = fupan("store", "check")
    assert result.exit_code == 0, result.output
    assert "the log extends the witness's newest cosigned checkpoint" in result.output
    assert "witness.test/w1: 2 leaves" in result.output


def test_the_checkpoint_a_club_keeps_is_cosigned(witness_server, sample_log, tmp_path):
    ingest(sample_log, 1, 2)
    printed = fupan("store", "checkpoint").output
    assert witness.verify_cosignature(printed, "witness.test/w1", witness_server.public_key)
    path = tmp_path / "kept.txt"
    path.write_text(printed, encoding="utf-8")
    ingest(sample_log, 3)
    result = fupan("store", "check", "--checkpoint", str(path))
    assert result.exit_code == 0 and "the log extends the checkpoint of 2 leaves" in result.output


def test_a_receipt_check_proves_its_cosignature(witness_server, sample_log, tmp_path):
    [stored] = ingest(sample_log, 1)
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(stored.receipt), encoding="utf-8")
    result = fupan("store", "check", "--receipt", str(path))
    assert result.exit_code == 0, result.output
    assert "cosigned by the witness witness.test/w1" in " ".join(result.output.split())
    note = stored.receipt[store.COSIGNED]
    line = note.rstrip("\n").rsplit("\n", 1)[1]
    blob = bytearray(base64.b64decode(line.split()[-1]))
    blob[-1] ^= 1  # one bit of the witness's signature
    forged = note.replace(line.split()[-1], base64.b64encode(bytes(blob)).decode())
    path.write_text(json.dumps({**stored.receipt, store.COSIGNED: forged}), encoding="utf-8")
    result = fupan("store", "check", "--receipt", str(path))
    assert result.exit_code == 1 and "cosignature" in result.output, result.output


def test_a_rollback_is_caught_by_the_witness(witness_server, sample_log, monkeypatch):
    ingest(sample_log, 1, 2, 3)
    roll_back(keep=1)
    witness_server.restart()  # what it cosigned outlives the process
    result = fupan("store", "check")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "witness: the log does NOT extend the checkpoint of 3 leaves" in said, result.output
    club = fupan("store", "check", "--club", "黄岩测试俱乐部")
    assert club.exit_code == 1 and "witness: the log does NOT extend" in club.output, club.output
    monkeypatch.delenv("FUPAN_WITNESS_URL")  # what the check saw before the witness
    alone = fupan("store", "check")
    assert alone.exit_code == 0, alone.output
    assert "no witness" in alone.output


def test_a_fork_is_caught_by_the_witness_which_refuses_to_cosign_it(witness_server, sample_log):
    ingest(sample_log, 1, 2, 3)
    roll_back(keep=1)
    forked = ingest(sample_log, 4, 5)  # the service goes on: leaves 1 and 2 again, other ones
    assert all(store.COSIGNED not in s.receipt for s in forked)  # the witness refused
    result = fupan("store", "check")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "witness: the log does NOT extend the checkpoint of 3 leaves" in said, result.output


def test_the_witness_refuses_what_does_not_extend_what_it_cosigned(witness_server, sample_log):
    """At the protocol's level (tlog-witness): a checkpoint of another tree with a proof that
    does not hold is 422, a stale old size 409 with the witness's size, an unknown log 404, a
    checkpoint signed by another key 403."""
    ingest(sample_log, 1, 2)
    key = receipts.signing_key(settings().signing_key_path)
    other_tree = merkle.Tree([merkle.leaf_hash(bytes([n])) for n in range(3)])
    forged = transparency.sign_checkpoint(key, 3, other_tree.root(), "2026-12-06T00:00:00")
    proof = merkle.consistency_proof(2, 3, other_tree.subtree)
    assert _post(witness_server, witness.request_body(2, proof, forged.note))[0] == 422
    assert _post(witness_server, witness.request_body(1, [], forged.note)) == (
        409, "2\n", "text/x.tlog.size",
    )  # fmt: skip
    stranger = transparency.sign_checkpoint(Ed25519PrivateKey.generate(), 3, other_tree.root(), "t")
    assert _post(witness_server, witness.request_body(2, proof, stranger.note))[0] == 404
    impostor = forged.note.replace("\n3\n", "\n4\n", 1)  # its signature no longer holds
    assert _post(witness_server, witness.request_body(2, [], impostor))[0] == 403
    assert _post(witness_server, witness.request_body(5, [], forged.note))[0] == 400
    latest = witnessing.latest(witness_server, log_key())
    assert transparency.open_checkpoint(latest, log_key()).size == 2


def _post(config, body: bytes) -> tuple[int, str, str]:
    request = urllib.request.Request(config.url + "/add-checkpoint", data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(), response.headers["Content-Type"]
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers["Content-Type"]


def test_the_cosignature_is_tlog_cosignature_v1():
    """Checked from the specification's text, not from events.witness: key ID SHA-256(name ‖
    0x0A ‖ 0x04 ‖ key)[:4], then the big-endian u64 timestamp, then Ed25519 over
    "cosignature/v1\\ntime T\\n" and the checkpoint's body."""
    key = Ed25519PrivateKey.generate()
    raw = receipts.raw_public_key(key.public_key())
    note = "example.com/log\n5\n" + base64.b64encode(bytes(32)).decode() + "\n\n— x abc\n"
    line = witness.cosign(key, "w.example/1", note, 1_700_000_000)
    assert line.startswith("— w.example/1 ") and line.endswith("\n")
    blob = base64.b64decode(line.split()[-1])
    assert blob[:4] == hashlib.sha256(b"w.example/1\n\x04" + raw).digest()[:4]
    assert struct.unpack(">Q", blob[4:12]) == (1_700_000_000,)
    body = note.split("\n\n")[0] + "\n"
    key.public_key().verify(blob[12:], f"cosignature/v1\ntime 1700000000\n{body}".encode())
    assert witness.verify_cosignature(note + line, "w.example/1", key.public_key()) == 1_700_000_000
    vkey = witness.vkey("w.example/1", key.public_key())
    assert witness.parse_vkey(vkey)[0] == "w.example/1"
    with pytest.raises(witness.CosignatureInvalid):
        witness.verify_cosignature(
            note + line, "w.example/1", Ed25519PrivateKey.generate().public_key()
        )


def test_a_witness_url_without_its_key_stops_the_check(data_dir, monkeypatch):
    monkeypatch.setenv("FUPAN_WITNESS_URL", "http://127.0.0.2:9")
    result = fupan("store", "check")
    assert result.exit_code == 2 and "FUPAN_WITNESS_KEY" in result.output


def test_an_unreachable_witness_is_a_problem_not_a_pass(database_url, sample_log, monkeypatch):
    ingest(sample_log, 1)
    vkey = witness.vkey("w", Ed25519PrivateKey.generate().public_key())
    monkeypatch.setenv("FUPAN_WITNESS_URL", f"http://{HOST}:{free_port(HOST)}")  # nobody there
    monkeypatch.setenv("FUPAN_WITNESS_KEY", vkey)
    stored = ingest(sample_log, 2)[0]  # the upload goes on without the cosignature
    assert store.COSIGNED not in stored.receipt
    result = fupan("store", "check")
    assert result.exit_code == 1 and "cannot be reached" in result.output, result.output


def test_concurrent_requests_cannot_roll_the_witness_back(tmp_path):
    """tlog-witness: the old-size check and the update are one step. Twelve threads each send a
    different extension of the tree the witness holds: exactly one is cosigned, the others get
    409 with its size; a smaller tree afterwards is refused, and the state stays the largest."""
    from concurrent.futures import ThreadPoolExecutor

    log, own = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    keeper = witness.Witness(tmp_path / "state", own, "w", [log.public_key()])
    tree = merkle.Tree([merkle.leaf_hash(bytes([n])) for n in range(20)])

    def send(old: int, size: int):
        note = transparency.sign_checkpoint(log, size, tree.root(size), "t").note
        proof = merkle.consistency_proof(old, size, tree.subtree) if 0 < old <= size else []
        return keeper.add_checkpoint(witness.request_body(old, proof, note))

    assert send(0, 4).status == 200
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(lambda size: send(4, size), range(5, 17)))
    winners = [size for size, a in zip(range(5, 17), answers, strict=True) if a.status == 200]
    assert len(winners) == 1
    assert {a.body for a in answers if a.status == 409} == {f"{winners[0]}\n"}
    assert send(winners[0], 4).status == 400  # old size above the checkpoint's
    assert send(4, 6).status == 409
    held = transparency.open_checkpoint(keeper.latest(transparency.origin(log.public_key())),
                                        log.public_key())  # fmt: skip
    assert held.size == winners[0]


def test_a_witness_url_without_its_key_costs_an_upload_nothing(
    database_url, sample_log, monkeypatch
):
    """The web refuses to start with it (test_web_hardening); a worker storing logs goes on."""
    monkeypatch.setenv("FUPAN_WITNESS_URL", f"http://{HOST}:9")
    monkeypatch.delenv("FUPAN_WITNESS_KEY", raising=False)
    [stored] = ingest(sample_log, 1)
    assert stored.created and store.COSIGNED not in stored.receipt


def test_a_batchs_receipts_carry_its_one_cosigned_checkpoint(witness_server, sample_log):
    """A worker's batch signs one checkpoint: the witness cosigns it once, and every receipt
    of the batch carries it and proves it."""
    ingest(sample_log, 1)
    texts = [variant(sample_log, n) for n in (2, 3, 4)]
    batch = store.ingest_many(parsed=[parse_log(t.encode()) for t in texts])
    [cosigned] = {s.receipt[store.COSIGNED] for s in batch}
    assert transparency.open_checkpoint(cosigned, log_key()).size == 4
    assert witness.verify_cosignature(cosigned, "witness.test/w1", witness_server.public_key)
    for stored in batch:
        assert store.check_receipt(document=stored.receipt).cosigned_by == "witness.test/w1"
        assert store.receipts_of(session_id=stored.session.id) == [stored.receipt]
    result = fupan("store", "check")
    assert result.exit_code == 0 and "witness.test/w1: 4 leaves" in result.output, result.output


@pytest.mark.parametrize(
    ("length", "body", "says"),
    [
        ("abc", b"old 0\n\nx", "a request body of 1 to 65536 bytes"),
        ("²", b"old 0\n\nx", "a request body of 1 to 65536 bytes"),
        ("9" * 5000, b"old 0\n\nx", "a request body of 1 to 65536 bytes"),
        (None, "old ²\n\nx".encode(), "the first line is not `old <size>`"),
        (None, "old ١\n\nx".encode(), "the first line is not `old <size>`"),
    ],
)
def test_the_witness_answers_an_odd_request_with_a_400_saying_why(tmp_path, length, body, says):
    # A Content-Length that is no number raised ValueError in the handler (the connection
    # dropped, a traceback in the witness's log); "old ²" reached int() and came back in
    # Python's words.
    import http.client
    import threading
    from http.server import ThreadingHTTPServer

    from service.commands.witness import _handler

    log, own = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    keeper = witness.Witness(tmp_path / "state", own, "w", [log.public_key()])
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(keeper))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=30)
        connection.putrequest("POST", "/add-checkpoint")
        connection.putheader("Content-Length", length or str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        assert (answer.status, answer.read().decode().strip()) == (400, says)
        connection.close()
    finally:
        server.shutdown()
        server.server_close()
