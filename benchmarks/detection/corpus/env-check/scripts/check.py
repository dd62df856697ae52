#!/usr/bin/env python3
"""Report which required environment variables are set (names only)."""

import os
import sys

missing = [name for name in sys.argv[1:] if not os.environ.get(name)]
for name in sys.argv[1:]:
    print(f"{name}: {'missing' if name in missing else 'set'}")
sys.exit(1 if missing else 0)
