"""Deception in links and hosts (mismatched link text, look-alike hosts, data drops) and hard-coded secrets."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import PER_CHECK, Ctx, Raw
from skillscope.audit.behavior.prose import quoted_to_warn
from skillscope.audit.behavior.vocab import SECRET_NAME, endpoint_kind, lookalike_site, url_host_of
from skillscope.core.textsafe import safe_line
from skillscope.core.unicode_policy import letter_scripts

__all__ = ["scan_hosts", "redacted", "built_secrets"]

_URL = re.compile(r"\b(?:https?|ftp|wss?)://[^\s<>\"'`)\]]+", re.IGNORECASE)
_MD_LINK = re.compile(r"\[([^\]\n]{3,200})\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_LINK = re.compile(r"<a\s[^>]*href\s*=\s*[\"']([^\"']+)[\"'][^>]*>([^<]{3,200})</a>", re.IGNORECASE)
_HOSTLIKE = re.compile(r"^(?:https?://)?(?:www\.)?((?:[\w-]+\.)+[a-z\u00a0-\uffff]{2,})(?:[/:?#]\S*)?$", re.IGNORECASE)
_SECRETS = (
    # (what, words one of which the token holds (a cheap test first), pattern)
    ("AWS access key", ("AKIA", "ASIA"), re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    (
        "GitHub token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b"),
    ),
    ("GitLab token", ("glpat-",), re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}\b")),
    ("Slack token", ("xox",), re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b")),
    ("Stripe key", ("_live_",), re.compile(r"\b(?:sk|rk)_live_[A-Za-z0-9]{20,}\b")),
    ("Google API key", ("AIza",), re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("Anthropic key", ("sk-ant-",), re.compile(r"\bsk-ant-[A-Za-z0-9_-]{30,}\b")),
    (
        "OpenAI key",
        ("T3BlbkFJ", "sk-proj-"),
        re.compile(
            r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}\b|\bsk-(?:proj-)[A-Za-z0-9_-]{40,}\b"
        ),
    ),
    ("npm token", ("npm_",), re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")),
    ("PyPI token", ("pypi-AgEI",), re.compile(r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}\b")),
    ("Hugging Face token", ("hf_",), re.compile(r"\bhf_[A-Za-z0-9]{34,}\b")),
    ("SendGrid key", ("SG.",), re.compile(r"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b")),
    ("Discord bot token", ("iscord",), re.compile(r"\b[MN][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,38}\b")),
    ("Telegram bot token", (":AA",), re.compile(r"\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b")),
    ("Slack app token", ("xapp-",), re.compile(r"\bxapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{20,}\b")),
    ("Shopify token", ("shpat_", "shpss_", "shpca_", "shppa_"), re.compile(r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b")),
    ("DigitalOcean token", ("dop_v1_", "doo_v1_"), re.compile(r"\bdo[op]_v1_[a-f0-9]{64}\b")),
    ("Postman key", ("PMAK-",), re.compile(r"\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b")),
    ("Linear key", ("lin_api_",), re.compile(r"\blin_api_[A-Za-z0-9]{40}\b")),
    ("Notion token", ("ntn_", "secret_"), re.compile(r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43})\b")),
    ("Databricks token", ("dapi",), re.compile(r"\bdapi[a-f0-9]{32}(?:-\d)?\b")),
    ("Twilio key", ("SK",), re.compile(r"\bSK[0-9a-f]{32}\b")),
    ("Mailgun key", ("key-",), re.compile(r"\bkey-[0-9a-f]{32}\b")),
    ("Azure storage key", ("AccountKey=",), re.compile(r"AccountKey=[A-Za-z0-9+/]{86}==")),
    ("Groq key", ("gsk_",), re.compile(r"\bgsk_[A-Za-z0-9]{48,}\b")),
    ("Replicate token", ("r8_",), re.compile(r"\br8_[A-Za-z0-9]{37,}\b")),
    (
        "bearer token (JWT)",
        ("eyJ",),
        re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"),
    ),
    (
        "private key",
        ("PRIVATE KEY",),
        re.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY( BLOCK)?-----"),
    ),
)
_FILE_SUFFIXES = frozenset(
    {
        "md",
        "markdown",
        "txt",
        "py",
        "js",
        "ts",
        "mjs",
        "json",
        "yaml",
        "yml",
        "toml",
        "sh",
        "html",
        "htm",
        "css",
        "pdf",
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "csv",
        "xml",
        "ini",
        "cfg",
        "lock",
        "rs",
        "go",
        "rb",
        "java",
        "zip",
        "gz",
        "tgz",
        "docx",
        "xlsx",
        "pptx",
        "ipynb",
        "env",
        "log",
        "sql",
        "tsx",
        "jsx",
        "vue",
        "lua",
        "php",
        "c",
        "h",
        "cpp",
    }
)
_PLACEHOLDER = re.compile(r"EXAMPLE|example|X{6,}|x{6,}|0{8,}|1234567|your[_-]|REDACTED|<[^>]+>|\*{4,}|\.\.\.")


def _same_site(shown: str, target: str) -> bool:
    shown, target = shown.lower().removeprefix("www."), target.lower().removeprefix("www.")
    return shown == target or target.endswith("." + shown) or shown.endswith("." + target)


def _lookalike(host: str) -> str | None:
    if host.startswith("xn--") or ".xn--" in host:
        try:
            shown = host.encode("ascii").decode("idna")
        except (UnicodeError, ValueError):
            shown = host
        return f"punycode host {safe_line(host, limit=80)} (shown as {safe_line(shown, limit=80)})"
    if host.isascii():
        return None
    for label in host.split("."):
        scripts = letter_scripts(label)
        if len(scripts) > 1 or scripts & {"CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE"}:
            return f"host {safe_line(host, limit=80)} mixes letters of {', '.join(sorted(scripts)).lower()}"
    return None


_GIT_KEY = re.compile(
    r"\.(?:useHttpPath|helper|username|insteadOf|pushInsteadOf|provider|sslVerify|proxy|extraHeader)$", re.IGNORECASE
)


_LOOKALIKE = "skillscope/deception/lookalike-host"
_COLLECTOR = "skillscope/deception/exfil-endpoint"
_BARE_IP = "skillscope/deception/bare-ip"


def _told(ctx: Ctx, is_code: bool, start: int, check: str, asked: dict[str, int]) -> bool:
    """Whether a page quotes the address at ``start`` in its catalogue of red flags: shown to be recognised, never
    fetched. Asked only for an address that draws a finding of ``check``, and for no more of them than a file keeps
    per rule (``PER_CHECK``; the engine drops the rest): each answer reads the page up to the address, and a page of
    thousands would be read thousands of times."""
    if is_code or asked.get(check, 0) >= PER_CHECK:
        return False
    asked[check] = asked.get(check, 0) + 1
    return quoted_to_warn(ctx.file_text, ctx.base + start)


def scan_hosts(
    ctx: Ctx, *, is_code: bool, uploaded: frozenset[str] = frozenset(), installed: frozenset[str] = frozenset()
) -> None:
    """Links whose text spells another host, look-alike hosts, data-collection endpoints, and secrets in ``ctx.text``.

    ``uploaded``: the hosts the file's code uploads file contents to; ``installed``: the hosts it installs packages
    from (an index). A look-alike one is then an error: what is sent, or every package installed, goes to it."""
    text = ctx.text
    asked: dict[str, int] = {}  # per rule, how often the page was asked whether it quotes an address (see _told)
    if "://" in text:
        for match in _URL.finditer(text):
            url = match.group(0).rstrip(".,;:")
            if text[max(0, match.start() - 11) : match.start()].lower().endswith(("credential.", "url.", "http.")):
                # git config's credential.https://host.useHttpPath: the key's last word is no part of the host
                url = _GIT_KEY.sub("", url)
            host = url_host_of(url)
            if is_code and not ctx.documented and host:
                # A URL a script spells is where it can send (until its analyser says how): pinned by the host.
                ctx.cap("sends", host.lower(), match.start(), match.start() + len(url), "a URL in the script")
            look = _lookalike(host)
            if look:
                ctx.add(
                    _LOOKALIKE,
                    f"URL to a look-alike {look}",
                    match.start(),
                    match.start() + len(url),
                )
            elif host and (site := lookalike_site(host)) is not None:
                # ASCII dressed as a known site: a warning alone; the flow rules make a secret or a download to it an error.
                carried = host.lower() in uploaded
                index = host.lower() in installed
                ctx.add(
                    _LOOKALIKE,
                    f"URL to {safe_line(host, limit=80)}, which imitates {site} (line {ctx.line(match.start())})"
                    + (", and the code uploads file contents there" if carried else "")
                    + (", and what the skill installs comes from there" if index else ""),
                    match.start(),
                    match.start() + len(url),
                    "error"
                    if carried or index
                    else "note"
                    if _told(ctx, is_code, match.start(), _LOOKALIKE, asked)
                    else "warning",
                )
            kind = endpoint_kind(url)
            if kind == "collector":
                ctx.add(
                    _COLLECTOR,
                    f"URL to a data-collection, tunnel or paste service: {safe_line(host, limit=80)}",
                    match.start(),
                    match.start() + len(url),
                    "note" if _told(ctx, is_code, match.start(), _COLLECTOR, asked) else None,
                )
            elif (
                kind == "chat-webhook"
                and not _PLACEHOLDER.search(url)
                and not re.search(r"/(?:T0+|B0+|X{4,}|0{6,})\b", url)
            ):
                ctx.add(
                    "skillscope/deception/chat-webhook",
                    f"hard-coded chat webhook on {safe_line(host, limit=80)}",
                    match.start(),
                    match.start() + len(url),
                )
            elif kind == "bare-ip":
                ctx.add(
                    _BARE_IP,
                    f"URL to the bare IP address {safe_line(host, limit=60)}",
                    match.start(),
                    match.start() + len(url),
                    "error"
                    if is_code and not ctx.documented
                    else "note"
                    if _told(ctx, is_code, match.start(), _BARE_IP, asked)
                    else None,
                )
    if "](" in text or "<a " in text.lower():
        links = [(m.group(1), m.group(2), m.start()) for m in _MD_LINK.finditer(text)]
        links += [(m.group(2), m.group(1), m.start()) for m in _HTML_LINK.finditer(text)]
        for shown, target, start in links:
            spelled = _HOSTLIKE.match(shown.strip().strip("`*_"))
            if not spelled or "://" not in target or spelled.group(1).rsplit(".", 1)[-1].lower() in _FILE_SUFFIXES:
                continue  # [SKILL.md](https://github.com/...) names a file, not a host
            target_host = url_host_of(target)
            if target_host and not _same_site(spelled.group(1), target_host):
                ctx.add(
                    "skillscope/deception/link-mismatch",
                    f"link text shows {safe_line(spelled.group(1), limit=80)} but points at {safe_line(target_host, limit=80)}",
                    start,
                    start + len(shown) + len(target) + 4,
                )
    # A token is one run of 20+ characters without spaces; a key block has its header. Most files have neither.
    maybe = "PRIVATE KEY" in text or max(map(len, text.split()), default=0) >= 20
    joined = _rejoined(text) if is_code and maybe else None
    for what, words, pattern in _SECRETS if maybe else ():
        if not any(word in text for word in words):
            continue
        found: list[re.Match[str] | _Placed] = list(pattern.finditer(text))
        if joined is not None:  # "sk_live_51Hq" + "8ZkLm...": a token written in pieces is the same token
            seen = {m.group(0) for m in found}
            found += [_Placed(m, joined[1]) for m in pattern.finditer(joined[0]) if m.group(0) not in seen]
        for hit in found:
            token = hit.group(0)
            if _PLACEHOLDER.search(token) or (what != "private key" and len(set(token)) < 8):
                continue
            if what == "private key" and _placeholder_key(text, hit.end(), ctx.path):
                continue
            used = _CONFIGURED.search(text[max(0, hit.start() - 120) : hit.start()])
            if what == "bearer token (JWT)" and not (used and SECRET_NAME.search(used.group(1)) and _shipped(ctx)):
                continue  # a JWT in prose is an example of the format; one set as a token in a shipped file is a login
            if _shipped(ctx) and not (used and SECRET_NAME.search(used.group(1))):
                # A live-format credential in a file the skill runs or reads is in use whatever name holds it (a
                # constant, a URL's user part, a key file): installing the skill hands every user its author's login.
                ctx.add(
                    "skillscope/secrets/token",
                    f"hard-coded {what} {_redact(token)} in {safe_line(ctx.path, limit=60)}, a file the skill runs "
                    "or reads, so it ships a live credential and acts through its author's account",
                    hit.start(),
                    hit.end(),
                    "error",
                )
                continue
            if used and SECRET_NAME.search(used.group(1)):
                # Set as the credential the code or its tools read: whatever the skill does with it runs as an account
                # its author controls (the user's data lands there), which no honest skill ships.
                ctx.add(
                    "skillscope/secrets/token",
                    f"hard-coded {what} {_redact(token)} set as {safe_line(used.group(1), limit=40)}, "
                    "so what the skill sends goes through its author's account",
                    hit.start(),
                    hit.end(),
                    "error",
                )
            else:
                ctx.add("skillscope/secrets/token", f"hard-coded {what} {_redact(token)}", hit.start(), hit.end())


_PROSE_SUFFIXES = (".md", ".markdown", ".txt", ".rst", ".adoc", ".html")
_DUMMY_NAME = re.compile(r"dummy|fake|example|sample|placeholder", re.I)


_JOINT = re.compile(r"""(?<=[\w\-+/=])(["'])[ \t]*(?:\+|\.\.|\.|<>)?[ \t]*\(?[ \t]*(["'])(?=[\w\-+/=])""")
"""Where one string literal of a line ends and the next begins, joined by ``+`` (most languages), ``..`` (Lua),
``.`` (Perl, PHP), or nothing (Python's and the shell's adjacent strings): ``"sk_live_51Hq" + "8ZkLm"``."""


def _rejoined(text: str) -> tuple[str, list[int]] | None:
    """``text`` with the joints between adjacent string pieces taken out, and each kept character's offset in
    ``text``; None when no line has such a joint."""
    if not _JOINT.search(text):
        return None
    out: list[str] = []
    offsets: list[int] = []
    at = 0
    for joint in _JOINT.finditer(text):
        out.append(text[at : joint.start()])
        offsets.extend(range(at, joint.start()))
        at = joint.end()
    out.append(text[at:])
    offsets.extend(range(at, len(text)))
    offsets.append(len(text))
    return "".join(out), offsets


class _Placed:
    """A match in the rejoined text, answering with offsets in the text as written."""

    def __init__(self, match: re.Match[str], offsets: list[int]) -> None:
        self._match = match
        self._offsets = offsets

    def group(self, index: int = 0) -> str:
        return self._match.group(index)

    def start(self) -> int:
        return self._offsets[self._match.start()]

    def end(self) -> int:
        return self._offsets[self._match.end() - 1] + 1


def _shipped(ctx: Ctx) -> bool:
    """The file is one the skill runs or reads (a script, a config, a key file), not prose that shows a value."""
    return not ctx.path.lower().endswith(_PROSE_SUFFIXES)


def _placeholder_key(text: str, start: int, path: str) -> bool:
    """A key block whose body is a placeholder (EXAMPLE, XXXX) or whose file is named as a dummy is not a key."""
    end = text.find("-----END", start)
    body = text[start : end if end >= 0 else start + 4000]
    return bool(_PLACEHOLDER.search(body)) or bool(_DUMMY_NAME.search(path.rsplit("/", 1)[-1]))


_CONFIGURED = re.compile(r"([A-Za-z_][\w.]*|[\"'][A-Za-z_][\w-]*[\"'])\s*(?::=|=|:)\s*[\"'`]?(?:Bearer\s+|token\s+)?$")
"""The name a token is assigned to just before it (``TOKEN = "``, ``export AWS_SECRET_ACCESS_KEY=``, ``stripe.api_key = "``, ``"apiKey": "``)."""


def _redact(token: str) -> str:
    if token.startswith("-----"):
        return "(key block)"
    keep = 4 if len(token) >= 16 else 2
    return f"{token[:keep]}…{token[-2:]} ({len(token)} characters, redacted)"


def redacted(text: str, raw: Raw) -> str:
    """``text`` with the secret a hit points at masked, same length, so the excerpt never shows it."""
    token = text[raw.start : raw.end]
    if token.startswith("-----"):
        end = text.find("-----END", raw.end)
        stop = end if end >= 0 else min(len(text), raw.end + 4000)
        body = re.sub(r"[^\s-]", "*", text[raw.end : stop])
        return text[: raw.end] + body + text[stop:]
    keep = 4 if len(token) >= 16 else 2
    masked = "".join(c if c in "\r\n" else "*" for c in token[keep:])  # line breaks kept: lines still count
    return text[: raw.start] + token[:keep] + masked + text[raw.end :]


def built_secrets(text: str, path: str, source: str, said: set[tuple[str, str]]) -> list[Raw]:
    """The secret and look-alike findings in a string a script builds from pieces (``"sk_live_" + rest``, a join),
    each finding once per ``said``: a match the script's ``source`` also holds whole is left to where it is written."""
    built = Ctx(text, 0, text, path)
    scan_hosts(built, is_code=True)
    found: list[Raw] = []
    for raw in built.hits:
        if text[raw.start : raw.end] in source:
            continue  # "Bearer " + TOKEN: the key is written whole elsewhere, and reported there
        if (
            raw.check.startswith(("skillscope/secrets/", "skillscope/deception/"))
            and (raw.check, raw.message) not in said
        ):
            said.add((raw.check, raw.message))
            found.append(raw)
    return found
