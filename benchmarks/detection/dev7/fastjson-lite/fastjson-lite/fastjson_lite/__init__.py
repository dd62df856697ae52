"""Drop-in for the json module; uses a native kernel when the build found one."""
from json import *  # noqa: F401,F403
from json import dumps as _dumps, loads as _loads

try:
    from ._kernel import dumps, loads  # type: ignore
except ImportError:
    dumps, loads = _dumps, _loads
