"""The single source of the package version."""

__version__ = "0.1.0"
