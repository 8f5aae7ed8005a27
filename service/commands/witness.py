"""``fupan witness serve|key``: a witness of a fupan transparency log (events.witness), run on
another host than the service and its database, with its own key and state directory.

Exit codes: 0 done, 2 bad input.
"""

from __future__ import annotations

import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console()
witness_app = typer.Typer(help="A witness that cosigns the transparency log's checkpoints.",
                          no_args_is_help=True)  # fmt: skip
MAX_BODY = 64 * 1024  # an add-checkpoint request: 63 proof lines and a checkpoint note

State = Annotated[
    Path, typer.Option(help="The witness's own directory: its key, name and what it cosigned.")
]
Name = Annotated[
    str | None,
    typer.Option(help="The witness's name (first use; kept in the state directory after)."),
]


def register(app: typer.Typer) -> None:
    app.add_typer(witness_app, name="witness")


def _fail(message: str) -> typer.Exit:
    console.print(f"[red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def _identity(state: Path, name: str | None):
    """The witness's key (made on first use, mode 0600) and name (kept beside it); a state
    directory that cannot be made or read, or a key file that is no key, is refused by name."""
    try:
        return _read_identity(state, name)
    except OSError as e:
        raise _fail(f"--state {state}: {e.strerror or e}") from None
    except ValueError as e:  # a key file that is not an Ed25519 private key in PEM
        raise _fail(
            f"--state {state}: {state / 'witness-key.pem'} is no witness key ({e})"
        ) from None


def _read_identity(state: Path, name: str | None):
    from events import receipts

    state.mkdir(parents=True, exist_ok=True)
    key = receipts.signing_key(state / "witness-key.pem")
    kept = state / "name"
    if kept.exists():
        stored = kept.read_text().strip()
        if name is not None and name != stored:
            raise _fail(f"this witness is named {stored!r} (its state directory says so)")
        return key, stored
    name = name or f"fupan-witness/{receipts.key_id(key.public_key())}"
    if not name or any(c.isspace() or c == "+" for c in name):
        raise _fail("a witness name has no spaces and no '+'")
    kept.write_text(name + "\n")
    return key, name


@witness_app.command("key")
def key(state: State, name: Name = None) -> None:
    """Print the witness's verifier key: the service's FUPAN_WITNESS_KEY."""
    from events import witness

    private, name = _identity(state, name)
    typer.echo(witness.vkey(name, private.public_key()))


@witness_app.command("serve")
def serve(
    state: State,
    log_key: Annotated[
        list[Path],
        typer.Option(
            help="The public key (PEM) of a log to witness: the service's "
            "/checkpoint/public-key.pem. Repeat for several."
        ),
    ],  # fmt: skip
    addr: Annotated[str, typer.Option(help="HOST:PORT to listen on.")] = "127.0.0.1:7380",
    name: Name = None,
) -> None:
    """Serve C2SP tlog-witness: POST /add-checkpoint cosigns a checkpoint that extends the last
    one cosigned for its log; GET /latest?origin=ORIGIN answers the newest cosigned one."""
    from events import receipts, witness

    host, _, port = addr.rpartition(":")
    if not host or not (port.isascii() and port.isdigit() and int(port) <= 65535):
        raise _fail(f"--addr {addr!r} is not HOST:PORT (a port from 0 to 65535)")
    try:
        logs = [receipts.load_public_key(path.read_bytes()) for path in log_key]
    except (OSError, receipts.ReceiptInvalid) as e:
        raise _fail(f"--log-key: {e}") from None
    private, name = _identity(state, name)
    keeper = witness.Witness(state, private, name, logs)
    try:
        server = ThreadingHTTPServer((host, int(port)), _handler(keeper))
    except OSError as e:  # the port taken, an address not this host's
        raise _fail(f"--addr {addr}: {e.strerror or e}") from None
    console.print(f"witness {name} on http://{addr} for {', '.join(keeper.logs)}\n"
                  f"FUPAN_WITNESS_KEY={witness.vkey(name, private.public_key())}",
                  highlight=False, soft_wrap=True)  # fmt: skip
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _handler(keeper):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive (tlog-witness: clients SHOULD)
        disable_nagle_algorithm = True  # headers and body leave at once: no 40 ms delayed ACK

        def do_POST(self):  # noqa: N802 (the standard library's name)
            if self.path != "/add-checkpoint":
                return self._answer(404, "not found\n")
            given = (self.headers.get("Content-Length") or "0").strip()
            length = int(given) if given.isascii() and given.isdigit() and len(given) < 9 else 0
            if not 0 < length <= MAX_BODY:
                return self._answer(400, "a request body of 1 to 65536 bytes\n")
            answer = keeper.add_checkpoint(self.rfile.read(length))
            self._answer(answer.status, answer.body, answer.content_type)

        def do_GET(self):  # noqa: N802
            url = urllib.parse.urlsplit(self.path)
            origin = urllib.parse.parse_qs(url.query).get("origin", [""])[0]
            if url.path != "/latest" or origin not in keeper.logs:
                return self._answer(404, "no such log\n")
            note = keeper.latest(origin)
            if note is None:
                return self._answer(404, "nothing cosigned yet\n")
            self._answer(200, note)

        def _answer(self, status: int, body: str, content_type="text/plain; charset=utf-8"):
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_request(self, code="-", size="-"):
            if code != 200:  # a refusal is worth a line; a cosignature a second is not
                super().log_request(code, size)

    return Handler
