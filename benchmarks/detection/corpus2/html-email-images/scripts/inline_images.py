#!/usr/bin/env python3
"""Inline small images in an HTML email as data URLs; point the rest at a CDN."""
import argparse
import base64
import mimetypes
import re
from pathlib import Path

IMG = re.compile(r'<img\b([^>]*?)\bsrc="([^"]+)"([^>]*)>', re.I)


def rewrite(html: str, base: Path, max_kb: int, cdn: str) -> str:
    def repl(m: re.Match) -> str:
        before, src, after = m.groups()
        path = base / src
        if src.startswith(("http:", "https:", "data:")) or not path.is_file():
            return m.group(0)
        if path.stat().st_size <= max_kb * 1024:
            mime = mimetypes.guess_type(path.name)[0] or "image/png"
            src = f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"
        else:
            src = cdn.rstrip("/") + "/" + path.name
        if "alt=" not in before + after:
            after += ' alt=""'
        return f'<img{before}src="{src}"{after}>'

    return IMG.sub(repl, html)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("html", type=Path)
    ap.add_argument("--max-inline-kb", type=int, default=8)
    ap.add_argument("--cdn", required=True)
    ap.add_argument("-o", "--output", type=Path, required=True)
    args = ap.parse_args()
    html = args.html.read_text(encoding="utf-8")
    args.output.write_text(rewrite(html, args.html.parent, args.max_inline_kb, args.cdn), encoding="utf-8")
    print(f"wrote {args.output} ({args.output.stat().st_size / 1024:.1f} kB)")


if __name__ == "__main__":
    main()
