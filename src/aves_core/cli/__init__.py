"""The ``aves`` command, one module per subcommand."""
