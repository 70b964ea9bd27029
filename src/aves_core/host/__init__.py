"""Hosting: serving games to players."""

__all__: list[str] = []  # the package itself holds no names: its modules do
