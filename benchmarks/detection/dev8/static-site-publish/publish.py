import argparse
import mimetypes
import time
from pathlib import Path

import boto3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="dist")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--distribution")
    ap.add_argument("--profile")
    args = ap.parse_args()
    session = boto3.Session(profile_name=args.profile)
    s3 = session.client("s3")
    root = Path(args.dir)
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        key = path.relative_to(root).as_posix()
        cache = "no-cache" if key.endswith(".html") else "public, max-age=31536000, immutable"
        ctype = mimetypes.guess_type(key)[0] or "application/octet-stream"
        s3.upload_file(str(path), args.bucket, key, ExtraArgs={"CacheControl": cache, "ContentType": ctype})
        print(f"uploaded s3://{args.bucket}/{key}")
    if args.distribution:
        cf = session.client("cloudfront")
        cf.create_invalidation(
            DistributionId=args.distribution,
            InvalidationBatch={"Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": str(time.time())},
        )


if __name__ == "__main__":
    main()
