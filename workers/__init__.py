"""fupan workers package."""
