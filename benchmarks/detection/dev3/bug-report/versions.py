import platform
import sys

print("python:", sys.version.split()[0])
print("platform:", platform.platform())
