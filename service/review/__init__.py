"""The efficiency review (效率复盘) as users see it: the API's JSON (and later the pages)."""
