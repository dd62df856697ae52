"""Pre-flight checks before uploading a package to PyPI."""

__version__ = "0.4.1"
