"""Where each skill and item sits in the catalog model, which ones it opens to first, and the jump keys' walk.

The full walk of the jump keys (every skill, the surface items after them, the wrap, and back) moved here from
tests/tui/test_catalog_state.py, which keeps the first presses and the pane following them.
"""

from __future__ import annotations

from skillscope.ledger.core.verdicts import ReviewState
from skillscope.tui.catalog.model import ATTENTION_LIMIT, CatalogModel
from skillscope.tui.catalog.refs import NodeRef
from tests.tui.catalog_values import model_of, reviewed, skill, surface_of, views_of


def test_the_way_to_a_skill_goes_through_each_folder_row_shown():
    model = model_of(("p", views_of("p", [skill("acme/billing/tax/vat"), skill("acme/billing/refunds"), skill("x")])))
    # acme holds only billing: one row "acme/billing"; billing holds tax (one skill) and refunds.
    assert model.chain("p", "p:acme/billing/tax/vat") == [
        NodeRef("folder", "p", "acme/billing"),
        NodeRef("folder", "p", "acme/billing/tax"),
        NodeRef("skill", "p", "p:acme/billing/tax/vat"),
    ]
    assert model.chain("p", "p:x") == [NodeRef("skill", "p", "p:x")]
    assert model.chain("p", "p:nothing") is None


def test_a_skill_the_filter_hides_has_no_way_to_it_and_a_malformed_entry_sits_under_its_server():
    model = model_of(("p", views_of("p", [skill("team/a"), skill("team/b"), {"uri": 1}])))
    assert model.chain("p", "p:#2") == [NodeRef("malformed", "p", "p:#2")]
    model.set_filter("/a")
    model.reindex("p")
    assert model.chain("p", "p:team/b") is None
    assert model.chain("p", "p:team/a") == [NodeRef("folder", "p", "team"), NodeRef("skill", "p", "p:team/a")]
    assert model.item_chain("p", "p:tool/search") == [
        NodeRef("surface", "p"),
        NodeRef("surface", "p", "tool"),
        NodeRef("item", "p", "p:tool/search"),
    ]


def test_the_catalog_opens_first_to_changed_and_failed_skills_and_only_the_first_few():
    views = views_of("p", [skill(f"s{n:02d}") for n in range(ATTENTION_LIMIT + 5)])
    for view in list(views.values())[::2]:
        reviewed(view, "changed-since-approval")
    views["p:s01"].phase = "failed"
    reviewed(views["p:s03"], "approved")  # an approved skill needs no attention
    model = model_of(("p", views))
    wanted = sorted([f"p:s{n:02d}" for n in range(0, ATTENTION_LIMIT + 5, 2)] + ["p:s01"])[:ATTENTION_LIMIT]
    assert model.attention("p") == wanted


def demo_like() -> tuple[CatalogModel, list[str]]:
    views = views_of(
        "demo",
        [
            skill("pdf-processing"),
            skill("acme/billing/invoice-review"),
            skill("hello-world"),
            skill("release-notes"),
            skill("terminal-tricks"),
        ],
    )
    reviewed(views["demo:acme/billing/invoice-review"], "changed-since-approval")
    reviewed(views["demo:hello-world"], "approved")
    model = model_of(("demo", views))
    surface = surface_of("demo", ["search", "delete"])
    model.show_surface("demo", surface, {item.name: ReviewState("not-reviewed") for item in surface.all_items()})
    return model, [item.name for item in surface.all_items()]


def walk(model: CatalogModel, start: NodeRef | None, step: int, presses: int) -> list[str]:
    visited, ref = [], start
    for _ in range(presses):
        stop = model.next_waiting(ref, step)
        assert stop is not None
        server, name, item = stop
        ref = NodeRef("item" if item else "skill", server, name)
        visited.append(name)
    return visited


def test_the_jump_keys_visit_each_skill_waiting_for_a_verdict_in_tree_order_then_the_items_and_wrap():
    model, items = demo_like()
    forward = walk(model, None, 1, 4 + len(items) + 1)
    skills = ["demo:acme/billing/invoice-review", "demo:pdf-processing", "demo:release-notes", "demo:terminal-tricks"]
    assert forward == [*skills, *items, skills[0]], "folders sort with skills by name; hello-world is approved"
    backward = walk(model, NodeRef("skill", "demo", skills[0]), -1, len(items) + 1)
    assert backward == [*reversed(items), skills[-1]]


def test_a_jump_from_a_folder_or_a_surface_branch_starts_inside_it():
    model, items = demo_like()
    assert model.next_waiting(NodeRef("folder", "demo", "acme"))[1] == "demo:acme/billing/invoice-review"
    assert model.next_waiting(NodeRef("surface", "demo", "tool"))[1] == items[0]
    assert model.next_waiting(NodeRef("server", "demo"))[1] == "demo:acme/billing/invoice-review"


def test_a_verdict_takes_a_skill_out_of_the_walk():
    model, _ = demo_like()
    views = model.views["demo"]
    assert model.next_waiting(None)[1] == "demo:acme/billing/invoice-review"
    reviewed(views["demo:acme/billing/invoice-review"], "approved")
    assert model.recount("demo", {"demo:acme/billing/invoice-review"})
    assert model.next_waiting(None)[1] == "demo:pdf-processing"


def test_nothing_waiting_means_no_stop():
    views = views_of("p", [skill("a"), skill("b")])
    for view in views.values():
        reviewed(view, "approved")
    assert model_of(("p", views)).next_waiting(None) is None
