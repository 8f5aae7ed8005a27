"""fupan events package."""
