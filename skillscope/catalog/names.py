"""Skill names, URIs, skill directories and the ``<label>:<path>`` registry names."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from skillscope.core.spec import NAME_MAX, NAME_RE

__all__ = [
    "LABEL_RE",
    "SkillUri",
    "parse_skill_uri",
    "is_valid_name",
    "is_valid_label",
    "is_reg_name",
    "registry_path",
    "registry_name",
    "is_registry_path",
    "uri_for_path",
    "relative_path",
    "check_relative_request",
    "label_for_url",
    "label_for_command",
]

LABEL_RE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_URI_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://(.*)/SKILL\.md$", re.DOTALL)
_REGISTRY_PATH_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://)?[A-Za-z0-9._~@+-]+(?:/[A-Za-z0-9._~@+-]+)*$")
_REG_NAME_RE = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")


@dataclass(frozen=True)
class SkillUri:
    """A parsed ``<scheme>://<skill-path>/SKILL.md`` URI."""

    uri: str
    scheme: str
    skill_path: str

    @property
    def segments(self) -> list[str]:
        """The ``/``-separated segments of the skill path, raw (not decoded)."""
        return self.skill_path.split("/")

    @property
    def directory(self) -> str:
        """The skill directory URI: the entry URI minus ``/SKILL.md``."""
        return self.uri[: -len("/SKILL.md")]

    @property
    def last_segment(self) -> str:
        """The final skill-path segment, which must equal the skill's name."""
        return self.segments[-1]

    @property
    def authority(self) -> str:
        """The first skill-path segment (the URI authority position)."""
        return self.segments[0]


def parse_skill_uri(uri: str) -> SkillUri | None:
    """Parse a SKILL.md URI; None when it does not have the required shape."""
    match = _URI_RE.fullmatch(uri)
    if not match or not match.group(2):
        return None
    return SkillUri(uri=uri, scheme=match.group(1), skill_path=match.group(2))


def is_valid_name(name: object) -> bool:
    """True when ``name`` follows the skill naming rule (1–64 of ``[a-z0-9-]``, single hyphens)."""
    return isinstance(name, str) and 0 < len(name) <= NAME_MAX and bool(NAME_RE.fullmatch(name))


def is_valid_label(label: str) -> bool:
    """True when ``label`` can name a server (``[A-Za-z0-9_.-]{1,64}``)."""
    return bool(LABEL_RE.fullmatch(label))


def is_reg_name(segment: str) -> bool:
    """True when ``segment`` is an RFC 3986 reg-name (the authority of a host-like URI)."""
    return bool(segment) and bool(_REG_NAME_RE.fullmatch(segment))


def registry_path(parsed: SkillUri) -> str:
    """The path part of a registry name: the directory URI without a leading ``skill://``."""
    directory = parsed.directory
    if parsed.scheme == "skill":
        return directory[len("skill://") :]
    return directory


def is_registry_path(path: str) -> bool:
    """True when ``path`` only holds characters a registry name may carry."""
    return bool(_REGISTRY_PATH_RE.fullmatch(path))


def registry_name(label: str, path: str) -> str:
    """Join a server label and a skill path into ``label:path``."""
    return f"{label}:{path}"


def uri_for_path(path: str) -> str:
    """The SKILL.md URI a registry path stands for (the reverse of ``registry_path``)."""
    if "://" in path:
        return f"{path}/SKILL.md"
    return f"skill://{path}/SKILL.md"


def relative_path(directory: str, uri: str) -> str:
    """The path of ``uri`` below ``directory``, exactly as the URI spells it.

    Percent-encoded octets stay encoded: decoding for display would show ``references%2FFORMS.md``
    as ``references/FORMS.md`` and ``%2e%2e%2f`` as ``../``. The audit reports such paths.
    """
    return uri[len(directory) + 1 :] if uri.startswith(directory + "/") else uri


def check_relative_request(rel: str) -> str | None:
    """Why a user-given relative file path must be refused, or None when it is acceptable."""
    if not rel:
        return "the path is empty"
    if rel.startswith("/"):
        return "the path is absolute"
    if "\\" in rel:
        return "the path contains a backslash"
    if any(segment in ("", ".", "..") for segment in rel.split("/")):
        return "the path contains an empty, '.' or '..' segment"
    return None


def label_for_url(url: str) -> str:
    """The default label of an HTTP server: its host name, made label-safe."""
    host = urlsplit(url).hostname or "server"
    return _label_safe(host)


def label_for_command(command: list[str]) -> str:
    """The default label of a stdio server: the command's base name, made label-safe.

    Interpreters (``python -m pkg``, ``node script.js``, ``npx pkg``, ``uvx pkg``) are
    looked through so the label names the server, not the runtime.
    """
    words = list(command)
    if not words:
        return "server"
    base = os.path.basename(words[0])
    rest = words[1:]
    if re.fullmatch(r"(python[0-9.]*|pypy[0-9.]*)", base) and rest:
        if rest[0] == "-m" and len(rest) > 1:
            return _label_safe(rest[1].split(".")[0])
        if not rest[0].startswith("-"):
            return _label_safe(os.path.splitext(os.path.basename(rest[0]))[0])
    if base in {"node", "bun", "deno", "npx", "uvx", "pipx"} and rest:
        candidates = [w for w in rest if not w.startswith("-") and w != "run"]
        if candidates:
            return _label_safe(os.path.splitext(os.path.basename(candidates[0]))[0].lstrip("@"))
    return _label_safe(base)


def _label_safe(text: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "server"
    return cleaned[:64]
