#!/usr/bin/env python3
"""Pull invoice fields out of text-based PDF invoices."""
import json
import re
import sys

from pypdf import PdfReader

PATTERNS = {
    "number": r"Invoice\s*(?:No\.?|Number|#)\s*[:.]?\s*([A-Z0-9-]+)",
    "issue_date": r"(?:Invoice|Issue)\s*date\s*[:.]?\s*([0-9./-]{8,10})",
    "due_date": r"Due\s*date\s*[:.]?\s*([0-9./-]{8,10})",
    "net": r"(?:Net|Subtotal)\s*[:.]?\s*([0-9.,]+)",
    "vat": r"(?:VAT|Tax)\s*(?:\d+\s*%)?\s*[:.]?\s*([0-9.,]+)",
    "gross": r"(?:Total|Amount due)\s*[:.]?\s*([0-9.,]+)",
}


def amount(text: str | None) -> float | None:
    return float(text.replace(",", "")) if text else None


def parse(path: str) -> dict:
    text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
    found = {k: (m.group(1) if (m := re.search(p, text, re.I)) else None) for k, p in PATTERNS.items()}
    found["supplier"] = text.strip().splitlines()[0] if text.strip() else None
    net, vat, gross = (amount(found[k]) for k in ("net", "vat", "gross"))
    found["checks"] = [] if None in (net, vat, gross) or abs(net + vat - gross) < 0.01 else ["net + vat != gross"]
    return {"file": path, **found}


print(json.dumps([parse(p) for p in sys.argv[1:]], indent=2))
