"""``/checkpoint``: the newest signed checkpoint and the public key that checks it, as a page
and as plain text (``/checkpoint.txt``, ``/checkpoint/public-key.pem``)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template
from flask_babel import gettext as _

from events import receipts, store, transparency
from service.accounts import auth

bp = auth.pages(Blueprint("transparency", __name__, template_folder="templates"))


def _latest() -> transparency.Checkpoint | None:
    note = store.latest_checkpoint()
    if note is None:
        return None
    key = receipts.load_public_key(store.public_key_pem().encode())
    return transparency.open_checkpoint(note, key)


@bp.get("/checkpoint")
def checkpoint():
    return render_template(
        "transparency/checkpoint.html", checkpoint=_latest(), public_key=store.public_key_pem()
    )


@bp.get("/checkpoint.txt")
def checkpoint_text():
    note = store.latest_checkpoint()
    if note is None:
        abort(404, _("nothing is logged yet"))
    return Response(note, mimetype="text/plain")


@bp.get("/checkpoint/public-key.pem")
def public_key():
    return Response(store.public_key_pem(), mimetype="application/x-pem-file")
