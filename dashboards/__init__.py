"""fupan dashboards package."""
