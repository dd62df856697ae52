#!/usr/bin/env python3
"""Formula-based pivot sheet with openpyxl."""

import argparse
import shutil
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

AGG = {"sum": "SUMIFS", "count": "COUNTIFS", "avg": "AVERAGEIFS"}


def column_of(ws, header):
    for cell in ws[1]:
        if cell.value == header:
            return get_column_letter(cell.column)
    raise SystemExit(f"no column named {header!r} in {ws.title}")


def distinct(ws, letter):
    seen = []
    for (value,) in ws.iter_rows(min_row=2, min_col=ws[f"{letter}1"].column, max_col=ws[f"{letter}1"].column, values_only=True):
        if value is not None and value not in seen:
            seen.append(value)
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("path", type=Path)
    ap.add_argument("--sheet", default="Data")
    ap.add_argument("--rows", required=True)
    ap.add_argument("--cols")
    ap.add_argument("--value", required=True)
    ap.add_argument("--agg", choices=AGG, default="sum")
    ap.add_argument("--chart", action="store_true")
    args = ap.parse_args()

    shutil.copy2(args.path, args.path.with_suffix(".backup.xlsx"))
    wb = load_workbook(args.path)
    data = wb[args.sheet]
    n = data.max_row
    rl, vl = column_of(data, args.rows), column_of(data, args.value)
    cl = column_of(data, args.cols) if args.cols else None
    rng = lambda L: f"'{args.sheet}'!${L}$2:${L}${n}"  # noqa: E731

    name = f"Pivot_{args.value}"[:31]
    if name in wb.sheetnames:
        del wb[name]
    ws = wb.create_sheet(name)
    row_keys = distinct(data, rl)
    col_keys = distinct(data, cl) if cl else [args.value]
    ws.cell(1, 1, args.rows).font = Font(bold=True)
    for j, ck in enumerate(col_keys, start=2):
        ws.cell(1, j, ck).font = Font(bold=True)
    fmt = "#,##0" if args.agg == "count" else "#,##0.00"
    fn = AGG[args.agg]
    for i, rk in enumerate(row_keys, start=2):
        ws.cell(i, 1, rk)
        for j, ck in enumerate(col_keys, start=2):
            crit = f'{rng(rl)},$A{i}'
            if cl:
                crit += f',{rng(cl)},{get_column_letter(j)}$1'
            target = "" if args.agg == "count" else f"{rng(vl)},"
            ws.cell(i, j, f"={fn}({target}{crit})").number_format = fmt
    total_row = len(row_keys) + 2
    ws.cell(total_row, 1, "Total").font = Font(bold=True)
    for j in range(2, len(col_keys) + 2):
        L = get_column_letter(j)
        c = ws.cell(total_row, j, f"=SUM({L}2:{L}{total_row - 1})")
        c.font, c.number_format = Font(bold=True), fmt
    if args.chart:
        chart = BarChart()
        chart.title = f"{args.value} by {args.rows}"
        chart.add_data(Reference(ws, min_col=2, max_col=len(col_keys) + 1, min_row=1, max_row=total_row - 1), titles_from_data=True)
        chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=total_row - 1))
        ws.add_chart(chart, f"{get_column_letter(len(col_keys) + 3)}2")
    wb.save(args.path)
    print(f"wrote sheet {name} in {args.path} (backup: {args.path.with_suffix('.backup.xlsx')})")


if __name__ == "__main__":
    main()
