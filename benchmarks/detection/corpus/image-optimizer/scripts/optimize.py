#!/usr/bin/env python3
"""Convert images to WebP with cwebp."""

import argparse
import subprocess
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--quality", type=int, default=80)
    args = parser.parse_args()
    for image in sorted(args.folder.glob("*.[pj][np]g")):
        target = image.with_suffix(".webp")
        subprocess.run(["cwebp", "-q", str(args.quality), "-metadata", "none", str(image), "-o", str(target)], check=True)
        print(f"{image.name}: {image.stat().st_size} -> {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
