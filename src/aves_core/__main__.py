"""``python -m aves_core``: the ``aves`` command."""

from aves_core.cli.app import run

run()
