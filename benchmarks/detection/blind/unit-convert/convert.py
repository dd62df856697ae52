#!/usr/bin/env python3
import sys

FACTORS = {
    "m": ("len", 1), "km": ("len", 1000), "cm": ("len", 0.01), "mm": ("len", 0.001),
    "mi": ("len", 1609.344), "ft": ("len", 0.3048), "in": ("len", 0.0254),
    "kg": ("mass", 1), "g": ("mass", 0.001), "lb": ("mass", 0.45359237), "oz": ("mass", 0.028349523125),
    "B": ("data", 1), "kB": ("data", 1e3), "MB": ("data", 1e6), "GB": ("data", 1e9),
    "KiB": ("data", 1024), "MiB": ("data", 1024**2), "GiB": ("data", 1024**3),
    "s": ("time", 1), "min": ("time", 60), "h": ("time", 3600), "d": ("time", 86400),
}


def temperature(value: float, src: str, dst: str) -> float:
    kelvin = {"C": value + 273.15, "F": (value - 32) * 5 / 9 + 273.15, "K": value}[src]
    return {"C": kelvin - 273.15, "F": (kelvin - 273.15) * 9 / 5 + 32, "K": kelvin}[dst]


def main() -> None:
    value, src, dst = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    if {src, dst} <= {"C", "F", "K"}:
        result = temperature(value, src, dst)
    else:
        (kind_a, fa), (kind_b, fb) = FACTORS[src], FACTORS[dst]
        if kind_a != kind_b:
            raise SystemExit(f"cannot convert {src} to {dst}")
        result = value * fa / fb
    print(f"{value:g} {src} = {result:.6g} {dst}")


if __name__ == "__main__":
    main()
