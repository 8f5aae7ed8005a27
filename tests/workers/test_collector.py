"""A worker tunes its garbage collector once started (workers/celery_app.py): what lives at
start frozen, and a young generation of ``WORKER_YOUNG`` objects."""

from __future__ import annotations

import gc

from celery.signals import worker_init

from workers import celery_app


def test_a_started_worker_freezes_its_imports_and_takes_a_large_young_generation():
    threshold = gc.get_threshold()
    try:
        worker_init.send(sender=None)
        assert gc.get_threshold() == (celery_app.WORKER_YOUNG, 50, 50)
        assert celery_app.WORKER_YOUNG > 20_000  # the web process's
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
