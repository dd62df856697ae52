"""The rows the catalog model hands the tree: a server's notes, pages of a large folder, malformed entries, files,
and the surface branch last."""

from __future__ import annotations

from skillscope.tui.catalog.model import AUTO_EXPAND, PAGE, CatalogModel
from tests.tui.catalog_values import model_of, session_of, skill, surface_of, views_of


def refs(rows):
    return [(row.ref.kind, row.ref.key) for row in rows]


def test_a_large_flat_folder_shows_a_page_at_a_time_with_a_more_row_that_says_how_many_follow():
    count = PAGE * 2 + 7
    model = model_of(("big", views_of("big", [skill(f"s-{n:04d}") for n in range(count)])))
    first = model.server_rows("big")
    assert len(first) == PAGE + 1
    more = first[-1]
    assert more.ref.kind == "more" and more.ref.offset == PAGE and more.rest == count - PAGE
    assert first[0].ref.key == "big:s-0000" and first[PAGE - 1].ref.key == f"big:s-{PAGE - 1:04d}"
    second = model.page("big", more.ref.key, more.ref.offset)
    assert second[0].ref.key == f"big:s-{PAGE:04d}" and second[-1].rest == 7
    last = model.page("big", "", second[-1].ref.offset)
    assert len(last) == 7 and all(row.ref.kind == "skill" for row in last), "no more row after the last page"


def test_a_server_lists_its_page_then_its_malformed_entries_then_its_surface():
    model = model_of(("p", views_of("p", [skill("b", files=2), {"uri": "nope"}, skill("a", dynamic=True)])))
    model.show_surface("p", surface_of("p", ["search"]), {})
    rows = model.server_rows("p")
    assert refs(rows) == [("skill", "p:a"), ("skill", "p:b"), ("malformed", "p:#1"), ("surface", "")]
    assert [row.expand for row in rows] == [False, True, False, True], (
        "a skill with listed files opens, a dynamic one not"
    )
    assert [row.ref.path for row in model.file_rows("p", "p:b")] == [
        "SKILL.md",
        "references/part-0.md",
        "references/part-1.md",
    ]


def test_a_stale_catalog_stays_under_a_note_and_an_empty_one_says_what_to_do():
    views = views_of("p", [skill("a")])
    model = CatalogModel()
    model.show(session_of("p", state="unreachable"), views, None, None)
    assert refs(model.server_rows("p")) == [("note", ""), ("skill", "p:a")]
    model.show(session_of("p", listing_state="failed"), views, None, None)
    assert refs(model.server_rows("p")) == [("note", ""), ("skill", "p:a")]
    model.show(session_of("p"), {}, None, None)
    assert [row.words for row in model.server_rows("p")] == ["the server lists no skills (press o to open one by name)"]


def test_the_surface_branch_lists_its_kinds_and_each_kind_its_items():
    model = model_of(("fx", None))
    model.show_surface("fx", surface_of("fx", ["search", "delete"], ("summarise",)), {})
    # A server without skills still shows its surface, under the note about its catalog.
    assert refs(model.server_rows("fx")) == [("note", ""), ("surface", "")]
    kinds = model.surface_rows("fx", "")
    assert [(row.ref.key, row.expand, len(row.items)) for row in kinds] == [
        ("tool", True, 2),
        ("prompt", True, 1),
        ("resource", False, 0),
        ("template", False, 0),
    ]
    assert refs(model.surface_rows("fx", "tool")) == [("item", "fx:tool/search"), ("item", "fx:tool/delete")]


def test_a_filter_opens_folders_only_when_few_enough_skills_match():
    few = model_of(("p", views_of("p", [skill(f"team/s{n}") for n in range(3)])))
    few.set_filter("s1")
    few.reindex("p")
    assert few.opened_by_filter("p") == {"server", "folder", "surface"}
    many = model_of(("q", views_of("q", [skill(f"team/s{n}") for n in range(AUTO_EXPAND + 1)])))
    many.set_filter("team")
    many.reindex("q")
    assert "folder" not in many.opened_by_filter("q")
