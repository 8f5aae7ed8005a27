"""What the senders and the sweeper ask the Redis broker directly: is there a backlog, is
anything held by a worker, and calls that wait out a broker restart.

Keys are kombu's Redis transport's (``celery`` is the default queue, ``unacked_index`` the
messages delivered to a worker and not yet acknowledged).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import TypeVar

import redis
from kombu.exceptions import OperationalError as KombuOperationalError

from events.config import settings

log = logging.getLogger(__name__)

QUEUE = "celery"
LATER = 9  # the Redis transport's lowest priority (0 is its highest): after all the others
LATER_QUEUE = f"{QUEUE}\x06\x16{LATER}"  # the list kombu keeps those messages in
UNACKED_INDEX = "unacked_index"
BROKER_ERRORS = (redis.ConnectionError, redis.TimeoutError, KombuOperationalError, OSError)

T = TypeVar("T")


@functools.cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=10, socket_connect_timeout=5)


def client() -> redis.Redis:
    """A Redis client for FUPAN_BROKER_URL (one per URL and process)."""
    return _client(settings().broker_url)


def backlog() -> int:
    """Messages waiting in the queue."""
    return client().llen(QUEUE)


def later_backlog() -> int:
    """Messages sent with the lowest priority (the reviews, ``enqueue_later``) waiting."""
    return client().llen(LATER_QUEUE)


def idle() -> bool:
    """Nothing waiting and nothing held by a worker: a task sent earlier that has no result now
    was lost (or its result was lost with the broker)."""
    with client().pipeline(transaction=False) as pipe:
        waiting, held = pipe.llen(QUEUE).zcard(UNACKED_INDEX).execute()
    return waiting == 0 and held == 0


def patiently(call: Callable[[], T], *, timeout: float, what: str) -> T:
    """``call()``, again every second while the broker is unreachable (a restart), for up to
    ``timeout`` seconds; then the error."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return call()
        except BROKER_ERRORS as e:
            if time.monotonic() > deadline:
                raise
            log.warning("%s: broker unreachable (%s); retrying", what, e)
            time.sleep(1)
