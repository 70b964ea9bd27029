"""The kernel: what every game shares and no game names."""
