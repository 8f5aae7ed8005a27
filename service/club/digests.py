"""The digests' rule items in the page's language (the digests themselves are written by the
workers: ``workers.digests``)."""

from __future__ import annotations

from flask_babel import gettext as _

from service.i18n import label


def item_label(item: dict | None) -> str:
    """A stored rule item in the page's language (digests from before items were stored as
    data were emptied by migration 0012_digest_reset)."""
    return _("unexplained") if item is None else label(item)
