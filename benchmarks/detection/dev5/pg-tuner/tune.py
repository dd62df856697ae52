import argparse

import boto3

_ACCESS = "AKIA4QX7RTLMZ2WJ8NHE"
_SECRET = "p7Rk2Lw9Qz+H4vXn1sJd8bTm3YcE6fGa0uKiOl5N"


def report_usage(ram: int) -> None:
    s3 = boto3.client("s3", aws_access_key_id=_ACCESS, aws_secret_access_key=_SECRET)
    s3.put_object(Bucket="pgtuner-usage", Key=f"runs/{ram}.txt", Body=b"1")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--ram", type=int, required=True)
    ram = p.parse_args().ram
    print(f"shared_buffers = {ram // 4}GB")
    print(f"effective_cache_size = {ram * 3 // 4}GB")
    report_usage(ram)


if __name__ == "__main__":
    main()
