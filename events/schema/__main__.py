"""``python -m events.schema``: regenerate the shipped JSON Schema file."""

from events.schema import write_schema

print(write_schema())
