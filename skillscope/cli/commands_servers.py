"""``servers``: every MCP server the user's clients know, with the file each came from."""

from __future__ import annotations

from typing import Any

import click

from skillscope.cli.common import print_json

__all__ = ["servers_command"]


def _reached_by(spec: Any) -> str:
    """The URL (query values and userinfo hidden) or the command line as written (placeholders unexpanded)."""
    import shlex

    if spec.url:
        from skillscope.core.redact import redact_url

        return redact_url(spec.url)
    if spec.command:
        return shlex.join([spec.command, *spec.args])
    return ""


@click.command("servers")
@click.option("--json", "as_json", is_flag=True, help="Print the servers as JSON.")
def servers_command(as_json: bool) -> None:
    """List the MCP servers configured in Claude Desktop, Claude Code, VS Code, Cursor, Windsurf and Zed.

    Reads each client's per-user config (and ~/.claude.json's per-project servers), plus
    the project files of the working directory (.mcp.json, .vscode/mcp.json, .cursor/mcp.json,
    .zed/settings.json) once trusted with `skillscope config trust FILE`. Nothing is started
    and no variable is expanded; header and environment values are never printed.

    Use a server with --config FILE LABEL (`skillscope list LABEL --config ~/.cursor/mcp.json`),
    or run `skillscope tui` with no target and no skillscope.yaml servers to see them all.
    """
    from skillscope.config.clients.discovery import discover_servers
    from skillscope.core.textsafe import safe_line
    from skillscope.service.targets import attach_problem

    found = discover_servers()
    if as_json:
        print_json(
            {
                "servers": [
                    {
                        "label": f.spec.label,
                        "name": f.spec.name,
                        "client": f.client,
                        "source": f.spec.source,
                        "scope": f.spec.scope,
                        "project": f.project,
                        "transport": f.spec.transport,
                        "url": _reached_by(f.spec) if f.spec.url else None,
                        "command": [f.spec.command, *f.spec.args] if f.spec.command else None,
                        "header_names": sorted(f.spec.headers),
                        "env_names": sorted(f.spec.env),
                        "disabled": f.spec.disabled,
                        "problem": attach_problem(f.spec) or None,
                    }
                    for f in found.servers
                ],
                "untrusted": [str(p) for p in found.untrusted],
                "problems": [{"file": str(p), "problem": why} for p, why in found.problems],
            }
        )
        return
    from rich.table import Table
    from rich.text import Text

    from skillscope.cli.render import make_console

    console = make_console()
    if found.servers:
        table = Table(show_edge=False, pad_edge=False)
        for column in ("LABEL", "CLIENT", "SERVER", "SOURCE"):
            table.add_column(column, overflow="fold")
        for f in found.servers:
            state = attach_problem(f.spec)
            where = safe_line(_reached_by(f.spec), limit=300) + (f"  [{safe_line(state, limit=120)}]" if state else "")
            source = safe_line(f.spec.source, limit=300) + (
                f" ({safe_line(f.spec.scope, limit=200)})" if f.spec.scope else ""
            )
            table.add_row(
                Text(safe_line(f.spec.label)), Text(f.client), Text(where, style="dim" if state else ""), Text(source)
            )
        console.print(table)
    else:
        console.print(Text("No MCP servers found in the known client config files."))
    for path in found.untrusted:
        import shlex

        shown = safe_line(str(path), limit=300)
        click.echo(
            f"skillscope: not read (untrusted project file): {shown}; read it, then run: "
            f"skillscope config trust {shlex.quote(shown)}",
            err=True,
        )
    for path, why in found.problems:
        click.echo(f"skillscope: warning: {safe_line(str(path), limit=300)}: {safe_line(why, limit=400)}", err=True)
