"""What the Rust analyser resolves without the tree: literals, ``format!`` strings, paths and the places cargo names.

Cargo runs a build script in its crate's folder and hands it ``OUT_DIR``, a folder five steps down in the build
output (``target/<profile>/build/<crate>-<hash>/out``), and ``CARGO_MANIFEST_DIR``, the crate's folder. Those two
stand in values as the symbols below, so a path climbed from them (``out.ancestors().nth(6)``) is judged by where it
lands against the crate, which no absolute path would tell.
"""

from __future__ import annotations

import re
from dataclasses import replace

from skillscope.audit.behavior.flowcore import UNKNOWN, Val, merge, unescape

__all__ = [
    "OUT_DIR",
    "MANIFEST_DIR",
    "rust_int",
    "rust_escape",
    "format_rust",
    "parent_of",
    "climbed_above_crate",
    "for_shell",
    "code_points",
]

OUT_DIR = "$OUT_DIR"
"""What ``env::var("OUT_DIR")`` holds: the build script's own output folder."""
MANIFEST_DIR = "$CARGO_MANIFEST_DIR"
"""What ``env!("CARGO_MANIFEST_DIR")`` holds: the crate's folder, where cargo runs its build script."""
_OUT_DEPTH = 5
"""Steps from the crate's folder (or its workspace's) down to OUT_DIR: target/<profile>/build/<crate>-<hash>/out."""


_INT = re.compile(r"(0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|\d+)(?:[iu](?:8|16|32|64|128|size))?")


def rust_int(text: str | None) -> int | None:
    """A Rust integer literal's value (``104``, ``0x68u8``, ``1_000``, ``0o755``, ``b'h'``), or None."""
    if not text:
        return None
    value = text.strip()
    if value.startswith("b'") and value.endswith("'"):
        inner = rust_escape(value[2:-1]) if value[2:3] == "\\" else value[2:-1]
        return ord(inner) if len(inner) == 1 else None
    match = _INT.fullmatch(value.replace("_", ""))
    if match is None:
        return None
    try:
        return int(match.group(1), 0)
    except ValueError:
        return None


def rust_escape(seq: str) -> str:
    """The text of one escape in a Rust string (``\\x68``, ``\\u{68}``, ``\\n``); a line continuation is nothing."""
    if seq.startswith(("\\\n", "\\\r")):
        return ""
    return unescape(seq)


_FORMAT = re.compile(r"\{\{|\}\}|\{([^{}:]*)(?::[^{}]*)?\}")


def format_rust(template: Val, positional: list[Val], named: dict[str, Val], captured: dict[str, Val]) -> Val:
    """A ``format!`` string filled in: ``{}`` in turn, ``{0}`` by place, ``{name}`` from a ``name = value`` argument
    or, failing that, the variable of that name in scope (``captured``). Unknown pieces stay ``UNKNOWN``."""
    if template.text is None:
        return replace(merge([template, *positional, *named.values()]), handle=None)
    used: list[Val] = [template]
    counter = iter(positional)

    def fill(match: re.Match[str]) -> str:
        whole = match.group(0)
        if whole in ("{{", "}}"):
            return whole[0]
        key = (match.group(1) or "").strip()
        arg: Val | None
        if not key:
            arg = next(counter, None)
        elif key.isdigit():
            arg = positional[int(key)] if int(key) < len(positional) else None
        else:
            arg = named.get(key) or captured.get(key)
        if arg is None:
            return UNKNOWN
        used.append(arg)
        return UNKNOWN if arg.text is None else arg.text

    text = _FORMAT.sub(fill, template.text)
    used.extend(positional)  # an argument no placeholder names still goes into the call's data
    used.extend(named.values())
    return replace(merge(used, text=text[:4000]), handle=None, items=None)


def parent_of(text: str | None) -> str | None:
    """The folder holding ``text`` (``Path::parent``): its last step taken off, or ``/..`` added where the last step
    is a symbol, the home folder or already a climb."""
    if text is None:
        return None
    stripped = text.rstrip("/") or "/"
    if stripped == "/":
        return "/"
    last = stripped.rsplit("/", 1)[-1]
    if "/" not in stripped or last in ("..", ".", "~", OUT_DIR, MANIFEST_DIR) or UNKNOWN in last:
        return stripped + "/.."
    return stripped.rsplit("/", 1)[0] or "/"


def climbed_above_crate(text: str | None, *, build_script: bool) -> str | None:
    """How a path climbed from OUT_DIR or the crate's folder lands at the crate's own folder or above it (the
    folder that holds the project), or None when it stays inside. In a build script a relative path starts in the
    crate's folder, where cargo runs it."""
    if text is None or UNKNOWN in text:
        return None
    if text.startswith(OUT_DIR):
        depth, rest, start = _OUT_DEPTH, text[len(OUT_DIR) :], "OUT_DIR"
    elif text.startswith(MANIFEST_DIR):
        depth, rest, start = 0, text[len(MANIFEST_DIR) :], "the crate's folder"
    elif build_script and not text.startswith(("/", "~", "$")):
        depth, rest, start = 0, "/" + text, "the crate's folder, where cargo runs build.rs"
    else:
        return None
    lowest = depth
    for step in rest.split("/"):
        if step == "..":
            depth -= 1
            lowest = min(lowest, depth)
        elif step not in ("", "."):
            depth += 1
    if depth > 0 or lowest < depth:
        return None  # still under the crate, or climbed out and named a folder beside it
    if depth == 0:
        return f"the crate's own folder, climbed to from {start}"
    if depth == -1:
        return f"the folder that holds the crate, climbed to from {start}"
    return f"{-depth} folders above the crate's, climbed to from {start}"


def for_shell(text: str) -> str:
    """A path holding cargo's symbols as the shell reads it: in the crate's folder, where cargo runs its scripts."""
    return text.replace(OUT_DIR, "target/debug/build/out").replace(MANIFEST_DIR, ".")


def code_points(items: tuple[Val, ...]) -> str | None:
    """The text an array of constant byte values spells (``[104, 116, 116, 112]``, ``b'h'``), or None."""
    out = []
    for item in items:
        point = rust_int(item.text)
        if point is None or not 0 <= point < 256:
            return None
        out.append(chr(point))
    text = "".join(out)
    try:
        return text.encode("latin-1").decode("utf-8")
    except UnicodeDecodeError:
        return text
