"""What a skill says it is for: the words a user reads before installing it.

A risky act that IS the skill's stated purpose (a skill that installs uv piping astral.sh's installer into sh) is a
capability the user asked for, not a harm. Every analyser asks the same ``Purpose`` whether a host or a tool is
what the skill is about, so one notion of "asked for" holds across languages.

The purpose is read strictly: the frontmatter's name and description, the SKILL.md headings and its first paragraph,
with HTML comments removed (words the user never sees name nothing).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skillscope.audit.behavior.vocab import lookalike_site, site_of, url_host_of

__all__ = ["Purpose", "VENDOR_INSTALLERS", "purpose_of"]

VENDOR_INSTALLERS: dict[str, tuple[tuple[str, str], ...]] = {
    "uv": (("astral.sh", "/uv"),),
    "ruff": (("astral.sh", "/ruff"),),
    "rustup": (("sh.rustup.rs", ""), ("static.rust-lang.org", "/rustup")),
    "rust": (("sh.rustup.rs", ""),),
    "bun": (("bun.sh", ""),),
    "deno": (("deno.land", ""),),
    "nvm": (("raw.githubusercontent.com", "/nvm-sh/"),),
    "homebrew": (("raw.githubusercontent.com", "/homebrew/"),),
    "brew": (("raw.githubusercontent.com", "/homebrew/"),),
    "pyenv": (("pyenv.run", ""),),
    "starship": (("starship.rs", ""),),
    "oh-my-zsh": (("raw.githubusercontent.com", "/ohmyzsh/"),),
    "ohmyzsh": (("raw.githubusercontent.com", "/ohmyzsh/"),),
    "scoop": (("get.scoop.sh", ""),),
    "chocolatey": (("community.chocolatey.org", ""),),
    "poetry": (("install.python-poetry.org", ""),),
    "volta": (("get.volta.sh", ""),),
    "nix": (("nixos.org", ""), ("install.determinate.systems", "")),
    "tailscale": (("tailscale.com", ""),),
    "ollama": (("ollama.com", ""), ("ollama.ai", "")),
    "kubectl": (("dl.k8s.io", ""),),
    "kubernetes": (("dl.k8s.io", ""),),
    "helm": (("get.helm.sh", ""),),
    "terraform": (("releases.hashicorp.com", "/terraform/"),),
    "vault": (("releases.hashicorp.com", "/vault/"),),
    "packer": (("releases.hashicorp.com", "/packer/"),),
    "golang": (("go.dev", "/dl/"), ("dl.google.com", "/go/")),
}
"""Products whose official installer or release is served from a host that does not spell the product (uv from
astral.sh, kubectl from dl.k8s.io), as (host, path prefix) pairs: the purpose naming the product names that download
and no other."""

_GENERIC_TOOLS = frozenset(
    {
        "sh",
        "bash",
        "zsh",
        "fish",
        "dash",
        "env",
        "python",
        "python3",
        "node",
        "ruby",
        "perl",
        "php",
        "pwsh",
        "powershell",
        "cmd",
        "curl",
        "wget",
        "eval",
        "exec",
        "source",
        "iex",
        "nohup",
        "sudo",
        "echo",
        "cat",
        "rm",
        "cp",
        "mv",
        "install",
        "setup",
        "run",
        "the",
        "and",
    }
)
"""Command names too generic to be a purpose: a page that says "Python" has not asked for any python line."""

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_URL = re.compile(r"\S+://\S+")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_FRONTMATTER = re.compile(r"\A---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.DOTALL)


@dataclass(frozen=True)
class Purpose:
    """The visible words a skill states its purpose in (empty for a skill that states none)."""

    text: str = ""
    _cache: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    def _said(self, word: str) -> bool:
        """Whether ``word`` is spelt as a whole word (letters, digits, dots and dashes around it do not count)."""
        found = self._cache.get(word)
        if found is None:
            found = bool(word) and (
                re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-]|\.\w)", self.text, re.IGNORECASE) is not None
            )
            self._cache[word] = found
        return found

    def names(self, host_or_tool: str) -> bool:
        """Whether the purpose names ``host_or_tool``: an installer URL or host whose registrable name, full host or
        vendor product the page spells, or a command the page names as its tool. A look-alike host names nothing."""
        value = host_or_tool.strip()
        if not self.text or not value:
            return False
        if "://" in value or "." in value:
            return self._names_host(value)
        name = value.rsplit("/", 1)[-1].lower()
        return len(name) >= 2 and name not in _GENERIC_TOOLS and self._said(name)

    def owns_read(self, what: str) -> bool:
        """Whether a credential read (``reads ~/.ssh/id_ed25519``, ``reads .aws``) is of the tool the purpose is about:
        a backup of SSH keys reads ~/.ssh because the user asked. A system store (a keychain) is never one."""
        if not self.text or "credential store" in what:
            return False
        folder = _TOOL_FOLDER.search(what)
        return folder is not None and any(self._said(word) for word in _FOLDER_WORDS[folder.group(1).lower()])

    def _names_host(self, value: str) -> bool:
        url = value if "://" in value else "https://" + value
        host = url_host_of(url).lower()
        if not host or lookalike_site(host) is not None:
            return False
        path = "/" + url.split("://", 1)[-1].split("/", 1)[-1].lower() if "/" in url.split("://", 1)[-1] else "/"
        for product, places in VENDOR_INSTALLERS.items():
            for vendor_host, prefix in places:
                if host == vendor_host and path.startswith(prefix or "/") and self._said(product):
                    return True
        if host in ("raw.githubusercontent.com", "github.com", "gist.githubusercontent.com", "gitlab.com"):
            return False  # a code host names a project only through the vendor map: anyone can publish there
        labels = host.split(".")
        registrable = site_of(host)
        if self._said(host) or self._said(registrable):
            return True
        name = labels[-2] if len(labels) >= 2 else ""  # astral.sh -> astral, starship.rs -> starship
        return len(name) >= 3 and name not in _GENERIC_TOOLS and self._said(name)


_FOLDER_WORDS = {
    "ssh": ("ssh",),
    "aws": ("aws",),
    "kube": ("kubeconfig", "kubectl", "kubernetes", "kube"),
    "gnupg": ("gpg", "gnupg"),
    "docker": ("docker",),
    "azure": ("azure",),
}
_TOOL_FOLDER = re.compile(r"(?:^|[\s/~\"'(])\.(ssh|aws|kube|gnupg|docker|azure)\b", re.IGNORECASE)


def purpose_of(frontmatter: Mapping[str, Any] | None, skill_md: str) -> Purpose:
    """A skill's purpose from its frontmatter's name and description and its SKILL.md headings and first paragraph."""
    parts: list[str] = []
    for key in ("name", "description"):
        value = (frontmatter or {}).get(key)
        if isinstance(value, str):
            parts.append(_COMMENT.sub(" ", value))
    # Code spans are commands the page runs, not words saying what it is for: `curl host | sh` names no purpose.
    body = _CODE_SPAN.sub(" ", _COMMENT.sub(" ", _FRONTMATTER.sub("", skill_md, count=1)))
    fenced = False
    paragraph: list[str] = []
    first_done = False
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            if paragraph:
                first_done = True
            continue
        if fenced:
            continue
        if stripped.startswith("#"):
            parts.append(stripped.lstrip("#").strip())
            if paragraph:
                first_done = True
            continue
        if not stripped:
            if paragraph:
                first_done = True
            continue
        if not first_done:
            paragraph.append(stripped)
    parts.append(" ".join(paragraph))
    # A URL is where a command goes, not a word of purpose: the product or its domain must be named in words.
    return Purpose(_URL.sub(" ", "\n".join(p for p in parts if p)))
