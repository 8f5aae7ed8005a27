"""The ledger: a club's night, net per player and the fewest transfers that settle up."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """The blueprint, and the club's money for every template (the session's hand page shows
    payments in it): ``club_money(club)``, the filters ``money_text`` and ``money_unit``."""
    from service.ledger import money
    from service.ledger.routes import bp  # here, so importing one module of the package stays light

    app.register_blueprint(bp)
    app.add_template_global(money.money_setting, "club_money")
    app.add_template_filter(money.in_money, "money_text")
    app.add_template_filter(money.unit_text, "money_unit")
