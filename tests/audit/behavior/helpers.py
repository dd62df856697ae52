"""Run the behaviour engine over files given as text, the way the audit hands them over."""

from __future__ import annotations

from skillscope.audit.behavior.engine import SkillFileText, scan_skill


def found(files: dict[str, str], frontmatter: dict | None = None) -> list[tuple[str, str, str | None, int | None, str]]:
    """(path, rule id, severity override, line, message) for every behaviour hit."""
    return [
        (path, hit.id, hit.severity, hit.at.line, hit.message)
        for path, hit in scan_skill([SkillFileText(p, t) for p, t in files.items()], frontmatter or {})
    ]


def rules(files: dict[str, str], frontmatter: dict | None = None) -> set[str]:
    """The behaviour rule ids that fire (secrets, hosts and all)."""
    return {rule for _, rule, _, _, _ in found(files, frontmatter)}


def severity(files: dict[str, str], rule: str) -> list[str]:
    """The effective severity of each hit of ``rule`` (override, else the rule's default)."""
    from skillscope.audit.findings import check_info

    return [sev or check_info(r).severity for _, r, sev, _, _ in found(files) if r == rule]


def loud(files: dict[str, str], frontmatter: dict | None = None) -> list[tuple[str, int | None, str]]:
    """(rule id, line, effective severity) of every behaviour hit above a note."""
    from skillscope.audit.findings import check_info

    hits = ((rule, line, sev or check_info(rule).severity) for _, rule, sev, line, _ in found(files, frontmatter))
    return [(rule, line, level) for rule, line, level in hits if level != "note"]


def errors(files: dict[str, str], frontmatter: dict | None = None) -> list[tuple[str, int | None]]:
    """(rule id, line) of every behaviour hit at error level, in file order: what the default gate stops on."""
    return [(rule, line) for rule, line, level in loud(files, frontmatter) if level == "error"]
