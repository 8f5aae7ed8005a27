"""Queue a session's verification on the workers (embedded or Celery, as configured).

Imported lazily: the workers package pulls in Celery, which pages that only read never need.
"""

from __future__ import annotations


def queue_verification(session_id: str) -> None:
    from workers import enqueue_verification

    enqueue_verification(session_id)
