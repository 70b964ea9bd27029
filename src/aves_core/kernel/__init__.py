"""The kernel: what every game shares and no game names."""

__all__: list[str] = []  # the package itself holds no names: its modules do
