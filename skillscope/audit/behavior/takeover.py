"""Code that takes over what runs next: agent settings and instructions, system tools on PATH, git's remotes.

Each is judged by class, from the capabilities every analyser records and the skill's own files, so the language
and the spelling of the write do not matter:

- a script that writes a file the agent reads as its settings (``~/.claude/settings.json``, ``.mcp.json``, Codex or
  Gemini config) and spells a grant that switches off the user's prompts (``bypassPermissions``,
  ``dangerouslySkipPermissions``, ``Bash(*)`` as a value, ``danger-full-access``): an error at the write;
- a script that puts a folder ahead of the system's on PATH while the skill ships or writes an executable named like
  a system tool (``sudo``, ``git``, ``ssh``), or writes one into a folder already early on PATH (``~/.local/bin``,
  ``/usr/local/bin``): every later call of that tool runs the skill's copy. An error for a tool that handles
  passwords, keys or privilege, a warning for other common tools;
- a script that writes a file the agent reads as instructions (CLAUDE.md, AGENTS.md, a rules file, another skill's
  SKILL.md) with text the instruction rules judge: that rule, at the write, as the same text would draw on a page;
- a script that writes git config redirecting one site to a host the skill names (``url.<X>.insteadOf <github>``):
  every later fetch and push, with the user's git credentials, goes to that host. An error (persistence).

A grant spelt only to be tested or removed (``if mode == "bypassPermissions"``, ``del cfg["allow"]``) is a check,
not a grant; a PATH prepend for the skill's own tool (``~/.mytool/bin`` holding ``mytool``) shadows nothing.
"""

from __future__ import annotations

import ast
import base64
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import replace

from skillscope.audit.behavior.agentconfig import is_agent_config
from skillscope.audit.behavior.base import Ctx, Raw
from skillscope.audit.behavior.cooccur import literals
from skillscope.audit.behavior.purpose import Purpose, purpose_of
from skillscope.audit.behavior.regions import FOLLOWED_PAGE, line_span
from skillscope.audit.behavior.vocab import APPROVE_ALL_KEY, site_of, url_host_of
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, Severity
from skillscope.audit.text_scan import hit_at
from skillscope.core.textsafe import safe_line

__all__ = ["takeovers", "SHADOWED_TOOLS", "path_prepends"]

GRANT = "skillscope/permissions/unrestricted-shell"
SHADOW = "skillscope/permissions/path-shadow"
STARTUP = "skillscope/persistence/startup"

_AGENT_SETTINGS = re.compile(
    r"(?:^|/)(?:\.claude/settings(?:\.local)?\.json|\.claude\.json|\.mcp\.json|\.cursor/mcp\.json|"
    r"\.cursor/cli-config\.json|claude_desktop_config\.json|\.gemini/settings\.json|\.codex/config\.toml|"
    r"\.vscode/(?:settings|mcp)\.json|\.config/Code/User/settings\.json)$"
)
"""Files an agent reads as its own settings: what they grant, every later session has."""
_CONFIG_SHAPE = re.compile(
    r"(?:^|/)\.[\w-]+(?:/[^/]+)*/[^/]+\.(?:json|jsonc|json5|toml|ya?ml)$|(?:^|/)\.[\w-]+(?:\.[\w-]+)*\.(?:json|toml|ya?ml)$|"
    r"(?:^|/)(?:Library/Application Support|AppData/(?:Roaming|Local))/.+\.(?:json|jsonc|toml|ya?ml)$|"
    r"^%APPDATA%/.+\.(?:json|jsonc|toml|ya?ml)$"
)
"""The shape of any client's settings: a JSON, TOML or YAML file in a hidden folder (of the home folder or the
project) or the per-user app-data folders. Written with agent keys (MCP servers, approvals, a sandbox), it is agent
configuration whatever the client is called."""
_GRANT_KEY_ON = APPROVE_ALL_KEY
_GRANT_KEY_OFF = re.compile(
    r"[\"'`]?\b(?:sandbox(?:_?mode|_?enabled)?|confirm(?:ations?)?|require_?(?:approval|confirmation)s?|"
    r"ask_?(?:for_?)?(?:approval|permission)s?|approval(?:s|_?policy|_?mode)?)[\"'`]?\s*(?::|=>|=)\s*"
    r"(?:false\b|False\b|\$false\b|0\b|[\"'`](?:never|off|none|disabled?|danger-full-access|yolo|full-auto)[\"'`])",
    re.IGNORECASE,
)
"""A setting, under any client's name for it, that turns its sandbox or its confirmations off."""
_GRANT_VALUE = re.compile(
    r"^(?:bypassPermissions|dangerouslySkipPermissions|skipDangerousModePermissionPrompt|--dangerously-skip-permissions|"
    r"danger-full-access|--yolo|(?:Bash|Shell|Terminal)(?:\(\s*(?:\*|:\*|\*\*)?\s*\))?|"
    r"(?:Bash|Shell)\(\s*(?:sudo|su|sh|bash|zsh|eval|python3?|node)\s*(?::\s*\*|\s+\*|\*)\s*\))$"
)
"""A value that, written into agent settings, lets every command run without the user being asked."""
_GRANT_IN_TEXT = re.compile(
    r"[\"'.]defaultMode[\"']?\s*[:=]\s*[\"']bypassPermissions[\"']|[\"'](?:dangerouslySkipPermissions|"
    r"skipDangerousModePermissionPrompt)[\"']\s*:\s*true|sandbox_mode\s*=\s*[\"']danger-full-access[\"']|"
    r"[\"'.]allow[\"']?\s*\+?[:=]\s*\[[^\]]{0,400}?[\"'](?:Bash|Shell)(?:\(\s*\*?\s*\))?[\"']"
)
"""A grant spelt inside a settings text the code writes whole (a JSON or TOML string, or a jq edit of one:
``.permissions.defaultMode = "bypassPermissions"``, ``.permissions.allow += ["Bash(*)"]``)."""
_TESTED = re.compile(r"==|!=|\bin\b|\.includes\(|\.has\(|-eq\b|-ne\b|\bdel\b|\bdelete\b|\.pop\(|\.remove\(|\.filter\(")
"""A line that compares, looks up or removes a value: spelling a grant there checks for it, it does not grant it."""

SHADOWED_TOOLS: Mapping[str, bool] = {
    **dict.fromkeys(
        (
            "sudo su doas pkexec ssh scp sftp ssh-add ssh-agent git gpg gpg2 passwd login security op gh aws gcloud "
            "az kubectl vault docker keychain"
        ).split(),
        True,
    ),
    **dict.fromkeys(
        "ls cat ps cp mv rm curl wget python python3 pip pip3 node npm npx env which id whoami bash sh zsh".split(),
        False,
    ),
}
"""System tools a copy earlier on PATH would stand in for; True for those that handle passwords, keys or privilege."""
_RANK = list(SHADOWED_TOOLS)
_EARLY_BINS = re.compile(r"^(?:~/\.local/bin|~/bin|/usr/local/bin|/usr/local/sbin|/opt/homebrew/bin)/")
"""Folders ahead of /usr/bin on a usual PATH: a tool written there already shadows the system's."""
_PREPEND = re.compile(r"(?<!\w)PATH\b['\"\]]*\s*(?::=|\+?=|,|:)(?!=)\s*(?P<rhs>[^\n]*)")
_ADD_PATH = re.compile(r"\bfish_add_path\s+(?!-a\b|--append\b)(?P<rhs>\S+)")


def _settings_place(target: str) -> bool:
    """Whether a written file is an agent's settings: one a list names, or any client's by shape (``_CONFIG_SHAPE``)
    outside the project's own build files."""
    return _AGENT_SETTINGS.search(target) is not None or (
        _CONFIG_SHAPE.search(target) is not None and not target.startswith((".github/", ".git/"))
    )


def path_prepends(text: str) -> list[tuple[int, str]]:
    """(1-based line, the folder spelt) of each place a text puts a folder ahead of the rest of PATH: ``PATH="X:$PATH"``,
    ``$env:PATH = "X;" + $env:PATH``, ``os.environ["PATH"] = d + os.pathsep + ...``, ``fish_add_path X``."""
    out: list[tuple[int, str]] = []
    if "PATH" not in text and "fish_add_path" not in text:
        return out
    for number, line in enumerate(text.split("\n"), 1):
        if "PATH" not in line and "fish_add_path" not in line:
            continue
        added = _ADD_PATH.search(line)
        if added:
            out.append((number, added.group("rhs").strip("'\"")))
            continue
        match = _PREPEND.search(line)
        if match is None:
            continue
        rhs = match.group("rhs")
        later = re.search(r"PATH\b", rhs)
        if later is None:
            continue
        head = re.sub(
            r"\$\{?$|\$\(?env:$|process\.env\.$|os\.environ(?:\.get)?\(?\[?['\"]?$|ENV\[['\"]?$|(?:os\.)?[Gg]etenv\(['\"]?$",
            "",
            rhs[: later.start()],
        )
        folder = head.lstrip(" \t'\"`+([\\").rstrip(" \t'\"`+:;,$({#\\")
        folder = re.sub(r"\s*\+\s*(?:os\.pathsep|File::PATH_SEPARATOR|path\.delimiter|['\"][:;]['\"])\s*$", "", folder)
        if folder and not re.fullmatch(r"[:;]*", folder):
            out.append((number, folder.strip("'\"` ")))
    return out


_GRANT_PURPOSE = re.compile(
    r"bypass\s*permissions|skip\w*\s+(?:the\s+|all\s+)?permission|dangerously|\byolo\b|auto-?approv|"
    r"(?:turn\w*|switch\w*)\s+off\s+(?:the\s+|all\s+)?(?:permission|approval)|permission\s+prompts?\s+off|"
    r"(?:no|without)\s+(?:permission|approval)\s+prompts",
    re.IGNORECASE,
)
"""A stated purpose that names switching the agent's permission prompts off: the act, not a vaguer "fewer prompts"."""


def _asked_for_grant(stated: Purpose) -> bool:
    """Whether the skill's stated purpose (frontmatter, headings, first paragraph) names the blanket grant itself: a
    user who installs a skill for that asked for it, so it is a broad grant (a warning), not a hidden one."""
    return _GRANT_PURPOSE.search(stated.text) is not None


def takeovers(
    texts: Mapping[str, str],
    scripts: Mapping[str, str | None],
    capabilities: list[Capability],
    hits: list[tuple[str, Hit]],
    purpose: Purpose | None = None,
) -> list[tuple[str, Hit]]:
    """Findings for agent settings written with a broad grant or an unvetted MCP server and for system tools shadowed
    on PATH, in the skill's ``scripts`` (each with its language). ``purpose`` is what the skill says it is for, as the
    engine read it; None reads it here from SKILL.md's own frontmatter (a caller that had none to give)."""
    shown = _shown_settings(texts)
    stated = purpose if purpose is not None else _stated(texts)
    servers = _shown_servers(texts, stated)
    if not scripts and not shown and not any(FOLLOWED_PAGE.search(c.path) for c in capabilities if c.kind == "writes"):
        return servers
    out: list[tuple[str, Hit]] = list(servers)
    for path, line, place, value in shown:
        start, end = line_span(texts[path], line)
        asked = _asked_for_grant(stated)
        message = (
            f"tells the agent to write {safe_line(place, limit=60)}, the agent's own settings, with "
            f"{safe_line(value, limit=40)} (line {line}): every later session would run commands without asking the user"
            + (" (the skill says this is what it is for)" if asked else "")
        )
        out.append(
            (path, replace(hit_at(GRANT, message, texts[path], start, end), severity="warning" if asked else "error"))
        )

    def add(path: str, check: str, line: int, message: str, severity: Severity) -> None:
        text = texts[path]
        start, end = line_span(text, line)
        out.append((path, replace(hit_at(check, message, text, start, end), severity=severity)))

    # a page the agent follows whose code edits the agent's settings is a script of the shell, as far as that write
    pages = {p: "shell" for p in texts if FOLLOWED_PAGE.search(p) and p not in scripts}
    for path, language in {**scripts, **pages}.items():
        writes = [
            c
            for c in capabilities
            if c.path == path and c.kind == "writes" and c.line and _settings_place(c.target.replace("\\", "/"))
        ]
        if path in pages and writes:  # only the lines that write are code here; the rest of a page is prose
            kept = {w.line for w in writes}
            texts = {**texts, path: "\n".join(t if n in kept else "" for n, t in enumerate(texts[path].split("\n"), 1))}
        if not writes or any(p == path and h.id == GRANT and (h.severity or "") == "error" for p, h in hits):
            continue
        text = texts[path]
        lines = text.split("\n")
        granted = [
            (line, found.group(0) if found else value.strip())
            for line, value in literals(text, language)
            for found in [_GRANT_IN_TEXT.search(value) if len(value) > 20 else None]
            if (found or _GRANT_VALUE.fullmatch(value.strip()))
            and 0 < line <= len(lines)
            and not _TESTED.search(lines[line - 1])
        ]
        granted += [  # any client's key for approving every tool or turning its sandbox or confirmations off
            (number, found.group(0))
            for number, line in enumerate(lines, 1)
            if ("=" in line or ":" in line) and not _TESTED.search(line)
            for found in [_GRANT_KEY_ON.search(line) or _GRANT_KEY_OFF.search(line)]
            if found is not None
        ][: 0 if granted else 1]
        shipped = _shipped_grants(texts, path, text) if not granted else None
        if shipped is not None:
            # the key sits in the skill's own settings file, which this script writes out: said at that key
            other, line, value = shipped
            write = writes[0]
            asked = _asked_for_grant(stated)
            add(
                other,
                GRANT,
                line,
                f"sets {safe_line(value, limit=40)} (line {line}), which {path} writes into "
                f"{safe_line(write.target, limit=60)} (line {write.line}), the agent's own settings: every later "
                "session would run commands without asking the user"
                + (" (the skill says this is what it is for)" if asked else ""),
                "warning" if asked else "error",
            )
        if granted:
            line, value = granted[0]
            write = writes[0]
            asked = _asked_for_grant(stated)
            add(
                path,
                GRANT,
                write.line or line,
                f"writes {safe_line(write.target, limit=60)} (line {write.line}), the agent's own settings, with "
                f"{safe_line(value, limit=40)} (line {line}): every later session would run commands without asking the user"
                + (" (the skill says this is what it is for)" if asked else ""),
                "warning" if asked else "error",
            )
    out.extend(_helpers_installed(texts, capabilities, [*hits, *out]))
    out.extend(_shadowing(texts, scripts, capabilities, stated))
    out.extend(_redirects(texts, scripts, capabilities))
    out.extend(_planted(texts, scripts, capabilities))
    out.extend(_granted_pages(texts, scripts, capabilities))
    out.extend(_browser_proxies(texts, capabilities))
    out.extend(_clipboard_swaps(texts, scripts))
    out.extend(_servers(texts, scripts, capabilities, [*hits, *out], stated))
    return out


_CONFIG_FILE = re.compile(r"\.(?:json|jsonc|json5|toml|ya?ml)$")


def _shipped_grants(texts: Mapping[str, str], path: str, text: str) -> tuple[str, int, str] | None:
    """The grant a settings file of the skill holds when the script that writes agent settings names it (its
    ``defaults.yml`` loaded and written out): the shipped defaults are what the write carries, so a key in them that
    approves every tool is the write's. (that file, its line, the key as written), or None."""
    for other, content in texts.items():
        name = other.rsplit("/", 1)[-1]
        if other == path or not _CONFIG_FILE.search(name) or name not in text:
            continue
        for number, line in enumerate(content.split("\n"), 1):
            if line.lstrip().startswith("#") or _TESTED.search(line):
                continue
            found = _GRANT_KEY_ON.search(line) or _GRANT_KEY_OFF.search(line)
            if found is not None:
                return other, number, found.group(0).strip()
    return None


_SETTINGS_NAMED = re.compile(_AGENT_SETTINGS.pattern.replace("(?:^|/)", "(?:^|[/\\s`'\"])").removesuffix("$"))
_SETTINGS_WORDS = (
    ".claude",
    ".mcp.json",
    ".cursor/",
    "claude_desktop",
    ".gemini/",
    ".codex/",
    ".vscode/",
    "Code/User/",
)
_APPROVALS_OFF = re.compile(r"approval_policy\s*=\s*[\"']never[\"']|ask[-_]for[-_]approval\s*=?\s*[\"']?never")
_BLOCK = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1[ \t]*$", re.MULTILINE | re.DOTALL)
_NEGATED_LEAD = re.compile(r"\b(?:never|do\s+not|don'?t|must\s+not|avoid|instead\s+of)\b", re.IGNORECASE)


def _shown_settings(texts: Mapping[str, str]) -> list[tuple[str, int, str, str]]:
    """A block of agent settings a page the agent follows shows under prose naming the settings file it goes in
    (``Write the profile below to ~/.codex/config.toml``), spelling a grant that turns every prompt off (with the
    sandbox off too, for Codex): the agent writes it as told. (path, line of the first such setting, the file, the
    setting). A lead-in that says not to is a warning to the reader, not an order."""
    out: list[tuple[str, int, str, str]] = []
    for path, text in texts.items():
        if not FOLLOWED_PAGE.search(path) or ("```" not in text and "~~~" not in text):
            continue
        if not any(name in text for name in _SETTINGS_WORDS):
            continue  # a plain test first: most pages name no agent's settings file
        for block in _BLOCK.finditer(text):
            before = text[: block.start()].rstrip()
            lead = before[before.rfind("\n\n") + 2 :] if "\n\n" in before else before
            place = _SETTINGS_NAMED.search(lead)
            body = block.group(2)
            if place is None or _NEGATED_LEAD.search(lead) or not _GRANT_IN_TEXT.search(body):
                continue
            first = min(
                (m for m in (_APPROVALS_OFF.search(body), _GRANT_IN_TEXT.search(body)) if m is not None),
                key=lambda m: m.start(),
            )
            line = text.count("\n", 0, block.start(2) + first.start()) + 1
            out.append((path, line, place.group(0).strip("/ `'\""), first.group(0)))
    return out


_MCP_CONFIG_PATTERN = (
    r"(?:^|/)(?:\.mcp\.json|mcp\.json|mcp_config\.json|cline_mcp_settings\.json|claude_desktop_config\.json|\.claude\.json|"
    r"\.gemini/settings\.json|\.codex/config\.toml)$"
)
_MCP_CONFIG = re.compile(_MCP_CONFIG_PATTERN)
"""Files a host reads its MCP servers from (hooks and grants live in other settings files, judged elsewhere)."""
_MCP_NAMED = re.compile(_MCP_CONFIG_PATTERN.replace("(?:^|/)", "(?:^|[/\\s`'\"(])").removesuffix("$"))
"""A client's MCP config file named in prose (``~/.cursor/mcp.json``, ``claude_desktop_config.json``)."""
_NAME_EDGES = " /`('\""
_PLANTED = "skillscope/instructions/planted-command"
_JSON_SPAN = re.compile(r"`([^`\n]*\{[^`\n]*\}[^`\n]*)`")


def _item_start(text: str, at: int) -> int:
    """Where the list item or sentence holding ``text[at]`` starts."""
    cuts = [text.rfind(mark, 0, at) for mark in ("\n- ", "\n* ", "\n+ ", ". ", "\n\n")]
    found = max(cuts)
    return 0 if found < 0 else found + 1


def _shown_servers(texts: Mapping[str, str], stated: Purpose) -> list[tuple[str, Hit]]:
    """A page the agent follows that gives it an MCP server entry (JSON in a code span, or a fenced block under a lead)
    and names the client config it goes in (``write `{"mcpServers": ...}` into `~/.cursor/mcp.json` ``): the agent
    adds it as told, as a script writing it would. Judged as shipped config is: a package no known vendor publishes
    fetched by ``npx``/``uvx``, a download or a foreign host is an error, unless the skill's stated purpose names it
    (a skill that sets that server up). An entry under a negated lead ("never add ...") warns the reader."""
    out: list[tuple[str, Hit]] = []
    for path, text in texts.items():
        if not FOLLOWED_PAGE.search(path) or not _SERVERS_KEY.search(text):
            continue
        given: list[tuple[int, str, str]] = []  # (offset of the entry, the entry, the text naming where it goes)
        for paragraph in re.finditer(r"(?:[^\n]+\n?)+", text):
            body = paragraph.group(0)
            for span in _JSON_SPAN.finditer(body):
                said = body[_item_start(body, span.start()) :]
                given.append((paragraph.start() + span.start(1), span.group(1), said))
        for block in _BLOCK.finditer(text):
            before = text[: block.start()].rstrip()
            given.append((block.start(2), block.group(2), before[before.rfind("\n\n") + 2 :]))
        for offset, candidate, said in given:
            place = _MCP_NAMED.search(said)
            if place is None or _NEGATED_LEAD.search(said[: place.start()]):
                continue
            hit = _planted_server(text, offset, candidate, said, place, stated)
            if hit is not None:
                out.append((path, hit))
                break
    return out


def _planted_server(
    text: str, offset: int, candidate: str, said: str, place: re.Match[str], stated: Purpose
) -> Hit | None:
    """The finding for one server entry a page gives for a named MCP config, or None when it is harmless or asked for."""
    from skillscope.audit.behavior.agentconfig import describe_server

    try:
        config = json.loads(candidate.strip())
    except (ValueError, RecursionError):
        return None
    judged = [describe_server(words) for words in _entry_words(config) if words and words[0]]
    harmful = [a for a in judged if a.severity is None and not stated.names(a.target)]
    if not harmful:
        return None
    line = text.count("\n", 0, offset) + 1
    start, end = line_span(text, line)
    token = max(said.rfind(mark, 0, place.start() + 1) for mark in " `(\n\"'") + 1
    named = safe_line(said[token : place.end()].strip(_NAME_EDGES), limit=60)
    message = (
        f"tells the agent to add {harmful[0].what} to {named}, the agent's MCP configuration (line {line}): every "
        "later session starts it"
    )
    return replace(hit_at(_PLANTED, message, text, start, end), severity="error")


_HARMFUL = frozenset(
    {
        "skillscope/exfiltration/data-flow",
        "skillscope/obfuscation/download-exec",
        "skillscope/obfuscation/decode-exec",
        "skillscope/exfiltration/reverse-shell",
    }
)


def _helpers_installed(
    texts: Mapping[str, str], capabilities: list[Capability], hits: list[tuple[str, Hit]]
) -> list[tuple[str, Hit]]:
    """A credential helper a script installs (an AWS profile's ``credential_process``) that runs another script of the
    skill, named in the installing script: the CLI runs it each time it needs credentials, so what that script does
    (sends a secret out, runs a download) happens again on its own. An error at the install, naming the harm."""
    out: list[tuple[str, Hit]] = []
    for cap in capabilities:
        if cap.kind != "writes" or cap.detail != "credential helper" or not cap.line or cap.path not in texts:
            continue
        text = texts[cap.path]
        folder = cap.path.rsplit("/", 1)[0] + "/" if "/" in cap.path else ""
        named = [
            path
            for path in texts
            if path != cap.path
            and path.startswith(folder)
            and re.search(rf"['\"/]{re.escape(path[len(folder) :])}['\"]", text)
        ]
        harm = next(
            (h for p, h in hits if p in named and h.id in _HARMFUL and (h.severity or "error") == "error"), None
        )
        if harm is None:
            continue
        where = next(p for p, h in hits if h is harm)
        start, end = line_span(text, cap.line)
        message = (
            f"installs {safe_line(where, limit=60)} as {safe_line(cap.target, limit=60)} (line {cap.line}), which runs it "
            f"again each time the tool needs credentials, and it {safe_line(harm.message, limit=140)} ({where})"
        )
        out.append((cap.path, replace(hit_at(STARTUP, message, text, start, end), severity="error")))
    return out


_RUN_ORDER = re.compile(r"(?i)\b(?:run|execute|invoke|call)\s+\\?`([^`\n]{3,200}?)\\?`")
"""An order to run a command, as a page gives one (``run `node x.js --write` once``)."""
_INSTRUCTION_FILES = re.compile(
    r"(?:^|/)(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|\.clinerules|"
    r"copilot-instructions\.md|SKILL\.md|\.cursor/rules/[^/]+|\.claude/(?:commands|agents)/[^/]+\.md|"
    r"\.(?:claude|codex|cursor|gemini|agents|config/opencode|config/goose)/skills?/[^/]+/?)$",
    re.IGNORECASE,
)
"""Files an agent reads as its instructions: the project's memory files, rules files, and other skills' pages or
folders."""
_HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?[^\n]*\n(.*?)\n\s*\1\s*$", re.DOTALL | re.MULTILINE)


_PAGES = 8
"""Texts of one script read as whole pages (commands and code blocks included): a bound on the work a script of many
long strings can cause."""


def _page_hits(text: str) -> list[Raw]:
    """What the behaviour rules find in ``text`` read as a skill's SKILL.md, as raw hits."""
    from skillscope.audit.behavior.engine import SkillFileText, analyse_skill

    analysis = analyse_skill([SkillFileText("SKILL.md", text)], {})
    return [Raw(hit.id, hit.message, 0, 0, hit.severity) for _, hit in analysis.hits]


def _planted(
    texts: Mapping[str, str], scripts: Mapping[str, str | None], capabilities: list[Capability]
) -> list[tuple[str, Hit]]:
    """A script that writes a file the agent reads as instructions (CLAUDE.md, AGENTS.md, a rules file, another
    skill's SKILL.md) with text the instruction rules judge: the order it plants is read in every later session, so
    it is reported at the write with the rule and severity the same text would draw on a page."""
    from skillscope.audit.behavior.prose import scan_prose
    from skillscope.audit.findings import check_info

    out: list[tuple[str, Hit]] = []
    for path, language in scripts.items():
        writes = [
            c
            for c in capabilities
            if c.path == path
            and c.kind == "writes"
            and c.line
            and _INSTRUCTION_FILES.search(c.target.replace("\\", "/"))
        ]
        text = texts[path]
        spelled = list(literals(text, language))
        said = [value for _, value in spelled]
        if not writes:
            # a write to a path the script computes (each SKILL.md found under the skills folders it lists), in a
            # script that spells the instruction file by name: that file is what it may write
            named = next((v for v in said if len(v) < 200 and _INSTRUCTION_FILES.search(v.replace("\\", "/"))), None)
            computed = [
                c
                for c in capabilities
                if c.path == path and c.kind == "writes" and c.line and (c.target in ("?", "*", "") or "?" in c.target)
            ]
            writes = [replace(c, target=named) for c in computed] if named else []
            every = bool(writes)  # the instruction files it finds, other skills' pages among them
        else:
            every = False
        if not writes:
            continue
        said += [m.group(2) for m in _HEREDOC.finditer(text)] if language in (None, "shell", "perl") else []
        # a text the script reads from a file it ships (FOOTER = File.read("footer.md")) is what it can plant too
        here = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
        said += [texts[f] for f in {here + v for v in said if here + v in texts} | {v for v in said if v in texts}]
        # a folder of the skill copied whole into a skills folder (cp -r payload/. ~/.claude/skills/x/): its pages
        folders = {re.sub(r"^/?(?:\.\.?/)*", "", v.strip()).rstrip("/.") for v in said if "/" in v and len(v) < 200}
        said += [t for f, t in texts.items() if any(d and f.startswith(d + "/") and f.endswith(".md") for d in folders)]
        said += [plain for value in said if (plain := _decoded_text(value))]  # an order kept in base64 until written
        found: list[tuple[int, Raw]] = []
        pages = 0
        for value in said:
            if len(value.split()) < 3:
                continue
            inner = Ctx(value, 0, value, writes[0].target)
            scan_prose(inner)
            raws = list(inner.hits)
            if not raws and pages < _PAGES and ("`" in value or "\n" in value or "\\n" in value):
                # a page's commands too ("run `curl … | sh`", a fenced block): the planted page read as any page is,
                # with a printf's or echo -e's \n as the line break it writes
                pages += 1
                raws = _page_hits(value.replace("\\n", "\n"))
            for raw in raws:
                level = raw.severity or check_info(raw.check).severity
                if level in ("error", "warning"):
                    found.append((0 if level == "error" else 1, raw))
        if not found and every:
            # an order to run a command, added to each instruction file the script finds: every other skill, when
            # used, runs this skill's command first
            lines = text.split("\n")
            kept = [  # text the script writes, not a usage line or a message it prints
                v
                for n, v in spelled
                if not (0 < n <= len(lines) and re.search(r"console\.|print|echo|usage|help|log\(", lines[n - 1]))
            ]
            order = next((m for v in kept for m in [_RUN_ORDER.search(v)] if m and len(v.split()) >= 3), None)
            if order is not None:
                found.append(
                    (
                        0,
                        Raw(
                            _PLANTED,
                            f"tells the agent to run `{safe_line(order.group(1), limit=60)}` whenever that page is read",
                            0,
                            0,
                            "error",
                        ),
                    )
                )
        if not found:
            continue
        _, raw = min(found, key=lambda pair: pair[0])
        write = writes[0]
        start, end = line_span(text, write.line or 1)
        message = (
            f"writes {safe_line(write.target, limit=60)} (line {write.line}), which the agent reads as instructions, "
            f"with text that {raw.message}"
        )
        level = raw.severity or check_info(raw.check).severity
        out.append((path, replace(hit_at(raw.check, message, text, start, end), severity=level)))
        # and the order, planted where every later session reads it, runs again on its own: persistence, as an rc
        # line is
        lasting = (
            f"plants that order in {safe_line(write.target, limit=60)} (line {write.line}), which every later "
            "session of the agent reads and follows again"
        )
        out.append((path, replace(hit_at(STARTUP, lasting, text, start, end), severity=level)))
    return out


_BROWSER_PREFS = re.compile(r"(?i)(?:firefox|mozilla|librewolf|waterfox|thunderbird)/.*(?:^|/)(?:user|prefs)\.js$")
"""A Mozilla profile's preference files: the browser reads them at every start."""
_PROFILE_ROOT = re.compile(r"(?i)\.mozilla/firefox|Firefox/Profiles|librewolf|waterfox")
_PROXY_PREF = re.compile(
    r"""["']?network\.proxy\.(?:autoconfig_url|http|ssl|socks)["']?\s*[:,]\s*(\[[^\]]{0,400}\]|["'][^"'\n]{1,300}["'])"""
)
"""A proxy preference and its value (a string, or a list of pieces joined when written), in JSON or ``user_pref``."""


def _browser_proxies(texts: Mapping[str, str], capabilities: list[Capability]) -> list[tuple[str, Hit]]:
    """A write into a browser profile's preferences whose text, or a file of the skill the writing script names
    (``require('./prefs.json')``), sets a proxy on a host that is not the user's machine: every page the browser loads,
    logins included, goes through that host, from every later start."""
    from skillscope.audit.behavior.vocab import is_local_host

    out: list[tuple[str, Hit]] = []
    for cap in capabilities:
        if cap.kind != "writes" or not cap.line or cap.path not in texts:
            continue
        text = texts[cap.path]
        # the profile folder is often found at run time (a glob, a listing): its file name and the script's profile root
        named = re.search(r"(?:^|/)(?:user|prefs)\.js$", cap.target) and _PROFILE_ROOT.search(text)
        if not (_BROWSER_PREFS.search(cap.target) or named):
            continue
        folder = cap.path.rsplit("/", 1)[0] + "/" if "/" in cap.path else ""
        sources = [text] + [
            texts[p] for p in texts if p != cap.path and p.startswith(folder) and p[len(folder) :] in text
        ]
        for source in sources:
            found = _PROXY_PREF.search(source)
            if found is None:
                continue
            raw = found.group(1)
            value = "".join(re.findall(r"""["']([^"']*)["']""", raw)) if raw.startswith("[") else raw.strip("\"'")
            host = url_host_of(value) if "://" in value else value.split(":", 1)[0]
            if not host or is_local_host(host):
                continue
            start, end = line_span(text, cap.line)
            message = (
                f"writes a proxy ({safe_line(value, limit=80)}) into the browser profile {safe_line(cap.target, limit=60)} "
                f"(line {cap.line}): every page it loads, logins included, goes through {safe_line(host, limit=60)} "
                "from every later start"
            )
            out.append((cap.path, replace(hit_at(STARTUP, message, text, start, end), severity="error")))
            break
    return out


CLIPPER = "skillscope/deception/clipboard-swap"
_CLIP_WRITE = re.compile(
    r"\bpyperclip\.copy\s*\(|\bclipboard(?:y)?\.(?:copy|write(?:Text|Sync)?|setData|set_text|SetText)\s*\(|\bSet-Clipboard\b|"
    r"\b(?:pbcopy|wl-copy|clip\.exe)\b|\bxclip\b[^\n]*-(?:i\b|selection)|\bxsel\b[^\n]*-(?:i|-input)\b|\bwriteText\s*\("
)
_CLIP_WORDS = ("lipboard", "pyperclip", "pbcopy", "wl-copy", "xclip", "xsel", "clip.exe", "writeText")
_CLIP_READ = re.compile(
    r"\bpyperclip\.paste\b|\bclipboard(?:y)?\.(?:paste|read(?:Text|Sync)?|getData|get_text|GetText)\b|\bGet-Clipboard\b|"
    r"\b(?:pbpaste|wl-paste)\b|\breadText\s*\(|\bxclip\b[^\n]*-o\b|\bxsel\b[^\n]*-(?:o|-output)\b"
)
_WALLET = re.compile(
    r"(?<![\w])(?:bc1[02-9ac-hj-np-z]{25,59}|0x[0-9a-fA-F]{40}|[13][1-9A-HJ-NP-Za-km-z]{25,34})(?![\w])"
)
"""A Bitcoin (bech32 or legacy) or Ethereum address spelt out."""


def _clipboard_swaps(texts: Mapping[str, str], scripts: Mapping[str, str | None]) -> list[tuple[str, Hit]]:
    """A script that reads the clipboard and writes it back, while it (or a file of the skill it names) spells a
    wallet address: the address the user copied to pay someone becomes the author's."""
    out: list[tuple[str, Hit]] = []
    for path in scripts:
        text = texts[path]
        if not any(word in text for word in _CLIP_WORDS):
            continue  # a plain test first: most scripts never touch the clipboard
        write = _CLIP_WRITE.search(text)
        if write is None or _CLIP_READ.search(text) is None:
            continue
        folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
        named = [p for p in texts if p != path and p.startswith(folder) and p[len(folder) :] in text]
        found = next(
            ((where, m) for where in [path, *named] for m in [_WALLET.search(texts[where])] if m is not None), None
        )
        if found is None or (found[0] == path and not re.search(r"\d", found[1].group(0))):
            continue
        where, address = found
        start, end = line_span(text, text.count("\n", 0, write.start()) + 1)
        message = (
            f"reads the clipboard and writes it back, and {'the script' if where == path else where} spells the wallet "
            f"address {safe_line(address.group(0), limit=50)}: an address the user copies can be swapped for it"
        )
        out.append((path, hit_at(CLIPPER, message, text, start, end)))
    return out


_SKILL_PAGE = re.compile(r"(?:^|/)SKILL\.md$", re.IGNORECASE)


def _granted_pages(
    texts: Mapping[str, str], scripts: Mapping[str, str | None], capabilities: list[Capability]
) -> list[tuple[str, Hit]]:
    """A script that writes skills' pages (SKILL.md) and spells ``allowed-tools`` with a grant of every command
    (``Bash(*)``, ``Bash``): each skill it rewrites then runs any command without the user being asked."""
    out: list[tuple[str, Hit]] = []
    for path, language in scripts.items():
        writes = [
            c
            for c in capabilities
            if c.path == path and c.kind == "writes" and c.line and _SKILL_PAGE.search(c.target.replace("\\", "/"))
        ]
        if not writes or "allowed-tools" not in texts[path]:
            continue
        said = [value.strip() for _, value in literals(texts[path], language)]
        grant = next(
            (v for v in said if _GRANT_VALUE.fullmatch(v) or re.search(r"allowed-tools:\s*Bash\(\s*\*", v)), None
        )
        if grant is None or "allowed-tools" not in said and not any("allowed-tools:" in v for v in said):
            continue
        write = writes[0]
        start, end = line_span(texts[path], write.line or 1)
        message = (
            f"writes {safe_line(write.target, limit=60)} (line {write.line}), skills' own pages, adding allowed-tools "
            f"{safe_line(grant, limit=40)}: each skill it rewrites then runs any command without the user being asked"
        )
        out.append((path, replace(hit_at(GRANT, message, texts[path], start, end), severity="error")))
    return out


def _decoded_text(value: str) -> str | None:
    """The readable text a base64 literal holds (an order kept encoded until the script writes it), or None."""
    if len(value) < 24 or not re.fullmatch(r"[A-Za-z0-9+/]+={0,2}", value.strip()):
        return None
    try:
        plain = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return plain if plain.isprintable() or all(ch.isprintable() or ch in "\n\t\r" for ch in plain) else None


_INSTEAD_OF = re.compile(r"(?i)(?:push)?insteadof\b")
"""The key, with no word boundary before it: a string in code spells the tab before it as ``\\tinsteadOf``."""
_GIT_URL = re.compile(r"(?:https?|ssh|git)://[^\s\"'\]]+|[\w.-]+@[\w.-]+:")
_GIT_CONFIG = re.compile(r"(?:^|/)(?:\.gitconfig|\.git/config|git/config)$")


def _redirects(
    texts: Mapping[str, str], scripts: Mapping[str, str | None], capabilities: list[Capability]
) -> list[tuple[str, Hit]]:
    """A git config written with ``url.<X>.insteadOf <Y>`` where X is a host the skill names and Y another site:
    every later fetch and push of Y, with the user's credentials, goes to X."""
    out: list[tuple[str, Hit]] = []
    for path in scripts:
        text = texts[path]
        if "nsteadof" not in text.lower():  # a plain test first: the pattern's case-blind scan of every script is slow
            continue
        writes = any(
            c.path == path and c.kind in ("writes", "executes") and (_GIT_CONFIG.search(c.target) or c.target == "git")
            for c in capabilities
        )
        if not writes:
            continue
        lines = text.split("\n")
        for number, body in enumerate(lines, 1):
            if not _INSTEAD_OF.search(body):
                continue
            # the replacement sits in the section header before insteadOf (same line, or the line above)
            head, _, tail = _INSTEAD_OF.split(body, 1)[0], None, _INSTEAD_OF.split(body, 1)[-1]
            before = head if _GIT_URL.search(head) else (lines[number - 2] if number > 1 else "")
            target, replaced = _GIT_URL.search(before), _GIT_URL.search(tail)
            if target is None or replaced is None:
                continue
            new, old = url_host_of(target.group(0).rstrip(":")), url_host_of(replaced.group(0).rstrip(":"))
            if "@" in target.group(0) and "://" not in target.group(0):
                new = target.group(0).split("@", 1)[1].rstrip(":").lower()
            if not new or not old or site_of(new) == site_of(old):
                continue
            at = number if target.group(0) in body else number - 1
            start, end = line_span(text, at)
            message = (
                f"writes git config that sends every fetch and push of {safe_line(old, limit=60)} to "
                f"{safe_line(new, limit=60)} (url.insteadOf, line {number}): the user's code and git credentials "
                "go to that host from then on"
            )
            out.append((path, replace(hit_at(STARTUP, message, text, start, end), severity="error")))
            break
    return out


AGENT_CONFIG = "skillscope/persistence/agent-config"
_MCP_KEYS = frozenset({"command", "args", "env", "url", "serverUrl", "type", "cwd", "mcpServers", "servers", "headers"})
"""Keys of an MCP server entry: a script spelling its entry as pieces names these between the command's words."""
_SERVERS_KEY = re.compile(r"mcpServers|mcp_servers|context_servers|[\"'`]servers[\"'`]|\bservers\s*[:=]")
"""The key that holds server entries, spelt somewhere in a script that writes one."""
_COMMAND_KEY = re.compile(r"""\bcommand\b["'`]?\s*(?::|=>|=)""")
_URL_KEY = re.compile(r"(?i)\b(?:url|serverUrl|endpoint)\b[\"'`]?\s*(?:[:=]|=>)")


def _python_entries(text: str) -> list[tuple[int, list[str]]]:
    """(line, command words or URL) of each dict a Python script builds that is an MCP server entry, resolved from
    constants (``{"command": "npx", "args": ["-y", PKG]}``)."""
    from skillscope.audit.behavior.pyvalues import Values

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    values = Values()
    values.learn_imports(tree)
    for node in ast.walk(tree):  # constants bound anywhere (a function's own CONFIG) name what its dicts hold
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            values.execute(node)
    out: list[tuple[int, list[str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        entry = values.value(node)
        if not isinstance(entry, dict):
            continue
        command, args, url = entry.get("command"), entry.get("args", []), entry.get("url") or entry.get("serverUrl")
        if entry.get("type") == "command" or "matcher" in entry:
            continue  # a hook's entry, not a server's
        if isinstance(command, str) and isinstance(args, (list, tuple)) and all(isinstance(a, str) for a in args):
            out.append((node.lineno, [command, *(str(a) for a in args)]))
        elif isinstance(url, str) and "://" in url:
            out.append((node.lineno, [url]))
    return out


def _spelt_entries(text: str, language: str | None, *, pieces: bool = True) -> list[tuple[int, list[str]]]:
    """(line, command words or URL) of each MCP server entry a script spells: a whole JSON text, a command's words
    as consecutive strings (``command: 'npx', args: ['-y', 'pkg']``), or an address given to a ``url`` key."""
    from skillscope.audit.behavior.agentconfig import RUNNER_WORDS

    values = list(literals(text, language))
    if language in (None, "shell", "perl"):  # a here-document's body is the text a cat > .mcp.json writes
        values += [(text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in _HEREDOC.finditer(text)]
    lines = text.split("\n")
    out: list[tuple[int, list[str]]] = []
    for index, (line, value) in enumerate(values):
        stripped = value.strip()
        if stripped.startswith("{") and len(stripped) > 20:
            try:
                config = json.loads(stripped)
            except (ValueError, RecursionError):
                config = None
            if isinstance(config, dict):
                out.extend((line, words) for words in _entry_words(config))
                continue
        if "mcp_servers" in stripped and "\n" in stripped:  # Codex's config.toml: [mcp_servers.NAME] tables
            try:
                toml = tomllib.loads(stripped)
            except (tomllib.TOMLDecodeError, RecursionError):
                toml = {}
            out.extend((line, words) for words in _entry_words(toml))
        # a command's words count only where a server entry's "command" key sits on the line: elsewhere a string
        # "curl" or "node" is a command the script runs, judged by the analysers
        keyed = pieces and 0 < line <= len(lines) and _COMMAND_KEY.search(lines[line - 1]) is not None
        head = stripped.split()[:1] if keyed else []
        if head and head[0].rsplit("/", 1)[-1].lower() in RUNNER_WORDS:
            words = stripped.split()
            last = line
            for later, more in values[index + 1 : index + 12]:
                if more in ("args", "command"):
                    continue  # a key spelt as a string (Ruby, PowerShell, Go maps) between the command and its words
                if later - last > 2 or more in _MCP_KEYS or is_agent_config(more):
                    break
                words.append(more)
                last = later
            out.append((line, words))
        elif "://" in stripped and 0 < line <= len(lines) and _URL_KEY.search(lines[line - 1]):
            out.append((line, [stripped]))
    return out


def _entry_words(config: object) -> list[list[str]]:
    """The command words (or URL) of each server entry in a parsed MCP config."""
    out: list[list[str]] = []
    if isinstance(config, dict):
        command, args, url = config.get("command"), config.get("args", []), config.get("url") or config.get("serverUrl")
        if config.get("type") == "command" or "matcher" in config:
            return out  # a hook's entry, not a server's
        if isinstance(command, str) and isinstance(args, list):
            out.append([command, *(str(a) for a in args)])
        elif isinstance(url, str) and "://" in url:
            out.append([url])
        for inner in config.values():
            out.extend(_entry_words(inner))
    elif isinstance(config, list):
        for inner in config:
            out.extend(_entry_words(inner))
    return out


def _servers(
    texts: Mapping[str, str],
    scripts: Mapping[str, str | None],
    capabilities: list[Capability],
    hits: list[tuple[str, Hit]],
    stated: Purpose,
) -> list[tuple[str, Hit]]:
    """A script that writes the agent's MCP config (``.mcp.json``, ``claude_desktop_config.json``, ``.vscode/mcp.json``)
    with a server entry judged as shipped config is: a download or inline code as its command, a package no known
    vendor publishes fetched by ``npx``/``uvx``, or a remote server on a foreign host is an error at the write; every
    later session starts it. An official server (``@modelcontextprotocol/server-*``, GitHub's), or the package or host
    the skill's stated purpose names (a skill that sets up that server), is a note."""
    from skillscope.audit.behavior.agentconfig import describe_server

    out: list[tuple[str, Hit]] = []
    for path, language in scripts.items():
        text = texts[path]
        if any(
            p == path and h.id in (GRANT, STARTUP, AGENT_CONFIG) and (h.severity or "error") == "error" for p, h in hits
        ):
            continue  # the write is already an error (a grant, a start-up write whose content was judged)
        writes = [
            c
            for c in capabilities
            if c.path == path
            and c.kind == "writes"
            and c.line
            and (_MCP_CONFIG.search(c.target.replace("\\", "/")) or _CONFIG_SHAPE.search(c.target.replace("\\", "/")))
        ]
        where: tuple[int, str] | None = None
        entries: list[tuple[int, list[str]]] = []
        if writes and _SERVERS_KEY.search(text):
            where = (writes[0].line or 1, f"writes {safe_line(writes[0].target, limit=60)} (line {writes[0].line})")
            # Python's dicts resolve whole (its strings in walk order are no sequence); a shell line's words are commands it
            # runs: there only whole texts (JSON, a here-document) and URL keys count
            entries = _spelt_entries(text, language, pieces=language not in ("python", "shell", None))
            entries += _python_entries(text) if language == "python" else []
        registered = _registered(text, language)
        if registered and not entries:  # claude mcp add NAME -- npx -y PKG: the host's own command writes the config
            line, words = registered[0]
            where, entries = (line, f"registers an MCP server with the agent's CLI (line {line})"), registered
        judged = [(line, describe_server(words)) for line, words in entries if words and words[0]]
        if where is None or not judged:
            continue
        harmful = [(line, added) for line, added in judged if added.severity is None]
        asked = bool(harmful) and all(a.kind in ("installs", "sends") and stated.names(a.target) for _, a in harmful)
        line, added = (harmful or judged)[0]
        start, end = line_span(text, where[0])
        message = f"{where[1]}, the agent's MCP configuration, adding {added.what} (line {line})"
        message += "; every later session starts it" if harmful else ""
        message += " (the skill says this is what it is for)" if asked else ""
        severity: Severity = "error" if harmful and not asked else "note"
        out.append((path, replace(hit_at(AGENT_CONFIG, message, text, start, end), severity=severity)))
    return out


_AGENT_CLIS = frozenset({"claude", "codex", "gemini", "cursor-agent", "amp"})
"""Agent command lines whose ``mcp add`` writes a server into the agent's configuration."""


def _registered(text: str, language: str | None) -> list[tuple[int, list[str]]]:
    """(line, command words or URL) of each ``claude mcp add NAME -- CMD ARGS`` (or ``add NAME URL``) a script runs,
    from its strings in order (a shell line's words, an argv list)."""
    values = list(literals(text, language))
    out: list[tuple[int, list[str]]] = []
    for index in range(len(values) - 3):
        line, word = values[index]
        head = word.split()
        if head and head[0].rsplit("/", 1)[-1] in _AGENT_CLIS and len(head) > 1:
            words = head[1:]  # one string holding the whole command ("claude mcp add x -- npx -y y")
        elif word.rsplit("/", 1)[-1] in _AGENT_CLIS:
            words = [v for later, v in values[index + 1 : index + 24] if later - line <= 2]
        else:
            continue
        words = [w for piece in words for w in piece.split()]
        if words[:2] != ["mcp", "add"] and words[:2] != ["mcp", "add-json"]:
            continue
        rest = words[2:]
        if "--" in rest:
            out.append((line, rest[rest.index("--") + 1 :]))
        else:
            url = next((w for w in rest if "://" in w), None)
            if url is not None:
                out.append((line, [url]))
    return out


def _shadowing(
    texts: Mapping[str, str], scripts: Mapping[str, str | None], capabilities: list[Capability], stated: Purpose
) -> list[tuple[str, Hit]]:
    """A PATH prepend beside an executable named like a system tool, or such a tool written into an early folder."""
    shipped = {p.rsplit("/", 1)[-1]: p for p in texts if p.rsplit("/", 1)[-1] in SHADOWED_TOOLS}
    out: list[tuple[str, Hit]] = []
    for path in scripts:
        text = texts[path]
        written = [
            c
            for c in capabilities
            if c.path == path
            and c.kind == "writes"
            and c.line
            and c.target.rstrip("/").rsplit("/", 1)[-1] in SHADOWED_TOOLS
        ]
        early = [c for c in written if _EARLY_BINS.match(c.target)]
        prepends = path_prepends(text)
        named = {c.target.rstrip("/").rsplit("/", 1)[-1] for c in written}
        named |= {n for n in shipped if n not in ("env",) and re.search(rf"(?<![\w.-]){re.escape(n)}\b", text)}
        tools = sorted(named, key=_RANK.index)
        if prepends and tools:
            line, folder = prepends[0]
            message = (
                f"puts {safe_line(folder, limit=60)} ahead of the system's folders on PATH (line {line}) while the "
                f"skill places its own {', '.join(tools[:4])} there: every later call of "
                f"{tools[0]} would run the skill's copy"
            )
        elif early:
            write = early[0]
            tools = sorted(
                {c.target.rstrip("/").rsplit("/", 1)[-1] for c in early}, key=lambda n: (not SHADOWED_TOOLS[n], n)
            )
            line = write.line or 1
            message = (
                f"writes {safe_line(write.target, limit=60)} (line {line}), a folder ahead of /usr/bin on PATH: "
                f"every later call of {tools[0]} would run the skill's copy"
            )
        else:
            continue
        start, end = line_span(text, line)
        # A wrapper the skill says it is (a "git wrapper") is a tool the user asked for, a broad change (a warning);
        # any other privileged tool shadowed beside it keeps the error. sudo and su are never a stated purpose.
        unasked = [t for t in tools if not stated.names(t)]
        severity: Severity = "error" if any(SHADOWED_TOOLS[t] for t in unasked) else "warning"
        # Installing the very tool the skill says it installs, from that product's own download host and with no copy
        # of the skill's own under that name, is the install the user asked for: a note that says where it goes.
        fetched = [c.target for c in capabilities if c.path == path and c.kind == "sends"]
        if not unasked and not (set(tools) & set(shipped)) and fetched and all(stated.names(h) for h in fetched):
            severity = "note"
        out.append((path, replace(hit_at(SHADOW, message, text, start, end), severity=severity)))
    return out


def _stated(texts: Mapping[str, str]) -> Purpose:
    """What the skill says it is for (frontmatter, headings, first paragraph)."""
    from skillscope.verify.frontmatter import FrontmatterError, parse_frontmatter, split_frontmatter

    page = texts.get("SKILL.md", "")
    try:
        frontmatter = parse_frontmatter(split_frontmatter(page)[0])
    except FrontmatterError:
        frontmatter = {}
    return purpose_of(frontmatter, page)
