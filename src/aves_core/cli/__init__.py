"""The ``aves`` command, one module per subcommand (``main`` runs it)."""

from aves_core.cli.app import main, run

__all__ = ["main", "run"]
