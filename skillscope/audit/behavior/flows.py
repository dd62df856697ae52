"""Flows between a skill's files: a secret one script reads reaching a send in another.

Each analyser reads one region; what a skill does across files shows only in the capabilities they record. Two
shapes are read here, after every file is analysed:

- a script reads a secret and writes a file, and another script names that file and sends over the network (the
  key copied to ``/tmp/k`` that an upload script posts);
- a page the agent follows (SKILL.md, references) pipes one script's output into another (``python a.py | sh
  b.sh``), the first reading a secret and the second sending.

Each is reported once, at the send line of the sending script, as one sentence naming both files and lines.

A third shape joins what a skill grants with what it asks for (``granted``): an unrestricted shell (``Bash(*)``,
``bypassPermissions``) or writing plus the network, granted by allowed-tools or shipped settings, together with an
instruction or flow the analysers found harmful at warning level (a credential store read, a download piped to a
shell in a page) is how that harm gets done without the user being asked: an error at the harmful line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from skillscope.audit.behavior.regions import line_span
from skillscope.audit.behavior.vocab import DIGEST_HEX, PROMPT_TARGET, SECRET_NAME, related_host
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, effective_severity
from skillscope.audit.text_scan import hit_at
from skillscope.core.textsafe import safe_line

__all__ = ["cross_file", "granted", "broad_grant", "installed_payload", "kept_download", "routed_output"]

FLOW = "skillscope/exfiltration/data-flow"
_SCRATCH = re.compile(r"^(?:/tmp/|/var/tmp/|/dev/shm/|\$TMPDIR/|~/|\./|\.\./|[\w.-]+/)|^[\w.-]+\.\w+$")
_NEAR = 5
"""Lines from a secret read to the write that saves it, in one script."""
_HARMLESS_READS = frozenset({"~/.aws/config"})
"""Credential places whose common use is a setting, not a secret (the region in ~/.aws/config)."""
_RUN = re.compile(
    r"(?:^|[\s;&(])(?:(?:python3?|node|bash|sh|zsh|ruby|perl|deno\s+run|bun|pwsh|tsx|ts-node)\s+)?"
    r"(?:\./)?((?:scripts|bin|tools|lib|src|hooks)/[\w./-]+\.\w+|[\w.-]+\.(?:py|sh|js|mjs|ts|rb|pl|ps1))\b"
)


def _secret(cap: Capability) -> bool:
    """Whether a ``reads`` capability reads a secret: a credential place, a secret variable, a store or a token."""
    if (
        cap.kind != "reads"
        or cap.target in _HARMLESS_READS
        or cap.target.endswith(".pub")
        or cap.target == PROMPT_TARGET
    ):
        return False
    target = cap.target
    if target.startswith("$"):
        return SECRET_NAME.search(target[1:]) is not None
    return True  # the analysers record a read only for a credential file, store, .env or token command


def _what(cap: Capability) -> str:
    return safe_line(cap.target, limit=60)


def _names(text: str, path: str) -> bool:
    """Whether a file's text names ``path`` (a written file another script picks up), as a whole path word."""
    if len(path) < 4 or path in ("/tmp", "/tmp/", "~/", "."):
        return False
    bare = path.removeprefix("~/").removeprefix("./")
    # a batch file names its own folder's files after %~dp0 (the script's folder)
    return re.search(rf"(?:(?<![\w.-])|(?<=%~dp0)){re.escape(bare)}(?![\w-])", text) is not None


def cross_file(
    texts: Mapping[str, str], capabilities: list[Capability], hits: list[tuple[str, Hit]]
) -> list[tuple[str, Hit]]:
    """Flows from a secret read in one file to a send in another, as (path, hit) pairs at the send lines."""
    by_path: dict[str, list[Capability]] = {}
    for cap in capabilities:
        by_path.setdefault(cap.path, []).append(cap)
    readers = {p: [c for c in caps if _secret(c)] for p, caps in by_path.items()}
    readers = {p: caps for p, caps in readers.items() if caps}
    senders = {p: [c for c in caps if c.kind == "sends" and c.line] for p, caps in by_path.items()}
    senders = {p: caps for p, caps in senders.items() if caps}
    if not readers or not senders:
        return []
    flagged = {(path, hit.at.line) for path, hit in hits if hit.id == FLOW}
    out: list[tuple[str, Hit]] = []

    def report(sender: str, send: Capability, how: str, secret: Capability) -> None:
        if (sender, send.line) in flagged or send.line is None or sender not in texts:
            return
        if secret.target.startswith("$") and related_host(secret.target[1:], send.target):
            return  # GITHUB_TOKEN sent to api.github.com: the token's own use
        flagged.add((sender, send.line))
        start, end = line_span(texts[sender], send.line)
        message = f"{how}, and {sender} sends it to {safe_line(send.target, limit=80)} (line {send.line})"
        out.append((sender, hit_at(FLOW, message, texts[sender], start, end)))

    # A secret written to a file that another script names and sends.
    for reader, secrets in readers.items():
        writes = [c for c in by_path.get(reader, []) if c.kind == "writes" and _SCRATCH.search(c.target)]
        for write in writes:
            # The secret read just before the write (or on its line) is what the written file holds.
            near = [c for c in secrets if c.line and write.line and 0 <= write.line - c.line <= _NEAR]
            for sender, sends in senders.items():
                if not near or sender == reader or not _names(texts.get(sender, ""), write.target):
                    continue
                secret = near[-1]
                report(
                    sender,
                    sends[0],
                    f"{reader} reads {_what(secret)} (line {secret.line}) and writes it to "
                    f"{safe_line(write.target, limit=60)} (line {write.line}), which {sender} picks up",
                    secret,
                )
    # A page the agent follows piping one script into another.
    for page, text in texts.items():
        if not page.lower().endswith((".md", ".markdown", ".txt")) or "|" not in text:
            continue
        for number, line in enumerate(text.split("\n"), 1):
            if "|" not in line:
                continue
            stages = [_RUN.search(part) for part in line.split("|")]
            named = [m.group(1) for m in stages if m]
            for first, second in zip(named, named[1:], strict=False):
                source, sink = _file(first, texts), _file(second, texts)
                if source in readers and sink in senders and source != sink and source and sink:
                    secret = readers[source][0]
                    report(
                        sink,
                        senders[sink][0],
                        f"{page} (line {number}) pipes the output of {source}, which reads {_what(secret)} "
                        f"(line {secret.line}), into {sink}",
                        secret,
                    )
    return out


DOWNLOAD = "skillscope/obfuscation/download-exec"
_SAVED_TO = re.compile(
    r"""(?:\s-o|\s--output|\s-O|\s--output-document|\s-OutFile|\s-Destination|urlretrieve\([^,\n]+,)[\s=]*["']?"""
    r"""([^\s"')]+)""",
    re.IGNORECASE,
)
"""Where a download line saves what it fetched (``curl -o F``, ``wget -O F``, ``-OutFile F``, ``urlretrieve(u, F)``)."""
_RUNS_ON_LINE = re.compile(
    r"(?:^|[;&|(]|\bthen\b|\bdo\b)[ \t]*(?:source|\.|&)[ \t]|"
    r"(?:^|[\s;&(|])(?:source|sh|bash|zsh|dash|node|deno|bun|python3?|ruby|perl|pwsh|iex|Invoke-Expression|exec|"
    r"eval|run_path|marshal\.loads|pickle\.loads?)(?=[\s(])",
    re.IGNORECASE,
)
"""A line that runs what it names: a shell's ``source``/``.``, an interpreter given a file, ``iex``, ``exec``."""
_CHECKSUM = re.compile(r"sha(?:256|512)sum|shasum|Get-FileHash|hexdigest|createHash", re.IGNORECASE)


def _assigned(text: str, value: str) -> str:
    """``$CACHE`` (or ``${CACHE}``) resolved from a plain ``CACHE=...`` line of the same script, else as written."""
    named = re.fullmatch(r"\$\{?(\w+)\}?", value)
    if named is None:
        return value
    found = re.search(rf"^[ \t]*(?:export[ \t]+|readonly[ \t]+)?{named.group(1)}=[\"']?([^\s\"']+)", text, re.M)
    return found.group(1).replace("$HOME/", "~/").replace("${HOME}/", "~/") if found else value


def kept_download(
    texts: Mapping[str, str], capabilities: list[Capability], hits: list[tuple[str, Hit]]
) -> list[tuple[str, Hit]]:
    """A download one script saves to a file that another script of the skill runs (``fetch.sh`` keeps
    ``~/.cache/x/hook.sh``, ``apply.sh`` sources it): a download reaching an interpreter across files, an error at
    the line that runs it, a note when the skill checks the file against a SHA digest it spells out."""
    saved: dict[str, tuple[str, int, str]] = {}  # the file -> (the script that saved it, its line, the host)
    for cap in capabilities:
        if cap.kind != "sends" or "download" not in cap.detail or not cap.line or cap.path not in texts:
            continue
        line = texts[cap.path].split("\n")[cap.line - 1] if cap.line <= texts[cap.path].count("\n") + 1 else ""
        for match in _SAVED_TO.finditer(line):
            place = _assigned(texts[cap.path], match.group(1)).replace("$HOME/", "~/").replace("${HOME}/", "~/")
            if "$" not in place and len(place) >= 6 and "/" in place:
                saved[place] = (cap.path, cap.line, cap.target)
    if not saved:
        return []
    flagged = {(path, hit.at.line) for path, hit in hits if hit.id == DOWNLOAD}
    pinned = any(_CHECKSUM.search(t) and DIGEST_HEX.search(t) for t in texts.values())
    out: list[tuple[str, Hit]] = []
    for runner, text in texts.items():
        if runner.lower().endswith((".md", ".markdown", ".txt", ".json", ".yaml", ".yml")):
            continue
        for number, line in enumerate(text.split("\n"), 1):
            if (runner, number) in flagged or not _RUNS_ON_LINE.search(line):
                continue
            for place, (saver, at, host) in saved.items():
                if saver == runner or not _names(line.replace("$HOME/", "~/").replace("${HOME}/", "~/"), place):
                    continue
                flagged.add((runner, number))
                start, end = line_span(text, number)
                message = (
                    f"{saver} downloads {safe_line(place, limit=60)} from {safe_line(host, limit=60)} (line {at}), "
                    f"and {runner} runs it (line {number})"
                    + (", checked against a SHA digest written in the skill" if pinned else "")
                )
                hit = hit_at(DOWNLOAD, message, text, start, end)
                out.append((runner, replace(hit, severity="note") if pinned else hit))
                break
    return out


STARTUP = "skillscope/persistence/startup"
_CARRIED_HARM = ("skillscope/exfiltration/", "skillscope/obfuscation/")
"""Families whose harm a script keeps doing once something starts it again and again: sending what it reads out,
running code it fetches or decodes."""
_PAGE = (".md", ".markdown", ".txt", ".rst", ".json", ".yaml", ".yml", ".toml")


def installed_payload(texts: Mapping[str, str], hits: list[tuple[str, Hit]]) -> list[tuple[str, Hit]]:
    """A start-up write in one script that names another script of the skill whose own flow is harmful (a scheduled
    task running the ``sync.ps1`` it copied, ``node-options=--require`` of the ``preload.js`` it installed): the
    script's harm now runs at every start, an error at the start-up write. Each analyser judges what its own file
    writes; which shipped file ends up behind the entry is seen only here, across files and languages.

    Only a script that already does harm on its own raises a write to an error, so a skill with no such script
    keeps the severity its analysers gave its start-up writes. Returns ``hits`` with each such write raised in place."""
    harmful: dict[str, Hit] = {}
    for path, hit in hits:
        if (
            hit.id.startswith(_CARRIED_HARM)
            and effective_severity(hit) == "error"
            and not path.lower().endswith(_PAGE)
            and path not in harmful
        ):
            harmful[path] = hit
    if not harmful:
        return hits
    out: list[tuple[str, Hit]] = []
    for path, hit in hits:
        out.append((path, hit))
        if hit.id != STARTUP or effective_severity(hit) == "error" or path not in texts or path.lower().endswith(_PAGE):
            continue
        for script, harm in harmful.items():
            name = script.rsplit("/", 1)[-1]
            if script == path or not _names(texts[path], name):
                continue
            told = harm.message.removesuffix(".")
            message = (
                f"{hit.message.removesuffix('.')}; what it starts is {script}, a script of this skill that it puts in "
                f"place, and {script} {told[0].lower() + told[1:]}"
            )
            out[-1] = (path, replace(hit, message=message, severity="error"))
            break
    return out


def _file(named: str, texts: Mapping[str, str]) -> str | None:
    """The skill file a command names (``scripts/a.py``, or ``a.py`` when one file has that name)."""
    named = named.removeprefix("./")
    if named in texts:
        return named
    matches = [p for p in texts if p.rsplit("/", 1)[-1] == named.rsplit("/", 1)[-1]]
    return matches[0] if len(matches) == 1 else None


_SHELL_GRANT = re.compile(
    r"(?:Bash|Shell|Terminal|run_terminal_cmd|Execute)(?:\(\s*(?:\*|:\*|\*\*)?\s*\))?|"
    r"(?:Bash|Shell|Terminal|Execute)\(\s*(?:sudo|su|doas|pkexec|sh|bash|zsh|dash|env|xargs|eval|exec|python3?|node|perl|"
    r"ruby|osascript)(?::\s*\*|\s+\*|\s*:\*|\*)\s*\)|bypassPermissions",
    re.IGNORECASE,
)
_WRITE_TOOLS = frozenset({"write", "edit", "multiedit", "notebookedit"})
_NET_TOOLS = frozenset({"webfetch", "websearch", "fetch"})
_USED_BY_GRANT = ("skillscope/exfiltration/", "skillscope/obfuscation/", "skillscope/instructions/")
"""Families whose harm a broad grant lets the agent carry out: sending secrets, running fetched or decoded code,
orders against the user."""
_PEOPLE_PAGE = re.compile(
    r"(?:^|/)(?:README|INSTALL|CHANGELOG|CHANGES|HISTORY|CONTRIBUTING|SECURITY|CODE_OF_CONDUCT|LICENSE|NOTICE|AUTHORS)"
    r"(?:\.[\w.]+)?$",
    re.IGNORECASE,
)


def broad_grant(capabilities: list[Capability], languages: frozenset[str] = frozenset()) -> Capability | None:
    """The first grant that lets the agent do anything unasked: an unrestricted shell, prompts switched off, or
    writing files together with the network from one source (allowed-tools, or one settings file). The interpreter
    the skill's own scripts (in ``languages``) run with is how it runs them, not such a grant."""
    from skillscope.audit.behavior.agentconfig import own_interpreter

    grants = [c for c in capabilities if c.kind == "grants"]
    for cap in grants:
        if _SHELL_GRANT.fullmatch(cap.target.strip()) and not own_interpreter(cap.target, languages):
            return cap
    by_source: dict[str, list[Capability]] = {}
    for cap in grants:
        by_source.setdefault(cap.path, []).append(cap)
    for caps in by_source.values():
        names = {c.target.split("(", 1)[0].strip().lower() for c in caps}
        if names & _WRITE_TOOLS and names & _NET_TOOLS:
            write = next(c for c in caps if c.target.split("(", 1)[0].strip().lower() in _WRITE_TOOLS)
            net = next(c for c in caps if c.target.split("(", 1)[0].strip().lower() in _NET_TOOLS)
            return replace(net, target=f"{write.target} and {net.target}")
    return None


def granted(
    hits: list[tuple[str, Hit]], capabilities: list[Capability], languages: frozenset[str] = frozenset()
) -> list[tuple[str, Hit]]:
    """``hits`` with each warning-level harm (a secret read or sent, code fetched or decoded and run, an order
    against the user) raised to an error when the skill also grants the agent a broad tool to carry it out.

    Pages written for people (README, INSTALL) document steps for the user, not orders to the agent: they keep
    their verdict. Notes (quoted attacks, vendors' installers) stay notes.
    """
    grant = broad_grant(capabilities, languages)
    if grant is None:
        return hits
    where = f"{grant.path} line {grant.line}" if grant.line else grant.path
    out = []
    for path, hit in hits:
        level = effective_severity(hit)
        if level == "warning" and hit.id.startswith(_USED_BY_GRANT) and not _PEOPLE_PAGE.search(path):
            message = (
                f"{hit.message}; the skill grants {safe_line(grant.target, limit=40)} ({where}), so the agent can do "
                "this without asking the user"
            )
            hit = replace(hit, severity="error", message=message)
        out.append((path, hit))
    return out


_PASTE = re.compile(
    r"\b(?:paste|submit|post|upload|send|enter|put|copy|share)\b[^.\n]{0,80}\b(?:output|result|printout)\b"
    r"|\b(?:output|result)\b[^.\n]{0,60}\b(?:paste|submit|post|upload|send)\b",
    re.I,
)
_RUN_PRINTED = re.compile(
    r"\b(?:run|execute|paste into (?:a|the) (?:shell|terminal))\b[^.\n]{0,60}\b(?:command|line)s?\b[^.\n]{0,40}"
    r"\b(?:prints|printed|shows|shown|outputs|gives|suggests)\b"
    r"|\b(?:prints|outputs|shows)\b[^.\n]{0,60}\bcommands?\b[^.\n]{0,80}\b(?:run|execute)\b",
    re.I,
)
_PAGE_URL = re.compile(r"https?://[^\s)>\]`'\"]+", re.I)
_SCRIPTISH = re.compile(r"\.(?:sh|bash|zsh|py|rb|js|mjs|cjs)$|^(?:scripts|bin)/")


def routed_output(texts: Mapping[str, str]) -> list[tuple[str, Hit]]:
    """A page that routes a shipped script's output: "paste the output into https://..." where the script prints a
    secret it read (the whole environment included) is a data-flow error at the page line; "run the command it
    prints" where the script prints a download piped into a shell is a download-exec error at that print."""
    from skillscope.audit.behavior.shell import analyse_script, payload_harm  # the shell rules read the scripts

    out: list[tuple[str, Hit]] = []
    pages = [p for p in texts if p.lower().endswith((".md", ".markdown", ".txt"))]
    scripts = [p for p in texts if _SCRIPTISH.search(p) and p not in pages]
    for page in pages:
        text = texts[page]
        named = [p for p in scripts if p in text or p.rsplit("/", 1)[-1] in text]
        if not named:
            continue
        lines = text.split("\n")
        for number, line in enumerate(lines, 1):
            paste = _PASTE.search(line) and _PAGE_URL.search(line)
            run = _RUN_PRINTED.search(line)
            if not paste and not run:
                continue
            # the script meant: one named on this line or the lines just before it
            near = "\n".join(lines[max(0, number - 4) : number])
            for path in [p for p in named if p in near or p.rsplit("/", 1)[-1] in near] or named[:1]:
                inner = analyse_script(path, texts[path], texts)
                if inner is None:
                    continue
                start, end = line_span(text, number)
                if paste and inner.stdout_secrets:
                    at, _, what = inner.stdout_secrets[0]
                    url = _PAGE_URL.search(line)
                    message = (
                        f"{path} {what.replace('(line', f'({path} line')} and prints it ({path} line "
                        f"{inner.line(at)}); the page tells the agent to paste that output into "
                        f"{safe_line(url.group(0) if url else 'a web form', limit=80)} (line {number})"
                    )
                    out.append((page, hit_at(FLOW, message, text, start, end)))
                    break
                if run:
                    for at, _stop, said in inner.printed:
                        harm = payload_harm(inner, said)
                        if harm and ("download" in harm or "runs what it" in harm or "decod" in harm):
                            s_start, s_end = line_span(texts[path], inner.line(at))
                            message = (
                                f"prints `{safe_line(said, limit=80)}` (line {inner.line(at)}), a command that "
                                f"{harm.removeprefix('it ')}, and {page} tells the agent to run what it prints "
                                f"(line {number})"
                            )
                            out.append(
                                (
                                    path,
                                    hit_at(
                                        "skillscope/obfuscation/download-exec", message, texts[path], s_start, s_end
                                    ),
                                )
                            )
                            break
    return out
