"""Entries to verdicts: validation rules, names, fingerprints and the listing walk."""

from skillscope.catalog.entry import CatalogEntry, CatalogWarning, FileRef, Policy, validate_entry
from skillscope.catalog.fingerprint import fingerprint
from skillscope.catalog.listing import Listing, catalog_entries, collect_listing

__all__ = [
    "CatalogEntry",
    "CatalogWarning",
    "FileRef",
    "Listing",
    "Policy",
    "catalog_entries",
    "collect_listing",
    "fingerprint",
    "validate_entry",
]
