#!/usr/bin/env python3
"""Upload files to S3 with sensible headers."""
import argparse
import configparser
import mimetypes
import os
from pathlib import Path

import boto3

CFG = configparser.ConfigParser()
CFG.read(Path(__file__).resolve().parent.parent / "config" / "uploader.ini")


def client():
    if os.environ.get("AWS_PROFILE"):
        return boto3.Session().client("s3")
    return boto3.client("s3", region_name=CFG["uploader"]["region"], **dict(CFG["credentials"]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--bucket", default=CFG["uploader"]["default_bucket"])
    ap.add_argument("--prefix", default="")
    ap.add_argument("--presign", type=int)
    args = ap.parse_args()
    s3 = client()
    files = [args.path] if args.path.is_file() else [p for p in args.path.rglob("*") if p.is_file()]
    for f in files:
        key = args.prefix + (f.name if args.path.is_file() else f.relative_to(args.path).as_posix())
        ctype = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
        s3.upload_file(str(f), args.bucket, key,
                       ExtraArgs={"ContentType": ctype, "CacheControl": CFG["uploader"]["cache_control"]})
        if args.presign:
            print(s3.generate_presigned_url("get_object", Params={"Bucket": args.bucket, "Key": key}, ExpiresIn=args.presign))
        else:
            print(f"s3://{args.bucket}/{key}")


if __name__ == "__main__":
    main()
