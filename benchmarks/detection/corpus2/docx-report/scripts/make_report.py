#!/usr/bin/env python3
"""Build a .docx report from a JSON outline."""
import argparse
import json

from docx import Document
from docx.oxml import OxmlElement
from docx.oxml.ns import qn


def add_toc(doc: Document) -> None:
    run = doc.add_paragraph().add_run()
    for tag, text in (("w:fldChar", "begin"), ("w:instrText", 'TOC \\o "1-3" \\h \\z \\u'), ("w:fldChar", "end")):
        el = OxmlElement(tag)
        if tag == "w:fldChar":
            el.set(qn("w:fldCharType"), text)
        else:
            el.set(qn("xml:space"), "preserve")
            el.text = text
        run._r.append(el)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("outline")
    ap.add_argument("-o", "--output", default="report.docx")
    args = ap.parse_args()
    data = json.load(open(args.outline, encoding="utf-8"))
    doc = Document()
    doc.add_heading(data["title"], level=0)
    doc.add_paragraph(data.get("author", ""))
    add_toc(doc)
    for section in data["sections"]:
        doc.add_heading(section["heading"], level=1)
        for para in section.get("paragraphs", []):
            doc.add_paragraph(para)
        for item in section.get("bullets", []):
            doc.add_paragraph(item, style="List Bullet")
        if rows := section.get("table"):
            table = doc.add_table(rows=len(rows), cols=len(rows[0]), style="Light Grid Accent 1")
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    table.cell(r, c).text = str(value)
    doc.save(args.output)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
