"""TUI benchmark: a 10,000-skill catalog in the tree; time to first paint and navigation latency.

    python benchmarks/tui_bench.py [--skills 10000] [--layout nested|flat|both] [--keys 200]

The catalog is served by a real in-process MCP server (the demo publisher), listed with
skills/list like any other server, then shown in the real app run headless at 120×36.
Prints, per layout:

  connect + list      attaching and walking skills/list (MCP, not the TUI)
  first paint         from the listing in hand to the tree painted with it
  app start → paint   from starting the app to the catalog on screen (both of the above)
  move (↓)            latency of one cursor step in the tree, median and p95 over --keys presses
                      (a round trip through Textual's pilot; the bare-tree "harness floor" is printed first)
  open folder (→)     latency of expanding a folder node (nested) or the root page (flat)
  filter              time for a filter that matches 1% of the skills to repaint the tree
  state filter        time for ``state:needs-review`` (every skill) to repaint the tree
  jump (N)            latency of the key that jumps to the next skill waiting for a verdict
  refresh (r)         from r to the catalog listed again and repainted (skills/list and validation included)
  refresh repaint     from the new listing in hand to the tree repainted with it (cursor and folders kept)
  key during refresh  latency of ↓ presses while the refresh runs, median and worst

Nodes are built lazily: only expanded folders have children, and a folder shows its
children 500 at a time, so the cost of a paint does not grow with the catalog.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


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


async def measure(count: int, layout: str, keys: int) -> dict[str, float]:
    from skillscope.catalog.entry import Policy
    from skillscope.demo.publisher import build_server
    from skillscope.protocol.target import Target
    from skillscope.tui.app import make_app
    from skillscope.tui.settings import ServerSeed, TuiSettings

    server = build_server(make_skills(count, layout), name="bench")
    tmp = Path(tempfile.mkdtemp(prefix="tui-bench-"))
    settings = TuiSettings(servers=[ServerSeed(Target(label="bench", kind="inprocess", server=server), None, "demo", Policy())],
                           ledger_path=tmp / "ledger.jsonl", reviewer="bench", log_dir=tmp, timeout=300)
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

        def timed_show(session_, views):  # noqa: ANN001 - wraps the widget's own method
            if views is not None and "listed" not in shown:
                shown["listed"] = time.perf_counter()
            return original(session_, views)

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
        moves = []
        for _ in range(keys):
            t0 = time.perf_counter()
            await pilot.press("down")
            moves.append(time.perf_counter() - t0)
        moves.sort()
        out["move (↓) median"] = statistics.median(moves)
        out["move (↓) p95"] = moves[int(len(moves) * 0.95) - 1]
        t0 = time.perf_counter()
        tree.set_filter("skill-000")
        await pilot.pause()
        out["filter (1% match)"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        tree.set_filter("state:needs-review")
        await pilot.pause()
        out["state filter (all)"] = time.perf_counter() - t0
        tree.set_filter("")
        await pilot.pause()
        jumps = []
        for _ in range(min(keys, 50)):
            t0 = time.perf_counter()
            await pilot.press("N")
            jumps.append(time.perf_counter() - t0)
        out["jump (N) median"] = statistics.median(jumps)
        out["jump (N) worst"] = max(jumps)
        out.update(await _refresh(pilot, screen, session, shown))
        await screen.shutdown()
    return out


async def _refresh(pilot, screen, session, shown: dict[str, float]) -> dict[str, float]:  # noqa: ANN001 - the running app's objects
    """Press r, keep pressing ↓ while the catalog is listed again, and time the repaint."""
    out: dict[str, float] = {}
    shown.clear()
    generation = session.generation
    listed_before = session.listing
    tree = screen.catalog_tree
    del tree.show_server  # drop measure()'s wrapper: it would stop the clock at the redraw of the old catalog
    inner = tree.show_server

    def timed_show(session_, views):  # noqa: ANN001 - wraps the widget's own method
        # The old catalog is redrawn while listing; the clock starts when the new listing is in hand.
        if session_.listing is not listed_before and "listed" not in shown:
            shown["listed"] = time.perf_counter()
        return inner(session_, views)

    tree.show_server = timed_show  # type: ignore[method-assign]
    tree.focus()
    screen._server = session.label
    t0 = time.perf_counter()
    screen.action_refresh()  # what r does, without the pilot waiting for the work to end: keys go in meanwhile
    keys = []
    while session.listing is listed_before or "listed" not in shown:
        k0 = time.perf_counter()
        await pilot.press("down")
        keys.append(time.perf_counter() - k0)
    await pilot.pause()
    painted = time.perf_counter()
    assert session.generation == generation and session.listing_state == "listed"
    out["refresh (r) total"] = painted - t0
    out["refresh repaint"] = painted - shown["listed"]
    if keys:
        out["key during refresh median"] = statistics.median(keys)
        out["key during refresh worst"] = max(keys)
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
        app.query_one(Tree).focus()
        await pilot.pause()
        times = []
        for n in range(keys):
            t0 = time.perf_counter()
            await pilot.press("down" if (n // 15) % 2 == 0 else "up")
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=10_000)
    parser.add_argument("--layout", choices=["nested", "flat", "both"], default="both")
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    layouts = ["nested", "flat"] if args.layout == "both" else [args.layout]
    floor = asyncio.run(harness_floor(args.keys))
    print(f"harness floor: one key press through Textual's pilot on a bare 20-node tree takes {floor * 1000:.1f} ms (median)")
    for layout in layouts:
        numbers = asyncio.run(measure(args.skills, layout, args.keys))
        print(f"{args.skills:,} skills, {layout} catalog")
        for key, value in numbers.items():
            print(f"  {key:<20} {value * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
