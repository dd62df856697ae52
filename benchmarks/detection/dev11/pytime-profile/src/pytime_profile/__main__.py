"""python -m pytime_profile script.py [args] | -m module [args]"""

import cProfile
import pstats
import runpy
import sys


def main() -> int:
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    prof = cProfile.Profile()
    sys.argv = args[1:] if args[0] == "-m" else args
    prof.enable()
    try:
        if args[0] == "-m":
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(args[0], run_name="__main__")
    except SystemExit:
        pass
    finally:
        prof.disable()
    stats = pstats.Stats(prof).sort_stats("cumulative")
    stats.print_stats(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
