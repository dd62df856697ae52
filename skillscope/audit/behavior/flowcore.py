"""What the grammar-based analysers of Ruby and Go share: values resolved as far as constants allow, and the
verdicts a value earns when it reaches a sink (a send, an exec, a write, a delete).

A :class:`Val` is what an expression may hold: its text when constants decide it (unknown pieces stand as
``UNKNOWN``), the secrets it carries, whether it was downloaded or decoded, and a handle (an open file, a
socket, an HTTP request) when it is one. The language modules walk their syntax trees, build these values and
call the sinks here; the sinks record capabilities and report flows with the lines of both ends.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from skillscope.audit.behavior.agentconfig import is_agent_config
from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.grants import judge_grants
from skillscope.audit.behavior.harvest import judge_kept
from skillscope.audit.behavior.vocab import (
    DIALOG_PROMPT,
    DOTENV,
    DOWNLOADERS,
    INTERPRETERS,
    NET_TOOLS,
    PERSISTENCE_PATH,
    PROMPT_TARGET,
    PROMPTED,
    SECRET_NAME,
    STORE_COMMAND,
    TOKEN_COMMAND,
    credential_what,
    disguised_job,
    endpoint_kind,
    header_leaves,
    is_local_host,
    is_store,
    private_owner,
    private_place,
    prompt_name,
    prompt_owner,
    related_host,
    url_host_of,
    vendor_of,
)
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = [
    "RUNS_ITS_ARGUMENTS",
    "SHELL_SUFFIX",
    "startup_shell_harm",
    "reverse_tunnel",
    "with_places_read",
    "UNKNOWN",
    "Secret",
    "Val",
    "Sinks",
    "merge",
    "concat",
    "shown",
    "home_path",
    "env_value",
    "prompt_value",
    "path_secret",
    "private_read",
    "decode_constant",
    "shell_quote",
    "looks_like_shell",
    "path_join",
    "picked",
    "command_secret",
    "unescape",
    "format_text",
    "Offsets",
]

UNKNOWN = "\x00"
"""Stands for a piece of text the constants do not decide (an argument, a computed value)."""


@dataclass(frozen=True)
class Secret:
    """A secret a value carries: what was read (``reads ~/.aws/credentials``), where, and its variable's name."""

    what: str
    line: int
    name: str | None = None
    """The environment variable (``GITHUB_TOKEN``) or tool (``gh``) it came from; None for a file or the whole environment."""
    header: bool = False
    """True once it travels only as a request header (an Authorization value), where a token is used, not leaked."""
    store: bool = False
    """True for a system credential store (keychain, browser logins)."""
    private: bool = False
    """A private file of the user's home on no credential list (``name`` is its tool): harm only where it is sent away."""


@dataclass(frozen=True)
class Val:
    """What an expression may hold, as far as the analysis can tell."""

    text: str | None = None
    secrets: tuple[Secret, ...] = ()
    fetched: str | None = None
    """The address it was downloaded from."""
    decoded: bool = False
    handle: tuple[str, str] | None = None
    """(kind, target) when the value is an open thing: ("file", path), ("socket", host), ("http", host),
    ("request", url), ("command", command line)."""
    items: tuple[Val, ...] | None = None
    """The elements of a literal list (an argv)."""
    append: bool = False
    """For a file handle: opened to append."""
    alts: tuple[str, ...] = ()
    """Other texts the value may hold beyond ``text`` (an item of a list picked at run time: ``HOSTS.sample``,
    ``hosts[rand.Intn(2)]``, a loop over them). A send is judged for each, so a pick cannot hide a second host."""


EMPTY = Val()
_HEADER_VALUE = re.compile(r"(?i)\s*(?:authorization|x-[\w-]*(?:key|token))\s*:")
"""A word that is a request header carrying a credential (``Authorization: Bearer …``, ``X-Api-Key: …``)."""


def merge(vals: Iterable[Val], *, text: str | None = None) -> Val:
    """The union of what ``vals`` carry (secrets, downloads, decodes, the first handle), with ``text`` as its text."""
    secrets: list[Secret] = []
    fetched = None
    decoded = False
    handle = None
    alts: tuple[str, ...] = ()
    for val in vals:
        secrets.extend(s for s in val.secrets if s not in secrets)
        fetched = fetched or val.fetched
        decoded = decoded or val.decoded
        handle = handle or val.handle
        if val.alts and text is not None and val.text == text and not alts:
            alts = val.alts  # URI(pick), pick.to_s: the same text, so the same other texts
    return Val(text, tuple(secrets[:8]), fetched, decoded, handle, alts=alts)


_MAX_ALTS = 8


def picked(items: Iterable[Val]) -> Val:
    """One item of a list chosen at run time: what any item carries, the first known text as its text and the other
    known texts as its ``alts``."""
    items = list(items)
    texts: list[str] = []
    for item in items:
        for text in (item.text, *item.alts):
            if text is not None and text not in texts:
                texts.append(text)
    out = merge(items, text=texts[0] if texts else None)
    return replace(out, alts=tuple(texts[1 : _MAX_ALTS + 1]))


def concat(vals: list[Val], sep: str = "") -> Val:
    """Values joined as text: constant pieces kept, the rest ``UNKNOWN``; a piece with other texts gives the joined
    text's other texts (``"https://" + HOSTS.sample + "/in"``)."""
    texts = [UNKNOWN if v.text is None else v.text for v in vals]
    joined = sep.join(texts)
    alts = [sep.join([*texts[:at], alt, *texts[at + 1 :]])[:4000] for at, val in enumerate(vals) for alt in val.alts][
        :_MAX_ALTS
    ]
    return replace(merge(vals, text=joined[:4000]), handle=None, alts=tuple(alts))


def path_join(vals: list[Val]) -> Val:
    """Values joined as a path is (File.join, filepath.Join): one slash between pieces, an absolute piece restarting."""
    out = ""
    for val in vals:
        piece = UNKNOWN if val.text is None else val.text
        if piece.startswith("/") or not out:
            out = piece
        else:
            out = out.rstrip("/") + "/" + piece.lstrip("/")
    return replace(merge(vals, text=out), handle=None)


def shown(text: str | None, limit: int = 100) -> str:
    """A resolved text for a message: unknown pieces as an ellipsis."""
    if text is None:
        return "a computed value"
    return safe_line(text.replace(UNKNOWN, "…"), limit=limit)


def home_path(text: str) -> str:
    """A path with the home folder as ``~`` (``/root/.ssh`` and ``$HOME/.ssh`` as ``~/.ssh``)."""
    text = re.sub(r"^(?:\$HOME|\$\{HOME\}|%USERPROFILE%|/root|/home/[\w.-]+|/Users/[\w.-]+)(?=/|$)", "~", text)
    return text


def env_value(name: str | None, line: int) -> Val:
    """What reading environment variable ``name`` gives: the home folder, a secret, or nothing known."""
    if name is None:
        return Val(secrets=(Secret("reads an environment variable chosen at run time", line),))
    if name in ("HOME", "USERPROFILE"):
        return Val("~")
    if SECRET_NAME.search(name):
        return Val(secrets=(Secret(f"reads ${name}", line, name),))
    return EMPTY


def prompt_value(prompt: str | None, line: int) -> Val:
    """What a prompt that hides its input returns: a password or token named for what the prompt asks."""
    said = prompt.strip() if prompt and UNKNOWN not in prompt else ""
    shown_prompt = f" ({safe_line(said, limit=40)})" if said else ""
    return Val(secrets=(Secret(f"{PROMPTED}{shown_prompt}", line, prompt_name(said)),))


def path_secret(val: Val, line: int) -> Val:
    """``val`` plus the secret it names when its text is a credential place or a project's .env file."""
    if val.text is None:
        return val
    text = home_path(val.text)
    what = credential_what(text)
    if what:
        place = shown(text, 80)
        return replace(val, secrets=(*val.secrets, Secret(f"reads {place}", line, store=is_store(what))))
    if DOTENV.search(text.rsplit("/", 1)[-1] if "/" in text else text):
        return replace(val, secrets=(*val.secrets, Secret(f"reads {shown(text, 80)}", line, ".env")))
    return val


def private_read(val: Val, line: int) -> Val:
    """``val`` plus the content of the private file it names, when it names one of the user's home on no credential
    list (for calls that return a file's content: File.read, os.ReadFile)."""
    place = private_place(val.text) if val.text is not None and not val.secrets else None
    if place is None or UNKNOWN in place or credential_what(place):
        return val  # a credential place is read wherever it is handed (path_secret), with its capability
    secret = Secret(f"reads {shown(place, 80)}", line, private_owner(place), private=True)
    return replace(val, secrets=(*val.secrets, secret))


def _private_leaves(secret: Secret, host: str) -> bool:
    """Whether a private file's content sent to ``host`` leaves the user: a host the script names, not the user's
    machine and not the service of the tool whose file it is."""
    if host == "?" or "*" in host or is_local_host(host):
        return False
    return not (secret.name and related_host(secret.name, host))


RUNS_ITS_ARGUMENTS = INTERPRETERS | {
    "env", "sudo", "doas", "xargs", "exec", "eval", "nohup", "timeout", "watch", "cmd", "cmd.exe", "ssh", "su",
    "busybox", "perl", "lua", "Rscript", "powershell.exe", "pwsh.exe", "bash.exe", "wsl", "find", "parallel",
}  # fmt: skip
"""Programs that run code or a command line their arguments carry."""


def _decoded_data(command: str | None, parts: list[Val]) -> bool:
    """Whether what was decoded is only an argument of a fixed program that runs no code it is handed (a host rot13'd
    into ``git push``'s address, a path into ``cp``): data for that program, which the shell rules judge as such."""
    if command is None or len(parts) < 2 or parts[0].decoded or not parts[0].text or UNKNOWN in parts[0].text:
        return False
    return parts[0].text.rsplit("/", 1)[-1] not in RUNS_ITS_ARGUMENTS


def command_secret(command: str, line: int) -> Secret | None:
    """The secret a shell command line prints (a keychain lookup, ``gh auth token``, ``env``, a password dialog's
    answer), or None."""
    if DIALOG_PROMPT.search(command):
        said = re.search(r"dialog\s+\\?[\"']([^\"'\\]{1,80})", command)
        return prompt_value(said.group(1) if said else None, line).secrets[0]
    store = STORE_COMMAND.search(command)
    if store:
        return Secret(f"reads a credential store ({safe_line(store.group(0), limit=60)})", line, store=True)
    token = TOKEN_COMMAND.search(command)
    if token:
        return Secret(f"reads a credential ({safe_line(token.group(0), limit=60)})", line, token.group(0).split()[0])
    words = command.split()
    if words and words[0] in ("env", "printenv", "set") and len(words) == 1:
        return Secret("reads the whole environment", line)
    return None


_B64 = re.compile(r"^[A-Za-z0-9+/=_\-\s]+$")


def decode_constant(kind: str, text: str | None) -> str | None:
    """A constant decoded (base64, hex, rot13, zlib, reversed), or None when it is not a constant or not text."""
    if text is None or UNKNOWN in text:
        return None
    raw: bytes | None
    try:
        if kind == "base64":
            if not _B64.match(text):
                return None
            cleaned = re.sub(r"\s", "", text).replace("-", "+").replace("_", "/")
            raw = base64.b64decode(cleaned + "=" * (-len(cleaned) % 4))
        elif kind == "hex":
            raw = binascii.unhexlify(re.sub(r"\s", "", text))
        elif kind == "rot13":
            return codecs.decode(text, "rot13")
        elif kind == "reverse":
            return text[::-1]
        elif kind == "zlib":
            raw = zlib.decompress(text.encode("latin-1"))
        else:
            return None
    except (ValueError, binascii.Error, zlib.error, UnicodeEncodeError):
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def shell_quote(word: str) -> str:
    """A word as the shell reads it back as one word (unknown pieces as a variable no one sets)."""
    word = word.replace(UNKNOWN, "${1}")  # a value of the caller's (an argument, the environment), like a script's $1
    if re.fullmatch(r"[\w@%+=:,./~-]+", word):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`") + '"'


_SHELLISH = re.compile(
    r"(?:^|[\s;|&(])(?:curl|wget|bash|sh|nc|base64|rm|crontab|echo|chmod|python3?|git|eval)\b|[|;&]\s*\w"
)


def looks_like_shell(text: str) -> bool:
    """Whether decoded text reads as a shell command line rather than code of the host language."""
    return bool(_SHELLISH.search(text))


_HARMFUL_PAYLOAD = re.compile(
    r"\b(?:curl|wget|nc|ncat|socat|base64|xxd|iex|bash\s+-i)\b|https?://|/dev/tcp/|\|\s*(?:ba|z)?sh\b|"
    r"PROMPT_COMMAND|LD_PRELOAD|DYLD_INSERT|mcpServers|[\"']hooks[\"']\s*:"
)
"""What turns a line written into a start-up file into an attack: it fetches, sends, decodes or runs hidden code."""

_AUTHORIZED_KEYS = re.compile(r"\.ssh/authorized_keys\d?$")


_SSH_CLIENT = re.compile(r"(?:^|[\s;|&(`])(?:auto)?ssh(?=\s)([^\n;|&]*)")
_REMOTE_FORWARD = re.compile(
    r"\s-[A-Za-z]*R\s*(['\"]?)([^\s'\"]+)\1|\s-o\s*(['\"]?)RemoteForward[\s=]+([^'\"\n]+?)\3(?=\s|$)", re.IGNORECASE
)
_LOCAL_HOST = re.compile(r"^(?:localhost|127(?:\.\d+){3}|\[?::1\]?|0\.0\.0\.0|\*|)$", re.IGNORECASE)
_LOGIN_PORTS = frozenset({"22", "3389", "5900"})
"""This machine's login doors: sshd, remote desktop, VNC."""


def reverse_tunnel(text: str) -> str | None:
    """A reverse SSH tunnel (``ssh -fN -R 40022:localhost:22 relay@host``) that hands the remote host a door into this
    machine: its SSH login (or a remote-desktop port), or with ``-R PORT`` alone a proxy into the network it stands
    in. Started from a login script it stands open whenever the user is logged in. A local forward (``-L``) or a
    reverse forward of an ordinary service is no such door: None."""
    for client in _SSH_CLIENT.finditer(text):
        for forward in _REMOTE_FORWARD.finditer(client.group(1)):
            spec = forward.group(2) or re.sub(r"\s+", ":", (forward.group(4) or "").strip())
            parts = re.findall(r"\[[^\]]*\]|[^:]+", spec)
            spec = spec.replace(UNKNOWN, "…")
            if len(parts) == 1 and re.fullmatch(r"\d+|\x00|\$\{?\w+\}?", parts[0]):
                return f"it opens a reverse SSH tunnel ({spec}) that lets the remote host reach the network this machine is in"
            if len(parts) >= 3 and parts[-1] in _LOGIN_PORTS and _LOCAL_HOST.match(parts[-2]):
                return (
                    f"it opens a reverse SSH tunnel ({spec}) that hands the remote host a way into this machine's login"
                )
    return None


def startup_shell_harm(ctx: Ctx, text: str, *, local: bool = False) -> str | None:
    """Why a line written into a start-up file is harmful when run as shell (it fetches, sends, decodes, reads
    secrets, hides or opens a way in), or None: the shell analyser's own judgement of the entry, whoever wrote it
    (``local``: in the repository's own place, where a host known only at run time is the user's)."""
    if not text.strip() or text.lstrip().startswith(("{", "<")) or re.match(r"\s*\[\s*[\[{\"\d\]]", text):
        return None  # JSON settings or a plist: judged by their keys, not as shell
    from skillscope.audit.behavior.shell import payload_harm

    return payload_harm(ctx, text.replace(UNKNOWN, "${1}"), local=local) or reverse_tunnel(text)


def _pinned_lines(text: str) -> bool:
    """Every line of a start-up write that names a fetch or an address runs a download it first checks against a
    digest written there (the shell analyser's reading): the content that runs is pinned."""
    from skillscope.audit.behavior.shell import pinned_only

    return UNKNOWN not in text and pinned_only(text, _HARMFUL_PAYLOAD)  # a piece known only at run time pins nothing


@dataclass
class Sinks:
    """The verdicts of values reaching sinks, recorded on one region's ``Ctx``."""

    ctx: Ctx
    language: str
    files: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Files written with downloaded or decoded content: path -> (origin, line)."""
    via: list[tuple[str, int]] = field(default_factory=list)
    """The local functions being followed at the moment, with the line of each call (for the messages)."""
    secret_files: dict[str, tuple[str, int, int, int]] = field(default_factory=dict)
    """Files written with a secret in them: path (an unknown root as ``$1``, as the shell reads it) -> (what was
    read, its line, and the write's span)."""

    def _chain(self) -> str:
        return "".join(f", passes it to {name}() (line {line})" for name, line in self.via)

    # -- sends ---------------------------------------------------------------------------------------------------
    def send(
        self,
        start: int,
        end: int,
        dest: Val,
        payload: Iterable[Val] = (),
        how: str = "sends",
        dns: bool = False,
    ) -> None:
        """Code over ``start:end`` sends ``payload`` to the address ``dest``; a secret in either is a flow. A ``dest``
        picked at run time among several texts is a send to each: the flow is judged at the first that leaks."""
        ctx = self.ctx
        carried = merge([dest, *payload])
        judged = [self._judged(carried, url, dns) for url in (dest.text, *dest.alts)]
        url, host, leaks = next((j for j in judged if j[2]), judged[0])
        for _, other, _ in judged:
            if other != host:
                ctx.cap("sends", other, start, end, f"{how}, a host picked at run time")
        ctx.cap("sends", host, start, end, how)
        ctx.network = True
        ctx.sends.append((start, end, "upload" if leaks and host != "?" else "network"))
        if not leaks:
            return
        secret = leaks[0]
        where = shown(url) if url and host != "?" else "a computed address" if not dns else "a DNS name built from it"
        if dns:
            where = f"the DNS name {shown(url)}" if url else "a DNS lookup"
        ctx.add(
            "skillscope/exfiltration/data-flow",
            f"{secret.what} (line {secret.line}){self._chain()} and sends it to {where} (line {ctx.line(start)})",
            start,
            end,
        )

    def _judged(self, carried: Val, url: str | None, dns: bool) -> tuple[str | None, str, list[Secret]]:
        """(url, host, the secrets sending there would leak) for one address a send may go to."""
        host = "?"
        if url is not None:
            # A bare host with a path (Net::HTTP.start(host) { |h| h.post("/u") }, net.Dial's "host:443") names its
            # host as well as a URL does; a bare word with no dot is a path or a piece, not a host.
            host = url_host_of(url.replace(UNKNOWN, "unknown-piece")) or "?"
            if "://" not in url and "." not in host and ":" not in host and not is_local_host(host):
                host = "?"
            if "unknown-piece" in host:
                host = host.replace("unknown-piece", "*") if dns else "?"
        leaks = [
            s
            for s in carried.secrets
            if not (s.private and not _private_leaves(s, host))
            and not self._used_as_meant(s, host, url or "", self.ctx.purpose.names(host) if host != "?" else False)
            and not (
                s.what.startswith(PROMPTED) and prompt_owner(s.name or "", url or "", self.ctx.purpose.names(host))
            )  # a password typed for the user's own login, sent to it
        ]
        return url, host, leaks

    @staticmethod
    def _used_as_meant(secret: Secret, host: str, url: str, purpose_names: bool) -> bool:
        """A named token in an auth header to its own service, or sent to its own provider (GITHUB_TOKEN to
        api.github.com), is its use."""
        if secret.name is None or secret.name == ".env" or endpoint_kind(url) is not None:
            return False
        if host != "?" and related_host(secret.name, host):
            return True
        # a provider's token in a header to a host the script names that is not the provider's is sent away
        # and so is a token of no named provider in a header to a host the script names that is not the skill's service
        return secret.header and (
            host == "?"
            or (vendor_of(secret.name) is None and not header_leaves(secret.name, "https://" + host, purpose_names))
        )

    # -- reads ---------------------------------------------------------------------------------------------------
    def read(self, start: int, end: int, val: Val) -> None:
        """Record the reads of secrets a value shows (each once, at the place it is read)."""
        for secret in val.secrets:
            target = PROMPT_TARGET if secret.what.startswith(PROMPTED) else secret.what.removeprefix("reads ")
            self.ctx.cap("reads", target, start, end)

    # -- runs ----------------------------------------------------------------------------------------------------
    def execute(
        self,
        start: int,
        end: int,
        command: str | None,
        parts: Iterable[Val],
        *,
        code_language: str | None = None,
        what: str = "",
    ) -> Val:
        """Code over ``start:end`` runs ``command`` (a shell line) or code in ``code_language`` made of ``parts``.

        Returns what the run prints, with the secrets a credential command prints.
        """
        ctx = self.ctx
        parts = list(parts)
        carried = merge(parts, text=parts[0].text if len(parts) == 1 else None)
        line = ctx.line(start)
        name = what or (command.split()[0].lstrip("({").rsplit("/", 1)[-1] if command and command.split() else "?")
        ctx.cap("executes", name.replace(UNKNOWN, "?") or "?", start, end, what and f"{self.language} {what}")
        if carried.fetched:
            ctx.add(
                "skillscope/obfuscation/download-exec",
                f"downloads {shown(carried.fetched)}{self._chain()} and runs it (line {line})",
                start,
                end,
            )
        elif carried.decoded and not _decoded_data(command, parts):
            ctx.add(
                "skillscope/obfuscation/decode-exec",
                f"decodes hidden content{self._chain()} and runs it (line {line})",
                start,
                end,
            )
        if name.lower() in DOWNLOADERS or name.lower() in NET_TOOLS:
            self._tool_send(start, end, name.lower(), parts[1:])
        if command is not None:
            for path, (origin, at) in self.files.items():
                base = path.rsplit("/", 1)[-1]
                if base and re.search(rf"(?:^|[\s/\"']){re.escape(base)}(?:$|[\s\"';])", command):
                    check = (
                        "skillscope/obfuscation/download-exec"
                        if origin.startswith("download")
                        else "skillscope/obfuscation/decode-exec"
                    )
                    ctx.add(check, f"runs {shown(path, 80)}, written from {origin} on line {at}", start, end)
                    break
            self._inner(start, end, command, "shell")
            if self.secret_files and "git" in command:
                self._staged(command, line)
        elif code_language is not None and carried.text is not None and UNKNOWN not in carried.text:
            self._inner(start, end, carried.text, code_language)
        secret = command_secret(command, line) if command else None
        out = Val(secrets=(secret,) if secret else (), fetched=carried.fetched, decoded=carried.decoded)
        if secret is not None:
            prompt = secret.what.startswith(PROMPTED)
            ctx.cap("reads", PROMPT_TARGET if prompt else secret.what.removeprefix("reads "), start, end)
        return out

    def _tool_send(self, start: int, end: int, program: str, words: list[Val]) -> None:
        """A network tool run with a secret among its words (``curl -F "profile=<token file>" URL``): the secret goes
        where the tool's address points. A word after ``-H`` (or an ``Authorization:`` value) is a request header,
        where a token is used."""
        if not any(word.secrets for word in words):
            return
        address = next((w for w in words if w.text and "://" in w.text), None)
        if address is None and program in NET_TOOLS:
            address = next(
                (w for w in reversed(words) if w.text and not w.text.startswith("-") and "." in w.text), None
            )
        payload: list[Val] = []
        for before, word in zip([EMPTY, *words], words, strict=False):
            if word is address:
                continue
            header = before.text in ("-H", "--header") or bool(_HEADER_VALUE.match(word.text or ""))
            if header:
                word = replace(word, secrets=tuple(replace(s, header=True) for s in word.secrets))
            payload.append(word)
        self.send(start, end, address or EMPTY, payload, how=f"{program} upload")

    def _staged(self, command: str, line: int) -> None:
        """A git command staging a file written with a secret: judged on the write, where the secret went."""
        from skillscope.audit.behavior.shell import judge_staged, staged_secret

        written = {path: (what, at) for path, (what, at, _, _) in self.secret_files.items()}
        found = staged_secret(command.replace(UNKNOWN, "${1}"), written)
        if found is not None:
            base, verb, staged = found
            start, end = self.secret_files[staged[2]][2:]
            judge_staged(self.ctx, base, verb, staged, start, end, staged_at=line)
            del self.secret_files[staged[2]]  # said once

    def _inner(self, start: int, end: int, code: str, language: str) -> None:
        """Analyse code handed to a shell or an eval in its own language, each finding placed on the call."""
        if len(code) > 20000:
            return
        line = self.ctx.line(start)
        # The inner code's lines count from the call's line, so its messages name the file's lines.
        inner = Ctx(
            code,
            line - 1,
            "\n" * (line - 1) + code,
            self.ctx.path,
            documented=self.ctx.documented,
            skill_files=self.ctx.skill_files,
        )
        if language == "shell":
            code = code.replace(UNKNOWN, "${1}")
            inner.text = code
            inner.file_text = "\n" * (line - 1) + code
            from skillscope.audit.behavior.shell import scan_shell

            scan_shell(inner)
        elif language == "ruby":
            from skillscope.audit.behavior.ruby import scan_ruby

            scan_ruby(inner)
        elif language == "go":
            from skillscope.audit.behavior.golang import scan_go

            scan_go(inner)
        elif language == "python":
            from skillscope.audit.behavior.pymodules import Modules, scan_python

            scan_python(inner, Modules())
        ctx = self.ctx
        ctx.network = ctx.network or inner.network
        if inner.sends:
            ctx.sends.append((start, end, max((kind for _, _, kind in inner.sends), key=lambda k: k == "upload")))
        for raw in inner.hits:
            ctx.add(raw.check, raw.message, start, end, raw.severity)
        for cap in inner.caps:
            ctx.cap(cap.kind, cap.target, start, end, cap.detail)
        for _, _, said in inner.printed:
            ctx.say(said, start, end)

    # -- writes --------------------------------------------------------------------------------------------------
    def write(self, start: int, end: int, path: Val, content: Val, *, append: bool = False) -> None:
        """Code over ``start:end`` writes ``content`` to ``path``."""
        ctx = self.ctx
        target = home_path(path.text) if path.text is not None else None
        if target is None:
            return
        shown_target = shown(target, 80)
        content = replace(content, secrets=tuple(s for s in content.secrets if not s.private))  # no typed secret
        typed = [(s.what, s.line, s.name) for s in content.secrets]
        for secret in content.secrets[:1]:  # a later git add of the file stages the secret (shell.staged_secret)
            self.secret_files.setdefault(target.replace(UNKNOWN, "$1"), (secret.what, secret.line, start, end))
        judge_kept(ctx, typed, target, start, end)  # a typed password kept where no login reads it
        if judge_grants(ctx, target, content.text, start, end):
            return  # an SSH key the skill carries, into authorized_keys: a login granted, said once
        if target.startswith(("~", "/")) or PERSISTENCE_PATH.search(target) or is_agent_config(target):
            # the project's own .mcp.json or .claude/settings.json is the agent's configuration: judged by what it adds
            ctx.cap("writes", shown_target, start, end, "append" if append else "")
        if content.fetched or content.decoded:
            origin = f"download from {shown(content.fetched)}" if content.fetched else "a decode"
            self.files[target] = (origin, ctx.line(start))
        startup = PERSISTENCE_PATH.search(target) or _AUTHORIZED_KEYS.search(target)
        if not startup and target.startswith("~") and content.text and _shell_file(target, content.text):
            # a shell script written into the user's home (a hook, a shim, an env.sh an rc line sources): what its
            # text runs, it runs later, whenever it is started
            harm = startup_shell_harm(self.ctx, content.text, local=False)
            if harm:
                ctx.add(
                    "skillscope/obfuscation/download-exec",
                    f"writes {shown_target}, a shell script that {harm}, to be run later",
                    start,
                    end,
                    "error",
                )
        if not startup:
            return
        # The written line is read as the shell code it is: `eval "$(rbenv init -)"` runs a local tool's output
        # (harmless); `eval "$(curl …)"` or `source <(curl …)` runs a download (an attack), in whatever language wrote it.
        from skillscope.audit.behavior.shell import project_place

        # in the repository's own place (a hook under .git/) the shell analyser's reading decides, not the words
        local = project_place(target)
        shell_harm = startup_shell_harm(self.ctx, content.text, local=local) if content.text is not None else None
        harmful = bool(
            content.fetched
            or content.decoded
            or content.secrets
            or shell_harm
            or (
                not local
                and content.text is not None
                and _HARMFUL_PAYLOAD.search(content.text.replace(UNKNOWN, " "))
                and not _pinned_lines(content.text)
            )
            or _AUTHORIZED_KEYS.search(target)
            or _HARMFUL_PAYLOAD.search(startup.group(0))
        )
        vendor = disguised_job(target) if not local else None
        harmful = harmful or vendor is not None
        why = ""
        if content.fetched:
            why = f" what it downloads from {shown(content.fetched)}"
        elif content.decoded:
            why = " decoded hidden content"
        elif content.secrets:
            why = f" a secret ({content.secrets[0].what}, line {content.secrets[0].line})"
        elif vendor is not None:
            why = f" a job named as the system's own ({vendor}…), dressed to pass unnoticed,"
        elif content.text is not None and harmful:
            why = f" {shown(content.text, 80)}"
            if shell_harm and "\n" in content.text.strip():
                why += f" ({shell_harm})"  # several lines: the one shown first need not be the harmful one
        severity: Severity | None = None if harmful else "note"
        ctx.add(
            "skillscope/persistence/startup",
            f"writes{why}{' into' if why else ' to'} {shown_target}{self._chain()}, which runs again later on its own "
            f"(line {ctx.line(start)})",
            start,
            end,
            severity,
        )

    # -- deletes -------------------------------------------------------------------------------------------------
    def destroy(self, start: int, end: int, path: Val, how: str) -> None:
        """Code over ``start:end`` deletes ``path`` recursively: read as the shell's ``rm -rf`` of that path."""
        if path.text is None:
            return
        target = home_path(path.text)
        self.ctx.cap("destroys", shown(target, 80), start, end, how)
        self._inner(start, end, f"rm -rf {shell_quote(target)}", "shell")

    # -- prints --------------------------------------------------------------------------------------------------
    def say(self, start: int, end: int, vals: Iterable[Val]) -> None:
        """Code over ``start:end`` prints ``vals`` for whoever runs it (the agent)."""
        vals = list(vals)
        for secret in [s for s in merge(vals).secrets if not s.private]:
            self.ctx.stdout_secrets.append((start, end, f"{secret.what} (line {secret.line})"))
        texts = [v.text for v in vals if v.text is not None and v.text.replace(UNKNOWN, "").strip()]
        if texts:
            self.ctx.say(" ".join(t.replace(UNKNOWN, "…") for t in texts)[:2000], start, end)


_SIMPLE_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "e": "\x1b",
    "0": "\0",
    "s": " ",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
}


def unescape(seq: str) -> str:
    """The character(s) a backslash escape in a string literal stands for (``\\x63``, ``\\u0063``, ``\\143``, ``\\n``)."""
    body = seq[1:]
    try:
        if body[:1] == "x" and len(body) > 1:
            return chr(int(body[1:3], 16)) + body[3:]
        if body[:2] == "u{":
            return "".join(chr(int(h, 16)) for h in body[2:].rstrip("}").split())
        if body[:1] in ("u", "U") and len(body) > 1:
            return chr(int(body[1:], 16))
        if body[:1].isdigit() and len(body) > 1:
            return chr(int(body[:3], 8)) + body[3:]
    except (ValueError, OverflowError):
        return seq
    return _SIMPLE_ESCAPES.get(body, body)


_FORMAT = re.compile(r"%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?[a-zA-Z%]")


def format_text(template: Val, args: list[Val]) -> Val:
    """A printf-style format filled with the texts of ``args`` (``%s``, ``%-20s``, ``%d``, ``%v``, ``%q``)."""
    if template.text is None:
        return merge([template, *args])
    pieces = iter(args)

    def fill(match: re.Match[str]) -> str:
        if match.group(0) == "%%":
            return "%"
        arg = next(pieces, None)
        if arg is None or arg.text is None:
            return UNKNOWN
        return f'"{arg.text}"' if match.group(0).endswith("q") else arg.text

    text = _FORMAT.sub(fill, template.text)
    return replace(merge([template, *args], text=text[:4000]), handle=None)


def with_places_read(result: Val, args: list[Val], sinks: Sinks, start: int, end: int, line: int) -> Val:
    """What a call of the script's own helper gives back, when an argument names a credential place: the helper is
    taken to read it (``parse_ini(File.join(Dir.home, ".aws", "credentials"))``), so that read is recorded at the
    call and its secret is carried by the result. The Ruby and Go analysers share this."""
    for arg in args:
        read = path_secret(replace(arg, secrets=()), line)
        if read.secrets:
            sinks.read(start, end, read)
            result = replace(merge([result, read], text=result.text), handle=result.handle)
    return result


class Offsets:
    """Character offsets of a tree's byte offsets (the region text may hold non-ASCII)."""

    def __init__(self, text: str, data: bytes) -> None:
        self._ends: list[int] | None = None
        if len(data) != len(text):
            total, ends = 0, []
            for char in text:
                total += len(char.encode("utf-8", "surrogatepass"))
                ends.append(total)
            self._ends = ends

    def at(self, byte: int) -> int:
        """The character offset of ``byte``."""
        if self._ends is None:
            return byte
        from bisect import bisect_right

        return bisect_right(self._ends, byte)


SHELL_SUFFIX = re.compile(r"\.(?:sh|bash|zsh|ksh)$")
"""The name of a shell script."""


def _shell_file(target: str, text: str) -> bool:
    """Whether a written file is a shell script: by its suffix, or by the shebang its text starts with."""
    return bool(
        SHELL_SUFFIX.search(target) or re.match(r"#!\s*/(?:usr/)?bin/(?:env\s+)?(?:ba|z|da|k)?sh\b", text.lstrip())
    )
