"""Celery settings from the environment (``FUPAN_BROKER_URL``, ``FUPAN_VISIBILITY_TIMEOUT``).

Why each setting is what it is: docs/workers.md, "Reliability". In short, a message is
acknowledged after its task ran (``acks_late``); a task whose pool process died is sent again
a bounded number of times (``retry_on_worker_lost``); a message held by a worker that died
whole goes back to the queue after the visibility timeout (30 s, not Redis's default hour);
and the batch tasks store their results so that ``fupan ingest --in-workers`` and
``fupan reverify`` can see what was done and send again what was lost.
"""

from __future__ import annotations

import os

from events.config import Settings

VISIBILITY_TIMEOUT = 30  # s; every task must finish well within it (ours take < 2 s)
RESTORE_INTERVAL = 5  # s between a worker's scans of the unacknowledged messages
MAX_RETRIES = 6  # a task's retries, worker deaths and database errors together


def visibility_timeout() -> int:
    return int(os.environ.get("FUPAN_VISIBILITY_TIMEOUT", VISIBILITY_TIMEOUT))


def restore_interval() -> int:
    return max(1, min(RESTORE_INTERVAL, visibility_timeout() // 4))


def celery_config(settings: Settings) -> dict:
    visibility = visibility_timeout()
    embedded = settings.embedded_queue
    return {
        "broker_url": "memory://" if embedded else settings.broker_url,
        # Batch results (ingest, reverify) live next to the queue: what the sender polls.
        "result_backend": None if embedded else settings.broker_url,
        "result_expires": 86_400,
        "result_backend_always_retry": True,  # a broker restart while a result is stored
        "result_backend_max_retries": 30,
        "task_always_eager": embedded,  # no broker: a stray .delay() runs in place
        "task_acks_late": True,
        # A pool process killed mid-task (WorkerLostError): send the task again, counted in
        # its retries, instead of acknowledging it (lost) or requeueing it forever (a log that
        # kills the interpreter would loop through the workers).
        "task_retry_on_worker_lost": True,
        "task_reject_on_worker_lost": False,
        "worker_prefetch_multiplier": 1,
        "task_ignore_result": True,
        "task_serializer": "json",
        "accept_content": ["json"],
        "broker_connection_retry_on_startup": True,
        "broker_connection_max_retries": None,  # a broker restart of any length: wait for it
        "worker_cancel_long_running_tasks_on_connection_loss": False,
        "worker_hijack_root_logger": False,
        # Redis hands an unacknowledged message to another worker after this many seconds;
        # it must exceed the longest task (and retry countdown), or a live worker's task is
        # run a second time (harmless: the tasks are idempotent; only wasted).
        "broker_transport_options": {
            "visibility_timeout": visibility,
            "unacked_restore_interval": restore_interval(),
            "unacked_restore_throttle": 1,
            "unacked_mutex_expire": max(visibility, 10),
            "socket_timeout": 30,  # a broker that vanishes without closing the connection
            "socket_connect_timeout": 5,
        },
        "result_backend_transport_options": {"socket_timeout": 30, "socket_connect_timeout": 5},
    }
