"""The games of other packages in examples/, tested through their entry points."""
