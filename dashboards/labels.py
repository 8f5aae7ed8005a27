"""The words of the figures, given by the caller in one language (the service fills them from
its catalogs, in the page's language): the builders write no word of their own, so a figure is
never half in one language and half in another. Numbers, players, tables and dates are data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Labels:
    """Titles and axis titles; ``pays``/``gets`` name a sankey node (``{name}``, the player)."""

    balance: str  # the running balance's title
    balance_axis: str  # its y axis: the balance so far
    by_table: str  # the dispute rate by table's title
    table_axis: str
    disputed_axis: str  # share of hands disputed, in %
    by_item: str  # disputes by rule item's title
    share_axis: str  # share of hands, in %
    flow: str  # the payment sankey's title
    pays: str  # "{name} pays"
    gets: str  # "{name} gets"
    values: str  # hand values per ruleset's title
    hands_axis: str  # how many hands
    points_axis: str  # a value's unit when the ruleset gives none
    colon: str = ": "  # after a name in a hover ("老王：12" in Chinese: the full-width colon)
