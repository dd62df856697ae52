"""Shared vocabulary of the behaviour rules: credential places, data-collection hosts, interpreters."""

from __future__ import annotations

import functools
import ipaddress
import re
from fnmatch import fnmatchcase
from urllib.parse import urlsplit

__all__ = [
    "PACKAGE_INDEXES",
    "package_index",
    "disguised_job",
    "site_of",
    "header_leaves",
    "climbed_path",
    "CREDENTIAL_PATH",
    "DOTENV",
    "STORE_COMMAND",
    "TOKEN_COMMAND",
    "PERSISTENCE_PATH",
    "INTERPRETERS",
    "DOWNLOADERS",
    "NET_TOOLS",
    "endpoint_kind",
    "url_host_of",
    "is_public_ip",
    "is_local_host",
    "related_host",
    "credential_what",
    "is_store",
    "SECRET_NAME",
    "CREDENTIAL_FILES",
    "PERSISTENCE_FILES",
    "credential_glob",
    "credential_folder",
    "persistence_glob",
    "dotenv_glob",
    "glob_place",
    "POPULAR_PACKAGES",
    "one_edit_from",
    "home_path",
    "vendor_of",
    "foreign_vendor_host",
    "lookalike_site",
    "item_for_site",
    "PROMPTED",
    "PROMPT_TARGET",
    "SECRET_PROMPT",
    "DIALOG_PROMPT",
    "prompt_name",
    "prompt_owner",
    "runs_on_open",
    "APPROVE_ALL_KEY",
    "loads_code",
    "DIGEST_HEX",
    "private_place",
    "private_owner",
    "public_service",
]

DIGEST_HEX = re.compile(r"\b(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{128})\b")
"""A SHA-256 or SHA-512 digest written out in hex: what a checked download is compared against."""

CREDENTIAL_PATH = re.compile(
    r"(?:\.ssh/(?:id_\w+(?!\.pub)\b|identity(?!\.pub)\b|[\w-]*_key(?!\.pub)\b)|\.ssh/?(?=[\s'\"`)]|$)|\.aws/credentials|\.aws/config|\.kube/config|\.docker/config\.json|"
    r"\.netrc\b|\.git-credentials|\.npmrc\b|\.pypirc\b|\.gem/credentials\b|\.cargo/credentials(?:\.toml)?\b|\.gnupg\b|\.config/gh/hosts\.yml|\.azure/(?:accessTokens|msal_token_cache)|"
    r"\.config/gcloud|application_default_credentials\.json|Login Data|Local State|(?:Default|Profile \d+)/Cookies|cookies\.sqlite|"
    r"logins\.json|key[34]\.db|Library/Keychains|login\.keychain|\.password-store|/etc/shadow|"
    r"\.(?:bash|zsh|sh|ksh|mksh|python|node_repl|psql|mysql|sqlite)_history\b|\.zhistory\b|fish/fish_history\b|"
    r"ConsoleHost_history\.txt|\$\{?HISTFILE\b|"
    r"wallet\.dat|\.config/solana/id\.json|\.ethereum/keystore|\.mozilla/firefox|Google/Chrome/|BraveSoftware|"
    r"/proc/(?:self|\d+|\$\$|\$\{?PPID\}?|\*)/environ\b|"
    # tokens and passwords other tools keep: R's environment file, Hex and Gradle keys, Android signing passwords and
    # keystores, JetBrains' credential store and its key, Electron chat apps' session storage, database and
    # object-store client passwords, Pulumi's and Databricks' tokens
    r"\.Renviron\b|\.hex/hex\.config\b|\.gradle/gradle\.properties\b|(?<![\w.-])key\.properties\b|"
    r"(?<![\w-])[\w-]{1,80}\.(?:jks|keystore)\b|(?<![\w.-])c\.(?:kdbx|pwd)\b|(?:Slack|discord|Teams)/Local Storage/leveldb|"
    r"\.pgpass\b|\.my\.cnf\b|\.s3cfg\b|\.boto\b|rclone/rclone\.conf\b|\.databrickscfg\b|"
    r"\.pulumi/credentials\.json\b)",
)
"""A path (or a piece of one) where credentials, keys, cookies or saved logins live, a shell's or a database client's
history (where typed passwords and tokens land), or a process's whole environment (``/proc/self/environ``)."""

DOTENV = re.compile(r"(?:^|/)\.env(?:\.[\w-]+)?$")
"""A project's .env file: reading it is ordinary, sending it over the network is a leak."""

STORE_COMMAND = re.compile(
    r"\bsecurity\s+(?:dump-keychain|find-generic-password|find-internet-password|export)\b|\bsecret-tool\s+lookup\b|"
    r"\bkeyring\s+get\b|\bcmdkey\s+/list\b|\bvaultcmd\b|\blazagne\b|\bmimikatz\b",
    re.IGNORECASE,
)
"""A command that reads a system credential store (keychain, secret service, Windows vault)."""

TOKEN_COMMAND = re.compile(
    r"\b(?:gh\s+auth\s+token|glab\s+auth\s+status\s+-t|aws\s+configure\s+(?:get\s+(?:[\w.]*\.)?(?:aws_)?(?:secret_access_key|access_key_id|session_token)|export-credentials)|aws\s+sts\s+get-session-token|"
    r"gcloud\s+auth\s+(?:print-access-token|print-identity-token|application-default\s+print-access-token)|"
    r"az\s+account\s+get-access-token|kubectl\s+config\s+view\s+[^|;&\n]*--raw|docker-credential-[\w-]+\s+get|"
    r"git\s+(?:-[cC]\s+\S+\s+)*credential\s+fill|op\s+read|op\s+item\s+get\b[^|;&\n]*--reveal|op\s+document\s+get|vault\s+kv\s+get|pass\s+show|"
    r"bw\s+get\s+(?:password|item|totp|notes)|bw\s+list\s+items|lpass\s+show|gopass\s+(?:show|cat)|keepassxc-cli\s+show|npm\s+token\s+list|"
    r"pbpaste|wl-paste|Get-Clipboard|xclip\b[^|;&\n]*\s-o(?:ut)?|xsel\b[^|;&\n]*\s-(?:o|-output)|Get-History|"
    r"(?<![\w.-])fc\s+-l\w*|(?<![\w./-])history(?:\s+\d+)?(?=\s*(?:$|[|;&)>\n])))\b",
)
"""A command that prints a credential: the same secret as the file it lives in (the clipboard too, where copied
passwords, tokens and keys pass, and the shell's history, where typed ones stay)."""

STORE_WORDS = (
    "keychain",
    "Login Data",
    "Local State",
    "cookies",
    "logins.json",
    "key3.db",
    "key4.db",
    "password-store",
    "shadow",
    "wallet",
)

_STARTUP_TAIL = (
    r"(?:[^'\"\n]*?[/\\])?(?:(?:autostart|autoload|startup|plugins?|ftplugin|conf\.d|init\.d|profile\.d|rc\.d|hooks)[/\\]|"
    r"(?:init|startup|autostart|autoexec|user|config)\.(?:lua|vim|el|py|js|rb|sh|fish|zsh|ps1)\b|"
    r"(?:tasks|launch|settings|mcp)\.json\b|[\w.-]+\.pth\b)"
)
_STARTUP_SHAPE = (
    r"(?:(?:(?<![\w.$/-])~|\$\{?HOME\}?|%USERPROFILE%|\$env:(?:USERPROFILE|HOME))[/\\]"
    r"(?:\.(?!(?:net|npm|pypi|yarn)rc\b)[\w-]*(?:rc|profile)\b(?![./\\])|(?:\.[^/\\'\"\n]+|Library|AppData|Application Data)[/\\]"
    + _STARTUP_TAIL
    + ")|"
    r"(?:%(?:APPDATA|LOCALAPPDATA)%|\$env:(?:APPDATA|LOCALAPPDATA))[/\\]" + _STARTUP_TAIL + ")"
)
"""The shape of a start-up place no list names: under the user's home, a hidden rc or profile file (``~/.curlrc``), or
in a hidden folder or the per-user app-data folders, a folder or file that a program loads or runs on its own
(``startup/``, ``conf.d/``, ``plugins/``, ``hooks/``, ``init.lua``, ``user.js``, ``tasks.json``, ``settings.json``,
a ``.pth``): the fallback for the places the list above does not name."""

PERSISTENCE_PATH = re.compile(
    r"(?:\.(?:ba|z|k|c|tc)?shrc\b|\.bash_profile\b|\.bash_login\b|\.zprofile\b|\.zshenv\b|\.zlogin\b|\.profile\b|"
    r"/etc/profile|/etc/bash\.bashrc|/etc/environment|\.config/fish/config\.fish|"
    r"/etc/cron|/var/spool/cron|cron\.d/|crontabs?/|LaunchAgents/|LaunchDaemons/|\.config/autostart|"
    r"\.ssh/rc$|/etc/ssh/sshrc$|"
    r"/etc/systemd/|\.config/systemd/|/lib/systemd/system|\.git/hooks/|\.husky/|/etc/rc\.local|/etc/init\.d/|"
    r"sitecustomize\.py\b|usercustomize\.py\b|site-packages/[^/]*\.pth\b|\.gradle/init\.d/|\.gradle/init\.gradle\b|"
    r"nvim/(?:after/)?(?:plugin|ftplugin)/|nvim/init\.(?:lua|vim)\b|\.vimrc\b|\.vim/(?:after/)?plugin/|"
    r"\.emacs\.d/init\.el\b|\.emacs\b|"
    r"\.config/Code/User/settings\.json|\.claude/settings|\.claude\.json|\.cursor/mcp\.json|claude_desktop_config\.json|"
    r"(?i:Microsoft[\\\\/]+Windows[\\\\/]+Start Menu[\\\\/]+Programs[\\\\/]+Startup|shell:startup|CurrentVersion[\\\\/]*Run(?:Once)?\b)|"
    r"\.emacs\.d/early-init\.el\b|\.config/emacs/(?:early-)?init\.el\b|" + _STARTUP_SHAPE + ")",
)
"""A place whose content runs later on its own: shell start-up files, cron, launchd, systemd, git hooks, agent config,
Python's start-up modules and path files (every interpreter start), Gradle init scripts (every build), an editor's
start-up scripts and plugin folders (Vim, Neovim, Emacs: every time the editor starts)."""

_EDITOR_TASKS = re.compile(r"(?:^|/)\.vscode/tasks\.json$")


def runs_on_open(target: str, text: str | None) -> bool:
    """Whether a write to ``target`` holding ``text`` is an editor task set to run on its own when the folder opens
    (VS Code's ``"runOn": "folderOpen"``): a start-up place like a shell rc file, for every language that writes it."""
    return text is not None and "folderOpen" in text and _EDITOR_TASKS.search(target.replace("\\", "/")) is not None


_TOOL_CONFIG = re.compile(r"(?:^|[/\\])(?:\.npmrc|\.yarnrc(?:\.yml)?|bunfig\.toml|\.bunfig\.toml)$")
_CODE_KEY = re.compile(
    r"(?im)^[ \t]*[\"']?(?:"
    r"node[-_]options[\"']?[ \t]*[=:][^\n]*?(?:--require|-r\b|--import|--loader|--experimental-loader)|"
    r"(?:script-shell|onload-script|init-module)[\"']?[ \t]*[=:]|"
    r"preload[\"']?[ \t]*="
    r")"
)
"""A package manager's own config that names code the tool loads each time it runs: ``node-options`` with a
``--require`` (every npm script starts that module first), npm's ``script-shell``, ``onload-script`` and
``init-module``, Bun's ``preload``."""


def loads_code(target: str, text: str | None) -> bool:
    """Whether a write to ``target`` holding ``text`` makes a package manager load code each time it runs in any
    project: the user's or the machine's config (``~/.npmrc``, ``~/.bunfig.toml``) with a key that names a module or
    shell to start. A registry or a token in the same files is a setting, not code, and a project's own config (a
    test preload in its ``bunfig.toml``) is the project's business, in plain view in its repository."""
    return (
        text is not None
        and target.startswith(("~", "/", "$HOME", "%USERPROFILE%", "$env:"))
        and _TOOL_CONFIG.search(target.replace("\\", "/")) is not None
        and _CODE_KEY.search(text) is not None
    )


APPROVE_ALL_KEY = re.compile(
    r"[\"'`]?\b(?:auto[-_]?approve(?:[-_]?all)?|always[-_]?allow(?:[-_]?all)?|yolo(?:[-_]?mode)?|trust(?:[-_]?all)?(?:[-_]?tools)?|"
    r"yes[-_]?(?:to[-_]?)?(?:always|all)|always[-_]?(?:yes|approve|accept)|auto[-_]?(?:accept|confirm)(?:[-_]?all)?|"
    r"skip[-_]?(?:all[-_]?)?(?:confirmations?|permissions?|approvals?|prompts?)|dangerously\w*)[\"'`]?\s*(?::|=>|=)\s*"
    r"(?:true\b|True\b|\$true\b|1\b|[\"'`]\*[\"'`]|\[\s*[\"'`]\*[\"'`]|[\"'`](?:all|always|yes)[\"'`])|"
    # OpenCode's permission block: "bash": "allow" runs every shell command without asking
    r"[\"'`]bash[\"'`]\s*:\s*[\"'`]allow[\"'`]",
    re.IGNORECASE,
)
"""A setting, under any client's name for it, that approves every tool or skips every confirmation."""

INTERPRETERS = frozenset(
    {
        "sh",
        "bash",
        "zsh",
        "dash",
        "ksh",
        "fish",
        "python",
        "python2",
        "python3",
        "perl",
        "ruby",
        "node",
        "php",
        "deno",
        "bun",
        "iex",
        "invoke-expression",
        "pwsh",
        "powershell",
        "source",
        ".",
        "osascript",
    }
)
DOWNLOADERS = frozenset(
    {"curl", "wget", "fetch", "iwr", "invoke-webrequest", "invoke-restmethod", "irm", "aria2c", "http", "https", "xh"}
)
NET_TOOLS = frozenset({"nc", "ncat", "netcat", "socat", "telnet", "ssh", "scp", "sftp", "rsync", "ftp", "tftp"})

SECRET_NAME = re.compile(
    r"(?:SECRET|TOKEN|PASSW(?:OR)?D|PASS\b|API_?KEY|ACCESS_?KEY|PRIVATE|CREDENTIAL|AUTH|SESSION|COOKIE|(?:^|_)PAT(?:_|$))",
    re.IGNORECASE,
)
"""An environment variable name that holds a secret."""

_COLLECTORS = (
    "webhook.site",
    "webhook.cool",
    "requestbin.com",
    "requestbin.net",
    "requestcatcher.com",
    "pipedream.net",
    "pipedream.com",
    "hookbin.com",
    "beeceptor.com",
    "mockbin.org",
    "postb.in",
    "ptsv2.com",
    "ptsv3.com",
    "requestinspector.com",
    "webhook-test.com",
    "interact.sh",
    "oast.fun",
    "oast.pro",
    "oast.live",
    "oast.site",
    "oast.online",
    "oast.me",
    "burpcollaborator.net",
    "oastify.com",
    "canarytokens.com",
    "dnslog.cn",
    "ceye.io",
    "ngrok.io",
    "ngrok.app",
    "ngrok-free.app",
    "ngrok-free.dev",
    "ngrok.dev",
    "trycloudflare.com",
    "loca.lt",
    "localtunnel.me",
    "serveo.net",
    "localhost.run",
    "lhr.life",
    "bore.pub",
    "pagekite.me",
    "telebit.cloud",
    "tunnelto.dev",
    "pastebin.com",
    "paste.ee",
    "hastebin.com",
    "ghostbin.com",
    "dpaste.org",
    "dpaste.com",
    "termbin.com",
    "ix.io",
    "0x0.st",
    "transfer.sh",
    "file.io",
    "temp.sh",
    "bashupload.com",
    "oshi.at",
    "anonfiles.com",
    "gofile.io",
    "catbox.moe",
    "pastes.dev",
    "rentry.co",
    "controlc.com",
    "privatebin.net",
    "requestbin.io",
    "hookdeck.com",
    "smee.io",
    "webhookrelay.com",
    "ntfy.sh",
    "paste.rs",
    "sprunge.us",
    "bpa.st",
    "pastebin.pl",
    "litterbox.catbox.moe",
    "filebin.net",
    "tmpfiles.org",
    "uguu.se",
    "pixeldrain.com",
    "ngrok.pizza",
    "pinggy.link",
    "pinggy.io",
    "devtunnels.ms",
    "loophole.site",
    "packetriot.net",
    "playit.gg",
    "zrok.io",
    "interactsh.com",
    "canarytokens.org",
    "requestrepo.com",
)
_CHAT = re.compile(
    r"(?:discord(?:app)?\.com/api/webhooks/|hooks\.slack\.com/(?:services|workflows)/|api\.telegram\.org/bot)",
    re.IGNORECASE,
)


def url_host_of(url: str) -> str:
    """The lower-case host of a URL (scheme optional), or an empty string. A host ends where a character no host
    name holds begins (``GOPROXY=https://proxy.example,direct`` names proxy.example)."""
    try:
        host = (urlsplit(url if "://" in url else "http://" + url).hostname or "").lower()
    except ValueError:
        return ""
    return _NOT_HOST.split(host, 1)[0]


_NOT_HOST = re.compile(r"[,;|'\"<>\\`]")
"""Characters that end a host (a placeholder's ``$``, ``{``, ``*`` stay: they say the host is computed)."""


_LOCAL_NETWORKS = tuple(
    ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
)

_LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost", "ip6-loopback"})
"""Names every system's hosts file maps to the loopback interface (Debian's hosts file adds the ip6- two)."""


def _host_part(host: str) -> str:
    """The host of ``host[:port]``, ``[v6]:port`` or a URL, lower-case and without a trailing dot."""
    host = host.strip()
    if "://" in host:
        return url_host_of(host).rstrip(".")
    host = host.rsplit("@", 1)[-1].split("/", 1)[0].lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]  # a port; more than one colon is an IPv6 address
    return host.rstrip(".")


def is_local_host(host: str, *, listening: bool = False) -> bool:
    """Whether ``host`` (a name or address, with or without a port, brackets or a scheme) is the user's own machine.

    Local is ``localhost`` and any name under ``.localhost`` (RFC 6761 reserves them for loopback), the loopback
    addresses ``127.0.0.0/8`` and ``::1`` (also IPv4-mapped), and ``0.0.0.0`` / ``::`` as a target, which connects
    to this machine. Addresses are parsed with ``ipaddress``, never matched by prefix: ``127.evil.example``,
    ``127.0.0.1.nip.io`` and ``localhost.evil.example`` are names anyone can point anywhere.

    Not local, on purpose: private ranges (RFC 1918, CGNAT, IPv6 ULA), ``.local`` and ``.internal`` names and
    ``host.docker.internal`` are other machines on a network the user shares with others, where an attacker may
    sit; link-local ``169.254.0.0/16`` holds the cloud metadata service, and reading it is a credential theft, so it
    is never local. A name or form the parser does not take (``0x7f.1``, a decimal address) is not local either:
    when unsure, the stricter reading.

    With ``listening``, ``host`` is an address a server binds to: ``0.0.0.0`` and ``::`` then mean every interface,
    which the whole network reaches, and an empty address (the default bind) is no more local than they are.
    """
    name = _host_part(host)
    if not name:
        return False
    if name in _LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address.is_unspecified:
        return not listening
    return address.is_loopback


def _on_private_network(host: str) -> bool:
    """Whether ``host`` is an address or name of a private network (RFC 1918, CGNAT, ULA; ``.local``, ``.internal``,
    ``.lan``, ``.home.arpa``): not the user's machine, but a network only its own members reach. Link-local (the
    metadata service) is not one."""
    name = _host_part(host)
    if name.endswith((".local", ".internal", ".lan", ".home.arpa")):
        return True
    try:
        address = ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    return any(address in network for network in _LOCAL_NETWORKS if network.version == address.version)


_PUBLIC_SERVICES = {
    "1.1.1.1": "cloudflare.com",
    "1.0.0.1": "cloudflare.com",
    "2606:4700:4700::1111": "cloudflare.com",
    "2606:4700:4700::1001": "cloudflare.com",
    "8.8.8.8": "google.com",
    "8.8.4.4": "google.com",
    "2001:4860:4860::8888": "google.com",
    "2001:4860:4860::8844": "google.com",
    "9.9.9.9": "quad9.net",
    "149.112.112.112": "quad9.net",
    "2620:fe::fe": "quad9.net",
    "2620:fe::9": "quad9.net",
    "208.67.222.222": "opendns.com",
    "208.67.220.220": "opendns.com",
}
"""Public resolvers' anycast addresses, which their operators also serve HTTPS on (Cloudflare's trace page on
1.1.1.1): well-known services written as numbers, not a stranger's server hidden behind an address."""


def public_service(host: str) -> str | None:
    """The operator's domain of a well-known public service address (``1.1.1.1`` is cloudflare.com), else None."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None
    return _PUBLIC_SERVICES.get(str(address))


def is_public_ip(host: str) -> bool:
    """Whether ``host`` is a literal IP address outside loopback, private and link-local ranges."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
        return False
    # A local network is not a drop; documentation ranges (198.51.100.0/24) stand for public hosts and count.
    return not any(address in network for network in _LOCAL_NETWORKS if network.version == address.version)


@functools.lru_cache(maxsize=4096)  # asked again for each command and sentence naming the URL
def endpoint_kind(url: str) -> str | None:
    """What a URL's host is when it is a usual drop for stolen data: collector, chat webhook, bare IP; else None."""
    host = url_host_of(url)
    if any(host == name or host.endswith("." + name) for name in _COLLECTORS):
        return "collector"
    if _CHAT.search(url):
        return "chat-webhook"
    if is_public_ip(host) and public_service(host) is None:
        return "bare-ip"
    return None


_ALIASES = {
    "hf": "huggingface",
    "gh": "github",
    "gl": "gitlab",
    "aws": "amazonaws",
    "gcp": "googleapis",
    "gcloud": "googleapis",  # gcloud auth print-access-token: Google's APIs (storage.googleapis.com)
    "gsutil": "googleapis",
    "glab": "gitlab",
    "az": "azure",
    "oai": "openai",
    "do": "digitalocean",
    "cf": "cloudflare",
}


WELL_KNOWN_SITES = (
    "github.com",
    "githubusercontent.com",
    "gitlab.com",
    "bitbucket.org",
    "pypi.org",
    "pythonhosted.org",
    "npmjs.org",
    "npmjs.com",
    "rubygems.org",
    "openai.com",
    "anthropic.com",
    "amazonaws.com",
    "googleapis.com",
    "google.com",
    "microsoft.com",
    "stripe.com",
    "slack.com",
    "docker.com",
    "cloudflare.com",
    "huggingface.co",
    "hashicorp.com",
    "crates.io",
    "maven.org",
    "nuget.org",
    "packagist.org",
)
"""Sites a skill's code commonly talks to: a host one edit from one of these is dressed up as it."""
_BORROWED = (
    "github",
    "anthropic",
    "openai",
    "stripe",
    "pypi",
    "npmjs",
    "amazonaws",
    "googleapis",
    "huggingface",
    "hashicorp",
    "pythonhosted",
    "rubygems",
    "crates",
    "maven",
    "nuget",
    "packagist",
)
"""Vendor names that a third party's domain has no reason to carry as a hyphenated word (``anthropic-skills.net``)."""


def site_of(host: str) -> str:
    """The site a host name belongs to, read as its last two labels (``api.github.com`` -> github.com); a bare name
    is its own site."""
    labels = host.split(".")
    return ".".join(labels[-2:]) if len(labels) >= 2 else host


PACKAGE_INDEXES = ("pypi.org", "pythonhosted.org", "npmjs.org", "npmjs.com", "yarnpkg.com")
"""The package indexes of Python and npm (and yarn's own), which a pip or npm configuration may name as its index."""


def package_index(host: str, others: tuple[str, ...] = ()) -> bool:
    """Whether ``host`` is one of ``PACKAGE_INDEXES`` (or ``others``), or a host under one."""
    return any(host == own or host.endswith("." + own) for own in (*PACKAGE_INDEXES, *others))


@functools.lru_cache(maxsize=4096)  # a page names the same hosts many times
def lookalike_site(host: str) -> str | None:
    """The well-known site ``host`` imitates (``api.githubb.com`` -> github.com, ``x.anthropic-skills.net`` ->
    anthropic.com), or None for the site itself, its subdomains and unrelated hosts."""
    labels = [label for label in host.lower().rstrip("*?\x00").rstrip(".").split(".") if label]
    if len(labels) < 2 or not all(re.fullmatch(r"[a-z0-9-]+", label) for label in labels):
        return None  # not a whole host name (``api.github.com*``, a part left unresolved): nothing to compare
    domain = ".".join(labels[-2:])
    if domain in WELL_KNOWN_SITES:
        return None
    for site in WELL_KNOWN_SITES:
        if len(site.split(".")[0]) >= 4 and _one_edit(domain, site):
            return site
    for brand in _BORROWED:
        if re.search(rf"(?:^|-){brand}(?:-|$)", labels[-2]) and labels[-2] != brand:
            return next((site for site in WELL_KNOWN_SITES if site.startswith(brand + ".")), brand)
    # a whole domain worn as the front labels of another (releases.vendor.com.cdn-cache.example): the reader stops
    # at ".com"; a country code after it (example.com.au) is a real suffix, not another host
    for at in range(1, len(labels) - 1):
        rest = labels[at + 1 :]
        worn = f"{labels[at - 1]}.{labels[at]}"
        if labels[at] in _GENERIC_TLDS and not (len(rest) == 1 and len(rest[0]) == 2):
            # "dev", "app", "ai" are words of an organisation's own names too (pkgs.dev.azure.com, api.dev.acme.com):
            # worn in front they imitate only a site that is known
            if labels[at] in _WORD_TLDS and worn not in WELL_KNOWN_SITES and labels[at - 1] not in _known_names():
                continue
            return worn
    return None


@functools.lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    """The first labels of the well-known sites and the borrowed brands (github, bun, anthropic)."""
    return frozenset(site.split(".")[0] for site in WELL_KNOWN_SITES) | frozenset(_BORROWED)


_GENERIC_TLDS = frozenset({"com", "org", "net", "io", "dev", "app", "sh", "ai"})
_WORD_TLDS = frozenset({"dev", "app", "sh", "ai"})


def related_host(name: str, host: str) -> bool:
    """Whether a credential named ``name`` (GITHUB_TOKEN) plausibly belongs to ``host`` (api.github.com). A project's
    .env file belongs to no host whose name merely holds "env" (``envschema.example``), only to a .env vault's own
    (``vault.dotenv.org``)."""
    if name.lstrip(".").lower() == "env":
        return lookalike_site(host) is None and "dotenv" in host.lower().split(".")
    if lookalike_site(host) is not None:
        return False  # GITHUB_TOKEN to api.githubb.com: the name matches, the site is an imitation
    words = [_ALIASES.get(w, w) for w in re.split(r"[^a-z0-9]+", name.lower())]
    words = [w for w in words if len(w) >= 3 and w not in ("token", "key", "api", "secret", "access", "auth", "pat")]
    labels = [label for label in host.split(".") if label]
    return bool(words) and any(
        word in label or (len(label) >= 4 and label in word) for word in words for label in labels
    )


def item_for_site(item: str, host: str) -> bool:
    """Whether a keychain item's service name (``linear-skill``, ``notion cli``) names the site ``host`` belongs to
    (api.linear.app): one of its words is the site's own label, not merely part of a longer one."""
    if lookalike_site(host) is not None:
        return False
    labels = [label for label in host.lower().split(".") if label]
    if len(labels) < 2:
        return False
    site = labels[-3] if len(labels) >= 3 and labels[-2] in ("co", "com", "org", "net") else labels[-2]
    words = [w for w in re.split(r"[^a-z0-9]+", item.lower()) if len(w) >= 3]
    return site in words


_VENDORS = frozenset(
    {
        "github",
        "openai",
        "anthropic",
        "amazonaws",
        "azure",
        "googleapis",
        "google",
        "huggingface",
        "slack",
        "discord",
        "telegram",
        "stripe",
        "twilio",
        "sendgrid",
        "mailgun",
        "heroku",
        "vercel",
        "netlify",
        "cloudflare",
        "digitalocean",
        "sentry",
        "datadog",
        "linear",
        "notion",
        "jira",
        "shopify",
        "mistral",
        "cohere",
        "groq",
        "replicate",
        "supabase",
        "firebase",
        "circleci",
        "travis",
    }
)
"""Providers whose credential a variable's name announces (GITHUB_TOKEN, OPENAI_API_KEY, AWS_SECRET_ACCESS_KEY)."""


_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "gov", "ac", "edu"})
"""Labels that make a country's second level (example.co.uk): the site is the three last labels there."""
_SELF_HOSTED = frozenset({"github", "gitlab", "sentry", "jira", "supabase"})
"""Providers whose server a company may run at the provider's name under its own domain (github.acme.com)."""
_VENDOR_HOSTS = {
    "openai": ("openai.azure.com",),
    "github": ("githubusercontent.com", "ghcr.io", "githubapp.com"),
    "amazonaws": ("amazon.com", "aws.dev", "awsapps.com", "cloudfront.net"),
    "azure": ("windows.net", "microsoft.com", "microsoftonline.com", "visualstudio.com", "azurecr.io"),
    "google": ("googleapis.com", "gcr.io", "pkg.dev", "googleusercontent.com"),
    "googleapis": ("google.com", "gcr.io", "pkg.dev"),
    "huggingface": ("hf.co",),
    "discord": ("discordapp.com",),
    "telegram": ("t.me",),
}
"""Hosts a provider also answers at whose names do not spell it (Azure storage at *.blob.core.windows.net)."""


def vendor_of(name: str | None) -> str | None:
    """The provider a credential's variable name says it belongs to (``OPENAI_API_KEY`` -> ``openai``), or None for a
    name of no provider (``API_TOKEN``, ``REPORT_API_TOKEN``): a token whose owner the name tells."""
    if not name:
        return None
    for word in re.split(r"[^a-z0-9]+", name.lower()):
        word = _ALIASES.get(word, word)
        if word in _VENDORS:
            return word
    return None


def foreign_vendor_host(name: str | None, dest: str) -> str | None:
    """The provider of a credential named ``name`` when ``dest`` is a host that is not that provider's (GITHUB_TOKEN
    in a header to metrics.example.net), else None. A provider's token sent to any other named host leaves it."""
    vendor = vendor_of(name)
    host = url_host_of(dest) if "://" in dest else ""  # an address the user configures names no stranger
    if vendor is None or not host or "\x00" in host or host.strip("*.?") == "" or name is None:
        return None
    if is_local_host(host):
        return None
    if any(host == suffix or host.endswith("." + suffix) for suffix in _VENDOR_HOSTS.get(vendor, ())):
        return None
    labels = [label for label in host.lower().split(".") if label]
    # The site the host belongs to decides, not any label of it: openai-relay.collect.example wears the vendor's
    # name in front of a stranger's domain. A provider that companies run themselves (GitHub Enterprise, Sentry,
    # Jira) may sit at its own name under the company's domain (github.acme.com).
    site = ".".join(labels[-3:] if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL else labels[-2:])
    if related_host(name, site) or (vendor in site and lookalike_site(host) is None):
        return None
    if vendor in _SELF_HOSTED and vendor in labels[:-2] and lookalike_site(host) is None:
        return None
    return vendor


_THE_APIS_KEY = frozenset({"api", "token", "key", "access", "auth", "bearer", "x"})
"""Words of a credential name that says only "the key of the API" (API_KEY, ACCESS_TOKEN): a skill asks for one of
these for the service it calls, wherever the user points it (a base URL from the environment with a default)."""


def header_leaves(name: str | None, dest: str, purpose_names: bool) -> bool:
    """Whether a secret whose name names no provider (DEPLOY_SECRET, SESSION_TOKEN), carried in a request header,
    leaves for a stranger: the script names the host itself, and that host is neither local, nor one the secret's
    name points at, nor the service the skill says it is for (``purpose_names``). Whatever the header is called, the
    receiving host reads the value; only the service the token was issued for is its use. A host the user configures
    or passes (no host in the script) is the user's choice."""
    if not name or name.startswith("\x00") or vendor_of(name) is not None or not SECRET_NAME.search(name):
        return False
    if all(word in _THE_APIS_KEY for word in re.split(r"[^a-z0-9]+", name.lower()) if word):
        return False  # API_KEY, ACCESS_TOKEN: the key of whatever API the script calls, named for no other purpose
    host = (url_host_of(dest) if "://" in dest else "").lower()
    if not host or "\x00" in host or "*" in host or "?" in host or "." not in host or purpose_names:
        return False
    if is_local_host(host) or _on_private_network(host):
        return False  # the user's machine, or one on the user's own network that a stranger outside cannot reach
    return not related_host(name, host)


def credential_what(text: str) -> str | None:
    """The credential place a string names (``~/.ssh/id_rsa``), or None."""
    match = CREDENTIAL_PATH.search(text)
    return match.group(0) if match else None


def is_store(what: str) -> bool:
    """Whether a credential place is a system store (keychain, browser logins) rather than a key file."""
    return any(word.lower() in what.lower() for word in STORE_WORDS)


CREDENTIAL_FILES = (
    "~/.ssh/id_rsa",
    "~/.ssh/id_dsa",
    "~/.ssh/id_ecdsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.kube/config",
    "~/.docker/config.json",
    "~/.netrc",
    "~/.git-credentials",
    "~/.npmrc",
    "~/.pypirc",
    "~/.gem/credentials",
    "~/.cargo/credentials.toml",
    "~/.config/gh/hosts.yml",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.password-store",
    "~/.Renviron",
    "~/.hex/hex.config",
    "~/.gradle/gradle.properties",
    "~/.pgpass",
    "~/.s3cfg",
    "~/.config/rclone/rclone.conf",
    "~/.databrickscfg",
    "~/Library/Keychains/login.keychain-db",
    "~/.config/google-chrome/Default/Login Data",
    "~/Library/Application Support/Google/Chrome/Default/Login Data",
    "~/.mozilla/firefox/default/logins.json",
    "/etc/shadow",
)
"""Where credentials usually live, spelt out: a glob (``~/.ss?/id_*``) is matched against these."""

PERSISTENCE_FILES = (
    "~/.bashrc",
    "~/.zshrc",
    "~/.profile",
    "~/.bash_profile",
    "~/.zprofile",
    "~/.zshenv",
    "~/.config/fish/config.fish",
    "/etc/profile",
    "/etc/bash.bashrc",
    "/etc/crontab",
    "/etc/cron.d/job",
    "~/.config/autostart/app.desktop",
    "~/.config/systemd/user/app.service",
    "/etc/systemd/system/app.service",
    "~/Library/LaunchAgents/app.plist",
    ".git/hooks/pre-commit",
    "~/.claude/settings.json",
)
"""Start-up places spelt out, for globs (``~/.*rc``, ``~/.config/systemd/user/*``)."""


def home_path(path: str) -> str:
    """A path with the home folder written as ``~`` ($HOME, ${HOME}, /root, /home/NAME, /Users/NAME)."""
    return re.sub(r"^(?:\$\{?HOME\}?|/root|/home/[^/]+|/Users/[^/]+)(?=/|$)", "~", path)


_PRIVATE_HOME = re.compile(
    r"^~[/\\](?:\.(?!\.?(?:[/\\]|$))[^/\\\s]+|Library[/\\]|AppData[/\\])|"
    r"^(?:%(?:APPDATA|LOCALAPPDATA)%|\$env:(?:APPDATA|LOCALAPPDATA))[/\\]",
    re.IGNORECASE,
)
_NOT_PRIVATE = re.compile(r"~/(?:\.cache|\.local/bin|\.local/lib|\.npm/_cacache|\.Trash)(?:/|$)")
"""Hidden places of the home folder that hold no one's private data: caches, scratch and installed programs."""
_APP_DATA_STEPS = frozenset(
    {"config", "local", "share", "library", "application support", "appdata", "roaming", "preferences", "state"}
)


def private_place(path: str) -> str | None:
    """The user's private place a path names, whatever tool keeps it, or None: a hidden file or folder of the home
    folder (``~/.xrc``, ``~/.config/op/config``, ``~/.local/share/keyrings/login.keyring``) or the per-user app-data
    folders (``~/Library/...``, ``%APPDATA%``). What a program keeps there is the user's, not the skill's to send."""
    text = home_path(path.strip().replace("\\", "/"))
    if not _PRIVATE_HOME.search(text) or "\x00" in text.split("/", 2)[1] or _NOT_PRIVATE.match(text):
        return None
    return text


def private_owner(place: str) -> str:
    """The tool a private place belongs to, by its folder (``~/.config/op/config`` is op's, ``~/.gemini/x`` gemini's):
    sending it to that tool's own service is the tool's use."""
    steps = [s.lstrip(".") for s in re.split(r"[/\\]", place)[1:] if s and s != "~"]
    named = [s for s in steps[:-1] if s.lower() not in _APP_DATA_STEPS and not s.startswith("$")]
    return named[0] if named else (steps[0] if steps else "")


def climbed_path(path: str) -> str:
    """Where a path that steps back with ``..`` lands, from its home or root start: ``~/.cache/../.ssh`` is ``~/.ssh``,
    ``$HOME/../..`` is ``/``. A climb above the home folder lands among the homes (``/home``). A relative path, whose
    start is wherever the script runs, stays as written."""
    text = path.replace("\\", "/")
    if ".." not in text.split("/"):
        return path
    text = home_path(re.sub(r"^(?:\$env:(?:USERPROFILE|HOME)|%USERPROFILE%)(?=/|$)", "~", text, flags=re.IGNORECASE))
    if text == "~" or text.startswith("~/"):
        steps, rest = ["home", "~"], text[2:]
    elif text.startswith("/"):
        steps, rest = [], text[1:]
    else:
        return path
    for step in rest.split("/"):
        if step == "..":
            steps = steps[:-1]
        elif step not in ("", "."):
            steps.append(step)
    if steps[:2] == ["home", "~"]:
        return "/".join(["~", *steps[2:]])
    return "/" + "/".join(steps)


_REGEX_SYNTAX = re.compile(r"\[[^\]/]*\\[sSdDwW][^\]/]*\]|[*+]\?|\(\?[:=!<]")
"""What only a regular expression spells (a class escape inside brackets, a lazy quantifier, a group flag): no
shell or PowerShell glob has it, so text holding it is never a path."""


def _glob_hits(pattern: str, names: tuple[str, ...]) -> str | None:
    pattern = home_path(pattern)
    if not any(ch in pattern for ch in "*?["):
        return None
    if not pattern.startswith(("~", "/")) and not any(ch.isalnum() for ch in pattern):
        return None  # "*", "**", "*/*": everything under wherever it runs, nothing that names a credential
    if _REGEX_SYNTAX.search(pattern):
        return None  # '[\s\S]*?', '\d+': a regular expression the script matches text with, not a path it opens
    for name in names:
        if fnmatchcase(name, pattern) or (not pattern.startswith(("~", "/")) and fnmatchcase(name, "*/" + pattern)):
            return name
    return None


def credential_glob(pattern: str) -> str | None:
    """The credential file a glob (``~/.ss?/id_*``, ``$HOME/.aws/cred*``) takes in, or None; a glob over the home
    folder's settings whose file name asks for secrets by name (``~/.config/*/token*``) takes in whatever tool keeps
    one there, spelt out or not."""
    found = _glob_hits(pattern, CREDENTIAL_FILES)
    if found is not None:
        return found
    home = home_path(pattern.strip())
    name = home.rstrip("/").rsplit("/", 1)[-1]
    if home.startswith("~/.") and any(ch in home for ch in "*?[") and _SECRET_FILE_NAME.search(name):
        return home
    return None


_SECRET_FILE_NAME = re.compile(
    r"^[*?]*(?:token|secret|cred|passw|api[-_]?key|auth(?!orized)|private[-_]?key|id_)", re.I
)
"""The start of a file name that says it holds a secret (``token*``, ``*secret*``, ``cred*``, ``*api_key*``)."""


CREDENTIAL_FOLDERS = frozenset(
    {
        "~/.ssh",
        "~/.aws",
        "~/.kube",
        "~/.docker",
        "~/.gnupg",
        "~/.azure",
        "~/.config/gh",
        "~/.config/gcloud",
        "~/.password-store",
        "~/Library/Keychains",
    }
)
"""Folders that hold little but credentials: archiving or copying one whole takes the keys in it."""


def credential_folder(path: str) -> str | None:
    """The credential folder a path (or a glob) names whole (``~/.aws``, ``$HOME/.kube/``, ``~/.do*``), or None."""
    path = home_path(path.strip()).rstrip("/")
    if path.endswith("/*"):
        path = path[:-2]
    if path in CREDENTIAL_FOLDERS:
        return path
    if any(ch in path for ch in "*?[") and path.startswith("~/"):
        return next((f for f in sorted(CREDENTIAL_FOLDERS) if fnmatchcase(f, path)), None)
    return None


def persistence_glob(pattern: str) -> str | None:
    """The start-up file a glob (``~/.*shrc``) takes in, or None."""
    return _glob_hits(pattern, PERSISTENCE_FILES)


_DOTENV_SAMPLES = (".env", ".env.local", ".env.production", "app/.env", "app/.env.local")
"""The .env files a project usually holds: a glob that takes in one of them reads the project's secrets."""


def _brace_alternatives(pattern: str, limit: int = 16) -> list[str]:
    """The patterns a glob's ``{a,b}`` groups stand for (``.env{,.*}`` -> ``.env``, ``.env.*``), at most ``limit``."""
    found = re.search(r"\{([^{}]*)\}", pattern)
    if found is None:
        return [pattern]
    out: list[str] = []
    for choice in found.group(1).split(","):
        out.extend(_brace_alternatives(pattern[: found.start()] + choice + pattern[found.end() :], limit))
        if len(out) >= limit:
            break
    return out[:limit]


def dotenv_glob(pattern: str) -> str | None:
    """The .env file a glob takes in (``**/.env*``, ``.env{,.*}``, ``*/.env.local``), or None. A glob that asks only for
    a template (``**/.env.example``) or for every file (``**/*``) names no .env file."""
    if "env" not in pattern.lower() or not any(ch in pattern for ch in "*?[{") or _REGEX_SYNTAX.search(pattern):
        return None
    for choice in _brace_alternatives(pattern.strip()):
        choice = choice.removeprefix("./")
        if "env" not in choice.lower():
            continue
        for sample in _DOTENV_SAMPLES:
            if fnmatchcase(sample, choice) or fnmatchcase(sample, choice.removeprefix("**/")):
                return sample
    return None


def glob_place(pattern: str) -> str | None:
    """The telling file a glob takes in, spelt out: a credential file, a project's .env file or a start-up file."""
    return credential_glob(pattern) or dotenv_glob(pattern) or persistence_glob(pattern)


POPULAR_PACKAGES = frozenset(
    {
        # PyPI
        "requests",
        "numpy",
        "pandas",
        "urllib3",
        "setuptools",
        "boto3",
        "botocore",
        "django",
        "flask",
        "pyyaml",
        "cryptography",
        "certifi",
        "charset-normalizer",
        "colorama",
        "pillow",
        "matplotlib",
        "scipy",
        "pytest",
        "jinja2",
        "click",
        "httpx",
        "aiohttp",
        "beautifulsoup4",
        "selenium",
        "openai",
        "anthropic",
        "pydantic",
        "fastapi",
        "uvicorn",
        "sqlalchemy",
        "psycopg2",
        "tensorflow",
        "torch",
        "scikit-learn",
        "python-dateutil",
        "packaging",
        "virtualenv",
        "paramiko",
        "pycryptodome",
        "lxml",
        "docker",
        "kubernetes",
        "google-auth",
        "protobuf",
        "grpcio",
        "pymongo",
        # npm
        "lodash",
        "express",
        "react",
        "react-dom",
        "axios",
        "chalk",
        "commander",
        "typescript",
        "webpack",
        "moment",
        "debug",
        "dotenv",
        "yargs",
        "eslint",
        "prettier",
        "mocha",
        "underscore",
        "request",
        "bluebird",
        "cross-env",
        "node-fetch",
        "socket.io",
        "mongoose",
        "body-parser",
        "jquery",
        "colors",
        "inquirer",
        "rimraf",
        "minimist",
        "semver",
        "electron",
        # RubyGems, crates
        "rails",
        "bundler",
        "nokogiri",
        "tokio",
        "reqwest",
    }
)
"""Package names an attacker imitates with one letter off (``reqeusts``)."""


def one_edit_from(name: str) -> str | None:
    """The popular package ``name`` is one edit (or one swap) away from, when it is not that package itself."""
    name = name.lower()
    if name in POPULAR_PACKAGES or len(name) < 5:
        return None
    for popular in sorted(POPULAR_PACKAGES):
        if abs(len(popular) - len(name)) <= 1 and len(popular) >= 5 and _one_edit(name, popular):
            return popular
    return None


def _one_edit(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if len(a) > len(b):
        a, b = b, a
    return any(b[:i] + b[i + 1 :] == a for i in range(len(b)))


PROMPTED = "reads a secret typed at a prompt"
"""How every analyser names a value typed at a prompt that hides it (``getpass``, ``read -s``, ``Read-Host
-AsSecureString``, ``osascript ... with hidden answer``) or asks for a secret by name (``input("Password: ")``): a
password or token the user hands over by hand."""
PROMPT_TARGET = "password prompt"
"""The target of the ``reads`` capability a password prompt gives. The skill-level passes that pair any read with any
send leave it out: only a followed flow judges a typed value, so one sent in its own service's header stays quiet."""
SECRET_PROMPT = re.compile(
    r"(?i)\b(?:pass(?:word|phrase|code)|pass\s+word|api[\s_-]?key|access[\s_-]?key|secret(?:\s+key)?|token|pin(?:\s+code)?|"
    r"2fa|otp|mfa|one[\s-]time\s+code|verification\s+code|seed\s+phrase|recovery\s+phrase|mnemonic|private\s+key|"
    r"credentials?)\b"
)
"""A prompt that asks for a secret by name: what is typed there is one, echoed or not (``input("Password: ")``)."""
DIALOG_PROMPT = re.compile(
    r"\bwith\s+hidden\s+answer\b|\b(?:zenity|kdialog)\b[^\n|;]*--password\b|\bsystemd-ask-password\b|\bssh-askpass\b"
)
"""A command that shows a dialog hiding its answer and prints what is typed (osascript, zenity, kdialog)."""
_PROMPT_FILLER = frozenset(
    "enter your the a an please type input paste new current for to of here now again confirm re".split()
)


def prompt_name(prompt: str | None) -> str:
    """A variable-like name for what a password prompt asks for (``"Enter your GitHub token: "`` -> ``GITHUB_TOKEN``), so
    the provider checks that judge ``$GITHUB_TOKEN`` judge the typed value alike; ``PASSWORD`` when it says nothing."""
    words = [w for w in re.split(r"[^a-z0-9]+", (prompt or "").lower()) if w and w not in _PROMPT_FILLER]
    return "_".join(words[:4]).upper() or "PASSWORD"


def prompt_owner(name: str, dest: str, purpose_names: bool = False) -> bool:
    """Whether sending a value typed at a password prompt to ``dest`` is the user's own login: an address the user
    configures (no host the code names), the host the prompt names (``GitHub token`` to api.github.com), a
    well-known service that is no drop for stolen data, or a host the skill's stated purpose names."""
    host = url_host_of(dest) if "://" in dest else ""
    if not host or "\x00" in host or host.strip("*.?") == "" or is_local_host(host):
        return True
    if endpoint_kind(dest if "://" in dest else "https://" + host) is not None or lookalike_site(host) is not None:
        return False
    well_known = any(host == site or host.endswith("." + site) for site in WELL_KNOWN_SITES)
    return related_host(name, host) or well_known or purpose_names


# Names the operating system keeps for its own jobs: a launchd label in Apple's reverse-DNS space, Microsoft's or
# Google's updater names, a systemd unit in systemd's own prefix. No skill is the vendor, so its start-up job under
# such a name is dressed as the system's and meant to pass a look at the list of jobs unnoticed.
_VENDOR_JOB = re.compile(
    r"(?i)(?:^|[/\\\s\"'=])(?:com\.apple\.|com\.microsoft\.|com\.google\.keystone|microsoftedgeupdate|"
    r"googleupdatetask|onedrive ?standalone ?update|systemd-[a-z-]+\.(?:service|timer)\b|"
    r"(?:org\.(?:gnome|freedesktop|kde)\.|gnome-keyring|gnome-shell|gnome-session|xdg-desktop-portal|xdg-user-dirs|"
    r"at-spi|pipewire|pulseaudio|tracker-miner|evolution-data-server|polkit|dbus-|kwalletd|plasma-)[\w.-]*"
    r"\.(?:desktop|service|timer)\b)"
)


def disguised_job(place: str) -> str | None:
    """The vendor name a start-up job written to ``place`` wears (``com.apple.…`` in ~/Library/LaunchAgents,
    ``MicrosoftEdgeUpdate…`` as a task), else None. Only the file or job name is read, not the folder."""
    name = place.rstrip("/").rsplit("/", 1)[-1]
    found = _VENDOR_JOB.search(name)
    return found.group(0).strip("/\\ \"'=") if found else None
