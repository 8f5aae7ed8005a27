"""Celery settings from the environment (``FUPAN_BROKER_URL``, ``FUPAN_VISIBILITY_TIMEOUT``).

Crash safety comes from ``acks_late`` (a message is acknowledged after its task ran, so a worker
killed mid-task leaves it to be redelivered) with prefetch 1 (a dying worker holds one message,
not a batch). A task whose worker *process* dies is not requeued (``task_reject_on_worker_lost``
off): a log that kills the interpreter must not loop through the workers forever.
"""

from __future__ import annotations

import os

from events.config import Settings


def celery_config(settings: Settings) -> dict:
    visibility = int(os.environ.get("FUPAN_VISIBILITY_TIMEOUT", 3600))
    embedded = settings.embedded_queue
    return {
        "broker_url": "memory://" if embedded else settings.broker_url,
        "task_always_eager": embedded,  # no broker: a stray .delay() runs in place
        "task_acks_late": True,
        "task_reject_on_worker_lost": False,
        "worker_prefetch_multiplier": 1,
        "task_ignore_result": True,
        "task_serializer": "json",
        "accept_content": ["json"],
        "broker_connection_retry_on_startup": True,
        "worker_hijack_root_logger": False,
        # Redis redelivers an unacknowledged message after this many seconds; it must exceed
        # the longest task, or a live worker's task is run a second time (harmless, wasted).
        "broker_transport_options": {
            "visibility_timeout": visibility,
            "unacked_restore_interval": max(1, min(10, visibility // 4)),
            "unacked_restore_throttle": 1,
        },
    }
