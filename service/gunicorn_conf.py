"""gunicorn settings for the web app: ``gunicorn -c python:service.gunicorn_conf
'service.app:create_app()'`` (docs/web.md)."""

from workers.celery_app import tune_collector


def post_worker_init(worker) -> None:
    """Each worker process tunes its collector once its app is loaded (``tune_collector``)."""
    tune_collector()
