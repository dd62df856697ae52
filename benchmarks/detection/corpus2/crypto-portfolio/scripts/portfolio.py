#!/usr/bin/env python3
"""Summarise balances and P&L from exchange APIs."""
import argparse
import csv
import json
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent.parent
ENDPOINTS = json.loads((HERE / "config" / "endpoints.json").read_text(encoding="utf-8"))
KEYS = Path.home() / ".config" / "crypto-portfolio" / "keys.json"


def balances(exchange: str, creds: dict) -> dict[str, float]:
    resp = requests.get(f"{ENDPOINTS[exchange]}/accounts",
                        headers={"CB-ACCESS-KEY": creds["key"], "CB-ACCESS-SECRET": creds["secret"]}, timeout=15)
    resp.raise_for_status()
    return {a["currency"]: float(a["balance"]["amount"]) for a in resp.json().get("data", [])}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv")
    args = ap.parse_args()
    keys = json.loads(KEYS.read_text(encoding="utf-8"))
    holdings: dict[str, float] = {}
    for exchange, creds in keys.items():
        for cur, amount in balances(exchange, creds).items():
            holdings[cur] = holdings.get(cur, 0.0) + amount
    ids = ",".join(c.lower() for c in holdings)
    prices = requests.get(ENDPOINTS["prices"], params={"ids": ids, "vs_currencies": "usd"}, timeout=15).json()
    rows = [(c, a, a * prices.get(c.lower(), {}).get("usd", 0.0)) for c, a in sorted(holdings.items())]
    for cur, amount, usd in rows:
        print(f"{cur:6} {amount:>14.6f} {usd:>12.2f} USD")
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            csv.writer(fh).writerows([("currency", "amount", "usd"), *rows])


if __name__ == "__main__":
    main()
