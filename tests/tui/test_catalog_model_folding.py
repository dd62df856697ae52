"""The catalog model folds skills into folders by path and keeps every folder's roll-up counts right, with no app."""

from __future__ import annotations

from skillscope.tui.catalog.folding import IN_PLACE, build_index, fold
from tests.tui.catalog_values import model_of, reviewed, session_of, skill, views_of


def catalog():
    return views_of(
        "p",
        [
            skill("acme/billing/invoice-review"),
            skill("acme/billing/refunds"),
            skill("acme/hr/onboarding"),
            skill("pdf-processing"),
            {"uri": 5},  # malformed: no usable URI
        ],
    )


def test_skills_fold_into_folders_by_path_with_counts_and_malformed_entries_apart():
    views = catalog()
    reviewed(views["p:acme/billing/refunds"], "changed-since-approval")
    folders, malformed, totals = fold(views, None, None)
    assert set(folders) == {"", "acme", "acme/billing", "acme/hr"}
    assert malformed == ["p:#4"]
    assert folders["acme"].total == 3 and folders["acme/billing"].total == 2 and folders[""].total == 4
    assert folders["acme/billing"].counts == {"not-reviewed": 1, "changed": 1}
    assert folders["acme/hr"].counts == {"not-reviewed": 1}
    # The root counts every entry, the malformed one included; the totals are the whole catalog's.
    assert totals == {"not-reviewed": 3, "changed": 1, "malformed": 1}
    kinds = [(kind, getattr(value, "path", value)) for kind, value in folders[""].children(views)]
    assert kinds == [("folder", "acme"), ("skill", "p:pdf-processing")]


def test_a_chain_of_single_folders_is_one_row_and_a_folder_with_two_is_not():
    views = views_of("p", [skill("acme/billing/invoice-review"), skill("acme/billing/refunds")])
    model = model_of(("p", views))
    rows = model.server_rows("p")
    assert [(row.ref.kind, row.ref.key, row.shown) for row in rows] == [("folder", "acme/billing", "acme/billing")]
    # Twin: a second folder under acme stops the chain at acme.
    views = views_of("p", [skill("acme/billing/invoice-review"), skill("acme/hr/onboarding")])
    model = model_of(("p", views))
    assert [(row.ref.key, row.shown) for row in model.server_rows("p")] == [("acme", "acme")]
    assert [(row.ref.key, row.shown) for row in model.page("p", "acme", 0)] == [
        ("acme/billing", "billing"),
        ("acme/hr", "hr"),
    ]


def test_a_state_change_is_counted_in_place_exactly_as_folding_again_would():
    views = catalog()
    model = model_of(("p", views))
    view = views["p:acme/billing/invoice-review"]
    view.phase = "failed"
    reviewed(view, "approved")
    assert model.recount("p", {view.name})
    again, _, totals = fold(views, None, None)
    for path, folder in model.folders["p"].items():
        assert folder.counts == again[path].counts, path
    assert model.totals["p"] == totals == {"not-reviewed": 3, "approved": 1, "failed": 1, "malformed": 1}
    assert model.summary("p") == (5, None, totals)


def test_under_a_filter_or_for_too_many_skills_a_change_asks_for_a_fold_instead():
    views = catalog()
    model = model_of(("p", views))
    names = set(views)
    assert model.recount("p", names)  # honest twin: few changes, no filter
    model.set_filter("invoice")
    model.reindex("p")
    assert not model.recount("p", names), "a filter may show or hide the changed skill"
    many = views_of("q", [skill(f"s{n}") for n in range(IN_PLACE + 1)])
    model = model_of(("q", many))
    assert not model.recount("q", set(many))


def test_the_status_counts_add_every_server_and_name_the_stale_skills():
    model = model_of(("p", catalog()), ("q", views_of("q", [skill("one"), skill("two")])))
    model.show(session_of("q", state="exited"), model.views["q"], None, None)
    counts, stale, items = model.counts()
    assert counts == {"not-reviewed": 6, "malformed": 1} and stale == 2 and items == {}


def test_an_index_folded_off_the_loop_is_used_as_it_is():
    views = catalog()
    index = build_index(views)
    model = model_of()
    model.show(session_of("p"), views, index, None)
    assert model.folders["p"][""] is index[0]
