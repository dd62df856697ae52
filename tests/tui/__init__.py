"""Tests of the TUI: pilot flows, inert rendering, snapshots."""
