"""The fast parse: the one seam behind which large MCP messages are read off the event loop, and its off switch.

A catalog page of 10,000 skills, or a surface listing of 20,000 resources, is one message of
megabytes. The SDK decodes and checks such a message in one call, which holds the interpreter lock
(and so every key a reviewer presses in the TUI) until it is done. Three accelerators avoid that:

- **stepped decode** (``jsonsteps``, used by the stdio transport in ``transport``): a large line is
  decoded in a worker thread, one list member per call, so the lock changes hands between members.
  It uses only the SDK's public message adapter, and anything it refuses goes to the SDK's parser.
- **stepped HTTP parse** (``http_steps``): the SDK's Streamable HTTP transport, with the two private
  methods that parse a message overridden to parse large ones the same stepped way, in a thread.
- **list pages checked in a thread** (``offloop``): ``ClientSession.send_request`` repeated from the
  SDK's private parts, so that a page's schema check runs in a thread, a slice at a time.

The last two repeat private parts of one SDK release line (``WRITTEN_FOR``). Under any other
release they step aside and the SDK's public path runs: nothing breaks for a user, but the speed is
gone without a word. So the test suite fails instead (``tests/protocol/test_fastparse.py``): whoever
upgrades the SDK re-validates both against the new release, then moves ``WRITTEN_FOR``.

``SKILLSCOPE_FAST_PARSE=off`` (or ``0``, ``no``, ``false``) switches all three off: messages are read
through the SDK's public path (a large stdio line is still parsed in a worker thread, by the SDK's
own parser, since the stdio transport is skillscope's). Use it to tell whether a problem is the fast
parse's. What each part buys, and how to measure it: benchmarks/README.md, "Accelerators".
"""

from __future__ import annotations

import functools
import os
from importlib import metadata
from typing import Final

__all__ = ["SWITCH", "WRITTEN_FOR", "sdk_fits", "sdk_repeats", "sdk_version", "stepped_decode", "switched_off"]

SWITCH: Final = "SKILLSCOPE_FAST_PARSE"
"""The environment variable that switches the fast parse off."""
WRITTEN_FOR: Final = "2.3."
"""The SDK release line (a prefix of ``mcp``'s version) whose private parts ``offloop`` and ``http_steps`` repeat."""

_OFF: Final = frozenset({"off", "0", "no", "false"})


def switched_off() -> bool:
    """Whether ``SKILLSCOPE_FAST_PARSE`` turns the fast parse off (read at each use, so a test may set it)."""
    return os.environ.get(SWITCH, "").strip().lower() in _OFF


@functools.cache  # asked on every request; the installed SDK does not change while skillscope runs
def sdk_version() -> str:
    """The installed MCP SDK's version, or "" when its distribution is not installed."""
    try:
        return metadata.version("mcp")
    except metadata.PackageNotFoundError:
        return ""


def sdk_fits() -> bool:
    """Whether the installed SDK is of the release line the private repeats were written for."""
    return sdk_version().startswith(WRITTEN_FOR)


def stepped_decode() -> bool:
    """Whether a large stdio line is decoded in steps (public SDK API only: the switch alone decides)."""
    return not switched_off()


def sdk_repeats() -> bool:
    """Whether the parts that repeat the SDK's private request path may run: switched on, and the SDK fits."""
    return not switched_off() and sdk_fits()
