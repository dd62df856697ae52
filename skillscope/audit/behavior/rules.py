"""The behaviour rules: id, default severity, title and help, grouped by family."""

from __future__ import annotations

from typing import Literal

__all__ = ["FAMILIES", "BEHAVIOR_RULES", "family_of"]

FAMILIES = (
    "instructions",
    "exfiltration",
    "obfuscation",
    "persistence",
    "permissions",
    "deception",
    "secrets",
    "triggers",
)

_I = "Prose in a Markdown or text file, outside code, that tries to steer the agent against its user."
BEHAVIOR_RULES: tuple[tuple[str, Literal["error", "warning", "note"], str, str], ...] = (
    # (id, severity, title, help)
    (
        "skillscope/instructions/override",
        "error",
        "Instruction override",
        f"Tells the agent to ignore, forget or override its earlier instructions, rules or guardrails. {_I}",
    ),
    (
        "skillscope/instructions/jailbreak",
        "error",
        "Jailbreak mode",
        f"Tells the agent it is now in a developer, unrestricted or similar mode without its rules. {_I}",
    ),
    (
        "skillscope/instructions/concealment",
        "error",
        "Concealment from the user",
        f"Tells the agent to keep something from the user (do not tell, inform or mention; silently; without the user knowing). {_I}",
    ),
    (
        "skillscope/instructions/no-confirmation",
        "error",
        "Acting without confirmation",
        f"Tells the agent to act without asking the user for confirmation, permission or approval. {_I}",
    ),
    (
        "skillscope/instructions/impersonation",
        "error",
        "System or role impersonation",
        f"Text posing as a system, developer or vendor message (<system> tags, SYSTEM: blocks, chat-template tokens). {_I}",
    ),
    (
        "skillscope/instructions/hidden",
        "error",
        "Hidden instructions",
        "Text no rendered page shows (an HTML comment, hidden HTML, a link title, Unicode tag characters) that gives the agent orders: run, send, install, delete, ignore.",
    ),
    (
        "skillscope/instructions/credential-request",
        "error",
        "Instruction to collect credentials",
        f"Tells the agent to read, print or send credentials, keys or the environment. {_I}",
    ),
    (
        "skillscope/exfiltration/data-flow",
        "error",
        "Credentials or environment sent out",
        "Code reads credentials, keys, a credential store or the whole environment and sends them over the network; the finding says where the data comes from and where it goes.",
    ),
    (
        "skillscope/exfiltration/credential-read",
        "warning",
        "Credential store read",
        "Code reads a credential file or store (SSH keys, cloud credentials, keychain, browser logins). Reading a keychain or browser store is an error.",
    ),
    (
        "skillscope/exfiltration/reverse-shell",
        "error",
        "Reverse shell",
        "Code connects a shell to a remote host (/dev/tcp, nc -e, socat exec).",
    ),
    (
        "skillscope/obfuscation/download-exec",
        "error",
        "Download and execute",
        "Code runs what it downloads (curl | sh, bash <(curl), download to a file then run it, exec of a fetched response). A documented installer in a Markdown page is a warning.",
    ),
    (
        "skillscope/obfuscation/decode-exec",
        "error",
        "Decode and execute",
        "Code runs what it decodes (base64, hex, reversed or chunked strings, chr() joins) with exec, eval, Function or a shell.",
    ),
    (
        "skillscope/obfuscation/dynamic-builtin",
        "error",
        "Computed builtin or import",
        "getattr on builtins or __import__ with a name computed at run time, hiding which function is called.",
    ),
    (
        "skillscope/obfuscation/dynamic-exec",
        "warning",
        "Dynamic code execution",
        "exec, eval, compile or Function on text that is not a constant.",
    ),
    (
        "skillscope/obfuscation/encoded-blob",
        "warning",
        "Encoded blob next to a decoder",
        "A long high-entropy string in a file that also decodes data; an error when the file can also execute code.",
    ),
    (
        "skillscope/obfuscation/unanalysable",
        "warning",
        "Code too deep to analyse",
        "A script nests expressions so deeply that it cannot be analysed; nesting like that is a way to hide from scanners.",
    ),
    (
        "skillscope/persistence/startup",
        "error",
        "Persistence",
        "Code writes to shell start-up files, crontab, LaunchAgents, systemd units or git hooks, or points git at its own hooks, so something runs later without the skill.",
    ),
    (
        "skillscope/persistence/agent-config",
        "error",
        "Agent configuration shipped",
        "The skill ships agent configuration (.mcp.json, .claude/settings*.json, hooks/hooks.json, a frontmatter hooks: block) that would add servers, hooks or permissions; each is listed.",
    ),
    (
        "skillscope/permissions/unrestricted-shell",
        "warning",
        "Unrestricted shell requested",
        "allowed-tools grants a shell without restriction (Bash, Bash(*), or sudo or an interpreter with any arguments: Bash(sudo:*)). An error when a script of the skill does harm or uploads files.",
    ),
    (
        "skillscope/permissions/write-and-network",
        "warning",
        "Write and network requested",
        "allowed-tools grants both writing files and reaching the network. An error when a script of the skill does harm or uploads files.",
    ),
    (
        "skillscope/permissions/claim-mismatch",
        "error",
        "Claims contradicted by the scripts",
        "The description or SKILL.md says the skill works offline, is read-only or sends nothing (or allowed-tools grants only reading), yet a script sends data or file contents over the network; the finding points at that line.",
    ),
    (
        "skillscope/deception/link-mismatch",
        "error",
        "Link text spells another address",
        "A Markdown or HTML link shows one address and points at another host.",
    ),
    (
        "skillscope/deception/lookalike-host",
        "error",
        "Look-alike host",
        "A URL's host mixes scripts or uses punycode (xn--), so it can imitate a familiar name.",
    ),
    (
        "skillscope/deception/exfil-endpoint",
        "error",
        "Data-collection endpoint",
        "A URL points at a request-capture, webhook-testing, tunnel or paste service, the usual places stolen data is sent.",
    ),
    (
        "skillscope/deception/chat-webhook",
        "warning",
        "Hard-coded chat webhook",
        "A Discord, Slack or Telegram bot webhook is written into the skill; anything posted there leaves the machine.",
    ),
    (
        "skillscope/deception/bare-ip",
        "warning",
        "Address by bare IP",
        "A URL or connection names a public IP address instead of a host name.",
    ),
    (
        "skillscope/secrets/token",
        "warning",
        "Hard-coded secret",
        "A provider token or private key is written into the skill (shown redacted). An error when it is set as the credential the code or its tools use (TOKEN = ..., export AWS_SECRET_ACCESS_KEY=...): the skill then acts through its author's account.",
    ),
    (
        "skillscope/triggers/time-bomb",
        "warning",
        "Date or time trigger",
        "Code compares the current date or time with a fixed moment, so it acts differently after a date. An error when the condition (a date, a weekday, an hour) guards harm: a secret sent out, download and run, a destructive delete.",
    ),
    (
        "skillscope/triggers/run-counter",
        "warning",
        "Run-counter trigger",
        "Code counts its runs and acts on the Nth one; an error when that guards harm.",
    ),
    (
        "skillscope/triggers/magic-value",
        "warning",
        "Magic-value trigger",
        "Code switches behaviour on a fixed string in its input, environment, branch or host name, or prose tells the agent to switch on a fixed phrase in the user's message; an error when what it switches to is harm (data sent out, destruction, lying to the user).",
    ),
)


def family_of(check_id: str) -> str | None:
    """The behaviour family of a finding id (``skillscope/<family>/<rule>``), or None for other findings."""
    parts = check_id.split("/")
    return parts[1] if len(parts) == 3 and parts[0] == "skillscope" and parts[1] in FAMILIES else None
