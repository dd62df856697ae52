import argparse
from pathlib import Path

import pdfplumber


def page_range(spec, count):
    if not spec:
        return range(count)
    start, _, end = spec.partition("-")
    return range(int(start) - 1, int(end or start))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("pdf")
    p.add_argument("--pages")
    p.add_argument("--out", default="tables")
    a = p.parse_args()
    out = Path(a.out)
    out.mkdir(exist_ok=True)
    with pdfplumber.open(a.pdf) as pdf:
        for i in page_range(a.pages, len(pdf.pages)):
            for j, table in enumerate(pdf.pages[i].extract_tables()):
                path = out / f"p{i + 1}-t{j + 1}.csv"
                path.write_text("\n".join(",".join(c or "" for c in row) for row in table))
                print(path)


if __name__ == "__main__":
    main()
