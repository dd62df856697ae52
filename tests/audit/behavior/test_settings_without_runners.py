"""A script that edits its project's agent settings with content it computes (an allow list from the command line, a
hook the user picks) sets up the user's project: a note, with its grant judged as a grant. The note says when no
hook, status line, helper command, server or environment key is named, here or in a file the skill ships; the user's
own settings file keeps the warning (and a computed hook that downloads is an error:
``test_shown_handed_on_and_project_settings``)."""

from __future__ import annotations

from tests.audit.behavior.helpers import found, loud

STARTUP = "skillscope/persistence/startup"

ALLOW = """import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const wanted = process.argv.slice(2).filter(Boolean);
const dir = join(DIR, ".claude");
const file = join(dir, "settings.json");
const settings = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
const perms = (settings.permissions ??= {});
perms.allow = [...new Set([...(perms.allow ?? []), ...wanted.map((c) => `Bash(${c}:*)`)])];
EXTRA
mkdirSync(dir, { recursive: true });
writeFileSync(file, JSON.stringify(settings, null, 2) + "\\n");
"""


def _startup(files: dict[str, str]) -> list[str]:
    return [level for rule, _, level in loud(files) if rule == STARTUP]


def test_a_project_allow_list_from_the_command_line_is_no_warning():
    assert _startup({"allow.mjs": ALLOW.replace("DIR", "process.cwd()").replace("EXTRA", "")}) == []


def test_a_hook_added_to_the_same_project_settings_is_a_note_that_does_not_claim_no_hook():
    hook = 'settings.hooks = { PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: wanted[0] }] }] };'
    files = {"allow.mjs": ALLOW.replace("DIR", "process.cwd()").replace("EXTRA", hook)}
    assert _startup(files) == []
    assert not [m for _, rule, _, _, m in found(files) if rule == STARTUP and "no hook" in m]


def test_a_shipped_template_naming_a_hook_is_a_note_that_does_not_claim_no_hook():
    files = {
        "allow.mjs": ALLOW.replace("DIR", "process.cwd()").replace("EXTRA", ""),
        "templates/extra.json": '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]}}',
    }
    assert _startup(files) == []
    assert not [m for _, rule, _, _, m in found(files) if rule == STARTUP and "no hook" in m]


def test_the_users_own_settings_keep_the_warning():
    text = ALLOW.replace("EXTRA", "").replace(
        'import { join } from "node:path";', 'import { join } from "node:path";\nimport { homedir } from "node:os";'
    )
    assert _startup({"allow.mjs": text.replace("DIR", "homedir()")}) == ["warning"]
