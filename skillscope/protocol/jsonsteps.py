"""Decode a large JSON text in many short steps, so a thread doing it never holds the GIL for long.

A page of 10,000 skills is one JSON-RPC line of megabytes. Decoding it with one C call (pydantic's
``validate_json`` or ``json.loads``) keeps every other thread, the TUI's event loop among them, waiting for
the whole call, however it is scheduled. Here the outer containers (the
message, its result, the result's lists) are walked in Python, and each of their members is decoded
by its own ``raw_decode`` call: the interpreter can hand the GIL over between any two members.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

import mcp_types as types

__all__ = ["PARSE_ON_LOOP", "STEP_DEPTH", "loads_in_steps", "message_in_steps"]

PARSE_ON_LOOP: Final = 128 * 1024
"""A message up to this size is parsed where it arrives, by every transport; a larger one (a page of
thousands of entries) in a worker thread, with ``message_in_steps``, so a screen sharing the event
loop keeps answering keys meanwhile."""
STEP_DEPTH: Final = 3
"""Container levels walked member by member: message → result → list, whose items are decoded whole."""

_DECODER: Final = json.JSONDecoder()
_SPACE: Final = re.compile(r"[ \t\n\r]*")


def loads_in_steps(text: str, depth: int = STEP_DEPTH) -> Any:
    """``json.loads(text)``, with containers down to ``depth`` levels walked one member at a time.

    Raises ``ValueError`` (``json.JSONDecodeError``) for text that is not one JSON value, as
    ``json.loads`` does.
    """
    value, end = _value(text, _skip(text, 0), depth)
    end = _skip(text, end)
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def message_in_steps(data: bytes | str) -> types.JSONRPCMessage:
    """``jsonrpc_message_adapter.validate_json(data)``, with the JSON decoded by ``loads_in_steps``.

    Only a message that both decode and check take the stepped route: anything refused (or too deep
    to decode) goes to the SDK's parser, so what is accepted, and every error with its wording, stay
    the SDK's. Raises what ``validate_json`` raises (pydantic's ``ValidationError``).
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        return types.jsonrpc_message_adapter.validate_python(loads_in_steps(text), by_name=False)
    except (ValueError, RecursionError):  # UnicodeDecodeError and ValidationError are ValueErrors
        return types.jsonrpc_message_adapter.validate_json(data, by_name=False)


def _skip(text: str, at: int) -> int:
    match = _SPACE.match(text, at)
    return match.end() if match is not None else at


def _value(text: str, at: int, depth: int) -> tuple[Any, int]:
    if depth > 0 and at < len(text):
        if text[at] == "{":
            return _object(text, at + 1, depth - 1)
        if text[at] == "[":
            return _array(text, at + 1, depth - 1)
    return _DECODER.raw_decode(text, at)


def _object(text: str, at: int, depth: int) -> tuple[dict[str, Any], int]:
    members: dict[str, Any] = {}
    done, at = _opened(text, at, "}")
    while not done:
        if text[at : at + 1] != '"':
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
        key, at = _DECODER.raw_decode(text, at)  # a JSON string, since it starts with a quote
        at = _skip(text, at)
        if text[at : at + 1] != ":":
            raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
        members[key], at = _value(text, _skip(text, at + 1), depth)
        done, at = _after_member(text, at, "}")
    return members, at


def _array(text: str, at: int, depth: int) -> tuple[list[Any], int]:
    items: list[Any] = []
    done, at = _opened(text, at, "]")
    while not done:
        item, at = _value(text, at, depth)
        items.append(item)
        done, at = _after_member(text, at, "]")
    return items, at


def _opened(text: str, at: int, close: str) -> tuple[bool, int]:
    """Just inside a container: (True, past ``close``) when it is empty, else (False, at its first member)."""
    at = _skip(text, at)
    return (True, at + 1) if text[at : at + 1] == close else (False, at)


def _after_member(text: str, at: int, close: str) -> tuple[bool, int]:
    """After a member: (True, past ``close``) at the container's end, else (False, at the next member)."""
    at = _skip(text, at)
    mark = text[at : at + 1]
    if mark == close:
        return True, at + 1
    if mark != ",":
        raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
    return False, _skip(text, at + 1)
