"""``python -m aves_core``: the ``aves`` command."""

from aves_core.cli.main import run

run()
