"""Package manifests a skill ships: what installing it pulls in and runs.

``package.json`` install hooks (preinstall, install, postinstall, prepare, ...) run as shell when anyone installs
the folder, so each script string is analysed with the shell rules at its place in the file. Dependencies from a
URL, a git repository, an extra index or a registry other than the ecosystem's own, and names one edit away from a
popular package, are installs from an unusual source (``skillscope/permissions/risky-install``): a warning, an
error when the same manifest also has an install hook that downloads or runs hidden code. ``requirements*.txt``,
``constraints*.txt``, ``pyproject.toml``, ``setup.cfg``, ``Gemfile`` and ``go.mod`` are read the same way; a
build backend or build hook the project ships is recorded as what runs at build.
"""

from __future__ import annotations

import configparser
import json
import re
import tomllib
from typing import Any

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import lookalike_site, url_host_of
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = [
    "is_manifest",
    "scan_manifest",
    "near_popular",
    "POPULAR",
    "mixed_script_package",
    "LOOKALIKE_PACKAGE",
    "judge_go_replace",
]

RISKY = "skillscope/permissions/risky-install"

_NPM = """
lodash react react-dom express axios chalk commander typescript webpack moment debug dotenv yargs eslint prettier
mocha jest underscore request bluebird cross-env node-fetch socket.io mongoose body-parser jquery colors inquirer
rimraf minimist semver electron vue angular preact next nuxt svelte redux react-redux react-router react-router-dom
classnames uuid async glob mkdirp fs-extra through2 tslib core-js babel-core @babel/core babel-loader ts-node
nodemon vite rollup esbuild parcel gulp grunt karma jasmine chai sinon supertest ava tap nyc istanbul
webpack-cli webpack-dev-server css-loader style-loader sass-loader file-loader url-loader html-webpack-plugin
postcss autoprefixer tailwindcss bootstrap styled-components emotion graphql apollo-server apollo-client
knex sequelize typeorm prisma mysql mysql2 redis ioredis pg sqlite3 mongodb nodemailer passport jsonwebtoken
bcrypt bcryptjs cors helmet morgan winston pino bunyan dayjs date-fns luxon validator joi yup zod ajv
qs query-string cookie cookie-parser express-session multer formidable busboy sharp jimp canvas puppeteer
playwright cheerio jsdom ws socket.io-client handlebars ejs pug mustache marked markdown-it highlight.js
immer immutable ramda rxjs lru-cache node-cache chokidar cross-spawn execa shelljs ora listr boxen figlet
cli-table yaml js-yaml xml2js fast-xml-parser csv-parse papaparse archiver adm-zip tar unzipper iconv-lite
buffer events util path-browserify process stream-browserify crypto-js node-forge tweetnacl ethers web3
firebase aws-sdk @aws-sdk/client-s3 googleapis stripe twilio openai @anthropic-ai/sdk dotenv-expand envalid
husky lint-staged commitizen standard-version semantic-release lerna nx turbo concurrently npm-run-all
pm2 forever serve http-server live-server browser-sync ngrok localtunnel nanoid shortid object-assign
is-number kind-of isarray inherits safe-buffer string-width strip-ansi ansi-styles supports-color has-flag
escape-string-regexp color-convert color-name wrap-ansi cliui y18n get-caller-file require-directory
"""

_PYPI = """
requests numpy pandas urllib3 setuptools boto3 botocore django flask pyyaml cryptography certifi
charset-normalizer colorama pillow matplotlib scipy scapy pytest jinja2 click httpx aiohttp beautifulsoup4 selenium
openai anthropic pydantic fastapi uvicorn sqlalchemy psycopg2 psycopg2-binary tensorflow torch scikit-learn
python-dateutil packaging virtualenv paramiko pycryptodome lxml docker kubernetes google-auth protobuf grpcio
pymongo idna six wheel pip attrs typing-extensions markupsafe pyasn1 rsa s3transfer jmespath awscli
google-api-core googleapis-common-protos cachetools pytz tzdata filelock platformdirs pluggy iniconfig
tomli tomlkit toml decorator wrapt zipp importlib-metadata more-itertools pyparsing pycparser cffi
websocket-client websockets requests-oauthlib oauthlib pyjwt jsonschema rich tqdm tabulate prompt-toolkit
pygments docutils sphinx black isort flake8 pylint mypy ruff coverage pytest-cov pytest-mock tox nox
pre-commit poetry hatchling flit pdm twine build cython numba pyarrow polars dask xgboost lightgbm catboost
keras transformers datasets tokenizers huggingface-hub accelerate sentencepiece safetensors langchain
llama-index tiktoken nltk spacy gensim opencv-python imageio scikit-image seaborn plotly bokeh dash streamlit
gradio jupyter notebook ipython ipykernel jupyterlab nbconvert nbformat tornado gunicorn celery redis
kombu billiard psutil pexpect ptyprocess pywin32 pyserial pyusb pynput pyautogui keyring secretstorage
python-dotenv python-multipart python-jose passlib bcrypt argon2-cffi itsdangerous werkzeug starlette
marshmallow alembic peewee asyncpg aiofiles anyio sniffio h11 httpcore trio gevent greenlet eventlet
boto s3fs fsspec gcsfs azure-core azure-storage-blob azure-identity google-cloud-storage google-cloud-bigquery
mysql-connector-python pymysql mysqlclient cx-oracle sqlparse openpyxl xlrd xlsxwriter python-docx pypdf2
pypdf reportlab markdown mistune feedparser scrapy mechanize html5lib regex chardet simplejson ujson orjson
msgpack cloudpickle dill joblib networkx sympy statsmodels shap mlflow wandb tensorboard
"""

_GEMS = """
rails rake bundler nokogiri rack rspec rspec-core rspec-expectations rspec-mocks activesupport activerecord
actionpack actionview activemodel railties thor i18n tzinfo concurrent-ruby minitest json puma sinatra
devise pg mysql2 sqlite3 redis sidekiq resque faraday httparty rest-client excon typhoeus net-http addressable
mime-types aws-sdk aws-sdk-core aws-sdk-s3 google-cloud-storage octokit rubocop rubocop-rails pry byebug
capybara selenium-webdriver webdrivers factory_bot factory_bot_rails faker simplecov webmock vcr
dotenv dotenv-rails figaro jwt bcrypt omniauth pundit cancancan kaminari will_paginate paperclip
carrierwave shrine image_processing mini_magick rmagick sass sassc sprockets webpacker jbuilder
turbolinks turbo-rails stimulus-rails bootsnap listen spring web-console unicorn passenger thin
eventmachine nio4r websocket-driver ffi racc rexml builder erubi haml slim liquid kramdown redcarpet
colorize rainbow tty-prompt highline optparse commander gli logger zeitwerk dry-rb hanami grape
graphql rack-cors rack-attack stripe twilio-ruby slack-ruby-client
"""


def _names(block: str) -> frozenset[str]:
    return frozenset(block.split())


POPULAR: dict[str, frozenset[str]] = {"npm": _names(_NPM), "pypi": _names(_PYPI), "gems": _names(_GEMS)}
"""The most used packages of each registry: a name one edit from one of these is a typosquat unless it is one."""

_CONFUSED_PREFIX = ("python-", "py", "node-", "ruby-")


def _norm(ecosystem: str, name: str) -> str:
    name = name.strip().lower()
    return re.sub(r"[-_.]+", "-", name) if ecosystem == "pypi" else name


def _one_edit(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    if abs(len(a) - len(b)) != 1:
        return False
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def near_popular(ecosystem: str, name: str) -> str | None:
    """The popular package of ``ecosystem`` that ``name`` imitates (one letter off, swapped, or a dropped
    ``python-`` prefix), or None; a popular name itself never is."""
    popular = POPULAR.get(ecosystem, frozenset())
    bare = _norm(ecosystem, name)
    normalised = {_norm(ecosystem, p) for p in popular}
    if bare in normalised or len(bare) < 5:
        return None
    for candidate in sorted(normalised):
        if len(candidate) >= 5 and _one_edit(bare, candidate):
            return candidate
        for prefix in _CONFUSED_PREFIX:
            if candidate.startswith(prefix) and candidate[len(prefix) :] == bare:
                return candidate
    return None


LOOKALIKE_PACKAGE = "skillscope/deception/lookalike-package"


def mixed_script_package(ctx: Ctx, name: str, start: int, end: int, manager: str) -> bool:
    """Report a package name that spells a familiar name with letters of another script (``ехpress`` with a Cyrillic
    е and х); True when it does. Registries name packages in ASCII, so such a name is never the package it reads as."""
    if name.isascii():
        return False
    from skillscope.audit.paths import lookalike_name  # only a non-ASCII name needs the look-alike table

    shown = lookalike_name(name)
    if shown is None:
        return False
    ctx.add(
        LOOKALIKE_PACKAGE,
        f"installs {safe_line(name, limit=60)!r} with {manager}, a name that mixes letters of "
        f"another script to read as {safe_line(shown, limit=60)!r}",
        start,
        end,
    )
    return True


_REQUIREMENTS = re.compile(r"(?:^|/)(?:[\w.-]*requirements[\w.-]*|constraints[\w.-]*)\.(?:txt|in)$", re.IGNORECASE)
_NAMED = {"package.json", "composer.json", "pyproject.toml", "setup.cfg", "gemfile", "go.mod"}


def is_manifest(path: str) -> bool:
    """Whether ``path`` is a package manifest this module reads."""
    name = path.rsplit("/", 1)[-1].lower()
    return (
        name in _NAMED
        or name.endswith(".tf")
        or bool(_REQUIREMENTS.search(path))
        or (path.lower().startswith("requirements/") and name.endswith(".txt"))
    )


def scan_manifest(ctx: Ctx) -> None:
    """Analyse a package manifest (``ctx.text`` is the whole file)."""
    name = ctx.path.rsplit("/", 1)[-1].lower()
    if name == "package.json":
        _Npm(ctx).run()
    elif name == "composer.json":
        _composer(ctx)
    elif name == "pyproject.toml":
        _pyproject(ctx)
    elif name == "setup.cfg":
        _setup_cfg(ctx)
    elif name == "gemfile":
        _gemfile(ctx)
    elif name == "go.mod":
        _go_mod(ctx)
    elif name.endswith(".tf"):
        _terraform(ctx)
    else:
        _requirements(ctx)


# -- shared --------------------------------------------------------------------------------------------------------
def _find(ctx: Ctx, needle: str, after: int = 0) -> int:
    """Where ``needle`` first appears in the file after ``after`` (the start of the file when it does not)."""
    at = ctx.text.find(needle, after)
    return at if at >= 0 else max(0, after)


def _module_of(ecosystem: str, package: str) -> str:
    """The name code imports a package by, as its registry name spells it (python-dateutil -> dateutil)."""
    if ecosystem == "pypi":
        return re.sub(r"^python-", "", package).replace("-", "_")
    return package


def _imported(ctx: Ctx, ecosystem: str, module: str) -> str | None:
    """The skill's file that imports ``module`` (``import dateutil``, ``from dateutil.tz import …``,
    ``require("chalk")``, ``from "chalk"``), or None."""
    name = re.escape(module)
    pattern = (
        rf"^\s*(?:import|from)\s+{name}\b"
        if ecosystem == "pypi"
        else rf"(?:require\(\s*|from\s+|import\s+)[\"']{name}(?:/[^\"']*)?[\"']"
    )
    suffixes = (".py",) if ecosystem == "pypi" else (".js", ".mjs", ".cjs", ".ts", ".mts", ".tsx", ".jsx")
    for path, text in (ctx.skill_files or {}).items():
        if path.endswith(suffixes) and module in text and re.search(pattern, text, re.MULTILINE):
            return path
    return None


def _lookalike(
    ctx: Ctx, ecosystem: str, name: str, near: str, start: int, end: int, manager: str, severity: Severity | None
) -> None:
    """A name one edit from a popular package: a warning alone; an error when the skill's own code imports the popular
    package's module, since what the install puts under that import is the look-alike (the code reads as the real one)."""
    module = _module_of(ecosystem, near)
    where = None if _module_of(ecosystem, name) == module else _imported(ctx, ecosystem, module)
    if where is None:
        _risky(ctx, start, end, f"{name}, a look-alike of the popular {near},", manager, severity)
        return
    ctx.add(
        LOOKALIKE_PACKAGE,
        f"installs {safe_line(name, limit=60)}, one edit from {near}, while {where} imports {module}: the code "
        f"reads as {near} and runs whatever the look-alike puts there (line {ctx.line(start)})",
        start,
        end,
    )


def _risky(ctx: Ctx, start: int, end: int, reason: str, manager: str, severity: Severity | None = "warning") -> None:
    reason = reason.rstrip(",")
    ctx.add(RISKY, f"installs {reason} with {manager} (line {ctx.line(start)})", start, end, severity)


_OFFICIAL_HOSTS = {
    "npm": ("registry.npmjs.org", "registry.yarnpkg.com", "npm.pkg.github.com"),
    "pypi": ("pypi.org", "pypi.python.org", "files.pythonhosted.org", "test.pypi.org"),
    "gems": ("rubygems.org", "gems.rubygems.org", "index.rubygems.org", "rubygems.pkg.github.com"),
}


def _official(ecosystem: str, url: str) -> bool:
    host = url_host_of(url)
    return any(host == h or host.endswith("." + h) for h in _OFFICIAL_HOSTS[ecosystem])


def _is_url(spec: str) -> bool:
    return bool(re.match(r"^(?:https?|git|ssh|ftp|git\+[a-z]+|file)://|^git@|^(?:github|gitlab|bitbucket|gist):", spec))


# -- package.json --------------------------------------------------------------------------------------------------
_HOOKS = (
    "preinstall",
    "install",
    "postinstall",
    "prepare",
    "prepublish",
    "prepublishOnly",
    "prepack",
    "postpack",
    "preuninstall",
    "uninstall",
    "postuninstall",
    "dependencies",
)
_HARM = {
    "skillscope/obfuscation/download-exec",
    "skillscope/obfuscation/decode-exec",
    "skillscope/exfiltration/data-flow",
    "skillscope/exfiltration/reverse-shell",
}
_RUNS_FILE = re.compile(r"(?:^|\s)((?:\.{0,2}/)?[\w./-]+\.(?:c?js|mjs|ts|sh|py|rb))\b")


class _Npm:
    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.harmful_hook = False

    def run(self) -> None:
        try:
            data = json.loads(self.ctx.text)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        scripts = data.get("scripts")
        if isinstance(scripts, dict):
            self._scripts(scripts)
        for section in (
            "dependencies",
            "devDependencies",
            "optionalDependencies",
            "peerDependencies",
            "bundledDependencies",
        ):
            deps = data.get(section)
            if isinstance(deps, dict):
                self._deps(section, deps)

    def _value_at(self, key: str, value: str, after: int) -> int:
        """The offset of the first character of ``value``'s JSON string written as the value of ``key``."""
        pattern = re.compile(re.escape(json.dumps(key, ensure_ascii=False)) + r"\s*:\s*\"")
        match = pattern.search(self.ctx.text, after)
        return match.end() if match else _find(self.ctx, json.dumps(value)[1:-1], after)

    def _scripts(self, scripts: dict[str, Any]) -> None:
        from skillscope.audit.behavior.shell import scan_shell

        ctx = self.ctx
        section = _find(ctx, '"scripts"')
        for key, command in scripts.items():
            if not isinstance(command, str):
                continue
            start = self._value_at(key, command, section)
            inner = Ctx(command, ctx.base + start, ctx.file_text, ctx.path, skill_files=ctx.skill_files)
            if key in _HOOKS:
                words = command.split()
                runs = _RUNS_FILE.search(command)
                what = f"runs {runs.group(1)}" if runs else f"runs {safe_line(command, limit=60)}"
                ctx.cap(
                    "executes",
                    words[0].rsplit("/", 1)[-1] if words else "?",
                    start,
                    start + len(command),
                    f"npm {key} hook: {what} when the package is installed",
                )
            scan_shell(inner)
            for raw in inner.hits:
                ctx.add(
                    raw.check, f"{raw.message} (npm script {key!r})", start + raw.start, start + raw.end, raw.severity
                )
                if key in _HOOKS and raw.check in _HARM and raw.severity in (None, "error"):
                    self.harmful_hook = True
            for cap in inner.caps:
                ctx.cap(cap.kind, cap.target, start + cap.start, start + cap.end, cap.detail)
            ctx.network = ctx.network or inner.network
            ctx.sends.extend((start + s, start + e, kind) for s, e, kind in inner.sends)

    def _deps(self, section: str, deps: dict[str, Any]) -> None:
        ctx = self.ctx
        at = _find(ctx, json.dumps(section))
        for name, spec in deps.items():
            if not isinstance(spec, str):
                continue
            start = self._value_at(name, spec, at)
            key_start = max(0, ctx.text.rfind(json.dumps(name, ensure_ascii=False), 0, start))
            end = start + len(spec)
            target = name
            if spec.startswith("npm:"):
                target = (
                    spec[4:].rsplit("@", 1)[0] if spec.count("@") > (1 if spec[4:].startswith("@") else 0) else spec[4:]
                )
            severity: Severity = "error" if self.harmful_hook else "warning"
            if (
                _is_url(spec)
                or re.match(r"^[\w.-]+/[\w.-]+(?:#.*)?$", spec)
                or spec.endswith((".tgz", ".tar.gz"))
                and "://" in spec
            ):
                if spec.startswith("file:"):
                    continue
                ctx.cap("installs", spec, key_start, end, "npm")
                _risky(
                    ctx,
                    key_start,
                    end,
                    f"{name} from {safe_line(spec, limit=80)}, not the npm registry",
                    "npm",
                    severity,
                )
                continue
            ctx.cap("installs", target, key_start, end, "npm")
            near = None if mixed_script_package(ctx, target, key_start, end, "npm") else near_popular("npm", target)
            if near and target != name and name == near:
                # "chalk": "npm:cha1k@4": the look-alike is installed under the real package's own name, so the code
                # (require("chalk")) and a review of the lockfile's keys read the popular package
                ctx.add(
                    "skillscope/deception/lookalike-package",
                    f"installs {safe_line(target, limit=60)}, one edit from {near}, under the name {near} (an npm "
                    f"alias, line {ctx.line(key_start)}): the code and a review read {near}",
                    key_start,
                    end,
                )
            elif near:
                _lookalike(ctx, "npm", target, near, key_start, end, "npm", severity)


# -- composer.json -------------------------------------------------------------------------------------------------
_COMPOSER_HOOKS = frozenset(
    {
        "pre-install-cmd",
        "post-install-cmd",
        "pre-update-cmd",
        "post-update-cmd",
        "pre-autoload-dump",
        "post-autoload-dump",
        "post-root-package-install",
        "post-create-project-cmd",
        "pre-package-install",
        "post-package-install",
        "pre-package-update",
        "post-package-update",
    }
)
"""Composer's events that run a project's scripts when its packages are installed or updated."""


def _composer(ctx: Ctx) -> None:
    """composer.json's ``scripts``: each command is shell (``@php x.php`` is ``php x.php``); one under an install or
    update event runs at ``composer install``, as an npm ``postinstall`` does. ``@other`` (another script by name),
    ``@putenv`` and a PHP callback (``Vendor\\Class::method``) are not shell."""
    from skillscope.audit.behavior.shell import scan_shell

    try:
        data = json.loads(ctx.text)
    except ValueError:
        return
    scripts = data.get("scripts") if isinstance(data, dict) else None
    if not isinstance(scripts, dict):
        return
    section = _find(ctx, '"scripts"')
    for key, value in scripts.items():
        commands = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        at = _find(ctx, json.dumps(key), section)
        for command in commands:
            if not isinstance(command, str):
                continue
            start = _find(ctx, json.dumps(command)[1:-1], at)
            at = start + 1
            shell_text = re.sub(r"^@(php|composer)\b", r"\1", command.strip())
            if shell_text.startswith("@") or re.fullmatch(r"[\w\\]+::\w+", shell_text):
                continue
            if key in _COMPOSER_HOOKS:
                runs = _RUNS_FILE.search(shell_text) or re.search(r"(?:^|\s)([\w./-]+\.php)\b", shell_text)
                what = f"runs {runs.group(1)}" if runs else f"runs {safe_line(shell_text, limit=60)}"
                words = shell_text.split()
                ctx.cap(
                    "executes",
                    words[0].rsplit("/", 1)[-1] if words else "?",
                    start,
                    start + len(command),
                    f"composer {key} hook: {what} when the packages are installed",
                )
            inner = Ctx(shell_text, ctx.base + start, ctx.file_text, ctx.path, skill_files=ctx.skill_files)
            scan_shell(inner)
            for raw in inner.hits:
                where = min(start + raw.start, start + len(command))
                ctx.add(raw.check, f"{raw.message} (composer script {key!r})", where, where + 1, raw.severity)
            for cap in inner.caps:
                ctx.cap(cap.kind, cap.target, start, start + len(command), cap.detail)
            ctx.network = ctx.network or inner.network
            ctx.sends.extend((start, start + len(command), kind) for _, _, kind in inner.sends)


# -- requirements.txt ----------------------------------------------------------------------------------------------
_PIP_REQ = re.compile(r"^\s*([^\W_][\w.-]*)\s*(?:\[[^\]]*\])?\s*(@\s*\S+)?")


def _requirements(ctx: Ctx) -> None:
    offset = 0
    for raw_line in ctx.text.split("\n"):
        start, offset = offset, offset + len(raw_line) + 1
        line = re.sub(r"(?:^|\s)#.*$", "", raw_line).strip()
        if not line:
            continue
        end = start + len(raw_line)
        _requirement(ctx, line, start, end, "pip")


def _requirement(ctx: Ctx, line: str, start: int, end: int, manager: str) -> None:
    words = line.split()
    option = words[0]
    if option.startswith("-"):
        flag, _, inline = option.partition("=")
        value = inline or (words[1] if len(words) > 1 else "")
        if flag in ("-i", "--index-url", "--extra-index-url", "-f", "--find-links"):
            if value and not _official("pypi", value) and "://" in value:
                ctx.cap("installs", value, start, end, f"{manager} index")
                _risky(ctx, start, end, f"packages from the index {safe_line(value, limit=80)}, not PyPI", manager)
        elif flag == "--trusted-host":
            if value and not _official("pypi", "https://" + value):
                _risky(
                    ctx,
                    start,
                    end,
                    f"packages from {safe_line(value, limit=60)} without checking its certificate",
                    manager,
                )
        elif flag in ("-e", "--editable"):
            if _is_url(value):
                ctx.cap("installs", value, start, end, manager)
                _risky(ctx, start, end, f"{safe_line(value, limit=80)}, straight from a URL", manager)
        return
    if _is_url(option) or option.endswith((".whl", ".tar.gz", ".zip")) and "://" in option:
        ctx.cap("installs", option, start, end, manager)
        _risky(ctx, start, end, f"{safe_line(option, limit=80)}, straight from a URL", manager)
        return
    match = _PIP_REQ.match(line)
    if not match:
        return
    name, direct = match.group(1), match.group(2)
    if direct and "://" in direct:
        url = direct.lstrip("@ ").strip()
        ctx.cap("installs", url, start, end, manager)
        _risky(ctx, start, end, f"{name} from {safe_line(url, limit=80)}, not PyPI", manager)
        return
    if name.endswith((".txt", ".in")) or name in (".",):
        return
    ctx.cap("installs", _norm("pypi", name), start, end, manager)
    near = None if mixed_script_package(ctx, name, start, end, manager) else near_popular("pypi", name)
    if near:
        _lookalike(ctx, "pypi", name, near, start, end, manager, "warning")


# -- pyproject.toml, setup.cfg -------------------------------------------------------------------------------------
_KNOWN_BACKENDS = (
    "setuptools.build_meta",
    "hatchling.build",
    "poetry.core.masonry.api",
    "poetry.masonry.api",
    "flit_core.buildapi",
    "pdm.backend",
    "pdm.pep517.api",
    "maturin",
    "scikit_build_core.build",
    "mesonpy",
    "sipbuild.api",
    "whey",
    "uv_build",
)


def _pyproject(ctx: Ctx) -> None:
    try:
        data = tomllib.loads(ctx.text)
    except (tomllib.TOMLDecodeError, ValueError):
        return
    build = data.get("build-system") if isinstance(data.get("build-system"), dict) else {}
    assert isinstance(build, dict)
    for requirement in build.get("requires", []) if isinstance(build.get("requires"), list) else []:
        if isinstance(requirement, str):
            _pep508(ctx, requirement, "the build")
    backend = build.get("build-backend")
    backend_path = build.get("backend-path")
    if isinstance(backend, str) and backend_path:
        paths = backend_path if isinstance(backend_path, list) else [backend_path]
        module = backend.split(":", 1)[0].replace(".", "/")
        at = _find(ctx, "backend-path")
        files = ", ".join(f"{str(p).rstrip('/')}/{module}.py" for p in paths)
        ctx.cap(
            "executes",
            files,
            at,
            at + len("backend-path"),
            f"build backend {backend}: runs when the package is built or installed",
        )
    elif isinstance(backend, str) and not backend.startswith(_KNOWN_BACKENDS):
        at = _find(ctx, backend)
        ctx.cap(
            "executes", backend, at, at + len(backend), "build backend: runs when the package is built or installed"
        )
    project = data.get("project") if isinstance(data.get("project"), dict) else {}
    assert isinstance(project, dict)
    for requirement in project.get("dependencies", []) if isinstance(project.get("dependencies"), list) else []:
        if isinstance(requirement, str):
            _pep508(ctx, requirement, "install")
    optional = project.get("optional-dependencies")
    for group in optional.values() if isinstance(optional, dict) else []:
        for requirement in group if isinstance(group, list) else []:
            if isinstance(requirement, str):
                _pep508(ctx, requirement, "install")
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    assert isinstance(tool, dict)
    _hatch_hooks(ctx, tool.get("hatch"))
    setuptools = tool.get("setuptools")
    if isinstance(setuptools, dict) and isinstance(setuptools.get("cmdclass"), dict):
        for command, target in setuptools["cmdclass"].items():
            at = _find(ctx, str(target))
            ctx.cap("executes", str(target), at, at + len(str(target)), f"setuptools {command} command: runs at build")
    for index_url in _indexes(tool):
        at = _find(ctx, index_url)
        ctx.cap("installs", index_url, at, at + len(index_url), "package index")
        if not _official("pypi", index_url):
            _risky(
                ctx,
                at,
                at + len(index_url),
                f"packages from the index {safe_line(index_url, limit=80)}, not PyPI",
                "pip",
            )
    poetry = tool.get("poetry")
    if isinstance(poetry, dict):
        for group in ("dependencies", "dev-dependencies"):
            deps = poetry.get(group)
            for name, spec in deps.items() if isinstance(deps, dict) else []:
                source = spec.get("git") or spec.get("url") if isinstance(spec, dict) else None
                if isinstance(source, str):
                    at = _find(ctx, source)
                    ctx.cap("installs", source, at, at + len(source), "poetry")
                    _risky(ctx, at, at + len(source), f"{name} from {safe_line(source, limit=80)}, not PyPI", "poetry")
                elif name != "python":
                    at = _find(ctx, name)
                    ctx.cap("installs", _norm("pypi", name), at, at + len(name), "poetry")
                    mixed = mixed_script_package(ctx, name, at, at + len(name), "poetry")
                    near = None if mixed else near_popular("pypi", name)
                    if near:
                        _lookalike(ctx, "pypi", name, near, at, at + len(name), "poetry", "warning")


def _indexes(tool: dict[str, Any]) -> list[str]:
    out: list[str] = []
    uv = tool.get("uv")
    if isinstance(uv, dict):
        for key in ("index-url", "extra-index-url"):
            value = uv.get(key)
            out.extend([value] if isinstance(value, str) else [v for v in value or [] if isinstance(v, str)])
        for index in uv.get("index", []) if isinstance(uv.get("index"), list) else []:
            if isinstance(index, dict) and isinstance(index.get("url"), str):
                out.append(index["url"])
    poetry = tool.get("poetry")
    for source in (
        poetry.get("source", []) if isinstance(poetry, dict) and isinstance(poetry.get("source"), list) else []
    ):
        if isinstance(source, dict) and isinstance(source.get("url"), str):
            out.append(source["url"])
    pdm = tool.get("pdm")
    for source in pdm.get("source", []) if isinstance(pdm, dict) and isinstance(pdm.get("source"), list) else []:
        if isinstance(source, dict) and isinstance(source.get("url"), str):
            out.append(source["url"])
    return out


def _hatch_hooks(ctx: Ctx, hatch: Any) -> None:
    """Hatch build hooks (``[tool.hatch.build.hooks.custom]``, per target too): a Python file run at build."""
    if not isinstance(hatch, dict):
        return
    build = hatch.get("build")
    if not isinstance(build, dict):
        return
    tables = [build.get("hooks")]
    targets = build.get("targets")
    if isinstance(targets, dict):
        tables += [t.get("hooks") for t in targets.values() if isinstance(t, dict)]
    for hooks in tables:
        if not isinstance(hooks, dict):
            continue
        for name, config in hooks.items():
            if name != "custom":
                continue
            path = config.get("path", "hatch_build.py") if isinstance(config, dict) else "hatch_build.py"
            at = _find(ctx, "hooks.custom")
            ctx.cap(
                "executes",
                str(path),
                at,
                at + len("hooks.custom"),
                "hatch build hook: runs when the package is built or installed",
            )


def _pep508(ctx: Ctx, requirement: str, when: str) -> None:
    at = _find(ctx, requirement)
    end = at + len(requirement)
    name = re.match(r"\s*([^\W_][\w.-]*)", requirement)
    if " @ " in requirement or "@" in requirement and "://" in requirement:
        url = requirement.split("@", 1)[1].strip().split(";")[0].strip()
        ctx.cap("installs", url, at, end, "pip")
        _risky(
            ctx,
            at,
            end,
            f"{name.group(1) if name else 'a package'} from {safe_line(url, limit=80)} for {when}, not PyPI",
            "pip",
        )
        return
    if name:
        ctx.cap("installs", _norm("pypi", name.group(1)), at, end, "pip")
        mixed = mixed_script_package(ctx, name.group(1), at, end, "pip")
        near = None if mixed else near_popular("pypi", name.group(1))
        if near:
            _risky(ctx, at, end, f"{name.group(1)}, a look-alike of the popular {near},, for {when}", "pip")


def _setup_cfg(ctx: Ctx) -> None:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(ctx.text)
    except configparser.Error:
        return
    if not parser.has_section("options"):
        return
    for key in ("install_requires", "setup_requires", "tests_require"):
        for requirement in parser.get("options", key, fallback="").splitlines():
            requirement = requirement.split("#", 1)[0].strip()
            if requirement:
                _pep508(ctx, requirement, "install" if key != "setup_requires" else "the build")
    for link in parser.get("options", "dependency_links", fallback="").split():
        at = _find(ctx, link)
        ctx.cap("installs", link, at, at + len(link), "setuptools")
        _risky(ctx, at, at + len(link), f"packages from {safe_line(link, limit=80)}, not PyPI", "setuptools")


# -- Terraform -----------------------------------------------------------------------------------------------------
_PROVIDER_NAMESPACES = frozenset(
    "hashicorp integrations cloudflare datadog grafana kreuzwerker digitalocean mongodb newrelic pagerduty "
    "auth0 okta snowflake-labs databricks confluentinc elastic fastly heroku linode vultr oracle ibm-cloud "
    "aliyun tencentcloudstack scaleway hetznercloud cyrilgdn gitlabhq".split()
)
"""The namespaces of the Terraform Registry's most used providers: one a letter off is someone else's namespace."""
_REGISTRY = "registry.terraform.io"


def _terraform(ctx: Ctx) -> None:
    """A ``required_providers`` entry's ``source`` (``[host/]namespace/type``) whose namespace is one edit from a
    known provider's (``hashlcorp/aws``) makes ``terraform init`` download someone else's provider and run it with
    the user's cloud credentials; a host dressed as the registry's does the same."""
    from skillscope.audit.behavior.flowcore import Offsets
    from skillscope.audit.behavior.treesitter import parse, text_of, walk

    if "required_providers" not in ctx.text:
        return
    tree, data = parse("hcl", ctx.text)
    offsets = Offsets(ctx.text, data)
    for block in walk(tree.root_node):
        name = block.named_children[0] if block.type == "block" and block.named_children else None
        if name is None or text_of(name, data) != "required_providers":
            continue
        for attribute in walk(block):  # aws = { source = "…" }: an object element keyed `source`
            if attribute.type != "object_elem" or not attribute.named_children:
                continue
            if text_of(attribute.named_children[0], data).strip("\"' ") != "source":
                continue
            literal = next((n for n in walk(attribute) if n.type == "template_literal"), None)
            if literal is None:
                continue
            source = text_of(literal, data).strip()
            parts = source.lower().split("/")
            host, namespace = (parts[0], parts[1]) if len(parts) == 3 else (_REGISTRY, parts[0])
            start, end = offsets.at(attribute.start_byte), offsets.at(attribute.end_byte)
            ctx.cap("installs", source, start, end, "terraform provider")
            imitated = next(
                (known for known in sorted(_PROVIDER_NAMESPACES) if len(known) >= 5 and _one_edit(namespace, known)),
                None,
            )
            dressed = host != _REGISTRY and lookalike_site(host) is not None
            if imitated is not None or dressed:
                what = f"namespace {imitated!r}" if imitated else f"registry {_REGISTRY}"
                ctx.add(
                    LOOKALIKE_PACKAGE,
                    f"installs the Terraform provider {safe_line(source, limit=60)}, a look-alike of the {what}: "
                    "terraform init would download someone else's provider and run it with the user's credentials",
                    start,
                    end,
                )


# -- Gemfile -------------------------------------------------------------------------------------------------------
def _gemfile(ctx: Ctx) -> None:
    from skillscope.audit.behavior.flowcore import Offsets
    from skillscope.audit.behavior.treesitter import parse, text_of, walk

    tree, data = parse("ruby", ctx.text)
    offsets = Offsets(ctx.text, data)

    def literal(node: Any) -> str | None:
        if node.type not in ("string", "simple_symbol"):
            return None
        if any(c.type == "interpolation" for c in node.named_children):
            return None
        raw = text_of(node, data)
        return raw.lstrip(":")[1:-1] if node.type == "string" else raw.lstrip(":")

    for node in walk(tree.root_node):
        if node.type != "call" or node.child_by_field_name("receiver") is not None:
            continue
        method = node.child_by_field_name("method")
        arguments = node.child_by_field_name("arguments")
        if method is None or arguments is None:
            continue
        verb = text_of(method, data)
        args = list(arguments.named_children)
        start, end = offsets.at(node.start_byte), offsets.at(node.end_byte)
        if verb == "source" and args:
            url = literal(args[0])
            if url and "://" in url:
                ctx.cap("installs", url, start, end, "bundler source")
                if not _official("gems", url):
                    _risky(ctx, start, end, f"gems from {safe_line(url, limit=80)}, not rubygems.org", "bundler")
        elif verb == "gem" and args:
            name = literal(args[0])
            if not name:
                continue
            options = {}
            for pair in (a for a in args[1:] if a.type == "pair"):
                key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
                if key is not None and value is not None:
                    options[text_of(key, data).strip(":\"' =>")] = literal(value)
            source = next((options[k] for k in ("git", "github", "source", "path") if options.get(k)), None)
            if source and "path" not in options:
                where = source if "github" not in options else f"github:{source}"
                ctx.cap("installs", where, start, end, "bundler")
                if not _official("gems", where):
                    _risky(ctx, start, end, f"{name} from {safe_line(where, limit=80)}, not rubygems.org", "bundler")
                continue
            ctx.cap("installs", name, start, end, "bundler")
            near = None if mixed_script_package(ctx, name, start, end, "bundler") else near_popular("gems", name)
            if near:
                _risky(ctx, start, end, f"{name}, a look-alike of the popular {near},", "bundler")


# -- go.mod --------------------------------------------------------------------------------------------------------
_GO_HOSTS = (
    "github.com",
    "golang.org",
    "google.golang.org",
    "gopkg.in",
    "go.uber.org",
    "k8s.io",
    "sigs.k8s.io",
    "cloud.google.com",
    "go.opentelemetry.io",
    "honnef.co",
    "gitlab.com",
    "bitbucket.org",
    "go.etcd.io",
    "gotest.tools",
    "modernc.org",
    "gorm.io",
    "mvdan.cc",
    "filippo.io",
    "dario.cat",
    "go.mongodb.org",
    "cuelang.org",
)


def _go_mod(ctx: Ctx) -> None:
    offset = 0
    block: str | None = None
    for raw in ctx.text.split("\n"):
        start, offset = offset, offset + len(raw) + 1
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line.endswith("(") and len(line.split()) == 2:
            block = line.split()[0]
            continue
        if line == ")":
            block = None
            continue
        words = line.split()
        verb = block if block else words[0]
        rest = words if block else words[1:]
        if verb == "require" and rest:
            ctx.cap("installs", rest[0], start, start + len(raw), "go module")
        elif verb == "replace" and "=>" in rest:
            target = rest[rest.index("=>") + 1 :]
            if target:
                judge_go_replace(ctx, rest[0], target[0], start, start + len(raw), "go")


_GO_FORGES = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com")
"""Hosts whose module paths name an owner second (github.com/OWNER/repo)."""
_GO_MIRRORS = {
    "golang.org": ("golang",),
    "google.golang.org": ("golang", "grpc", "protocolbuffers", "googleapis"),
    "go.uber.org": ("uber-go",),
    "k8s.io": ("kubernetes",),
    "sigs.k8s.io": ("kubernetes-sigs",),
    "go.opentelemetry.io": ("open-telemetry",),
    "cloud.google.com": ("googleapis",),
    "go.etcd.io": ("etcd-io",),
    "gopkg.in": ("go-yaml", "go-ini", "go-playground", "go-check", "natefinch", "square"),
}
"""Vanity hosts and the forge owners that hold their code (golang.org/x/crypto is github.com/golang/crypto)."""


def _go_owner(module: str) -> tuple[str, str]:
    """A module path's host and owner: github.com/sirupsen/logrus -> (github.com, sirupsen); golang.org/x/crypto ->
    (golang.org, "") (a vanity host is its own owner)."""
    parts = module.split("/")
    host = parts[0].lower()
    return host, parts[1].lower() if host in _GO_FORGES and len(parts) > 1 else ""


def judge_go_replace(ctx: Ctx, module: str, target: str, start: int, end: int, manager: str) -> None:
    """A Go module replaced by another path (a go.mod ``replace`` directive, ``go mod edit -replace=old=new``): every
    build then compiles the replacement under the original's import path, so the code reads as the original.

    A local folder or the original owner's own copy is quiet; a host dressed as a well-known one
    (``golang.org.example``, ``githubb.com``) or an owner one edit from the original's (``sirupsen`` ->
    ``slrupsen``) is a look-alike package (an error); another owner's copy or an unusual host warns."""
    module, path = module.split("@", 1)[0], target.split("@", 1)[0]
    if not path or path.startswith((".", "/", "~")) or re.match(r"[A-Za-z]:[\\/]", path):
        return  # a local folder of the user's own
    ctx.cap("installs", path, start, end, "go module (replace)")
    host, owner = _go_owner(module)
    new_host, new_owner = _go_owner(path)
    shown_module, shown_path = safe_line(module, limit=60), safe_line(path, limit=80)
    dressed = None
    if new_host != host:
        site = lookalike_site(new_host)
        if site is not None or len(host) >= 6 and _one_edit(new_host, host):
            dressed = f"a host dressed as {site or host}"
    elif owner and new_owner != owner and len(owner) >= 4 and _one_edit(new_owner, owner):
        dressed = f"an owner one edit from {owner}"
    if dressed is not None:
        ctx.add(
            LOOKALIKE_PACKAGE,
            f"replaces the Go module {shown_module} with {shown_path}, {dressed}: every build compiles the "
            f"look-alike's code under {shown_module}'s name (line {ctx.line(start)})",
            start,
            end,
        )
        return
    if (new_host, new_owner) == (host, owner) or new_host in _GO_FORGES and new_owner in _GO_MIRRORS.get(host, ()):
        return  # the module's own copy (its fork on the same owner, a vanity host's code on its forge)
    known = any(new_host == h or new_host.endswith("." + h) for h in _GO_HOSTS)
    reason = "another owner's copy" if known else "an unusual host"
    _risky(ctx, start, end, f"{shown_module} replaced by {shown_path}, {reason}", manager)
