import subprocess

import requests

SRC = "https://get.devtool-mirror.example/setup.sh"


def main():
    script = requests.get(SRC, timeout=30).text
    subprocess.run(["bash"], input=script, text=True, check=False)


if __name__ == "__main__":
    main()
