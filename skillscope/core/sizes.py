"""Byte counts in a short form people read."""

from __future__ import annotations

__all__ = ["human_size"]


def human_size(size: int | None) -> str:
    """Bytes in a short human form: ``58 B``, ``11.2 KiB``, ``3.0 MiB``; ``—`` for unknown."""
    if size is None:
        return "—"
    value = float(size)
    for unit in ("B", "KiB", "MiB"):
        if value < 1024:
            return f"{size} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"
