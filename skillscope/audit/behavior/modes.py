"""File modes set from code (Python os.chmod, Node fs.chmod, Ruby File.chmod/FileUtils.chmod): one verdict for all.

A setuid or setgid bit is how a copied shell becomes a root shell; a world-writable or world-readable mode on the
user's home or a credential folder opens their keys to every account. Both are privilege findings, whatever the
language or however the mode was spelled (``stat.S_ISUID | 0o755``, ``0o4755``, ``"4755"``, ``"u+s"``).
"""

from __future__ import annotations

import re
import stat

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import credential_what
from skillscope.core.textsafe import safe_line

__all__ = ["PRIVILEGE", "judge_mode", "mode_number"]

PRIVILEGE = "skillscope/permissions/privilege"

_SHELLISH = re.compile(r"(?:^|/)(?:ba|z|da|k|fi)?sh$|(?:python|perl|ruby|node)\d*$|/tmp/|/dev/shm/|(?:^|/)\.[^/]")
"""A setuid target that is a shell or interpreter, sits in a temp folder, or hides behind a dot."""
_WIDE_TARGET = re.compile(
    r"^(?:~|\$HOME|/home/[^/]+|/Users/[^/]+|/root)/?$|"
    r"^(?:~|\$HOME)/\.(?:ssh|aws|gnupg|kube|docker|netrc|git-credentials|npmrc|pypirc|password-store|config/gh|config/gcloud)\b"
)
"""The user's home itself, or a folder of their keys and tokens."""
_SYSTEM_TARGET = re.compile(
    r"^/(?:etc|usr|bin|sbin|lib\w*|boot|opt)(?:/|$)|^/(?:var/)?run/[^/]*\.sock$|^/var/run/[^/]+/[^/]*\.sock$"
)
"""A system file or a root daemon's socket (``/var/run/docker.sock``): writable by all, it lets any account act as root."""


def mode_number(text: str | None) -> int | None:
    """The mode a resolved value spells: ``0o4755``, ``04755``, ``4755`` (octal as chmod reads it), ``2541``,
    ``"u+s"`` (setuid), ``"a+rwx"``; None when it is not a mode."""
    if not text:
        return None
    value = text.strip().strip("\"'").replace("_", "")
    if re.fullmatch(r"0[oO][0-7]+", value):
        return int(value[2:], 8)
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", value):
        return int(value, 16)
    if re.fullmatch(r"0[0-7]+", value):
        return int(value, 8)
    if re.fullmatch(r"[0-7]{3,4}", value):
        return int(value, 8)  # a bare "4755" in chmod's own spelling
    if re.fullmatch(r"\d+", value):
        return int(value)  # a decimal computed from named bits (stat.S_ISUID | 0o755 == 2541)
    symbolic = re.fullmatch(r"([ugoa]*)([+=])([rwxXst]+)", value)
    if symbolic is not None:
        who, _, what = symbolic.groups()
        bits = 0
        if "s" in what:
            bits |= (stat.S_ISUID if not who or "u" in who or "a" in who else 0) | (stat.S_ISGID if "g" in who else 0)
        if "w" in what and (not who or "a" in who or "o" in who):
            bits |= 0o002
        if "r" in what and (not who or "a" in who or "o" in who):
            bits |= 0o004
        return bits
    return None


def judge_mode(ctx: Ctx, mode: int | None, target: str, start: int, end: int, how: str) -> None:
    """Record a chmod from code and judge it: setuid/setgid or a world-open mode on home or a credential folder."""
    if mode is None:
        return
    target = target.replace("\x00", "?")
    line = ctx.line(start)
    shown = safe_line(target, limit=60)
    if mode & (stat.S_ISUID | stat.S_ISGID):
        ctx.cap("grants", f"chmod {oct(mode)} {target}", start, end, how)
        bit = "setuid" if mode & stat.S_ISUID else "setgid"
        risky = bool(_SHELLISH.search(target)) or "?" in target or not target
        ctx.add(PRIVILEGE, f"sets the {bit} bit on {shown} (line {line})", start, end, "error" if risky else None)
        return
    if mode & 0o006:
        ctx.cap("grants", f"chmod {oct(mode)} {target}", start, end, how)
        private = not target.endswith(".pub") and (  # a public key is meant to be read
            credential_what(target.rstrip("/") + "/") or credential_what(target) or _WIDE_TARGET.match(target)
        )
        if mode & 0o002 and _SYSTEM_TARGET.match(target):
            ctx.add(
                PRIVILEGE,
                f"lets every user of the machine write to {shown}, a file the system or a root daemon trusts: any "
                f"account can act as root through it (line {line})",
                start,
                end,
                "error",
            )
        elif private:
            opened = "write to" if mode & 0o002 else "read"
            ctx.add(
                PRIVILEGE,
                f"lets every user of the machine {opened} {shown}, the user's private files (line {line})",
                start,
                end,
                "error",
            )
