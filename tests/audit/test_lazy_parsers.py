"""A grammar is loaded only when a skill ships code of its language: importing the audit loads none.

Each case runs in a fresh interpreter, because a grammar another test already loaded would stay in
``sys.modules`` of this one and hide an eager import.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

_PROBE = textwrap.dedent(
    """
    import json, sys

    import skillscope.audit
    import skillscope.audit.run.integrity
    from skillscope.audit.behavior.engine import SkillFileText, analyse_skill

    after_import = sorted(m for m in sys.modules if m.startswith("tree_sitter"))
    files = [SkillFileText(path, text) for path, text in json.loads(sys.argv[1])]
    result = analyse_skill(files, {"name": "probe"})
    print(json.dumps({
        "after_import": after_import,
        "after_analysis": sorted(m for m in sys.modules if m.startswith("tree_sitter")),
        "capabilities": [[c.kind, c.target, c.path] for c in result.capabilities],
    }))
    """
)

_MARKDOWN = """---
name: notes
description: Keeps tidy notes for the user.
---
# Notes

Write each note as a short paragraph, then keep a list of the dates you wrote them on.
"""


def _probe(files: list[tuple[str, str]]) -> dict[str, list]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(files)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _grammars(modules: list[str]) -> set[str]:
    return {m.split(".")[0] for m in modules if m.startswith("tree_sitter_")}


def test_importing_the_audit_loads_no_parser_and_a_markdown_skill_loads_none():
    seen = _probe([("SKILL.md", _MARKDOWN)])
    assert seen["after_import"] == []
    assert seen["after_analysis"] == []


def test_a_python_skill_needs_no_tree_sitter():
    script = 'import urllib.request\nprint(urllib.request.urlopen("https://api.example.com/status").read())\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("scripts/status.py", script)])
    assert ["sends", "api.example.com", "scripts/status.py"] in seen["capabilities"]  # the script was analysed
    assert seen["after_analysis"] == []


def test_a_ruby_file_loads_the_ruby_grammar_alone():
    script = 'require "net/http"\nbody = Net::HTTP.get(URI("https://api.example.com/status"))\nputs body\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("scripts/status.rb", script)])
    assert seen["after_import"] == []
    assert ["sends", "api.example.com", "scripts/status.rb"] in seen["capabilities"]  # parsed, so it was read
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_ruby"}


def test_a_bash_fence_loads_the_bash_grammar_alone():
    page = _MARKDOWN + "\n```bash\ncurl -s https://api.example.com/status\n```\n"
    seen = _probe([("SKILL.md", page)])
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_bash"}


def test_a_lua_file_loads_the_lua_grammar_and_the_shell_one_for_the_command_it_runs():
    script = 'os.execute("curl -s https://api.example.com/status")\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("lua/status.lua", script)])
    assert seen["after_import"] == []
    assert ["sends", "api.example.com", "lua/status.lua"] in seen["capabilities"]  # parsed, so it was read
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_lua", "tree_sitter_bash"}


def test_a_terraform_file_loads_the_hcl_grammar_alone():
    config = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("infra/versions.tf", config)])
    assert seen["after_import"] == []
    assert ["installs", "hashicorp/aws", "infra/versions.tf"] in seen["capabilities"]  # parsed, so it was read
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_hcl"}


def test_a_perl_file_loads_the_perl_grammar_and_the_shell_one_for_the_command_it_runs():
    script = 'system("curl -s https://api.example.com/status");\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("scripts/status.pl", script)])
    assert seen["after_import"] == []
    assert ["sends", "api.example.com", "scripts/status.pl"] in seen["capabilities"]  # parsed, so it was read
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_perl", "tree_sitter_bash"}


def test_a_build_script_loads_the_rust_grammar_and_the_shell_one_for_the_command_it_runs():
    script = 'fn main() {\n    std::process::Command::new("curl").arg("https://api.example.com/status").status().unwrap();\n}\n'
    seen = _probe([("SKILL.md", _MARKDOWN), ("build.rs", script)])
    assert seen["after_import"] == []
    assert ["executes", "curl", "build.rs"] in seen["capabilities"]  # parsed, so it was read
    assert _grammars(seen["after_analysis"]) == {"tree_sitter_rust", "tree_sitter_bash"}
