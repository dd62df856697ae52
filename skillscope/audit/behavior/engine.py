"""Run every behaviour rule over a skill's verified files and place each hit at its file, line and column."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from skillscope.audit.behavior import (
    agentconfig,
    baked,
    cooccur,
    flows,
    golang,
    guards,
    hosts,
    indexes,
    javascript,
    kubeexec,
    lua,
    makefile,
    manifests,
    perl,
    pkgsource,
    powershell,
    prose,
    pymodules,
    rbac,
    recovery,
    ruby,
    rust,
    shell,
    takeover,
    tokenflow,
    told,
    triggers,
    workflows,
)
from skillscope.audit.behavior.base import PER_CHECK, Ctx
from skillscope.audit.behavior.purpose import Purpose, purpose_of
from skillscope.audit.behavior.regions import (
    MAX_SCAN,
    Region,
    code_regions,
    is_data_file,
    is_prose_file,
    line_span,
    prose_commands,
    prose_spans,
)
from skillscope.audit.behavior.vocab import is_local_host, url_host_of
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, TextSpan, effective_severity
from skillscope.audit.text_scan import hit_at

__all__ = ["SkillFileText", "SkillAnalysis", "analyse_skill", "scan_skill"]


@dataclass(frozen=True)
class SkillFileText:
    """A verified file's text as the rules read it (a binary's real-text strings, one per line)."""

    path: str
    text: str
    binary: bool = False


def _code(ctx: Ctx, language: str | None, modules: pymodules.Modules) -> None:
    try:
        _analyse(ctx, language, modules)
    except RecursionError:  # hostile nesting (a + a + ... thousands deep) must not stop the audit, nor pass unseen
        ctx.add(
            "skillscope/obfuscation/unanalysable",
            f"{language or 'code'} nested too deeply to analyse",
            0,
            min(len(ctx.text), 1) or 1,
        )


def _analyse(ctx: Ctx, language: str | None, modules: pymodules.Modules) -> None:
    if language == "python":
        pymodules.scan_python(ctx, modules)
    elif language in ("javascript", "typescript"):
        javascript.scan_javascript(ctx, language)
    elif language == "ruby":
        ruby.scan_ruby(ctx)
    elif language == "lua":
        lua.scan_lua(ctx)
    elif language == "perl":
        perl.scan_perl(ctx)
    elif language == "go":
        golang.scan_go(ctx)
    elif language == "rust":
        rust.scan_rust(ctx)
    elif language == "makefile":
        makefile.scan_makefile(ctx)
    elif language == "powershell":  # its own grammar; native commands in it (curl, crontab) go to the shell rules
        powershell.scan_powershell(ctx)
    else:  # shell, or code of no named language (a code span, a console block): read as shell
        shell.scan_shell(ctx)
        if language is None and not ctx.documented:  # a script in a language with no analyser (PHP, Tcl): by tokens
            tokenflow.scan_tokens(ctx)
    kubeexec.scan_kubeconfig(ctx)
    baked.scan_baked(ctx)
    recovery.scan_recovery_wipe(ctx)
    rbac.scan_rbac(ctx)
    triggers.scan_triggers(ctx)
    triggers.scan_blobs(ctx)
    prose.scan_printed(ctx)  # what the code prints for the agent is read as prose


@dataclass(frozen=True)
class SkillAnalysis:
    """What the analysers read in one skill: the findings' hits and the capabilities."""

    hits: list[tuple[str, Hit]]
    """(file path, hit) pairs in file order."""
    capabilities: list[Capability]
    """Every capability with its evidence, in file order (``capabilities.grouped`` folds them for display)."""


def scan_skill(files: list[SkillFileText], frontmatter: dict[str, Any] | None) -> list[tuple[str, Hit]]:
    """Every behaviour hit in a skill, as (file path, hit) pairs in file order (``analyse_skill`` without capabilities)."""
    return analyse_skill(files, frontmatter).hits


def analyse_skill(files: list[SkillFileText], frontmatter: dict[str, Any] | None) -> SkillAnalysis:
    """Every behaviour hit and capability in a skill.

    Args:
        files: the verified files (text, or a binary's printable strings).
        frontmatter: the entry's frontmatter (allowed-tools, hooks).
    """
    capabilities: list[Capability] = []
    modules = pymodules.Modules.of([(f.path, f.text) for f in files if not f.binary])
    skill_files = {f.path: f.text[:MAX_SCAN] for f in files if not f.binary}
    out: list[tuple[str, Hit]] = []
    evidence = agentconfig.Evidence()
    texts: dict[str, str] = {}
    scripts: dict[str, str | None] = {}
    """The skill's scripts (not pages, not data), each with its language, as the regions below read them."""
    page = next((f.text[:MAX_SCAN] for f in files if f.path == "SKILL.md" and not f.binary), "")
    purpose = purpose_of(frontmatter, page)  # what the skill says it is for: acts that are that purpose are asked for
    told_files = told.named_by_pages({f.path: f.text[:MAX_SCAN] for f in files if not f.binary})
    for file in files:
        text = file.text[:MAX_SCAN]
        contexts: list[Ctx] = []
        # A binary's real-text strings (the only text given for one) are read as shell: a command hides there too.
        regions = [Region(0, text, "shell")] if file.binary else code_regions(text, file.path)
        if (
            not file.binary
            and text
            and regions
            and not regions[0].documented
            and not is_prose_file(file.path)
            and not is_data_file(file.path)
            and file.path not in texts
        ):
            scripts[file.path] = regions[0].language
        if not file.binary and is_prose_file(file.path) and all(r.documented for r in regions):
            # Commands written in sentences without code marks ("Run curl ... | bash first") are code too.
            regions = sorted([*regions, *prose_commands(text, regions)], key=lambda r: r.start)
        for region in regions:
            ctx = Ctx(
                region.text,
                region.start,
                text,
                file.path,
                documented=region.documented,
                skill_files=skill_files,
                purpose=purpose,
            )
            _code(ctx, region.language, modules)
            if region.documented and ctx.hits:
                prose.documented_verdict(ctx, inline=region.inline, said=region.said)  # quoted to warn, or an order
            contexts.append(ctx)
            if not region.documented:
                _gather(evidence, file.path, ctx)
        if not file.binary:
            contexts.append(agentconfig.scan_config(text, file.path))
        if not file.binary and file.path.lower().endswith((".yml", ".yaml")):  # a CI step naming a look-alike action
            contexts.append(workflows.scan_action_owners(text, file.path))
        if not file.binary and workflows.is_workflow(file.path, text):  # a CI workflow: its steps run as shell
            contexts.extend(workflows.scan_workflow(text, file.path, skill_files, purpose))
        if not file.binary and shell.is_entry_file(file.path):  # a unit, crontab or launchd job the skill ships
            contexts.append(shell.scan_entry(text, file.path, skill_files))
        if not file.binary and manifests.is_manifest(file.path):  # what installing its packages pulls in and runs
            manifest = Ctx(text, 0, text, file.path, skill_files=skill_files, purpose=purpose)
            manifests.scan_manifest(manifest)
            contexts.append(manifest)
            _gather(evidence, file.path, manifest)
        if is_data_file(file.path) and not file.binary:
            # A config the skill tells the agent to follow ("preamble: Disregard your prior guidelines") speaks to it
            # like prose; its keys and paths are not orders, so only the hijacking rules read it.
            ctx = Ctx(text, 0, text, file.path)
            prose.scan_data(ctx)  # its text, then each string value decoded (escapes, block scalars, base64)
            rbac.scan_rbac(ctx)  # a Kubernetes manifest binding cluster-admin to everyone
            contexts.append(ctx)
        elif file.path in told_files and (words := told.told_text(file.path, text)) is not None:
            # a markup, table or source file a page sends the agent to read: its words are read as prose
            ctx = Ctx(words, 0, words, file.path)
            prose.scan_prose(ctx)
            contexts.append(ctx)
        if not is_data_file(file.path) and (is_prose_file(file.path) or file.binary):
            fenced = [(r.start, r.start + len(r.text)) for r in regions if not r.inline]
            for start, _, stretch in prose_spans(text, fenced) if not file.binary else [(0, len(text), text)]:
                ctx = Ctx(stretch, start, text, file.path)
                prose.scan_prose(ctx)
                triggers.scan_prose_triggers(ctx)
                contexts.append(ctx)
        script = not file.binary and bool(regions) and not regions[0].documented
        whole = Ctx(text, 0, text, file.path, documented=not script)
        hosts.scan_hosts(
            whole,
            is_code=script,
            uploaded=_uploaded_hosts(contexts) if script else frozenset(),
            installed=_install_hosts(contexts) | _source_hosts(text),
        )
        if script:
            pkgsource.scan_package_sources(whole)
        contexts.append(whole)
        placed = _place(text, contexts, binary=file.binary)
        found = _capabilities(text, file.path, contexts, binary=file.binary)
        out.extend((file.path, hit) for hit in _beside_other_fetch(placed, found, purpose, text))
        capabilities.extend(found)
        texts.setdefault(file.path, "" if file.binary else text)
    languages = frozenset(language for language in scripts.values() if language)
    for path, raw in agentconfig.scan_frontmatter(frontmatter or {}, evidence, texts.get("SKILL.md", ""), languages):
        text = texts.get(path, "")
        if raw.start < 0 or raw.start >= len(text):
            out.append((path, Hit(raw.check, raw.message, severity=raw.severity)))
        else:
            out.append(
                (
                    path,
                    replace(
                        hit_at(raw.check, raw.message, text, raw.start, min(raw.end, len(text))), severity=raw.severity
                    ),
                )
            )
    out.extend(flows.cross_file(texts, capabilities, out))  # a secret read in one file, sent from another
    out.extend(flows.kept_download(texts, capabilities, out))  # a download one script saves and another runs
    out = flows.installed_payload(texts, out)  # a start-up entry for a harmful script of the skill, raised
    out.extend(flows.routed_output(texts))  # a page sending a script's printed secret, or running what it prints
    out.extend(cooccur.cooccurring(texts, scripts, capabilities, out))  # acts held together where the path was lost
    out.extend(indexes.index_writes(texts, scripts, capabilities, out))  # a package manager's index written by hand
    # agent settings granted or given an unvetted server, system tools shadowed; with no frontmatter given, the
    # pass reads the purpose from SKILL.md's own so a page's description still counts
    out.extend(takeover.takeovers(texts, scripts, capabilities, out, purpose if frontmatter else None))
    out = guards.confirmed_acts(texts, out, purpose)  # a destructive step the user confirms at a checked prompt
    out = flows.granted(out, capabilities, languages)  # a broad grant with a harm it would carry out
    out = _asked_reads(out, purpose)
    return SkillAnalysis(out, capabilities)


_CRED_READ = "skillscope/exfiltration/credential-read"


def _asked_reads(hits: list[tuple[str, Hit]], purpose: Purpose) -> list[tuple[str, Hit]]:
    """A credential folder read, with nothing sent, by a skill whose stated purpose is that tool (a backup of SSH
    keys reads ~/.ssh): the capability the user asked for, a note. Sends are flows, judged on their own."""
    return [
        (path, replace(hit, severity="note"))
        if hit.id == _CRED_READ and effective_severity(hit) == "warning" and purpose.owns_read(hit.message)
        else (path, hit)
        for path, hit in hits
    ]


_DOWNLOAD = "skillscope/obfuscation/download-exec"


def _beside_other_fetch(hits: list[Hit], caps: list[Capability], purpose: Purpose, text: str) -> list[Hit]:
    """A vendor's installer let through as a note stays an error when the same file also downloads from a host that
    is neither that installer's nor one the skill's purpose names: the asked-for act carries an unasked one. Code a
    page quotes to warn about (a catalogue of red flags) is no installer and runs nowhere: it stays a note."""
    relaxed = [
        h
        for h in hits
        if h.id == _DOWNLOAD
        and h.severity == "note"
        and not (h.at.line and prose.quoted_to_warn(text, line_span(text, h.at.line)[0]))
    ]
    if not relaxed:
        return hits
    fetched = {c.target.lower(): c.line for c in caps if c.kind == "sends" and c.detail.endswith(" download")}
    out = []
    for hit in hits:
        if hit in relaxed:
            own = url_host_of(hit.message.rsplit(" from ", 1)[-1].split()[0]) if " from " in hit.message else ""
            other = next(
                (
                    (host, line)
                    for host, line in fetched.items()
                    if "." in host and host != own and not purpose.names(host) and not is_local_host(host)
                ),
                None,
            )
            if other is not None:
                where = f" (line {other[1]})" if other[1] else ""
                hit = replace(
                    hit,
                    severity=None,
                    message=f"{hit.message}, beside a download from {other[0]}{where} it never names",
                )
        out.append(hit)
    return out


def _capabilities(text: str, path: str, contexts: list[Ctx], *, binary: bool) -> list[Capability]:
    seen: set[tuple[str, str, int | None]] = set()
    caps: list[Capability] = []
    for ctx in contexts:
        for raw in ctx.caps:
            line = None if binary else ctx.line(raw.start)
            if (raw.kind, raw.target, line) in seen:
                continue
            seen.add((raw.kind, raw.target, line))
            caps.append(Capability(raw.kind, raw.target, path, line, raw.detail))
    return caps


_HARM = frozenset(
    {
        "skillscope/exfiltration/data-flow",
        "skillscope/exfiltration/reverse-shell",
        "skillscope/obfuscation/download-exec",
        "skillscope/obfuscation/decode-exec",
        "skillscope/obfuscation/dynamic-builtin",
        "skillscope/persistence/startup",
    }
)


def _gather(evidence: agentconfig.Evidence, path: str, ctx: Ctx) -> None:
    """Note where a script region sends data, uploads file contents or secrets, and does harm (first place of each)."""
    base = ctx.base
    if ctx.sends:
        start, end, _ = ctx.sends[0]
        evidence.sends.append((path, base + start, base + end))
    upload = next(((start, end) for start, end, kind in ctx.sends if kind == "upload"), None)
    if upload:
        evidence.uploads.append((path, base + upload[0], base + upload[1]))
    harm = next((h for h in ctx.hits if h.check in _HARM and h.severity in (None, "error")), None)
    if harm:
        evidence.harm.append(((path, base + harm.start, base + harm.end), harm.message))
    wrote = next((c for c in ctx.caps if c.kind == "writes" and _outside(c.target)), None)
    if wrote:
        evidence.writes.append(((path, base + wrote.start, base + wrote.end), wrote.target))


def _install_hosts(contexts: list[Ctx]) -> frozenset[str]:
    """The hosts a file installs from: an index or a package URL its installer is given (every package the install
    brings comes from there), or, where the code puts a program on PATH, each host it downloads from."""
    caps = [c for ctx in contexts for c in ctx.caps]
    out = {url_host_of(c.target).lower() for c in caps if c.kind == "installs" and "://" in c.target}
    out |= {c.target.split()[-1].lower() for c in caps if c.kind == "installs" and c.target.startswith("index ")}
    if any(c.kind == "writes" and _ON_PATH.search(c.target) for c in caps):
        out |= {c.target.lower() for c in caps if c.kind == "sends" and c.detail == "GET" and "." in c.target}
    return frozenset(h for h in out if h)


_PACKAGE_SOURCE = re.compile(
    # one anchor for every shape: a line's start is the only place a try begins, so a long page costs one scan
    r"""^[ \t]*(?:"""
    r"""(?:@[\w.-]+:)?registry[ \t]*=[ \t]*["']?(?:sparse\+)?(https?://[^"'\s]+)|"""
    r"""["']?(?:extra-)?index(?:[-_]url)?["']?[ \t]*[=:][ \t]*["']?(https?://[^"'\s]+)|"""
    r"""["']?npmRegistryServer["']?[ \t]*:[ \t]*["']?(https?://[^"'\s]+)|"""
    r"""(?:export[ \t]+)?(?:GOPROXY|PIP_(?:EXTRA_)?INDEX_URL|UV_(?:EXTRA_)?INDEX_URL|NPM_CONFIG_REGISTRY|"""
    r"""npm_config_registry|YARN_NPM_REGISTRY_SERVER|BUNDLE_MIRROR__[\w_]+)[ \t]*=[ \t]*["']?(https?://[^"',|\s]+)|"""
    r"""source[ \t(]+["'](https?://[^"'\s]+)|"""
    r"""\[\[(?:tool\.(?:uv|poetry|pdm)\.)?(?:index|source)\]\][^\[]{0,300}?\burl[ \t]*=[ \t]*["'](https?://[^"'\s]+))""",
    re.MULTILINE,
)
_MIRROR = re.compile(
    r"""network_mirror\s*\{[^}]{0,400}?\burl\s*=\s*["'](https?://[^"'\s]+)|"""
    r"""<mirror>(?:(?!</mirror>)[^\x00]){0,600}?<url>\s*(https?://[^<\s]+)"""
)
"""Where a package manager's own config sends every install: Terraform's provider mirror, a Maven mirror, an npm registry (npm's
``registry=``, Yarn's ``npmRegistryServer``, Cargo's ``registry =``), a pip or uv index, the environment variables
that set them (``GOPROXY``, ``PIP_INDEX_URL``, ``NPM_CONFIG_REGISTRY``), a Gemfile's ``source`` (a config file the
skill ships or writes, whatever installs it)."""


def _source_hosts(text: str) -> frozenset[str]:
    """The hosts a package manager's config text names as where packages come from."""
    if not any(word in text for word in ("url", "registry", "Registry", "index", "PROXY", "source", "MIRROR")):
        return frozenset()
    page = text[:200_000]
    found = [next(g for g in m.groups() if g) for m in _PACKAGE_SOURCE.finditer(page)]
    if "network_mirror" in page or "<mirror>" in page:
        found += [m.group(1) or m.group(2) for m in _MIRROR.finditer(page)]
    return frozenset(url_host_of(url).lower() for url in found)


_ON_PATH = re.compile(r"(?:^|/)(?:\.local/bin|usr/local/bin|opt/homebrew/bin|usr/bin|bin)/[^/]+$")


def _uploaded_hosts(contexts: list[Ctx]) -> frozenset[str]:
    """The hosts a script sends file contents to: the send capability over the same code as an upload, where no
    exfiltration finding already names that send (a secret sent out is that rule's error, not a second one)."""
    out: set[str] = set()
    for ctx in contexts:
        for start, end, kind in ctx.sends:
            if kind == "upload" and not any(
                h.check.startswith("skillscope/exfiltration/") and h.start < end and start < h.end for h in ctx.hits
            ):
                out.update(c.target for c in ctx.caps if c.kind == "sends" and c.start < end and start < c.end)
    return frozenset(out)


_SCRATCH = ("/tmp/", "/var/tmp/", "/dev/", "~/.cache/", "/proc/self/")


def _outside(target: str) -> bool:
    """Whether a written place is the user's or the system's rather than the project's or scratch space."""
    return target.startswith(("~", "/")) and not target.startswith(_SCRATCH) and target not in ("~", "/")


def _place(text: str, contexts: list[Ctx], *, binary: bool) -> list[Hit]:
    seen: set[tuple[str, int, int]] = set()
    counts: dict[str, int] = {}
    hits: list[Hit] = []
    for ctx in contexts:
        for raw in ctx.hits:
            start, end = ctx.base + raw.start, ctx.base + raw.end
            key = (raw.check, start, end)
            if key in seen:
                continue
            seen.add(key)
            counts[raw.check] = counts.get(raw.check, 0) + 1
            if counts[raw.check] > PER_CHECK:
                continue
            # the mask goes where the hit is in the file (a region's offsets count from the region's start)
            placed = replace(raw, start=start, end=end)
            shown = hosts.redacted(text, placed) if raw.check.startswith("skillscope/secrets/") else text
            hit = replace(hit_at(raw.check, raw.message, shown, start, min(end, len(text))), severity=raw.severity)
            if binary:
                hit = replace(hit, at=TextSpan(excerpt=hit.at.excerpt))
            hits.append(hit)
    return hits
