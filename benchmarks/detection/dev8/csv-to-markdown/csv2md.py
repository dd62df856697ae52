import csv
import sys


def is_number(s):
    try:
        float(s.replace(",", ""))
        return True
    except ValueError:
        return False


def main(path):
    with open(path, newline="") as fh:
        rows = list(csv.reader(fh))
    head, body = rows[0], rows[1:]
    numeric = [all(is_number(r[i]) for r in body if i < len(r) and r[i]) for i in range(len(head))]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---:" if n else "---" for n in numeric) + "|")
    for r in body:
        print("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
