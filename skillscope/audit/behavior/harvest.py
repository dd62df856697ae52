"""A secret a script keeps where it does not belong, judged alike for every language: a password typed at a prompt
kept where no login needs it (a temporary file, a log, a hidden file of no tool it names), harvested for later; and
any secret written into a file a web site serves to anyone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import (
    CREDENTIAL_FILES,
    DOTENV,
    PROMPTED,
    credential_what,
    home_path,
)
from skillscope.core.textsafe import safe_line

__all__ = ["KEPT", "judge_kept", "kept_place", "judge_published", "published_place"]

KEPT = "skillscope/exfiltration/prompt-kept"

_TEMP = re.compile(
    r"^(?:/tmp|/var/tmp|/dev/shm|/private/tmp|\$\{?TMPDIR\}?|\$\{?TEMP\}?|\$\{?TMP\}?|%TEMP%|%TMP%|~/AppData/Local/Temp)"
    r"(?:/|$)",
    re.IGNORECASE,
)
_LOG = re.compile(r"(?:\.log|\.log\.\d+|_log|-log|\.history)$|(?:^|/)(?:logs?|journal)/|^/var/log/", re.IGNORECASE)
_LOGIN_FILES = re.compile(
    r"(?:^|/)(?:\.pgpass|\.my\.cnf|\.vault-token|\.netrc|_netrc|\.npmrc|\.yarnrc(?:\.yml)?|\.pypirc|\.git-credentials|"
    r"\.boto|\.s3cfg|\.databrickscfg|\.curlrc|\.wgetrc|\.gem/credentials|\.cargo/credentials(?:\.toml)?|"
    r"\.terraform\.d/credentials\.tfrc\.json|\.m2/settings(?:-security)?\.xml|\.gradle/gradle\.properties|"
    r"\.composer/auth\.json|\.docker/config\.json|\.kube/config|\.aws/credentials|\.bundle/config|"
    r"\.config/(?:gh/hosts\.yml|hub|rclone/rclone\.conf|pip/pip\.conf)|\.snowsql/config|\.dbt/profiles\.yml)$",
    re.IGNORECASE,
)
"""Where well-known tools read a login from: a password typed for one of them and written there is that login."""
_WORDS = re.compile(r"[a-z][a-z0-9]+")
_SHORT_WORDS = frozenset({"config", "cache", "local", "share", "home", "users", "appdata", "roaming", "data", "tmp"})
_SECRET_WORDS = frozenset(
    {"password", "passwd", "token", "secret", "key", "api", "pin", "code", "passphrase", "credentials", "login", "auth"}
)


def kept_place(path: str, prompt: str | None, purpose: Callable[[str], bool] = lambda _: False) -> str | None:
    """What ``path`` is when a typed password written there is kept for no login ("a temporary file", "a log", "a
    hidden file"), or None: a tool's own login file (``~/.netrc``, ``~/.npmrc``, a project ``.env``), a file whose
    path names the service the prompt asks for (``~/.vault-token`` for "Vault token") or a tool ``purpose`` names,
    or any other file a user can see and name."""
    target = home_path(path.replace("\\", "/").strip())
    if not target or "\x00" in target.rsplit("/", 1)[-1]:
        return None
    if (
        credential_what(target + " ")
        or target in CREDENTIAL_FILES
        or DOTENV.search(target)
        or _LOGIN_FILES.search(target)
    ):
        return None
    if _TEMP.search(target):
        return "a temporary file"
    if _LOG.search(target):
        return "a log"
    words = {w for w in _WORDS.findall(target.lower()) if w not in _SHORT_WORDS}
    named = {w for w in _WORDS.findall((prompt or "").replace("_", " ").lower()) if len(w) >= 3} - _SECRET_WORDS
    if words & named or any(purpose(w) for w in words - _SECRET_WORDS):
        return None  # the prompt's own service, or the tool the skill is for, keeps its login there
    return "a hidden file" if target.rstrip("/").rsplit("/", 1)[-1].startswith(".") else None


def judge_kept(
    ctx: Ctx,
    typed: Iterable[tuple[str, int, str | None]],
    path: str | None,
    start: int,
    end: int,
    *,
    log: str | None = None,
) -> bool:
    """Report a typed password (each secret as what was read, its line and its name) written to ``path``, or to the
    log ``log`` names, where no login keeps it, and any of these secrets written into a file a web site serves; True
    when reported."""
    typed = list(typed)
    if log is None and judge_published(ctx, typed, path, start, end):
        return True
    for what, line, name in typed:
        if not what.startswith(PROMPTED):
            continue
        prompt = (name or "").removeprefix("\x00prompt:")
        place = log or (kept_place(path, prompt, ctx.purpose.names) if path else None)
        if place is None:
            continue
        said = home_path((path or "").replace("\\", "/"))
        where = place if log else f"{place} ({safe_line(said, limit=80)})"
        ctx.add(
            KEPT,
            f"{what} (line {line}) and writes it to {where} (line {ctx.line(start)}): a password "
            "kept where no login reads it",
            start,
            end,
        )
        return True
    return False


_PUBLISHED = re.compile(
    r"(?:^|/)(?:public|static|www|wwwroot|htdocs|public_html|_site|site|assets|dist|docs)/(?:[^/]+/)*"
    r"[^/]+\.(?:m?js|cjs|html?|css|json|map|txt|xml|webmanifest)$|^/(?:var/www|srv/www|srv/http|usr/share/nginx/html)/",
    re.IGNORECASE,
)
_PUBLIC_BY_NAME = re.compile(r"^(?:NEXT_PUBLIC_|VITE_|PUBLIC_|REACT_APP_|EXPO_PUBLIC_|GATSBY_|NUXT_PUBLIC_)")
"""Variables a framework puts into the browser bundle by design: their values are public, not secrets."""


def published_place(path: str) -> bool:
    """Whether ``path`` is a file a web site serves to its visitors: a script, page, style sheet or data file under a
    site's public folder (``public/``, ``static/``, ``assets/``, ``_site/``, ``docs/`` of GitHub Pages, a web root)."""
    return _PUBLISHED.search(path.replace("\\", "/").strip()) is not None


def judge_published(
    ctx: Ctx, typed: Iterable[tuple[str, int, str | None]], path: str | None, start: int, end: int
) -> bool:
    """Report a secret (each as what was read, its line and its name) written into a file a web site serves; True
    when reported. A value a framework publishes by design (``NEXT_PUBLIC_*``, ``VITE_*``) is no secret."""
    if not path or not published_place(path):
        return False
    for what, line, name in typed:
        if _PUBLIC_BY_NAME.match(name or "") or not what:
            continue
        ctx.add(
            "skillscope/secrets/token",
            f"{what} (line {line}) and writes it into {safe_line(path, limit=80)} (line {ctx.line(start)}), a file the "
            "site serves: every visitor can read the secret",
            start,
            end,
            "error",
        )
        return True
    return False
