"""The skillscope exception tree (protocol/errors.py turns every SDK error into it) and the exit codes the CLI maps it to.

SkillscopeError                 base; carries a title, a message and an exit code
├── UsageError                  bad arguments, bad names, bad config (exit 2)
│   └── ConfigError             the config file cannot be read or is invalid
├── ConnectionFailed            cannot attach or talk to a server (exit 3)
│   ├── ServerUnreachable       command not found, HTTP connect refused, DNS
│   ├── ServerExited            a stdio server ended; carries the tail of its stderr
│   ├── Unauthorised            HTTP 401/403
│   ├── ProtocolViolation       the server's answer breaks the protocol or a bound
│   │   └── MethodError         a request was answered with a JSON-RPC error; carries code, message, method
│   ├── RequestTimedOut         connect or a request exceeded its timeout
│   └── ExtensionNotOffered     the server does not declare the skills extension
├── SkillNotFound               no skill answers to the name (exit 4)
├── VerificationFailed          content did not verify (exit 1)
│   └── PathRefused             the local-folder publisher refused a path on purpose; nothing was read
├── ApprovalRefused             an approval breaks a rule: unverified, pinned fingerprint, findings (exit 1)
├── LocalFileError              a local file cannot be read or written (exit 5)
│   └── LedgerError             the ledger cannot be read or written
│       └── LedgerDamaged       the hash chain is broken or the last line is torn
└── ScanStopped                 the child process scanning content stopped before it answered (the TUI's)
"""

from __future__ import annotations

from collections.abc import Sequence

from skillscope.core.textsafe import safe_line

__all__ = [
    "EXIT_OK",
    "EXIT_VERIFY",
    "EXIT_USAGE",
    "EXIT_CONNECTION",
    "EXIT_NOT_FOUND",
    "EXIT_LEDGER",
    "EXIT_FILE",
    "EXIT_INTERRUPTED",
    "SkillscopeError",
    "UsageError",
    "ConfigError",
    "ConnectionFailed",
    "ServerUnreachable",
    "ServerExited",
    "Unauthorised",
    "ProtocolViolation",
    "MethodError",
    "RequestTimedOut",
    "ExtensionNotOffered",
    "SkillNotFound",
    "VerificationFailed",
    "PathRefused",
    "ApprovalRefused",
    "LocalFileError",
    "LedgerError",
    "LedgerDamaged",
    "ScanStopped",
]

EXIT_OK = 0
EXIT_VERIFY = 1
EXIT_USAGE = 2
EXIT_CONNECTION = 3
EXIT_NOT_FOUND = 4
EXIT_FILE = 5
EXIT_LEDGER = EXIT_FILE
EXIT_INTERRUPTED = 130


class SkillscopeError(Exception):
    """Base of every error skillscope reports to a person."""

    exit_code = EXIT_USAGE
    title = "Error"

    def __init__(self, message: str, *, detail: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class UsageError(SkillscopeError):
    """The command line or a name given by the user cannot be used."""

    title = "Usage error"


class ConfigError(UsageError):
    """The config file is missing, unreadable or invalid."""

    title = "Config error"


class ConnectionFailed(SkillscopeError):
    """The server could not be attached to or stopped answering properly."""

    exit_code = EXIT_CONNECTION
    title = "Connection failed"


class ServerUnreachable(ConnectionFailed):
    """The command could not be started or the URL could not be reached."""


class ServerExited(ConnectionFailed):
    """A stdio server process ended; ``detail`` holds the tail of its stderr."""


class Unauthorised(ConnectionFailed):
    """The HTTP server refused the request with 401 or 403."""

    title = "Unauthorised"


class ProtocolViolation(ConnectionFailed):
    """The server's answer is not what the protocol allows, or exceeds a bound."""

    title = "Protocol error"


class MethodError(ProtocolViolation):
    """The server answered one request with a JSON-RPC error instead of a result.

    ``code`` and ``data`` are as sent; ``server_message`` is the server's own text (untrusted:
    make it safe before showing it). The SDK also reports a request that got no answer in time
    as -32001 and a closed connection as -32000; ``protocol`` names those more precisely where
    it can.
    """

    def __init__(
        self, code: int, server_message: str, method: str, data: object = None, *, detail: str | None = None
    ) -> None:
        super().__init__(f"{method} failed: error {code}: {safe_line(server_message)}", detail=detail)
        self.code = code
        self.server_message = server_message
        self.method = method
        self.data = data


class RequestTimedOut(ConnectionFailed):
    """Connecting or a single request took longer than its timeout."""

    title = "Timed out"


class ExtensionNotOffered(ConnectionFailed):
    """The server does not declare the skills extension (or declares it unusably)."""

    title = "No skills"


class SkillNotFound(SkillscopeError):
    """No skill of the server answers to the requested name."""

    exit_code = EXIT_NOT_FOUND
    title = "Skill not found"


class VerificationFailed(SkillscopeError):
    """Served content did not match the skill's entry."""

    exit_code = EXIT_VERIFY
    title = "Verification failed"


class PathRefused(VerificationFailed):
    """skillscope's own local-folder publisher refused to serve a path (a link, a FIFO, a device, a bad name).

    A deliberate refusal, not a server that could not answer: the file is judged as refused content.
    ``message`` names the path and what it is; it holds file names from the folder, already made safe.
    """

    title = "Refused"


class ApprovalRefused(SkillscopeError):
    """An approval was not recorded: the skill did not verify, its fingerprint moved, or the audit found errors."""

    exit_code = EXIT_VERIFY
    title = "Approval refused"


class LocalFileError(SkillscopeError):
    """A local file (the ledger, an ``-o`` report, the config, the trust store) cannot be read or written."""

    exit_code = EXIT_FILE
    title = "File error"


class LedgerError(LocalFileError):
    """The approval ledger cannot be read or written; nothing was recorded."""

    title = "Ledger error"


class LedgerDamaged(LedgerError):
    """The ledger's hash chain is broken or its last line is unfinished."""

    title = "Ledger damaged"

    def __init__(self, message: str, *, detail: str | None = None, problems: Sequence[object] | None = None) -> None:
        super().__init__(message, detail=detail)
        self.problems = list(problems or ())


class ScanStopped(SkillscopeError):
    """The child process that scans content for the TUI stopped before it answered: nothing was judged."""

    title = "Scan stopped"
