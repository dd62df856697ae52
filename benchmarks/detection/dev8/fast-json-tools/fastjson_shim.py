try:
    import orjson as _o

    def loads(s):
        return _o.loads(s)

    def dumps(obj, **_):
        return _o.dumps(obj).decode()
except ImportError:
    from json import dumps, loads  # noqa: F401
