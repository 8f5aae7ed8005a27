"""fupan's rules engine: pure functions over tiles, hands and logs. Standard library only."""
