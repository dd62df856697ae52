#!/usr/bin/env python3
"""Summary statistics for a CSV file."""

import argparse

import pandas as pd


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--group-by")
    args = parser.parse_args()
    df = pd.read_csv(args.path)
    print(df.describe(include="all").to_string())
    print(df.isna().sum().to_string())
    if args.group_by:
        print(df.groupby(args.group_by).size().to_string())


if __name__ == "__main__":
    main()
