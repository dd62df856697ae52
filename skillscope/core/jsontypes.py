"""Named types for JSON as it crosses a seam: a server's answer, a report, a file skillscope reads or writes.

``JSON`` is any value ``json.loads`` can return; ``JSONObject`` is the object most seams carry. They replace
``Any`` where a value is JSON and nothing more is known of it yet, so mypy makes the reader narrow it
(``isinstance``) before using it as a string, a list or a number.
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSON", "JSONObject", "JSONArray"]

JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
JSONObject: TypeAlias = dict[str, JSON]
JSONArray: TypeAlias = list[JSON]
