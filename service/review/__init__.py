"""The efficiency review (效率复盘) as users see it: the API's JSON, the pages and ``fupan review``."""

NOTHING = {"zh": "没有记录打牌过程：无可复盘", "en": "no play recorded: nothing to review"}
"""What a summary log (showdowns only, no play) says instead of a review."""
