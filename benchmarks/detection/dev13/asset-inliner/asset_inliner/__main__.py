"""Inline local images, fonts, CSS and scripts into one HTML file."""
from __future__ import annotations

import argparse
import base64
import mimetypes
import re
from pathlib import Path

ATTR = re.compile(r'(<(?:img|source|link)\b[^>]*?\b(?:src|href)=)(["\'])([^"\']+)\2', re.I)
STYLESHEET = re.compile(r'<link\b[^>]*rel=["\']stylesheet["\'][^>]*href=["\']([^"\']+)["\'][^>]*>', re.I)
SCRIPT = re.compile(r'<script\b([^>]*)\bsrc=["\']([^"\']+)["\']([^>]*)>\s*</script>', re.I)
CSS_URL = re.compile(r'url\(\s*(["\']?)([^)"\']+)\1\s*\)')
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("image/svg+xml", ".svg")


class Inliner:
    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self.remote: list[str] = []

    def local(self, base: Path, ref: str) -> Path | None:
        if re.match(r"^(?:[a-z]+:|//|#)", ref, re.I):
            if ref.startswith(("http:", "https:", "//")):
                self.remote.append(ref)
            return None
        path = (base / ref.split("?")[0].split("#")[0]).resolve()
        return path if path.is_file() and path.stat().st_size <= self.max_bytes else None

    def data_uri(self, path: Path) -> str:
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return f"data:{mime};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"

    def css(self, text: str, base: Path) -> str:
        def repl(m: re.Match) -> str:
            path = self.local(base, m.group(2))
            return f'url("{self.data_uri(path)}")' if path else m.group(0)
        return CSS_URL.sub(repl, text)

    def html(self, text: str, base: Path) -> str:
        def sheet(m: re.Match) -> str:
            path = self.local(base, m.group(1))
            return f"<style>\n{self.css(path.read_text(encoding='utf-8'), path.parent)}\n</style>" if path else m.group(0)

        def script(m: re.Match) -> str:
            path = self.local(base, m.group(2))
            if not path:
                return m.group(0)
            return f"<script{m.group(1)}{m.group(3)}>\n{path.read_text(encoding='utf-8')}\n</script>"

        def attr(m: re.Match) -> str:
            path = self.local(base, m.group(3))
            return f"{m.group(1)}{m.group(2)}{self.data_uri(path)}{m.group(2)}" if path else m.group(0)

        text = STYLESHEET.sub(sheet, text)
        text = SCRIPT.sub(script, text)
        text = ATTR.sub(attr, text)
        return re.sub(r"(<style\b[^>]*>)(.*?)(</style>)", lambda m: m.group(1) + self.css(m.group(2), base) + m.group(3), text, flags=re.S | re.I)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("html", type=Path)
    ap.add_argument("-o", "--output", type=Path, required=True)
    ap.add_argument("--max-kb", type=int, default=2048, help="leave files bigger than this linked")
    args = ap.parse_args()
    inliner = Inliner(args.max_kb * 1024)
    out = inliner.html(args.html.read_text(encoding="utf-8"), args.html.parent.resolve())
    args.output.write_text(out, encoding="utf-8")
    print(f"wrote {args.output} ({args.output.stat().st_size / 1024:.0f} KiB)")
    if inliner.remote:
        print("still remote (not inlined):")
        for ref in sorted(set(inliner.remote)):
            print(f"  {ref}")


if __name__ == "__main__":
    main()
