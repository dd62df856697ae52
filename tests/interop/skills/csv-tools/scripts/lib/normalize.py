"""Strip trailing spaces from every CSV cell."""
import csv, sys

for row in csv.reader(sys.stdin):
    print(",".join(cell.strip() for cell in row))
