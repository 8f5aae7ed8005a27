"""fupan service package."""
