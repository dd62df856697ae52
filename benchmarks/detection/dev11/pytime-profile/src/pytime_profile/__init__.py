"""pytime-profile: a short cumulative-time report for a Python program."""

__version__ = "0.4.2"
