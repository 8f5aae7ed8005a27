"""Club statistics: the per-session digests and their aggregates, the club dashboards and
a player's page, and the charts of both (figures from the top-level ``dashboards``)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.club.assets import plotly_url
    from service.club.charts import plotly_style_ids
    from service.club.routes import bp  # here, so importing one module of the package stays light

    app.register_blueprint(bp)
    app.add_template_global(plotly_style_ids)
    app.add_template_global(plotly_url)
