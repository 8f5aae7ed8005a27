"""What the witness costs an upload: ``python benchmarks/bench_witness.py [--uploads N]``.

Stores N fixture logs (distinct tables) into a fresh SQLite store in a temporary directory,
first without a witness, then into another fresh store with a real ``fupan witness serve`` on
127.0.0.2 (its own state directory), and prints the milliseconds an upload of each and their
ratio; the store without a witness is the calibration (the same machine, the same logs). Then
times ``store.check_chains`` of the witnessed store with and without asking the witness.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.2"
SAMPLE = ROOT / "tests" / "fixtures" / "huangyan" / "seed_examples.jsonl"


def _logs(count: int) -> list[str]:
    from tests.conftest import variant

    sample = SAMPLE.read_text(encoding="utf-8")
    return [variant(sample, n) for n in range(count)]


def _fresh_store(folder: Path) -> None:
    from events import db

    os.environ["FUPAN_DATA_DIR"] = str(folder)
    os.environ.pop("FUPAN_DATABASE_URL", None)
    db.dispose_all()


def _upload_ms(logs: list[str]) -> float:
    from events import store

    started = time.perf_counter()
    for log in logs:
        store.ingest(data=log)
    return (time.perf_counter() - started) * 1000 / len(logs)


def _start_witness(folder: Path) -> subprocess.Popen:
    from events import store

    folder.mkdir(parents=True)
    (folder / "log.pem").write_text(store.public_key_pem())
    cli = [sys.executable, "-c", "from service.cli import main; main()", "witness"]
    state = ["--state", str(folder / "state")]
    vkey = subprocess.run([*cli, "key", *state], capture_output=True, text=True, check=True)
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [*cli, "serve", "--addr", f"{HOST}:{port}", *state, "--log-key", str(folder / "log.pem")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    for _ in range(200):
        try:
            socket.create_connection((HOST, port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.05)
    os.environ["FUPAN_WITNESS_URL"] = f"http://{HOST}:{port}"
    os.environ["FUPAN_WITNESS_KEY"] = vkey.stdout.strip()
    return process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--uploads", type=int, default=200)
    args = parser.parse_args()
    logs = _logs(args.uploads * 2)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        _fresh_store(base / "plain")
        plain = _upload_ms(logs[: args.uploads])
        _fresh_store(base / "witnessed")
        from events import store

        store.public_key_pem()  # the key, before the witness is given it
        witness = _start_witness(base / "witness-host")
        try:
            witnessed = _upload_ms(logs[args.uploads :])
            started = time.perf_counter()
            result = store.check_chains()
            asked = time.perf_counter() - started
            url = os.environ.pop("FUPAN_WITNESS_URL")
            started = time.perf_counter()
            store.check_chains()
            alone = time.perf_counter() - started
            os.environ["FUPAN_WITNESS_URL"] = url
        finally:
            witness.terminate()
            witness.wait(10)
    print(f"{args.uploads} uploads a store (SQLite), huangyan fixture log")
    print(f"  without a witness: {plain:.1f} ms an upload (the calibration)")
    print(f"  with a witness:    {witnessed:.1f} ms an upload ({witnessed / plain:.2f}x)")
    print(f"store check of {result.sessions} sessions: {asked:.2f} s asking the witness, "
          f"{alone:.2f} s without ({asked / alone:.2f}x); problems: {len(result.problems)}")  # fmt: skip


if __name__ == "__main__":
    main()
