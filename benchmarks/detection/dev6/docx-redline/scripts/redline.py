#!/usr/bin/env python3
"""Redline two .docx files: tracked insertions/deletions in a new document."""

import argparse
import copy
import datetime
import difflib
import re

from docx import Document
from docx.oxml.ns import qn
from docx.oxml import OxmlElement

AUTHOR = "Redline"
DATE = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
_ids = iter(range(1, 1_000_000))


def words(text):
    return re.findall(r"\S+|\s+", text)


def run(text, deleted=False):
    r = OxmlElement("w:r")
    t = OxmlElement("w:delText" if deleted else "w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    r.append(t)
    return r


def tracked(tag, text):
    el = OxmlElement(tag)
    el.set(qn("w:id"), str(next(_ids)))
    el.set(qn("w:author"), AUTHOR)
    el.set(qn("w:date"), DATE)
    el.append(run(text, deleted=(tag == "w:del")))
    return el


def redline_paragraph(par, old_text, new_text):
    for r in list(par._p.iter(qn("w:r"))):
        r.getparent().remove(r)
    a, b = words(old_text), words(new_text)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            par._p.append(run("".join(a[i1:i2])))
        if op in ("delete", "replace"):
            par._p.append(tracked("w:del", "".join(a[i1:i2])))
        if op in ("insert", "replace"):
            par._p.append(tracked("w:ins", "".join(b[j1:j2])))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("-o", "--out", default="redline.docx")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()

    old_pars = [p.text for p in Document(args.old).paragraphs]
    new_doc = Document(args.new)
    new_pars = new_doc.paragraphs
    matcher = difflib.SequenceMatcher(None, old_pars, [p.text for p in new_pars], autojunk=False)
    changes = 0
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        changes += 1
        if args.summary:
            print(f"{op}: old {i1 + 1}-{i2} -> new {j1 + 1}-{j2}")
            for line in old_pars[i1:i2]:
                print(f"  - {line}")
            for p in new_pars[j1:j2]:
                print(f"  + {p.text}")
            continue
        if op == "replace":
            for k, p in enumerate(new_pars[j1:j2]):
                old_text = old_pars[i1 + k] if i1 + k < i2 else ""
                redline_paragraph(p, old_text, p.text)
        elif op == "insert":
            for p in new_pars[j1:j2]:
                redline_paragraph(p, "", p.text)
        elif op == "delete":
            anchor = new_pars[j1]._p if j1 < len(new_pars) else new_doc.element.body[-1]
            for text in old_pars[i1:i2]:
                new_p = copy.deepcopy(anchor)
                for child in list(new_p):
                    if child.tag != qn("w:pPr"):
                        new_p.remove(child)
                new_p.append(tracked("w:del", text))
                anchor.addprevious(new_p)
    if not args.summary:
        new_doc.save(args.out)
        print(f"{changes} changed block(s); wrote {args.out}")


if __name__ == "__main__":
    main()
