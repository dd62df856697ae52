"""``rules``: every rule the audit can report, from the rule manifest, as text or JSON."""

from __future__ import annotations

import click

from skillscope.cli.common import print_json

__all__ = ["rules_command"]


@click.command("rules")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one line per rule; json: every field of the manifest.",
)
@click.option("--family", help="Only the behaviour rules of this family (exfiltration, obfuscation, ...).")
def rules_command(output_format: str, family: str | None) -> None:
    """List the rules `skillscope audit` can report: id, default severity, title, OWASP ids.

    The list is skillscope/audit/rules.yaml, the same catalogue SARIF reports declare and
    docs/rules.md shows. Ids from your own --rules files (user/...) and --scanner runs
    (scanner/...) are not built in and not listed. Talks to no server.

    \b
    Examples:
      skillscope rules
      skillscope rules --family exfiltration
      skillscope rules --format json
    """
    from skillscope.service.rules import rule_catalogue

    manifest, owasp_lists = rule_catalogue()
    families = [f.id for f in manifest.families]
    if family is not None and family not in families:
        raise click.BadParameter(f"{family!r} is not one of {', '.join(families)}", param_hint="--family")
    rules = [r for r in manifest.rules if family is None or r.family == family]
    if output_format == "json":
        print_json(
            {
                "families": [{"id": f.id, "title": f.title} for f in manifest.families],
                "owasp": {name: dict(titles) for name, titles in owasp_lists.items()},
                "rules": [
                    {
                        "id": r.id,
                        "family": r.family,
                        "category": r.category,
                        "severity": r.severity,
                        "title": r.title,
                        "help": r.help,
                        "owasp-ast": list(r.owasp_ast),
                        "owasp-asi": list(r.owasp_asi),
                    }
                    for r in rules
                ],
            }
        )
        return
    width = max((len(r.id) for r in rules), default=0)
    for r in rules:
        owasp = " ".join([*r.owasp_ast, *r.owasp_asi])
        click.echo(f"{r.id:<{width}}  {r.severity:<7}  {r.title}" + (f"  [{owasp}]" if owasp else ""))
