"""Count the requests one audit sends, by method, against the audit benchmark's TypeScript publisher.

    python benchmarks/audit_requests.py [--skills 200] [--thorough] [--url URL]

Without ``--url`` it writes the catalog of ``benchmarks/audit_catalog.py`` and serves it with the
TypeScript SDK publisher, as ``benchmarks/audit_bench.py`` does. The audit runs in this process with
``Connection.request`` wrapped to count each request (the connect's ``server/discover`` is not counted
here: add one). For comparison, the floor sends one ``skills/list`` per page and one
``resources/read`` per file.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from audit_bench import Publisher, _require_installs  # noqa: E402
from audit_catalog import write_catalog  # noqa: E402


async def count(url: str, *, thorough: bool) -> tuple[Counter[str], Any]:
    """Audit ``url`` once; return the requests sent per method and the audit."""
    from skillscope.audit.run.server import audit_server
    from skillscope.catalog.entry import Policy
    from skillscope.protocol.connection import connect
    from skillscope.protocol.target import Target

    counts: Counter[str] = Counter()
    async with connect(Target(label="bench", kind="http", url=url), timeout=60) as conn:
        send = conn.request

        async def counted(method: str, params: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            counts[method] += 1
            return await send(method, params, **kwargs)

        conn.request = counted  # type: ignore[method-assign]
        audit = await audit_server(conn, Policy(), None, thorough=thorough)
    return counts, audit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--thorough", action="store_true", help="audit with --thorough")
    parser.add_argument("--url", help="count against this server instead")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="skillscope-requests-") as tmp:
        publisher = None
        url = args.url
        if url is None:
            _require_installs()
            write_catalog(Path(tmp) / "skills", args.skills)
            publisher = Publisher(Path(tmp) / "skills")
            url = publisher.url
        try:
            counts, audit = anyio.run(lambda: count(url, thorough=args.thorough))
        finally:
            if publisher is not None:
                publisher.close()
    for method, n in sorted(counts.items()):
        print(f"{n:6,}  {method}")
    print(
        f"{sum(counts.values()):6,}  in all, plus server/discover ({len(audit.skills)} skills, {len(audit.findings)} findings)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
