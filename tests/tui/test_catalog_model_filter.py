"""The catalog model's filter: free text over names and descriptions, ``state:`` words, and surface items alike.

Moved here from tests/tui/test_catalog_state.py (the state words beyond the first) and test_tree_attention.py
(items by free text): the matching is the model's; the screen keeps one filter typed end to end.
"""

from __future__ import annotations

from skillscope.tui.catalog.model import CatalogModel
from tests.tui.catalog_values import model_of, reviewed, session_of, skill, surface_of, views_of


def demo_like() -> CatalogModel:
    views = views_of(
        "demo",
        [
            skill("acme/billing/invoice-review", "Review invoices."),
            skill("pdf-processing", "Fill PDF forms."),
            skill("release-notes", "Write release notes."),
            skill("terminal-tricks", "Shell tricks."),
            skill("hello-world", "Say hello."),
        ],
    )
    reviewed(views["demo:acme/billing/invoice-review"], "changed-since-approval")
    reviewed(views["demo:hello-world"], "approved")
    return model_of(("demo", views))


def shown(model: CatalogModel, label: str = "demo") -> list[str]:
    folders, malformed = model.folders[label], model.malformed[label]
    return sorted(name for folder in folders.values() for name in folder.skills) + malformed


def test_state_words_select_skills_and_the_server_row_says_how_many_of_all():
    model = demo_like()
    assert model.set_filter("state:changed")
    model.reindex("demo")
    assert shown(model) == ["demo:acme/billing/invoice-review"]
    assert model.summary("demo")[:2] == (5, 1)
    model.set_filter("state:not-reviewed release")
    model.reindex("demo")
    assert shown(model) == ["demo:release-notes"]
    model.set_filter("state:needs-review")  # three never reviewed and one changed
    model.reindex("demo")
    assert shown(model) == [
        "demo:acme/billing/invoice-review",
        "demo:pdf-processing",
        "demo:release-notes",
        "demo:terminal-tricks",
    ]
    model.set_filter("state:approved state:changed")  # every word must hold
    model.reindex("demo")
    assert shown(model) == []
    assert [row.words for row in model.server_rows("demo")] == ["no skill matches the filter"]
    # The status line counts the whole catalog, whatever the filter shows.
    assert model.counts()[0] == {"not-reviewed": 3, "changed": 1, "approved": 1}


def test_free_text_matches_descriptions_case_blind_and_the_same_filter_twice_changes_nothing():
    model = demo_like()
    assert model.set_filter("  PDF forms ")
    assert not model.set_filter("pdf forms"), "the same filter, as typed again"
    model.reindex("demo")
    assert shown(model) == ["demo:pdf-processing"]
    assert model.set_filter("")
    model.reindex("demo")
    assert len(shown(model)) == 5 and model.summary("demo")[1] is None


def test_surface_items_are_kept_by_state_and_by_name_or_description():
    model = model_of(("fx", views_of("fx", [skill("only")])))
    surface = surface_of("fx", ["search", "delete"], ("summarise",))
    reviews = {item.name: None for item in surface.all_items()}  # no ledger word: state unknown
    model.show_surface("fx", surface, reviews)
    assert model.shown_items("fx") == ["fx:tool/search", "fx:tool/delete", "fx:prompt/summarise"]
    model.set_filter("summarise")
    assert model.shown_items("fx") == ["fx:prompt/summarise"]
    model.set_filter("the delete tool")  # its description
    assert model.shown_items("fx") == ["fx:tool/delete"]
    model.set_filter("state:needs-review")  # an item whose state is unknown carries no state word
    assert model.shown_items("fx") == [] and model.surface_branch("fx") is None


def test_a_surface_item_waiting_for_a_verdict_is_kept_by_needs_review_and_an_approved_one_is_not():
    from skillscope.ledger.core.verdicts import ReviewState

    model = model_of(("fx", views_of("fx", [skill("only")])))
    surface = surface_of("fx", ["search", "delete"])
    reviews = {"fx:tool/search": ReviewState("not-reviewed"), "fx:tool/delete": ReviewState("approved")}
    model.show_surface("fx", surface, reviews)
    model.set_filter("state:needs-review")
    assert model.shown_items("fx") == ["fx:tool/search"]
    model.set_filter("state:approved")
    assert model.shown_items("fx") == ["fx:tool/delete"]
    assert model.counts()[2] == {"not-reviewed": 1, "approved": 1}


def test_a_server_that_is_still_connecting_has_only_a_note():
    model = CatalogModel()
    model.show(session_of("p", state="connecting", listing_state="none"), None, None, None)
    assert [(row.ref.kind, row.words) for row in model.server_rows("p")] == [("note", "")]
    assert model.summary("p") is None
