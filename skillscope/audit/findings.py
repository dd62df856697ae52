"""Audit findings, the checks that produce them, and their severities."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from skillscope.audit.behavior.rules import BEHAVIOR_RULES, family_of
from skillscope.core.spec import ENTRY_RULES

__all__ = [
    "Severity",
    "Category",
    "CheckInfo",
    "TextSpan",
    "NOWHERE",
    "Hit",
    "AuditFinding",
    "placed",
    "CheckOutcome",
    "CHECKS",
    "check_info",
    "SEVERITY_ORDER",
    "severity_counts",
]

Severity = Literal["error", "warning", "note"]
Category = Literal["conformance", "entry", "integrity", "completeness", "content", "review"]
SEVERITY_ORDER = {"note": 0, "warning": 1, "error": 2}


@dataclass(frozen=True)
class CheckInfo:
    """One kind of finding: its id, default severity and the help a reader gets."""

    id: str
    severity: Severity
    category: Category
    title: str
    help: str


@dataclass(frozen=True)
class TextSpan:
    """Where in a text a check matched: 1-based line and column, where the match ends, and the text around it.

    Every field may be missing: a match in a binary keeps its excerpt but has no line.
    """

    line: int | None = None
    column: int | None = None
    excerpt: str | None = None
    """The text around the match, with hidden characters made visible."""
    end_line: int | None = None
    end_column: int | None = None
    """The column just after the match's last character."""
    lines_digest: str | None = None
    """SHA-256 of the whole text of every line the match covers or its message names: what a finding's key binds."""


NOWHERE = TextSpan()
"""The span of a match that is in no text (a file's kind, a path, a whole skill)."""


@dataclass(frozen=True)
class Hit:
    """A check that matched, before the audit places it at a server, skill and file.

    Every producer (the text scan, the path checks, the behaviour engine, user rules, the
    surface audit) gives these, and ``placed`` turns one into the report's ``AuditFinding``.
    """

    id: str
    message: str
    at: TextSpan = NOWHERE
    severity: Severity | None = None
    """A severity other than the check's default (a documented installer in a README is only a warning)."""
    host: str | None = None
    """For a URL, the host it points at, as written (the text report groups URL notes by it)."""
    family: str | None = None
    """The family a user rule declares for itself (built-in ids carry theirs in the id)."""


@dataclass(frozen=True)
class AuditFinding:
    """A problem found at a place: server, skill and file, and where in the file's text (``at``)."""

    id: str
    severity: Severity
    category: Category
    message: str
    server: str = ""
    skill: str | None = None
    uri: str | None = None
    at: TextSpan = NOWHERE
    host: str | None = None
    """For a URL finding, the host the URL points at, as written (the text report groups by it)."""
    family: str | None = None
    """The family a user rule declares; a built-in finding's is read from its id."""
    key: str | None = None
    """The finding's stable identity (``audit.keys.assign_keys``): what a suppression names."""

    def as_json(self) -> dict[str, Any]:
        """The finding in the JSON report."""
        return {
            "id": self.id,
            "severity": self.severity,
            "category": self.category,
            "message": self.message,
            "skill": self.skill,
            "uri": self.uri,
            "line": self.at.line,
            "column": self.at.column,
            "excerpt": self.at.excerpt,
            "family": self.family or family_of(self.id),
            "key": self.key,
        }


def placed(
    hit: Hit, server: str, skill: str | None = None, uri: str | None = None, *, message: str | None = None
) -> AuditFinding:
    """The finding ``hit`` makes at a place: the check's category, the hit's own severity or else the check's.

    ``message`` is what the report says (the hit's message with where it is, usually); the hit's own by default.
    """
    info = check_info(hit.id)
    return AuditFinding(
        hit.id,
        hit.severity or info.severity,
        info.category,
        hit.message if message is None else message,
        server,
        skill,
        uri,
        hit.at,
        hit.host,
        hit.family,
    )


@dataclass
class CheckOutcome:
    """How one conformance check came out over the whole server, as the suite reports it."""

    id: str
    status: Literal["pass", "fail", "warning", "skip", "untestable"]
    detail: str = ""
    count: int = 0
    entries: list[str] = field(default_factory=list)


def _c(id: str, severity: Severity, category: Category, title: str, help: str) -> CheckInfo:
    return CheckInfo(id, severity, category, title, help)


_SUITE = "MCP conformance suite check (SEP-2640 server scenarios)."
CHECKS: dict[str, CheckInfo] = {
    c.id: c
    for c in [
        # --- the official suite's server checks (F -> error, W -> warning) ---------------------
        _c(
            "sep-2640-capability-empty-object",
            "error",
            "conformance",
            "Extension declaration is not an object",
            f"The skills extension must be declared as a settings object ({{}} means no optional features). {_SUITE}",
        ),
        _c(
            "sep-2640-capability-declaration-inline",
            "error",
            "conformance",
            "Extension settings wrapped in an envelope",
            f"Settings go directly under the extension id, without config/specVersion/stability/id wrappers. {_SUITE}",
        ),
        _c(
            "sep-2640-capability-requires-resources",
            "error",
            "conformance",
            "Resources capability missing",
            f"A server declaring skills must also declare the resources capability, since files are read with resources/read. {_SUITE}",
        ),
        _c(
            "sep-2640-capability-commits-to-methods",
            "error",
            "conformance",
            "skills/list or skills/get not answered",
            f"Declaring the extension commits the server to both skills/list and skills/get. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-list-implemented",
            "error",
            "conformance",
            "skills/list not implemented",
            f"skills/list must answer with a skills array (an empty list is fine). {_SUITE}",
        ),
        _c(
            "sep-2640-skills-list-pagination",
            "error",
            "conformance",
            "Listing does not end",
            f"The cursor chain must end within 50 pages without repeating a cursor. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-list-entry-atomic",
            "error",
            "conformance",
            "Entry listed on more than one page",
            f"One skill's entry never straddles or repeats across pages. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-list-cache-attributes",
            "error",
            "conformance",
            "skills/list result lacks cache fields",
            f"On 2026-07-28, skills/list results carry ttlMs and cacheScope. {_SUITE}",
        ),
        _c(
            "sep-2640-entry-uri-required",
            "error",
            "conformance",
            "Entry has no uri",
            f"Every entry has a non-empty string uri. {_SUITE}",
        ),
        _c(
            "sep-2640-entry-frontmatter-required",
            "error",
            "conformance",
            "Entry frontmatter incomplete",
            f"frontmatter is an object with non-empty string name and description. {_SUITE}",
        ),
        _c(
            "sep-2640-entry-uri-matches-frontmatter-name",
            "error",
            "conformance",
            "URI does not end in the skill's name",
            f"The uri ends in /<name>/SKILL.md with <name> equal to frontmatter.name. {_SUITE}",
        ),
        _c(
            "sep-2640-skill-uri-scheme",
            "warning",
            "conformance",
            "Non-skill:// scheme",
            f"Entries should use the skill:// scheme (others are allowed). {_SUITE}",
        ),
        _c(
            "sep-2640-entry-resources-required",
            "error",
            "conformance",
            "resources missing or invalid",
            f'resources is an array of files or the string "dynamic". {_SUITE}',
        ),
        _c(
            "sep-2640-resources-complete",
            "error",
            "conformance",
            "File list incomplete or duplicated",
            f"The file list includes the entry's own SKILL.md and no URI twice. {_SUITE}",
        ),
        _c(
            "sep-2640-resources-uri-within-skill",
            "error",
            "conformance",
            "File outside the skill directory",
            f"Every file URI is the SKILL.md or starts with the skill directory plus '/'. {_SUITE}",
        ),
        _c(
            "sep-2640-resources-digest-format",
            "error",
            "conformance",
            "Invalid digest",
            f"Every digest matches ^sha256:[0-9a-f]{{64}}$. {_SUITE}",
        ),
        _c(
            "sep-2640-resources-size-required",
            "error",
            "conformance",
            "Invalid size",
            f"Every size is a non-negative integer. {_SUITE}",
        ),
        _c(
            "sep-2640-limit-resources-per-skill",
            "warning",
            "conformance",
            "More than 512 files",
            f"A skill should not list more than 512 files. {_SUITE}",
        ),
        _c(
            "sep-2640-limit-total-size",
            "warning",
            "conformance",
            "More than 16 MiB",
            f"A skill's files should not total more than 16 MiB. {_SUITE}",
        ),
        _c(
            "sep-2640-metadata-reserved-prefix",
            "warning",
            "conformance",
            "Reserved metadata key",
            f"frontmatter.metadata keys starting with io.modelcontextprotocol/ are reserved. {_SUITE}",
        ),
        _c(
            "sep-2640-name-naming-rules",
            "error",
            "conformance",
            "Name breaks the naming rules",
            f"The name segment is 1-64 of lowercase letters, digits and single hyphens. {_SUITE}",
        ),
        _c(
            "sep-2640-authority-reg-name",
            "warning",
            "conformance",
            "Authority is not a host-like name",
            f"The first URI segment should be an RFC 3986 reg-name. {_SUITE}",
        ),
        _c(
            "sep-2640-names-should-be-unique",
            "warning",
            "conformance",
            "Name served at several URIs",
            f"Skill names should be unique within a server; hosts must tell them apart by path. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-get-implemented",
            "error",
            "conformance",
            "skills/get fails",
            f"skills/get answers for a listed skill URI. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-get-entry-shape",
            "error",
            "conformance",
            "skills/get entry has the wrong shape",
            f"result.skill echoes the requested uri, with object frontmatter and valid resources. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-get-no-cursor",
            "error",
            "conformance",
            "skills/get result carries a cursor",
            f"skills/get results have no nextCursor. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-get-cache-attributes",
            "error",
            "conformance",
            "skills/get result lacks cache fields",
            f"On 2026-07-28, skills/get results carry ttlMs and cacheScope. {_SUITE}",
        ),
        _c(
            "sep-2640-skills-get-unknown-uri-invalid-params",
            "error",
            "conformance",
            "Unknown skill URI not answered with -32602",
            f"skills/get for a URI the server does not serve answers error -32602. {_SUITE}",
        ),
        _c(
            "sep-2640-skillmd-required",
            "error",
            "conformance",
            "SKILL.md not readable as text",
            f"resources/read of a listed SKILL.md returns a text item. {_SUITE}",
        ),
        _c(
            "sep-2640-skillmd-frontmatter",
            "error",
            "conformance",
            "SKILL.md has no valid frontmatter",
            f"SKILL.md starts with a --- YAML block holding non-empty name and description. {_SUITE}",
        ),
        _c(
            "sep-2640-entry-frontmatter-identical",
            "error",
            "conformance",
            "Served frontmatter differs from the entry",
            f"The frontmatter in SKILL.md equals the entry's, key by key (the suite treats a missing key as null). {_SUITE}",
        ),
        _c(
            "sep-2640-skillmd-mimetype",
            "warning",
            "conformance",
            "SKILL.md not served as text/markdown",
            f"SKILL.md should be served with mimeType text/markdown. {_SUITE}",
        ),
        _c(
            "sep-2640-skillmd-metadata-name",
            "warning",
            "conformance",
            "resources/list name differs from the skill's",
            f"SKILL.md in resources/list should carry the frontmatter name. {_SUITE}",
        ),
        _c(
            "sep-2640-skillmd-metadata-description",
            "warning",
            "conformance",
            "resources/list description differs",
            f"SKILL.md in resources/list should carry the frontmatter description. {_SUITE}",
        ),
        _c(
            "sep-2640-final-segment-equals-name",
            "error",
            "conformance",
            "Final segment differs from the file's name",
            f"The URI's final path segment equals the name parsed from the SKILL.md file. {_SUITE}",
        ),
        _c(
            "sep-2640-meta-prefix",
            "warning",
            "conformance",
            "_meta key without a reverse-DNS prefix",
            f"_meta keys on skill resources use a reverse-DNS prefix. {_SUITE}",
        ),
        _c(
            "sep-2640-capability-directory-read-flag",
            "note",
            "conformance",
            "Directory reads declared",
            f"The server declares directoryRead: true; the directory checks run only then. {_SUITE}",
        ),
        _c(
            "sep-2640-directory-read-method-registered",
            "error",
            "conformance",
            "Directory read declared but not served",
            f"A server declaring directoryRead must answer resources/directory/read on its skill directories. {_SUITE}",
        ),
        _c(
            "sep-2640-directory-read-result-resources-shape",
            "error",
            "conformance",
            "Directory read result malformed",
            f"The result holds resources[] whose items have a string uri. {_SUITE}",
        ),
        _c(
            "sep-2640-directory-read-subdir-mimetype",
            "error",
            "conformance",
            "No subdirectory marked inode/directory",
            f"At least one child of a directory read is a subdirectory with mimeType inode/directory. {_SUITE}",
        ),
        _c(
            "sep-2640-directory-read-invalid-params",
            "error",
            "conformance",
            "Directory read of a file not refused",
            f"resources/directory/read on a file URI answers -32602. {_SUITE}",
        ),
        _c(
            "sep-2640-directory-read-pagination",
            "error",
            "conformance",
            "Directory read pagination broken",
            f"Following nextCursor of a directory read returns an array. {_SUITE}",
        ),
        _c(
            "sep-2164-error-code",
            "warning",
            "conformance",
            "Unknown resource not answered with -32602",
            "An unknown resource in resources/read should give -32602 (SEP-2164; -32002 is the old code).",
        ),
        _c(
            "sep-2164-no-empty-contents",
            "error",
            "conformance",
            "Empty contents",
            "A resources/read result must not have empty contents (SEP-2164).",
        ),
        _c(
            "sep-2164-data-uri",
            "warning",
            "conformance",
            "Not-found error without data.uri",
            "The not-found error should echo the URI in error.data.uri (SEP-2164).",
        ),
        # --- skillscope's own checks --------------------------------------------------------------
        _c(
            "skillscope/verification-failed",
            "error",
            "integrity",
            "File failed verification",
            "The served bytes do not match the entry (size, digest or frontmatter), or the read answer holds no usable bytes for the file. Nothing of the skill should be used.",
        ),
        _c(
            "skillscope/read-failed",
            "error",
            "integrity",
            "File could not be read",
            "A read of the file timed out, the connection closed during it, or the server answered it with an error: no bytes came, so nothing was compared and this is not evidence of tampering. The audit cannot vouch for a skill it could not read, so the gate stops on it; the message says which of the three it was.",
        ),
        _c(
            "skillscope/no-skills-served",
            "note",
            "conformance",
            "No skills served",
            "The server does not declare the skills extension (it may serve tools, prompts or resources): there is nothing to audit as a skill. With --surface all its tools, prompts, resources and templates are audited.",
        ),
        _c(
            "skillscope/not-read",
            "warning",
            "integrity",
            "Skill not read",
            "The server let several reads in a row run into the timeout, so the audit stopped reading from it; this skill was not checked.",
        ),
        _c(
            "skillscope/file-not-read",
            "note",
            "integrity",
            "File not read",
            "The file was not read because an earlier file of the skill failed verification.",
        ),
        _c(
            "skillscope/skills-get-every-entry",
            "note",
            "conformance",
            "skills/get sent for every entry",
            "With --thorough, skills/get is sent for every listed entry and the suite's skills/get checks run on each answer. By default only the first entry is fetched, as the suite does; the check is then reported as skipped, with how many were not fetched.",
        ),
        _c(
            "skillscope/directory-walk",
            "note",
            "completeness",
            "Every skill directory walked",
            "With --thorough and a server that declares directoryRead, every skill's directory is read, subdirectories included, and each served file its manifest omits is reported (skillscope/unlisted-file). By default only the first skill's directory is walked; the check is then reported as skipped, with how many were not.",
        ),
        _c(
            "skillscope/listing-incomplete",
            "error",
            "completeness",
            "Listing not read to its end",
            "A list the audit walks (skills/list, tools/list, prompts/list, resources/list, resources/templates/list) "
            "stopped before the server said it was done: a repeated cursor, the page cap, a run of empty pages that "
            "each carry a cursor, a page that failed or had no array, a cursor that is not a string. What the server "
            "lists beyond was never read, so the audit cannot vouch for it: a host that reads every page may load it. "
            "audit --require-approved fails on it whatever --fail-on says.",
        ),
        _c(
            "skillscope/unlisted-file",
            "warning",
            "completeness",
            "Served file missing from the manifest",
            "The server serves a file under the skill's directory that the entry's file list omits; hosts will never verify or load it.",
        ),
        _c(
            "skillscope/unclaimed-skill-file",
            "warning",
            "completeness",
            "Skill file outside every listed skill",
            "resources/list shows a skill:// file that no listed skill names or contains: a host can load it by URI "
            "(or a skill by name), yet no skill fingerprint binds it and no review covers it.",
        ),
        _c(
            "skillscope/unlisted-reference",
            "error",
            "completeness",
            "Reference to a file outside the manifest",
            "SKILL.md (or another listed text file) points at a skill:// file of this skill that its file list omits: an agent told to read it loads bytes nothing verified and no approval covers, and the server can change them at will. Reported in every audit.",
        ),
        _c(
            "skillscope/outside-reference",
            "warning",
            "completeness",
            "Reference to another skill's file",
            "A listed text file points at a skill:// file outside this skill: approving this skill does not cover it. Reported in every audit.",
        ),
        _c(
            "skillscope/control-sequence",
            "warning",
            "content",
            "Terminal control characters",
            "ESC, BEL, NUL and other C0/C1 control characters (and bytes that are not UTF-8) can rewrite a terminal (titles, cursor, colours) or hide text. A CR that ends a CRLF line is not reported.",
        ),
        _c(
            "skillscope/bidi-control",
            "warning",
            "content",
            "Bidirectional control characters",
            "Bidi overrides and isolates make text read differently from its bytes (gnp.exe shown as exe.png).",
        ),
        _c(
            "skillscope/invisible-character",
            "warning",
            "content",
            "Invisible characters",
            "Zero-width characters, Hangul fillers, line and paragraph separators, interlinear annotations, musical-symbol format characters and every other format, private-use or unassigned character hide or split words. A joiner inside an emoji sequence is not reported.",
        ),
        _c(
            "skillscope/tag-characters",
            "warning",
            "content",
            "Unicode tag characters (hidden text)",
            "Characters U+E0000-U+E007F are invisible yet carry ASCII text a model may read; the finding spells that text out.",
        ),
        _c(
            "skillscope/variation-selectors",
            "warning",
            "content",
            "Variation selectors (hidden data)",
            "A run of variation selectors (U+FE00-FE0F, U+E0100-E01EF, Mongolian FVS) after a character encodes bytes a model may read; the finding decodes them. One VS15/VS16 after an emoji or a CJK ideograph is legitimate and not reported.",
        ),
        _c(
            "skillscope/hidden-markdown",
            "warning",
            "content",
            "Text hidden from rendered Markdown",
            "HTML comments (also unclosed ones), script and style blocks, elements hidden by attribute or style, reference definitions no link uses, and link titles are not shown when the Markdown is rendered, but a model reads them. Code spans and code blocks are shown and never reported.",
        ),
        _c(
            "skillscope/yaml-comment",
            "warning",
            "content",
            "YAML comment in the frontmatter",
            "A # comment in SKILL.md's frontmatter is dropped by every YAML parser, so no host or listing shows it, yet the file a model reads carries it.",
        ),
        _c(
            "skillscope/markdown-reference",
            "note",
            "content",
            "Markdown reference definition",
            "Reference definitions are not shown when rendered; check the target.",
        ),
        _c(
            "skillscope/encoded-path",
            "warning",
            "content",
            "Encoded separator or dot in a path",
            "A file path percent-encodes '/', '\\' or '.', or holds a raw backslash: a host that decodes it reads another path, possibly with '..' segments.",
        ),
        _c(
            "skillscope/path-collision",
            "warning",
            "content",
            "File paths that collide",
            "Two files are shown identically, decode to the same path, or differ only in letter case: a reviewer or a case-insensitive disk cannot tell them apart.",
        ),
        _c(
            "skillscope/normalization-twin",
            "warning",
            "content",
            "NFC/NFD twins",
            "Two files spell one name in two Unicode normalisation forms (café in NFC and NFD): they look identical.",
        ),
        _c(
            "skillscope/mixed-script-path",
            "warning",
            "content",
            "Look-alike letters in a path",
            "A path segment mixes Latin with Cyrillic, Greek or other look-alike letters, or imitates an ASCII name with them.",
        ),
        _c(
            "skillscope/native-executable",
            "warning",
            "content",
            "Native executable",
            "An ELF, PE or Mach-O binary ships with the skill.",
        ),
        _c(
            "skillscope/archive",
            "note",
            "content",
            "Archive",
            "An archive (a .docx or .xlsx template is one too) can carry files that are never listed or verified one by one: review what it holds.",
        ),
        _c(
            "skillscope/script",
            "note",
            "content",
            "Script",
            "A script (shebang or scripts/) that a host may be asked to run: review what it does.",
        ),
        _c(
            "skillscope/dotgit-path",
            "error",
            "content",
            "Ships git repository metadata",
            "The skill serves a '.git' file or folder (in any spelling git or a case-insensitive file system reads as "
            "'.git': .GIT, .git., GIT~1, with invisible characters) or a folder shaped like a bare repository. Git run "
            "in a folder holding it reads its config, which can name commands git then runs (core.fsmonitor on git "
            "status): fetch and audit --scanner refuse to write such a skill.",
        ),
        _c(
            "skillscope/tool-config",
            "note",
            "content",
            "Configures a tool",
            "The skill serves a file that a common tool reads from the folder it runs in (.gitattributes, .gitignore, "
            ".envrc, .npmrc, a Makefile, .vscode/ ...): it can make that tool run something or skip files. Review it "
            "before running tools in a fetched copy.",
        ),
        _c(
            "skillscope/risky-shell",
            "warning",
            "content",
            "Risky shell pattern",
            "eval, chmod +x, rm -rf or code fetched by an interpreter's -c, in a script or in Markdown code (a negated mention in prose is not one). Download-and-run and decode-and-run are behaviour findings (skillscope/obfuscation/...).",
        ),
        _c(
            "skillscope/command-directive",
            "warning",
            "content",
            "Command directive",
            "A !`command` directive runs a command when the skill is loaded by some hosts.",
        ),
        _c("skillscope/url", "note", "content", "URL", "A link or address the skill refers to; check the domain."),
        _c(
            "skillscope/allowed-tools",
            "note",
            "content",
            "Tools requested",
            "The skill asks for tools via allowed-tools; a served skill should be granted nothing automatically.",
        ),
        _c(
            "skillscope/size-near-limit",
            "note",
            "content",
            "Close to a limit",
            "The skill is within 10% of the 512-file or 16 MiB limit.",
        ),
        _c(
            "skillscope/not-reviewed",
            "note",
            "review",
            "Not reviewed",
            "No review of this skill is recorded in the ledger.",
        ),
        _c(
            "skillscope/rejected",
            "warning",
            "review",
            "Rejected",
            "A reviewer rejected this exact version of the skill.",
        ),
        _c(
            "skillscope/changed-since-approval",
            "warning",
            "review",
            "Changed since approval",
            "The skill's fingerprint differs from the approved one; the file diff says what changed.",
        ),
        _c(
            "skillscope/approval-untrusted",
            "warning",
            "review",
            "Approval not trusted",
            "The approval of this exact version is unsigned or signed by a key not allowed for its reviewer, so it does not count.",
        ),
        _c(
            "skillscope/surface-lookalike",
            "warning",
            "review",
            "Looks like an approved item",
            "A tool, prompt, resource or template not approved at its definition has a name confusable with, or one edit "
            "from, an item approved on this server: a rename can carry a swapped definition past a review.",
        ),
        _c(
            "skillscope/surface-unreviewable",
            "warning",
            "entry",
            "Item that cannot be pinned",
            "A tool, prompt, resource or template definition has no usable name or URI, repeats one, or has no canonical "
            "JSON form (a lone surrogate, a non-finite number, nesting too deep): no fingerprint can bind it.",
        ),
        _c(
            "skillscope/dynamic",
            "warning",
            "entry",
            "Dynamic skill",
            'resources is "dynamic": no manifest, nothing can be verified or approved.',
        ),
    ]
}
CHECKS.update((row[0], _c(row[0], row[1], "content", row[2], row[3])) for row in BEHAVIOR_RULES)


def check_info(check_id: str) -> CheckInfo:
    """The registry entry for ``check_id``; entry rules (SS-*) get one built from the spec's rule table."""
    if check_id in CHECKS:
        return CHECKS[check_id]
    rule = ENTRY_RULES.get(check_id)
    if check_id.startswith("SS-E"):
        return CheckInfo(
            check_id,
            "error",
            "entry",
            f"Malformed entry: {rule or check_id}",
            "The entry breaks a rule of the skills extension and cannot be loaded.",
        )
    if check_id == "SS-A5":  # skillscope's own refusal: the bytes failed the publisher's digest or the archive rules
        return CheckInfo(
            check_id,
            "error",
            "entry",
            f"Unavailable entry: {rule}",
            "skillscope refused this well-known index entry when it fetched it; nothing of it is served or approvable.",
        )
    if check_id.startswith("SS-A"):
        return CheckInfo(
            check_id,
            "warning",
            "entry",
            f"Unavailable entry: {rule or check_id}",
            "The entry is well formed but host policy refuses it (dynamic, over the limits, or an unnameable path).",
        )
    if check_id.startswith(("SS-W", "SS-L", "SS-C")):
        return CheckInfo(
            check_id,
            "warning",
            "entry",
            f"Entry warning: {rule or check_id}",
            "The entry or listing is usable but some hosts will refuse or mishandle it.",
        )
    if check_id.startswith("user/"):
        # The rule's own severity is on each finding; the registry only needs a title and help for reports.
        return CheckInfo(
            check_id,
            "warning",
            "content",
            f"User rule {check_id[5:]}",
            "A rule from a file given with audit --rules (YARA or YAML pattern rules); its message says what it matched.",
        )
    if check_id.startswith("scanner/"):
        # scanner/<tool>/<rule> is a result of an audit --scanner; scanner/<tool> alone says the scanner itself failed.
        return CheckInfo(
            check_id,
            "warning",
            "content",
            f"Scanner {check_id[8:]}",
            "A finding of a scanner given with audit --scanner, read from the SARIF it printed; its message says what it found.",
        )
    return CheckInfo(check_id, "note", "content", check_id, check_id)


def severity_counts(findings: Iterable[AuditFinding]) -> dict[str, int]:
    """How many findings of each severity (every severity present, zero when none)."""
    out = {"error": 0, "warning": 0, "note": 0}
    for finding in findings:
        out[finding.severity] += 1
    return out
