"""write_label: a tree row is drawn again only when its label changes, in text, spans or style."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Tree

from skillscope.tui.widgets.tree_labels import write_label

pytestmark = pytest.mark.anyio


class Rows(App[None]):
    def compose(self) -> ComposeResult:
        tree: Tree[None] = Tree("root")
        tree.root.add_leaf(Text("○ skill", style="yellow"))
        tree.root.expand()
        yield tree


async def test_a_label_is_written_when_its_text_or_style_changes_and_left_alone_when_the_same() -> None:
    app = Rows()
    async with app.run_test(size=(40, 6)) as pilot:
        tree = app.query_one(Tree)
        node = tree.root.children[0]
        await pilot.pause()
        before = node._updates
        write_label(node, Text("○ skill", style="yellow"))  # the same: its row is not drawn again
        assert node._updates == before
        write_label(node, Text("○ skill", style="red"))  # the same words in another colour
        await pilot.pause()
        assert node._updates == before + 1 and node.label.style == "red"
        write_label(node, Text("✗ skill", style="red"))
        await pilot.pause()
        assert node._updates == before + 2
        assert "✗ skill" in tree.render_line(1).text
