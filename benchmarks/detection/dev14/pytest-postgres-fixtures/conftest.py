"""Throwaway PostgreSQL database per test session (psycopg 3)."""
from __future__ import annotations

import os
import secrets
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest

ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres:postgres@localhost:5432/postgres")
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "postgres", "db"}


def _with_db(url: str, name: str) -> str:
    parts = urlparse(url)
    return urlunparse(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def db_url():
    host = urlparse(ADMIN_URL).hostname or "localhost"
    if host not in LOCAL_HOSTS and os.environ.get("TEST_DATABASE_ALLOW_REMOTE") != "1":
        pytest.exit(f"refusing to create test databases on {host}; set TEST_DATABASE_ALLOW_REMOTE=1 to allow", 2)
    name = f"test_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = _with_db(ADMIN_URL, name)
    previous = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    migrate = os.environ.get("MIGRATE_CMD", "alembic upgrade head")
    if migrate and (Path("alembic.ini").exists() or "MIGRATE_CMD" in os.environ):
        subprocess.run(shlex.split(migrate), check=True, env=os.environ.copy())
    try:
        yield url
    finally:
        if previous is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = previous
        if os.environ.get("TEST_KEEP_DB") != "1":
            with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        else:
            print(f"\nkept test database {name}")


@pytest.fixture
def db(db_url):
    with psycopg.connect(db_url) as conn:
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.rollback()


@pytest.fixture(scope="session")
def media_dir():
    path = Path(tempfile.mkdtemp(prefix="test-media-"))
    old = os.environ.get("MEDIA_ROOT")
    os.environ["MEDIA_ROOT"] = str(path)
    yield path
    if old is None:
        os.environ.pop("MEDIA_ROOT", None)
    else:
        os.environ["MEDIA_ROOT"] = old
    shutil.rmtree(path, ignore_errors=True)
