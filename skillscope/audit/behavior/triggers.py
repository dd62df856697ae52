"""Trigger rules for any code: fixed dates or times, run counters and magic values that switch behaviour."""

from __future__ import annotations

import re
from math import log2

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.rules import BEHAVIOR_RULES
from skillscope.core.textsafe import safe_line

__all__ = ["scan_triggers", "scan_blobs", "scan_prose_triggers"]

_NOW = r"(?:\bGet-Date\b|\[datetime\]::(?:Now|UtcNow|Today)\b|\bDateTime\.(?:Now|UtcNow|Today)\b|datetime\.(?:datetime\.)?(?:now|utcnow|today)\(\)|date\.today\(\)|time\.time\(\)|Date\.now\(\)|new\s+Date\(\)(?:\.getTime\(\))?|\$\(date\s+\+%[A-Za-z%]+\)|\bnow\b|\btoday\b)"
_MOMENT = r"(?:\b(?:DateTime|LocalDate(?:Time)?|ZonedDateTime|OffsetDateTime|Time|time|NaiveDate(?:Time)?|Utc|Local|Date)(?:\.|::)(?:utc|of|new|Date|local|gm|mktime|from_ymd\w*|with_ymd\w*|ymd\w*)\(\s*20\d\d\b[^)\n]*\)?|(?:time\.mktime|timegm)\(\s*\(\s*20\d\d\s*,[^)]*\)|Date\.(?:UTC|parse)\(\s*['\"]?20\d\d[^)]*\)|datetime\.?(?:datetime)?\(\s*20\d\d\s*,[^)]*\)|date\(\s*20\d\d\s*,[^)]*\)|new\s+Date\(\s*['\"]?20\d\d[^)]*\)|['\"]20\d\d-\d\d-\d\d[^'\"]*['\"]|\b1[6-9]\d{8}\b|\b20\d\d[01]\d[0-3]\d\b)"
_TIME_BOMB = re.compile(
    rf"{_NOW}[^\n]{{0,40}}?(?:[<>]=?|==|-gt|-ge|-lt|-le|-eq|\.(?:is)?(?:[Aa]fter|[Bb]efore|[Ee]qual)\(|\.compareTo\()\s*[^\n]{{0,10}}?{_MOMENT}|"
    rf"{_MOMENT}[^\n]{{0,30}}?(?:[<>]=?|==|\.(?:is)?(?:[Aa]fter|[Bb]efore)\()\s*[^\n]{{0,10}}?{_NOW}",
    re.IGNORECASE,
)
# The count may be read through a call (bumpRunCount() % 50 === 0) and compared with JavaScript's ===.
_COUNTER = re.compile(
    r"\b(\w*(?:run|exec|invocation|call|launch|use|start)s?_?(?:count|counter|num|number|total)\w*|counter|run_count|runs)(?:\(\s*\))?\s*"
    r"(?:(?:>=|===?|>|-ge|-eq|-gt)\s*(\d+)|%\s*(\d+)\s*===?\s*0)",
    re.IGNORECASE,
)
_MAGIC = re.compile(
    r"(?:getuser\(\)|gethostname\(\)|os\.environ(?:\.get)?\(?\[?\s*['\"](?:USER|HOSTNAME|LOGNAME)['\"]\]?\)?|\$(?:USER|HOSTNAME)|"
    r"os\.hostname\(\)|process\.env\.(?:USER|HOSTNAME))\s*(?:==|===|!=|-eq|=)\s*['\"][^'\"\n]{3,}['\"]|"
    # Windows names the machine, user and domain in its own variables; PowerShell compares with -eq, -like, -match.
    r"(?:\$env:|os\.environ(?:\.get)?\(?\[?\s*['\"]|process\.env\.)(?:USERNAME|COMPUTERNAME|USERDOMAIN|USERDNSDOMAIN|LOGONSERVER)\b['\"]?\]?\)?"
    r"\s*(?:==|===|!=|-[ci]?(?:eq|ne|like|notlike|match))\s*['\"][^'\"\n]{3,}['\"]|"
    r"\bif\s+['\"][^'\"\n]{6,}['\"]\s+in\s+(?:prompt|user_input|message|query|text|request)\b"
)
_BLOB = re.compile(r"['\"`]([A-Za-z0-9+/=_-]{200,}|(?:[0-9a-fA-F]{2}){100,})['\"`]")
_DECODER = re.compile(
    r"b64decode|base64\s+-d|base64\s+--decode|fromhex|unhexlify|atob\(|Buffer\.from|decompress|codecs\.decode|xxd\s+-r"
)
_DECODER_WORDS = (
    "b64decode",
    "base64",
    "fromhex",
    "unhexlify",
    "atob(",
    "Buffer.from",
    "decompress",
    "codecs.decode",
    "xxd",
)
_EXEC = re.compile(
    r"\bexec\s*\(|\beval\s*\(|\bFunction\s*\(|subprocess|os\.system|child_process|\|\s*(?:ba)?sh\b|marshal\.loads|pickle\.loads"
)


_TRIGGERS = tuple(
    (pattern, check, what, words)
    for pattern, check, what, words in (
        (
            _TIME_BOMB,
            "skillscope/triggers/time-bomb",
            "acts differently after a fixed date or time",
            ("now", "today", "time()", "Date", "date"),
        ),
        (
            _COUNTER,
            "skillscope/triggers/run-counter",
            "counts its runs and acts on a given one",
            ("count", "Count", "runs", "number", "total", "num"),
        ),
        (
            _MAGIC,
            "skillscope/triggers/magic-value",
            "switches behaviour on a fixed user, host or input value",
            (
                "getuser",
                "hostname",
                "USER",
                "HOSTNAME",
                "LOGNAME",
                "COMPUTERNAME",
                "DOMAIN",
                "LOGONSERVER",
                "if '",
                'if "',
            ),
        ),
    )
)


_CONDITION = re.compile(
    r"^[ \t]*(?:\}\s*)?(?:if|elif|else\s+if|while|unless)\b[^\n]*|^[ \t]*\[\[?[^\n]*?\]\]?[ \t]*&&[^\n]*|^[ \t]*case\s+\S[^\n]*\s+in\b[^\n]*|"
    # Perl's statement modifier (`rmtree($dir) if $wday == 5;`): the condition after the act, outside any string
    r"^[ \t]*(?=[^\n]*;[ \t]*$)(?:[^'\"\n#]|\"[^\"\n]*\"|'[^'\n]*')*?\S[ \t]+(?:if|unless)[ \t]+[^\n]*",
    re.MULTILINE,
)
_MOMENT_BIND = re.compile(
    rf"^[ \t]*(?:(?:const|let|var|local|readonly|export)\s+)?\$?([A-Za-z_]\w*)\s*(?::\s*[\w.]+\s*)?:?=[^=\n][^\n]*?{_MOMENT}",
    re.MULTILINE | re.IGNORECASE,
)
"""A name set to a fixed moment (``deadline = time.mktime((2026, 9, 1, ...))``, ``const at = new Date("2026-11-01")``):
comparing the clock with it is comparing the clock with that moment."""
_CLOCK_BIND = re.compile(
    r"^[ \t]*(?:(?:my|our|local|const|let|var)\s+)?([^=\n;]{1,120}?)\s*:?=(?![=~>])[^\n]*?"
    r"(?:\b(?:localtime|gmtime|strftime)\b|DateTime->(?:now|today)|\b(?:datetime|date)\.(?:now|today|utcnow)\(|"
    r"new\s+Date\(\s*\)|\bTime\.now\b|\$\(date\b)",
    re.MULTILINE,
)
"""Names set from the clock (``my @t = localtime;``, ``my ($s, $m, $h, $mday, $mon, $y, $wday) = localtime;``,
``my $dow = (localtime)[6];``, ``now = datetime.now()``): a condition on one of them is a condition on the date."""
_LITERAL = re.compile(r"['\"`][^'\"`\n]{2,}['\"`]|(?<![\w.$])\d+(?:\.\d+)?(?![\w.])|^\s*case\b")
_COMPARE = re.compile(
    r"^\s*case\b|===?|!==?|[<>]=?|\s-(?:eq|ne|gt|ge|lt|le)\s|\s(?:eq|ne)\s|\s=\s|\bin\b|\.(?:includes|startswith|endswith|startsWith|endsWith|contains|match|test)\("
)
_FLAG_VALUE = re.compile(r"(?i)0|1|true|false|yes|no|on|off|y|n|")
"""The values a command-line flag or switch holds."""
_PLATFORM = re.compile(
    r"(?i)darwin|linux|linux2|win32|windows|windows_nt|cygwin|msys|macos|osx|freebsd|openbsd|netbsd|x86_64|amd64|arm64|"
    r"aarch64|i[3-6]86|posix|nt"
)
"""What operating system or processor the code runs on: a port's dispatch, not a victim picked."""
_KEY_BEFORE = re.compile(r"(?:environ|ENV|env|getenv|\.get|fetch|process\.env)\s*[\[(]\s*$")
"""Just before a literal: the literal is the name of a setting looked up (``os.environ.get("KEEP_DB")``), not a value."""
_USER_INPUT = re.compile(
    r"\$\{?[1-9@*#]|\$OPTARG\b|\bsys\.argv\b|\bargv\b|\bARGV\b|\bargs?\.\w|\bopts?\.\w|\boptions\.\w|\bparams\.\w|"
    r"\bprocess\.argv\b|\$PSBoundParameters\b|\$args\b|\bflag\.Arg|\bos\.Args\b|\binput\(|\bRead-Host\b|\bread\s+-r"
)
"""A value the user hands the script: its arguments, options, an answer typed at a prompt."""


def _chosen_by_user(condition: str, text: str, depth: int = 0) -> bool:
    """Whether a condition tests what the user typed: the arguments themselves, or a name bound to them
    (``cmd="${1:-}"``, ``action = args.action``)."""
    if _USER_INPUT.search(condition):
        return True
    if depth >= 2:
        return False
    for name in set(re.findall(r"\$\{?([A-Za-z_]\w*)|\b([A-Za-z_]\w*)\b", condition)):
        word = name[0] or name[1]
        if len(word) < 2 or word in ("if", "in", "case", "elif", "while", "then", "not", "and", "or"):
            continue
        bound = re.search(
            rf"(?m)^[ \t]*(?:(?:local|const|let|var|my|readonly)\s+)?\$?{re.escape(word)}\s*:?=(?!=)([^\n]*)", text
        )
        if bound and _chosen_by_user(bound.group(1), text, depth + 1):
            return True
    return False


_CASE_LABEL = re.compile(r"^[ \t]*\(?[ \t]*([^()\n*;]+?)[ \t]*\)", re.MULTILINE)


def _documented(ctx: Ctx, condition: str, start: int) -> bool:
    """Whether every value a user-input condition picks is named somewhere else: the script's usage or help text, or
    another file of the skill (its page). A value only the condition knows (``"$city" == "Zephyr-Nine"``, an
    undocumented ``--purge-zx81``) is a password the skill's author keeps: a trigger."""
    text = ctx.text
    if condition.lstrip().startswith("case"):
        body = text[start : _guarded(text, start)[1]]
        values = [v.strip().strip("'\"") for m in _CASE_LABEL.finditer(body) for v in m.group(1).split("|")]
    else:
        values = [
            m.group(0).strip("'\"` ")
            for m in _LITERAL.finditer(condition)
            if not _KEY_BEFORE.search(condition, 0, m.start())
        ]
    values = [v for v in values if v and _FLAG_VALUE.fullmatch(v) is None and not v.startswith("$")]
    if not values:
        return False
    others = [t for path, t in ctx.skill_files.items() if path != ctx.path]
    for value in values:
        word = re.compile(rf"(?<![\w-]){re.escape(value)}(?![\w-])")
        if len(word.findall(text)) < 2 and not any(word.search(other) for other in others):
            return False
    return True


_CHANCE = re.compile(r"\b(?:s?rand\w*|\w*Random\w*)\b|\$RANDOM\b|\bSRANDOM\b", re.IGNORECASE)
"""Any random draw: rand(100), Random.rand, Math.random(), random.random(), randint, secrets.randbelow, rand.Intn,
crypto.randomInt, Get-Random, $RANDOM."""
_DATE_PART = re.compile(
    r"\b(?:getDay|getDate|getMonth|getHours|getFullYear|getUTCDay|getUTCHours|weekday|isoweekday|now|today|utcnow|localtime|"
    r"strftime|Date)\b|\.(?:day|month|hour|year)\b|date\s+\+%"
)
_HOST_PART = re.compile(
    r"hostname|gethostname|getuser|getlogin|whoami|\bUSER\b|\bLOGNAME\b|\$HOSTNAME|platform\.node|os\.userInfo|uname\s+-n"
)
_INCREMENT = re.compile(r"\b([A-Za-z_]\w*)\s*(?:\+=\s*1\b|\+\+)|\b([A-Za-z_]\w*)\s*=\s*[^\n]*\+\s*1\b")
_SYSTEM_DIR = r"/(?:etc|usr|var|home|Users|opt|srv|root|boot|lib|bin|sbin|Library|System|Applications|mnt|data)\b"
_DESTROY = re.compile(
    rf"\brm\s+-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*[\"']?(?:/(?:\*|\s|[\"']|$)|{_SYSTEM_DIR}|~|\$HOME|\$\{{HOME\}}|\*)|"
    rf"shutil\.rmtree\(\s*(?:Path\.home\(\)|os\.path\.expanduser|['\"](?:~|/['\"]|{_SYSTEM_DIR})|os\.environ)|"
    rf"\bfs\.(?:rmSync|rmdirSync|rm|rmdir)\([^)\n]*(?:homedir\(\)|['\"](?:~|/['\"]|{_SYSTEM_DIR}))|\bmkfs\b|\bdd\s+[^\n]*of=/dev/|\bshred\b|\bwipefs\b|"
    r"\bgit\s+push\s+[^\n]*--force|\bDROP\s+(?:TABLE|DATABASE)\b",
    re.IGNORECASE | re.MULTILINE,
)
"""Destroying the user's data: a recursive delete of home, the root or a system folder (not /tmp, not the workspace), a disk overwrite, a forced push, a dropped database."""
_DESTROY_WORDS = (
    "rm -",
    "rmtree",
    "rmSync",
    "rmdirSync",
    "fs.rm",
    "mkfs",
    "of=/dev",
    "shred",
    "wipefs",
    "--force",
    "DROP ",
    "drop table",
    "drop database",
)


_ERRORS = frozenset(rule for rule, level, _, _ in BEHAVIOR_RULES if level == "error")


def _guarded(text: str, start: int) -> tuple[int, int]:
    """The stretch a condition at ``start`` guards: the rest of its line and the lines indented deeper below it."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end < 0 else line_end
    indent = len(text[line_start:line_end]) - len(text[line_start:line_end].lstrip())
    end = line_end
    for line in text[line_end + 1 :].split("\n"):
        if line.strip() and (len(line) - len(line.lstrip()) <= indent):
            break
        end += len(line) + 1
    return start, min(end, len(text))


def _definition(text: str, name: str) -> re.Match[str] | None:
    """Where a function of this file named ``name`` is defined (def, function, func, sub, or a shell ``name() {``)."""
    return re.search(
        rf"^[ \t]*(?:(?:async\s+)?def|function|func|sub)\s+{re.escape(name)}\b|^[ \t]*{re.escape(name)}\s*\(\)\s*\{{",
        text,
        re.MULTILINE,
    )


def _harm(ctx: Ctx, start: int, end: int, own: set[str], depth: int = 0, *, follow: bool = False) -> str | None:
    """What harmful thing happens between ``start`` and ``end``: an error finding already there, or a destructive command."""
    for raw in ctx.hits:
        if (
            start <= raw.start < end
            and raw.check not in own
            and (raw.severity == "error" or (raw.severity is None and raw.check in _ERRORS))
        ):
            return raw.message
    if follow and depth < 2:  # the guarded code calls a function of this file that does it (`if host...: _upload()`)
        for called in set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", ctx.text[start:end])):
            defined = _definition(ctx.text, called)
            if defined is not None and not (start <= defined.start() < end):
                inner = _harm(ctx, *_guarded(ctx.text, defined.start()), own, depth + 1, follow=True)
                if inner:
                    return inner
    destroy = _DESTROY.search(ctx.text, start, end)
    if destroy is None:
        return None
    line_end = ctx.text.find("\n", destroy.start())
    return (
        f"destroys data ({safe_line(ctx.text[destroy.start() : line_end if line_end >= 0 else end].strip(), limit=80)})"
    )


def scan_triggers(ctx: Ctx) -> None:
    """Dates, run counters and magic values compared in code; an error when the condition guards harm."""
    text = ctx.text
    own = {check for _, check, _, _ in _TRIGGERS}
    reported: dict[int, int] = {}
    for pattern, check, what, hint in _TRIGGERS:
        if not any(word in text for word in hint):
            continue  # a cheap test for the words every match holds
        for match in pattern.finditer(text):
            if check == "skillscope/triggers/run-counter" and (match.group(2) or match.group(3) or "0") in ("0", "1"):
                continue
            harm = _harm(ctx, *_guarded(text, match.start()), own)
            line = text.count("\n", 0, match.start())
            reported[line] = len(ctx.hits)
            ctx.add(
                check,
                f"{what}: {safe_line(match.group(0), limit=100)!r}"
                + (f", guarding: {safe_line(harm, limit=120)}" if harm else ""),
                match.start(),
                match.end(),
                "error" if harm else None,
            )
    _identity_tests(ctx, own, reported)
    if not any(word in text for word in ("if", "while", "&&", "unless", "case")):
        return
    if not any(
        h.check in _ERRORS and h.severity in (None, "error") or h.severity == "error" for h in ctx.hits
    ) and not any(word in text for word in _DESTROY_WORDS):
        return  # nothing harmful here for a condition to guard
    counters = {a or b for a, b in _INCREMENT.findall(text)}
    moments = set(_MOMENT_BIND.findall(text)) if re.search(r"20\d\d", text) else set()
    places = set(_WHERE_BIND.findall(text)) if any(w in text for w in _WHERE_WORDS) else set()
    gates = set(_EVASION_BIND.findall(text)) if _EVASION.search(text) else set()
    clocks = {
        name
        for left in _CLOCK_BIND.findall(text)
        for name in re.findall(r"[A-Za-z_]\w*", left)
        if name not in ("my", "our", "local", "const", "let", "var")
    }
    for match in _CONDITION.finditer(text):
        condition = match.group(0)
        if text.count("\n", 0, match.start()) in reported:
            continue
        named = (
            set(re.findall(r"[A-Za-z_]\w*", condition)) if moments or counters or places or clocks or gates else set()
        )
        # where the code runs (its time zone, locale, the repository's remote) tested against a fixed set or pattern
        where = bool(_WHERE.search(condition) or named & places) and _WHERE_TEST.search(condition) is not None
        # a flag tested against 0/1/true/false (`[[ $share -eq 1 ]]`, `if args.upload == True`) switches on what the
        # user asked for, not on a value picked to choose victims (a run counter's 1 still counts)
        literal = bool(named & counters) or any(
            _FLAG_VALUE.fullmatch(m.group(0).strip("'\"` ")) is None
            and _PLATFORM.fullmatch(m.group(0).strip("'\"` ")) is None
            and not _KEY_BEFORE.search(condition, 0, m.start())
            for m in _LITERAL.finditer(condition)
        )
        fixed = bool(_COMPARE.search(condition) or where) and bool(literal or named & moments or where)
        # what kind of machine it runs on (CI, a container, a small or young VM, a debugger): a test needs no fixed value
        probe = None if fixed else _EVASION.search(condition) or _probing_call(text, condition)
        gate = [] if fixed else sorted(named & gates)
        if not (fixed or probe or gate):
            continue
        harm = _harm(ctx, *_guarded(text, match.start()), own, follow=where or bool(probe or gate))
        if harm is None:
            continue  # a condition on a fixed value is ordinary code; only one that guards harm is a trigger
        if probe or gate:
            at = match.start() + len(condition) - len(condition.lstrip())
            if not probe:  # the probe is where the name is set: point there, the test is one line below it
                bind = next(b for b in _EVASION_BIND.finditer(text) if b.group(1) == gate[0])
                at = bind.start(1)
                reported[text.count("\n", 0, at)] = len(ctx.hits)
            ctx.add(
                "skillscope/triggers/magic-value",
                "switches on where it runs (CI or not, a container, the machine's size or uptime, a debugger): "
                f"{safe_line(condition.strip(), limit=100)!r}, guarding: {safe_line(harm, limit=120)}",
                at,
                text.find("\n", at) if text.find("\n", at) >= 0 else len(text),
                "error",
            )
            continue
        if where:
            check, what = (
                "skillscope/triggers/magic-value",
                "switches on where it runs (time zone, locale or repository)",
            )
        elif named & counters:
            check, what = "skillscope/triggers/run-counter", "counts its runs and acts on a given one"
        elif _DATE_PART.search(condition) or named & (moments | clocks):
            check, what = "skillscope/triggers/time-bomb", "acts on a given day, date or time"
        elif _CHANCE.search(condition):
            check, what = "skillscope/triggers/magic-value", "acts on a random share of runs"
        elif (
            not _HOST_PART.search(condition)
            and _chosen_by_user(condition, text)
            and _documented(ctx, condition, match.start())
        ):
            continue  # a subcommand or option the user types, named in a usage line or the page: the user's choice
        else:
            check, what = (
                "skillscope/triggers/magic-value",
                "switches on a fixed value" + (" of the host or user" if _HOST_PART.search(condition) else ""),
            )
        at = match.start() + len(condition) - len(condition.lstrip())
        ctx.add(
            check,
            f"{what}: {safe_line(condition.strip(), limit=100)!r}, guarding: {safe_line(harm, limit=120)}",
            at,
            match.end(),
            "error",
        )


_EVASION = re.compile(
    r"\b(?:CI|GITHUB_ACTIONS|GITLAB_CI|JENKINS_(?:URL|HOME)|BUILDKITE|CIRCLECI|TRAVIS|TF_BUILD|CONTINUOUS_INTEGRATION|"
    r"KUBERNETES_SERVICE_HOST)\b|\.dockerenv\b|\.containerenv\b|/proc/1/cgroup|systemd-detect-virt|\bhypervisor\b|"
    r"/sys/class/dmi|\bcpus\(\)|\bcpu_count\(|\bnproc\b|\bhardwareConcurrency\b|\bNumCPU\(|\bProcessorCount\b|"
    r"\bavailableProcessors\(|\btotalmem\(|\bMemTotal\b|\buptime\b|\bboot_time\(|\bgettrace\(|\bIsDebuggerPresent\b"
)
"""A probe of whether the code runs where someone watches it: a CI runner, a container, a VM with few CPUs, little memory
or a recent boot, a debugger. Harm run only when the probes say "a real workstation" evades the sandboxes that vet it."""


def _probing_call(text: str, condition: str) -> re.Match[str] | None:
    """A probe made inside a function of this file that the condition calls (``if ... and _real_workstation():``)."""
    for called in re.findall(r"\b([A-Za-z_]\w*)\s*\(", condition):
        defined = _definition(text, called)
        if defined is not None:
            found = _EVASION.search(text, *_guarded(text, defined.start()))
            if found is not None:
                return found
    return None


_EVASION_BIND = re.compile(
    rf"^[ \t]*(?:(?:const|let|var|local|readonly|export|my|final|val)\s+)?\$?([A-Za-z_]\w*)\s*(?::\s*[\w\[\]]+\s*)?:?="
    rf"[^=\n][^\n]*(?:{_EVASION.pattern})",
    re.MULTILINE,
)
_WHERE = re.compile(
    r"\btzname\b|\btimeZone\b|\btzlocal\b|\bTZ\b|\bgetlocale\b|\bLANG\b|\bLC_ALL\b|\bresolvedOptions\b|"
    r"git\s+remote\s+get-url|remote\.origin\.url|git\s+config\s+--get\s+remote\.|\bremote_url\b"
)
"""A value saying where the code runs: the machine's time zone or locale, the repository's remote (its organisation)."""
_WHERE_WORDS = ("tzname", "timeZone", "tzlocal", "TZ", "getlocale", "LANG", "LC_ALL", "resolvedOptions", "remote")
_WHERE_BIND = re.compile(
    rf"^[ \t]*(?:const\s+|let\s+|var\s+|local\s+|\$)?([A-Za-z_]\w*)\s*(?::\s*[\w\[\]]+\s*)?:?=[^=\n][^\n]*(?:{_WHERE.pattern})",
    re.MULTILINE,
)
_WHERE_TEST = re.compile(
    r"===?|!==?|\s&\s|\bin\b|\.(?:test|match|includes|startswith|endswith|startsWith|endsWith|contains|search)\(|=~|-(?:i|c)?(?:like|match)\b"
)
"""A test of such a value against something fixed: a comparison, a set intersection, a pattern."""

_IDENTITY = (
    r"(?:USER|LOGNAME|HOSTNAME|USERNAME|COMPUTERNAME|USERDOMAIN|USERDNSDOMAIN|GITHUB_REPOSITORY(?:_OWNER)?|GITHUB_ACTOR|"
    r"CI_PROJECT_(?:PATH|NAMESPACE)|CI_REPO(?:_OWNER)?|BUILDKITE_ORGANIZATION_SLUG|CIRCLE_PROJECT_(?:USERNAME|REPONAME))"
)
_IDENTITY_CALL = (
    r"\b(?:socket\.(?:getfqdn|gethostname)|platform\.node|getpass\.getuser|os\.(?:getlogin|hostname|Hostname)|"
    r"os\.userInfo\(\)\.username|Socket\.gethostname|Etc\.getlogin|Dns\.GetHostName|\[Environment\]::MachineName)\s*\("
    r"|\$\((?:hostname|whoami|uname\s+-n)[^)]*\)"
)
"""A call that answers who or where the code runs: the host's name, the user's login."""
_IDENTITY_BIND = re.compile(
    rf"^[ \t]*(?:const\s+|let\s+|var\s+|\$)?([A-Za-z_]\w*)\s*(?:,\s*_\w*\s*)?:?=[^=\n][^\n]*"
    rf"(?:['\"]{_IDENTITY}['\"]|{_IDENTITY_CALL})",
    re.MULTILINE,
)
_FIXED = (
    r"\s*(?:==|===|!=|!==)\s*['\"][^'\"\n]{3,}['\"]|\s+-(?:i|c)?(?:eq|ne|like|notlike)\s+['\"][^'\"\n]{3,}['\"]|"
    r"\.(?:startswith|endswith|startsWith|endsWith|start_with\?|end_with\?)\(\s*[(\[]?\s*['\"][^'\"\n]{3,}['\"]"
)
_ENV_IDENTITY = re.compile(
    rf"(?:\bENV\[\s*['\"]{_IDENTITY}['\"]\s*\]|\bENV\.fetch\(\s*['\"]{_IDENTITY}['\"][^)\n]*\)|"
    rf"\bos\.environ(?:\.get\(\s*|\[\s*)['\"]{_IDENTITY}['\"][^)\]\n]*[)\]]|\bos\.getenv\(\s*['\"]{_IDENTITY}['\"][^)\n]*\)|"
    rf"\bprocess\.env\.{_IDENTITY}\b|\$env:{_IDENTITY}\b)"
    rf"(?:\.(?:to_s|strip|lower|downcase|toLowerCase)(?:\(\))?)*(?:{_FIXED})"
)
"""A CI or machine identity read from the environment and compared with a fixed value in place, no name between."""


def _identity_tests(ctx: Ctx, own: set[str], reported: dict[int, int]) -> None:
    """A value naming who or where the code runs (user, host, CI repository or organisation), read into a variable and then
    compared with a fixed string: the code picks its victims."""
    text = ctx.text
    names = {match.group(1) for match in _IDENTITY_BIND.finditer(text)} if "=" in text else set()
    inline = [_ENV_IDENTITY] if any(w in text for w in ("ENV", "environ", "getenv", "process.env", "$env:")) else []
    patterns = [re.compile(rf"\b{re.escape(name)}(?:{_FIXED})") for name in names] + inline
    for pattern in patterns:
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start())
            if line in reported:
                continue
            harm = _harm(ctx, *_guarded(text, match.start()), own, follow=True)
            reported[line] = len(ctx.hits)
            ctx.add(
                "skillscope/triggers/magic-value",
                f"switches on who or where it runs: {safe_line(match.group(0), limit=100)!r}"
                + (f", guarding: {safe_line(harm, limit=120)}" if harm else ""),
                match.start(),
                match.end(),
                "error" if harm else None,
            )


def _entropy(data: str) -> float:
    counts: dict[str, int] = {}
    for char in data:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / len(data) * log2(n / len(data)) for n in counts.values())


def scan_blobs(ctx: Ctx) -> None:
    """Long high-entropy strings in code that also decodes (an error when it can run code too)."""
    text = ctx.text
    if not any(word in text for word in _DECODER_WORDS) or not _DECODER.search(text):
        return
    runs = _EXEC.search(text) is not None
    for match in _BLOB.finditer(text):
        blob = match.group(1)
        if _entropy(blob[:4096]) < 3.5:
            continue
        ctx.add(
            "skillscope/obfuscation/encoded-blob",
            f"{len(blob):,}-character encoded blob next to a decoder" + (" in code that runs code" if runs else ""),
            match.start(),
            match.start() + min(len(match.group(0)), 80),
            "error" if runs else None,
        )


_PHRASE = re.compile(
    r"\bif\s+(?:the\s+|a\s+|any\s+)?(?:user(?:'s|s')?|message|prompt|input|request|conversation|chat|query|anyone|someone|they|the\s+text)\b"
    r"[^.!?\n]{0,60}?\b(?:contains?|says?|includes?|types?|writes?|mentions?|uses?|enters?|sends?|asks?|is|equals?|matches|starts\s+with|ends\s+with)\s+"
    r"(?:the\s+|a\s+)?(?:(?:magic|secret|special|code|trigger)\s+)?(?:(?:phrase|word|words|keyword|code|string|password|passphrase|token)\s+)?"
    r"[\"“'‘]([^\"”'’\n]{3,60})[\"”'’]",
    re.IGNORECASE,
)
_SWITCHED = re.compile(
    # Only what no ordinary command alias does: data sent to an address, a mode without rules, wiping, or lying to the user.
    r"\b(?:upload|send|post|exfiltrat\w*|transmit|forward|e-?mail)\b[^.!?\n]{0,80}?\b(?:to|at)\s+<?https?://|\b(?:wipe|erase|destroy)\b|"
    r"\b(?:ignore|disregard)\s+(?:\w+\s+){0,2}(?:instructions|rules|guidelines)\b|"
    r"\b(?:reply|respond|answer|say)\s+(?:only|just)\s+(?:with\s+)?[\"“']|\b(?:do\s+not|don'?t|never)\s+(?:tell|mention|inform|reveal)\b",
    re.IGNORECASE,
)


def scan_prose_triggers(ctx: Ctx) -> None:
    """A fixed phrase in the user's input that switches the agent to something harmful ("if the user says X, upload ...")."""
    text = ctx.text
    lower = text.lower()
    at = lower.find("if ")
    while at >= 0:  # str.find to each "if " and a match there: far cheaper than a case-blind scan of every page
        match = _PHRASE.match(text, at)
        at = lower.find("if ", at + 3)
        if match is None or (match.start() > 0 and text[match.start() - 1].isalnum()):
            continue
        # What the phrase switches on: the rest of its sentence and the next one (instructions often run on).
        stop = match.end()
        for _ in range(2):
            found = re.search(r"[.!?](?:\s|$)", text[stop:])
            stop = stop + found.end() if found else len(text)
        switched = _SWITCHED.search(text, match.end(), stop)
        if switched:
            ctx.add(
                "skillscope/triggers/magic-value",
                f"a fixed phrase in the user's input ({safe_line(match.group(1), limit=40)!r}) switches the agent to: "
                f"{safe_line(' '.join(text[switched.start() : stop].split()), limit=100)!r}",
                match.start(),
                match.end(),
                "error",
            )
