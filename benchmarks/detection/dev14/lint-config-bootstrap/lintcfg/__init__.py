"""Shared lint presets."""
__version__ = "2.4.0"
