"""``python -m aves_core``: the ``aves`` command."""

from aves_core.cli import run

run()
