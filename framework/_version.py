"""The version of dockyard (a leaf module, so saves and the CLI need not import the package)."""

__version__ = "0.1.0"
