"""A kubeconfig credential plugin pointed at a program the skill brings.

A kubeconfig user may name an ``exec`` credential plugin: a program kubectl (and every client library) runs to get a
token each time the user talks to that cluster. A skill that writes such a user into the user's own kubeconfig
(``~/.kube/config`` or ``$KUBECONFIG``), by ``kubectl config set-credentials --exec-command=...`` or by writing the
YAML (or the dict that becomes it) itself, makes its program run again and again with the user's cluster access, as a
git ``credential.helper`` does: persistence and a credential takeover at once. The cloud vendors' own helpers
(``aws eks get-token``, ``gke-gcloud-auth-plugin``, ``kubelogin``, ...) are how those clusters log in; a kubeconfig
written under the project or a temporary folder and handed to kubectl with ``--kubeconfig`` is the script's own.

One reading for every language: the stanza is found in the code's text (a shell word, a Python dict, a JavaScript
string, a here-document), since each spells the plugin's keys and the place it writes literally.
"""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_kubeconfig"]

_SET_CREDENTIALS = re.compile(
    r"\bconfig[\"',\s]+set-credentials\b(?P<rest>[^\n;|&]*?)--exec-command(?:=|[\"',\s]+)[\"']?(?P<cmd>[^\s\"',)\]]*)"
)
"""``kubectl config set-credentials NAME --exec-command=PROGRAM`` as a shell line or an argv list."""

_COMMAND_KEY = re.compile(r"[\"']?\bcommand[\"']?\s*(?::|=>|=)\s*(?P<cmd>[^\n,}]*)")
"""A ``command`` key and its value, in YAML, a dict or a hash literal."""

_EXEC_STANZA = re.compile(
    r"[\"']?\bexec[\"']?\s*(?::|=>|=)\s*(?:\{|\n|\\n)(?P<body>(?:[^\n]*(?:\n|\\n)){0,6}?[^\n]*?)" + _COMMAND_KEY.pattern
)
"""A kubeconfig user's ``exec:`` block and its ``command`` (YAML, a dict or hash literal, or YAML inside a string)."""

_PLUGIN_API = re.compile(r"client\.authentication\.k8s\.io")
"""The API group of exec credential plugins: a stanza naming it is a kubeconfig user, not some other ``exec``."""

_USERS_KUBECONFIG = re.compile(r"\.kube[\"'/\\,\s]+[\"']?config\b|\bKUBECONFIG\b")
"""The user's own kubeconfig: the default path or the variable kubectl reads."""

_VENDOR_HELPERS = frozenset(
    {
        "aws",
        "aws-iam-authenticator",
        "gke-gcloud-auth-plugin",
        "gcloud",
        "kubelogin",
        "kubectl-oidc_login",
        "kubectl",
        "az",
        "doctl",
        "oci",
        "ibmcloud",
        "tsh",
        "pinniped",
        "rancher",
        "oc",
        "linode-cli",
        "scw",
        "exoscale",
        "civo",
        "vcluster",
        "teleport",
    }
)
"""Credential helpers the cloud vendors and cluster tools ship: kubectl runs them by name from the user's PATH."""


def _program(raw: str) -> str:
    """The program a command value names: its last path piece, quotes and a ``str(...)`` wrapper taken off."""
    value = raw.strip().strip("\"'`").strip()
    value = re.sub(r"^(?:str|String|path\.join|os\.path\.join|File\.join)\(", "", value)
    word = re.split(r"[\s\"'`)]", value, maxsplit=1)[0] if value else ""
    return re.split(r"[/\\]", word)[-1].lower().removesuffix(".exe")


def _own_program(raw: str) -> bool:
    """Whether a plugin command is a program the skill brings (a path, a variable, an expression), not a vendor
    helper kubectl finds by name on the user's PATH."""
    name = _program(raw)
    if name in _VENDOR_HELPERS and not re.search(r"[/\\$]|__dirname|__file__|here|Root", raw.split(name)[0]):
        return False
    return bool(raw.strip())


def scan_kubeconfig(ctx: Ctx) -> None:
    """Report a kubeconfig exec plugin the code points at its own program in the user's kubeconfig."""
    text = ctx.text
    if (".kube" in text or "KUBECONFIG" in text) and ctx.skill_files:
        _shipped_users(ctx)
    if "exec" not in text or ("set-credentials" not in text and not _PLUGIN_API.search(text)):
        return
    for match in _SET_CREDENTIALS.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        line_end = text.find("\n", match.end())
        if "--kubeconfig" in text[line_start : line_end if line_end >= 0 else len(text)]:
            continue  # a kubeconfig of the script's own, handed over by path
        if _own_program(match.group("cmd")):
            _report(ctx, match.start(), match.end(), match.group("cmd"))
    if not _PLUGIN_API.search(text) or not _USERS_KUBECONFIG.search(text):
        return
    reported: set[int] = set()
    for match in _EXEC_STANZA.finditer(text):
        _report_command(ctx, match, reported)
    # The plugin's settings built apart from their ``exec`` key (plugin = {...}; user = {"exec": plugin}): the API
    # group is only ever an exec plugin's, so a ``command`` beside it (a few lines either way) is that plugin's.
    for group in _PLUGIN_API.finditer(text):
        low = max(text.rfind("\n", 0, _nth_back(text, group.start(), 4)), 0)
        high = _nth_forward(text, group.end(), 4)
        near = [m for m in _COMMAND_KEY.finditer(text, low, high) if m.start("cmd") not in reported]
        if not near:
            continue
        _report_command(ctx, min(near, key=lambda m: abs(m.start() - group.start())), reported)


def _shipped_users(ctx: Ctx) -> None:
    """A kubeconfig user the skill ships as a file of its own (``kube-user.yaml`` holding an ``exec`` plugin that runs
    its program), which the code merges into the user's kubeconfig: the plugin's command is read from that file, so
    the code naming the file, where it also names the user's kubeconfig, is where the plugin is set."""
    text = ctx.text
    if not _USERS_KUBECONFIG.search(text):
        return
    for path, content in ctx.skill_files.items():
        if path == ctx.path or "client.authentication.k8s.io" not in content:
            continue
        stanza = _EXEC_STANZA.search(content)
        raw = stanza.group("cmd").split("\\n", 1)[0] if stanza else ""
        if not raw or not _own_program(raw):
            continue
        name = path.rsplit("/", 1)[-1]
        named = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)
        if named is None:
            continue
        shown = re.sub(r"^[\s\"'+]+|[\s\"']+$", "", raw)[:60] or "a program"
        ctx.add(
            "skillscope/persistence/startup",
            f"merges {path} into the user's kubeconfig, a user whose credential plugin runs {shown}: kubectl runs it, "
            "with the user's cluster access, every time the user talks to that cluster",
            named.start(),
            named.end(),
        )
        return


def _report_command(ctx: Ctx, match: re.Match[str], reported: set[int]) -> None:
    """Report the plugin ``command`` a match holds if it names the skill's own program; note where it stands."""
    raw = match.group("cmd").split("\\n", 1)[0]  # YAML inside a string literal: its line ends at an escaped newline
    if _own_program(raw):
        reported.add(match.start("cmd"))
        _report(ctx, match.start("cmd"), match.start("cmd") + len(raw), raw)


def _nth_back(text: str, start: int, lines: int) -> int:
    at = start
    for _ in range(lines):
        at = text.rfind("\n", 0, at)
        if at <= 0:
            return 0
    return at


def _nth_forward(text: str, end: int, lines: int) -> int:
    at = end
    for _ in range(lines):
        nxt = text.find("\n", at + 1)
        if nxt < 0:
            return len(text)
        at = nxt
    return at


def _report(ctx: Ctx, start: int, end: int, raw: str) -> None:
    shown = re.sub(r"^[\s\"'+]+|[\s\"']+$", "", raw)[:60] or "a program"
    ctx.add(
        "skillscope/persistence/startup",
        f"sets a kubeconfig credential plugin to {shown}: kubectl runs it, with the user's cluster access, every time "
        "the user talks to that cluster",
        start,
        end,
    )
