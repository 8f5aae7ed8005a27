"""The web service's blueprints: ``auth`` (login, tokens), ``pages`` (HTML), ``api`` (/api/v1)."""
