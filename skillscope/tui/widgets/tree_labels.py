"""The catalog tree's lines: servers, folders, skills with their states, files; all inert."""

from __future__ import annotations

from rich.text import Text

from skillscope.tui.inert import human_size, inert_line, state_badges
from skillscope.tui.model import Folder, SkillView, path_segments, skill_states
from skillscope.tui.servers import ServerSession

__all__ = ["file_label", "folder_label", "note_label", "server_label", "skill_label"]


def server_label(session: ServerSession, *, shown: int | None = None) -> Text:
    """The server's line: its label and how many skills it lists (``shown`` of them under a filter)."""
    text = Text(session.label, style="bold")
    if session.state == "connected" and session.listing_state == "listed" and session.listing is not None:
        total = len(session.listing.entries)
        words = f"  {shown:,} of {total:,} skills" if shown is not None else f"  {total:,} skills"
        text.append(words, style="dim")
    return text


def note_label(session: ServerSession) -> Text:
    """The line under a server that has no catalog to show: why not."""
    if session.state == "connecting":
        return Text("connecting…", style="cyan italic")
    if session.state == "failed":
        message = session.error.message if session.error is not None else "failed"
        return Text.assemble(("✗ ", "bold red"), inert_line(message, limit=200))
    if session.listing_state == "listing":
        return Text("listing skills…", style="cyan italic")
    if session.listing_state == "failed" and session.listing_error is not None:
        return Text.assemble(("✗ ", "bold red"), inert_line(session.listing_error.message, limit=200))
    if session.state in ("disconnected", "idle"):
        return Text("not connected (press c to connect)", style="dim italic")
    return Text("…", style="dim")


def folder_label(folder: Folder, shown: str) -> Text:
    """A folder (or a chain of single folders shown as one) and how many skills lie below."""
    text = inert_line(shown + "/", limit=120)
    text.append(f"  {folder.total:,}", style="dim")
    return text


def skill_label(view: SkillView) -> Text:
    """A skill's last path segment and its states; a malformed entry's index, rule and reason."""
    entry = view.entry
    if entry.status == "malformed":
        text = Text(f"#{entry.index} ", style="bold red")
        text.append_text(state_badges(skill_states(view)))
        text.append("  ")
        text.append_text(inert_line(f"{entry.rule}: {entry.reason}", style="dim", limit=160))
        return text
    text = inert_line(path_segments(entry.path or "")[-1], limit=120)
    text.append("  ")
    text.append_text(state_badges(skill_states(view)))
    if entry.status == "unavailable" and entry.rule:
        text.append(f"  {entry.rule}", style="dim")
    return text


def file_label(view: SkillView, path: str) -> Text:
    """A listed file: its relative path, size, and a mark once it verified or failed."""
    text = inert_line(path, limit=200)
    item = next((f for f in view.entry.files or () if f.path == path), None)
    text.append(f"  {human_size(item.size if item else None)}", style="dim")
    status = view.file_status(path)
    if status == "verified":
        text.append("  ✓", style="green")
    elif status == "failed":
        text.append("  ✗ failed", style="bold red")
    return text
