"""Test suite of skillscope."""
