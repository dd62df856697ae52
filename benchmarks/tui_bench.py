"""TUI benchmark: a 10,000-skill catalog in the tree; time to first paint and navigation latency.

    python benchmarks/tui_bench.py [--skills 10000] [--layout nested|flat|both] [--keys 200] [--server stdio|http|inprocess]
                                   [--work-only] [--profile N]

The catalog is served by the demo publisher, listed with skills/list like any other server,
then shown in the real app run headless at 120×36. By default the publisher runs as a stdio
server in its own process, as a reviewer's servers do: an in-process server (``--server
inprocess``) answers on the TUI's own event loop, so its work (building 20,000 resource
models for a resources/list) would be counted as the TUI's.
Prints, per layout:

  connect + list      attaching and walking skills/list (MCP, not the TUI)
  first paint         from the listing in hand to the tree painted with it
  app start → paint   from starting the app to the catalog on screen (both of the above)
  move (↓)            latency of one cursor step in the tree, median and p95 over --keys presses
  open folder (→)     latency of expanding a folder node (nested) or the root page (flat)
  filter              time for a filter that matches 1% of the skills to repaint the tree (folded in a thread)
  state filter        time for ``state:needs-review`` (every skill) to repaint the tree
  jump (N)            latency of the key that jumps to the next skill waiting for a verdict
  refresh (r)         from r to the catalog listed again and repainted (skills/list and validation included)
  refresh repaint     from the new listing in hand to the tree repainted with it (cursor and folders kept)
  key during refresh  latency of ↓/↑ presses while the refresh runs, median and worst
  key during open     the same while a large skill (many files, some large) is read and verified
  key during audit    the same while that skill is audited (i: every file read, verified and scanned; the
                      scans run in the app's child process, started by the first audit)
  open / audit total  from the key to the skill opened, or audited, and its result in hand
  … CPU worst         for the keys above: the most CPU time the event loop's thread spent between a key
                      and its answer (what the TUI's own work costs, whatever else loads the machine)
The machine's load average (one minute) is printed with each layout's figures. ``--profile N``
prints, for the N keys during each kind of work that cost the loop most CPU, what the loop ran
meanwhile (cProfile on the loop's thread, timed in CPU; it slows the loop several times over, so take the
figures from a run without it); ``--work-only`` skips the quiet cases.

A key's latency runs from the key event reaching the app to the first screen update after the
cursor moved: the reviewer sees the answer. (Textual's ``pilot.press`` is not used for it: it
waits until the whole process, threads included, is idle, so it measures the work, not the key.)
Nodes are built lazily: only expanded folders have children, and a folder shows its
children 500 at a time, so the cost of a paint does not grow with the catalog.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # audit_catalog, for --server http


def make_skills(count: int, layout: str) -> list:
    """``count`` small skills: flat names, or 100 teams × areas × skills."""
    from skillscope.demo.publisher import PublishedSkill, SkillFile

    skills = []
    for n in range(count):
        name = f"skill-{n:05d}"
        path = name if layout == "flat" else f"team-{n % 100:02d}/area-{(n // 100) % 10}/{name}"
        body = f"---\nname: {name}\ndescription: Benchmark skill number {n}.\n---\nDo thing {n}.\n".encode()
        skills.append(PublishedSkill(path, [SkillFile("SKILL.md", body), SkillFile("references/NOTES.md", b"notes\n")]))
    return skills


class KeyProbe:
    """Times keys from the event reaching the app to the first screen update after the tree's cursor moved."""

    def __init__(self, app, tree, *, profile: bool = False) -> None:  # the running app and its tree
        self.app, self.tree = app, tree
        self.cpu: list[float] = []
        """Per press, the CPU time the event loop's thread spent until the answer was on screen."""
        self.profile = profile
        self.profiles: list[tuple[float, cProfile.Profile]] = []
        """With ``profile``, per press (in order): its loop CPU time and what the loop ran meanwhile."""
        self.moved: asyncio.Event | None = None
        self.line = -1
        self.answered: asyncio.Event | None = None
        display, moved_down, moved_up = app._display, tree.action_cursor_down, tree.action_cursor_up

        def shown(screen, renderable):  # wraps Textual's own method
            display(screen, renderable)
            if self.moved is None or self.answered is None or renderable is None:
                return
            if self.moved.is_set() or tree.cursor_line != self.line:  # a cursor key ran, or N moved the cursor
                self.answered.set()

        def down():
            moved_down()
            if self.moved is not None:
                self.moved.set()

        def up():
            moved_up()
            if self.moved is not None:
                self.moved.set()

        app._display, tree.action_cursor_down, tree.action_cursor_up = shown, down, up

    async def press(self, key: str) -> float:
        """Send one key as the terminal would; seconds until its answer is on screen."""
        from textual import events

        self.moved, self.answered, self.line = asyncio.Event(), asyncio.Event(), self.tree.cursor_line
        profiler = (
            cProfile.Profile(time.thread_time) if self.profile else None
        )  # CPU: the machine's load does not count
        t0, cpu0 = time.perf_counter(), time.thread_time()
        if profiler is not None:
            profiler.enable()  # the loop's thread only: what holds the key on the loop
        self.app._driver.send_message(events.Key(key, None))
        try:
            await asyncio.wait_for(self.answered.wait(), timeout=60)
        except TimeoutError:
            raise SystemExit(
                f"{key} not answered: focus {self.app.focused!r}, screen {self.app.screen!r}, line {self.line} → "
                f"{self.tree.cursor_line}, moved {self.moved.is_set()}"
            ) from None
        took = time.perf_counter() - t0
        self.cpu.append(time.thread_time() - cpu0)
        if profiler is not None:
            profiler.disable()
            self.profiles.append((self.cpu[-1], profiler))
        self.moved = self.answered = None
        return took

    async def during(self, busy) -> list[float]:  # a callable saying whether the work still runs
        """Press ↓ and ↑ (a few of each) for as long as ``busy()``; every latency."""
        times = []
        n = 0
        while busy():
            if not self.tree.has_focus:
                self.tree.focus()  # a result shown in the detail pane may take the focus: the keys go to the tree
            times.append(await self.press("down" if (n // 5) % 2 == 0 else "up"))
            n += 1
        return times


def make_large() -> object:
    """One large skill: 200 reference files of 40 KB and a 3 MB one (read, verified and scanned by open and audit)."""
    from skillscope.demo.publisher import PublishedSkill, SkillFile

    line = b"The reviewer reads this line of reference text, one of many in a large skill file.\n"
    files = [
        SkillFile(
            "SKILL.md", b"---\nname: huge\ndescription: A large skill for the benchmark.\n---\nRead the references.\n"
        )
    ]
    files += [SkillFile(f"references/part-{n:03d}.md", line * 480) for n in range(200)]
    files.append(SkillFile("references/BIG.md", line * 36_000))
    return PublishedSkill("aaa-large/huge", files)


def say(words: str) -> None:
    print(f"    … {words}", file=sys.stderr, flush=True)


def bench_server(count: int, layout: str) -> object:
    """The publisher of the benchmark's catalog: the large skill and ``count`` small ones."""
    from skillscope.demo.publisher import build_server

    return build_server([make_large(), *make_skills(count, layout)], name="bench")


def serve(count: int, layout: str) -> None:
    """Serve the benchmark's catalog on stdin/stdout (the child process of ``--server stdio``)."""
    import anyio

    anyio.run(bench_server(count, layout).run_stdio_async)  # type: ignore[attr-defined]


def serve_http(count: int, layout: str) -> None:
    """Serve the benchmark's catalog over Streamable HTTP (SSE answers), printing its URL first (``--server http``)."""
    from audit_catalog import listening_socket, uvicorn_server

    web = uvicorn_server(bench_server(count, layout), stateless=False, json_response=False)
    sock = listening_socket(0)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    web.run(sockets=[sock])


@contextlib.contextmanager
def bench_target(count: int, layout: str, kind: str) -> Iterator[object]:
    """The target to attach to; with ``http``, the catalog is served by a child process for the duration."""
    from skillscope.protocol.target import Target

    here = Path(__file__).resolve()
    if kind == "inprocess":
        yield Target(label="bench", kind="inprocess", server=bench_server(count, layout))
        return
    serving = ["--skills", str(count), "--layout", layout]
    if kind == "stdio":
        command = (sys.executable, str(here), "--serve", *serving)
        yield Target(label="bench", kind="stdio", command=command, cwd=str(here.parents[1]))
        return
    child = subprocess.Popen([sys.executable, str(here), "--serve-http", *serving], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        url = child.stdout.readline().strip()
        if not url.startswith("http://"):
            raise SystemExit(f"the HTTP catalog server printed {url!r}")
        yield Target(label="bench", kind="http", url=url)  # the socket listens already: connects wait in its backlog
    finally:
        child.terminate()
        child.wait(timeout=30)


async def measure(
    count: int, layout: str, keys: int, server: str = "stdio", *, profile: int = 0, work_only: bool = False
) -> dict[str, float]:
    with bench_target(count, layout, server) as target:
        return await _measure(target, layout, keys, profile=profile, work_only=work_only)


async def _measure(target: object, layout: str, keys: int, *, profile: int, work_only: bool) -> dict[str, float]:
    from skillscope.catalog.entry import Policy
    from skillscope.service.targets import ServerSeed, TargetOptions
    from skillscope.tui.app import make_app
    from skillscope.tui.settings import TuiSettings

    tmp = Path(tempfile.mkdtemp(prefix="tui-bench-"))
    settings = TuiSettings(
        servers=[ServerSeed(target, None, "demo", Policy())],  # type: ignore[arg-type]
        ledger_path=tmp / "ledger.jsonl",
        reviewer="bench",
        log_dir=tmp,
        options=TargetOptions(timeout=300),
    )
    app = make_app(settings)
    app.animation_level = "none"
    out: dict[str, float] = {}
    started = time.perf_counter()
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.main_screen
        session = screen.sessions["bench"]
        tree = screen.catalog_tree
        original = tree.show_server
        shown: dict[str, float] = {}

        def timed_show(session_, views, **options):  # wraps the widget's own method
            if views is not None and "listed" not in shown:
                shown["listed"] = time.perf_counter()
            return original(session_, views, **options)

        tree.show_server = timed_show  # type: ignore[method-assign]
        connected_at = None
        while session.listing_state != "listed":
            if session.state == "connected" and connected_at is None:
                connected_at = time.perf_counter()
            if session.state == "failed":
                raise SystemExit(f"connect failed: {session.error.message}")
            await pilot.pause(0.01)
        await pilot.pause()  # the refresh that paints the tree
        painted = time.perf_counter()
        out["connect + list"] = shown["listed"] - started
        out["first paint"] = painted - shown["listed"]
        out["app start → paint"] = painted - started

        tree.focus()
        tree.move_cursor_to_line(0)
        await pilot.pause()
        # Open the first folder (nested) so there is something to walk through.
        if layout == "nested":
            tree.move_cursor_to_line(1)
            await pilot.pause()
            t0 = time.perf_counter()
            await pilot.press("right")
            await pilot.pause()
            out["open folder (→)"] = time.perf_counter() - t0
        probe = KeyProbe(app, tree)
        if not work_only:
            out.update(await _moves(pilot, app, tree, probe, keys))
        probe.profile = profile > 0
        say("refresh")
        first = len(probe.profiles)
        out.update(await _refresh(pilot, screen, session, shown, probe))
        show_profiles("refresh", probe.profiles[first:], profile)
        say("open and audit")
        out.update(await _open_and_audit(pilot, screen, probe, profile))
        await screen.shutdown()
    return out


async def _moves(pilot, app, tree, probe: KeyProbe, keys: int) -> dict[str, float]:  # the running app's objects
    """Moves, filters and the jump key on a quiet catalog."""
    out: dict[str, float] = {}
    say("moves")
    moves = sorted([await probe.press("down" if (n // 15) % 2 == 0 else "up") for n in range(keys)])
    out["move (↓) median"] = statistics.median(moves)
    out["move (↓) p95"] = moves[int(len(moves) * 0.95) - 1]
    t0 = time.perf_counter()
    tree.set_filter("skill-000")
    await _filtered(pilot, app)
    out["filter (1% match)"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    tree.set_filter("state:needs-review")
    await _filtered(pilot, app)
    out["state filter (all)"] = time.perf_counter() - t0
    tree.set_filter("")
    await _filtered(pilot, app)
    jumps = [await probe.press("N") for _ in range(min(keys, 50))]
    out["jump (N) median"] = statistics.median(jumps)
    out["jump (N) worst"] = max(jumps)
    return out


def show_profiles(what: str, profiles: list[tuple[float, cProfile.Profile]], worst: int) -> None:
    """Print what the event loop ran for the ``worst`` keys (most loop CPU) pressed while ``what`` ran."""
    for cpu, profiler in sorted(profiles, key=lambda item: -item[0])[:worst]:
        print(
            f"\n--- a key during {what}: {cpu * 1000:.1f} ms of loop CPU; what ran, by cumulative time", file=sys.stderr
        )
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(45)


async def _filtered(pilot, app) -> None:  # the running app's objects
    """Wait until a filter is shown (a large catalog is folded for it in a thread)."""
    await pilot.pause()
    while any(worker.group == "filter" and worker.is_running for worker in app.workers):
        await pilot.pause(0.01)
    await pilot.pause()


# Untyped arguments: the running app's objects.
async def _refresh(pilot, screen, session, shown: dict[str, float], probe: KeyProbe) -> dict[str, float]:
    """Press r, keep pressing ↓ while the catalog is listed again, and time the repaint."""
    out: dict[str, float] = {}
    shown.clear()
    generation = session.generation
    listed_before = session.listing
    tree = screen.catalog_tree
    del tree.show_server  # drop measure()'s wrapper: it would stop the clock at the redraw of the old catalog
    inner = tree.show_server

    def timed_show(session_, views, **options):  # wraps the widget's own method
        # The old catalog is redrawn while listing; the clock starts when the new listing is in hand.
        if session_.listing is not listed_before and "listed" not in shown:
            shown["listed"] = time.perf_counter()
        return inner(session_, views, **options)

    tree.show_server = timed_show  # type: ignore[method-assign]
    tree.focus()
    screen._server = session.label
    t0 = time.perf_counter()
    screen.action_refresh()  # what r does, without the pilot waiting for the work to end: keys go in meanwhile
    first = len(probe.cpu)
    keys = await probe.during(lambda: session.listing is listed_before or "listed" not in shown)
    cpu = probe.cpu[first:]
    await pilot.pause()
    painted = time.perf_counter()
    assert session.generation == generation and session.listing_state == "listed"
    out["refresh (r) total"] = painted - t0
    out["refresh repaint"] = painted - shown["listed"]
    if keys:
        out["key during refresh median"] = statistics.median(keys)
        out["key during refresh worst"] = max(keys)
        out["key during refresh CPU worst"] = max(cpu)
        out["key during refresh presses"] = len(keys)
    return out


# Untyped arguments: the running app's objects.
async def _open_and_audit(pilot, screen, probe: KeyProbe, profile: int) -> dict[str, float]:
    """Press keys while the large skill's 3 MB file is opened (enter), then while the skill is audited (i)."""
    from textual import events

    out: dict[str, float] = {}
    app, tree = screen.app, screen.catalog_tree
    name = "bench:aaa-large/huge"

    def busy() -> bool:
        return any(worker.group == "open" and worker.is_running for worker in app.workers)

    view = screen.views["bench"][name]
    done = {"open": lambda: "references/BIG.md" in view.opened, "audit": lambda: view.audit is not None}
    for what, key in (("open", "enter"), ("audit", "i")):
        tree.focus()
        tree.reveal("bench", name, "references/BIG.md" if key == "enter" else None)
        await pilot.pause()
        while screen._skill != ("bench", name):
            await pilot.pause(0.01)
        started = time.perf_counter()
        app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
        while not busy() and not done[what]():
            await pilot.pause(0.01)
        first, profiled = len(probe.cpu), len(probe.profiles)
        keys = await probe.during(lambda: busy() and not done[what]())  # noqa: B023 - used at once
        while not done[what]():
            await pilot.pause(0.01)
        out[f"{what} ({key}) total"] = time.perf_counter() - started
        show_profiles(what, probe.profiles[profiled:], profile)
        assert view.phase == "verified", f"the large skill did not verify ({what})"
        if keys:
            out[f"key during {what} median"] = statistics.median(keys)
            out[f"key during {what} worst"] = max(keys)
            out[f"key during {what} CPU worst"] = max(probe.cpu[first:])
            out[f"key during {what} presses"] = len(keys)
    return out


async def harness_floor(keys: int) -> float:
    """Median round trip of one key press through Textual's pilot for a bare 20-node tree (the harness's own cost)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Tree

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            tree: Tree[None] = Tree("root")
            for n in range(20):
                tree.root.add_leaf(f"node {n}")
            tree.root.expand()
            yield tree

    app = Bare()
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.query_one(Tree)
        tree.focus()
        await pilot.pause()
        probe = KeyProbe(app, tree)
        times = [await probe.press("down" if (n // 15) % 2 == 0 else "up") for n in range(keys)]
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=10_000)
    parser.add_argument("--layout", choices=["nested", "flat", "both"], default="both")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--server", choices=["stdio", "http", "inprocess"], default="stdio")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="print what the loop ran for the N worst keys during work"
    )
    parser.add_argument(
        "--work-only", action="store_true", help="only the keys pressed during a refresh, an open and an audit"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the stdio server's own process
    parser.add_argument("--serve-http", action="store_true", help=argparse.SUPPRESS)  # the HTTP server's process
    args = parser.parse_args()
    if args.serve:
        serve(args.skills, args.layout)
        return
    if args.serve_http:
        serve_http(args.skills, args.layout)
        return
    layouts = ["nested", "flat"] if args.layout == "both" else [args.layout]
    floor = asyncio.run(harness_floor(args.keys))
    print(f"floor: one key on a bare 20-node tree is answered on screen in {floor * 1000:.1f} ms (median)")
    for layout in layouts:
        before = os.getloadavg()[0]
        numbers = asyncio.run(
            measure(args.skills, layout, args.keys, args.server, profile=args.profile, work_only=args.work_only)
        )
        load = f"load average {before:.1f} → {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        print(f"{args.skills:,} skills, {layout} catalog, {args.server} server ({load})")
        for key, value in numbers.items():
            print(f"  {key:<26} {value:9d}" if key.endswith("presses") else f"  {key:<26} {value * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
