"""File paths that read as something they are not: encoded separators, twins, look-alike letters."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from urllib.parse import unquote

from skillscope.audit.findings import Hit
from skillscope.catalog.tool_files import git_metadata, tool_files
from skillscope.core.textsafe import safe_line
from skillscope.core.unicode_policy import letter_scripts

__all__ = ["path_hits", "tool_file_hits", "lookalike_name"]

_ENCODED = re.compile(r"%(2f|5c|2e)", re.IGNORECASE)
_ENCODED_WHAT = {"2f": "a '/' separator", "5c": "a '\\' separator", "2e": "a dot"}
# Letters of other scripts that look like ASCII letters (the usual homoglyph set).
_LOOKALIKE = str.maketrans(
    "аеорсухіјѕԁԛԝӏАВЕКМНОРСТХІЈЅ"  # Cyrillic
    "αονιρκτΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",  # Greek
    "aeopcyxijsdqwlABEKMHOPCTXIJSaovipktABEZHIKMNOPTYX",
)
_CONFUSABLE_SCRIPTS = frozenset({"CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC", "LISU", "FULLWIDTH"})


def lookalike_name(segment: str) -> str | None:
    """The ASCII name a segment (a path segment, a package name) imitates, when its letters mix Latin with a
    confusable script."""
    scripts = letter_scripts(segment)
    if not scripts & _CONFUSABLE_SCRIPTS:
        return None
    ascii_form = unicodedata.normalize("NFKC", segment).translate(_LOOKALIKE)
    if "LATIN" in scripts or ascii_form.isascii():
        return ascii_form
    return None


def path_hits(paths: list[str]) -> list[tuple[str, Hit]]:
    """Findings about a skill's file paths (raw, as they appear in the URIs), each with its path.

    Reports percent-encoded separators and dots (a host that decodes them reads another
    path, ``..`` included), paths whose shown, decoded or case-folded forms collide, NFC/NFD
    spellings of one name, segments mixing Latin with look-alike letters of another script, and
    git repository metadata (a ``.git`` in any spelling some file system reads as one, a bare repository).
    """
    out: list[tuple[str, Hit]] = []
    for path in paths:
        shown = safe_line(path, limit=200)
        decoded = unquote(path)
        encoded = sorted({_ENCODED_WHAT[m.group(1).lower()] for m in _ENCODED.finditer(path)})
        if encoded or "\\" in path:
            what = ", ".join(encoded + (["a raw '\\' (a separator on Windows)"] if "\\" in path else []))
            dots = [s for s in re.split(r"[/\\]", decoded) if s in (".", "..")]
            also = f", with {' and '.join(repr(d) for d in sorted(set(dots)))} segments" if dots else ""
            out.append(
                (
                    path,
                    Hit(
                        "skillscope/encoded-path",
                        f"path {shown!r} encodes {what}: a host that decodes it reads {safe_line(decoded, limit=200)!r}{also}",
                    ),
                )
            )
        for segment in decoded.split("/"):
            lookalike = lookalike_name(segment)
            if lookalike is not None:
                scripts = " and ".join(sorted(letter_scripts(segment)))
                out.append(
                    (
                        path,
                        Hit(
                            "skillscope/mixed-script-path",
                            f"path segment {safe_line(segment, limit=120)!r} mixes {scripts} letters: it looks like {safe_line(lookalike, limit=120)!r}",
                        ),
                    )
                )
    for repository in git_metadata(paths):
        where = repr(safe_line(repository.where, limit=200)) if repository.where else "the skill's own folder"
        shown = ", ".join(repr(safe_line(p, limit=120)) for p in repository.paths[:3])
        more = f" and {len(repository.paths) - 3} more" if len(repository.paths) > 3 else ""
        out.append(
            (
                repository.paths[0],
                Hit(
                    "skillscope/dotgit-path",
                    f"{where} is git repository metadata ({shown}{more}): {repository.why}; "
                    "fetch and audit --scanner refuse to write this skill",
                ),
            )
        )
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in paths:
        decoded = unquote(path)
        groups[("shown", safe_line(path, limit=10_000))].append(path)
        groups[("decoded", decoded)].append(path)
        groups[("nfc", unicodedata.normalize("NFC", decoded))].append(path)
        groups[("case", unicodedata.normalize("NFC", decoded).casefold())].append(path)
        groups[("look", unicodedata.normalize("NFKC", decoded).translate(_LOOKALIKE).casefold())].append(path)
    reported: set[frozenset[str]] = set()
    for (how, _), members in groups.items():
        twins = frozenset(members)
        if len(twins) < 2 or twins in reported:
            continue
        reported.add(twins)
        names = ", ".join(repr(safe_line(p, limit=120)) for p in sorted(twins))
        if how == "nfc":
            forms = ", ".join(
                f"{unicodedata.is_normalized('NFC', unquote(p)) and 'NFC' or 'NFD'} {safe_line(ascii(unquote(p)), limit=120)}"
                for p in sorted(twins)
            )
            hit = Hit(
                "skillscope/normalization-twin",
                f"files {names} are one name in two Unicode spellings ({forms}): they look identical",
            )
        else:
            because = {
                "shown": "are shown identically",
                "decoded": "decode to the same path",
                "case": "differ only in letter case",
                "look": "look alike (letters of other scripts)",
            }[how]
            hit = Hit(
                "skillscope/path-collision",
                f"files {names} {because}: a reader or a case-insensitive disk cannot tell them apart",
            )
        out.extend((p, hit) for p in sorted(twins))
    return out


def tool_file_hits(paths: list[str]) -> list[tuple[str, Hit]]:
    """A note for each served file or folder a common tool reads as its own configuration, with its first path."""
    return [
        (
            path,
            Hit(
                "skillscope/tool-config",
                f"{safe_line(where, limit=200)!r} configures {tool.tools}: {tool.effect}",
            ),
        )
        for where, path, tool in tool_files(paths)
    ]
