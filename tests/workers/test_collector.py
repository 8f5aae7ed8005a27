"""A worker tunes its garbage collector once started (workers/celery_app.py): what lives at
start frozen, and a young generation of ``WORKER_YOUNG`` objects; after each task, what the
task left alive is frozen too, up to ``FROZEN_MAX`` objects."""

from __future__ import annotations

import gc

import pytest
from celery.signals import task_postrun, worker_init

from workers import celery_app


@pytest.fixture
def collector(monkeypatch):
    """The collector's settings and frozen objects restored after the test (and the worker's
    freezing allowance: ``monkeypatch`` puts back the module's)."""
    monkeypatch.setattr(celery_app, "_freezing", celery_app._freezing)
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_a_started_worker_freezes_its_imports_and_takes_a_large_young_generation(collector):
    worker_init.send(sender=None)
    assert gc.get_threshold() == (celery_app.WORKER_YOUNG, 50, 50)
    assert celery_app.WORKER_YOUNG > 20_000  # the web process's
    assert gc.get_freeze_count() > 10_000


def test_what_a_task_leaves_alive_is_frozen_after_it(collector):
    worker_init.send(sender=None)
    frozen = gc.get_freeze_count()
    kept = [[n] for n in range(1_000)]  # what a task leaves alive (a memo's entries)
    task_postrun.send(sender=None)
    assert gc.get_freeze_count() >= frozen + 1_000
    assert gc.get_count()[0] == 0  # the young generation starts empty
    assert not any(o is kept for o in gc.get_objects())  # no pass walks them
    assert gc.is_tracked(kept)  # frozen, not untracked: they are freed as usual


def test_a_worker_stops_freezing_past_its_allowance(collector, monkeypatch):
    monkeypatch.setattr(celery_app, "FROZEN_MAX", 500)
    worker_init.send(sender=None)
    first = [[n] for n in range(1_000)]
    task_postrun.send(sender=None)  # 1,000 objects against 500 allowed: frozen, the last time
    frozen = gc.get_freeze_count()
    assert frozen >= 1_000 and first
    later = [[n] for n in range(1_000)]
    task_postrun.send(sender=None)
    assert gc.get_freeze_count() == frozen
    assert any(o is later for o in gc.get_objects())  # left to the collector's passes


def test_a_process_that_is_no_worker_freezes_nothing_after_a_task(collector, monkeypatch):
    monkeypatch.setattr(celery_app, "_freezing", 0)  # the embedded queue's process (a web one)
    frozen = gc.get_freeze_count()
    kept = [[n] for n in range(1_000)]
    task_postrun.send(sender=None)
    assert gc.get_freeze_count() == frozen and kept
