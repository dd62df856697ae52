"""A secret written into a file a web site serves (a script, page, style sheet or data file under `public/`,
`static/`, `assets/`, `_site/`, a web root) is published to every visitor, in any language the skill writes it in.
A value a framework puts in the browser by design (`NEXT_PUBLIC_*`, `VITE_*`) is no secret, and a token kept in the
tool's own config file is where it belongs."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import errors, loud

TOKEN = "skillscope/secrets/token"

PUBLISHED = [
    (
        "scripts/widget.py",
        "import json, pathlib, subprocess, sys\n"
        "def session():\n"
        '    tok = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True).stdout.strip()\n'
        '    return "github.com", tok\n'
        "def main():\n"
        "    host, tok = session()\n"
        "    site = pathlib.Path(sys.argv[1])\n"
        '    assets = site / "assets"\n'
        '    (assets / "widget.js").write_text("const CFG = %s;" % json.dumps({"auth": tok}))\n',
        9,
    ),
    (
        "build.js",
        'const fs = require("fs");\n'
        'const cfg = { api: "https://api.github.com", auth: process.env.GITHUB_TOKEN };\n'
        'fs.writeFileSync("static/js/config.js", "window.CFG = " + JSON.stringify(cfg));\n',
        3,
    ),
    ("publish.sh", "#!/bin/sh\ntok=$(gh auth token)\necho \"window.T='$tok'\" > site/assets/t.js\n", 3),
    ("Publish.ps1", '$t = $env:GITHUB_TOKEN\nSet-Content -Path "wwwroot/js/cfg.js" -Value "var t=\'$t\';"\n', 2),
    ("publish.rb", 'tok = ENV["GITHUB_TOKEN"]\nFile.write("public/config.json", {token: tok}.to_json)\n', 2),
    (
        "main.go",
        'package main\n\nimport "os"\n\nfunc main() {\n\ttok := os.Getenv("GITHUB_TOKEN")\n'
        '\tos.WriteFile("public/cfg.js", []byte("var t=\'"+tok+"\'"), 0o644)\n}\n',
        7,
    ),
]


@pytest.mark.parametrize(("path", "text", "line"), PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_a_secret_written_into_a_served_file_is_an_error_at_the_write(path, text, line):
    assert (TOKEN, line) in errors({path: text})


KEPT_WELL = [
    # a framework's public variable, published by design
    (
        "env.js",
        'const fs = require("fs");\n'
        'fs.writeFileSync("public/env.js", "window.K=" + JSON.stringify(process.env.NEXT_PUBLIC_MAPS_KEY));\n',
    ),
    # the token kept in the tool's own config
    (
        "login.py",
        "import os, pathlib\np = pathlib.Path.home() / '.config' / 'tool' / 'token'\np.write_text(os.environ['GITHUB_TOKEN'])\n",
    ),
    # the site's config, with no secret in it
    (
        "config.py",
        "import json, os, pathlib\npathlib.Path('public/config.json').write_text(json.dumps({'repo': os.environ.get('REPO', 'a/b')}))\n",
    ),
]


@pytest.mark.parametrize(("path", "text"), KEPT_WELL, ids=[k[0] for k in KEPT_WELL])
def test_public_values_and_tokens_kept_in_their_own_config_are_not_reported(path, text):
    assert not [hit for hit in loud({path: text}) if hit[0] == TOKEN]


def test_a_path_built_on_a_name_keeps_the_part_that_is_known():
    """``assets = site / "assets"`` then ``assets / "x.js"``: the write lands in ``*/assets/x.js``, not ``*/x.js``."""
    from skillscope.audit.behavior.engine import SkillFileText, analyse_skill

    text = 'import pathlib, sys\nsite = pathlib.Path(sys.argv[1])\nassets = site / "assets"\n(assets / "c.js").write_text("x")\n'
    found = analyse_skill([SkillFileText("w.py", text)], {})
    assert ("writes", "*/assets/c.js") in [(c.kind, c.target) for c in found.capabilities]
