"""Grants a script writes, judged alike for every language that can write a file: an SSH key the skill carries into
the user's ``authorized_keys`` (a login for whoever holds its private half) and a sudoers rule."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import home_path
from skillscope.core.textsafe import safe_line

__all__ = ["LOGIN_GRANT", "judge_grants", "judge_login_grant", "judge_sudoers"]

LOGIN_GRANT = "skillscope/permissions/login-grant"

_AUTHORIZED_KEYS = re.compile(r"(?:^|/)\.ssh/authorized_keys2?$")
_PUBLIC_KEY = re.compile(
    r"\b(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
    r"\s+(AAAA[0-9A-Za-z+/]{16,}={0,3})(?:\s+(\S+))?"
)


def judge_login_grant(ctx: Ctx, target: str, text: str | None, start: int, end: int) -> bool:
    """Report a write of a public key spelt out in the skill (``ssh-ed25519 AAAA… drop@host``) into an
    ``authorized_keys`` file: an error, since the key's owner can then log in as the user. A key the script reads
    from the user's own files (``cat ~/.ssh/id_ed25519.pub >> …``) carries no key text and is left to the start-up
    and capability checks. True when reported."""
    place = home_path(target.replace("\\", "/").strip())
    if not _AUTHORIZED_KEYS.search(place) or not text:
        return False
    key = _PUBLIC_KEY.search(text)
    if key is None:
        return False
    owner = f" ({safe_line(key.group(2), limit=60)})" if key.group(2) else ""
    ctx.cap("grants", f"SSH login to {place}", start, end, "a public key the skill carries")
    ctx.add(
        LOGIN_GRANT,
        f"writes an SSH public key the skill carries{owner} into {safe_line(place, limit=60)} (line {ctx.line(start)}):"
        " whoever holds its private half can log in as the user",
        start,
        end,
    )
    return True


_SUDOERS = re.compile(r"(?:^|/)etc/sudoers")


def judge_sudoers(ctx: Ctx, target: str, text: str | None, start: int, end: int) -> bool:
    """Report a write to sudoers: a warning, an error when the rule it writes lets a command run as root without a
    password (``NOPASSWD``). True when ``target`` is a sudoers file."""
    if not _SUDOERS.search(target.replace("\\", "/")):
        return False
    ctx.cap("grants", "sudoers", start, end, "writes a sudoers rule")
    ctx.add(
        "skillscope/permissions/privilege",
        f"writes a sudoers rule to {safe_line(target, limit=60)} (line {ctx.line(start)})",
        start,
        end,
        "error" if "NOPASSWD" in (text or "") else None,
    )
    return True


def judge_grants(ctx: Ctx, target: str, text: str | None, start: int, end: int) -> bool:
    """Both grants a write of ``text`` to ``target`` can make (a sudoers rule, an SSH key the skill carries into
    ``authorized_keys``), for the languages that see a write's place and content at one call. True when a login grant
    was reported (the write is then said once, as that grant)."""
    judge_sudoers(ctx, target, text, start, end)
    return judge_login_grant(ctx, target, text, start, end)
