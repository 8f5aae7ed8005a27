"""``fupan worker``: a Celery worker on FUPAN_BROKER_URL (docs/workers.md)."""

from __future__ import annotations

import typer

from service.commands import common


def register(app: typer.Typer) -> None:
    app.command(
        "worker", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
    )(worker)


def worker(ctx: typer.Context) -> None:
    """Run a Celery worker on FUPAN_BROKER_URL (extra options go to ``celery worker``)."""
    from events.config import settings
    from workers.celery_app import app

    if settings().embedded_queue:
        raise common.error(
            "FUPAN_BROKER_URL is not set: the embedded queue runs inside `fupan serve`"
        )
    app.worker_main(["worker", "--loglevel", "INFO", *ctx.args])
