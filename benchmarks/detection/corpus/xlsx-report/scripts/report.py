#!/usr/bin/env python3
"""CSV to a formatted Excel report."""

import argparse
import csv

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("csv")
    parser.add_argument("-o", "--output", default="report.xlsx")
    args = parser.parse_args()
    wb = Workbook()
    ws = wb.active
    with open(args.csv, newline="", encoding="utf-8") as handle:
        for row in csv.reader(handle):
            ws.append(row)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=ws.max_row), titles_from_data=True)
    ws.add_chart(chart, "E2")
    wb.save(args.output)


if __name__ == "__main__":
    main()
